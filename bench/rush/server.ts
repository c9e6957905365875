// One server under test for bench/vote-rush.ts, in a process of its own as npm start runs one: its heap holds only
// its own games, so no server pays the collector for another's state.
//
//   node --max-semi-space-size=64 --import tsx bench/rush/server.ts <kind> <work dir> [database url] [log level]
//
// kinds: "votes" (the real vote endpoint: 60 games × 57 players seeded, started and ready to vote; it writes the
// wrk script that votes in them), "ceiling" (the same cookie parsing and body validation, no database) and
// "pg-insert" (one durable INSERT per request on PostgreSQL). It prints one JSON line, {"port":…,"script"?:…}, once
// it listens, and closes (dropping its PostgreSQL schema) when its stdin ends, so it also ends with its parent.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";
import { systemClock } from "../../src/app/clock.ts";
import { realEngine } from "../../src/app/engine-adapter.ts";
import { builtinRulesCatalog } from "../../src/app/rules-catalog.ts";
import { Scheduler } from "../../src/app/scheduler.ts";
import { buildApp, SESSION_COOKIE } from "../../src/server/app.ts";
import { parseOr400 } from "../../src/server/http-errors.ts";
import { VoteBody } from "../../src/server/schemas.ts";
import { openStorage } from "../../src/storage/storage.ts";
import { postOk, seedSession } from "../../test/server/direct.ts";
import { smallRules } from "../../test/server/fixtures.ts";
import { GAMES, PLAYERS } from "./shape.ts";

interface Target {
  path: string;
  cookie: string;
  seats: number[];
}

interface Served {
  app: FastifyInstance;
  close: () => Promise<void>;
  script?: string;
}

/** The real vote endpoint, as npm start serves it at `logLevel`, with its games seeded and their votes open. */
async function votesServer(work: string, dbUrl: string, logLevel: string): Promise<Served> {
  const pgSchema = dbUrl.startsWith("postgres") ? `rush_${randomBytes(4).toString("hex")}` : undefined;
  const storage = await openStorage(dbUrl, pgSchema === undefined ? {} : { pgSchema });
  const name = `votes-${randomBytes(3).toString("hex")}`;
  const { app, games } = await buildApp({
    storage,
    clock: systemClock,
    engine: realEngine,
    rules: builtinRulesCatalog(),
    rateLimits: { login: 1e9, writes: 1e9 },
    // A file in the bench's temporary directory, as stdout redirected to a file would be.
    logger: { level: logLevel, file: join(work, `${name}.log`) },
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
  const script = join(work, `${name}.lua`);
  writeFileSync(script, luaScript(targets));
  return {
    app,
    script,
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

/** The ceiling: the same cookie parsing and zod body validation, answering without any storage. */
async function ceilingServer(): Promise<Served> {
  const app = Fastify({ logger: false });
  await app.register(cookie);
  let seq = 0;
  app.post<{ Params: { id: string } }>("/api/games/:id/votes", async (req, reply) => {
    const body = parseOr400(VoteBody, req.body, reply);
    if (!body) return reply;
    if (!req.cookies[SESSION_COOKIE]) return reply.code(401).send({});
    return { ok: true, seq: ++seq, receivedAt: Date.now(), replayed: false };
  });
  return { app, close: () => app.close() };
}

/**
 * The PostgreSQL floor: the same cookie check and body validation, then one INSERT per request in its own
 * transaction (autocommit, synchronous_commit=on) on a pool as large as the storage's, answered after it commits.
 */
async function pgInsertServer(url: string): Promise<Served> {
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
local parity = 0
-- Each player's last target, so a vote is always a change: the server refuses the standing ballot sent again
-- (vote.unchanged), which wrk would count as an error and which commits nothing. The memory ends with the run,
-- so a run votes only for seats of its parity (args[2]), which alternates between a port's runs: a player's
-- first vote in a run cannot repeat its last vote of the run before.
local last = {}
-- wrk's Lua random numbers start from the same seed in every run: the bench passes a fresh prefix per run, so
-- request ids of the warm-up and the measured run never collide (a collision would be answered as a retry).
init = function(args)
  tid = args[1] or tid
  parity = tonumber(args[2] or "0") or 0
end
request = function()
  counter = counter + 1
  local i = math.random(1, #targets)
  local t = targets[i]
  -- seats parity, parity + 2, ... below t[3]
  local choices = math.floor((t[3] - 1 - parity) / 2) + 1
  local k
  if last[i] == nil then
    k = math.random(1, choices) - 1
  else
    k = math.random(1, choices - 1) - 1
    if k >= last[i] then k = k + 1 end
  end
  last[i] = k
  local seat = parity + 2 * k
  local body = '{"requestId":"r' .. tid .. '-' .. counter .. '","targets":[' .. seat .. ']}'
  return wrk.format("POST", t[1], { ["Content-Type"] = "application/json", ["Cookie"] = t[2] }, body)
end
`;
}

async function serve(
  kind: string,
  work: string,
  dbUrl: string | undefined,
  logLevel: string,
): Promise<Served> {
  if (kind === "ceiling") return ceilingServer();
  if (kind === "votes" && dbUrl) return votesServer(work, dbUrl, logLevel);
  if (kind === "pg-insert" && dbUrl) return pgInsertServer(dbUrl);
  throw new Error(`rush server: unknown kind "${kind}" or missing database url`);
}

const [kind = "", work = "", dbUrl, logLevel = "warn"] = process.argv.slice(2);
const served = await serve(kind, work, dbUrl, logLevel);
await served.app.listen({ port: 0, host: "127.0.0.1" });
const port = (served.app.server.address() as { port: number }).port;
process.stdout.write(`${JSON.stringify({ port, ...(served.script && { script: served.script }) })}\n`);
process.stdin.resume();
process.stdin.once("end", () => {
  served.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`rush server: close failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
});
