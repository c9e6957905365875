// The desk's 改定领票人 choices, read off the referee's full state of a real 空军 game.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Driver, local, preset } from "../../../src/engine/test-kit.ts";
import { leadVoterChoices } from "./amend-lead-voter.ts";

// 空军 seats: hidden bomb 13, rangers 14–39. Round 1: 25 then 26 vote the bomb, everyone else too; 13 votes 14.
function bombOut(rules = preset("airforce-40")): Driver {
  const d = new Driver(rules);
  d.must({ type: "CastVote", at: local("12-02 18:00"), voter: 25, targets: [13] });
  d.must({ type: "CastVote", at: local("12-02 19:00"), voter: 26, targets: [13] });
  d.everyoneVotes(local("12-02 20:00"), (v) => [v === 13 ? 14 : 13]);
  d.tick(local("12-02 21:00:01"));
  return d;
}

test("the bomb voted out, the seat it took, and its voters earliest first", () => {
  const [choice, ...more] = leadVoterChoices(bombOut().state, 1);
  assert.deepEqual(more, []);
  assert.equal(choice?.bomb, 13);
  assert.equal(choice?.taken, 25);
  assert.deepEqual(choice?.voters.slice(0, 2), [25, 26]);
  assert.ok(!choice?.voters.includes(13), "the bomb did not vote for itself");
  assert.deepEqual(leadVoterChoices(bombOut().state, 2), [], "no close yet in round 2");
});

test("under leadVoter 「referee」, a bomb waiting for its first naming is not offered", () => {
  const rules = preset("airforce-40");
  const d = bombOut({ ...rules, vote: { ...rules.vote, leadVoter: "referee" } });
  assert.deepEqual(leadVoterChoices(d.state, 1), []);
  assert.equal(
    d.override(local("12-02 21:10"), { action: "decide-lead-voter", round: 1, bomb: 13, leadVoter: 26 }),
    null,
  );
  assert.equal(leadVoterChoices(d.state, 1)[0]?.taken, 26);
});
