// The plan (进程) of a round: the progression's entry, else `defaultRound`, else the last entry; referee changes on top.
import type { RuleSet } from "../rules/schema.ts";
import type { RoundPlan } from "./events.ts";
import type { GameState } from "./state.ts";

/**
 * Whether the progression has a plan for `round` (a score game ends when it runs out; see end.ts). The referee's
 * 进程微调 may add rounds past the rule set's last (seed 000 「哨子保留微调进程的权利」): a plan set for round k
 * or later covers it, the rounds in between taking the last written plan (basePlan).
 */
export function progressionCovers(state: GameState, rules: RuleSet, round: number): boolean {
  return (
    rules.progression.some((p) => p.round === round) ||
    rules.defaultRound !== undefined ||
    Object.keys(state.planOverrides).some((k) => Number(k) >= round)
  );
}

/** The rounds the progression plans, the referee's added ones included, or null when it plans without end. */
export function plannedRounds(state: GameState, rules: RuleSet): number[] | null {
  if (rules.defaultRound !== undefined) return null;
  const last = Math.max(
    0,
    ...rules.progression.map((p) => p.round),
    ...Object.keys(state.planOverrides).map(Number),
  );
  return Array.from({ length: last }, (_, i) => i + 1).filter((k) => progressionCovers(state, rules, k));
}

export function basePlan(rules: RuleSet, round: number): RoundPlan {
  const entry =
    rules.progression.find((p) => p.round === round) ??
    rules.defaultRound ??
    [...rules.progression].sort((a, b) => b.round - a.round)[0];
  return {
    votesPerVoter: entry?.votesPerVoter ?? 1,
    voteOut: entry?.voteOut ?? 1,
    posts: { ...(entry?.posts ?? {}) },
    extraPosts: { ...(entry?.extraPosts ?? {}) },
  };
}

/** The plan in force for a round about to open, with the referee's 进程微调 applied. */
export function planFor(state: GameState, rules: RuleSet, round: number): RoundPlan {
  return { ...basePlan(rules, round), ...(state.planOverrides[round] ?? {}) };
}

export function hasPosts(plan: RoundPlan): boolean {
  return Object.values(plan.posts).some((n) => n > 0) || Object.values(plan.extraPosts).some((n) => n > 0);
}
