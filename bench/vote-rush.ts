// Vote rush: the real vote endpoint (60 games × 57 players voting hard before the deadline, full durability) against
// a ceiling (a Fastify route with the same cookie parsing and body validation, no database), same wrk load, same run.
// The vote servers run as npm start does with LOG_LEVEL=warn (failures logged, no access lines); the baselines log
// nothing. On SQLite each round also runs the vote endpoint as npm start's default does, writing one access line per
// request (to a file in the bench's temporary directory, as stdout redirected to a file would be), and prints it
// against the same round's ceiling, so the cost of that log is in every run's figures.
// With a PostgreSQL URL it also runs the vote endpoint on PostgreSQL against a minimal endpoint doing one durable
// INSERT per request on the same server; without one, that part is skipped.
//
//   node --import tsx bench/vote-rush.ts   (BENCH_SECONDS=10 BENCH_WARMUP=2 BENCH_CONNECTIONS=100 BENCH_ROUNDS=3
//                                           optional; BANSHA_BENCH_PG=postgres://… or DATABASE_URL=postgres://…
//                                           adds PostgreSQL)
//
// Each target first gets BENCH_WARMUP seconds of the same load, not counted, so neither figure includes the JIT
// compiling the server's code; the warm-up votes are stored like any others. Then the two targets of a pair take
// turns for BENCH_ROUNDS rounds, and each round's ratio compares two runs seconds apart: a shared VM's speed
// drifts from minute to minute, so one run of each would compare different machines.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";
import { systemClock } from "../src/app/clock.ts";
import { realEngine } from "../src/app/engine-adapter.ts";
import { builtinRulesCatalog } from "../src/app/rules-catalog.ts";
import { Scheduler } from "../src/app/scheduler.ts";
import { buildApp, SESSION_COOKIE } from "../src/server/app.ts";
import { parseOr400 } from "../src/server/http-errors.ts";
import { SERVER_NODE_FLAGS } from "../src/server/node-flags.ts";
import { VoteBody } from "../src/server/schemas.ts";
import { openStorage } from "../src/storage/storage.ts";
import { postOk, seedSession } from "../test/server/direct.ts";
import { smallRules } from "../test/server/fixtures.ts";

// Measured as it runs in production: npm start's V8 flags. Without them, this script runs itself again with them.
const missingFlags = SERVER_NODE_FLAGS.filter((f) => !process.execArgv.includes(f));
if (missingFlags.length > 0) {
  const again = spawnSync(
    process.execPath,
    [...missingFlags, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: "inherit",
    },
  );
  process.exit(again.status ?? 1);
}

const GAMES = Number(process.env.BENCH_GAMES ?? 60);
const PLAYERS = 57;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const WRK = "/usr/bin/wrk";
const work = mkdtempSync(join(tmpdir(), "bansha-rush-"));
const sqliteUrl = join(work, "rush.sqlite");
const pgUrl = [process.env.BANSHA_BENCH_PG, process.env.DATABASE_URL].find((u) =>
  /^postgres(ql)?:\/\//i.test(u ?? ""),
);

interface Target {
  path: string;
  cookie: string;
  seats: number[];
}

