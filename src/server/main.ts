// The process entry: opens the database, builds the app, fires deadlines, prints the admin link, listens.
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { systemClock } from "../app/clock.ts";
import { realEngine } from "../app/engine-adapter.ts";
import { indexedOriginality } from "../app/originality-service.ts";
import { builtinRulesCatalog } from "../app/rules-catalog.ts";
import { Scheduler } from "../app/scheduler.ts";
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from "../storage/open-storage.ts";
import { openStorage } from "../storage/storage.ts";
import { buildApp } from "./app.ts";
import { parseIdleMinutes, startIdleSweep } from "./idle-games.ts";
import { parseTrustProxy } from "./trust-proxy.ts";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const target = parseDatabaseUrl(url);
const gameIdleMs = parseIdleMinutes(process.env.BANSHA_GAME_IDLE_MINUTES);
if (target.kind === "sqlite" && target.path !== ":memory:")
  mkdirSync(dirname(resolve(target.path)), { recursive: true });

// TEST ONLY (crash harness): acknowledge before commit so lost votes can be demonstrated.
const unsafe = process.env.BANSHA_UNSAFE_ACK_BEFORE_COMMIT === "1";
const storage = await openStorage(url, { unsafeAckBeforeCommit: unsafe });
const { app, games, accounts } = await buildApp({
  storage,
  clock: systemClock,
  engine: realEngine,
  rules: builtinRulesCatalog(),
  originality: await indexedOriginality(storage, {
    onError: (error) =>
      console.error(`originality index: reading new documents failed: ${(error as Error).message}`),
  }),
  logger: { level: process.env.LOG_LEVEL ?? "info" },
  webRoot: resolve("web/dist"),
  trustProxy: parseTrustProxy(process.env.BANSHA_TRUST_PROXY),
  secureCookies: process.env.BANSHA_SECURE_COOKIES === "1",
  ...(process.env.BANSHA_RATE_LIMIT_WRITES && {
    rateLimits: { login: 10, writes: Number(process.env.BANSHA_RATE_LIMIT_WRITES) },
  }),
});

const scheduler = new Scheduler(storage, games, systemClock, {
  onError: (error, timer) =>
    app.log.error(
      { err: error, ...(timer && { gameId: timer.gameId, timer: timer.key, dueAt: timer.dueAt }) },
      timer ? "a deadline could not be fired; it is tried again" : "reading the due deadlines failed",
    ),
});
// A pass that fails here is tried again, and reported, by the scheduler's own poll within a quarter second.
games.onDeadlines = () => void scheduler.runDue().catch(() => {});
await scheduler.recover();
scheduler.start();
void scheduler.runDue().catch(() => {});
const stopIdleSweep = startIdleSweep(games, gameIdleMs);

const token = await accounts.prepareAdminSetup();
await app.listen({ port, host });
const shownHost = host === "0.0.0.0" || host === "::" ? "localhost" : host;
if (token) {
  console.log(`bansha: create the site admin once at http://${shownHost}:${port}/setup?token=${token}`);
}
console.log(
  `bansha: serving http://${shownHost}:${port} (${storage.dialect}${unsafe ? ", UNSAFE ack before commit" : ""})`,
);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    scheduler.stop();
    stopIdleSweep();
    void app
      .close()
      .then(() => storage.close())
      .finally(() => process.exit(0));
  });
}
