// fillBallots: a live stream's views list only new ballots; the page rebuilds each thread's whole list.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { GameView } from "../../../src/server/api-types.ts";
import type { BallotView, RoundView, VoteView } from "./engine-view.ts";
import { fillBallots, type HeldBallots, noBallotsHeld } from "./held-ballots.ts";

const ballot = (voter: number): BallotView => ({ voter, targets: [1], at: voter, proxy: false });

function vote(from: number, count: number, voters: number[]): VoteView {
  return {
    stage: "regular",
    closesAt: 0,
    candidates: null,
    casts: voters.map(ballot),
    castsFrom: from,
    castCount: count,
    abstainAllowed: false,
  };
}

/** A view whose round 1 has `vote` as its own thread (house `house`) and, with two houses, `houses`. */
function viewOf(house: number, own: VoteView | null, houses: VoteView[] | null = null): GameView {
  const round = {
    round: 1,
    house,
    vote: own,
    houses: houses ? houses.map((v, i) => ({ house: i + 1, vote: v, tieBreak: null })) : null,
  } as Partial<RoundView> as RoundView;
  return {
    round: 1,
    unitNames: {},
    phase: "vote",
    seats: [],
    deadlines: [],
    tally: [],
    roleCard: null,
    myVote: null,
    voteChanges: null,
    result: null,
    engine: { rounds: [round], seats: [] },
  };
}

const voters = (v: GameView | null, which: "own" | number = "own"): number[] | undefined => {
  const r = (v!.engine as { rounds: RoundView[] }).rounds[0]!;
  const thread = which === "own" ? r.vote : r.houses![which]!.vote;
  return thread?.casts.map((c) => c.voter);
};

test("the first view starts each list; later views append to it; the shown view lists every ballot", () => {
  const a = fillBallots(viewOf(1, vote(0, 2, [5, 6])), noBallotsHeld)!;
  assert.deepEqual(voters(a.view), [5, 6]);
  const b = fillBallots(viewOf(1, vote(2, 3, [7])), a.held)!;
  assert.deepEqual(voters(b.view), [5, 6, 7]);
  const c = fillBallots(viewOf(1, vote(3, 3, [])), b.held)!;
  assert.deepEqual(voters(c.view), [5, 6, 7], "a view with nothing new keeps the list");
  // An override removed a ballot: the server sends the list whole again.
  const d = fillBallots(viewOf(1, vote(0, 2, [6, 7])), c.held)!;
  assert.deepEqual(voters(d.view), [6, 7]);
});

test("两府制: house 1's thread appears as `vote` and in `houses`, and both show its whole list", () => {
  const a = fillBallots(viewOf(1, vote(0, 1, [2]), [vote(0, 1, [2]), vote(0, 1, [3])]), noBallotsHeld)!;
  const b = fillBallots(viewOf(1, vote(1, 2, [4]), [vote(1, 2, [4]), vote(1, 2, [5])]), a.held)!;
  assert.deepEqual(voters(b.view), [2, 4]);
  assert.deepEqual(voters(b.view, 0), [2, 4]);
  assert.deepEqual(voters(b.view, 1), [3, 5]);
});

test("a view listing ballots after some the page does not hold is refused, not shown short", () => {
  assert.equal(fillBallots(viewOf(1, vote(2, 3, [7])), noBallotsHeld), null);
  const held: HeldBallots = new Map([["1/1", [ballot(5)]]]);
  assert.equal(fillBallots(viewOf(1, vote(2, 3, [7])), held), null, "one held where two were sent");
  assert.equal(fillBallots(viewOf(2, vote(1, 2, [7])), held), null, "held for another house's thread");
});

test("a closed vote and a view without an engine part pass through", () => {
  const closed = fillBallots(viewOf(1, null), new Map([["1/1", [ballot(5)]]]))!;
  assert.equal(voters(closed.view), undefined);
  assert.equal(closed.held.size, 0, "a closed thread's list is dropped");
  assert.deepEqual(fillBallots(null, noBallotsHeld), { view: null, held: noBallotsHeld });
});
