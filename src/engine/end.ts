// End of game: elimination conditions from the rule set, and the score rule's placeholder (issue 7).
import type { Condition } from "../rules/schema.ts";
import { roleById } from "./roles.ts";
import type { GameState } from "./state.ts";
import { rulesOf } from "./state.ts";

function conditionHolds(state: GameState, c: Condition): boolean {
  if ("any" in c) return c.any.some((x) => conditionHolds(state, x));
  if ("all" in c) return c.all.every((x) => conditionHolds(state, x));
  const rules = rulesOf(state);
  const { roles, camps } = c.allOut;
  const covered = state.seats.filter(
    (s) => (roles?.includes(s.role) ?? false) || (camps?.includes(roleById(rules, s.role).camp) ?? false),
  );
  return covered.every((s) => !s.alive);
}

function describe(c: Condition): string {
  if ("any" in c) return c.any.map(describe).join(" or ");
  if ("all" in c) return c.all.map(describe).join(" and ");
  const parts = [...(c.allOut.roles ?? []), ...(c.allOut.camps ?? []).map((camp) => `the ${camp} camp`)];
  return `all of ${parts.join(", ")} out`;
}

export interface Ending {
  winner: "black" | "white" | "draw" | null;
  reason: string;
}

/** Whether the game is over now, by the rule set's win conditions. */
export function endingNow(state: GameState): Ending | null {
  const rules = rulesOf(state);
  const win = rules.win;
  if (win.kind === "elimination") {
    for (const c of win.conditions) {
      // Conversion-dependent lines (7kill's secret bandit) wait for issue 8.
      if (c.ifConverted) continue;
      if (conditionHolds(state, c.when)) return { winner: c.winner, reason: describe(c.when) };
    }
    return null;
  }
  // Score rule (issue 7): the winner is decided by points, which are not computed yet.
  for (const camp of ["black", "white"] as const) {
    const seats = state.seats.filter((s) => roleById(rules, s.role).camp === camp);
    if (seats.length > 0 && seats.every((s) => !s.alive)) {
      return {
        winner: null,
        reason: `the ${camp} camp is wiped out; the score rule (issue 7) is not implemented yet`,
      };
    }
  }
  return null;
}

export const progressionExhausted = (round: number): Ending => ({
  winner: null,
  reason: `the progression ends after round ${round}; the score rule (issue 7) that decides the winner is not implemented yet`,
});
