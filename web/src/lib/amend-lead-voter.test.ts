// The desk's 改定领票人 choices, read off the referee's full state of a real 空军 game.
import assert from "node:assert/strict";
import { test } from "node:test";
import { hiddenBombVotedOut, local, preset } from "../../../src/engine/test-kit.ts";
import { leadVoterChoices } from "./amend-lead-voter.ts";

test("the bomb voted out, the seat it took, and its voters earliest first", () => {
  const [choice, ...more] = leadVoterChoices(hiddenBombVotedOut().state, 1);
  assert.deepEqual(more, []);
  assert.equal(choice?.bomb, 13);
  assert.equal(choice?.taken, 25);
  assert.deepEqual(choice?.voters.slice(0, 2), [25, 26]);
  assert.ok(!choice?.voters.includes(13), "the bomb did not vote for itself");
  assert.deepEqual(leadVoterChoices(hiddenBombVotedOut().state, 2), [], "no close yet in round 2");
});

test("under leadVoter 「referee」, a bomb waiting for its first naming is not offered", () => {
  const rules = preset("airforce-40");
  const d = hiddenBombVotedOut({ ...rules, vote: { ...rules.vote, leadVoter: "referee" } });
  assert.deepEqual(leadVoterChoices(d.state, 1), []);
  assert.equal(
    d.override(local("12-02 21:10"), { action: "decide-lead-voter", round: 1, bomb: 13, leadVoter: 26 }),
    null,
  );
  assert.equal(leadVoterChoices(d.state, 1)[0]?.taken, 26);
});
