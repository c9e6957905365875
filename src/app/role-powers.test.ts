// The role card's powers come from the rule set's role as told.
import assert from "node:assert/strict";
import { test } from "node:test";
import { presets } from "../rules/presets/index.ts";
import { RuleSet } from "../rules/schema.ts";
import { rolePowers } from "./role-powers.ts";

const rules = (id: string) => RuleSet.parse(presets[id]);
const role = (r: RuleSet, id: string) => r.roles.find((x) => x.id === id)!;

test("seed 000 刺客 「刺客贴杀人员没有半票权」 (RULINGS 10): a kill post, and no half vote for its victims", () => {
  const r = rules("fengyun-57");
  const p = rolePowers(r, role(r, "assassin"));
  assert.equal(p.post, "kill");
  assert.equal(p.victimsHalfVote, false);
  assert.equal(p.bomb, null);
});

test("seed 002 暗弹 「如被票出，带走领票人」: the true role's bomb, through the round before its last posts by default", () => {
  const r = rules("airforce-40");
  const p = rolePowers(r, role(r, "hidden-bomb"));
  assert.deepEqual(p.bomb, {
    takesPoster: true,
    takesLeadVoter: true,
    activeThroughRound: 4,
    votesThroughRound: 3,
  });
  assert.equal(p.post, null);
});

test("seed 001 警察 check together at night; 秘匪 has one bullet, day or night (RULINGS 22)", () => {
  const r = rules("sevenkill-16");
  assert.deepEqual(rolePowers(r, role(r, "police")).abilities, [
    { ability: "check", phase: "night", together: true },
  ]);
  assert.deepEqual(rolePowers(r, role(r, "bandit")).abilities, [
    { ability: "shoot", phase: "any", together: false, uses: 1 },
  ]);
});
