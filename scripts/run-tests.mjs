// Collects every *.test.ts under src/, test/ and bench/ and runs them with node:test through tsx
// (node:test on Node 20 does not find .ts files by glob on its own).
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const roots = ["src", "test"];
const extra = process.argv.slice(2);

function collect(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === "node_modules") continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) collect(p, out);
    else if (name.endsWith(".test.ts") || name.endsWith(".test.tsx")) out.push(p);
  }
  return out;
}

const files = extra.length > 0 ? extra : roots.flatMap((r) => collect(r, [])).sort();
if (files.length === 0) {
  console.error("no test files found");
  process.exit(1);
}
const res = spawnSync(process.execPath, ["--import", "tsx", "--test", "--test-reporter=spec", ...files], {
  stdio: "inherit",
});
process.exit(res.status ?? 1);
