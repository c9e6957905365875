// The API view of a finished game: the score rule's totals and each round's, 7kill's points per seat.
import assert from "node:assert/strict";
import { test } from "node:test";
import { simulateDayNight } from "../engine/night/sim.ts";
import { simulate } from "../engine/sim.ts";
import { summarize } from "../engine/summary.ts";
import { local, preset } from "../engine/test-kit.ts";
import { realEngine } from "./engine-adapter.ts";

test("a finished score game's view carries the final totals and every round's, as the results posts give them", () => {
  const { state } = simulate(preset("fengyun-57"), "adapter", local("12-01 21:00:00"));
  assert.equal(state.status, "ended", "the simulated game runs to its end");
  const result = realEngine.view(state, { kind: "public" })!.result;
  const summary = summarize(state);
  assert.deepEqual(result?.scores?.black, summary.result.scores?.black);
  assert.deepEqual(result?.scores?.white, summary.result.scores?.white);
  assert.deepEqual(
    result?.scores?.rounds.map((r) => r.round),
    summary.rounds.filter((r) => r.scores).map((r) => r.round),
  );
  assert.ok((result?.scores?.rounds.length ?? 0) > 0);
  assert.equal(result?.points, undefined, "no 7kill points in a score game");
});

test("a finished 7kill game's view carries each seat's points (seed 001 2.2); a running one carries none", () => {
  const { state } = simulateDayNight(preset("sevenkill-16"), "adapter", local("12-01 20:00:00"));
  assert.equal(state.status, "ended");
  const points = realEngine.view(state, { kind: "public" })!.result?.points;
  assert.equal(points?.length, 16);
  const winners = points?.filter((p) => p.points > 0) ?? [];
  assert.ok(winners.length > 0, "the winning camp has points");
  assert.equal(realEngine.view(state, { kind: "public" })!.result?.scores, undefined);
});
