// The authorization matrix for every route, and alias secrecy: crawling every route and stream as each kind of viewer.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import type { ApiError, EventListResponse, MeResponse } from "../../src/server/api-types.ts";
import { local } from "./fixtures.ts";
import {
  advanceTo,
  call,
  cast,
  type Game,
  type Harness,
  LONG_POST,
  makeHarness,
  must,
  quickAccount,
  type Res,
  rid,
  startedGame,
} from "./harness.ts";

type Who = "anonymous" | "player" | "dead" | "other" | "referee" | "co-referee" | "admin";
const EVERYONE: Who[] = ["anonymous", "player", "dead", "other", "referee", "co-referee", "admin"];
const SIGNED_IN: Who[] = EVERYONE.filter((w) => w !== "anonymous");
const REFEREES: Who[] = ["referee", "co-referee"];
const MEMBERS: Who[] = ["player", "dead", "referee", "co-referee"];
/** An account the world registers, so the login row has credentials that work. */
const LOGIN_NAME = "matrix-login";
const PASSWORD = "口令-matrix-2026";
/** The account the admin rows act on: in no game, so its name in an audit log line gives nothing away. */
const ADMIN_TARGET = "matrix-target";

interface Route {
  method: "GET" | "POST";
  path: (g: Game) => string;
  body?: (g: Game, ctx: World) => unknown;
  /** Who gets past authentication and authorization (may still be refused by the game with 404/409). */
  allowed: Who[];
  /**
   * The site admin's account list: it names accounts, every player's too, so the crawl checks instead that it
   * carries no alias, no game and no account id, which is what would tie a name to a seat.
   */
  namesAccounts?: true;
}

interface World {
  h: Harness;
  g: Game;
  cookies: Record<Exclude<Who, "anonymous">, string>;
  /** Account names that only the game's referees may link to aliases. */
  secretNames: string[];
  /** Both games' aliases and ids, which must never appear beside account names. */
  gameMarks: string[];
}

