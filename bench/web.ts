// Web bench: the vote page's JavaScript (gzip) against the 150 KB budget, and the time to a rendered tally in
// Chromium on loopback against a baseline page load (the same server's index.html without the app) in the same run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { contextFor, launchBrowser } from "../e2e/lib/browser.ts";
import { airforceGame } from "../e2e/lib/game.ts";
import { beijing, requestId, startServer } from "../e2e/lib/server.ts";

const BUDGET_KB = 150;
const RUNS = 15;

if (!existsSync("/usr/bin/chromium")) {
  console.log("web bench: skipped (/usr/bin/chromium not installed)");
  process.exit(0);
}
const build = spawnSync(
  process.execPath,
  ["node_modules/vite/bin/vite.js", "build", "--config", "web/vite.config.ts"],
  {
    stdio: ["ignore", "ignore", "inherit"],
  },
);
if (build.status !== 0) process.exit(1);

const server = await startServer(beijing("12-01 20:00:00"));
const game = await airforceGame(server, { prefix: "bench" });
await server.advanceTo(beijing("12-02 10:00:00"));
// A realistic tally: every living player has voted.
for (const [i, s] of game.seats.entries()) {
  const target = game.seats[(i * 7) % 11]!;
  await server.api("POST", `/api/games/${game.id}/votes`, s.cookie, {
    requestId: requestId(),
    targets: [target.seat],
  });
}

const browser = await launchBrowser();
const ctx = await contextFor(browser, server.url, game.seats[0]!.cookie);

// JavaScript the vote page loads, gzipped as a server would send it.
const page = await ctx.newPage();
const scripts = new Map<string, Buffer>();
page.on("response", async (res) => {
  if (res.request().resourceType() === "script") scripts.set(res.url(), await res.body());
});
await page.goto(`/games/${game.id}/vote`);
await page.locator("[data-testid=tally] .tally-row").first().waitFor();
await page.waitForLoadState("networkidle").catch(() => {});
await page.close();
const gz = [...scripts.values()].reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0) / 1024;
const raw = [...scripts.values()].reduce((n, b) => n + b.length, 0) / 1024;

async function timeTo(url: string, selector: string, state: "attached" | "visible"): Promise<number> {
  const p = await ctx.newPage();
  const t0 = performance.now();
  await p.goto(url, { waitUntil: "commit" });
  await p.locator(selector).first().waitFor({ state });
  const ms = performance.now() - t0;
  await p.close();
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const tally: number[] = [];
const baseline: number[] = [];
for (let i = 0; i < RUNS; i++) {
  // Baseline: the same index.html over the same loopback connection, until its (still empty) root is parsed.
  baseline.push(await timeTo("/baseline", "#root", "attached"));
  tally.push(await timeTo(`/games/${game.id}/vote`, "[data-testid=tally] .tally-row", "visible"));
}

await browser.close();
await server.close();

console.log(`vote page JS: ${scripts.size} file(s), ${raw.toFixed(1)} KB raw, ${gz.toFixed(1)} KB gzip`);
console.log(
  `  budget ${BUDGET_KB} KB gzip: ratio ${(gz / BUDGET_KB).toFixed(2)} (${gz <= BUDGET_KB ? "within" : "OVER"})`,
);
console.log(
  `time to a rendered tally (40 votes, median of ${RUNS}, warm cache): ${median(tally).toFixed(0)} ms`,
);
console.log(
  `  baseline index.html load: ${median(baseline).toFixed(0)} ms; ratio ${(median(tally) / median(baseline)).toFixed(2)}x`,
);
