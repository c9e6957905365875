// The vote machine inside a round: deadlines, votes per voter, changes, non-voting, half votes, overtime, proxies.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { RuleSet } from "../rules/schema.ts";
import { summarize } from "./summary.ts";
import { Driver, local, preset } from "./test-kit.ts";

const fengyun = () => new Driver(preset("fengyun-57"));
const airforce = () => new Driver(preset("airforce-40"));

/** Round 1 of 风云 (票杀2人): seats 56 and 55 go out. */
function fengyunRound1(d: Driver): void {
  d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 === 0 ? 56 : 55]);
  d.tick(local("12-02 21:00:01"));
}

describe("vote deadline", () => {
  test("RULINGS 6 / seed 000 「每晚21：00：00截止，以论坛投票机时间为准」: 21:00:00.999 counts, 21:00:01.000 does not", () => {
    const d = fengyun();
    d.everyoneVotes(local("12-02 20:00"), (v) => (v === 20 ? [] : [v % 2 === 0 ? 56 : 55]));
    assert.equal(d.vote(local("12-02 21:00:00.999"), 20, 30), null);
    const late = d.vote(local("12-02 21:00:01.000"), 21, 30);
    assert.equal(late?.code, "vote.after-deadline");
  });

  test("RULINGS 19: a ballot before the next round's posts are out is late for the closed vote and says when the next opens", () => {
    const d = fengyun();
    d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 === 0 ? 56 : 55]);
    const early = d.vote(local("12-02 21:10"), 21, 30);
    assert.equal(early?.code, "vote.after-deadline");
    assert.deepEqual(early?.details, { round: 1, nextRound: 2, opensAt: local("12-02 21:30") });
  });
});

describe("votes per voter and vote-out count", () => {
  test("RULINGS 20 / seed 000 「第一轮共杀2人==>票杀2人」: one vote each, the top two go out", () => {
    const d = fengyun();
    fengyunRound1(d);
    assert.equal(d.alive(56), false);
    assert.equal(d.alive(55), false);
    assert.equal(d.state.seats.filter((s) => s.alive).length, 55);
    assert.deepEqual(
      d
        .events("PlayerOut")
        .map((e) => [e.seat, e.cause])
        .sort(),
      [
        [55, "vote"],
        [56, "vote"],
      ],
    );
  });

  test("seed 002 「第二轮…票2出4」: a ballot may name two; more is refused", () => {
    const d = airforce();
    d.everyoneVotes(local("12-02 20:00"), () => [39]);
    d.tick(local("12-02 21:31"));
    const r = d.do({ type: "CastVote", at: local("12-02 22:00"), voter: 14, targets: [20, 21, 22] });
    assert.equal(r?.code, "vote.too-many-targets");
    d.everyoneVotes(local("12-02 22:00"), (v) => (v < 20 ? [30, 31] : [32, 33]));
    d.tick(local("12-03 21:00:01"));
    const out = d.events("PlayerOut").filter((e) => e.round === 2 && e.cause === "vote");
    assert.deepEqual(out.map((e) => e.seat).sort(), [30, 31, 32, 33]);
  });

  test("seed 002 「只投一票者或两票同投一人者，不算自杀，以第一票计算」 (RULINGS 9): two votes on one player count once", () => {
    const d = airforce();
    d.everyoneVotes(local("12-02 20:00"), () => [39]);
    d.tick(local("12-02 21:31"));
    d.everyoneVotes(local("12-02 22:00"), (v) =>
      v === 14 ? [20, 20] : v === 15 ? [21] : v < 20 ? [30, 31] : [32, 33],
    );
    d.tick(local("12-03 21:00:01"));
    const closed = d.events("VoteClosed").find((e) => e.round === 2);
    assert.equal(closed?.entries.find((e) => e.seat === 20)?.halves, 2);
    assert.equal(closed?.entries.find((e) => e.seat === 21)?.halves, 2);
    assert.equal(d.alive(14), true, "a one-vote ballot is not a suicide");
  });
});

