// End of game: elimination conditions from the rule set; a score game's end is in src/engine/score/end.ts.
import type { Condition } from "../rules/schema.ts";
import type { EndingWhy } from "./events.ts";
import { memoOn } from "./memo.ts";
import { conversionPath, countsAs } from "./night/bandit.ts";
import { dayNightOf } from "./night/evolve.ts";
import { roleById } from "./roles.ts";
import { scoreEndingNow } from "./score/end.ts";
import type { GameState } from "./state.ts";
import { rulesOf } from "./state.ts";

/** Reads the seats, the rule set and the bandit only: endingNow remembers its answer for exactly those inputs. */
function conditionHolds(state: GameState, c: Condition): boolean {
  if ("any" in c) return c.any.some((x) => conditionHolds(state, x));
  if ("all" in c) return c.all.every((x) => conditionHolds(state, x));
  const covered = coveredSeats(state, c.allOut.roles ?? [], c.allOut.camps ?? []);
  // "All of nobody are out" must not end a game (a condition naming roles or camps the table does not have).
  return covered.length > 0 && covered.every((s) => !s.alive);
}

/** The seats an `allOut` names. Roles as converted: 7kill's bandit counts as 水民 or 杀手 ("水民（包括转为水民的秘匪）"). */
function coveredSeats(
  state: GameState,
  roles: readonly string[],
  camps: readonly string[],
): GameState["seats"] {
  const rules = rulesOf(state);
  return state.seats.filter((s) => {
    const role = countsAs(state, s.seat);
    return roles.includes(role) || camps.includes(roleById(rules, role).camp);
  });
}

/**
 * The round in which an ending that holds came to hold: the latest round of the outs it rests on (that round's
 * results post lists it, whenever the referee decided it), or the round whose results post a score game's end was read
 * at. Null for the referee's end-game. A results post of an earlier round was published before the ending held.
 */
export function endingRound(state: GameState, why: EndingWhy): number | null {
  const latestOut = (seats: GameState["seats"]) =>
    Math.max(0, ...seats.map((s) => (s.alive ? 0 : (s.out?.round ?? 0))));
  switch (why.kind) {
    case "all-out":
      return latestOut(coveredSeats(state, why.roles, why.camps));
    case "camp-wiped-out": {
      const rules = rulesOf(state);
      return latestOut(state.seats.filter((s) => roleById(rules, s.role).camp === why.camp));
    }
    case "progression-ended":
    case "decided-early":
      return why.round;
    case "referee":
      return null;
  }
}

/** The roles and camps whose being out made `c` hold: every part of an `all`, the first holding branch of an `any`. */
function heldParts(state: GameState, c: Condition, into: { roles: string[]; camps: string[] }): void {
  if ("any" in c) {
    const branch = c.any.find((x) => conditionHolds(state, x));
    if (branch) heldParts(state, branch, into);
    return;
  }
  if ("all" in c) {
    for (const x of c.all) heldParts(state, x, into);
    return;
  }
  for (const r of c.allOut.roles ?? []) if (!into.roles.includes(r)) into.roles.push(r);
  for (const k of c.allOut.camps ?? []) if (!into.camps.includes(k)) into.camps.push(k);
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
  why: EndingWhy;
}

/**
 * An elimination ending reads only the seats, the rule set and the bandit's conversion; settle asks after every
 * command, and most commands (a vote) change none of them.
 */
const eliminationMemo = memoOn<GameState["seats"], Ending[]>();

/** Whether the game is over now, by the rule set's win conditions; null too while conditions disagree (below). */
export function endingNow(state: GameState): Ending | null {
  const rules = rulesOf(state);
  const win = rules.win;
  if (win.kind === "elimination") {
    const held = heldEndings(state);
    return held.length === 1 && held[0] ? { ...held[0] } : null;
  }
  // Score rule: a wiped-out camp ends the game at once; the rest is decided at a round's close (vote-close.ts).
  return scoreEndingNow(state);
}

/**
 * Conditions naming different winners that hold at once (the last killer and the last police out the same day,
 * everyone out together): the seeds do not say which wins, and taking the first listed would announce a winner the
 * rules never gave, so the referee decides (哨子最大). Null when at most one winner holds.
 */
export function contestedEndings(state: GameState): Ending[] | null {
  if (rulesOf(state).win.kind !== "elimination") return null;
  const held = heldEndings(state);
  return held.length > 1 ? held.map((e) => ({ ...e })) : null;
}

/** The first holding condition of each winner, in the rule set's order. */
function heldEndings(state: GameState): Ending[] {
  const rules = rulesOf(state);
  return eliminationMemo.get(state.seats, [rules, dayNightOf(state).bandit], () => eliminationEndings(state));
}

function eliminationEndings(state: GameState): Ending[] {
  const win = rulesOf(state).win;
  const held: Ending[] = [];
  if (win.kind === "elimination") {
    for (const c of win.conditions) {
      // "注意，秘匪的阵营归属会影响到遗言次数和胜利条件。": only the lines of the way the conversion went.
      if (c.ifConverted && conversionPath(state, c.ifConverted.role)?.became !== c.ifConverted.became)
        continue;
      if (held.some((e) => e.winner === c.winner)) continue;
      if (conditionHolds(state, c.when)) {
        const why: EndingWhy & { kind: "all-out" } = { kind: "all-out", roles: [], camps: [] };
        heldParts(state, c.when, why);
        held.push({ winner: c.winner, reason: describe(c.when), why });
      }
    }
  }
  return held;
}
