// When a score game ends: a camp wiped out, the progression run out, or the outcome decided early (提前结束).
import type { EndingWhy } from "../events.ts";
import { memoOn } from "../memo.ts";
import { progressionCovers } from "../plan.ts";
import { roleById } from "../roles.ts";
import type { GameState } from "../state.ts";
import { rulesOf } from "../state.ts";
import { outlook } from "./early-end.ts";
import { show } from "./fraction.ts";
import { describeTotals, scoreReport } from "./totals.ts";

export interface ScoreEnding {
  winner: "black" | "white" | "draw";
  reason: string;
  why: EndingWhy;
}

function final(state: GameState, because: string, why: EndingWhy): ScoreEnding {
  const r = scoreReport(state, { final: true });
  // "最后比较黑白两道的总分，看哪一方的总分高，总分高的一方胜出。" Equal totals: a draw (the seed does not say).
  return { winner: r.winner ?? "draw", reason: `${because}; final score ${describeTotals(r)}`, why };
}

/** The camp wiped out, per seats array: settle asks after every command, and few commands put anyone out. */
const wipedOutMemo = memoOn<GameState["seats"], "black" | "white" | null>();

function wipedOutCamp(state: GameState): "black" | "white" | null {
  const rules = rulesOf(state);
  for (const camp of ["black", "white"] as const) {
    const seats = state.seats.filter((s) => roleById(rules, s.role).camp === camp);
    if (seats.length > 0 && seats.every((s) => !s.alive)) return camp;
  }
  return null;
}

/** At any moment: a camp with no living seat ends the game, scored as it stands. */
export function scoreEndingNow(state: GameState): ScoreEnding | null {
  const camp = wipedOutMemo.get(state.seats, [state.rules], () => wipedOutCamp(state));
  return camp === null
    ? null
    : final(state, `the ${camp} camp is wiped out`, { kind: "camp-wiped-out", camp });
}

/** At a round's close (its results post): the progression's end, or an early end when the trailer cannot draw level. */
export function scoreEndingAfterRound(state: GameState, round: number): ScoreEnding | null {
  const rules = rulesOf(state);
  if (rules.win.kind !== "score") return null;
  if (!progressionCovers(state, rules, round + 1))
    return final(state, `the progression ends after round ${round}`, { kind: "progression-ended", round });
  if (!rules.win.endEarly) return null;
  // "游戏中当一方的分值，另一方在后面轮次无论怎样都不可能扳平或反超时），视为已分出胜负，游戏结束。"
  const o = outlook(state, scoreReport(state, { final: false }), round);
  if (!o?.decided) return null;
  const r = scoreReport(state, { final: true });
  return {
    winner: o.leader,
    reason:
      `decided after round ${round}: ${o.trailing} can no longer draw level (best ${show(o.best)} < ` +
      `${o.leader}'s guaranteed ${show(o.guaranteed)}); ${o.explanation}; final score ${describeTotals(r)}`,
    why: {
      kind: "decided-early",
      round,
      leader: o.leader,
      trailing: o.trailing,
      best: show(o.best),
      guaranteed: show(o.guaranteed),
    },
  };
}