describe("vote changes", () => {
  test("seed 000 「玩家可以根据具体情况随时改变自己的投票」 (RULINGS 7): the last vote stands", () => {
    const d = fengyun();
    d.everyoneVotes(local("12-02 10:00"), (v) => [v < 30 ? 56 : 55]);
    // 54 gets votes from 10 voters who later change away: the change stands, 54 stays.
    for (let v = 0; v < 10; v++) assert.equal(d.vote(local("12-02 11:00"), v, 54), null);
    for (let v = 0; v < 10; v++) assert.equal(d.vote(local("12-02 12:00"), v, 56), null);
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.alive(54), true);
    assert.equal(d.alive(56), false);
  });
});

describe("not voting", () => {
  test("seed 000 「不投票者或迟到者算自杀…自杀者身份立即公布」 (RULINGS 8)", () => {
    const d = fengyun();
    d.everyoneVotes(local("12-02 10:00"), (v) => (v === 20 ? [] : [v % 2 ? 56 : 55]));
    assert.equal(d.vote(local("12-02 10:00"), 20)?.code, "vote.abstain-not-allowed", "no abstention in 风云");
    d.tick(local("12-02 21:00:01"));
    const out = d.events("PlayerOut").find((e) => e.seat === 20);
    assert.equal(out?.cause, "suicide");
    const revealed = d.events("IdentityRevealed").find((e) => e.seat === 20);
    assert.equal(revealed?.role, "ranger");
    assert.ok(d.state.seats[20]?.revealed);
  });

  test("seed 002 「如果玩家第一轮未使用投票机，不算自杀；第一轮之后，依旧未使用投票机投票者，按自杀计算」", () => {
    const d = airforce();
    d.everyoneVotes(local("12-02 10:00"), (v) => (v === 20 ? [] : [39]));
    d.tick(local("12-02 21:31"));
    assert.equal(d.alive(20), true, "round 1 is excused");
    d.everyoneVotes(local("12-02 22:00"), (v) => (v === 21 ? [] : [38]));
    d.tick(local("12-03 21:00:01"));
    assert.equal(d.events("PlayerOut").find((e) => e.seat === 21)?.cause, "suicide");
  });
});

describe("half votes", () => {
  /** Round 2 of 风云 with one A-killer post and one assassin post, one place voted out. */
  function round2(): Driver {
    const d = fengyun();
    fengyunRound1(d);
    d.must({
      type: "Override",
      at: local("12-02 21:05"),
      override: { action: "set-progression", round: 2, voteOut: 1 },
      reason: "smaller vote for the test",
    });
    assert.equal(d.post(local("12-02 21:10"), 0, 30), null); // 疯魔拳, A killer
    assert.equal(d.post(local("12-02 21:10"), 8, 31), null); // 苍龙斧, assassin
    d.tick(local("12-02 21:30:01"));
    return d;
  }

  test("seed 000 「当轮被帖杀的人，仍有投票权，但其所投的票只在平票时有效」: a half vote breaks a tie", () => {
    const d = round2();
    assert.equal(d.alive(30), false);
    // 53 living voters: 26 on 40, 26 on 41, 1 on 42; the killer's victim 30 adds half to 40.
    let n = 0;
    d.everyoneVotes(local("12-03 10:00"), () => {
      n++;
      return [n <= 26 ? 40 : n <= 52 ? 41 : 42];
    });
    assert.equal(d.vote(local("12-03 11:00"), 30, 40), null);
    d.tick(local("12-03 21:00:01"));
    const closed = d.events("VoteClosed").find((e) => e.round === 2);
    assert.equal(closed?.halfVotesApplied, true);
    assert.equal(closed?.entries.find((e) => e.seat === 40)?.halves, 53);
    assert.equal(d.alive(40), false);
    assert.equal(d.alive(41), true);
    assert.equal(d.events("OvertimeOpened").length, 0);
  });

  test("RULINGS 10: half votes do not change a result that is not tied", () => {
    const d = round2();
    let n = 0;
    d.everyoneVotes(local("12-03 10:00"), () => {
      n++;
      return [n <= 27 ? 40 : n <= 52 ? 41 : 42];
    });
    assert.equal(d.vote(local("12-03 11:00"), 30, 41), null);
    d.tick(local("12-03 21:00:01"));
    const closed = d.events("VoteClosed").find((e) => e.round === 2);
    assert.equal(closed?.halfVotesApplied, false);
    assert.equal(closed?.entries.find((e) => e.seat === 41)?.halves, 50);
    assert.equal(d.alive(40), false);
    assert.equal(d.alive(41), true);
  });

  test("seed 000 「刺客贴杀人员没有半票权」: an assassin's victim has no vote", () => {
    const d = round2();
    assert.equal(d.alive(31), false);
    assert.equal(d.vote(local("12-03 11:00"), 31, 40)?.code, "vote.voter-out");
  });
});

