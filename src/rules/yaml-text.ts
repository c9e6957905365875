// A rule set written out as YAML for people to edit: `rules show --yaml` and the site's 从预设开始.
import { stringify } from "yaml";

/**
 * YAML text of a rule set. Written as YAML 1.1 would read it, so clock times come out quoted ("21:00"): our parser
 * (YAML 1.2) reads them either way, but a 1.1 tool reads a bare 21:00 as the number 1260, and docs/rulesets.md tells
 * authors to quote them.
 */
export function ruleSetYaml(value: unknown): string {
  return stringify(value, { lineWidth: 0, version: "1.1" });
}
