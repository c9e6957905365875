// The process entry: opens the database, builds the app, fires deadlines, prints the admin link, listens.
import { fileURLToPath } from "node:url";
import { systemClock } from "../app/clock.ts";
import { realEngine } from "../app/engine-adapter.ts";
import { indexedOriginality } from "../app/originality-service.ts";
import { builtinRulesCatalog } from "../app/rules-catalog.ts";
import { Scheduler } from "../app/scheduler.ts";
import { openStorage, type Storage } from "../storage/storage.ts";
import { buildApp } from "./app.ts";
import { startIdleSweep } from "./idle-games.ts";
import { listenProblem, readSettings, shownDatabaseUrl } from "./settings.ts";

/** Ends a start that cannot go on: one line on stderr naming what failed, exit code 1, no stack trace. */
function cannotStart(message: string): never {
  console.error(`bansha: cannot start: ${message}`);
  process.exit(1);
}

const read = readSettings(process.env);
if (!read.ok) {
  cannotStart(
    `${read.problems.length === 1 ? "a setting is" : `${read.problems.length} settings are`} wrong:\n` +
      read.problems.map((p) => `  - ${p}`).join("\n"),
  );
}
const settings = read.settings;
const { port, host, databaseUrl: url, unsafeAckBeforeCommit: unsafe } = settings;
const shownDatabase = shownDatabaseUrl(url);

/** Opens the database (creating a SQLite file's folder), or ends the start saying which database and why. */
async function openDatabase(): Promise<Storage> {
  try {
    return await openStorage(url, { unsafeAckBeforeCommit: unsafe });
  } catch (error) {
    return cannotStart(`the database ${shownDatabase} cannot be opened: ${(error as Error).message}`);
  }
}

const opening = openDatabase();
// Checked while the database opens on its worker thread: the presets' check is the largest piece of main-thread
// work in a start after loading the code (about 60 ms on the development VM).
const rules = builtinRulesCatalog();
const storage = await opening;
const { app, games, accounts } = await buildApp({
  storage,
  clock: systemClock,
  deadlineGraceMs: settings.timerGraceMs,
  engine: realEngine,
  rules,
  originality: await indexedOriginality(storage, {
    onError: (error) =>
      console.error(`originality index: reading new documents failed: ${(error as Error).message}`),
  }),
  logger: { level: settings.logLevel },
  // Beside the code, not the working folder: a start from elsewhere served 404 for every page (./data stays
  // relative to where the server is started, as the README says).
  webRoot: fileURLToPath(new URL("../../web/dist", import.meta.url)),
  rulesDoc: fileURLToPath(new URL("../../docs/rulesets.md", import.meta.url)),
  trustProxy: settings.trustProxy,
  secureCookies: settings.secureCookies,
  ...(settings.rateLimitWrites !== undefined && {
    rateLimits: { login: 10, writes: settings.rateLimitWrites },
  }),
});

if (settings.trustProxy === true)
  // Fastify then takes the left-most address of X-Forwarded-For, which the client writes itself unless the proxy
  // replaces the header: the per-address limits would count whatever the client says (docs/deploy.md).
  app.log.warn(
    "BANSHA_TRUST_PROXY=true trusts any hop: unless the proxy replaces X-Forwarded-For, clients choose the address the sign-up and log-in limits count; set the proxy's address instead",
  );

const scheduler = new Scheduler(storage, games, systemClock, {
  graceMs: settings.timerGraceMs,
  onError: (error, timer) =>
    app.log.error(
      { err: error, ...(timer && { gameId: timer.gameId, timer: timer.key, dueAt: timer.dueAt }) },
      timer ? "a deadline could not be fired; it is tried again" : "reading the due deadlines failed",
    ),
});
// A pass that fails here is tried again, and reported, by the scheduler's own poll within a quarter second.
games.onDeadlines = () => void scheduler.runDue().catch(() => {});
await scheduler.recover();
try {
  await app.listen({ port, host });
} catch (error) {
  // Before any deadline fires here: a second server started by mistake on a port in use stops without acting.
  cannotStart(listenProblem(error, host, port));
}
// Only once listening: each new link replaces the last, so a second start that cannot take the port must not void
// the link the running server printed.
const token = await accounts.prepareAdminSetup();
scheduler.start();
void scheduler.runDue().catch(() => {});
const stopIdleSweep = startIdleSweep(games, settings.gameIdleMs);

/** Ends the process without waiting any longer for the stop, saying why on stderr. */
function stopNow(why: string): never {
  console.error(`bansha: ${why}; stopping now without waiting`);
  process.exit(1);
}

// A stop answers the requests in flight and closes the database. An acknowledged vote is already committed, so
// ending before that finishes loses nothing acknowledged; it only costs the unanswered clients a retry. So a stop
// that hangs (a client holding a request open, an unreachable database) is cut short after the grace time, or at
// once by a second signal, rather than waiting for the service manager's SIGKILL.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) stopNow(`a second ${signal} while stopping`);
    stopping = true;
    setTimeout(
      () =>
        stopNow(
          `still stopping after ${settings.stopGraceMs / 1000} s (requests in flight or the database did not finish; BANSHA_STOP_SECONDS sets how long to wait)`,
        ),
      settings.stopGraceMs,
    ).unref();
    scheduler.stop();
    stopIdleSweep();
    app
      .close()
      .then(() => storage.close())
      .then(
        () => process.exit(0),
        (error: Error) => stopNow(`stopping failed: ${error.message}`),
      );
  });
}

// Announced only once a stop is handled: a SIGTERM sent on seeing "serving" (a service manager, the startup tests)
// could otherwise arrive before the handlers, and end the process without a clean stop.
const shownHost = host === "0.0.0.0" || host === "::" ? "localhost" : host;
if (token) {
  console.log(`bansha: create the site admin once at http://${shownHost}:${port}/setup?token=${token}`);
}
console.log(
  `bansha: serving http://${shownHost}:${port} (${storage.dialect}${unsafe ? ", UNSAFE ack before commit" : ""})`,
);
