// Bombs (蛋): 同归 on a post, the engineer's find, the lead voter taken along, and the power's end.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { evolve } from "./evolve.ts";
import { initialState } from "./state.ts";
import { summarize } from "./summary.ts";
import { closeVote, Driver, local, preset } from "./test-kit.ts";

// 空军 seats: killers 0–5, lovers 6–7, assassin 8, engineer 9, swords 10–11, bright bomb 12, hidden bomb 13, rangers 14–39.
const airforce = () => new Driver(preset("airforce-40"));

describe("a bomb taking its poster (同归)", () => {
  test("seed 002 明弹 「前四轮中如任何帖子则与出贴者同归」", () => {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    assert.equal(d.post(local("12-02 21:05"), 0, 12), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.state.seats[12]?.out?.cause, "post");
    assert.equal(d.state.seats[0]?.out?.cause, "bomb");
    assert.deepEqual(
      d.events("BombFired").map((e) => [e.bomb, e.victim, e.via]),
      [[12, 0, "post"]],
    );
    const round2 = summarize(d.state).rounds.find((r) => r.round === 2);
    assert.equal(
      round2?.out.find((o) => o.seat === 0)?.via,
      "post",
      "the summary says 同归, for the results post",
    );
  });
});

describe("posts act together (几方同步发帖)", () => {
  /** Round 2: swordsman 10 posts on the bright bomb 12 and killer 0 posts on swordsman 10, in the order given. */
  function crossed(order: "sword-first" | "killer-first"): Driver {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    const posts: [number, number][] = [
      [10, 12],
      [0, 10],
    ];
    if (order === "killer-first") posts.reverse();
    for (const [poster, target] of posts) assert.equal(d.post(local("12-02 21:05"), poster, target), null);
    d.tick(local("12-02 21:30:01"));
    return d;
  }

  test("seed 002 明弹 「前四轮中如任何帖子则与出贴者同归」 with 「当轮被贴杀的玩家也可以投票」: a poster 帖杀 as its bomb goes off is out as 帖杀, and the bomb still went off", () => {
    for (const order of ["sword-first", "killer-first"] as const) {
      const d = crossed(order);
      assert.equal(d.state.seats[10]?.out?.cause, "post", order);
      assert.equal(d.state.seats[12]?.out?.cause, "post", order);
      assert.equal(d.alive(0), true, order);
      assert.deepEqual(
        d.events("BombFired").map((e) => [e.bomb, e.victim, e.via]),
        [[12, 10, "post"]],
        order,
      );
      const out = summarize(d.state).rounds.find((r) => r.round === 2)?.out ?? [];
      assert.equal(out.find((o) => o.seat === 10)?.alsoBomb, true, `${order}: the results post says 同归`);
      assert.equal(
        d.vote(local("12-03 12:00"), 10, 20, 21),
        null,
        `${order}: the killer's victim keeps a half vote`,
      );
    }
  });

  test("几方同步发帖: the two submission orders give the same summary", () => {
    const [a, b] = [crossed("sword-first"), crossed("killer-first")].map((d) => {
      d.tick(local("12-03 21:00:01"));
      const r = summarize(d.state);
      // The 帖杀 list follows the posts' order, as they stand in the thread; what happened is the same.
      return {
        ...r,
        rounds: r.rounds.map((x) => ({ ...x, out: [...x.out].sort((p, q) => p.seat - q.seat) })),
      };
    });
    assert.deepEqual(a, b);
  });

  test("seed 002 「过时未补…被帖者复活」: a failed 白条 on a poster its bomb also took does not bring it back", () => {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    assert.equal(d.post(local("12-02 21:05"), 10, 12), null);
    assert.equal(d.post(local("12-02 21:06"), 0, 10, 500), null);
    d.tick(local("12-02 21:30:01"));
    d.tick(local("12-03 10:00:01"));
    assert.equal(d.state.seats[0]?.out?.cause, "iou");
    assert.equal(d.alive(10), false, "明弹 同归 still stands");
    assert.equal(d.events("PlayerRevived").length, 0);
  });
});