async function setup(
  dbUrl: string,
  logLevel: "warn" | "info",
): Promise<{ app: FastifyInstance; close: () => Promise<void>; targets: Target[] }> {
  const pgSchema = dbUrl.startsWith("postgres") ? `rush_${randomBytes(4).toString("hex")}` : undefined;
  const storage = await openStorage(dbUrl, pgSchema === undefined ? {} : { pgSchema });
  const { app, games } = await buildApp({
    storage,
    clock: systemClock,
    engine: realEngine,
    rules: builtinRulesCatalog(),
    rateLimits: { login: 1e9, writes: 1e9 },
    logger: { level: logLevel, file: logFile() },
  });
  const now = Date.now();
  let n = 0;
  const account = () => seedSession(storage, `rush-${n++}`, now);
  const post = <T = unknown>(url: string, who: string, body: unknown) => postOk<T>(app, url, who, body);
  const rules = {
    ...smallRules(PLAYERS),
    progression: [{ round: 1, voteOut: 1, posts: {} }],
    vote: { overtimeMinutes: null },
  };
  const targets: Target[] = [];
  for (let gi = 0; gi < GAMES; gi++) {
    const referee = await account();
    const { game } = await post<{ game: { id: string } }>("/api/games", referee, {
      name: `rush${gi}`,
      rulesText: JSON.stringify(rules),
      refereeAlias: "哨",
    });
    await post(`/api/games/${game.id}/signup/open`, referee, {});
    const cookies: string[] = [];
    for (let i = 0; i < PLAYERS; i++) cookies.push(await account());
    await Promise.all(
      cookies.map((c, i) =>
        post(`/api/games/${game.id}/join`, c, {
          alias: `g${gi}p${i}`,
          report: "报道：风雨夜归人，剑气满江湖。",
        }),
      ),
    );
    await post(`/api/games/${game.id}/signup/close`, referee, {});
    await post(`/api/games/${game.id}/start`, referee, { seed: "rush", round1At: now - 40 * 60_000 });
    const seats = Array.from({ length: PLAYERS }, (_, i) => i);
    for (const c of cookies) targets.push({ path: `/api/games/${game.id}/votes`, cookie: c, seats });
  }
  await new Scheduler(storage, games, systemClock).runDue();
  return {
    app,
    targets,
    close: async () => {
      await app.close();
      await storage.close();
      if (pgSchema !== undefined) await dropSchema(dbUrl, pgSchema);
    },
  };
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL floor: the same cookie check and body validation, then one INSERT per request in its own
 * transaction (autocommit, synchronous_commit=on) on a pool as large as the storage's, answered after it commits.
 */
async function pgInsertApp(url: string): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const schema = `rush_ins_${randomBytes(4).toString("hex")}`;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: `-c synchronous_commit=on -c search_path=${schema}`,
  });
  await pool.query(`create schema ${schema}`);
  await pool.query(
    "create table votes (request_id text primary key, game_id text not null, targets text not null, at bigint not null)",
  );
  const app = Fastify({ logger: false });
  await app.register(cookie);
  app.post<{ Params: { id: string } }>("/api/games/:id/votes", async (req, reply) => {
    const body = parseOr400(VoteBody, req.body, reply);
    if (!body) return reply;
    if (!req.cookies[SESSION_COOKIE]) return reply.code(401).send({});
    const at = Date.now();
    await pool.query("insert into votes (request_id, game_id, targets, at) values ($1, $2, $3, $4)", [
      body.requestId,
      req.params.id,
      JSON.stringify(body.targets),
      at,
    ]);
    return { ok: true, receivedAt: at, replayed: false };
  });
  return {
    app,
    close: async () => {
      await app.close();
      await pool.query(`drop schema ${schema} cascade`);
      await pool.end();
    },
  };
}

let logs = 0;
/** A fresh log file in the bench's temporary directory (removed with it). */
function logFile(): string {
  return join(work, `server-${++logs}.log`);
}

/** The ceiling: the same cookie parsing and zod body validation, answering without any storage. */
async function ceilingApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(cookie);
  let seq = 0;
  app.post<{ Params: { id: string } }>("/api/games/:id/votes", async (req, reply) => {
    const body = parseOr400(VoteBody, req.body, reply);
    if (!body) return reply;
    if (!req.cookies[SESSION_COOKIE]) return reply.code(401).send({});
    return { ok: true, seq: ++seq, receivedAt: Date.now(), replayed: false };
  });
  return app;
}

