// Crash test: 10,000 votes from 1,000 players in several client processes while the server is SIGKILLed ≥ 50 times.
//
//   node --import tsx test/crash/crash-test.ts [--unsafe] [--database-url URL] [--kills 50] [--seconds 200]
//
// Afterwards every acknowledged vote must be stored exactly once, no vote accepted after the deadline nor refused
// before it, and the closing tally must equal a recount from the clients' own records. With --unsafe the server
// acknowledges before committing; the harness must then report the lost votes (and exit non-zero).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildServer } from "../../scripts/build-server.ts";
import { systemClock } from "../../src/app/clock.ts";
import { realEngine } from "../../src/app/engine-adapter.ts";
import { builtinRulesCatalog } from "../../src/app/rules-catalog.ts";
import { Scheduler } from "../../src/app/scheduler.ts";
import type { RosterResponse } from "../../src/server/api-types.ts";
import { buildApp, SESSION_COOKIE } from "../../src/server/app.ts";
import { SERVER_START_FLAGS } from "../../src/server/node-flags.ts";
import { openStorage } from "../../src/storage/storage.ts";
import { postOk, seedSession } from "../server/direct.ts";
import { smallRules } from "../server/fixtures.ts";
import type { ClientInput, VoteRecord } from "./crash-client.ts";

const { values: args } = parseArgs({
  options: {
    unsafe: { type: "boolean", default: false },
    "database-url": { type: "string" },
    kills: { type: "string", default: "50" },
    // Votes are sent for this long (the deadline passes at 60% of it), and the kills go on until --kills is met.
    // A kill and restart cycle took about 3.4 s here (50 kills in a 170 s run), so 50 fit inside the default.
    seconds: { type: "string", default: "200" },
    players: { type: "string", default: "1000" },
    votes: { type: "string", default: "10" },
    clients: { type: "string", default: "4" },
    port: { type: "string", default: "3471" },
  },
});

const ROOT = resolve(import.meta.dirname, "../..");
const PLAYERS = Number(args.players);
const VOTES = Number(args.votes);
const CLIENTS = Number(args.clients);
const MIN_KILLS = Number(args.kills);
const RUN_MS = Number(args.seconds) * 1000;
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const work = mkdtempSync(join(tmpdir(), "bansha-crash-"));
const dbUrl = args["database-url"] ?? join(work, "crash.sqlite");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (msg: string) => console.log(`[crash] ${msg}`);

async function setup(): Promise<{
  gameId: string;
  referee: string;
  players: { cookie: string; seat: number }[];
}> {
  const storage = await openStorage(dbUrl);
  const { app, games } = await buildApp({
    storage,
    clock: systemClock,
    engine: realEngine,
    rules: builtinRulesCatalog(),
    rateLimits: { login: 1e6, writes: 1e6 },
  });
  const now = Date.now();
  const account = (name: string) => seedSession(storage, name, now);
  const inject = <T = unknown>(url: string, cookie: string, body: unknown) =>
    postOk<T>(app, url, cookie, body);
  const referee = await account("crash-referee");
  // No overtime: once the deadline passes, no vote of round 1 may be accepted at all.
  const rules = {
    ...smallRules(PLAYERS),
    progression: [{ round: 1, voteOut: 1, posts: {} }],
    vote: { overtimeMinutes: null },
  };
  const created = await inject<{ game: { id: string } }>("/api/games", referee, {
    name: "崩溃测试",
    rulesText: JSON.stringify(rules),
    refereeAlias: "哨",
  });
  const gameId = created.game.id;
  await inject(`/api/games/${gameId}/signup/open`, referee, {});
  const cookies: string[] = [];
  for (let i = 0; i < PLAYERS; i++) cookies.push(await account(`crash-p${i}`));
  await Promise.all(
    cookies.map((c, i) =>
      inject(`/api/games/${gameId}/join`, c, { alias: `马甲${i}`, report: "报道：风雨夜归人，剑气满江湖。" }),
    ),
  );
  await inject(`/api/games/${gameId}/signup/close`, referee, {});
  // Round 1 opened 40 minutes ago, so its vote is open now; the referee then moves the deadline into the run.
  await inject(`/api/games/${gameId}/start`, referee, { seed: "crash", round1At: now - 40 * 60_000 });
  await new Scheduler(storage, games, systemClock).runDue();
  const rosterRes = await app.inject({
    method: "GET",
    url: `/api/games/${gameId}/referee/roster`,
    headers: { cookie: `${SESSION_COOKIE}=${referee}` },
  });
  const roster: { alias: string; seat: number | null }[] = (JSON.parse(rosterRes.body) as RosterResponse)
    .members;
  const seatOf = new Map(roster.map((m) => [m.alias, m.seat]));
  await app.close();
  await storage.close();
  return {
    gameId,
    referee,
    players: cookies.map((cookie, i) => ({ cookie, seat: seatOf.get(`马甲${i}`)! })),
  };
}

