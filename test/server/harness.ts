// Builds the app over in-memory SQLite with a manual clock, and drives it through inject() like a browser would.
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { ManualClock } from "../../src/app/clock.ts";
import { realEngine } from "../../src/app/engine-adapter.ts";
import { indexedOriginality } from "../../src/app/originality-service.ts";
import { builtinRulesCatalog } from "../../src/app/rules-catalog.ts";
import { Scheduler } from "../../src/app/scheduler.ts";
import type { GameView as EngineView } from "../../src/engine/view.ts";
import type {
  ApiError,
  GameCreatedResponse,
  GameView,
  GameViewResponse,
  PostResponse,
  RosterResponse,
} from "../../src/server/api-types.ts";
import { type BuiltApp, buildApp, SESSION_COOKIE } from "../../src/server/app.ts";
import { hasZhMessage } from "../../src/server/messages-zh.ts";
import type { Storage } from "../../src/storage/storage.ts";
import { openStorage } from "../../src/storage/storage.ts";
import { seedSession } from "./direct.ts";
import { local, smallRules } from "./fixtures.ts";

export interface Harness extends BuiltApp {
  storage: Storage;
  clock: ManualClock;
  scheduler: Scheduler<unknown>;
  close(): Promise<void>;
}

/**
 * An answer as a test reads it. `json` is typed by what the caller names (`call<CommandResponse>`, `call<ApiError>` for
 * a refusal): the harness parses JSON and cannot check the shape, so a test names the type of the answer it expects.
 */
export interface Res<T = unknown> {
  status: number;
  json: T;
  text: string;
}

export async function makeHarness(
  options: {
    storage?: Storage;
    clock?: ManualClock;
    logLines?: string[];
    logFile?: string;
    /** The logger's level with `logLines` (default debug) or `logFile` (default info). */
    logLevel?: string;
    /** AppDeps.catchUpEveryMs (PostgreSQL). */
    catchUpEveryMs?: number;
    /** AppDeps.deadlineGraceMs (several processes). */
    deadlineGraceMs?: number;
    /** AppDeps.liveViewIntervalMs. */
    liveViewIntervalMs?: number;
    /** AppDeps.liveFlushMs. */
    liveFlushMs?: number;
    /** AppDeps.livePingMs. */
    livePingMs?: number;
    /** AppDeps.webRoot: the built web app to serve. */
    webRoot?: string;
  } = {},
): Promise<Harness> {
  const logLines = options.logLines;
  const storage = options.storage ?? (await openStorage(":memory:"));
  const clock = options.clock ?? new ManualClock(local("12-01 12:00:00"));
  const built = await buildApp({
    storage,
    clock,
    engine: realEngine,
    rules: builtinRulesCatalog(),
    originality: await indexedOriginality(storage),
    rateLimits: { login: 100_000, writes: 1_000_000 },
    ...(options.catchUpEveryMs !== undefined && { catchUpEveryMs: options.catchUpEveryMs }),
    ...(options.deadlineGraceMs !== undefined && { deadlineGraceMs: options.deadlineGraceMs }),
    ...(options.liveViewIntervalMs !== undefined && { liveViewIntervalMs: options.liveViewIntervalMs }),
    ...(options.liveFlushMs !== undefined && { liveFlushMs: options.liveFlushMs }),
    ...(options.livePingMs !== undefined && { livePingMs: options.livePingMs }),
    ...(options.webRoot !== undefined && { webRoot: options.webRoot }),
    // As main.ts serves it: every route is in the authorization matrix, this one too.
    rulesDoc: fileURLToPath(new URL("../../docs/rulesets.md", import.meta.url)),
    ...(logLines && {
      logger: { level: options.logLevel ?? "debug" },
      logStream: { write: (line: string) => logLines.push(line) },
    }),
    ...(options.logFile !== undefined && {
      logger: { level: options.logLevel ?? "info", file: options.logFile },
    }),
  });
  const scheduler = new Scheduler<unknown>(storage, built.games as never, clock);
  return {
    ...(built as BuiltApp),
    storage,
    clock,
    scheduler,
    async close() {
      await built.app.close();
      await storage.close();
    },
  };
}

export async function call<T = unknown>(
  h: Harness,
  method: "GET" | "POST",
  url: string,
  cookie?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Res<T>> {
  const res = await h.app.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  let json: unknown = null;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = null;
  }
  // Every refusal any server test meets must have its own Chinese message: zhMessage's fallback for a code it does
  // not know (「操作被拒绝（code）」) is Chinese too, so a check on the message alone would pass without one.
  const code = (json as { error?: { code?: unknown } } | null)?.error?.code;
  if (res.statusCode >= 400 && typeof code === "string" && !hasZhMessage(code))
    throw new Error(
      `${method} ${url}: refusal code ${code} has no Chinese message in src/server/messages-zh.ts`,
    );
  return { status: res.statusCode, json: json as T, text: res.body };
}

