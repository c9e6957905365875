// Reads a scenario file and its rule set from disk: the I/O edge of the replay (parsing and running stay pure).
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { loadRuleSet } from "../../rules/load-file.ts";
import { presets } from "../../rules/presets/index.ts";
import { describeProblem } from "../../rules/problems.ts";
import type { RuleSet } from "../../rules/schema.ts";
import { parseScenario } from "./parse.ts";
import type { Scenario, ScenarioProblem } from "./types.ts";

export type Loaded =
  | { ok: true; scenario: Scenario; rules: RuleSet }
  | { ok: false; problems: ScenarioProblem[] };

/** A preset id, or a rule-set file (YAML or JSON) relative to the scenario's folder, checked as `rules check` does. */
export function loadRules(
  ref: string,
  scenarioPath: string,
  line: number | null,
): { ok: true; rules: RuleSet } | { ok: false; problems: ScenarioProblem[] } {
  const loaded = loadRuleSet(presets[ref] !== undefined ? ref : resolve(dirname(scenarioPath), ref));
  if (loaded.ok) return { ok: true, rules: loaded.ruleSet };
  return {
    ok: false,
    problems: loaded.problems.map((p) => ({
      line,
      path: "rules",
      message: `${ref}${p.line !== undefined ? ` line ${p.line}` : ""}: ${describeProblem(p)}`,
    })),
  };
}

export function loadScenarioFile(path: string): Loaded {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    return {
      ok: false,
      problems: [{ line: null, path: "(file)", message: `cannot read ${path}: ${msg(e)}` }],
    };
  }
  const parsed = parseScenario(text);
  if (!parsed.ok) return parsed;
  const rules = loadRules(parsed.scenario.rules, path, parsed.scenario.rulesLine);
  if (!rules.ok) return rules;
  const problems = checkAgainstRules(parsed.scenario, rules.rules);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, scenario: parsed.scenario, rules: rules.rules };
}

/** What the file can be checked for without the engine: role ids that the rule set does not know. */
export function checkAgainstRules(scenario: Scenario, rules: RuleSet): ScenarioProblem[] {
  if (!Array.isArray(scenario.seats)) return [];
  const roles = new Set(rules.roles.map((r) => r.id));
  const problems: ScenarioProblem[] = [];
  scenario.seats.forEach((s, i) => {
    if (!roles.has(s.role)) {
      problems.push({
        line: scenario.seatLines[i] ?? null,
        path: `seats[${i}].role`,
        message: `unknown role ${s.role} (${rules.id} has ${[...roles].join(", ")})`,
      });
    }
  });
  return problems;
}

function msg(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
