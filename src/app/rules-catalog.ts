// Where the app gets rule sets: the built-in presets and the rule-set checker for uploaded text (src/rules).

import { parseRuleSetText } from "../rules/load-file.ts";
import { parseRuleSet } from "../rules/parse.ts";
import { presetIds, presets } from "../rules/presets/index.ts";
import type { RuleSet } from "../rules/schema.ts";
import { ruleSetYaml } from "../rules/yaml-text.ts";
import type { PresetInfo, RuleProblem } from "../server/api-types.ts";

export type RulesCheck = { ok: true; rules: RuleSet } | { ok: false; problems: RuleProblem[] };

export interface RulesCatalog {
  presets(): PresetInfo[];
  preset(id: string): RuleSet | undefined;
  /** The preset as written (its source object, not the parsed rule set with defaults), as YAML; undefined if none. */
  presetYaml(id: string): string | undefined;
  /** Parses YAML or JSON text and checks it; problems carry Chinese messages. */
  check(text: string): RulesCheck;
}

/** The catalog over src/rules: presets parsed once, uploads checked by the full checker. */
export function builtinRulesCatalog(): RulesCatalog {
  const parsed = new Map<string, RuleSet>();
  for (const id of presetIds) {
    const res = parseRuleSet(presets[id]);
    if (res.ok) parsed.set(id, res.ruleSet);
  }
  return {
    presets: () => [...parsed.values()].map((r) => ({ id: r.id, name: r.name, players: r.players })),
    preset: (id) => parsed.get(id),
    presetYaml: (id) => {
      const source = Object.hasOwn(presets, id) ? presets[id] : undefined;
      return source === undefined ? undefined : ruleSetYaml(source);
    },
    check(text) {
      const res = parseRuleSetText(text);
      if (res.ok) return { ok: true, rules: res.ruleSet };
      const problems = res.problems.map((p) => ({
        path: p.path,
        message: p.line !== undefined ? `第${p.line}行：${p.zh}` : p.zh,
      }));
      // A parser may report one mistake twice; the page lists it once.
      const seen = new Set<string>();
      return {
        ok: false,
        problems: problems.filter((p) => {
          const key = `${p.path}\u0000${p.message}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        }),
      };
    },
  };
}
