// The deal (发身份) of each seed's table: a seeded deal gives each role its seed count, and a table of the wrong size is refused.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decide } from "./decide.ts";
import { evolve } from "./evolve.ts";
import { initialState } from "./state.ts";
import { local, preset } from "./test-kit.ts";

/** Starts `id` with `players` aliases and a seeded deal; the count per role and per camp, or the refusal code. */
function deal(id: string, players: number, seed: string) {
  const rules = preset(id);
  const aliases = Array.from({ length: players }, (_, i) => `玩家${i}`);
  const start = local("12-01 21:00:00");
  const d = decide(initialState, {
    type: "StartGame",
    at: start - 60_000,
    rules,
    start,
    seats: { aliases, seed },
  });
  if (!d.ok) return { refused: d.refusal.code };
  const state = d.events.reduce(evolve, initialState);
  const roles: Record<string, number> = {};
  const camps: Record<string, number> = {};
  for (const s of state.seats) {
    roles[s.role] = (roles[s.role] ?? 0) + 1;
    const camp = rules.roles.find((r) => r.id === s.role)?.camp ?? "?";
    camps[camp] = (camps[camp] ?? 0) + 1;
  }
  return {
    roles,
    camps,
    aliases: state.seats.map((s) => s.alias).sort(),
    order: state.seats.map((s) => s.role).join(),
  };
}

const SEEDS = ["甲", "乙", "丙"];

/** The deal is random: the seeds do not all give the same seating. */
function shuffled(id: string, players: number): boolean {
  return new Set(SEEDS.map((seed) => deal(id, players, seed).order)).size > 1;
}

test("seed 000 「游戏人员：共57人。」「黑道共14名：A组杀手4名、B组杀手4名、独立刺客3名。情侣刺客2人；黑蛋1名。」「白道共43名：联合剑侠2名，明蛋1名，普通游侠40名（其中含暗弹1名。)」", () => {
  for (const seed of SEEDS) {
    const r = deal("fengyun-57", 57, seed);
    assert.deepEqual(r.camps, { black: 14, white: 43 }, seed);
    assert.deepEqual(r.roles, {
      "killer-a": 4,
      "killer-b": 4,
      assassin: 3,
      lover: 2,
      "black-bomb": 1,
      sword: 2,
      "bright-bomb": 1,
      "hidden-bomb": 1,
      ranger: 39,
    });
  }
  assert.ok(shuffled("fengyun-57", 57));
  assert.equal(deal("fengyun-57", 56, "甲").refused, "start.seat-count");
});

test("seed 001 「1. 身份游戏共16人，分为杀手、好人两方，」 with 「【杀手方】（初始4人）」「【好人方】（初始12人）」", () => {
  for (const seed of SEEDS) {
    const r = deal("sevenkill-16", 16, seed);
    assert.equal(r.aliases?.length, 16);
    assert.deepEqual(r.roles, { killer: 4, police: 3, doctor: 1, villager: 7, bandit: 1 }, seed);
  }
  assert.ok(shuffled("sevenkill-16", 16));
  assert.equal(deal("sevenkill-16", 17, "甲").refused, "start.seat-count");
});

test("seed 002 「游戏人员：40人。」「黑道：联合杀手6人，情侣刺客2人，独立刺客1人，工兵1人。」「白道：联合剑侠2人，明弹1人，暗弹1人，游侠26人」", () => {
  for (const seed of SEEDS) {
    const r = deal("airforce-40", 40, seed);
    assert.deepEqual(r.camps, { black: 10, white: 30 }, seed);
    assert.deepEqual(r.roles, {
      killer: 6,
      lover: 2,
      assassin: 1,
      engineer: 1,
      sword: 2,
      "bright-bomb": 1,
      "hidden-bomb": 1,
      ranger: 26,
    });
  }
  assert.ok(shuffled("airforce-40", 40));
  assert.equal(deal("airforce-40", 39, "甲").refused, "start.seat-count");
});
