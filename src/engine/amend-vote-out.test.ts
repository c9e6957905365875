// 改判票杀: the referee corrects whom a closed round's vote put out, and what its bombs took along.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { summarize } from "./summary.ts";
import { closeVote, Driver, local, preset, twoBombsOneLeadVoter } from "./test-kit.ts";

// 空军 seats: killers 0–5, lovers 6–7, assassin 8, engineer 9, swords 10–11, bright bomb 12, hidden bomb 13, rangers 14–39.
const airforce = () => new Driver(preset("airforce-40"));

const whistle = "seed 002 「游戏中哨子最大！游戏中如发生意外情况，以哨子的最终判断结果为准。」";
const leadVoter = "seed 002 暗弹 「如被票出，带走领票人」";

describe(`改判票杀 — ${whistle}`, () => {
  test(`a bomb wrongly voted out comes back with its 领票人, and is a live bomb again (${leadVoter})`, () => {
    const d = airforce();
    closeVote(d, "12-02", [13], { voter: 25, target: 13 });
    assert.deepEqual([d.alive(13), d.alive(25)], [false, false]);
    assert.equal(
      d.override(local("12-02 21:20"), { action: "amend-vote-out", round: 1, out: [14] }, "托票漏录"),
      null,
    );
    assert.deepEqual([d.alive(13), d.alive(25)], [true, true]);
    assert.deepEqual(d.state.seats[14]?.out, { round: 1, cause: "vote", at: local("12-02 21:20") });
    const applied = d.events("OverrideApplied").at(-1);
    assert.deepEqual(applied?.override, { action: "amend-vote-out", round: 1, out: [14], previous: [13] });
    assert.equal(applied?.reason, "托票漏录");
    assert.deepEqual([d.state.bombsFired, d.state.fireworks], [[], []]);
    // Round 1's record tells the correction: 14 out, 13 and 25 out and back.
    const round1 = summarize(d.state).rounds.find((r) => r.round === 1);
    assert.deepEqual(round1?.out.map((o) => o.seat).sort(), [13, 14, 25]);
    assert.deepEqual(round1?.revived.map((r) => r.seat).sort(), [13, 25]);
    // Its firing taken back, the bomb goes off when it is voted out for real.
    closeVote(d, "12-03", [13, 13, 13, 35, 36, 37], { voter: 26, target: 13 });
    assert.equal(d.state.seats[13]?.out?.cause, "vote");
    assert.equal(d.state.seats[26]?.out?.cause, "bomb");
    assert.deepEqual(
      d.events("BombFired").map((e) => [e.round, e.bomb, e.victim]),
      [
        [1, 13, 25],
        [2, 13, 26],
      ],
    );
  });

  test("a bomb the ruling puts out takes its 领票人 from the round's own ballots", () => {
    const d = airforce();
    closeVote(d, "12-02", [14, 14, 13], { voter: 25, target: 13 });
    assert.deepEqual([d.alive(14), d.alive(13), d.alive(25)], [false, true, true]);
    assert.equal(
      d.override(local("12-02 21:20"), { action: "amend-vote-out", round: 1, out: [13] }, "计票有误"),
      null,
    );
    assert.equal(d.alive(14), true);
    assert.equal(d.state.seats[13]?.out?.cause, "vote");
    assert.equal(
      d.state.seats[25]?.out?.cause,
      "bomb",
      "the earliest standing vote on the bomb (RULINGS 13)",
    );
    // Round 1's results are out already: whom the ruling puts out is published at once, as that post would have.
    assert.deepEqual(
      d
        .events("IdentityRevealed")
        .map((e) => e.seat)
        .filter((s) => s === 13 || s === 25)
        .sort(),
      [13, 25],
    );
  });

  test("the 领票人 a dropped bomb took may be named in its place", () => {
    const d = airforce();
    closeVote(d, "12-02", [13], { voter: 25, target: 13 });
    assert.equal(
      d.override(local("12-02 21:20"), { action: "amend-vote-out", round: 1, out: [25] }, "改判"),
      null,
    );
    assert.equal(d.alive(13), true);
    assert.equal(d.state.seats[25]?.out?.cause, "vote");
  });

  test("refused, and nothing recorded: an open vote, no change, a seat twice, a seat out for another cause", () => {
    const d = airforce();
    const open = d.override(local("12-02 20:30"), { action: "amend-vote-out", round: 1, out: [14] }, "x");
    assert.deepEqual([open?.code, open?.details], ["override.vote-not-closed", { round: 1 }]);
    closeVote(d, "12-02", [14]);
    assert.equal(d.override(local("12-02 21:05"), { action: "eliminate", target: 20 }, "曝ID"), null);
    const before = d.log.length;
    const refusals = [
      d.override(local("12-02 21:10"), { action: "amend-vote-out", round: 1, out: [14] }, "x"),
      d.override(local("12-02 21:10"), { action: "amend-vote-out", round: 1, out: [15, 15] }, "x"),
      d.override(local("12-02 21:10"), { action: "amend-vote-out", round: 1, out: [20] }, "x"),
      d.override(local("12-02 21:10"), { action: "amend-vote-out", round: 1, out: [99] }, "x"),
      d.override(local("12-02 21:10"), { action: "amend-vote-out", round: 1, out: [15] }, " "),
      d.override(local("12-02 21:10"), { action: "amend-vote-out", round: 1, out: [15], house: 2 }, "x"),
    ];
    assert.deepEqual(
      refusals.map((r) => r?.code),
      [
        "override.same-vote-out",
        "override.duplicate-seat",
        "override.already-out",
        "override.unknown-seat",
        "override.no-reason",
        "override.unknown-house",
      ],
    );
    assert.equal(d.log.length, before);
    assert.equal(d.alive(15), true);
  });

  test("nobody out at all is a ruling too: the seat comes back and no one takes its place", () => {
    const d = airforce();
    closeVote(d, "12-02", [14]);
    assert.equal(
      d.override(local("12-02 21:20"), { action: "amend-vote-out", round: 1, out: [] }, "票无效"),
      null,
    );
    assert.equal(d.alive(14), true);
    assert.equal(d.state.seats.filter((s) => !s.alive).length, 0);
  });
});

