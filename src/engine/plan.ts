// The plan (进程) of a round: the progression's entry, else `defaultRound`, else the last entry; referee changes on top.
import type { RuleSet } from "../rules/schema.ts";
import type { RoundPlan } from "./events.ts";
import type { GameState } from "./state.ts";

/** Whether the progression has a plan for `round` (a score game ends when it runs out; see end.ts). */
export function progressionCovers(rules: RuleSet, round: number): boolean {
  return rules.progression.some((p) => p.round === round) || rules.defaultRound !== undefined;
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