describe("the engineer (工兵)", () => {
  test("seed 002 「帖对蛋，蛋出局」: a hit removes the bomb and nobody else", () => {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    assert.equal(d.post(local("12-02 21:05"), 9, 13), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.state.seats[13]?.out?.cause, "post");
    assert.equal(d.alive(9), true);
    assert.equal(d.events("BombFired").length, 0);
  });

  test("seed 002 「当轮被贴杀的玩家也可以投票，但只在平票时生效」: the bomb the engineer takes out keeps a half vote", () => {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    d.override(local("12-02 21:01"), { action: "set-progression", round: 2, votesPerVoter: 1, voteOut: 1 });
    assert.equal(d.post(local("12-02 21:05"), 9, 13), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.state.seats[13]?.out?.cause, "post");
    // 38 living voters split 19–19 between 30 and 31; the bomb's half vote breaks the tie for 30.
    let n = 0;
    d.everyoneVotes(local("12-03 10:00"), () => [n++ < 19 ? 30 : 31]);
    assert.equal(d.vote(local("12-03 11:00"), 13, 30), null);
    d.tick(local("12-03 21:00:01"));
    const closed = d.events("VoteClosed").find((e) => e.round === 2);
    assert.equal(closed?.halfVotesApplied, true);
    assert.equal(d.alive(30), false);
    assert.equal(d.alive(31), true);
    assert.equal(d.events("OvertimeOpened").length, 0);
  });

  test("seed 002 「帖对蛋，蛋出局」 with 「过时未补…被帖者复活」: a failed 白条 on a bomb the engineer also hit does not revive it", () => {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    assert.equal(d.post(local("12-02 21:05"), 0, 12, 500), null);
    assert.equal(d.post(local("12-02 21:06"), 9, 12), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.state.seats[12]?.out?.cause, "post");
    d.tick(local("12-03 10:00:01"));
    assert.equal(d.alive(12), false, "the engineer's hit still stands");
    assert.deepEqual(
      d.events("PlayerRevived").map((e) => e.seat),
      [0],
      "only the poster, whose 同归 went with its void post: it is out for the 白条",
    );
    assert.equal(d.state.seats[0]?.out?.cause, "iou");
  });

  test("seed 002 「过时未补，出帖者出局…被帖者复活」: a bomb a failed 白条 set off comes back unspent, and goes off when posted on again", () => {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    // Round 2: the bright bomb takes killer 0 along, then 0's 白条 fails: the post never hit it, so it never went off.
    assert.equal(d.post(local("12-02 21:05"), 0, 12, 500), null);
    d.tick(local("12-02 21:30:01"));
    assert.deepEqual(d.state.bombsFired, [12]);
    d.tick(local("12-03 10:00:01"));
    assert.equal(d.alive(12), true);
    assert.equal(d.state.seats[0]?.out?.cause, "iou");
    assert.deepEqual([d.state.bombsFired, d.state.fireworks], [[], []]);
    assert.deepEqual(
      d.events("PostFiringVoided").map((e) => [e.round, e.bomb, e.victim]),
      [[2, 12, 0]],
    );
    // A log stored before (no PostFiringVoided) folds as it did then: the bomb stays spent.
    const old = d.log.filter((e) => e.type !== "PostFiringVoided").reduce(evolve, initialState);
    assert.deepEqual(old.bombsFired, [12]);
    closeVote(d, "12-03", [35, 36, 37, 38]);
    // Round 3: 「前四轮中如任何帖子则与出贴者同归」 — killer 1's post takes it, and it takes killer 1.
    assert.equal(d.post(local("12-03 21:05"), 1, 12), null);
    d.tick(local("12-03 21:30:01"));
    assert.deepEqual([d.alive(12), d.state.seats[1]?.out?.cause], [false, "bomb"]);
  });

  test("seed 002 「过时未补，出帖者出局」: two posts on one bomb, one a failed 白条: its poster is out for the 白条, not as 同归", () => {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    assert.equal(d.post(local("12-02 21:05"), 0, 12), null);
    assert.equal(d.post(local("12-02 21:06"), 8, 12, 500), null);
    d.tick(local("12-02 21:30:01"));
    assert.deepEqual(
      [0, 8].map((s) => d.state.seats[s]?.out?.cause),
      ["bomb", "bomb"],
    );
    d.tick(local("12-03 10:00:01"));
    // Killer 0's post still holds the bomb out, and its 同归 stands; the assassin's went with its void post.
    assert.deepEqual(
      [d.alive(12), d.state.seats[0]?.out?.cause, d.state.seats[8]?.out?.cause],
      [false, "bomb", "iou"],
    );
    assert.deepEqual(
      d.state.fireworks.map((f) => f.victim),
      [0],
    );
  });

  test("seed 000 「一经查证举报属实…被帖者复活」: a 暗弹 an upheld 举报 brings back is unspent, and voted out takes its 领票人", () => {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    assert.equal(d.post(local("12-02 21:05"), 0, 13), null);
    d.tick(local("12-02 21:30:01"));
    assert.deepEqual([d.alive(13), d.state.seats[0]?.out?.cause], [false, "bomb"]);
    d.must({ type: "RuleComplaint", at: local("12-03 10:00"), against: 0, upheld: true });
    assert.deepEqual([d.alive(13), d.state.seats[0]?.out?.cause], [true, "complaint"]);
    closeVote(d, "12-03", [35, 36, 37, 38]);
    // Round 3: voted out, it takes the earliest standing vote on it (seed 002 暗弹 「如被票出，带走领票人」).
    d.must({ type: "CastVote", at: local("12-04 18:00"), voter: 25, targets: [13] });
    closeVote(d, "12-04", [13, 13, 13, 34]);
    assert.deepEqual([d.state.seats[13]?.out?.cause, d.state.seats[25]?.out?.cause], ["vote", "bomb"]);
  });

  test("作废杀帖 on a post that set a bomb off: the bomb and the poster it took both come back, the bomb unspent", () => {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    assert.equal(d.post(local("12-02 21:05"), 0, 12), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.override(local("12-03 09:00"), { action: "void-post", poster: 0 }, "繁体字帖"), null);
    assert.deepEqual([d.alive(12), d.alive(0)], [true, true]);
    assert.deepEqual(
      d.events("PlayerRevived").map((e) => [e.seat, e.reason]),
      [
        [12, "void-post"],
        [0, "void-post"],
      ],
    );
    assert.deepEqual(d.state.bombsFired, []);
  });

  test("seed 002 「帖错彼此都不出局」 with 「过时未补…被帖者复活」: an engineer's miss does not keep a failed 白条's target out", () => {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    assert.equal(d.post(local("12-02 21:05"), 0, 20, 500), null);
    assert.equal(d.post(local("12-02 21:06"), 9, 20), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.alive(20), false);
    d.tick(local("12-03 10:00:01"));
    assert.equal(d.alive(20), true);
    assert.equal(d.events("PlayerRevived")[0]?.reason, "iou");
  });

  test("seed 002 「帖错彼此都不出局」: a miss removes nobody", () => {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    assert.equal(d.post(local("12-02 21:05"), 9, 20), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.alive(20), true);
    assert.equal(d.alive(9), true);
  });
});