function luaScript(targets: Target[]): string {
  const rows = targets
    .map(
      (t) =>
        `{${JSON.stringify(t.path)},${JSON.stringify(`${SESSION_COOKIE}=${t.cookie}`)},${t.seats.length}}`,
    )
    .join(",\n");
  return `
local targets = {
${rows}
}
local counter = 0
local tid = "0"
-- wrk's Lua random numbers start from the same seed in every run: the bench passes a fresh prefix per run, so
-- request ids of the warm-up and the measured run never collide (a collision would be answered as a retry).
init = function(args)
  tid = args[1] or tid
end
request = function()
  counter = counter + 1
  local t = targets[math.random(1, #targets)]
  local body = '{"requestId":"r' .. tid .. '-' .. counter .. '","targets":[' .. (math.random(1, t[3]) - 1) .. ']}'
  return wrk.format("POST", t[1], { ["Content-Type"] = "application/json", ["Cookie"] = t[2] }, body)
end
`;
}

interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function ms(text: string | undefined): number {
  if (!text) return Number.NaN;
  const m = /([\d.]+)(us|ms|s)/.exec(text);
  if (!m) return Number.NaN;
  const v = Number(m[1]);
  return m[2] === "us" ? v / 1000 : m[2] === "s" ? v * 1000 : v;
}

/** wrk runs in its own process; the server under test stays in this one, so wait without blocking it. */
async function wrk(port: number, script: string, seconds = SECONDS): Promise<WrkResult> {
  const child = spawn(WRK, [
    "-t1",
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    "--latency",
    "-s",
    script,
    `http://127.0.0.1:${port}`,
    "--",
    randomBytes(6).toString("hex"),
  ]);
  let out = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  await new Promise((r) => child.once("exit", r));
  if (process.env.BENCH_DEBUG) console.log(out);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p50 = ms(/\s50%\s+(\S+)/.exec(out)?.[1]);
  const p99 = ms(/\s99%\s+(\S+)/.exec(out)?.[1]);
  const errors =
    Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0) +
    Number(/Socket errors:.*timeout (\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p50, p99, errors };
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return (app.server.address() as { port: number }).port;
}

/**
 * The baseline and the measured target, both listening, take turns under the same load for ROUNDS rounds, after
 * a warm-up each; prints each round and the medians, and how many rounds met the aims.
 */
