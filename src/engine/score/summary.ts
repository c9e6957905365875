// The score rule's part of the round summary: points per death, running scores per round, the result's totals.
import type { FinalScores, HouseScores, ScoreParts, ScorePoints, ScoreValue, Seat } from "../contract.ts";
import type { GameState } from "../state.ts";
import { rulesOf } from "../state.ts";
import type { ForceResult } from "./attribution.ts";
import type { Fraction } from "./fraction.ts";
import { show, toNumber } from "./fraction.ts";
import { deathScores } from "./ledger.ts";
import type { CampScore, HouseScore, ScoreReport } from "./totals.ts";
import { roundTotals, scoreReport, survivalValue } from "./totals.ts";

export const scoreValue = (f: Fraction): ScoreValue => ({ exact: show(f), value: toNumber(f) });

/**
 * One force as the summary gives it: its camp, its reason, and who is behind it as the players may know it: a bomb or
 * a taker (public by then), a post's posting unit (never its poster, hidden until the game ends).
 */
function forceOutput(f: ForceResult): NonNullable<ScorePoints["forces"]>[number] {
  const g = f.force;
  const by: Seat | undefined = g.kind === "firework" ? g.bomb : g.kind === "take-along" ? g.by : undefined;
  const unit = g.kind === "post" ? g.unit : undefined;
  return {
    for: f.for,
    reason: f.reason,
    ...(by !== undefined && { by }),
    ...(unit !== undefined && { unit }),
  };
}

/** A total's terms; survival points (人数 × 每人) only once the game is over, as the total has them only then. */
function partsOf(report: ScoreReport, side: "black" | "white", c: CampScore): ScoreParts {
  return {
    taken: scoreValue(c.taken),
    living: scoreValue(c.living),
    ...(report.final && {
      survival: {
        seats: c.survivors,
        each: scoreValue(survivalValue(side, report.sizes)),
        total: scoreValue(c.survival),
      },
    }),
  };
}

const houseValues = (h: HouseScore): HouseScores => ({
  house: h.house,
  black: scoreValue(h.black.total),
  white: scoreValue(h.white.total),
});

export interface ScoreSummary {
  /** Where the point of `seat` (out in `round`) went, if the seat is still out from that round. */
  points(round: number, seat: number): ScorePoints | undefined;
  roundScores(round: number): HouseScores[];
  result: FinalScores;
}

/** Null unless the game is a score game. */
export function scoreSummary(state: GameState): ScoreSummary | null {
  if (!state.rules || rulesOf(state).win.kind !== "score") return null;
  const deaths = new Map(deathScores(state).map((d) => [`${d.round}:${d.seat}`, d]));
  const report = scoreReport(state, { final: state.status === "ended" });
  return {
    points(round, seat) {
      const d = deaths.get(`${round}:${seat}`);
      if (!d) return undefined;
      const a = d.attribution;
      // "冲抵后如双方力量均为0…" can only be checked by a reader who sees the forces that met.
      const cancelling = a.reason === "cancelled" || a.reason === "cancellation";
      return {
        to: a.to,
        reason: a.reason,
        ...(cancelling && { forces: a.forces.map(forceOutput) }),
      };
    },
    roundScores: (round) =>
      roundTotals(state, round).map((h) => ({
        ...houseValues(h),
        parts: {
          black: { taken: scoreValue(h.black.taken), living: scoreValue(h.black.living) },
          white: { taken: scoreValue(h.white.taken), living: scoreValue(h.white.living) },
        },
      })),
    result: {
      black: scoreValue(report.black.total),
      white: scoreValue(report.white.total),
      parts: { black: partsOf(report, "black", report.black), white: partsOf(report, "white", report.white) },
      // "结果发布时分值始终不跨楼归属": each house's final total has its own terms too.
      ...(report.houses.length > 1
        ? {
            houses: report.houses.map((h) => ({
              ...houseValues(h),
              parts: { black: partsOf(report, "black", h.black), white: partsOf(report, "white", h.white) },
            })),
          }
        : {}),
    },
  };
}
