// Kill posts: the posting window, targets, quotas, rotation by code order, forfeits, IOUs and complaints.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decide } from "./decide.ts";
import { evolve } from "./evolve.ts";
import { activatedSeats } from "./score/ledger.ts";
import { initialState } from "./state.ts";
import { summarize } from "./summary.ts";
import { Driver, local, preset } from "./test-kit.ts";
import { redactEvent, viewFor } from "./view.ts";

// 空军 seats in role order: killers 0–5 (轰炸机 攻击机 歼击机 侦察机 运输机 强击机), lovers 6–7, assassin 8, engineer 9,
// swords 10–11, bright bomb 12, hidden bomb 13, rangers 14–39.
function airforceRound2(): Driver {
  const d = new Driver(preset("airforce-40"));
  d.everyoneVotes(local("12-02 20:00"), () => [39]);
  d.tick(local("12-02 21:00:01"));
  return d;
}

/** Everyone living votes for `victims` in turn and the round's vote closes. */
function closeVote(d: Driver, day: string, victims: number[]): void {
  let n = 0;
  d.everyoneVotes(local(`${day} 20:00`), () => [victims[n++ % victims.length] as number]);
  d.tick(local(`${day} 21:00:01`));
}

describe("the posting window", () => {
  test("RULINGS 19: posts are taken from 21:00 to 21:30 and released together at the close", () => {
    const d = airforceRound2();
    assert.equal(d.post(local("12-02 21:30:00.999"), 0, 20), null);
    assert.equal(d.alive(20), true, "a submitted post is private until the window closes");
    assert.equal(d.post(local("12-02 21:30:01"), 1, 21)?.code, "post.outside-window");
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.alive(20), false);
    const released = d.events("PostsReleased").find((e) => e.round === 2);
    assert.equal(released?.posts.length, 1);
    // RULINGS 19: "A post not submitted in the window is forfeited."
    assert.deepEqual(released?.forfeited, { killer: 1, lover: 1, assassin: 1, sword: 1, engineer: 1 });
    // …and the round's summary says so, for the results post's 未出帖 line.
    assert.deepEqual(summarize(d.state).rounds.find((r) => r.round === 2)?.forfeited, {
      killer: 1,
      lover: 1,
      assassin: 1,
      sword: 1,
      engineer: 1,
    });
  });

  test("seed 002 「一张杀帖贴杀一人」: the target must be alive at submission", () => {
    const d = airforceRound2();
    assert.equal(d.post(local("12-02 21:05"), 0, 39)?.code, "post.target-dead");
  });

  test("a seat without a post right, or whose group has no posts left, is refused", () => {
    const d = airforceRound2();
    assert.equal(d.post(local("12-02 21:05"), 20, 21)?.code, "post.no-post-right");
    assert.equal(d.post(local("12-02 21:05"), 6, 21), null);
    assert.equal(d.post(local("12-02 21:06"), 7, 22)?.code, "post.no-posts-left");
  });

  test("seed 002 「第一轮共杀1==票1出1」: a group the round's plan gives no post is told so, not that its posts are used up", () => {
    const d = new Driver(preset("airforce-40"));
    d.tick(local("12-01 21:05"));
    const none = d.post(local("12-01 21:05"), 0, 21);
    assert.deepEqual([none?.code, none?.details], ["post.no-posts-left", { unit: "killer", quota: 0 }]);
    const used = airforceRound2();
    assert.equal(used.post(local("12-02 21:05"), 6, 21), null);
    assert.deepEqual(used.post(local("12-02 21:06"), 7, 22)?.details, { unit: "lover", quota: 1 });
  });
});

