// 哨子最大 (RULINGS 23): every override is an event with its reason, and it wins over the rules.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { pendingDeadlines } from "./deadlines.ts";
import { summarize } from "./summary.ts";
import { Driver, local, preset } from "./test-kit.ts";

const quote = "seed 000 「风云场上哨子最大，一切纷争以哨子最终裁决为准」";

function fengyunRound2(): Driver {
  const d = new Driver(preset("fengyun-57"));
  d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
  d.tick(local("12-02 21:00:01"));
  return d;
}

describe(`overrides — ${quote}`, () => {
  test("a seat put out and back again in one round is listed once each way, so 「出局N人，复活M人」 adds up", () => {
    const d = fengyunRound2();
    // Seat 55 was voted out in round 1. In round 2 the referee brings it back, puts it out, brings it back: net back.
    for (const [i, action] of (["revive", "eliminate", "revive"] as const).entries())
      assert.equal(d.override(local("12-02 21:10") + i * 60_000, { action, target: 55 }, "改判"), null);
    // Seat 30 goes out, comes back and goes out: net out, once.
    for (const [i, action] of (["eliminate", "revive", "eliminate"] as const).entries())
      assert.equal(d.override(local("12-02 21:20") + i * 60_000, { action, target: 30 }, "改判"), null);
    const r2 = summarize(d.state).rounds.find((r) => r.round === 2);
    assert.deepEqual(
      r2?.out.map((o) => o.seat),
      [30],
    );
    assert.deepEqual(
      r2?.revived.map((r) => r.seat),
      [55],
    );
  });

  test("eliminate and revive, each with its reason", () => {
    const d = fengyunRound2();
    assert.equal(d.override(local("12-02 21:10"), { action: "eliminate", target: 30 }, "曝ID"), null);
    assert.equal(d.state.seats[30]?.out?.cause, "referee");
    assert.equal(d.events("OverrideApplied")[0]?.reason, "曝ID");
    assert.equal(d.override(local("12-02 21:11"), { action: "revive", target: 30 }, "误判"), null);
    assert.equal(d.alive(30), true);
    assert.equal(
      d.override(local("12-02 21:12"), { action: "revive", target: 30 }, "x")?.code,
      "override.not-out",
    );
    assert.equal(
      d.override(local("12-02 21:12"), { action: "eliminate", target: 31 }, " ")?.code,
      "override.no-reason",
    );
  });

  test("set-progression changes a round's plan (「哨子保留微调进程的权利」)", () => {
    const d = new Driver(preset("fengyun-57"));
    assert.equal(
      d.override(local("12-02 12:00"), { action: "set-progression", round: 2, posts: { "killer-a": 0 } }),
      null,
    );
    d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.state.rounds[2]?.plan.posts["killer-a"], 0);
    assert.equal(d.post(local("12-02 21:05"), 0, 30)?.code, "post.no-posts-left");
    assert.equal(d.state.rounds[2]?.plan.voteOut, 5, "the rest of the plan stands");
  });

  test("set-progression: a group the rule set lacks, or posts of a round already out, are refused and not recorded", () => {
    const d = fengyunRound2();
    const unknown = d.override(local("12-02 21:10"), {
      action: "set-progression",
      round: 3,
      posts: { bogus: 3 },
    });
    assert.deepEqual([unknown?.code, unknown?.details], ["override.unknown-group", { group: "bogus" }]);
    d.tick(local("12-02 21:30:01"));
    const released = d.override(local("12-02 21:40"), {
      action: "set-progression",
      round: 2,
      posts: { "killer-a": 3 },
    });
    assert.deepEqual([released?.code, released?.details], ["override.posts-released", { round: 2 }]);
    assert.equal(d.events("OverrideApplied").length, 0);
    // The round's vote is still its own to change.
    assert.equal(d.override(local("12-02 21:41"), { action: "set-progression", round: 2, voteOut: 3 }), null);
    assert.equal(d.state.rounds[2]?.plan.voteOut, 3);
  });

  test("extend moves a deadline: a vote after 21:00 counts once the vote is extended", () => {
    const d = new Driver(preset("fengyun-57"));
    assert.equal(
      d.override(local("12-02 20:00"), {
        action: "extend",
        deadline: "vote",
        until: local("12-02 22:00:00"),
      }),
      null,
    );
    assert.ok(
      pendingDeadlines(d.state).some((x) => x.key === "round:1:vote" && x.at === local("12-02 22:00:01")),
    );
    d.everyoneVotes(local("12-02 21:30"), (v) => [v % 2 ? 56 : 55]);
    d.tick(local("12-02 22:00:01"));
    assert.equal(d.alive(56), false);
    assert.equal(d.refusals.length, 0);
    // The next round starts when the extended vote ends.
    assert.equal(d.state.rounds[2]?.openedAt, local("12-02 22:00:00"));
    assert.equal(
      d.override(local("12-02 22:01"), { action: "extend", deadline: "nothing", until: 0 })?.code,
      "override.unknown-deadline",
    );
    // A deadline moved before the ruling itself (a mistyped date) would close the vote at once, stamped earlier.
    const past = d.override(local("12-02 22:00:30"), {
      action: "extend",
      deadline: "round:2:vote",
      until: local("12-02 09:00:00"),
    });
    assert.deepEqual(
      [past?.code, past?.details],
      ["override.deadline-passed", { deadline: local("12-02 09:00:00"), at: local("12-02 22:00:30") }],
    );
    // A full key that is no longer, or never was, pending would be recorded and change nothing (overrides audit).
    for (const deadline of ["round:1:vote", "round:7:iou"]) {
      const late = { action: "extend", deadline, until: local("12-03 23:00") } as const;
      assert.equal(d.override(local("12-02 22:02"), late)?.code, "override.unknown-deadline", deadline);
    }
  });

  test("void-vote removes a ballot; void-post withdraws a post and revives its target", () => {
    const d = fengyunRound2();
    assert.equal(d.post(local("12-02 21:05"), 0, 30), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.alive(30), false);
    assert.equal(d.override(local("12-02 22:00"), { action: "void-post", poster: 0 }, "旧帖"), null);
    assert.equal(d.alive(30), true);
    assert.equal(d.vote(local("12-02 22:10"), 20, 40), null);
    assert.equal(d.override(local("12-02 22:11"), { action: "void-vote", voter: 20 }, "代投"), null);
    assert.equal(d.state.rounds[2]?.vote?.casts.byVoter[20] ?? 0, 0);
  });

  test("void-post names which post: an earlier round's stays voidable after the poster posts again", () => {
    const d = new Driver(preset("airforce-40"));
    d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 38 : 39]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.post(local("12-02 21:05"), 0, 20), null);
    d.tick(local("12-02 21:30:01"));
    d.everyoneVotes(local("12-03 20:00"), (v) => [v % 2 ? 36 : 37]);
    d.tick(local("12-03 21:00:01"));
    assert.equal(d.post(local("12-03 21:05"), 0, 21), null);
    d.tick(local("12-03 21:30:01"));
    assert.equal(d.alive(20) || d.alive(21), false);
    // Round 2's post was copied: voiding it revives its target, and round 3's post stands.
    assert.equal(
      d.override(local("12-03 22:00"), { action: "void-post", poster: 0, round: 2 }, "旧帖"),
      null,
    );
    assert.equal(d.alive(20), true);
    assert.equal(d.alive(21), false);
    assert.deepEqual(d.events("OverrideApplied").at(-1)?.override, {
      action: "void-post",
      poster: 0,
      round: 2,
      post: 0,
    });
    // Voided already, or a post the seat never made: refused, naming the seat.
    const again = d.override(local("12-03 22:01"), { action: "void-post", poster: 0, round: 2 }, "x");
    assert.equal(again?.code, "override.no-post");
    assert.deepEqual(again?.details, { seat: 0, round: 2 });
    // Unnamed, it is the poster's latest, as before.
    assert.equal(d.override(local("12-03 22:02"), { action: "void-post", poster: 0 }, "旧帖"), null);
    assert.equal(d.alive(21), true);
  });

  test("an unknown seat is named in the refusal", () => {
    const d = fengyunRound2();
    for (const action of ["eliminate", "revive"] as const)
      assert.deepEqual(d.override(local("12-02 21:10"), { action, target: 90 })?.details, { seat: 90 });
  });

  test("substitute gives the seat a new alias and keeps everything else", () => {
    const d = fengyunRound2();
    assert.equal(d.override(local("12-02 21:10"), { action: "substitute", seat: 3, alias: "替补甲" }), null);
    assert.equal(d.state.seats[3]?.alias, "替补甲");
    assert.equal(d.state.seats[3]?.role, "killer-a");
    // The event names the alias the seat had, so the public log can say who was replaced.
    const applied = d.events("OverrideApplied").at(-1)?.override;
    assert.deepEqual(applied, { action: "substitute", seat: 3, alias: "替补甲", previous: "s3" });
    assert.equal(
      d.override(local("12-02 21:10"), { action: "substitute", seat: 4, alias: "替补甲" })?.code,
      "override.bad-alias",
    );
  });

  test("substitute onto an out seat is refused: it has nothing left to play", () => {
    const d = fengyunRound2();
    assert.equal(d.alive(56), false);
    assert.equal(
      d.override(local("12-02 21:10"), { action: "substitute", seat: 56, alias: "替补乙" })?.code,
      "override.already-out",
    );
    assert.notEqual(d.state.seats[56]?.alias, "替补乙");
  });
});