async function compare(
  script: string,
  names: { baseline: string; target: string; ratio: string },
  baseline: FastifyInstance,
  target: FastifyInstance,
  aims: { ratio: number; p99Ms?: number },
  also?: { name: string; app: FastifyInstance; script: string },
): Promise<void> {
  const basePort = await listen(baseline);
  const targetPort = await listen(target);
  const alsoPort = also && (await listen(also.app));
  if (WARMUP > 0) {
    await wrk(basePort, script, WARMUP);
    await wrk(targetPort, script, WARMUP);
    if (also && alsoPort !== undefined) await wrk(alsoPort, also.script, WARMUP);
  }
  const extra: WrkResult[] = [];
  const rounds: { b: WrkResult; t: WrkResult }[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    // Alternate which goes first, so neither always runs on the warmer (or the busier) half of a round.
    const baseFirst = r % 2 === 1;
    const a = await wrk(baseFirst ? basePort : targetPort, script);
    const z = await wrk(baseFirst ? targetPort : basePort, script);
    const [b, t] = baseFirst ? [a, z] : [z, a];
    rounds.push({ b, t });
    console.log(`round ${r}/${ROUNDS}`);
    console.log(`  ${names.baseline}${fmt(b)}`);
    console.log(`  ${names.target}${fmt(t)}`);
    console.log(`  ${names.ratio}${(t.rps / b.rps).toFixed(2)}×`);
    if (also && alsoPort !== undefined) {
      // Right after the pair, so it runs on the same stretch of the VM as the ceiling it is divided by.
      const x = await wrk(alsoPort, also.script);
      extra.push(x);
      console.log(`  ${also.name}${fmt(x)}  (${(x.rps / b.rps).toFixed(2)}× the ceiling)`);
    }
  }
  const ratios = rounds.map(({ b, t }) => t.rps / b.rps);
  const p99s = rounds.map(({ t }) => t.p99);
  const met = (xs: number[], ok: (x: number) => boolean) => `met in ${xs.filter(ok).length} of ${ROUNDS}`;
  const p99Aim = aims.p99Ms;
  console.log(
    `median of ${ROUNDS}: ${names.ratio}${median(ratios).toFixed(2)}× ` +
      `(range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; aim ≥ ${aims.ratio}×, ` +
      `${met(ratios, (x) => x >= aims.ratio)}); ${median(rounds.map(({ t }) => t.rps)).toFixed(0)}/s, ` +
      `p99 ${median(p99s).toFixed(2)} ms` +
      (p99Aim === undefined ? "" : ` (aim < ${p99Aim} ms, ${met(p99s, (x) => x < p99Aim)})`),
  );
  if (also && extra.length > 0) {
    const xr = extra.map((x, i) => x.rps / rounds[i]!.b.rps);
    console.log(
      `median of ${ROUNDS}: ${also.name.trim()} ${median(extra.map((x) => x.rps)).toFixed(0)}/s, ` +
        `p99 ${median(extra.map((x) => x.p99)).toFixed(2)} ms, ${median(xr).toFixed(2)}× the ceiling ` +
        `(range ${Math.min(...xr).toFixed(2)}–${Math.max(...xr).toFixed(2)})`,
    );
  }
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const fmt = (r: WrkResult) =>
  `${r.rps.toFixed(0)}/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  errors ${r.errors}`;

async function main(): Promise<void> {
  if (!existsSync(WRK)) {
    console.log("vote-rush: skipped (wrk is not installed at /usr/bin/wrk)");
    return;
  }
  console.log(
    `vote-rush: ${GAMES} games × ${PLAYERS} players, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS}s each after ${WARMUP}s warm-up; SQLite (WAL, synchronous=FULL)${pgUrl ? " and PostgreSQL" : ""}; node ${SERVER_NODE_FLAGS.join(" ")} (as npm start); vote servers at LOG_LEVEL=warn, and on SQLite also at the default info (one access line per request)`,
  );
  const script = join(work, "rush.lua");
  try {
    const sqlite = await setup(sqliteUrl, "warn");
    writeFileSync(script, luaScript(sqlite.targets));
    // The same games and load on a database of their own, served as npm start's default serves them.
    const logged = await setup(join(work, "rush-logged.sqlite"), "info");
    const loggedScript = join(work, "rush-logged.lua");
    writeFileSync(loggedScript, luaScript(logged.targets));

    const ceiling = await ceilingApp();
    await compare(
      script,
      {
        baseline: "ceiling (Fastify + validation, no database): ",
        target: "votes on SQLite (durable, group commit):     ",
        ratio: "ratio votes/ceiling: ",
      },
      ceiling,
      sqlite.app,
      { ratio: 0.6, p99Ms: 20 },
      { name: "votes on SQLite, with the access log:        ", app: logged.app, script: loggedScript },
    );
    await ceiling.close();
    await sqlite.close();
    await logged.close();

    if (!pgUrl) {
      console.log("PostgreSQL: skipped (set BANSHA_BENCH_PG or DATABASE_URL to a postgres:// URL)");
      return;
    }
    // Fresh games on PostgreSQL; the load script is rewritten for their ids and sessions.
    const real = await setup(pgUrl, "warn");
    writeFileSync(script, luaScript(real.targets));
    const floor = await pgInsertApp(pgUrl);
    await compare(
      script,
      {
        baseline: "PostgreSQL one INSERT per request:           ",
        target: "votes on PostgreSQL (durable, group commit): ",
        ratio: "ratio votes/insert on PostgreSQL: ",
      },
      floor.app,
      real.app,
      { ratio: 0.8 },
    );
    await floor.close();
    await real.close();
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