describe("overtime and 先到先出", () => {
  test("seed 000 【平票加时】: the tied go to a 15-minute overtime, all living vote, not voting is no offence; still tied, first reached goes out", () => {
    const d = fengyun();
    // 57 voters: 29 on 56, 14 on 55, 14 on 54: 56 out, 55 and 54 tied for the second place.
    let n = 0;
    d.everyoneVotes(local("12-02 10:00"), () => {
      n++;
      return [n <= 29 ? 56 : n <= 43 ? 55 : 54];
    });
    d.tick(local("12-02 21:00:01"));
    const ot = d.events("OvertimeOpened")[0];
    assert.deepEqual(ot?.tied.slice().sort(), [54, 55]);
    assert.equal(ot?.deadline, local("12-02 21:15:00"));
    // Overtime: 54 reaches 2 at 21:04, 55 reaches 2 at 21:06; a vote on a non-tied seat is refused.
    assert.equal(d.vote(local("12-02 21:01"), 1, 30)?.code, "vote.not-a-candidate");
    d.must({ type: "CastVote", at: local("12-02 21:03"), voter: 1, targets: [54] });
    d.must({ type: "CastVote", at: local("12-02 21:04"), voter: 2, targets: [54] });
    d.must({ type: "CastVote", at: local("12-02 21:05"), voter: 3, targets: [55] });
    d.must({ type: "CastVote", at: local("12-02 21:06"), voter: 4, targets: [55] });
    d.tick(local("12-02 21:15:01"));
    const tb = d.events("TieBroken")[0];
    assert.equal(tb?.rule, "first-reached");
    assert.deepEqual(tb?.out, [54]);
    assert.equal(d.alive(54), false);
    assert.equal(d.alive(55), true);
    // Nobody went out for not voting in overtime.
    assert.equal(d.events("PlayerOut").filter((e) => e.cause === "suicide").length, 0);
  });
});

test("an overtime nobody votes in leaves 先到先出 nothing to count: the place goes to the referee, and the round's summary says so", () => {
  // RULINGS 11: "先到先出: the tied player whose final count was reached earliest goes out".
  const d = new Driver(preset("airforce-40"));
  let n = 0;
  d.everyoneVotes(local("12-02 10:00"), () => [n++ % 2 === 0 ? 38 : 39]);
  d.tick(local("12-02 21:00:01"));
  assert.equal(d.events("OvertimeOpened").length, 1);
  d.tick(local("12-02 21:15:01"));
  const tb = d.events("TieBroken")[0];
  assert.equal(tb?.referee?.reason, "no-votes");
  const overtime = summarize(d.state).rounds.find((r) => r.round === 1)?.overtime;
  assert.equal(overtime?.referee?.reason, "no-votes");
  assert.deepEqual(overtime?.referee?.seats.slice().sort(), [38, 39]);
  assert.equal(overtime?.referee?.slots, 1);
});

describe("a tied seat out by suicide at the close", () => {
  // Round 1 of 风云 (票杀2人): seat 56 has the most votes; 54 and 55 tie for the second place, and 55 did not vote.
  const tieWithNonVoter = (rules = preset("fengyun-57")) => {
    const d = new Driver(rules);
    d.everyoneVotes(local("12-02 20:00"), (v) => {
      if (v === 55) return [];
      if (v === 56) return [53];
      if (v >= 20 && v < 30) return [54];
      if (v >= 30 && v < 40) return [55];
      return [56];
    });
    d.tick(local("12-02 21:00:01"));
    return d;
  };

  test("seed 000 「不投票者或迟到者算自杀」, and the most votes out (seed 002 「得票最多者出局」): the other tied seat takes the place, with no overtime", () => {
    const d = tieWithNonVoter();
    assert.equal(d.state.seats[55]?.out?.cause, "suicide");
    assert.equal(d.state.seats[54]?.out?.cause, "vote");
    assert.equal(d.state.seats[56]?.out?.cause, "vote");
    assert.equal(
      d.events("OvertimeOpened").length,
      0,
      "two seats for two places (one gone): nothing to contest",
    );
    assert.deepEqual(
      d.events("TieBroken").map((e) => [e.rule, e.out, e.tied]),
      [["tied-fill-places", [54], [54, 55]]],
    );
  });

  test("the same under a final tie-break without overtime: the place is filled from the living tied", () => {
    const base = preset("fengyun-57");
    const d = tieWithNonVoter(RuleSet.parse({ ...base, vote: { ...base.vote, overtimeMinutes: null } }));
    assert.equal(d.state.seats[54]?.out?.cause, "vote");
    assert.equal(d.state.seats[55]?.out?.cause, "suicide");
  });
});