describe("a bomb voted out takes its lead voter (领票人)", () => {
  test("seed 002 暗弹 「如被票出，带走领票人」 (RULINGS 13: the earliest standing vote)", () => {
    const d = airforce();
    closeVote(d, "12-02", [13], { voter: 25, target: 13 });
    assert.equal(d.state.seats[13]?.out?.cause, "vote");
    assert.equal(d.state.seats[25]?.out?.cause, "bomb");
    // The results post lists the voted out before those they took along.
    assert.deepEqual(
      d.state.rounds[1]?.outs.map((o) => [o.seat, o.cause]),
      [
        [13, "vote"],
        [25, "bomb"],
      ],
    );
    assert.deepEqual(
      d.events("BombFired").map((e) => [e.bomb, e.victim, e.via]),
      [[13, 25, "vote"]],
    );
    const round1 = summarize(d.state).rounds.find((r) => r.round === 1);
    assert.equal(round1?.out.find((o) => o.seat === 25)?.via, "vote", "the summary says 领票人, not 同归");
  });
});

describe("a bomb's power ends", () => {
  test("seed 002 「前四轮有效」/「四轮后转为普通游侠」 (RULINGS 2): after round 4's posts a bomb is a plain seat", () => {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    closeVote(d, "12-03", [35, 36, 37, 38]);
    closeVote(d, "12-04", [31, 32, 33, 34]);
    // Round 4's vote comes after round 4's posts: the hidden bomb voted out takes nobody.
    closeVote(d, "12-05", [13, 28, 29, 30], { voter: 25, target: 13 });
    assert.equal(d.state.seats[13]?.out?.cause, "vote");
    assert.equal(d.alive(25), true);
    // The summary says why, for the post: its power over the vote ended with round 3's.
    const round4 = summarize(d.state).rounds.find((r) => r.round === 4);
    assert.deepEqual(round4?.out.find((o) => o.seat === 13)?.bombTookNobody, { why: "expired", through: 3 });
    assert.equal(round4?.out.find((o) => o.seat === 28)?.bombTookNobody, undefined, "a ranger is no bomb");
    // Round 5: a post on the bright bomb kills it alone.
    const right = d.state.rounds[5];
    assert.ok(right);
    assert.equal(d.post(local("12-05 21:05"), 0, 12), null);
    d.tick(local("12-05 21:30:01"));
    assert.equal(d.state.seats[12]?.out?.cause, "post");
    assert.equal(d.alive(0), true);
    assert.equal(d.events("BombFired").length, 0);
  });

  test("RULINGS 2 option `votesThroughRound`: 「前四轮有效…如被票出，带走领票人」 read as covering round 4's vote", () => {
    const rules = preset("airforce-40");
    const d = new Driver({
      ...rules,
      roles: rules.roles.map((r) => (r.bomb ? { ...r, bomb: { ...r.bomb, votesThroughRound: 4 } } : r)),
    });
    closeVote(d, "12-02", [39]);
    closeVote(d, "12-03", [35, 36, 37, 38]);
    closeVote(d, "12-04", [31, 32, 33, 34]);
    closeVote(d, "12-05", [13, 28, 29, 30], { voter: 25, target: 13 });
    assert.equal(d.state.seats[13]?.out?.cause, "vote");
    assert.equal(d.state.seats[25]?.out?.cause, "bomb");
    assert.deepEqual(
      d.events("BombFired").map((e) => [e.bomb, e.victim, e.via]),
      [[13, 25, "vote"]],
    );
  });
});