/** Registers through the API (real scrypt). */
export async function register(h: Harness, username: string): Promise<string> {
  const res = await h.app.inject({
    method: "POST",
    url: "/api/auth/register",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ username, password: "password123" }),
  });
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`register ${username}: ${res.statusCode} ${res.body}`);
  return cookie.value;
}

/** Creates an account and a session straight in storage: for tests with hundreds of players (no scrypt). */
export function quickAccount(h: Harness, username: string): Promise<string> {
  return seedSession(h.storage, username, h.clock.now(), 365 * 86_400_000);
}

export const REPORT = "报道：我是新来的侠客，今夜在风雨中赶到这座城里。";

export interface Player {
  username: string;
  cookie: string;
  alias: string;
  seat: number;
  role: string | null;
  code: string | null;
}

export interface Game {
  id: string;
  referee: string;
  players: Player[];
  round1At: number;
}

/** A preset game started over HTTP: players sign up in order, and the referee's start deals roles from `seed`. */
export async function startedPresetGame(
  h: Harness,
  opts: {
    preset: string;
    /** An uploaded rule set in place of the preset (a preset with one option changed, say). */
    rulesText?: string;
    players: number;
    prefix: string;
    seed: string;
    round1At: number;
  },
): Promise<Game> {
  const { prefix } = opts;
  const referee = await quickAccount(h, `${prefix}-ref`);
  const created = await must(
    call<GameCreatedResponse>(h, "POST", "/api/games", referee, {
      name: `${prefix}局`,
      ...(opts.rulesText === undefined ? { preset: opts.preset } : { rulesText: opts.rulesText }),
      refereeAlias: `${prefix}哨子`,
    }),
  );
  const id = created.json.game.id;
  await must(call(h, "POST", `/api/games/${id}/signup/open`, referee));
  const players: Player[] = [];
  for (let i = 0; i < opts.players; i++) {
    const username = `${prefix}-user${i}`;
    const cookie = await quickAccount(h, username);
    const alias = `${prefix}${i}`;
    // Long enough for every preset (风云 asks 301 字).
    await must(call(h, "POST", `/api/games/${id}/join`, cookie, { alias, report: REPORT.repeat(13) }));
    players.push({ username, cookie, alias, seat: -1, role: null, code: null });
  }
  await must(call(h, "POST", `/api/games/${id}/signup/close`, referee));
  await must(
    call(h, "POST", `/api/games/${id}/start`, referee, { seed: opts.seed, round1At: opts.round1At }),
  );
  const roster = await must(call<RosterResponse>(h, "GET", `/api/games/${id}/referee/roster`, referee));
  const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`, referee));
  for (const p of players) {
    p.seat = roster.json.members.find((m) => m.alias === p.alias)!.seat!;
    const seat = view.json.view!.seats.find((s) => s.seat === p.seat)!;
    p.role = seat.role ?? null;
    p.code = seat.code ?? null;
  }
  return { id, referee, players, round1At: opts.round1At };
}

/** A draft game (筹备中, sign-up not open) of smallRules(`players`), created by `referee`: its id. */
export async function draftGame(
  h: Harness,
  referee: string,
  opts: { players?: number; name?: string; refereeAlias?: string } = {},
): Promise<string> {
  const created = await call<GameCreatedResponse>(h, "POST", "/api/games", referee, {
    name: opts.name ?? "测试局",
    rulesText: JSON.stringify(smallRules(opts.players ?? 3)),
    refereeAlias: opts.refereeAlias ?? "哨子",
  });
  if (created.status !== 201) throw new Error(`create: ${created.text}`);
  return created.json.game.id;
}

/** A fresh harness with a started game of six (startedGame), given to `fn` and closed afterwards. */
export async function withStartedGame(fn: (h: Harness, g: Game) => Promise<void>): Promise<void> {
  const h = await makeHarness();
  try {
    await fn(h, await startedGame(h, 6));
  } finally {
    await h.close();
  }
}

/**
 * A started game of `n` seats: round 1 opens at 12-01 21:00, its vote closes 12-02 21:00:00 (+1 s grace). With
 * `dropouts`, that many accounts (`${prefix}-dropout${i}`, as `${prefix}退出${i}`) sign up first and leave before the
 * others do: the even ones withdraw, the referee removes the odd ones.
 */
export async function startedGame(
  h: Harness,
  n: number,
  prefix = "p",
  opts: { dropouts?: number } = {},
): Promise<Game> {
  const referee = await quickAccount(h, `${prefix}-ref`);
  const id = await draftGame(h, referee, { players: n, refereeAlias: `${prefix}哨子` });
  await must(call(h, "POST", `/api/games/${id}/signup/open`, referee));
  for (let i = 0; i < (opts.dropouts ?? 0); i++) {
    const cookie = await quickAccount(h, `${prefix}-dropout${i}`);
    const alias = `${prefix}退出${i}`;
    await must(call(h, "POST", `/api/games/${id}/join`, cookie, { alias, report: REPORT }));
    await must(
      i % 2 === 0
        ? call(h, "POST", `/api/games/${id}/withdraw`, cookie, {})
        : call(h, "POST", `/api/games/${id}/referee/signups/remove`, referee, { alias, reason: "弃权" }),
    );
  }
  const players: Player[] = [];
  for (let i = 0; i < n; i++) {
    const username = `${prefix}-user${i}`;
    const cookie = await quickAccount(h, username);
    const alias = `${prefix}马甲${i}`;
    await must(call(h, "POST", `/api/games/${id}/join`, cookie, { alias, report: REPORT }));
    players.push({ username, cookie, alias, seat: -1, role: null, code: null });
  }
  await must(call(h, "POST", `/api/games/${id}/signup/close`, referee));
  const round1At = local("12-01 21:00:00");
  await must(call(h, "POST", `/api/games/${id}/start`, referee, { seed: "test-seed", round1At }));
  const roster = await must(call<RosterResponse>(h, "GET", `/api/games/${id}/referee/roster`, referee));
  const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`, referee));
  for (const p of players) {
    const entry = roster.json.members.find((m) => m.alias === p.alias)!;
    p.seat = entry.seat!;
    const seat = view.json.view!.seats.find((s) => s.seat === p.seat)!;
    p.role = seat.role ?? null;
    p.code = seat.code ?? null;
  }
  return { id, referee, players, round1At };
}