describe("改判票杀 under the score rule (fengyun-57)", () => {
  // fengyun-57 seats: 0 an A killer, 8 an assassin, rangers 18–56.
  const A1 = 0;
  /**
   * Round 1 puts out 55 and 56; the assassin's post on 20 opens the codes. Round 2 puts out five: `onA1` seats vote A1
   * naming its code, everyone else votes 30–34 in turn.
   */
  function roundTwo(onA1: number): Driver {
    const d = new Driver(preset("fengyun-57"));
    let n = 0;
    d.everyoneVotes(local("12-02 10:00"), () => [n++ % 2 === 0 ? 55 : 56]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.post(local("12-02 21:05"), 8, 20), null);
    d.tick(local("12-02 21:30:01"));
    const code = d.state.seats[A1]?.code as string;
    for (let v = 21; v < 21 + onA1; v++)
      d.must({ type: "CastVote", at: local("12-03 10:00"), voter: v, targets: [A1], codes: [code] });
    let k = 0;
    d.everyoneVotes(local("12-03 11:00"), () => [30 + (k++ % 5)]);
    d.tick(local("12-03 21:00:01"));
    return d;
  }

  test("seed 000 「玩家在票杀和贴杀时需同步提交对于被票杀…人代号猜想」: the 出局代号 comes from the round's ballots, and the point goes as if the count had put the seat out", () => {
    const amended = roundTwo(3);
    assert.deepEqual([amended.alive(34), amended.alive(A1)], [false, true]);
    assert.equal(
      amended.override(
        local("12-03 21:10"),
        { action: "amend-vote-out", round: 2, out: [30, 31, 32, 33, A1] },
        "改判",
      ),
      null,
    );
    assert.equal(amended.alive(34), true);
    // The same seats put out by the count itself: A1's 20 votes, and 34 sixth.
    const counted = roundTwo(20);
    assert.deepEqual([counted.alive(34), counted.alive(A1)], [true, false]);
    const outOf = (d: Driver) =>
      summarize(d.state)
        .rounds.find((r) => r.round === 2)
        ?.out.find((o) => o.seat === A1);
    const a = outOf(amended);
    assert.equal(a?.cause, "vote");
    assert.equal(a?.outCode, amended.state.seats[A1]?.code, "the code its voters named");
    assert.ok(a?.points, "its point went somewhere");
    assert.deepEqual(a?.points, outOf(counted)?.points);
  });
});

