// viewFor under 两府制: each seat reads its own house's vote thread; the public and the referee read both.
import assert from "node:assert/strict";
import { test } from "node:test";
import { RuleSet } from "../rules/schema.ts";
import { Driver, fixedSeats, local, preset } from "./test-kit.ts";
import { liveViewFor, type VoteView, viewFor } from "./view.ts";

/** 风云 with two houses: even seats in house 1, odd seats in house 2. */
function twoHouses(): Driver {
  const base = preset("fengyun-57");
  const rules = RuleSet.parse({ ...base, win: { ...base.win, houses: 2 } });
  const seats = fixedSeats(rules).map((s, i) => ({ ...s, house: (i % 2) + 1 }));
  return new Driver(rules, local("12-01 21:00:00"), seats);
}

test("两府制: a house-2 seat sees its own house's thread, a house-1 seat its own; the public sees both", () => {
  const d = twoHouses();
  const at = local("12-02 20:00:00");
  // House 2 (odd seats) votes for seat 55, house 1 (even seats) for seat 56: each within its own house.
  assert.equal(d.vote(at, 1, 55), null);
  assert.equal(d.vote(at, 3, 55), null);
  assert.equal(d.vote(at, 0, 56), null);

  const round = (v: ReturnType<typeof viewFor>) => v.rounds.find((r) => r.round === 1)!;
  const h2 = round(viewFor(d.state, { kind: "seat", seat: 1 }));
  assert.equal(h2.house, 2);
  assert.deepEqual(
    h2.vote?.casts.map((c) => c.voter),
    [1, 3],
  );
  const h1 = round(viewFor(d.state, { kind: "seat", seat: 0 }));
  assert.equal(h1.house, 1);
  assert.deepEqual(
    h1.vote?.casts.map((c) => c.voter),
    [0],
  );

  const pub = round(viewFor(d.state, { kind: "public" }));
  assert.deepEqual(
    pub.houses?.map((h) => [h.house, h.vote?.casts.map((c) => c.voter)]),
    [
      [1, [0]],
      [2, [1, 3]],
    ],
  );
  // One thread only: no `houses`, and every seat reads house 1.
  const single = new Driver(preset("fengyun-57"));
  assert.equal(single.vote(at, 1, 55), null);
  const one = round(viewFor(single.state, { kind: "seat", seat: 1 }));
  assert.equal(one.houses, null);
  assert.equal(one.house, 1);
  assert.deepEqual(
    one.vote?.casts.map((c) => c.voter),
    [1],
  );
});

test("liveViewFor lists only the ballots after those the reader holds; house 1's thread lists the same ones twice", () => {
  const d = twoHouses();
  const at = local("12-02 20:00:00");
  assert.equal(d.vote(at, 0, 56), null);
  assert.equal(d.vote(at, 1, 55), null);
  const pub = { kind: "public" } as const;
  const first = liveViewFor(d.state, pub, new Map());
  const r1 = first.view.rounds.find((r) => r.round === 1)!;
  assert.deepEqual([r1.vote?.castsFrom, r1.vote?.castCount], [0, 1]);

  assert.equal(d.vote(at, 2, 56), null);
  assert.equal(d.vote(at, 4, 54), null);
  assert.equal(d.vote(at, 3, 55), null);
  const second = liveViewFor(d.state, pub, first.marks);
  const r2 = second.view.rounds.find((r) => r.round === 1)!;
  const summary = (v: VoteView | null | undefined) => [
    v?.castsFrom,
    v?.castCount,
    v?.casts.map((c) => c.voter),
  ];
  assert.deepEqual(summary(r2.vote), [1, 3, [2, 4]]);
  assert.deepEqual(
    r2.houses?.map((h) => summary(h.vote)),
    [
      [1, 3, [2, 4]],
      [1, 2, [3]],
    ],
  );
  // The referee's full state holds every ballot of every round: only the whole view carries it.
  assert.equal(liveViewFor(d.state, { kind: "referee" }, new Map()).view.referee, null);
  assert.equal(viewFor(d.state, { kind: "referee" }).referee, d.state);
  // Nothing new: nothing listed. The whole view still lists every ballot.
  const third = liveViewFor(d.state, pub, second.marks).view.rounds.find((r) => r.round === 1)!;
  assert.deepEqual(summary(third.vote), [3, 3, []]);
  assert.deepEqual(
    viewFor(d.state, pub)
      .rounds.find((r) => r.round === 1)!
      .vote?.casts.map((c) => c.voter),
    [0, 2, 4],
  );
});

test("两府制, seed 000 「哨子最大」 (RULINGS 23): the referee voids a ballot in house 2 as in house 1", () => {
  const d = twoHouses();
  const at = local("12-02 20:00:00");
  assert.equal(d.vote(at, 0, 56), null);
  assert.equal(d.vote(at, 1, 55), null);
  // Before, house 2's ballot was not found (only house 1's thread was searched): override.no-vote.
  assert.equal(d.override(local("12-02 20:10"), { action: "void-vote", voter: 1 }, "冒名投票"), null);
  assert.equal(d.override(local("12-02 20:11"), { action: "void-vote", voter: 0 }, "冒名投票"), null);
  const pub = viewFor(d.state, { kind: "public" }).rounds.find((r) => r.round === 1)!;
  assert.deepEqual(
    pub.houses?.map((h) => [h.house, h.vote?.casts.length]),
    [
      [1, 0],
      [2, 0],
    ],
  );
});
