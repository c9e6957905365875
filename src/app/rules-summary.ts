// A game's rule set as a player reads it before signing up: its roles with their counts and its 进程 (rule sets are
// public; a custom one can be read nowhere else on the site).
import { progressionTable } from "../rules/progression.ts";
import type { RuleSet } from "../rules/schema.ts";
import type { RulesSummary } from "../server/api-types.ts";
import { unitNamesOf } from "./unit-names.ts";

const memo = new WeakMap<RuleSet, RulesSummary>();

/** The roles in the rule set's order (a role of count 0 left out); the progression as `rules check` prints it. */
export function rulesSummaryOf(rules: RuleSet): RulesSummary {
  const hit = memo.get(rules);
  if (hit) return hit;
  const units = unitNamesOf(rules);
  const named = (list: [string, number][]) =>
    list.filter(([, n]) => n > 0).map(([unit, count]) => ({ unit: units[unit] ?? unit, count }));
  const table = progressionTable(rules);
  const summary: RulesSummary = {
    roles: rules.roles
      .filter((r) => r.count > 0)
      .map((r) => ({ name: r.name, camp: r.camp, count: r.count })),
    // Day-night: the table's fastest pace, each night's kills under "posts" (the checker's reading).
    progression: table.rows.map((r) => ({
      round: r.round,
      votesPerVoter: r.votesPerVoter,
      voteOut: r.voteOut,
      posts: table.kind === "day-night" ? [] : named(r.posts),
      extraPosts: named(r.extraPosts),
      ...(table.kind === "day-night" && { nightKills: r.posts.reduce((a, [, n]) => a + n, 0) }),
      survivors: r.survivors,
    })),
  };
  memo.set(rules, summary);
  return summary;
}
