// buildApp: the composition root. Wires storage, clock, engine, rules and text into services and HTTP routes.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import cookie from "@fastify/cookie";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { AccountService, hashToken } from "../app/account-service.ts";
import { AdminService } from "../app/admin-service.ts";
import type { Clock } from "../app/clock.ts";
import { DiscussionService } from "../app/discussion-service.ts";
import type { EnginePort } from "../app/engine-port.ts";
import { GameLifecycle } from "../app/game-lifecycle.ts";
import { GameReads } from "../app/game-reads.ts";
import { type CommandOk, GameService } from "../app/game-service.ts";
import { NightService } from "../app/night-service.ts";
import {
  killPostLineage,
  type OriginalityPort,
  ruleSetCheck,
  unavailableOriginality,
} from "../app/originality-port.ts";
import { PlayerActions } from "../app/player-actions.ts";
import { RefereeActions } from "../app/referee-actions.ts";
import type { Result } from "../app/refusal.ts";
import type { RulesCatalog } from "../app/rules-catalog.ts";
import type { Account, Storage } from "../storage/storage.ts";
import { OneLineAccessLog, requestLogger, serverLogger, writesAccessLines } from "./access-log.ts";
import type {
  AccountInfo,
  CheckRulesResponse,
  CommandResponse,
  MeResponse,
  OkResponse,
  PresetYamlResponse,
  SetupStatusResponse,
  TimeResponse,
} from "./api-types.ts";
import { parseOr400, sendError, sendRefusal, sendUnreadableBody } from "./http-errors.ts";
import { EVENTS_CHANNEL, OpenStreams, serveStream } from "./live-stream.ts";
import { addRateLimits, FixedWindows } from "./rate-limit.ts";
import { registerAdminRoutes } from "./routes-admin.ts";
import { registerDiscussionRoutes } from "./routes-discussion.ts";
import { registerNightRoutes } from "./routes-night.ts";
import * as S from "./schemas.ts";
import type { TrustProxy } from "./trust-proxy.ts";
import { registerWebFiles } from "./web-files.ts";

export const SESSION_COOKIE = "bansha_session";

export interface AppDeps<St = unknown> {
  storage: Storage;
  clock: Clock;
  engine: EnginePort<St>;
  rules: RulesCatalog;
  originality?: OriginalityPort;
  /**
   * Pino's level, and optionally a file to append lines to (else stdout), or false (tests). Serializers that keep
   * identities out of logs are always applied (access-log.ts).
   */
  logger?: boolean | { level: string; file?: string };
  /** Where log lines go (tests read them to prove no identity is logged); stdout by default. */
  logStream?: { write(line: string): void };
  /** Requests per minute. */
  rateLimits?: { login: number; writes: number };
  /**
   * PostgreSQL: how often every game in memory reads what other processes appended, in case a notification was
   * lost (one whose NOTIFY failed twice, say). 30 s by default; 0 for never.
   */
  catchUpEveryMs?: number;
  /**
   * The deadline grace (BANSHA_TIMER_GRACE_MS; the scheduler's graceMs): a command received past a deadline its game
   * has not fired yet waits until the grace has run, so it cannot close a vote ahead of commands another process
   * received before the deadline. 0 (the default): it is decided at once.
   */
  deadlineGraceMs?: number;
  /** A live stream's views at most this often (VIEW_INTERVAL_MS in live-stream.ts unless a test says otherwise). */
  liveViewIntervalMs?: number;
  /** A live stream's writes gathered this long (FLUSH_MS in live-stream.ts unless a test says otherwise). */
  liveFlushMs?: number;
  /** A live stream's ping, and its session check, this often (PING_MS in live-stream.ts unless a test says otherwise). */
  livePingMs?: number;
  /** Origins allowed to write besides the request's own host. */
  allowedOrigins?: readonly string[];
  /** The built web app to serve (index.html for every non-API path), if it exists. */
  webRoot?: string;
  /**
   * docs/rulesets.md, served as text at /api/docs/rulesets.md: the lobby's 自定义规则 points a referee there (a
   * deployed site's visitors have no checkout to open it in). Absent or missing: 404.
   */
  rulesDoc?: string;
  /** Set the Secure flag on the session cookie (behind HTTPS). */
  secureCookies?: boolean;
  /** Proxies whose X-Forwarded-For names the client (see trust-proxy.ts); none by default. */
  trustProxy?: TrustProxy;
}