describe("the same ballot again", () => {
  test("RULINGS 11 「先到」 and 13 (earliest standing vote): a ballot equal to the standing one is refused, so the vote keeps its time", () => {
    const d = airforce();
    // Round 2 of 空军 names two; seat 25 votes 13 and 14 first, then sends the same two the other way round.
    d.everyoneVotes(local("12-02 20:00"), () => [39]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.vote(local("12-03 18:00"), 25, 13, 14), null);
    const again = d.vote(local("12-03 19:00"), 25, 14, 13);
    assert.deepEqual([again?.code, again?.details], ["vote.unchanged", { round: 2, voter: 25 }]);
    assert.equal(d.events("VoteCast").filter((e) => e.voter === 25 && e.round === 2).length, 1);
    // A real change is a change. A 托票 for the very ballot the voter cast itself would change nothing but the time
    // (the vote's place): refused, saying why. The voter casting itself what a 托票 cast is taken: the vote is its own.
    assert.equal(d.vote(local("12-03 19:30"), 25, 13, 15), null);
    const proxied = d.do({ type: "EnterProxyVote", at: local("12-03 20:00"), voter: 25, targets: [15, 13] });
    assert.deepEqual([proxied?.code, proxied?.details], ["proxy.same-as-own", { round: 2, voter: 25 }]);
    assert.equal(d.events("VoteCast").filter((e) => e.voter === 25 && e.round === 2).length, 2);
    assert.equal(
      d.do({ type: "EnterProxyVote", at: local("12-03 20:01"), voter: 26, targets: [13, 15] }),
      null,
    );
    assert.equal(d.vote(local("12-03 20:02"), 26, 15, 13), null, "the voter's own vote replaces the 托票");
  });

  test("seed 001 「投票后，有一次改票机会」: the same ballot again does not spend the one change", () => {
    const base = preset("airforce-40");
    const d = new Driver({ ...base, vote: { ...base.vote, changes: { max: 1, freezeMinutes: 0 } } });
    assert.equal(d.vote(local("12-02 18:00"), 25, 13), null);
    assert.equal(d.vote(local("12-02 19:00"), 25, 13)?.code, "vote.unchanged");
    assert.equal(d.vote(local("12-02 19:30"), 25, 14), null, "the one change is still there");
    assert.equal(d.vote(local("12-02 20:00"), 25, 15)?.code, "vote.no-more-changes");
  });
});

describe("proxy votes", () => {
  // The vote machine's one boundary for every rule set (src/engine/vote/README.md): refused from the cut-off instant on,
  // as seed 002 words it ("20：45起不再接受托票"); the deadline's grace second (RULINGS 6) is the deadline's only.
  test("seed 000 「晚20：40之后不接受托票」 (RULINGS 12): a proxy before 20:40:00 counts, from 20:40:00 on it is refused", () => {
    const d = fengyun();
    const ok = d.do({ type: "EnterProxyVote", at: local("12-02 20:39:59.999"), voter: 20, targets: [30] });
    assert.equal(ok, null);
    const late = d.do({ type: "EnterProxyVote", at: local("12-02 20:40:00"), voter: 21, targets: [30] });
    assert.equal(late?.code, "proxy.after-cutoff");
    // "托票不得出现给高票或给低票的指令，要指定票某一名玩家": a proxy ballot is a list of seats, never an instruction,
    // and an empty one is refused.
    const empty = d.do({ type: "EnterProxyVote", at: local("12-02 20:00"), voter: 22, targets: [] });
    assert.equal(empty?.code, "proxy.no-target");
    d.everyoneVotes(local("12-02 20:50"), () => [30]);
    d.tick(local("12-02 21:00:01"));
    const closed = d.events("VoteClosed")[0];
    assert.equal(closed?.entries.find((e) => e.seat === 30)?.proxyVotes, 1);
  });
});