describe("改判票杀 keeps what the close decided besides the vote (review finds)", () => {
  test(`a 领票人 also voted out, dropped by the ruling, stays out as its bomb's 领票人 (${leadVoter})`, () => {
    // fengyun-57: 13 is the black bomb. Seat 20 votes it first; the votes split between 13 and 20, both out.
    const d = new Driver(preset("fengyun-57"));
    d.must({ type: "CastVote", at: local("12-02 09:00"), voter: 20, targets: [13] });
    d.everyoneVotes(local("12-02 10:00"), (v) => [v % 2 ? 13 : 20]);
    d.tick(local("12-02 21:00:01"));
    assert.deepEqual([d.state.seats[13]?.out?.cause, d.state.seats[20]?.out?.cause], ["vote", "vote"]);
    assert.equal(
      d.override(local("12-02 21:10"), { action: "amend-vote-out", round: 1, out: [13, 30] }, "改判"),
      null,
    );
    assert.deepEqual(d.state.seats[20]?.out, { round: 1, cause: "bomb", at: local("12-02 21:10") });
    assert.equal(d.state.seats[30]?.out?.cause, "vote");
  });

  test("seed 000 「不投票者或迟到者算自杀」: a non-voter the ruling no longer has voted out is out for not voting", () => {
    const d = new Driver(preset("fengyun-57"));
    d.everyoneVotes(local("12-02 20:00"), (v) => (v === 56 ? [] : [v === 20 ? 54 : 56]));
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.state.seats[56]?.out?.cause, "vote");
    assert.equal(
      d.override(local("12-02 21:10"), { action: "amend-vote-out", round: 1, out: [54] }, "计票有误"),
      null,
    );
    assert.equal(d.state.seats[56]?.out?.cause, "suicide");
  });

  test("RULINGS 13 (referee names the 领票人): amended out and back, the bomb's 领票人 is asked afresh and can be named", () => {
    const rules = preset("airforce-40");
    const d = new Driver({ ...rules, vote: { ...rules.vote, leadVoter: "referee" } });
    d.must({ type: "CastVote", at: local("12-02 19:00"), voter: 25, targets: [13] });
    d.everyoneVotes(local("12-02 20:00"), () => [13]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(
      d.override(local("12-02 21:05"), { action: "decide-lead-voter", round: 1, bomb: 13, leadVoter: 25 }),
      null,
    );
    assert.equal(
      d.override(local("12-02 21:10"), { action: "amend-vote-out", round: 1, out: [14] }, "x"),
      null,
    );
    assert.deepEqual(
      [d.alive(13), d.alive(25), d.state.rounds[1]?.leadVoterDecisions],
      [true, true, undefined],
    );
    assert.equal(
      d.override(local("12-02 21:20"), { action: "amend-vote-out", round: 1, out: [13] }, "改回"),
      null,
    );
    assert.equal(d.state.rounds[1]?.leadVoterDecisions?.length, 1);
    assert.equal(
      d.override(local("12-02 21:30"), { action: "decide-lead-voter", round: 1, bomb: 13, leadVoter: 26 }),
      null,
    );
    assert.deepEqual([d.alive(25), d.state.seats[26]?.out?.cause], [true, "bomb"]);
  });
});

describe("改判票杀 with two bombs that took the same 领票人 (a custom rule set)", () => {
  test(`dropping one bomb leaves the 领票人 out as the other's (${leadVoter})`, () => {
    const d = twoBombsOneLeadVoter();
    assert.deepEqual([d.alive(12), d.alive(13), d.alive(25)], [false, false, false]);
    assert.equal(
      d.override(local("12-02 21:20"), { action: "amend-vote-out", round: 1, out: [13] }, "明弹的票作废"),
      null,
    );
    assert.equal(d.alive(12), true);
    assert.equal(d.state.seats[25]?.out?.cause, "bomb", "the kept bomb took 25 too");
    const last = d.events("PlayerOut").at(-1);
    assert.deepEqual([last?.seat, last?.by], [25, 13]);
  });
});