export interface BuiltApp<St = unknown> {
  app: FastifyInstance;
  games: GameService<St>;
  accounts: AccountService;
}

declare module "fastify" {
  interface FastifyRequest {
    account: Account | null;
  }
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Log-ins a minute allowed per username, as a multiple of those allowed per address. */
const LOGINS_PER_USERNAME_FACTOR = 3;

export async function buildApp<St>(deps: AppDeps<St>): Promise<BuiltApp<St>> {
  const { storage, clock } = deps;
  const accounts = new AccountService(storage, clock);
  const originality = deps.originality ?? unavailableOriginality;
  const games = new GameService<St>({
    storage,
    engine: deps.engine,
    clock,
    deadlineGraceMs: deps.deadlineGraceMs ?? 0,
  });
  const reads = new GameReads<St>({ games, storage, clock });
  // A 报道's copied share is public (GET /reports), so only posts the public may read count toward it: a 报道 matching
  // a kill post not yet released would confirm a guess at that post's text.
  const publicOriginality: OriginalityPort = {
    check: (text, request) =>
      originality.check(text, {
        ...request,
        readable: async (source) => (await reads.originalitySource(null, source)) !== null,
      }),
    ...(originality.addDocument && { addDocument: (doc) => originality.addDocument!(doc) }),
  };
  const lifecycle = new GameLifecycle<St>({
    games,
    storage,
    clock,
    rules: deps.rules,
    originality: publicOriginality,
  });
  const players = new PlayerActions<St>({ games, originality });
  const referees = new RefereeActions<St>({ games, storage, clock });
  const limits = deps.rateLimits ?? { login: 10, writes: 120 };

  const level =
    deps.logger === undefined || deps.logger === false
      ? undefined
      : typeof deps.logger === "object"
        ? deps.logger.level
        : "info";
  const destination = deps.logStream
    ? { stream: deps.logStream }
    : typeof deps.logger === "object" && deps.logger.file !== undefined
      ? { file: deps.logger.file }
      : undefined;
  const log: FastifyBaseLogger | undefined =
    level === undefined ? undefined : serverLogger(level, destination);
  // Above info no access line is written, so Fastify is given no logger, and every request gets ours (serverLogger).
  const quiet = level !== undefined && !writesAccessLines(level) ? log : undefined;
  const app = Fastify({
    ...(log && !quiet && { loggerInstance: log }),
    logController: new OneLineAccessLog(),
    ...(quiet ? { childLoggerFactory: () => quiet } : log && { childLoggerFactory: requestLogger }),
    bodyLimit: 1024 * 1024,
    // A request that reaches a closing server (pipelined, or on a busy keep-alive connection) is refused by the
    // onRequest hook below, in our own shape, instead of with Fastify's English body.
    return503OnClosing: false,
    trustProxy: deps.trustProxy ?? false,
    // Errors the router meets before any route runs (so before the error handler): answered like every other
    // refusal, with a code and a Chinese message, instead of Fastify's own English body.
    frameworkErrors: (error, _req, reply) => {
      if (error.code === "FST_ERR_MAX_PARAM_LENGTH") return sendError(reply, 414, "url-too-long");
      if (error.code === "FST_ERR_BAD_URL") return sendError(reply, 400, "bad-url");
      return sendError(reply, 400, "invalid-body");
    },
  });
  // Fastify's own server-level lines (a failing onListen hook) go to the same logger as the requests'.
  if (quiet) app.log = quiet;

  app.removeContentTypeParser("text/plain");
  // A write without a payload ("signup/open") may come as an empty JSON body: read it as {}.
  const jsonParser = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) =>
    body === "" ? done(null, {}) : jsonParser(req, body as string, done),
  );
  app.decorateRequest("account", null);
  await app.register(cookie);
  // Counted per signed-in account (the onRequest hook below has authenticated the request by then), else per
  // address. Not per cookie: a made-up cookie per request would otherwise start a fresh count. Sign-in routes
  // override this with the address alone (loginLimit).
  addRateLimits(
    app,
    (req) => req.account?.id ?? `ip:${req.ip}`,
    (reply) => void sendError(reply, 429, "rate-limited"),
  );

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 415) return sendError(reply, 415, "unsupported-media-type");
    if (status === 413) return sendError(reply, 413, "body-too-large");
    // A body the JSON parser refused has no field to name: the message says what is wrong with it instead.
    if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY") return sendUnreadableBody(reply);
    if (status >= 400 && status < 500) return sendError(reply, status, "invalid-body");
    req.log.error({ reqId: req.id, err: error }, "request failed");
    return sendError(reply, 500, "internal-error");
  });
  const webRoot = deps.webRoot !== undefined && existsSync(deps.webRoot) ? deps.webRoot : undefined;
  if (webRoot) await registerWebFiles(app, webRoot);
  else if (deps.webRoot !== undefined)
    app.log.warn(
      { webRoot: deps.webRoot },
      "the web app is not built here: pages answer 404 (npm run build:web)",
    );
  app.setNotFoundHandler((req, reply) =>
    webRoot && req.method === "GET" && isPagePath(req.url)
      ? reply.sendFile("index.html")
      : sendError(reply, 404, "not-found"),
  );

  /** Set once the app starts closing: requests still arriving are refused (see the onRequest hook). */
  let closing = false;
  // A callback hook, not an async one: the session is nearly always answered from memory, and an async hook
  // would cost every request a promise anyway. Answering here means not calling `done`.
  app.addHook("onRequest", (req, reply, done) => {
    if (closing) {
      // Nothing was done: the client may send it again, to whichever server answers next (Fastify has already
      // marked the connection to close).
      sendError(reply, 503, "server-closing");
      return;
    }
    if (WRITE_METHODS.has(req.method)) {
      const origin = req.headers.origin;
      if (origin !== undefined && !originAllowed(origin, req, deps.allowedOrigins ?? [])) {
        sendError(reply, 403, "bad-origin");
        return;
      }
    }
    const found = accounts.authenticate(req.cookies[SESSION_COOKIE]);
    if (!(found instanceof Promise)) {
      req.account = found ?? null;
      done();
      return;
    }
    found.then(
      (account) => {
        req.account = account ?? null;
        done();
      },
      (error: Error) => done(error),
    );
  });

  const writeLimit = { rateLimit: { max: limits.writes, timeWindow: 60_000 } };
  // Per address even with a session: otherwise each throwaway account would bring its own budget of guesses.
  const loginLimit = {
    rateLimit: { max: limits.login, timeWindow: 60_000, key: (req: FastifyRequest) => `ip:${req.ip}` },
  };
  // Guesses at one username from many addresses are capped too. Looser than the per-address limit, so that one
  // address, held to that limit, cannot by itself lock the owner out of their account.
  const loginsPerUsername = new FixedWindows({
    max: limits.login * LOGINS_PER_USERNAME_FACTOR,
    timeWindow: 60_000,
  });
  // Guesses at one account's current password through its sessions, likewise: a stolen session would otherwise
  // get a guess budget per address it comes from.
  const passwordChangesPerAccount = new FixedWindows({
    max: limits.login * LOGINS_PER_USERNAME_FACTOR,
    timeWindow: 60_000,
  });

  const setSession = (reply: FastifyReply, token: string): void => {
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: deps.secureCookies ?? false,
      maxAge: 30 * 24 * 3600,
    });
  };
  const me = (a: Account): MeResponse => ({ account: accountInfo(a) });

  // ---------------------------------------------------------------- time, setup, auth

  app.get("/api/time", async (): Promise<TimeResponse> => ({ now: clock.now(), timeZone: "Asia/Shanghai" }));

  app.get(
    "/api/setup",
    async (): Promise<SetupStatusResponse> => ({ pending: await accounts.setupPending() }),
  );

  app.post("/api/setup", { config: loginLimit }, async (req, reply) => {
    const body = parseOr400(S.SetupBody, req.body, reply);
    if (!body) return reply;
    const res = await accounts.completeSetup(body.token, body.username, body.password);
    if (!res.ok) return sendRefusal(reply, res.refusal);
    setSession(reply, res.value.token);
    return me(res.value.account);
  });

  app.post("/api/auth/register", { config: loginLimit }, async (req, reply) => {
    const body = parseOr400(S.CredentialsBody, req.body, reply);
    if (!body) return reply;
    const res = await accounts.register(body.username, body.password);
    if (!res.ok) return sendRefusal(reply, res.refusal);
    setSession(reply, res.value.token);
    return me(res.value.account);
  });

  app.post("/api/auth/login", { config: loginLimit }, async (req, reply) => {
    const body = parseOr400(S.LoginBody, req.body, reply);
    if (!body) return reply;
    const waitMs = loginsPerUsername.hit(body.username, Date.now());
    if (waitMs > 0) {
      reply.header("retry-after", Math.ceil(waitMs / 1000));
      return sendError(reply, 429, "rate-limited");
    }
    const res = await accounts.login(body.username, body.password);
    if (!res.ok) return sendRefusal(reply, res.refusal);
    setSession(reply, res.value.token);
    return me(res.value.account);
  });

  // Counted like a log-in: each try is a guess at the current password.
  app.post("/api/auth/password", { config: loginLimit }, async (req, reply) => {
    const body = parseOr400(S.PasswordChangeBody, req.body, reply);
    if (!body) return reply;
    const token = req.cookies[SESSION_COOKIE];
    if (!token || !req.account) return sendError(reply, 401, "unauthenticated");
    const waitMs = passwordChangesPerAccount.hit(req.account.id, Date.now());
    if (waitMs > 0) {
      reply.header("retry-after", Math.ceil(waitMs / 1000));
      return sendError(reply, 429, "rate-limited");
    }
    const res = await accounts.changePassword(req.account, token, body.currentPassword, body.newPassword);
    if (!res.ok) return sendRefusal(reply, res.refusal);
    const out: OkResponse = { ok: true };
    return out;
  });

  app.post("/api/auth/logout", async (req, reply): Promise<OkResponse | FastifyReply> => {
    const token = req.cookies[SESSION_COOKIE];
    if (!token || !req.account) return sendError(reply, 401, "unauthenticated");
    await accounts.logout(token);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return { ok: true };
  });

  app.get(
    "/api/auth/me",
    async (req): Promise<MeResponse> => ({
      account: req.account ? accountInfo(req.account) : null,
    }),
  );

  registerAdminRoutes(
    app,
    { admin: new AdminService({ storage, accounts }), accounts },
    { writes: writeLimit, signIn: loginLimit },
  );

  // ---------------------------------------------------------------- lobby and rules

  app.get("/api/presets", async () => ({ presets: deps.rules.presets() }));
  // To start a rule set of one's own from a preset on the site, as `npx bansha rules show <id> --yaml` does.
  app.get<P>("/api/presets/:id/yaml", async (req, reply) => {
    const text = deps.rules.presetYaml(req.params.id);
    if (text === undefined)
      return sendRefusal(reply, { code: "preset-unknown", status: 404, details: { preset: req.params.id } });
    const body: PresetYamlResponse = { id: req.params.id, text };
    return body;
  });

  // Under /api/ so the dev server's proxy passes it too; plain text, which every browser shows as it is.
  app.get("/api/docs/rulesets.md", async (_req, reply) => {
    const text = deps.rulesDoc !== undefined ? await readFile(deps.rulesDoc, "utf8").catch(() => null) : null;
    if (text === null) return sendError(reply, 404, "not-found");
    return reply.type("text/plain; charset=utf-8").header("cache-control", "no-cache").send(text);
  });

  app.post("/api/rules/check", { config: writeLimit }, async (req, reply) => {
    if (!req.account) return sendError(reply, 401, "unauthenticated");
    const body = parseOr400(S.CheckRulesBody, req.body, reply);
    if (!body) return reply;
    const res = deps.rules.check(body.text);
    const out: CheckRulesResponse = res.ok
      ? {
          ok: true,
          problems: [],
          summary: { id: res.rules.id, name: res.rules.name, players: res.rules.players },
        }
      : { ok: false, problems: res.problems };
    return out;
  });

  app.get("/api/games", async (req, reply) => {
    const q = parseOr400(S.GameListQuery, req.query, reply);
    if (!q) return reply;
    return { games: await reads.list(q.status, req.account) };
  });

  app.post("/api/games", { config: writeLimit }, async (req, reply) => {
    if (!req.account) return sendError(reply, 401, "unauthenticated");
    const body = parseOr400(S.CreateGameBody, req.body, reply);
    if (!body) return reply;
    const res = await lifecycle.create(req.account, body);
    if (!res.ok) return sendRefusal(reply, res.refusal);
    return reply.code(201).send({ game: res.value });
  });

  // ---------------------------------------------------------------- one game

  type P = { Params: { id: string } };
  const answer = <T>(reply: FastifyReply, res: Result<T>, wrap: (v: T) => unknown = (v) => v) =>
    res.ok ? reply.send(wrap(res.value)) : sendRefusal(reply, res.refusal);
  const command = (reply: FastifyReply, res: Result<CommandOk>) =>
    answer(reply, res, (v): CommandResponse => ({ ok: true, ...v }));

  app.get<P>("/api/games/:id", async (req, reply) =>
    answer(reply, await reads.view(req.params.id, req.account)),
  );

  app.get<P>("/api/games/:id/events", async (req, reply) => {
    const q = parseOr400(S.EventsQuery, req.query, reply);
    if (!q) return reply;
    return answer(reply, await reads.events(req.params.id, req.account, q.after, q.type && new Set(q.type)));
  });

  // Live streams end when the server closes: their clients reconnect, to whichever server answers next.
  const openStreams = new OpenStreams();
  // A revocation here ends the streams of the sessions it revoked at once; one in another process, at a ping.
  accounts.onRevoked = (revoked) => openStreams.endSessions(revoked);
  app.addHook("preClose", (done) => {
    closing = true;
    openStreams.endAll();
    done();
  });
  app.get<P>("/api/games/:id/stream", async (req, reply) => {
    const q = parseOr400(S.StreamQuery, req.query, reply);
    if (!q) return reply;
    const readable = await games.readable(req.params.id, req.account);
    if (!readable.ok) return sendRefusal(reply, readable.refusal);
    const header = req.headers["last-event-id"];
    const fromHeader = typeof header === "string" && /^\d+$/.test(header) ? Number(header) : undefined;
    const token = req.cookies[SESSION_COOKIE];
    const account = req.account;
    const signedIn =
      account && token
        ? {
            session: { accountId: account.id, tokenHash: hashToken(token) },
            stillSignedIn: async () => (await accounts.authenticate(token))?.id === account.id,
          }
        : {};
    await serveStream(
      games,
      req.params.id,
      req.account,
      req,
      reply,
      {
        after: fromHeader ?? q.after ?? 0,
        limit: q.limit,
        open: openStreams,
        ...(q.omit !== undefined && { omit: new Set([q.omit]) }),
        ...(deps.liveViewIntervalMs !== undefined && { viewIntervalMs: deps.liveViewIntervalMs }),
        ...(deps.liveFlushMs !== undefined && { flushMs: deps.liveFlushMs }),
        ...(deps.livePingMs !== undefined && { pingMs: deps.livePingMs }),
        ...signedIn,
      },
      () => clock.now(),
    );
  });

  app.post<P>("/api/games/:id/signup/open", { config: writeLimit }, async (req, reply) =>
    command(reply, await lifecycle.openSignup(req.params.id, req.account)),
  );
  app.post<P>("/api/games/:id/signup/close", { config: writeLimit }, async (req, reply) =>
    command(reply, await lifecycle.closeSignup(req.params.id, req.account)),
  );

  app.post<P>("/api/games/:id/join", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.JoinBody, req.body, reply);
    if (!body) return reply;
    return answer(reply, await lifecycle.join(req.params.id, req.account, body.alias, body.report));
  });

  app.get<P>("/api/games/:id/reports", async (req, reply) =>
    answer(reply, await lifecycle.reports(req.params.id, req.account), (reports) => ({ reports })),
  );

  app.post<P>("/api/games/:id/reports", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.RedoReportBody, req.body, reply);
    if (!body) return reply;
    const res = await lifecycle.redoReport(req.params.id, req.account, body);
    if (!res.ok) return sendRefusal(reply, res.refusal);
    const list = await lifecycle.reports(req.params.id, req.account);
    // By alias: two reports can share a receipt millisecond.
    const mine = list.ok ? list.value.find((r) => r.alias === res.value.alias) : undefined;
    return { report: mine ?? null };
  });

  app.post<P>("/api/games/:id/withdraw", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.WithdrawBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await lifecycle.withdraw(req.params.id, req.account));
  });

  app.post<P>("/api/games/:id/co-referees", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.AddCoRefereeBody, req.body, reply);
    if (!body) return reply;
    const res = await lifecycle.addCoReferee(req.params.id, req.account, body);
    return res.ok ? { ok: true } : sendRefusal(reply, res.refusal);
  });

  app.post<P>("/api/games/:id/start", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.StartBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await lifecycle.start(req.params.id, req.account, body));
  });

  app.post<P>("/api/games/:id/votes", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.VoteBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await players.vote(req.params.id, req.account, body));
  });

  app.post<P>("/api/games/:id/kill-posts", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.KillPostBody, req.body, reply);
    if (!body) return reply;
    return answer(reply, await players.killPost(req.params.id, req.account, body), (v) => ({
      ok: true,
      ...v,
    }));
  });

  app.post<P>("/api/games/:id/iou", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.IouBody, req.body, reply);
    if (!body) return reply;
    return answer(reply, await players.completeIou(req.params.id, req.account, body), (v) => ({
      ok: true,
      ...v,
    }));
  });

  app.get<{ Params: { id: string; postId: string } }>("/api/games/:id/posts/:postId", async (req, reply) =>
    answer(reply, await reads.postBody(req.params.id, req.account, req.params.postId)),
  );

  type R = { Params: { id: string; roomId: string } };
  app.get<R>("/api/games/:id/rooms/:roomId/messages", async (req, reply) =>
    answer(reply, await reads.roomMessages(req.params.id, req.account, req.params.roomId)),
  );
  app.post<R>("/api/games/:id/rooms/:roomId/messages", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.RoomMessageBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await players.roomMessage(req.params.id, req.account, req.params.roomId, body));
  });

  app.post<P>("/api/games/:id/complaints", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.ComplaintBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await players.complaint(req.params.id, req.account, body));
  });

  app.post<P>("/api/games/:id/proxy-requests", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.ProxyRequestBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await players.proxyRequest(req.params.id, req.account, body));
  });

  app.post<P>("/api/games/:id/referee-messages", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.RefereeMessageBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await players.messageReferee(req.params.id, req.account, body));
  });

  app.post<P>("/api/games/:id/referee/messages", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.PlayerMessageBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await referees.messagePlayer(req.params.id, req.account, body));
  });

  app.post<P>("/api/games/:id/extension-requests", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.ExtensionRequestBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await players.extensionRequest(req.params.id, req.account, body));
  });

  app.post<P>("/api/games/:id/originality", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.OriginalityBody, req.body, reply);
    if (!body) return reply;
    if (!req.account) return sendError(reply, 401, "unauthenticated");
    // `readable`: a draft is no game to a stranger, not a 403 that tells it exists.
    const game = await games.readable(req.params.id, req.account);
    if (!game.ok) return sendRefusal(reply, game.refusal);
    const { ctx, viewer: v } = game.value;
    if (!v.memberKind) return sendError(reply, 403, "forbidden");
    return originality.check(body.text, {
      withSources: v.referee,
      // Refereeing this game (any account can make one) shows nothing more of another game's posts than its public.
      siteSource: (source) => reads.originalitySource(req.account, source),
      // Only posts the caller may read count, or a match would confirm a guess at one not yet released: all of its
      // own game's for a referee, another game's once public (anyone can make a game and referee it).
      readable: async (source) => (await reads.originalitySource(req.account, source)) !== null,
      ...ruleSetCheck(ctx.rules.text),
      // Only a referee names a published post: a player's draft has no post to leave out yet.
      ...(v.referee && body.postId !== undefined && { excludePostId: body.postId }),
      // Only the caller's own seat's lineage can be left out, so naming a round hides nobody else's post; a referee,
      // who sees every post anyway, names the seat whose IOU completion it is entering.
      ...(v.seat !== null &&
        body.iouRound !== undefined && {
          excludeLineage: killPostLineage(req.params.id, body.iouRound, v.seat),
        }),
      ...(v.referee &&
        body.iouRound !== undefined &&
        body.iouSeat !== undefined && {
          excludeLineage: killPostLineage(req.params.id, body.iouRound, body.iouSeat),
        }),
    });
  });

  registerDiscussionRoutes(app, new DiscussionService({ games, storage, clock, originality }), writeLimit);
  registerNightRoutes(app, new NightService({ games }), writeLimit);

  // ---------------------------------------------------------------- referee

  app.get<P>("/api/games/:id/referee/roster", async (req, reply) =>
    answer(reply, await reads.roster(req.params.id, req.account), (members) => ({ members })),
  );
  app.get<P>("/api/games/:id/referee/log", async (req, reply) => {
    const q = parseOr400(S.AfterQuery, req.query, reply);
    if (!q) return reply;
    return answer(reply, await reads.log(req.params.id, req.account, q.after));
  });
  app.get<P>("/api/games/:id/referee/inbox", async (req, reply) =>
    answer(reply, await reads.inbox(req.params.id, req.account), (items) => ({ items })),
  );
  app.post<P>("/api/games/:id/referee/reports/reject", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.RejectReportBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await lifecycle.rejectReport(req.params.id, req.account, body));
  });
  app.post<P>("/api/games/:id/referee/reports/approve", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.ApproveReportBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await lifecycle.approveReport(req.params.id, req.account, body));
  });
  app.post<P>("/api/games/:id/referee/signups/remove", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.RemoveSignupBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await lifecycle.removeSignup(req.params.id, req.account, body));
  });
  app.post<P>("/api/games/:id/referee/iou-completions", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.RefereeIouBody, req.body, reply);
    if (!body) return reply;
    return answer(reply, await players.completeIouFor(req.params.id, req.account, body), (v) => ({
      ok: true,
      ...v,
    }));
  });

  app.post<P>("/api/games/:id/referee/kill-posts", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.RefereeKillPostBody, req.body, reply);
    if (!body) return reply;
    return answer(reply, await players.killPostFor(req.params.id, req.account, body), (v) => ({
      ok: true,
      ...v,
    }));
  });

  app.post<P>("/api/games/:id/referee/complaints", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.RefereeComplaintBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await players.complaintFor(req.params.id, req.account, body));
  });

  app.post<P>("/api/games/:id/referee/iou-extensions", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.IouExtensionBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await referees.iouExtension(req.params.id, req.account, body));
  });
  app.post<P>("/api/games/:id/referee/proxy-votes", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.ProxyVoteBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await referees.proxyVote(req.params.id, req.account, body));
  });
  app.post<P>("/api/games/:id/referee/complaint-rulings", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.ComplaintRulingBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await referees.ruleComplaint(req.params.id, req.account, body));
  });
  app.post<P>("/api/games/:id/referee/overrides", { config: writeLimit }, async (req, reply) => {
    // 替补 has a route of its own (it takes an account): sent here, it is pointed there, not called malformed.
    const sent = req.body as { override?: { action?: unknown } } | null;
    if (sent?.override?.action === "substitute") return sendError(reply, 400, "use-substitute-route");
    const body = parseOr400(S.OverrideBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await referees.override(req.params.id, req.account, body));
  });
  app.post<P>("/api/games/:id/referee/substitutes", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.SubstituteBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await referees.substitute(req.params.id, req.account, body));
  });
  app.get<P>("/api/games/:id/referee/results", async (req, reply) => {
    const q = parseOr400(S.ResultsQuery, req.query, reply);
    if (!q) return reply;
    return answer(reply, await referees.resultsPreview(req.params.id, req.account, q.round, q.part));
  });
  app.post<P>("/api/games/:id/referee/results", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.PublishResultsBody, req.body, reply);
    if (!body) return reply;
    let text = body.text;
    if (text === undefined) {
      const preview = await referees.resultsPreview(req.params.id, req.account, body.round, body.part);
      if (!preview.ok) return sendRefusal(reply, preview.refusal);
      text = preview.value.text;
    }
    return command(
      reply,
      await referees.publishResults(req.params.id, req.account, {
        requestId: body.requestId,
        round: body.round,
        ...(body.part && { part: body.part }),
        text,
      }),
    );
  });

  app.post<P>("/api/games/:id/referee/awards", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(S.AwardsBody, req.body, reply);
    if (!body) return reply;
    return command(reply, await referees.giveAwards(req.params.id, req.account, body));
  });

  games.onBackgroundError = (gameId, error) =>
    app.log.warn({ gameId, err: error }, "reading a write made through a game dropped from memory failed");

  // Other processes' commits reach our SSE listeners through the notifier. Only PostgreSQL has other processes:
  // SQLite runs one per database file (docs/deploy.md), and telling ourselves of our own commits costs every batch.
  if (storage.dialect === "postgres") {
    /** Reads another process's commits into a loaded game: those after its last seq, or any (`seq` undefined). */
    const catchUp = async (gameId: string, seq?: number): Promise<void> => {
      const actor = games.loadedActor(gameId);
      if (!actor) return;
      const s = await actor.snapshot();
      if (seq === undefined || seq > s.lastSeq) await actor.catchUp();
    };
    /**
     * Every game in memory reads whatever it missed: after a gap in the notifications, and on the sweep below.
     * Failures are reported in one line for the whole pass: with the database unreachable every game fails, and a
     * line per game every 30 s would bury the logs of a server holding hundreds.
     */
    const catchUpAll = (): void => {
      const ids = games.loadedGameIds();
      void Promise.allSettled(ids.map((id) => catchUp(id))).then((results) => {
        const failed = ids.filter((_, i) => results[i]!.status === "rejected");
        if (failed.length === 0) return;
        const first = results.find((r): r is PromiseRejectedResult => r.status === "rejected")!;
        app.log.warn(
          { games: ids.length, failed: failed.length, gameIds: failed.slice(0, 10), err: first.reason },
          "catching up with other processes' commits failed",
        );
      });
    };
    const unsubscribe = await storage.subscribe(
      EVENTS_CHANNEL,
      (payload) => {
        const [gameId, seq] = payload.split(":");
        // Every loaded game catches up, streamed or not, so reads answered here are as fresh as the streams (a
        // loaded game always has the service's own listener, so counting listeners would not narrow this down).
        // A failed read (the database briefly unreachable) must not end the process as an unhandled rejection;
        // nothing is lost, since the next notification or command of this game reads from its last seq on.
        if (gameId)
          catchUp(gameId, Number(seq)).catch((error: Error) =>
            app.log.warn({ gameId, err: error }, "catching up with another process's commit failed"),
          );
      },
      // The listening connection was lost and is back: commits made meanwhile were never announced here, and a
      // quiet game might not write again for hours, so every game in memory reads what it missed now.
      catchUpAll,
    );
    games.onCommitted = (gameId, lastSeq) =>
      void storage.notify(EVENTS_CHANNEL, `${gameId}:${lastSeq}`).catch((error: Error) =>
        // The other processes learn of this commit with the game's next one (or after reconnecting).
        app.log.warn({ gameId, err: error }, "telling other processes of a commit failed"),
      );
    // Notifications are the fast path, not the only one: a commit whose NOTIFY was lost reaches this process's
    // reads and streams within this interval even if its game never writes again.
    const everyMs = deps.catchUpEveryMs ?? 30_000;
    const sweep = everyMs > 0 ? setInterval(catchUpAll, everyMs).unref() : undefined;
    app.addHook("onClose", async () => {
      clearInterval(sweep);
      await unsubscribe();
    });
  }

  return { app, games, accounts };
}

function accountInfo(a: Account): AccountInfo {
  return { id: a.id, username: a.username, isAdmin: a.isAdmin };
}

function originAllowed(origin: string, req: FastifyRequest, extra: readonly string[]): boolean {
  if (extra.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * Whether a missing path is one of the app's own pages (answered with index.html), not the API's nor a file: a
 * script from an older build asked after a rebuild must be a 404, not the page as JavaScript (a blank page).
 */
function isPagePath(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  if (path.startsWith("/api/") || path.startsWith("/assets/")) return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return !/\.[A-Za-z0-9]+$/.test(last);
}