describe("a poster out before the release", () => {
  // 风云 round 1 (票杀2人) ties A1 (seat 0) with a ranger for the second place; the 加时 closes at 21:15, inside round 2's posting window (21:00–21:30),
  // where A1 is the first of A组杀's two posts (「按代号序轮流出帖」).
  const overtimeInWindow = () => {
    const d = new Driver(preset("fengyun-57"));
    let n = 0;
    // Half on seat 55 (out), a quarter each on A1 and seat 56: tied for the second place.
    d.everyoneVotes(local("12-02 10:00"), () => [[55, 55, 0, 56][n++ % 4] as number]);
    d.tick(local("12-02 21:00:01"));
    return d;
  };

  test("seed 000 「由于采取几方同步发贴方式」 (RULINGS 14): a post sent before its poster was voted out in the 加时 is not released; the slot goes on", () => {
    const d = overtimeInWindow();
    assert.equal(d.post(local("12-02 21:05"), 0, 20), null);
    d.vote(local("12-02 21:06"), 30, 0);
    d.tick(local("12-02 21:15:01"));
    assert.equal(d.alive(0), false, "A1 voted out in the 加时");
    // A组杀's second post is A2's; the slot A1 held is free again for the next in code order (A3).
    assert.equal(d.post(local("12-02 21:16"), 1, 21), null);
    assert.equal(d.post(local("12-02 21:17"), 2, 22), null);
    d.tick(local("12-02 21:30:01"));
    const released = d.state.rounds[2]?.released ?? [];
    assert.deepEqual(released.map((p) => [p.poster, p.target]).sort(), [
      [1, 21],
      [2, 22],
    ]);
    assert.equal(d.alive(20), true, "the dead poster's target is not touched");
    // The post says a post was withdrawn, not that the group sent one fewer: A3 used the slot, nothing is forfeited.
    const r2 = summarize(d.state).rounds.find((r) => r.round === 2);
    assert.deepEqual(r2?.withdrawn, { "killer-a": 1 });
    assert.equal(r2?.forfeited?.["killer-a"], undefined);
  });

  test("a withdrawn post whose slot nobody used is told as withdrawn, not as never sent (RULINGS 19 「forfeited」)", () => {
    const d = overtimeInWindow();
    assert.equal(d.post(local("12-02 21:05"), 0, 20), null);
    d.vote(local("12-02 21:06"), 30, 0);
    d.tick(local("12-02 21:15:01"));
    assert.equal(d.post(local("12-02 21:16"), 1, 21), null);
    d.tick(local("12-02 21:30:01"));
    const r2 = summarize(d.state).rounds.find((r) => r.round === 2);
    assert.deepEqual(r2?.withdrawn, { "killer-a": 1 });
    assert.equal(r2?.forfeited?.["killer-a"], undefined, "A组杀 sent both its posts");
    const released = d.events("PostsReleased").find((e) => e.round === 2)!;
    assert.deepEqual(released.withdrawn, { "killer-a": 1 });
    // Told to the referee only: per unit it names the group of a seat put out in the window (seed 000
    // 「投票结束后，由哨子公布被票杀者身份以及被帖杀者身份」 is when identities go public).
    assert.deepEqual((redactEvent(released, { kind: "referee" }, d.state) as typeof released).withdrawn, {
      "killer-a": 1,
    });
    for (const viewer of [
      { kind: "public" },
      { kind: "seat", seat: 30 },
      { kind: "seat", seat: 1 },
    ] as const) {
      const shown = redactEvent(released, viewer, d.state) as typeof released;
      assert.equal(shown.withdrawn, undefined, JSON.stringify(viewer));
      assert.equal(shown.posts.length, released.posts.length);
      // Counted as not sent: the plan (A组杀 2) less the posts released (1) leaves no withdrawn post to work out.
      assert.equal(shown.forfeited["killer-a"], 1, JSON.stringify(viewer));
      const planned = d.state.rounds[2]!.plan.posts["killer-a"]!;
      const releasedA = shown.posts.filter((p) => p.unit === "killer-a").length;
      assert.equal(planned - releasedA - (shown.forfeited["killer-a"] ?? 0), 0);
    }
    const forReferee = redactEvent(released, { kind: "referee" }, d.state) as typeof released;
    assert.equal(
      forReferee.forfeited["killer-a"],
      undefined,
      "the referee reads it as withdrawn, not forfeited",
    );
  });

  test("seed 000 「该分值需经过玩家本人出帖方能激活」: a post waiting for the release activates nothing yet", () => {
    const d = overtimeInWindow();
    d.tick(local("12-02 21:15:01"));
    const living = () =>
      summarize(d.state).rounds.find((r) => r.round === 1)?.scores?.[0]?.parts?.black.living;
    const before = living();
    assert.equal(d.post(local("12-02 21:16"), 1, 21), null);
    assert.equal(activatedSeats(d.state).has(1), false);
    assert.deepEqual(living(), before, "sending a post moves no score before the posts are out");
    d.tick(local("12-02 21:30:01"));
    assert.equal(activatedSeats(d.state).has(1), true, "released: A2's point is activated");
  });
});

