// Where the app gets rule sets: the presets and the checker for uploaded text (src/rules supplies both).
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { RuleSet } from "../rules/schema.ts";
import type { PresetInfo, RuleProblem } from "../server/api-types.ts";

export type RulesCheck = { ok: true; rules: RuleSet } | { ok: false; problems: RuleProblem[] };

export interface RulesCatalog {
  presets(): PresetInfo[];
  preset(id: string): RuleSet | undefined;
  /** Parses YAML or JSON text and checks it; problems carry Chinese messages. */
  check(text: string): RulesCheck;
}

const zhErrors = z.locales.zhCN().localeError;

/** Schema-only checking, used until src/rules offers its full checker; presets are given by the caller. */
export function schemaRulesCatalog(presets: readonly RuleSet[] = []): RulesCatalog {
  return {
    presets: () => presets.map((r) => ({ id: r.id, name: r.name, players: r.players })),
    preset: (id) => presets.find((r) => r.id === id),
    check(text) {
      let doc: unknown;
      try {
        doc = parseYaml(text);
      } catch (error) {
        return {
          ok: false,
          problems: [{ path: "", message: `无法解析规则文本：${(error as Error).message}` }],
        };
      }
      const res = RuleSet.safeParse(doc, { error: zhErrors });
      if (!res.success) {
        return {
          ok: false,
          problems: res.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
        };
      }
      return { ok: true, rules: res.data };
    },
  };
}