test("a round's opening cannot be extended by itself: it follows the previous round's vote", () => {
  const d = new Driver(preset("fengyun-57"));
  for (const deadline of ["open", "round:2:open"]) {
    const until = local("12-02 22:00:00");
    assert.equal(
      d.override(local("12-02 12:00"), { action: "extend", deadline, until })?.code,
      "override.fixed-deadline",
    );
  }
  assert.equal(d.events("OverrideApplied").length, 0, "nothing recorded as if it had worked");
});

describe("end-game — seed 000 「违者立即宣布其身份所在的一方失败，游戏终止（杀手方如接到以上内容的要求可以直接向哨提出终止游戏，胜利归杀手方所有；反之，亦然）」", () => {
  test("the referee ends the game with a result: nothing of the open round counts afterwards", () => {
    const d = fengyunRound2();
    assert.equal(d.vote(local("12-03 10:00"), 20, 21), null);
    const before = d.log.length;
    const reason = "侠21私下索要哨子发的身份短信，白道判负";
    assert.equal(d.override(local("12-03 11:00"), { action: "end-game", winner: "black" }, reason), null);
    assert.deepEqual(
      d.log.slice(before).map((e) => e.type),
      ["OverrideApplied", "GameEnded"],
    );
    assert.equal(d.state.status, "ended");
    assert.equal(d.state.result?.winner, "black");
    assert.deepEqual(d.state.result?.why, { kind: "referee", reason });
    assert.deepEqual(pendingDeadlines(d.state), [], "no deadline is left to fire");
    assert.equal(d.vote(local("12-03 12:00"), 22, 21)?.code, "game.ended");
    const alive = d.state.seats.filter((s) => s.alive).length;
    d.tick(local("12-03 21:00:01"));
    assert.equal(
      d.state.seats.filter((s) => s.alive).length,
      alive,
      "the round's vote never closes: no one is voted out, and no non-voter is a suicide",
    );
  });

  test("a draw is a result too, and ending the game needs a reason like every override", () => {
    const d = fengyunRound2();
    assert.equal(
      d.override(local("12-03 11:00"), { action: "end-game", winner: "draw" }, " ")?.code,
      "override.no-reason",
    );
    assert.equal(d.state.status, "running");
    assert.equal(
      d.override(local("12-03 11:01"), { action: "end-game", winner: "draw" }, "服务器故障，本局作废"),
      null,
    );
    assert.equal(d.state.result?.winner, "draw");
    assert.equal(
      d.override(local("12-03 11:02"), { action: "revive", target: 1 }, "改判")?.code,
      "game.ended",
      "an ended game stays ended",
    );
  });

  test("改判结果: on an ended game the referee can change the result, and nothing else; the end keeps its moment", () => {
    const d = fengyunRound2();
    assert.equal(
      d.override(local("12-03 11:00"), { action: "end-game", winner: "black" }, "白道泄露身份"),
      null,
    );
    const ended = d.state.result?.at;
    const seats = d.state.seats;
    // A complaint to the referees' group after the end: the deciding post was copied, so the ruling goes the other way.
    assert.equal(
      d.override(local("12-03 12:00"), { action: "end-game", winner: "black" }, "维持")?.code,
      "override.same-result",
      "the same result again changes nothing, so it is refused",
    );
    assert.equal(
      d.override(local("12-03 12:00"), { action: "end-game", winner: "white" }, "  ")?.code,
      "override.no-reason",
    );
    const before = d.log.length;
    assert.equal(
      d.override(local("12-03 12:00"), { action: "end-game", winner: "white" }, "复查：泄露不成立"),
      null,
    );
    const events = d.log.slice(before);
    assert.deepEqual(
      events.map((e) => e.type),
      ["OverrideApplied", "GameEnded"],
    );
    const applied = events[0];
    assert.deepEqual(
      applied?.type === "OverrideApplied" ? applied.override : null,
      { action: "end-game", winner: "white", previous: "black" },
      "the log names the result it replaced",
    );
    assert.equal(d.state.status, "ended");
    assert.equal(d.state.result?.winner, "white");
    assert.deepEqual(d.state.result?.why, { kind: "referee", reason: "复查：泄露不成立" });
    assert.equal(d.state.result?.at, ended, "the game ended when it first did");
    assert.equal(d.state.seats, seats, "no seat changes");
    assert.deepEqual(pendingDeadlines(d.state), []);
  });

  test("a command's own `previous` is ignored: the engine reads the replaced result from the state", () => {
    const d = fengyunRound2();
    const before = d.log.length;
    assert.equal(
      d.override(local("12-03 11:00"), { action: "end-game", winner: "white", previous: "black" }, "终止"),
      null,
    );
    const applied = d.log.slice(before).find((e) => e.type === "OverrideApplied");
    assert.deepEqual(applied?.type === "OverrideApplied" ? applied.override : null, {
      action: "end-game",
      winner: "white",
    });
  });
});

