// `bansha rules …`: check a rule set (table of survivors, or its problems), print the JSON Schema, list and show presets.

import type { Command } from "commander";
import { z } from "zod";
import { loadRuleSet } from "../rules/load-file.ts";
import { presetIds, presets } from "../rules/presets/index.ts";
import { describeProblem } from "../rules/problems.ts";
import { formatProgressionTable, progressionTable } from "../rules/progression.ts";
import { RuleSet } from "../rules/schema.ts";
import { ruleSetYaml } from "../rules/yaml-text.ts";

/** The JSON Schema of a rule-set file as written (defaults optional), for editors' autocompletion. */
export function ruleSetJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(RuleSet, { io: "input" }),
    title: "bansha rule set",
    description:
      "One forum mafia (版杀) game design: roles, groups, alliances, progression, vote, text, schedule, win.",
  };
}

export function registerRulesCommands(program: Command): void {
  const rules = program.command("rules").description("Rule sets: check, schema, presets");

  rules
    .command("check")
    .argument("<preset-or-file>", `a preset id (${presetIds.join(", ")}) or a YAML/JSON file`)
    .description(
      "Validate and cross-check a rule set; print its progression with the survivors after each round",
    )
    .action((target: string) => {
      const result = loadRuleSet(target);
      if (!result.ok) {
        console.error(`${result.source}: ${result.problems.length} problem(s)`);
        for (const p of result.problems) console.error(`  ${describeProblem(p)}`);
        process.exitCode = 1;
        return;
      }
      const rs = result.ruleSet;
      const win = rs.win.kind === "score" ? "score rule (分值)" : "elimination";
      console.log(
        `${rs.id} ${rs.name} v${rs.version}: ${rs.players} players, ${rs.schedule.kind}, won by ${win}`,
      );
      console.log(rs.roles.map((r) => `${r.id} ${r.count}`).join(", "));
      console.log("");
      console.log(formatProgressionTable(progressionTable(rs)));
      console.log("");
      console.log("OK: no problems found");
    });

  rules
    .command("schema")
    .description("Print the JSON Schema of rule-set files")
    .action(() => {
      console.log(JSON.stringify(ruleSetJsonSchema(), null, 2));
    });

  rules
    .command("list")
    .description("List the built-in rule sets")
    .action(() => {
      for (const id of presetIds) {
        const p = presets[id]!;
        console.log(`${id.padEnd(14)} ${p.name} (${p.players} players)`);
      }
    });

  rules
    .command("show")
    .argument("<preset-id>", "a preset id")
    .option("--yaml", "print as YAML instead of JSON")
    .description("Print a built-in rule set as written, to start a new one from")
    .action((id: string, opts: { yaml?: boolean }) => {
      const p = presets[id];
      if (p === undefined) {
        console.error(`no preset "${id}" (presets: ${presetIds.join(", ")})`);
        process.exitCode = 1;
        return;
      }
      console.log(opts.yaml ? ruleSetYaml(p) : JSON.stringify(p, null, 2));
    });
}
