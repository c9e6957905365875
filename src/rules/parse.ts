// parseRuleSet: validate untrusted rule-set data (schema, then cross-checks) into problems or a typed rule set. Pure.
import { crossCheck } from "./check.ts";
import { type Problem, problemsFromIssues } from "./problems.ts";
import { RuleSet } from "./schema.ts";

export type ParseResult = { ok: true; ruleSet: RuleSet } | { ok: false; problems: Problem[] };

/** Validates a rule set as written (from YAML, JSON or a preset); never throws. */
export function parseRuleSet(input: unknown): ParseResult {
  const parsed = RuleSet.safeParse(input);
  if (!parsed.success)
    return { ok: false, problems: problemsFromIssues(parsed.error.issues, input, RuleSet) };
  const problems = crossCheck(parsed.data);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, ruleSet: parsed.data };
}
