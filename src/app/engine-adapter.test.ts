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

test("after 杀刺联合 the board's 本轮进程 gives the merged group's posts, not each group's as the plan wrote them", () => {
  // Seed 002: "杀刺联合：…合并出帖" — the round's posts of 联合杀手, 情侣刺客 and 独刺 go to 杀刺 together.
  const rules = preset("airforce-40");
  const { events } = simulate(rules, "adapter-merge", local("12-01 21:00:00"));
  const merged = rules.alliances.flatMap((a) => a.effects).find((e) => e.kind === "merge-groups");
  assert.ok(merged && merged.kind === "merge-groups");
  let state = realEngine.replay([]);
  let formed = false;
  let checked = false;
  for (const e of events) {
    state = realEngine.evolve(state, e);
    if (e.type === "AllianceFormed") formed = true;
    if (formed && e.type === "RoundOpened") {
      const plan = realEngine.view(state, { kind: "public" })!.postPlan!;
      for (const g of merged.groups)
        assert.equal(plan.posts[g], undefined, `${g} posts as part of ${merged.into}`);
      const written = merged.groups.reduce((n, g) => n + (e.plan.posts[g] ?? 0), 0);
      // This seed's round after the alliance has posts for the merged groups, so the sum below is always checked.
      assert.ok(written > 0, "the round after the alliance gives the merged groups posts");
      assert.equal(plan.posts[merged.into], written);
      checked = true;
      break;
    }
  }
  assert.ok(checked, "the simulated game formed the alliance and opened a round after it");
});
