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
  const codes: Record<string, string[]> = {};
  const camps: Record<string, number> = {};
  for (const s of state.seats) {
    roles[s.role] = (roles[s.role] ?? 0) + 1;
    if (s.code !== null) codes[s.role] = [...(codes[s.role] ?? []), s.code];
    const camp = rules.roles.find((r) => r.id === s.role)?.camp ?? "?";
    camps[camp] = (camps[camp] ?? 0) + 1;
  }
  for (const list of Object.values(codes)) list.sort();
  return {
    roles,
    camps,
    codes,
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

const sorted = (xs: string[]) => [...xs].sort();

test("seed 000 代号: 「剑 侠：狙击手，神枪手。」「明 弹：晴天霹雳」「暗 弹：雾里看花」「A 组杀：疯魔拳、追魂枪，无情剑，多情环」「B 组杀：天心刀、噬魂刀、烈焰刀、红唇刀」「刺 客：苍龙斧、赤凤斧、 圆刃斧」「情侣刺：五音销魂鞭、灵犀七星鞭」「黑 弹：十面埋伏」 — each dealt once, to its role; rangers have none", () => {
  for (const seed of SEEDS) {
    assert.deepEqual(deal("fengyun-57", 57, seed).codes, {
      sword: sorted(["狙击手", "神枪手"]),
      "bright-bomb": ["晴天霹雳"],
      "hidden-bomb": ["雾里看花"],
      "killer-a": sorted(["疯魔拳", "追魂枪", "无情剑", "多情环"]),
      "killer-b": sorted(["天心刀", "噬魂刀", "烈焰刀", "红唇刀"]),
      assassin: sorted(["苍龙斧", "赤凤斧", "圆刃斧"]),
      lover: sorted(["五音销魂鞭", "灵犀七星鞭"]),
      "black-bomb": ["十面埋伏"],
    });
  }
});

test("seed 002 马甲代号: 「联合杀：轰炸机，攻击机，歼击机，侦察机 运输机 强击机」「情侣刺：航测团 试飞团」「独 刺：侦查干扰团」「工 兵：预警机大队」「联合剑：沈空 北空」「明 蛋：北海」「暗 蛋：东海」 — each dealt once, to its role; rangers have none", () => {
  for (const seed of SEEDS) {
    assert.deepEqual(deal("airforce-40", 40, seed).codes, {
      killer: sorted(["轰炸机", "攻击机", "歼击机", "侦察机", "运输机", "强击机"]),
      lover: sorted(["航测团", "试飞团"]),
      assassin: ["侦查干扰团"],
      engineer: ["预警机大队"],
      sword: sorted(["沈空", "北空"]),
      "bright-bomb": ["北海"],
      "hidden-bomb": ["东海"],
    });
  }
});