describe("rotation", () => {
  test("seed 000 「杀手方出帖按代号序轮流出帖」: posts go round the group in code order, continuing across rounds", () => {
    // 风云 seats: A组杀手 0–3 (疯魔拳 追魂枪 无情剑 多情环), …, rangers 18–56.
    const d = new Driver(preset("fengyun-57"));
    closeVote(d, "12-02", [56, 55]);
    // Round 2: A杀2 — 疯魔拳 (0) and 追魂枪 (1); 无情剑 (2) must wait.
    assert.equal(d.post(local("12-02 21:05"), 2, 50)?.code, "post.not-your-turn");
    assert.equal(d.post(local("12-02 21:05"), 1, 50), null);
    assert.equal(d.post(local("12-02 21:06"), 0, 51), null);
    d.tick(local("12-02 21:30:01"));
    closeVote(d, "12-03", [40, 41, 42, 43, 44]);
    // Round 3: A杀2 — 无情剑 and 多情环; 疯魔拳 waits.
    assert.equal(d.post(local("12-03 21:05"), 0, 45)?.code, "post.not-your-turn");
    for (const s of [2, 3]) assert.equal(d.post(local("12-03 21:05"), s, 44 + s), null);
  });

  test("seed 000 「按代号序轮流出帖」: each seat's view says whether it is its turn and how many posts are its own", () => {
    const d = new Driver(preset("fengyun-57"));
    closeVote(d, "12-02", [56, 55]);
    const right = (seat: number) => viewFor(d.state, { kind: "seat", seat }).you?.postRight;
    // Round 2: A杀2 — 疯魔拳 (0) and 追魂枪 (1) one each; 无情剑 (2) and 多情环 (3) none, though the group has two.
    assert.deepEqual(
      [0, 1, 2, 3].map((s) => [right(s)?.yourTurn, right(s)?.ownLeft]),
      [
        [true, 1],
        [true, 1],
        [false, 0],
        [false, 0],
      ],
    );
    assert.equal(d.post(local("12-02 21:05"), 0, 50), null);
    assert.deepEqual([right(0)?.yourTurn, right(0)?.ownLeft], [false, 0]);
    assert.deepEqual(
      [right(1)?.yourTurn, right(1)?.ownLeft, right(1)?.quota, right(1)?.used],
      [true, 1, 2, 1],
    );
  });

  test("seed 002 「按规则规定或本身所属集团自定的顺序出杀贴」: the group picks its posters, none past its share", () => {
    const d = airforceRound2();
    // Round 2: 杀2 for six killers — any two, in any order; one killer does not take both.
    assert.equal(d.post(local("12-02 21:05"), 4, 20), null);
    assert.equal(d.post(local("12-02 21:05"), 4, 21)?.code, "post.share-used");
    assert.equal(d.post(local("12-02 21:06"), 2, 21), null);
    assert.equal(d.post(local("12-02 21:06"), 0, 22)?.code, "post.no-posts-left");
    d.tick(local("12-02 21:30:01"));
    assert.deepEqual(d.state.rotation, {}, "no turn is carried into the next round");
    closeVote(d, "12-03", [30, 31, 32, 33]);
    // Round 3: 杀3 — 轰炸机 and 攻击机, who did not post in round 2, and 运输机 again.
    for (const s of [0, 1, 4]) assert.equal(d.post(local("12-03 21:05"), s, 22 + s), null);
  });

  test("a group with more posts than members: each member's share is rounded up", () => {
    const d = new Driver(preset("airforce-40"));
    d.override(local("12-02 12:00"), { action: "set-progression", round: 2, posts: { lover: 3 } });
    d.everyoneVotes(local("12-02 20:00"), () => [39]);
    d.tick(local("12-02 21:00:01"));
    // Two lovers (6, 7), three posts: a share of two each.
    assert.equal(d.post(local("12-02 21:05"), 6, 20), null);
    assert.equal(d.post(local("12-02 21:05"), 6, 21), null);
    assert.equal(d.post(local("12-02 21:05"), 6, 22)?.code, "post.share-used");
    assert.equal(d.post(local("12-02 21:06"), 7, 22), null);
  });
});

