// Runs every scenario in test/scenarios and compares it with its expected outcome, written from the seeds and RULINGS.md.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { enginePort } from "../../src/app/scenario/engine-port.ts";
import { formatRefusal } from "../../src/app/scenario/format.ts";
import { loadScenarioFile } from "../../src/app/scenario/load.ts";
import { formatProblem } from "../../src/app/scenario/parse.ts";
import { runScenario } from "../../src/app/scenario/run.ts";
import { compareExpected } from "./compare.ts";

const here = dirname(fileURLToPath(import.meta.url));
const scenariosIn = (dir: string): string[] =>
  existsSync(join(here, dir))
    ? readdirSync(join(here, dir))
        .filter((f) => /^\d\d-.+\.yaml$/.test(f))
        .sort()
        .map((f) => (dir === "." ? f : `${dir}/${f}`))
    : [];
// The score rule's scenarios (issue 7) and 7kill's (issue 8) live in their own folders.
const files = [...scenariosIn("."), ...scenariosIn("score"), ...scenariosIn("sevenkill")];

test("there are at least 25 scenarios, each with its expected outcome", () => {
  assert.ok(files.length >= 25, `only ${files.length} scenarios`);
  const missing = files.filter((f) => !existsSync(join(here, f.replace(/\.yaml$/, ".expected.json"))));
  assert.deepEqual(missing, []);
});

for (const file of files) {
  test(`scenario ${file}`, () => {
    const loaded = loadScenarioFile(join(here, file));
    assert.ok(loaded.ok, loaded.ok ? "" : loaded.problems.map(formatProblem).join("\n"));
    assert.ok(enginePort !== null, "the engine is not bound (src/app/scenario/engine-port.ts)");
    const { output } = runScenario(loaded.scenario, loaded.rules, enginePort);
    const expected: unknown = JSON.parse(
      readFileSync(join(here, file.replace(/\.yaml$/, ".expected.json")), "utf8"),
    );
    const diffs = compareExpected(expected, output);
    if (diffs.length > 0) {
      const refusals = output.refusals.map((r) => `  ${formatRefusal(r)}`).join("\n");
      assert.fail(
        `${file} differs from its expectation:\n${diffs.map((d) => `  ${d}`).join("\n")}` +
          (refusals ? `\nrefusals in the run:\n${refusals}` : ""),
      );
    }
  });
}