test("a revival in round 2 does not change how many were in after round 1 (the results post's 「现存活N人」)", () => {
  const d = new Driver(preset("airforce-40"));
  d.everyoneVotes(local("12-02 20:00"), () => [39]);
  d.tick(local("12-02 21:00:01"));
  assert.equal(d.alive(39), false);
  assert.equal(d.override(local("12-02 21:10"), { action: "revive", target: 39 }, "误判，复活"), null);
  const rounds = summarize(d.state).rounds;
  assert.equal(rounds.find((r) => r.round === 1)?.alive, 39);
  assert.equal(rounds.find((r) => r.round === 2)?.alive, 40);
});

describe("the referee's acts are signed with the acting referee's alias", () => {
  test("an override's OverrideApplied carries its referee; deadlines fired first and its consequences do not", () => {
    const d = new Driver(preset("fengyun-57"));
    d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
    const before = d.log.length;
    // No tick at 21:00: the override arrives after the deadline, so the close fires inside its own decision.
    d.must({
      type: "Override",
      at: local("12-02 21:05"),
      override: { action: "eliminate", target: 30 },
      reason: "曝ID",
      referee: "副哨甲",
    });
    const made = d.log.slice(before);
    assert.ok(made.some((e) => e.type === "VoteClosed"));
    const signed = made.filter((e) => "referee" in e);
    assert.deepEqual(
      signed.map((e) => e.type),
      ["OverrideApplied"],
    );
    assert.equal(d.events("OverrideApplied")[0]?.referee, "副哨甲");
    assert.ok(made.some((e) => e.type === "PlayerOut" && e.seat === 30 && !("referee" in e)));
  });

  test("a 托票 names the referee who entered it; a player's own ballot names nobody", () => {
    const d = new Driver(preset("fengyun-57"));
    d.must({ type: "EnterProxyVote", at: local("12-02 20:00"), voter: 3, targets: [7], referee: "哨子乙" });
    assert.equal(d.vote(local("12-02 20:01"), 4, 7), null);
    const casts = d.events("VoteCast");
    assert.deepEqual(
      casts.map((c) => [c.voter, c.proxy, c.referee]),
      [
        [3, true, "哨子乙"],
        [4, false, undefined],
      ],
    );
  });

  test("an override without a referee (a scenario replay, the server's own act) stays unsigned", () => {
    const d = fengyunRound2();
    assert.equal(d.override(local("12-02 21:10"), { action: "eliminate", target: 30 }, "曝ID"), null);
    assert.equal("referee" in (d.events("OverrideApplied")[0] ?? {}), false);
  });
});