describe("final tie-break options", () => {
  test("RULINGS 11 option 「referee decides」: the places stay open and the event names the tied for the referee", () => {
    const base = preset("airforce-40");
    const rules = RuleSet.parse({
      ...base,
      vote: { ...base.vote, overtimeMinutes: null, finalTieBreak: "referee" },
    });
    const d = new Driver(rules);
    let n = 0;
    d.everyoneVotes(local("12-02 10:00"), () => [n++ % 2 === 0 ? 38 : 39]);
    d.tick(local("12-02 21:00:01"));
    const tb = d.events("TieBroken")[0];
    assert.equal(tb?.rule, "referee");
    assert.deepEqual(tb?.out, []);
    assert.deepEqual(tb?.referee?.seats.slice().sort(), [38, 39]);
    assert.equal(tb?.referee?.slots, 1);
    assert.equal(d.alive(38) && d.alive(39), true);
    // 哨子最大: the referee fills the place.
    assert.equal(d.override(local("12-02 21:10"), { action: "eliminate", target: 39 }, "哨子裁决平票"), null);
    assert.equal(d.alive(39), false);
  });
});

describe("the referee decides a tie the rule left open (decide-tie)", () => {
  // RULINGS 11: "final tie-break (… / referee decides)"; seed 002 暗弹 「如被票出，带走领票人」.
  const refereeTie = () => {
    const base = preset("airforce-40");
    const d = new Driver(
      RuleSet.parse({ ...base, vote: { ...base.vote, overtimeMinutes: null, finalTieBreak: "referee" } }),
    );
    // Seat 0 votes first, on the 暗弹 (seat 13): its 领票人 by the earliest standing vote.
    let n = 0;
    d.everyoneVotes(local("12-02 10:00"), () => [n++ % 2 === 0 ? 13 : 39]);
    d.tick(local("12-02 21:00:01"));
    return d;
  };

  test("RULINGS 11 「referee decides」: the chosen seat goes out as voted out, and a bomb takes its 领票人", () => {
    const d = refereeTie();
    assert.equal(d.alive(13) && d.alive(39), true);
    const waiting = summarize(d.state).rounds.find((r) => r.round === 1);
    assert.deepEqual(waiting?.tieToReferee?.seats.slice().sort(), [13, 39]);
    assert.equal(waiting?.tieToReferee?.decided, undefined);
    assert.equal(waiting?.overtime, null);

    const at = local("12-02 21:20");
    assert.equal(d.override(at, { action: "decide-tie", round: 1, out: [13] }, "平票，哨子定暗弹出局"), null);
    assert.equal(d.state.seats[13]?.out?.cause, "vote");
    assert.equal(d.state.seats[13]?.out?.round, 1);
    assert.equal(d.state.seats[0]?.out?.cause, "bomb");
    assert.equal(d.alive(39), true);
    const decided = summarize(d.state).rounds.find((r) => r.round === 1);
    assert.deepEqual(decided?.tieToReferee?.decided, [13]);
    assert.deepEqual(
      decided?.out.map((o) => [o.seat, o.cause]),
      [
        [13, "vote"],
        [0, "bomb"],
      ],
    );
    // Decided once: the same or another choice again is refused.
    const again = d.override(at, { action: "decide-tie", round: 1, out: [39] }, "改判");
    assert.equal(again?.code, "override.tie-decided");
    assert.equal(d.alive(39), true);
  });

  test("a decision must name exactly the open places among the tied, in a round that left some", () => {
    const d = refereeTie();
    const at = local("12-02 21:20");
    const refuse = (o: { round: number; out: number[] }) =>
      d.override(at, { action: "decide-tie", ...o }, "哨子裁决平票")?.code;
    assert.equal(refuse({ round: 1, out: [38] }), "override.not-tied");
    assert.equal(refuse({ round: 1, out: [13, 39] }), "override.tie-places");
    assert.equal(refuse({ round: 1, out: [] }), "override.tie-places");
    assert.equal(refuse({ round: 1, out: [13, 13] }), "override.tie-places");
    assert.equal(refuse({ round: 2, out: [13] }), "override.no-tie-left");
    assert.equal(
      d.override(at, { action: "decide-tie", round: 1, out: [13] }, " ")?.code,
      "override.no-reason",
    );
    assert.equal(d.alive(13) && d.alive(39) && d.alive(0), true);
    assert.equal(d.events("OverrideApplied").length, 0);
  });

  test("tied seats out since the tie (帖杀, 判出局) leave fewer places: the decision names the living ones, or nobody", () => {
    // Three tied for round 1's two places; two of them go out before the referee decides.
    const base = preset("airforce-40");
    const progression = base.progression.map((p) =>
      p.round === 1 ? { round: 1, votesPerVoter: 1, voteOut: 2 } : p,
    );
    const d = new Driver(
      RuleSet.parse({
        ...base,
        progression,
        vote: { ...base.vote, overtimeMinutes: null, finalTieBreak: "referee" },
      }),
    );
    let n = 0;
    d.everyoneVotes(local("12-02 10:00"), () => (n < 39 ? [[13, 38, 39][n++ % 3]!] : []));
    d.tick(local("12-02 21:00:01"));
    const tb = d.state.rounds[1]?.tieBreak?.referee;
    assert.deepEqual([tb?.seats.slice().sort(), tb?.slots], [[13, 38, 39], 2]);
    const at = local("12-02 21:20");
    assert.equal(d.override(at, { action: "eliminate", target: 13 }, "违规判出局"), null);
    assert.equal(d.override(at, { action: "eliminate", target: 38 }, "违规判出局"), null);
    // One tied seat is left for two places: it fills one, and naming two is refused.
    const refused = d.override(at, { action: "decide-tie", round: 1, out: [39, 13] }, "平票裁决");
    assert.equal(refused?.code, "override.tie-places");
    assert.deepEqual(refused?.details, { slots: 1 });
    assert.equal(d.override(at, { action: "decide-tie", round: 1, out: [39] }, "平票裁决")?.code, undefined);
    assert.equal(d.state.seats[39]?.out?.cause, "vote");
  });

  test("with every tied seat out before the decision, it names nobody and closes the question", () => {
    const d = refereeTie();
    const at = local("12-02 21:20");
    assert.equal(d.override(at, { action: "eliminate", target: 13 }, "违规判出局"), null);
    assert.equal(d.override(at, { action: "eliminate", target: 39 }, "违规判出局"), null);
    assert.equal(
      d.override(at, { action: "decide-tie", round: 1, out: [39] }, "平票裁决")?.code,
      "override.tie-places",
    );
    assert.equal(
      d.override(at, { action: "decide-tie", round: 1, out: [] }, "平票者均已出局")?.code,
      undefined,
    );
    assert.deepEqual(summarize(d.state).rounds.find((r) => r.round === 1)?.tieToReferee?.decided, []);
  });

  test("after an overtime nobody voted in, the decision fills the place and the overtime summary says whom", () => {
    const d = new Driver(preset("airforce-40"));
    let n = 0;
    d.everyoneVotes(local("12-02 10:00"), () => [n++ % 2 === 0 ? 38 : 39]);
    d.tick(local("12-02 21:00:01"));
    d.tick(local("12-02 21:15:01"));
    assert.equal(
      d.override(local("12-02 21:30"), { action: "decide-tie", round: 1, out: [38] }, "加时无人投票"),
      null,
    );
    assert.equal(d.state.seats[38]?.out?.cause, "vote");
    const r1 = summarize(d.state).rounds.find((r) => r.round === 1);
    assert.deepEqual(r1?.overtime?.referee?.decided, [38]);
    assert.equal(r1?.tieToReferee, undefined);
  });
});

