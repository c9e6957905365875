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
  // Round 2, after round 1's results post: every killer and lover (seats 0-7) goes out, and a swordsman's 500-字 post
  // (a 白条) on the assassin (8) is released at 21:30. The referee moves the 白条's deadline past round 2's vote: its
  // failure would bring the assassin back, so the end waits for it (and for the 领票人, still open).
  assert.equal(d.post(local("12-02 21:05"), 10, 8, 500), null);
  for (let seat = 0; seat <= 7; seat++) {
    assert.equal(d.override(local("12-02 21:20"), { action: "eliminate", target: seat }, "违规判出局"), null);
  }
  d.tick(local("12-02 21:30:01"));
  assert.equal(d.alive(8), false);
  const extend = { action: "extend", deadline: "iou", until: local("12-04 10:00") } as const;
  assert.equal(d.override(local("12-02 21:40"), extend, "白条延期"), null);
  const waits = summarize(d.state).result.endingWaits;
  // The 领票人 is still open, but no choice of it changes the winner (many whites live): only the 白条 is named, and
  // the post's complaint window (RULINGS 16: an upheld complaint would bring the assassin back too).
  assert.deepEqual(waits?.on, [
    { kind: "iou", round: 2 },
    { kind: "complaint-window", round: 2 },
  ]);
  assert.equal(waits?.since, 2);
  // Still waiting after round 2's results post: it came to hold in round 2, not in the round now running.
  d.everyoneVotes(local("12-03 10:00"), () => [39]);
  d.tick(local("12-03 21:00:01"));
  assert.equal(d.state.rounds[2]?.closed, true);
  assert.equal(summarize(d.state).result.endingWaits?.since, 2);
});
