// `bansha replay <scenario.yaml>`: runs a scenario file offline and prints the outcome (JSON or the results posts).
import type { Command } from "commander";
import { enginePort } from "../app/scenario/engine-port.ts";
import { formatJson, formatMarkdown, formatRefusal } from "../app/scenario/format.ts";
import { loadScenarioFile } from "../app/scenario/load.ts";
import { formatProblem } from "../app/scenario/parse.ts";
import { runScenario } from "../app/scenario/run.ts";

/** Exit codes: 0 ran (refusals printed); 1 refusals under --strict; 2 the file is malformed or does not fit its rules. */
export function registerReplayCommand(program: Command): void {
  program
    .command("replay")
    .description("run a scenario file against its rule set and print the outcome")
    .argument("<scenario>", "scenario file (YAML)")
    .option("--format <format>", "json, or md for the results posts (结果帖)", "json")
    .option("--strict", "exit non-zero when any command was refused", false)
    .action((file: string, opts: { format: string; strict: boolean }) => {
      process.exitCode = replay(file, opts);
    });
}

function replay(file: string, opts: { format: string; strict: boolean }): number {
  if (opts.format !== "json" && opts.format !== "md") {
    process.stderr.write(`unknown --format ${opts.format}: use json or md\n`);
    return 2;
  }
  const loaded = loadScenarioFile(file);
  if (!loaded.ok) {
    for (const p of loaded.problems) process.stderr.write(`${file}: ${formatProblem(p)}\n`);
    return 2;
  }
  if (enginePort === null) {
    process.stderr.write("the engine is not available in this build\n");
    return 2;
  }
  const { output, startRefused, plans } = runScenario(loaded.scenario, loaded.rules, enginePort);
  process.stdout.write(
    opts.format === "md" ? formatMarkdown(output, loaded.rules, plans) : formatJson(output),
  );
  for (const r of output.refusals) process.stderr.write(`${file}: ${formatRefusal(r)}\n`);
  if (startRefused) return 2;
  return opts.strict && output.refusals.length > 0 ? 1 : 0;
}
