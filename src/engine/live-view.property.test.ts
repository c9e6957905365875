// Property: over random games, a reader of live views that appends each view's new ballots to those it holds has
// every vote thread's whole list, the one viewFor gives, after every step.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { simulate } from "./sim.ts";
import { local, preset } from "./test-kit.ts";
import { type BallotMarks, type BallotView, liveViewFor, type Viewer, viewFor } from "./view.ts";

/** The threads of a view by key (`round/house`), as a reader finds them: each round's own thread and `houses`. */
function threads(view: ReturnType<typeof viewFor>) {
  return view.rounds.flatMap((r) => [
    { key: `${r.round}/${r.house}`, vote: r.vote },
    ...(r.houses ?? []).map((h) => ({ key: `${r.round}/${h.house}`, vote: h.vote })),
  ]);
}

test("live views, appended in order, hold every ballot of every open thread (≥ 60 games)", () => {
  const rules = preset("fengyun-57");
  let compared = 0;
  fc.assert(
    fc.property(
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.integer({ min: 1, max: 3 }),
      (seed, maxRounds) => {
        const readers: { viewer: Viewer; marks: BallotMarks; held: Map<string, BallotView[]> }[] = [
          { viewer: { kind: "public" }, marks: new Map(), held: new Map() },
          { viewer: { kind: "seat", seat: 20 }, marks: new Map(), held: new Map() },
          { viewer: { kind: "referee" }, marks: new Map(), held: new Map() },
        ];
        let step = 0;
        simulate(rules, seed, local("12-01 21:00:00"), {
          maxRounds,
          changes: 1,
          onStep: (state) => {
            // A reader reads every few steps, as a stream's views come at most once a second.
            if (++step % 7 !== 0 || state.status === "idle") return;
            for (const r of readers) {
              const live = liveViewFor(state, r.viewer, r.marks);
              r.marks = live.marks;
              const next = new Map<string, BallotView[]>();
              for (const { key, vote } of threads(live.view)) {
                if (!vote || next.has(key)) continue;
                const before = vote.castsFrom === 0 ? [] : r.held.get(key);
                assert.equal(
                  before?.length,
                  vote.castsFrom,
                  `${key}: a view continues what the reader holds`,
                );
                next.set(key, [...(before ?? []), ...vote.casts]);
              }
              r.held = next;
              for (const { key, vote } of threads(viewFor(state, r.viewer))) {
                assert.deepEqual(next.get(key), vote?.casts, `${key}: the reader's list is the whole view's`);
                if (vote) compared++;
              }
            }
          },
        });
      },
    ),
    { numRuns: 60, seed: 20261201 },
  );
  assert.ok(compared > 500, `only ${compared} lists compared`);
});