/** This run's build of what npm start runs: inside the project, where the bundle finds node_modules. */
const BUNDLE_DIR = join(ROOT, "dist", `server-crash-test-${process.pid}`);
let bundle = "";

function startServer(): ChildProcess {
  // As npm start runs it: the bundled server, with its flags.
  return spawn(process.execPath, [...SERVER_START_FLAGS, bundle], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: dbUrl,
      LOG_LEVEL: "error",
      BANSHA_RATE_LIMIT_WRITES: "1000000",
      ...(args.unsafe ? { BANSHA_UNSAFE_ACK_BEFORE_COMMIT: "1" } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitUp(deadline = Date.now() + 30_000): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/time`)).ok) return;
    } catch {
      // not yet
    }
    await sleep(50);
  }
  throw new Error("server did not come up");
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((r) => {
    if (child.exitCode !== null || child.signalCode !== null) return r();
    child.once("exit", () => r());
    child.kill("SIGKILL");
  });
}

async function main(): Promise<number> {
  log(
    `setting up ${PLAYERS} players on ${dbUrl.startsWith("postgres") ? "PostgreSQL" : "SQLite"}${args.unsafe ? " (UNSAFE ack before commit)" : ""}`,
  );
  try {
    await fetch(`${BASE}/api/time`);
    throw new Error(`port ${PORT} is already serving: stop that server or pass --port`);
  } catch (error) {
    if ((error as Error).message.startsWith("port")) throw error;
  }
  const { gameId, referee, players } = await setup();
  bundle = await buildServer(BUNDLE_DIR);
  let server = startServer();
  // Never leave a server behind, whatever happens to this process.
  process.on("exit", () => server.kill("SIGKILL"));
  await waitUp();

  const t0 = Date.now() + 1000;
  const sendUntil = t0 + RUN_MS;
  const deadline = t0 + Math.floor(RUN_MS * 0.6);
  // The referee moves the vote deadline into the run (a whole second, as deadlines are).
  const until = Math.floor(deadline / 1000) * 1000;
  const ext = await fetch(`${BASE}/api/games/${gameId}/referee/overrides`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `${SESSION_COOKIE}=${referee}` },
    body: JSON.stringify({
      requestId: "extend-1",
      override: { action: "extend", deadline: "vote", until },
      reason: "压力测试",
    }),
  });
  if (!ext.ok) throw new Error(`extend: ${await ext.text()}`);
  const closesAt = until + 1000;
  log(`vote deadline ${new Date(until).toISOString()} (closes at +1 s), run ${RUN_MS / 1000}s`);

  const seats = players.map((p) => p.seat);
  const clients = Array.from({ length: CLIENTS }, (_, i) => {
    const input: ClientInput = {
      baseUrl: BASE,
      gameId,
      players: players.filter((_, j) => j % CLIENTS === i),
      seats,
      votesPerPlayer: VOTES,
      startAt: t0,
      sendUntil,
      giveUpAt: sendUntil + 120_000,
    };
    const inFile = join(work, `client-${i}.in.json`);
    const outFile = join(work, `client-${i}.out.json`);
    writeFileSync(inFile, JSON.stringify(input));
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(import.meta.dirname, "crash-client.ts"), inFile, outFile],
      {
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    return { child, outFile, done: new Promise<void>((r) => child.once("exit", () => r())) };
  });

  let kills = 0;
  // Kills go on while votes are being sent and until there have been enough, not until every client is done: a
  // retry still pending after that would otherwise have to hit a short up-window, and on a loaded machine it
  // could miss every one until it gave up, failing a run in which nothing was wrong.
  while (Date.now() < sendUntil || kills < MIN_KILLS) {
    // Up for 1–2.5 s between kills, so each restart also serves load (a restart itself takes about 1 s here).
    await sleep(1000 + Math.random() * 1500);
    await killHard(server);
    kills++;
    server = startServer();
    await waitUp();
    if (kills % 10 === 0) log(`${kills} kills`);
  }
  log(`${kills} SIGKILLs; letting the last server answer the retries still pending and close the vote`);
  await Promise.all(clients.map((c) => c.done));
  await sleep(Math.max(0, closesAt + 1500 - Date.now()));
  await sleep(1000);
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));

  // ---------------------------------------------------------------- verification
  const records: VoteRecord[] = clients.flatMap(
    (c) => JSON.parse(readFileSync(c.outFile, "utf8")) as VoteRecord[],
  );
  const storage = await openStorage(dbUrl);
  const events = await storage.load(gameId);
  await storage.close();
  const bySeq = new Map(events.map((e) => [e.seq, e.event]));
  const casts = events.filter((e) => e.event.type === "VoteCast" && e.event.proxy === false);
  const problems: string[] = [];

  const acked = records.filter((r) => r.outcome === "ack");
  const refused = records.filter((r) => r.outcome === "refused");
  const gaveUp = records.filter((r) => r.outcome === "gave-up");
  let lost = 0;
  for (const r of acked) {
    const e = bySeq.get(r.seq!);
    const matches =
      e?.type === "VoteCast" &&
      e.voter === r.voter &&
      e.at === r.receivedAt &&
      JSON.stringify(e.targets) === JSON.stringify(r.targets);
    if (!matches) lost++;
  }
  if (lost > 0) problems.push(`${lost} acknowledged votes are not stored (LOST VOTES)`);
  const key = (voter: unknown, at: unknown, targets: unknown) => `${voter}|${at}|${JSON.stringify(targets)}`;
  const stored = new Map<string, number>();
  for (const c of casts) {
    const k = key(c.event.voter, c.event.at, c.event.targets);
    stored.set(k, (stored.get(k) ?? 0) + 1);
  }
  const dupes = [...stored.values()].filter((n) => n > 1).length;
  if (dupes > 0) problems.push(`${dupes} votes stored more than once`);
  const ackedKeys = new Set(acked.map((r) => key(r.voter, r.receivedAt, r.targets)));
  const unacked = casts.filter((c) => !ackedKeys.has(key(c.event.voter, c.event.at, c.event.targets))).length;
  if (unacked > 0 && gaveUp.length === 0) problems.push(`${unacked} stored votes were never acknowledged`);
  const lateAccepted = casts.filter((c) => (c.event.at as number) >= closesAt).length;
  if (lateAccepted > 0) problems.push(`${lateAccepted} votes accepted after the deadline`);
  // After the close a vote may be refused as late, or because its non-voting voter is out by then.
  const earlyRefused = refused.filter((r) => r.refusedAt === undefined || r.refusedAt < closesAt);
  if (earlyRefused.length > 0)
    problems.push(
      `${earlyRefused.length} votes refused before the deadline (${[...new Set(earlyRefused.map((r) => r.code))].join(", ")})`,
    );
  if (gaveUp.length > 0) {
    problems.push(`${gaveUp.length} votes never got an answer`);
    // Which, and what their last attempt met: a run that fails must say why.
    for (const r of gaveUp.slice(0, 5))
      log(
        `gave up: ${r.requestId} (seat ${r.voter}, first sent ${new Date(r.firstSentAt).toISOString()}, ` +
          `${r.attempts} attempts), last: ${r.lastFailure ?? "?"}`,
      );
  }
  if (acked.length === 0) problems.push("no vote was acknowledged: the run tested nothing");
  const codes = new Map<string, number>();
  for (const r of refused) codes.set(r.code ?? "?", (codes.get(r.code ?? "?") ?? 0) + 1);
  log(`refusals by code: ${JSON.stringify(Object.fromEntries(codes))}`);

  // Independent recount: each voter's last acknowledged vote by receipt time.
  const last = new Map<number, VoteRecord>();
  for (const r of acked) {
    const prev = last.get(r.voter);
    if (!prev || r.receivedAt! > prev.receivedAt! || (r.receivedAt === prev.receivedAt && r.seq! > prev.seq!))
      last.set(r.voter, r);
  }
  const recount = new Map<number, number>();
  for (const r of last.values()) for (const t of r.targets) recount.set(t, (recount.get(t) ?? 0) + 1);
  const closed = events.find((e) => e.event.type === "VoteClosed" && e.event.round === 1)?.event as
    | { entries: { seat: number; fullVotes: number }[] }
    | undefined;
  if (!closed) problems.push("the vote never closed");
  else {
    const tally = new Map(closed.entries.map((e) => [e.seat, e.fullVotes]));
    const seatsAll = new Set([...tally.keys(), ...recount.keys()]);
    const diff = [...seatsAll].filter((s) => (tally.get(s) ?? 0) !== (recount.get(s) ?? 0));
    if (diff.length > 0) problems.push(`tally differs from the recount on ${diff.length} seats`);
  }

  log(
    `votes sent ${records.length}, acknowledged ${acked.length} (${acked.filter((r) => r.replayed).length} answered as retries), ` +
      `refused after the deadline ${refused.length - earlyRefused.length}, stored ${casts.length}, kills ${kills}`,
  );
  rmSync(work, { recursive: true, force: true });
  rmSync(BUNDLE_DIR, { recursive: true, force: true });
  if (problems.length > 0) {
    for (const p of problems) log(`FAIL: ${p}`);
    return 1;
  }
  log("PASS: every acknowledged vote stored exactly once; deadline exact; tally equals the recount");
  return 0;
}

process.exit(await main());
