// Runs the browser tests: builds the web app, then every e2e/*.e2e.ts through node:test and tsx, one file at a time.
// Skips (exit 0) when Debian's chromium is not installed, so `npm test` still works on machines without it; under CI
// (CI set) that is a failure instead, so a CI image without chromium cannot pass without its browser tests.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const CHROMIUM = "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  const ci = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";
  console.log(
    `e2e: ${ci ? "cannot run under CI" : "skipped"} (${CHROMIUM} not installed; apt-get install chromium fonts-noto-cjk)`,
  );
  process.exit(ci ? 1 : 0);
}

const only = process.argv.slice(2);
const files =
  only.length > 0
    ? only
    : readdirSync("e2e")
        .filter((f) => f.endsWith(".e2e.ts"))
        .sort()
        .map((f) => join("e2e", f));

if (process.env.BANSHA_E2E_SKIP_BUILD !== "1") {
  const build = spawnSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--config", "web/vite.config.ts"],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  if (build.status !== 0) {
    console.error("e2e: web build failed");
    process.exit(build.status ?? 1);
  }
}

const res = spawnSync(
  process.execPath,
  ["--import", "tsx", "--test", "--test-concurrency=1", "--test-reporter=spec", ...files],
  { stdio: "inherit" },
);
process.exit(res.status ?? 1);