describe("a void post's 同归", () => {
  // Seed 002 「白条必须在次日10:00:00之前补齐…过时未补，出帖者出局…被帖者复活」: a killer's 白条 on the 明弹 takes both out at
  // the release (帖对蛋 and 同归); when it fails, the bomb comes back and the killer is out for the unpaid 白条, not
  // 「被炸弹带走」 by a bomb that is alive again.
  test("a failed 白条 on a bomb: the bomb revives, the poster is out for the 白条", () => {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    assert.equal(d.post(local("12-02 21:05"), 0, 12, 500), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.alive(12), false);
    assert.equal(d.state.seats[0]?.out?.cause, "bomb");
    d.tick(local("12-03 10:00:01"));
    assert.equal(d.alive(12), true);
    assert.equal(d.state.seats[0]?.out?.cause, "iou");
    const round = summarize(d.state).rounds[1]!;
    // The bomb is listed out (帖杀) and revived; the killer once, for the 白条, and not as revived.
    assert.deepEqual(
      round.out.filter((o) => o.seat === 0 || o.seat === 12).map((o) => [o.seat, o.cause]),
      [
        [12, "post"],
        [0, "iou"],
      ],
    );
    assert.deepEqual(round.revived, [{ seat: 12, why: "iou" }]);
  });

  test("an upheld complaint on that post: the same, out for the complaint", () => {
    const d = airforce();
    closeVote(d, "12-02", [39]);
    assert.equal(d.post(local("12-02 21:05"), 0, 12, 900), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.state.seats[0]?.out?.cause, "bomb");
    assert.equal(
      d.do({
        type: "RuleComplaint",
        at: local("12-02 22:00"),
        against: 0,
        upheld: true,
        reason: "旧帖",
        round: 2,
        post: 0,
      }),
      null,
    );
    assert.equal(d.alive(12), true);
    assert.equal(d.state.seats[0]?.out?.cause, "complaint");
  });
});
