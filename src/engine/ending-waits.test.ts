// The round an ending that waits for the referee came to hold in (summary result.endingWaits.since).
import assert from "node:assert/strict";
import { test } from "node:test";
import { RuleSet } from "../rules/schema.ts";
import { summarize } from "./summary.ts";
import { Driver, local, preset } from "./test-kit.ts";

test("seed 000 「投票结束后，由哨子公布被票杀者身份以及被帖杀者身份」: an ending reached in round 2 is not round 1's to tell", () => {
  const base = preset("airforce-40");
  const d = new Driver(RuleSet.parse({ ...base, vote: { ...base.vote, leadVoter: "referee" } }));
  // Round 1: the 暗弹 (seat 13) is voted out and waits for its 领票人.
  d.everyoneVotes(local("12-02 10:00"), (v) => [v % 3 === 2 || v === 13 ? 39 : 13]);
  d.tick(local("12-02 21:00:01"));
  assert.equal(summarize(d.state).result.endingWaits, undefined);
  // Round 2, after round 1's results post: every killer, lover and assassin (seats 0-8) goes out.
  for (let seat = 0; seat <= 8; seat++) {
    assert.equal(d.override(local("12-02 21:20"), { action: "eliminate", target: seat }, "违规判出局"), null);
  }
  const waits = summarize(d.state).result.endingWaits;
  assert.deepEqual(waits?.on, [{ kind: "lead-voter", round: 1 }]);
  assert.equal(waits?.since, 2);
  // Still waiting after round 2's results post: it came to hold in round 2, not in the round now running.
  d.everyoneVotes(local("12-03 10:00"), () => [39]);
  d.tick(local("12-03 21:00:01"));
  assert.equal(d.state.rounds[2]?.closed, true);
  assert.equal(summarize(d.state).result.endingWaits?.since, 2);
});
