// The progression's reach: the rule set's rounds, and the rounds the referee adds past them (进程微调).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { plannedRounds } from "./plan.ts";
import { summarize } from "./summary.ts";
import { closeVote, Driver, local, preset } from "./test-kit.ts";

const adjust = "seed 000 「注：因场上或有不确定的因素，哨子保留微调进程的权利」";

/** 风云 cut to its first round, without the early end, so the progression alone decides when it stops. */
function oneRoundFengyun(): Driver {
  const base = preset("fengyun-57");
  if (base.win.kind !== "score") throw new Error("fengyun-57 is a score game");
  return new Driver({
    ...base,
    progression: base.progression.filter((p) => p.round === 1),
    win: { ...base.win, endEarly: false },
  });
}

describe(`a round the referee adds past the rule set's last is played — ${adjust}`, () => {
  test("without it the score game ends with the progression", () => {
    const d = oneRoundFengyun();
    closeVote(d, "12-02", [40, 41]);
    assert.equal(summarize(d.state).result.why?.kind, "progression-ended");
  });

  test("with it the next round opens with the plan set, and the game ends after that round", () => {
    const d = oneRoundFengyun();
    const plan = { action: "set-progression", round: 2, votesPerVoter: 1, voteOut: 3, posts: {} } as const;
    assert.equal(d.override(local("12-02 12:00"), plan, "场上人多，加一轮"), null);
    closeVote(d, "12-02", [40, 41]);
    assert.equal(summarize(d.state).result.ended, false);
    assert.equal(d.state.rounds[2]?.plan.voteOut, 3);
    closeVote(d, "12-03", [42, 43, 44]);
    const result = summarize(d.state).result;
    assert.deepEqual([result.ended, result.why?.kind], [true, "progression-ended"]);
    assert.deepEqual(
      [42, 43, 44].map((s) => d.state.seats[s]?.out?.round),
      [2, 2, 2],
    );
  });
});

test("the rounds planned, as the early end (提前结束) counts the deaths left: the rule set's, then up to the last added", () => {
  const d = new Driver(preset("fengyun-57"));
  assert.deepEqual(plannedRounds(d.state, d.rules), [1, 2, 3, 4, 5, 6, 7]);
  assert.equal(
    d.override(local("12-02 12:00"), { action: "set-progression", round: 9, voteOut: 2 }, "加两轮"),
    null,
  );
  assert.deepEqual(plannedRounds(d.state, d.rules), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.equal(plannedRounds(new Driver(preset("sevenkill-16")).state, preset("sevenkill-16")), null);
});
