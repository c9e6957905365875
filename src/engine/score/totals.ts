// Each camp's total (抢得的分 + 存活分值人员的分 + 存活分), per house and overall, with exact fractions.
import type { Camp } from "../../rules/schema.ts";
import { roleById } from "../roles.ts";
import type { GameState } from "../state.ts";
import { rulesOf } from "../state.ts";
import type { Side } from "./attribution.ts";
import type { Fraction } from "./fraction.ts";
import { add, cmp, frac, show, sum, ZERO } from "./fraction.ts";
import type { DeathScore } from "./ledger.ts";
import { activatedSeats, deathScores, houseOf, isScoredRole } from "./ledger.ts";

export interface CampScore {
  /** Points taken from the dead (从双方死亡分值人员身上抢得的分数). */
  taken: Fraction;
  /** Activated points of the camp's living scored seats (己方存活分值人员身上已被激活的分值). */
  living: Fraction;
  /** 个人存活分, only once the game is over. */
  survival: Fraction;
  /** The living seats the survival points are for, so a reader can check 人数 × 每人存活分. */
  survivors: number;
  total: Fraction;
}

export interface HouseScore {
  house: number;
  black: CampScore;
  white: CampScore;
}

export interface Immunities {
  black: number;
  white: number;
}

export interface ScoreReport {
  /** Survival points are in (the game is over). */
  final: boolean;
  /** Camp sizes for the survival ratio: seats of the camp at the end, plus one per immunity used. */
  sizes: { black: number; white: number };
  /** A white survivor's points (黑白比例); a black survivor's are 1. */
  whiteSurvival: Fraction;
  houses: HouseScore[];
  black: CampScore;
  white: CampScore;
  deaths: DeathScore[];
  /** Only when final: the higher total; equal totals are a draw. */
  winner: Side | "draw" | null;
}

/** Camp sizes for 存活分: "该比例为游戏结束时实际黑白道人员的比例…带免死功能的玩家每实际免死一次，存活分比例中该阵营方人数自动+1。" */
export function campSizes(state: GameState, immunities: Immunities = { black: 0, white: 0 }) {
  const rules = rulesOf(state);
  const count = (camp: Camp) => state.seats.filter((s) => roleById(rules, s.role).camp === camp).length;
  return { black: count("black") + immunities.black, white: count("white") + immunities.white };
}

/** "存活分黑道人员为每人1分，白道人员为黑白比例" */
export function survivalValue(camp: Side, sizes: { black: number; white: number }): Fraction {
  return camp === "black" ? frac(1) : sizes.white === 0 ? ZERO : frac(sizes.black, sizes.white);
}

const emptyCamp = (): CampScore => ({
  taken: ZERO,
  living: ZERO,
  survival: ZERO,
  survivors: 0,
  total: ZERO,
});

/** "双方最后分数总和=游戏过程中从双方死亡分值人员身上抢得的分数+己方存活分值人员身上已被激活的分值+个人存活分" */
export function scoreReport(
  state: GameState,
  opts: { final: boolean; immunities?: Immunities },
): ScoreReport {
  const rules = rulesOf(state);
  const sizes = campSizes(state, opts.immunities);
  const whiteSurvival = survivalValue("white", sizes);
  const deaths = deathScores(state);
  const activated = activatedSeats(state);
  const houseCount = rules.win.kind === "score" ? rules.win.houses : 1;
  const houses: HouseScore[] = Array.from({ length: houseCount }, (_, i) => ({
    house: i + 1,
    black: emptyCamp(),
    white: emptyCamp(),
  }));
  const houseAt = (n: number): HouseScore => {
    const h = houses[n - 1] ?? houses[0];
    if (!h) throw new Error("score: no house");
    return h;
  };
  // "两府制算分时，分数不跨票楼归属，死亡人员在哪个票楼，其死亡后分值就在哪个票楼的结果里判归属"
  for (const d of deaths) {
    const to = d.attribution.to;
    if (to === null) continue;
    const c = houseAt(d.house)[to];
    c.taken = add(c.taken, frac(1));
  }
  for (const s of state.seats) {
    if (!s.alive) continue;
    const role = roleById(rules, s.role);
    if (role.camp === "neutral") continue;
    const c = houseAt(houseOf(s))[role.camp];
    if (isScoredRole(role) && activated.has(s.seat)) c.living = add(c.living, frac(1));
    c.survivors += 1;
    if (opts.final) c.survival = add(c.survival, survivalValue(role.camp, sizes));
  }
  for (const h of houses) {
    for (const side of ["black", "white"] as const) {
      const c = h[side];
      c.total = sum([c.taken, c.living, c.survival]);
    }
  }
  const overall = (side: Side): CampScore => ({
    taken: sum(houses.map((h) => h[side].taken)),
    living: sum(houses.map((h) => h[side].living)),
    survival: sum(houses.map((h) => h[side].survival)),
    survivors: houses.reduce((n, h) => n + h[side].survivors, 0),
    total: sum(houses.map((h) => h[side].total)),
  });
  const black = overall("black");
  const white = overall("white");
  const c = cmp(black.total, white.total);
  return {
    final: opts.final,
    sizes,
    whiteSurvival,
    houses,
    black,
    white,
    deaths,
    winner: opts.final ? (c > 0 ? "black" : c < 0 ? "white" : "draw") : null,
  };
}

/** "黑道 37/43 : 白道 12" */
export function describeTotals(r: ScoreReport): string {
  return `black ${show(r.black.total)}, white ${show(r.white.total)}`;
}

/**
 * Running totals as the results post of `round` stood (no survival points): points taken from deaths up to that round,
 * plus scored seats activated by then and still alive after it, per house.
 */
export function roundTotals(state: GameState, round: number): HouseScore[] {
  const rules = rulesOf(state);
  const houseCount = rules.win.kind === "score" ? rules.win.houses : 1;
  const houses: HouseScore[] = Array.from({ length: houseCount }, (_, i) => ({
    house: i + 1,
    black: emptyCamp(),
    white: emptyCamp(),
  }));
  const at = (n: number) => houses[n - 1] ?? houses[0];
  for (const d of deathScores(state)) {
    if (d.round > round || d.attribution.to === null) continue;
    const h = at(d.house);
    if (h) h[d.attribution.to].taken = add(h[d.attribution.to].taken, frac(1));
  }
  const activatedBy = new Set<number>();
  for (const r of state.rounds) {
    if (!r || r.round > round) continue;
    for (const s of r.submissions) activatedBy.add(s.poster);
  }
  for (const s of state.seats) {
    const role = roleById(rules, s.role);
    if (role.camp === "neutral" || !isScoredRole(role) || !activatedBy.has(s.seat)) continue;
    if (s.out && s.out.round <= round) continue;
    const h = at(houseOf(s));
    if (h) h[role.camp].living = add(h[role.camp].living, frac(1));
  }
  for (const h of houses) {
    for (const side of ["black", "white"] as const) h[side].total = add(h[side].taken, h[side].living);
  }
  return houses;
}