describe("the referee names a bomb's 领票人 (leadVoter referee, decide-lead-voter)", () => {
  // RULINGS 13: "Option: earliest standing vote / earliest vote ever cast / last voter / referee's choice."
  // seed 002 暗弹: 「如被票出，带走领票人」.
  const bombVotedOut = () => {
    const base = preset("airforce-40");
    const d = new Driver(RuleSet.parse({ ...base, vote: { ...base.vote, leadVoter: "referee" } }));
    // Two in three vote the 暗弹 (seat 13), the rest (13 itself too) seat 39: 13 goes out first.
    d.everyoneVotes(local("12-02 10:00"), (v) => [v % 3 === 2 || v === 13 ? 39 : 13]);
    d.tick(local("12-02 21:00:01"));
    return d;
  };

  test("the bomb goes out and waits: nobody is taken until the referee names one of its voters", () => {
    const d = bombVotedOut();
    assert.equal(d.state.seats[13]?.out?.cause, "vote");
    assert.equal(d.events("BombFired").length, 0);
    const left = d.events("LeadVoterLeftToReferee");
    assert.equal(left.length, 1);
    assert.equal(left[0]?.bomb, 13);
    const voters = left[0]?.voters ?? [];
    assert.deepEqual(voters.slice(0, 3), [0, 1, 3]);
    assert.equal(voters.includes(13), false);
    assert.equal(voters.includes(2), false);
    const r1 = summarize(d.state).rounds.find((r) => r.round === 1);
    assert.deepEqual(r1?.leadVoterToReferee, [{ bomb: 13, voters }]);
  });

  test("the named voter goes out as the bomb's 领票人, once; the summary says whom", () => {
    const d = bombVotedOut();
    const at = local("12-02 21:20");
    assert.equal(
      d.override(at, { action: "decide-lead-voter", round: 1, bomb: 13, leadVoter: 3 }, "哨子定领票人"),
      null,
    );
    assert.equal(d.state.seats[3]?.out?.cause, "bomb");
    assert.equal(d.state.seats[3]?.out?.round, 1);
    assert.deepEqual(
      d.events("BombFired").map((e) => [e.bomb, e.victim, e.via]),
      [[13, 3, "vote"]],
    );
    const r1 = summarize(d.state).rounds.find((r) => r.round === 1);
    assert.equal(r1?.leadVoterToReferee?.[0]?.decided, 3);
    assert.deepEqual(
      r1?.out.filter((o) => o.cause === "bomb").map((o) => [o.seat, o.via]),
      [[3, "vote"]],
    );
    const again = d.override(at, { action: "decide-lead-voter", round: 1, bomb: 13, leadVoter: 0 }, "改判");
    assert.equal(again?.code, "override.lead-voter-decided");
    assert.equal(d.alive(0), true);
  });

  test("refused: a seat that did not vote for the bomb, a seat that is no waiting bomb, another round, no reason", () => {
    const d = bombVotedOut();
    const at = local("12-02 21:20");
    const refuse = (o: { round: number; bomb: number; leadVoter: number }, reason = "哨子定领票人") =>
      d.override(at, { action: "decide-lead-voter", ...o }, reason)?.code;
    assert.equal(refuse({ round: 1, bomb: 13, leadVoter: 2 }), "override.not-a-voter");
    assert.equal(refuse({ round: 1, bomb: 39, leadVoter: 2 }), "override.no-lead-voter-left");
    assert.equal(refuse({ round: 2, bomb: 13, leadVoter: 0 }), "override.no-lead-voter-left");
    assert.equal(refuse({ round: 1, bomb: 13, leadVoter: 0 }, " "), "override.no-reason");
    assert.equal(d.events("OverrideApplied").length, 0);
    assert.equal(d.alive(0) && d.alive(2), true);
  });

  test("a bomb put out by decide-tie waits for its 领票人 the same way", () => {
    const base = preset("airforce-40");
    const d = new Driver(
      RuleSet.parse({
        ...base,
        vote: { ...base.vote, overtimeMinutes: null, finalTieBreak: "referee", leadVoter: "referee" },
      }),
    );
    let n = 0;
    d.everyoneVotes(local("12-02 10:00"), () => [n++ % 2 === 0 ? 13 : 39]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(
      d.override(local("12-02 21:20"), { action: "decide-tie", round: 1, out: [13] }, "平票"),
      null,
    );
    const left = d.events("LeadVoterLeftToReferee");
    assert.equal(left[0]?.bomb, 13);
    assert.equal(left[0]?.voters[0], 0);
    assert.equal(d.events("BombFired").length, 0);
  });
});
