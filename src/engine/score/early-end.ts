// 提前结束: the trailing camp's best reachable total from the progression left, against the leader's guaranteed total.
import type { RuleSet } from "../../rules/schema.ts";
import { activeBomb } from "../bombs.ts";
import { housesOf, houseVoteOut } from "../houses.ts";
import { planFor, plannedRounds } from "../plan.ts";
import { roleById } from "../roles.ts";
import type { GameState } from "../state.ts";
import { rulesOf } from "../state.ts";
import type { Side } from "./attribution.ts";
import type { Fraction } from "./fraction.ts";
import { add, cmp, frac, mul, show, sum } from "./fraction.ts";
import { activatedSeats, isScoredRole } from "./ledger.ts";
import type { ScoreReport } from "./totals.ts";
import { survivalValue } from "./totals.ts";

export interface Outlook {
  /** The camp whose win is in question: ahead now, or — survival points not being in the running score — the other. */
  leader: Side;
  trailing: Side;
  /** Deaths the progression still plans (vote-outs and posts of rounds not closed) plus bombs whose power still holds. */
  deathsLeft: number;
  /** The most the trailing camp could still reach. */
  best: Fraction;
  /** The least the leader can end with. */
  guaranteed: Fraction;
  /** best < guaranteed: "另一方在后面轮次无论怎样都不可能扳平或反超". */
  decided: boolean;
  explanation: string;
}

/** Rounds the progression still plans after `closed` (the referee's added ones too), or null when without end. */
function roundsLeft(state: GameState, rules: RuleSet, closed: number): number[] | null {
  return plannedRounds(state, rules)?.filter((r) => r > closed) ?? null;
}

/**
 * Bounds, not a search: in the trailing camp's best case every death left falls on the leader's scored seats and scores
 * for it, every scored seat of its own lives (and activates), and all its living seats survive; in the leader's worst
 * case every death left falls on its own activated scored seats and survivors. Unplanned deaths (suicides, penalties)
 * are not foreseen — the progression is the plan the referee announced.
 */
export function outlook(state: GameState, report: ScoreReport, closedRound: number): Outlook | null {
  const rules = rulesOf(state);
  const left = roundsLeft(state, rules, closedRound);
  if (left === null) return null;
  let deathsLeft = 0;
  for (const k of left) {
    const plan = state.rounds[k]?.plan ?? planFor(state, rules, k);
    const released = state.rounds[k]?.released !== null && state.rounds[k] !== undefined;
    const posts = released ? 0 : sum0(plan.posts) + sum0(plan.extraPosts);
    // 两府制 with houseVoteOut "each": every house votes out the round's count, so a round holds that many per house.
    const voted = housesOf(rules).reduce((n, house) => n + houseVoteOut(rules, plan.voteOut, house), 0);
    deathsLeft += voted + posts;
  }
  const next = left[0];
  if (next !== undefined) {
    for (const s of state.seats) {
      if (s.alive && activeBomb(state, s.seat, next, "posts")) deathsLeft += 1;
    }
  }
  const activated = activatedSeats(state);
  const living = (side: Side) => state.seats.filter((s) => s.alive && roleById(rules, s.role).camp === side);
  const scoredLiving = (side: Side) => living(side).filter((s) => isScoredRole(roleById(rules, s.role)));
  const taken = (side: Side) => report[side].taken;
  /** The bounds with `leader` as the camp that may have it sewn up. */
  const bounds = (leader: Side) => {
    const trailing: Side = leader === "black" ? "white" : "black";
    const tScored = scoredLiving(trailing).length;
    const lScored = scoredLiving(leader).length;
    const lActivated = scoredLiving(leader).filter((s) => activated.has(s.seat)).length;
    const tAlive = living(trailing).length;
    const lAlive = living(leader).length;
    const tValue = survivalValue(trailing, report.sizes);
    const lValue = survivalValue(leader, report.sizes);
    const grab = Math.min(deathsLeft, lScored);
    const best = sum([taken(trailing), frac(tScored), frac(grab), mul(frac(tAlive), tValue)]);
    const keep = Math.max(0, lActivated - deathsLeft);
    const survive = Math.max(0, lAlive - deathsLeft);
    const guaranteed = add(add(taken(leader), frac(keep)), mul(frac(survive), lValue));
    const explanation =
      `${trailing} can reach at most ${show(best)} = ${show(taken(trailing))} taken + ${tScored} own scored seats alive` +
      ` + ${grab} of ${leader}'s ${lScored} scored seats won from ${deathsLeft} deaths left + ${tAlive} survivors × ${show(tValue)};` +
      ` ${leader} keeps at least ${show(guaranteed)} = ${show(taken(leader))} taken + ${keep} activated seats beyond the deaths left` +
      ` + ${survive} survivors × ${show(lValue)}`;
    return { leader, trailing, best, guaranteed, decided: cmp(best, guaranteed) < 0, explanation };
  };
  // Survival points are not in the running score, so the camp behind now may be the one that has it won: try both.
  const ahead: Side = cmp(report.black.total, report.white.total) >= 0 ? "black" : "white";
  const first = bounds(ahead);
  const other = bounds(ahead === "black" ? "white" : "black");
  const { leader, trailing, best, guaranteed, decided, explanation } =
    first.decided || !other.decided ? first : other;
  return { leader, trailing, deathsLeft, best, guaranteed, decided, explanation };
}

function sum0(r: Record<string, number>): number {
  return Object.values(r).reduce((a, b) => a + b, 0);
}