describe("IOUs (白条)", () => {
  test("seed 002 「白条必须在次日10:00:00之前补齐…过时未补，出帖者出局当轮无票权，被帖者复活当轮恢复全票」", () => {
    const d = airforceRound2();
    assert.equal(d.post(local("12-02 21:05"), 0, 20, 500), null);
    d.tick(local("12-02 21:30:01"));
    const iou = d.events("IouOpened")[0];
    assert.equal(iou?.deadline, local("12-03 10:00:00"));
    assert.deepEqual(d.state.rounds[2]?.halfVoters, [20]);
    d.tick(local("12-03 10:00:00.999"));
    assert.equal(d.alive(0), true, "still in time");
    d.tick(local("12-03 10:00:01"));
    assert.equal(d.state.seats[0]?.out?.cause, "iou");
    assert.equal(d.alive(20), true, "the target is revived");
    assert.deepEqual(d.state.rounds[2]?.halfVoters, [], "a revived target has a full vote");
    assert.equal(
      d.vote(local("12-03 11:00"), 0, 21)?.code,
      "vote.voter-out",
      "the poster has no vote that round",
    );
    assert.equal(d.events("PlayerRevived")[0]?.reason, "iou");
  });

  test("seed 002 「过时未补，出帖者出局…被帖者复活」: two 白条 on each other's posters both fail, and both posters are out", () => {
    const d = airforceRound2();
    // Killer 0 and swordsman 10 post 白条 on each other: each is 帖杀 at 21:30, and each 白条 fails at 10:00.
    assert.equal(d.post(local("12-02 21:05"), 0, 10, 500), null);
    assert.equal(d.post(local("12-02 21:06"), 10, 0, 500), null);
    d.tick(local("12-02 21:30:01"));
    d.tick(local("12-03 10:00:01"));
    assert.equal(d.state.seats[0]?.out?.cause, "iou");
    assert.equal(d.state.seats[10]?.out?.cause, "iou");
    assert.deepEqual(d.state.rounds[2]?.revived, [10, 0], "each was the target of a failed post first");
  });

  test("a seat revived by its poster's failed 白条 and then out for its own is out once in the round's summary, not revived", () => {
    // Seed 002 「过时未补，出帖者出局当轮无票权，被帖者复活当轮恢复全票」, twice in a chain: killer 0 posts a 白条 on
    // swordsman 10, who posts a 白条 on ranger 20. Both fail at 10:00: 10 comes back only to go out for its own
    // failed 白条 (outs.ts reviveTargetOf), 20 comes back, then 0 goes out.
    const d = airforceRound2();
    assert.equal(d.post(local("12-02 21:05"), 0, 10, 500), null);
    assert.equal(d.post(local("12-02 21:06"), 10, 20, 500), null);
    d.tick(local("12-02 21:30:01"));
    d.tick(local("12-03 10:00:01"));
    assert.deepEqual(d.state.rounds[2]?.revived, [10, 20]);
    const r2 = summarize(d.state).rounds.find((r) => r.round === 2);
    // 10 went out, came back and went out: one out, by its standing cause; 20 went out and came back: both lines.
    assert.deepEqual(
      r2?.out.map((o) => [o.seat, o.cause]),
      [
        [20, "post"],
        [10, "iou"],
        [0, "iou"],
      ],
    );
    assert.deepEqual(
      r2?.revived.map((r) => r.seat),
      [20],
    );
    // 「本轮出局N人，复活M人」 adds up to the round's net change: 0 and 10 out.
    assert.equal((r2?.out.length ?? 0) - (r2?.revived.length ?? 0), 2);
  });

  test("RULINGS 15: an IOU completed to 1200 字 in time stands; shorter completions are refused", () => {
    const d = airforceRound2();
    assert.equal(
      d.do({ type: "CompleteIou", at: local("12-02 21:10"), poster: 0, words: 1300 })?.code,
      "iou.none-open",
    );
    assert.equal(d.post(local("12-02 21:05"), 0, 20, 799), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(
      d.do({ type: "CompleteIou", at: local("12-03 09:00"), poster: 0, words: 1199 })?.code,
      "iou.too-short",
    );
    assert.equal(d.do({ type: "CompleteIou", at: local("12-03 09:00"), poster: 0, words: 1200 }), null);
    d.tick(local("12-03 12:00"));
    assert.equal(d.alive(0), true);
    assert.equal(d.alive(20), false);
  });

  test("RULINGS 3 「N字以上」 means ≥ N: an 800-字 post is not an IOU", () => {
    const d = airforceRound2();
    assert.equal(d.post(local("12-02 21:05"), 0, 20, 800), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.events("IouOpened").length, 0);
  });
});

describe("complaints (举报)", () => {
  function fengyunRound2(): Driver {
    const d = new Driver(preset("fengyun-57"));
    d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.post(local("12-02 21:05"), 0, 30), null);
    d.tick(local("12-02 21:30:01"));
    return d;
  }

  test("seed 000 「一经查证举报属实…当即宣判出帖者出局，被帖者复活」 within 「自杀贴发出至次日16点前」", () => {
    const d = fengyunRound2();
    assert.equal(
      d.do({ type: "RuleComplaint", at: local("12-03 15:59:59"), against: 0, upheld: true }),
      null,
    );
    assert.equal(d.state.seats[0]?.out?.cause, "complaint");
    assert.equal(d.alive(30), true);
  });

  test("a complaint after 16:00 is no longer accepted", () => {
    const d = fengyunRound2();
    const late = d.do({ type: "RuleComplaint", at: local("12-03 16:00:01"), against: 0, upheld: true });
    assert.equal(late?.code, "complaint.after-deadline");
    assert.equal(d.alive(0), true);
    assert.equal(
      d.do({ type: "FileComplaint", at: local("12-03 16:00:01"), round: 2, post: 0 })?.code,
      late?.code,
    );
  });

  test("seed 000 「至次日16点前哨群受理举报」 then 「一经查证举报属实…当即宣判」: one taken in by 16:00 is ruled on after it", () => {
    const d = fengyunRound2();
    d.must({ type: "FileComplaint", at: local("12-03 15:55"), round: 2, post: 0 });
    d.tick(local("12-03 16:00:01"));
    d.must({ type: "RuleComplaint", at: local("12-03 16:40"), against: 0, upheld: true, round: 2, post: 0 });
    assert.deepEqual([d.state.seats[0]?.out?.cause, d.alive(30)], ["complaint", true]);
  });

  test("a log stored before complaints outlived their window replays as it was: there the complaint lapsed", () => {
    const d = fengyunRound2();
    d.must({ type: "FileComplaint", at: local("12-03 15:55"), round: 2, post: 0 });
    d.tick(local("12-03 16:00:01"));
    const closed = d.events("ComplaintWindowClosed")[0];
    assert.equal(closed?.keepsFiled, true);
    assert.deepEqual(d.state.rounds[2]?.complaintsFiled, [0]);
    // The same log as an older server stored it, the window's close without the marker, folds to no complaint.
    const log = d.log.map((e) => (e === closed ? { type: e.type, at: e.at, round: e.round } : e));
    const old = log.reduce(evolve, initialState);
    assert.deepEqual(old.rounds[2]?.complaintsFiled, []);
    assert.equal(
      decide(old, {
        type: "RuleComplaint",
        at: local("12-03 16:40"),
        against: 0,
        upheld: true,
        round: 2,
        post: 0,
      }).ok,
      false,
    );
  });

  test("ruled after its round's results post, the poster's identity is published at once", () => {
    const d = fengyunRound2();
    d.must({ type: "FileComplaint", at: local("12-03 15:55"), round: 2, post: 0 });
    d.everyoneVotes(local("12-03 20:00"), (v) => [v % 2 ? 54 : 53]);
    d.tick(local("12-03 21:00:01"));
    assert.equal(d.state.rounds[2]?.closed, true);
    d.must({ type: "RuleComplaint", at: local("12-04 10:00"), against: 0, upheld: true, round: 2, post: 0 });
    assert.deepEqual(
      [d.state.seats[0]?.out?.cause, d.state.seats[0]?.revealed, d.alive(30)],
      ["complaint", true, true],
    );
    // Ruled once, the complaint is settled: a second ruling on it is refused, as the window is shut.
    const again = d.do({
      type: "RuleComplaint",
      at: local("12-04 11:00"),
      against: 0,
      upheld: false,
      round: 2,
      post: 0,
    });
    assert.ok(again !== null);
  });

  test("a dismissed complaint changes nothing", () => {
    const d = fengyunRound2();
    assert.equal(d.do({ type: "RuleComplaint", at: local("12-03 10:00"), against: 0, upheld: false }), null);
    assert.equal(d.alive(0), true);
    assert.equal(d.alive(30), false);
  });
});

