// 改定领票人: the referee names another 领票人 for a bomb voted out; the one it took comes back.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { summarize } from "./summary.ts";
import { hiddenBombVotedOut, local, preset, twoBombsOneLeadVoter } from "./test-kit.ts";

const whistle = "seed 002 「游戏中哨子最大！游戏中如发生意外情况，以哨子的最终判断结果为准。」";
const leadVoter = "seed 002 暗弹 「如被票出，带走领票人」";

describe(`改定领票人 — ${whistle}`, () => {
  test(`the seat the bomb took comes back, the one named goes out as its 领票人, published at once (${leadVoter})`, () => {
    const d = hiddenBombVotedOut();
    assert.deepEqual([d.state.seats[13]?.out?.cause, d.state.seats[25]?.out?.cause], ["vote", "bomb"]);
    assert.equal(
      d.override(
        local("12-02 21:10"),
        { action: "amend-lead-voter", round: 1, bomb: 13, leadVoter: 26 },
        "25号的票已改投",
      ),
      null,
    );
    assert.equal(d.alive(25), true);
    assert.deepEqual(d.state.seats[26]?.out, { round: 1, cause: "bomb", at: local("12-02 21:10") });
    assert.equal(d.state.seats[26]?.revealed, true);
    assert.deepEqual(d.events("OverrideApplied").at(-1)?.override, {
      action: "amend-lead-voter",
      round: 1,
      bomb: 13,
      leadVoter: 26,
      previous: 25,
    });
    assert.deepEqual(d.state.fireworks, [{ round: 1, bomb: 13, victim: 26, via: "vote" }]);
    const round1 = summarize(d.state).rounds.find((r) => r.round === 1);
    assert.equal(round1?.out.find((o) => o.seat === 26)?.via, "vote", "listed as the bomb's 领票人");
  });

  test("refused, and nothing recorded: no bomb, the same 领票人, a seat that did not vote for it, an out seat", () => {
    const d = hiddenBombVotedOut();
    assert.equal(d.override(local("12-02 21:05"), { action: "eliminate", target: 27 }, "曝ID"), null);
    const before = d.log.length;
    const amend = (bomb: number, lead: number) =>
      d.override(local("12-02 21:10"), { action: "amend-lead-voter", round: 1, bomb, leadVoter: lead }, "x")
        ?.code;
    assert.deepEqual(
      [amend(14, 26), amend(13, 25), amend(13, 13), amend(13, 27)],
      [
        "override.not-a-voted-bomb",
        "override.same-lead-voter",
        "override.not-a-voter",
        "override.already-out",
      ],
    );
    assert.equal(d.log.length, before);
  });

  test("RULINGS 13 (referee names the 领票人): before the first naming it is refused; after it, the naming is changed", () => {
    const rules = preset("airforce-40");
    const d = hiddenBombVotedOut({ ...rules, vote: { ...rules.vote, leadVoter: "referee" } });
    const amend = () =>
      d.override(
        local("12-02 21:20"),
        { action: "amend-lead-voter", round: 1, bomb: 13, leadVoter: 26 },
        "改定",
      );
    assert.equal(amend()?.code, "override.lead-voter-unnamed");
    assert.equal(
      d.override(local("12-02 21:10"), { action: "decide-lead-voter", round: 1, bomb: 13, leadVoter: 25 }),
      null,
    );
    assert.equal(amend(), null);
    assert.deepEqual([d.alive(25), d.state.seats[26]?.out?.cause], [true, "bomb"]);
    assert.equal(d.state.rounds[1]?.leadVoterDecisions?.[0]?.decided, 26);
  });
});

describe("改定领票人 where two bombs took the same 领票人 (a custom rule set)", () => {
  test(`the 领票人 stays out as the other bomb's, and the one named goes out (${leadVoter})`, () => {
    const d = twoBombsOneLeadVoter();
    assert.equal(
      d.override(
        local("12-02 21:10"),
        { action: "amend-lead-voter", round: 1, bomb: 12, leadVoter: 26 },
        "25号对明弹的票已改投",
      ),
      null,
    );
    assert.equal(d.alive(25), false, "暗弹 13 took 25 as well");
    const outs = d.events("PlayerOut").slice(-2);
    assert.deepEqual(
      outs.map((e) => [e.seat, e.cause, e.by]),
      [
        [25, "bomb", 13],
        [26, "bomb", 12],
      ],
    );
  });
});