export async function must<T>(p: Promise<Res<T>>): Promise<Res<T>> {
  const r = await p;
  if (r.status >= 300) throw new Error(`unexpected ${r.status}: ${r.text}`);
  return r;
}

/** The error of an answer typed as success or refusal (`call<JoinResponse | ApiError>`), once it must be a refusal. */
export function errorOf(res: Res): ApiError["error"] {
  const json = res.json;
  if (typeof json !== "object" || json === null || !("error" in json))
    throw new Error(`not a refusal: ${res.status} ${res.text}`);
  return (json as ApiError).error;
}

/**
 * The engine's own view inside a game view, typed by the engine: the API keeps `GameView.engine` unknown because the
 * engine owns that shape (src/app/engine-adapter.ts puts the engine's view there as it is).
 */
export function engineOf(view: GameView | null): EngineView {
  return view!.engine as EngineView;
}

/** Moves the clock and fires whatever is due, as the scheduler would. */
export async function advanceTo(h: Harness, at: number): Promise<void> {
  h.clock.set(at);
  await h.scheduler.runDue();
}

export function rid(): string {
  return randomBytes(12).toString("hex");
}

/** The killer whose turn it is first (code 甲), the other killer, and the rangers. */
export function cast(g: Game): { first: Player; second: Player; rangers: Player[] } {
  const first = g.players.find((p) => p.code === "甲")!;
  const second = g.players.find((p) => p.code === "乙")!;
  return { first, second, rangers: g.players.filter((p) => p.role === "ranger") };
}

export const LONG_POST = "夜色如墨，长街无声。一柄短剑自檐角落下，映着残月的寒光，直取楼中那人的咽喉。";

/**
 * The last seq the viewer may see, as the GET view gives it (the point a stream opened after it starts from); the
 * game's last for the referee.
 */
export async function lastSeqOf(h: Harness, gameId: string, cookie?: string): Promise<number> {
  return (await must(call<GameViewResponse>(h, "GET", `/api/games/${gameId}`, cookie))).json.lastSeq;
}

/** A kill post by the session's holder on `target` that must be accepted (the clock inside the posting window). */
export function postKill(
  h: Harness,
  gameId: string,
  cookie: string,
  target: number,
  text = LONG_POST,
): Promise<Res<PostResponse>> {
  return must(
    call<PostResponse>(h, "POST", `/api/games/${gameId}/kill-posts`, cookie, {
      requestId: rid(),
      target,
      text,
    }),
  );
}

/**
 * Reads until `done` holds of what was read or the tries run out, waiting `everyMs` between reads: a bounded wait
 * for something delivered asynchronously (a notification from another process). Returns the last value read, for
 * the caller's assertion to show.
 */
export async function eventually<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  everyMs = 50,
  tries = 100,
): Promise<T> {
  let value = await read();
  for (let i = 1; i < tries && !done(value); i++) {
    await new Promise((r) => setTimeout(r, everyMs));
    value = await read();
  }
  return value;
}