describe("a complaint names its post", () => {
  // Seed 000: "一经查证举报属实…当即宣判出帖者出局，被帖者复活": the target revived is the named post's.
  test("a poster with two posts in a round: the ruling on the first revives the first's target, not the second's", () => {
    const d = new Driver(preset("airforce-40"));
    // Sword 11 goes out in round 1; round 2 gives the swordsmen 2 posts, so sword 10 writes both (group choice).
    assert.equal(d.override(local("12-02 12:00"), { action: "eliminate", target: 11 }), null);
    d.everyoneVotes(local("12-02 20:00"), () => [39]);
    assert.equal(
      d.override(local("12-02 20:30"), { action: "set-progression", round: 2, posts: { sword: 2 } }),
      null,
    );
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.post(local("12-02 21:05"), 10, 20), null);
    assert.equal(d.post(local("12-02 21:06"), 10, 21), null);
    d.tick(local("12-02 21:30:01"));
    const mine = d.state.rounds[2]?.released?.filter((p) => p.poster === 10) ?? [];
    assert.deepEqual(
      mine.map((p) => p.target),
      [20, 21],
    );
    const first = mine[0]!.index;
    const nowhere = d.do({
      type: "RuleComplaint",
      at: local("12-03 10:00"),
      against: 10,
      upheld: true,
      round: 2,
      post: 99,
    });
    assert.equal(nowhere?.code, "complaint.no-such-post");
    assert.equal(d.alive(10), true);
    assert.equal(
      d.do({
        type: "RuleComplaint",
        at: local("12-03 10:00"),
        against: 10,
        upheld: true,
        round: 2,
        post: first,
      }),
      null,
    );
    assert.equal(d.state.seats[10]?.out?.cause, "complaint");
    assert.equal(d.alive(20), true, "the named post's target comes back");
    assert.equal(d.alive(21), false, "the other post stands");
  });
});

describe("two posts on one seat", () => {
  // seed 000 「杀手贴杀人员当轮有半票权，刺客贴杀人员没有半票权」 with the posts acting together (RULINGS 14, 几方同步发帖):
  // a seat both hit has no half vote, whichever post was sent first.
  const bothHit = (assassinFirst: boolean) => {
    const d = new Driver(preset("fengyun-57"));
    d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 === 0 ? 56 : 55]);
    d.tick(local("12-02 21:00:01"));
    const posts: [number, string][] = [
      [0, "12-02 21:05"],
      [8, "12-02 21:06"],
    ];
    if (assassinFirst) posts.reverse();
    for (const [poster, at] of posts) assert.equal(d.post(local(at), poster, 20), null);
    d.tick(local("12-02 21:30:01"));
    return d;
  };

  test("A组杀手 and 刺客 on the same seat: no half vote, in either order", () => {
    for (const assassinFirst of [false, true]) {
      const d = bothHit(assassinFirst);
      assert.equal(d.alive(20), false);
      assert.equal(
        d.vote(local("12-03 10:00"), 20, 30)?.code,
        "vote.voter-out",
        `assassin first: ${assassinFirst}`,
      );
    }
  });
});
