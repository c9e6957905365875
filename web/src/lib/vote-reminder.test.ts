// missingVoteCost: the 投票机 tab flags a missing ballot only for a living player who owes one and has none yet.
import assert from "node:assert/strict";
import { test } from "node:test";
import { missingVoteCost, nonVotingCost } from "./vote-reminder.ts";

const suicide = { outcome: "suicide" as const, excusedRounds: [1] };
const warning = { outcome: "abstain-warning" as const, excusedRounds: [] };
const seats = [
  { seat: 0, alive: true },
  { seat: 1, alive: true },
  { seat: 2, alive: false },
];
const player = { kind: "player" as const, memberKind: "player" as const, seat: 1 };
const regular = (round: number) => ({ round, vote: { stage: "regular" as const } });
const base = { viewer: player, seats, voting: regular(2), myVote: null, nonVoting: suicide };

test("a living player with no ballot in an open regular vote is told what not voting costs", () => {
  assert.equal(missingVoteCost(base), "suicide");
  assert.equal(missingVoteCost({ ...base, nonVoting: warning, voting: regular(1) }), "warning");
});

test("gone once the player has a standing ballot, 弃权 included", () => {
  assert.equal(missingVoteCost({ ...base, myVote: { targets: [0] } }), null);
  assert.equal(missingVoteCost({ ...base, myVote: { targets: [] } }), null);
});

test("nothing where not voting costs nothing: an excused round, a plain 弃权 rule", () => {
  assert.equal(missingVoteCost({ ...base, voting: regular(1) }), null, "空军 round 1 is excused");
  assert.equal(
    missingVoteCost({ ...base, nonVoting: { outcome: "abstain", excusedRounds: [] } }),
    null,
    "counted as 弃权 with no warning",
  );
  assert.equal(missingVoteCost({ ...base, nonVoting: undefined }), null);
});

test("nothing while no regular vote is open: none open, or an overtime (RULINGS 11)", () => {
  assert.equal(missingVoteCost({ ...base, voting: null }), null);
  assert.equal(missingVoteCost({ ...base, voting: { round: 2, vote: null } }), null);
  assert.equal(missingVoteCost({ ...base, voting: { round: 2, vote: { stage: "overtime" } } }), null);
});

test("nothing for referees, out players (a post victim's half vote included), replaced players and onlookers", () => {
  assert.equal(
    missingVoteCost({ ...base, viewer: { kind: "referee", memberKind: "referee", seat: null } }),
    null,
  );
  assert.equal(
    missingVoteCost({ ...base, viewer: { kind: "dead-player", memberKind: "player", seat: 2 } }),
    null,
  );
  assert.equal(
    missingVoteCost({ ...base, viewer: { kind: "dead-player", memberKind: "player", seat: null } }),
    null,
  );
  assert.equal(missingVoteCost({ ...base, viewer: { kind: "public", memberKind: null, seat: null } }), null);
  // A seat the view shows out, before the membership refetch has caught up with it.
  assert.equal(missingVoteCost({ ...base, viewer: { ...player, seat: 2 } }), null);
});

test("nonVotingCost: the vote page's words for each rule", () => {
  assert.equal(nonVotingCost(suicide, 2), "suicide");
  assert.equal(nonVotingCost(suicide, 1), null);
  assert.equal(nonVotingCost(warning, 1), "warning");
  assert.equal(nonVotingCost(undefined, 3), null);
});
