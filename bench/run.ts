// Runs every bench/*.ts except this one, one after another, each in its own process.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const benches = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.endsWith(".test.ts"))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const res = spawnSync(process.execPath, ["--import", "tsx", join(here, file)], { stdio: "inherit" });
  if (res.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