const ROUTES: Route[] = [
  { method: "GET", path: () => "/api/time", allowed: EVERYONE },
  { method: "GET", path: () => "/api/setup", allowed: EVERYONE },
  { method: "GET", path: () => "/api/auth/me", allowed: EVERYONE },
  { method: "GET", path: () => "/api/presets", allowed: EVERYONE },
  { method: "GET", path: () => "/api/docs/rulesets.md", allowed: EVERYONE },
  // The admin link's token decides, not the caller: a wrong one is refused to everyone.
  {
    method: "POST",
    path: () => "/api/setup",
    body: () => ({ token: "not-the-token", username: `adm${rid().slice(0, 6)}`, password: PASSWORD }),
    allowed: [],
  },
  {
    method: "POST",
    path: () => "/api/auth/register",
    body: () => ({ username: `new${rid().slice(0, 8)}`, password: PASSWORD }),
    allowed: EVERYONE,
  },
  {
    method: "POST",
    path: () => "/api/auth/login",
    body: () => ({ username: LOGIN_NAME, password: PASSWORD }),
    allowed: EVERYONE,
  },
  // The current password decides: a wrong one is refused to everyone (auth.test.ts changes a password).
  {
    method: "POST",
    path: () => "/api/auth/password",
    body: () => ({ currentPassword: "not-the-password", newPassword: PASSWORD }),
    allowed: [],
  },
  // The reset link's token decides, as for the setup link: a wrong one is refused to everyone.
  {
    method: "POST",
    path: () => "/api/password-reset",
    body: () => ({ token: "not-a-reset-token", password: PASSWORD }),
    allowed: [],
  },
  { method: "GET", path: () => "/api/admin/accounts", allowed: ["admin"], namesAccounts: true },
  { method: "GET", path: () => "/api/admin/accounts?prefix=a-", allowed: ["admin"], namesAccounts: true },
  {
    method: "POST",
    path: () => "/api/admin/accounts/password-reset",
    body: () => ({ username: ADMIN_TARGET }),
    allowed: ["admin"],
  },
  {
    method: "POST",
    path: () => "/api/admin/accounts/disable",
    body: () => ({ username: ADMIN_TARGET }),
    allowed: ["admin"],
  },
  {
    method: "POST",
    path: () => "/api/admin/accounts/enable",
    body: () => ({ username: ADMIN_TARGET }),
    allowed: ["admin"],
  },
  { method: "GET", path: () => "/api/games", allowed: EVERYONE },
  { method: "GET", path: () => "/api/presets/airforce-40/yaml", allowed: EVERYONE },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee-messages`,
    body: () => ({ requestId: rid(), text: "私信" }),
    allowed: ["player", "dead"],
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/messages`,
    body: (g) => ({ requestId: rid(), alias: g.players[5]!.alias, text: "回复" }),
    allowed: REFEREES,
  },
  { method: "POST", path: () => "/api/rules/check", body: () => ({ text: "id: x" }), allowed: SIGNED_IN },
  {
    method: "POST",
    path: () => "/api/games",
    body: () => ({ name: "新局", preset: "airforce-40", refereeAlias: `哨${rid().slice(0, 6)}` }),
    allowed: SIGNED_IN,
  },
  { method: "GET", path: (g) => `/api/games/${g.id}`, allowed: EVERYONE },
  { method: "GET", path: (g) => `/api/games/${g.id}/events`, allowed: EVERYONE },
  { method: "GET", path: (g) => `/api/games/${g.id}/stream?limit=0`, allowed: EVERYONE },
  { method: "GET", path: (g) => `/api/games/${g.id}/reports`, allowed: EVERYONE },
  { method: "GET", path: (g) => `/api/games/${g.id}/posts/nope`, allowed: EVERYONE },
  { method: "POST", path: (g) => `/api/games/${g.id}/signup/open`, allowed: REFEREES },
  { method: "POST", path: (g) => `/api/games/${g.id}/signup/close`, allowed: REFEREES },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/join`,
    body: () => ({ alias: `新${rid().slice(0, 6)}`, report: "报道报道报道报道报道报道报道" }),
    allowed: SIGNED_IN,
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/reports`,
    body: () => ({ requestId: rid(), text: "好".repeat(600) }),
    allowed: ["player", "dead"],
  },
  // Only before the start: the game refuses its players (409) once it is under way.
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/withdraw`,
    body: () => ({}),
    allowed: ["player", "dead"],
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/co-referees`,
    body: () => ({ username: "nobody-here", alias: "副" }),
    allowed: REFEREES,
  },
  { method: "POST", path: (g) => `/api/games/${g.id}/start`, body: () => ({}), allowed: REFEREES },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/votes`,
    body: (g) => ({ requestId: rid(), targets: [g.players[5]!.seat] }),
    allowed: ["player"],
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/kill-posts`,
    body: (g) => ({ requestId: rid(), target: g.players[5]!.seat, text: LONG_POST }),
    allowed: ["player"],
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/iou`,
    body: () => ({ requestId: rid(), text: LONG_POST }),
    allowed: ["player"],
  },
  {
    method: "GET",
    path: (g) => `/api/games/${g.id}/rooms/killer-room/messages`,
    allowed: ["player", ...REFEREES],
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/rooms/killer-room/messages`,
    body: () => ({ requestId: rid(), text: "小黑屋发言" }),
    allowed: ["player"],
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/complaints`,
    body: () => ({ requestId: rid(), round: 1, post: 0, text: "举报" }),
    allowed: ["player", "dead"],
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/proxy-requests`,
    body: (g) => ({ requestId: rid(), target: g.players[5]!.seat }),
    allowed: ["player"],
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/extension-requests`,
    body: () => ({ requestId: rid(), note: "申请延期" }),
    allowed: ["player"],
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/originality`,
    body: () => ({ text: LONG_POST }),
    allowed: MEMBERS,
  },
  // This world's rules have no night, so the game refuses every seat (409) after the player check; a dead
  // killer's 403 in a 7kill game is checked in night.test.ts.
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/night-actions`,
    body: (g) => ({ requestId: rid(), action: "kill", target: g.players[5]!.seat }),
    allowed: ["player", "dead"],
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/night-actions`,
    body: (g) => ({ requestId: rid(), seat: g.players[4]!.seat, action: "kill", target: g.players[5]!.seat }),
    allowed: REFEREES,
  },
  { method: "GET", path: (g) => `/api/games/${g.id}/discussion`, allowed: EVERYONE },
  { method: "GET", path: (g) => `/api/games/${g.id}/discussion/general/posts`, allowed: EVERYONE },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/discussion/general/posts`,
    body: () => ({ requestId: rid(), text: "讨论帖发言" }),
    allowed: ["player", ...REFEREES],
  },
  { method: "GET", path: (g) => `/api/games/${g.id}/referee/roster`, allowed: REFEREES },
  { method: "GET", path: (g) => `/api/games/${g.id}/referee/log`, allowed: REFEREES },
  { method: "GET", path: (g) => `/api/games/${g.id}/referee/inbox`, allowed: REFEREES },
  { method: "GET", path: (g) => `/api/games/${g.id}/referee/results?round=1`, allowed: REFEREES },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/reports/reject`,
    body: () => ({ alias: "无此人", reason: "x", redoDeadline: local("12-09 00:00:00") }),
    allowed: REFEREES,
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/reports/approve`,
    body: () => ({ alias: "无此人", reason: "x" }),
    allowed: REFEREES,
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/signups/remove`,
    body: () => ({ alias: "无此人", reason: "x" }),
    allowed: REFEREES,
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/iou-extensions`,
    body: (g) => ({ requestId: rid(), requestedBy: [g.players[4]!.seat], reason: "x" }),
    allowed: REFEREES,
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/iou-completions`,
    body: (g) => ({ requestId: rid(), poster: g.players[5]!.seat, text: "补白条" }),
    allowed: REFEREES,
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/kill-posts`,
    body: (g) => ({ requestId: rid(), poster: g.players[5]!.seat, target: g.players[4]!.seat, text: "杀帖" }),
    allowed: REFEREES,
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/complaints`,
    body: (g) => ({
      requestId: rid(),
      round: 1,
      post: 0,
      text: "哨群收到的举报",
      receivedAt: 0,
      complainant: g.players[4]!.seat,
    }),
    allowed: REFEREES,
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/proxy-votes`,
    body: (g) => ({ requestId: rid(), voter: g.players[4]!.seat, targets: [g.players[5]!.seat] }),
    allowed: REFEREES,
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/complaint-rulings`,
    body: (g) => ({ requestId: rid(), against: g.players[5]!.seat, upheld: false, reason: "x" }),
    allowed: REFEREES,
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/overrides`,
    body: (g) => ({
      requestId: rid(),
      override: { action: "void-vote", voter: g.players[4]!.seat },
      reason: "x",
    }),
    allowed: REFEREES,
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/substitutes`,
    body: (g) => ({ requestId: rid(), seat: g.players[4]!.seat, username: "nobody-here", alias: "替" }),
    allowed: REFEREES,
  },
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/results`,
    body: () => ({ requestId: rid(), round: 1, text: "结果帖" }),
    allowed: REFEREES,
  },
  // The world's game runs: past the check, a referee is refused with awards-before-end (409).
  {
    method: "POST",
    path: (g) => `/api/games/${g.id}/referee/awards`,
    body: (g) => ({ requestId: rid(), awards: { mvp: g.players[4]!.seat } }),
    allowed: REFEREES,
  },
];

/**
 * Routes the matrix leaves out, each with where it is checked instead. Logging out ends the caller's own session,
 * which every later row of the crawl needs.
 */
const NOT_IN_MATRIX: Record<string, string> = {
  "POST /api/auth/logout": "auth.test.ts: logout revokes the session; a second logout is 401",
};

/** Every method and path the app serves under /api/ (HEAD answers with GET), read from Fastify's route tree. */
function servedRoutes(h: Harness): string[] {
  const out: string[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of h.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^([│ ]*)[├└]── (\S+) \(([^)]*)\)?/.exec(line) ?? /^([│ ]*)[├└]── (\S+)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    while (stack.length > 0 && stack.at(-1)!.depth >= depth) stack.pop();
    const path = (stack.at(-1)?.path ?? "") + m[2]!;
    stack.push({ depth, path });
    for (const method of (m[3] ?? "").split(", ").filter((x) => x !== "" && x !== "HEAD"))
      if (path.startsWith("/api/")) out.push(`${method} ${path}`);
  }
  return out;
}

/** The routes src/server/api-types.ts's route table (its header, above the imports) names, without query strings. */
function documentedRoutes(): string[] {
  const file = readFileSync(fileURLToPath(new URL("../../src/server/api-types.ts", import.meta.url)), "utf8");
  const text = file.slice(0, file.indexOf("\nimport "));
  return [...text.matchAll(/^\/\/ {3}(GET|POST) +(\/api\/\S*)/gm)].map(
    (m) => `${m[1]} ${m[2]!.split("?")[0]}`,
  );
}

/**
 * Game A, mid-vote of round 1, with a living killer, a dead ranger, a co-referee, and two accounts whose sign-ups
 * were withdrawn before the start (one by itself, one by the referee); game B's player; the admin.
 */
async function world(logLines?: string[]): Promise<World> {
  const h = await makeHarness(logLines ? { logLines } : {});
  const g = await startedGame(h, 6, "a", { dropouts: 2 });
  const other = await startedGame(h, 6, "b");
  const { first, rangers } = cast(g);
  const coCookie = await quickAccount(h, "a-co");
  await quickAccount(h, ADMIN_TARGET);
  await must(call(h, "POST", "/api/auth/register", undefined, { username: LOGIN_NAME, password: PASSWORD }));
  await must(
    call(h, "POST", `/api/games/${g.id}/co-referees`, g.referee, { username: "a-co", alias: "副哨" }),
  );
  const token = (await h.accounts.prepareAdminSetup())!;
  const admin = await must(
    call<MeResponse>(h, "POST", "/api/setup", undefined, {
      token,
      username: "site-admin",
      password: "password123",
    }),
  );
  const adminCookie = (
    await h.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: "site-admin", password: "password123" }),
    })
  ).cookies[0]!.value;
  assert.equal(admin.json.account!.isAdmin, true);
  await advanceTo(h, local("12-02 10:00:00"));
  const dead = rangers[0]!;
  await must(
    call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
      requestId: rid(),
      override: { action: "eliminate", target: dead.seat },
      reason: "测试",
    }),
  );
  // Keep players[5] alive and a ranger (the routes' target) distinct from the dead one.
  g.players.sort((x, y) => (x === dead ? -1 : y === dead ? 1 : 0));
  const target = rangers.find((r) => r !== dead)!;
  g.players = [...g.players.filter((p) => p !== target), target];
  return {
    h,
    g,
    cookies: {
      player: first.cookie,
      dead: dead.cookie,
      other: other.players[0]!.cookie,
      referee: g.referee,
      "co-referee": coCookie,
      admin: adminCookie,
    },
    // A withdrawn sign-up's account stays as secret as a seat's: its alias is in the public log.
    secretNames: [...g.players.map((p) => p.username), "a-dropout0", "a-dropout1"],
    gameMarks: [
      g.id,
      other.id,
      ...[...g.players, ...other.players].map((p) => p.alias),
      "a退出0",
      "a退出1",
      "a哨子",
      "b哨子",
      "副哨",
    ],
  };
}

/** Any route's answer, read here only for the error a refusal carries (null when the body is not JSON). */
type MaybeRefusal = Partial<ApiError> | null;

async function hit(w: World, r: Route, who: Who): Promise<Res<MaybeRefusal>> {
  const cookie = who === "anonymous" ? undefined : w.cookies[who];
  return call<MaybeRefusal>(
    w.h,
    r.method,
    r.path(w.g),
    cookie,
    r.body ? r.body(w.g, w) : r.method === "POST" ? {} : undefined,
  );
}

test("authorization matrix: every route × anonymous, player, dead player, other game's player, referee, co-referee, admin", async () => {
  const w = await world();
  try {
    // Every served route is in the matrix (or named in NOT_IN_MATRIX): a new route cannot slip past it.
    const served = servedRoutes(w.h);
    assert.ok(served.length > 40, `read the route tree: ${served.join(", ")}`);
    const crawled = ROUTES.map((r) => `${r.method} ${r.path(w.g).split("?")[0]}`);
    const unchecked = served.filter((route) => {
      if (NOT_IN_MATRIX[route]) return false;
      const pattern = new RegExp(`^${route.replace(/:[A-Za-z]+/g, "[^/]+")}$`);
      return !crawled.some((c) => pattern.test(c));
    });
    assert.deepEqual(unchecked, [], "routes missing from the authorization matrix");
    // The route table in api-types.ts, a second list written by hand, names the same routes: a route the tree's
    // reading above dropped, or one the table forgot, shows here.
    const param = (route: string) => route.replace(/:[A-Za-z]+/g, ":_");
    const documented = documentedRoutes().map(param).sort();
    assert.deepEqual(
      [...new Set(served.map(param))].sort(),
      documented,
      "served routes against api-types.ts",
    );

    const failures: string[] = [];
    for (const r of ROUTES) {
      for (const who of EVERYONE) {
        const res = await hit(w, r, who);
        const denied = res.status === 401 || res.status === 403;
        const label = `${r.method} ${r.path(w.g)} as ${who}: ${res.status} ${res.text.slice(0, 120)}`;
        if (r.allowed.includes(who)) {
          if (denied || res.status >= 500) failures.push(`expected access: ${label}`);
        } else if (who === "anonymous" ? res.status !== 401 && res.status !== 403 : res.status !== 403) {
          failures.push(`expected denial: ${label}`);
        }
        if (res.status >= 400) {
          assert.equal(typeof res.json?.error?.code, "string", `error has a code: ${label}`);
          assert.match(res.json!.error!.message, /[\u4e00-\u9fff]/, `error message in Chinese: ${label}`);
        }
      }
    }
    assert.deepEqual(failures, []);
  } finally {
    await w.h.close();
  }
});

test("alias secrecy: no route, stream or log line shows a non-referee which account plays which alias", async () => {
  const logLines: string[] = [];
  const w = await world(logLines);
  try {
    const leaks: string[] = [];
    const self: Partial<Record<Who, string>> = {
      player: cast(w.g).first.username,
      dead: w.g.players[0]!.username,
      "co-referee": "a-co",
      admin: "site-admin",
    };
    for (const who of EVERYONE) {
      for (const r of ROUTES) {
        const res = await hit(w, r, who);
        if (REFEREES.includes(who)) continue; // referees may know
        if (r.namesAccounts && res.status === 200) {
          // Names by themselves tell nothing; beside an alias or a game they would.
          assert.ok(
            w.secretNames.some((n) => res.text.includes(n)),
            `${r.path(w.g)} does list players' accounts`,
          );
          for (const mark of w.gameMarks)
            if (res.text.includes(mark))
              leaks.push(`${who} sees ${mark} beside account names via ${r.path(w.g)}`);
          if (/"id"|accountId|account_id|seat|alias|game/i.test(res.text))
            leaks.push(`${who} sees more than account names via ${r.path(w.g)}`);
          continue;
        }
        for (const name of w.secretNames) {
          if (name === self[who]) continue; // one's own name on /me is no leak
          if (res.text.includes(name)) leaks.push(`${who} sees ${name} via ${r.method} ${r.path(w.g)}`);
        }
        if (/accountId|account_id|createdBy/.test(res.text))
          leaks.push(`${who} sees an account id via ${r.path(w.g)}`);
      }
      // The full event feed from seq 0, as the stream would replay it after a reconnect.
      const stream = await call(
        w.h,
        "GET",
        `/api/games/${w.g.id}/stream?limit=0&after=0`,
        who === "anonymous" ? undefined : w.cookies[who],
      );
      assert.match(stream.text, /event: game-event/);
      if (!REFEREES.includes(who)) {
        for (const name of w.secretNames) {
          if (name !== self[who] && stream.text.includes(name))
            leaks.push(`${who} sees ${name} in the stream`);
        }
      }
    }
    // A referee does see the seats' accounts, so the crawl would notice a leak if one existed.
    const roster = await must(call(w.h, "GET", `/api/games/${w.g.id}/referee/roster`, w.g.referee));
    assert.ok(w.g.players.every((p) => roster.text.includes(p.username)));
    // The withdrawn sign-ups were crawled: their events are in every viewer's log.
    const withdrawn = await must(
      call<EventListResponse>(w.h, "GET", `/api/games/${w.g.id}/events?type=app.PlayerWithdrawn`),
    );
    assert.deepEqual(
      withdrawn.json.events.map((e) => e.data.alias),
      ["a退出0", "a退出1"],
    );
    assert.ok(logLines.length > 50, "requests were logged");
    for (const line of logLines) {
      for (const name of [...w.secretNames, "a-co"])
        if (line.includes(name)) leaks.push(`log line shows ${name}`);
      if (line.includes("cookie") || line.includes("bansha_session")) leaks.push("log line shows a cookie");
    }
    assert.deepEqual(leaks, []);
  } finally {
    await w.h.close();
  }
});
