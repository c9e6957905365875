// The desk's 改判票杀 choices, read off the referee's view of a real 空军 game.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Driver, local, preset } from "../../../src/engine/test-kit.ts";
import { viewFor } from "../../../src/engine/view.ts";
import { amendableRounds, amendCandidates, tallyHouses } from "./amend-vote-out.ts";

// 空军 seats: hidden bomb 13, rangers 14–39. Round 1: seat 25 votes the bomb first; the rest give 14 half their
// ballots, 15 a third and 13 a sixth.
function game(): Driver {
  const d = new Driver(preset("airforce-40"));
  d.must({ type: "CastVote", at: local("12-02 19:00"), voter: 25, targets: [13] });
  let n = 0;
  d.everyoneVotes(local("12-02 20:00"), () => [[14, 14, 14, 15, 15, 13][n++ % 6] as number]);
  d.tick(local("12-02 21:00:01"));
  return d;
}

test("only closed rounds can be corrected, newest first", () => {
  const d = game();
  const view = viewFor(d.state, { kind: "referee" });
  assert.deepEqual(amendableRounds(view.rounds), [1]);
  assert.deepEqual(tallyHouses(view.rounds[0]), [1]);
});

test("the tallied seats come most votes first, the one voted out ticked, a seat out for something else not choosable", () => {
  const d = game();
  assert.equal(d.state.seats[14]?.out?.cause, "vote");
  assert.equal(d.override(local("12-02 21:05"), { action: "eliminate", target: 15 }, "曝ID"), null);
  const candidates = amendCandidates(viewFor(d.state, { kind: "referee" }), 1, 1);
  assert.deepEqual(
    candidates.map((c) => [c.seat, c.votedOut, c.outOtherwise]),
    [
      [14, true, false],
      [15, false, true],
      [13, false, false],
    ],
  );
  assert.ok((candidates[0]?.votes ?? 0) > (candidates[2]?.votes ?? 0));
  // After the ruling, the bomb is the one voted out, and the seat it replaced is a plain candidate again.
  assert.equal(
    d.override(local("12-02 21:10"), { action: "amend-vote-out", round: 1, out: [13] }, "改判"),
    null,
  );
  const after = amendCandidates(viewFor(d.state, { kind: "referee" }), 1, 1);
  assert.deepEqual(
    after.filter((c) => c.votedOut).map((c) => c.seat),
    [13],
  );
});
