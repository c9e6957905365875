// The display names of a rule set's posting units: groups, merged groups (杀刺) and roles taking over posts.
import type { RuleSet } from "../rules/schema.ts";

const memo = new WeakMap<object, Record<string, string>>();

/** By the ids plans and kill posts carry ("killer" → 联合杀手, "black" → 杀刺, "role:black-bomb" → 黑弹), once per rule set. */
export function unitNamesOf(rules: Pick<RuleSet, "roles" | "alliances" | "groups">): Record<string, string> {
  const hit = memo.get(rules);
  if (hit) return hit;
  const names: Record<string, string> = Object.fromEntries([
    ...rules.roles.map((r) => [`role:${r.id}`, r.name]),
    ...rules.alliances.flatMap((a) =>
      a.effects.flatMap((e) => (e.kind === "merge-groups" ? [[e.into, e.name]] : [])),
    ),
    ...rules.groups.map((g) => [g.id, g.name]),
  ]);
  memo.set(rules, names);
  return names;
}
