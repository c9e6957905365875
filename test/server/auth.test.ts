// Accounts over HTTP: admin setup link, register, login, logout, sessions, Origin check, JSON only, rate limits.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import type { FastifyInstance } from "fastify";
import { hashToken } from "../../src/app/account-service.ts";
import { ManualClock } from "../../src/app/clock.ts";
import { realEngine } from "../../src/app/engine-adapter.ts";
import { builtinRulesCatalog } from "../../src/app/rules-catalog.ts";
import type { ApiError, MeResponse, SetupStatusResponse } from "../../src/server/api-types.ts";
import { type AppDeps, buildApp, SESSION_COOKIE } from "../../src/server/app.ts";
import * as S from "../../src/server/schemas.ts";
import { openStorage, type Storage } from "../../src/storage/storage.ts";
import { seedSession } from "./direct.ts";
import { flakyStorage } from "./flaky-storage.ts";
import { call, type Harness, makeHarness, register } from "./harness.ts";

async function withHarness(fn: (h: Harness) => Promise<void>): Promise<void> {
  const h = await makeHarness();
  try {
    await fn(h);
  } finally {
    await h.close();
  }
}

test("admin setup: the printed one-time link creates the admin once; a wrong or used token is refused", async () => {
  await withHarness(async (h) => {
    const token = await h.accounts.prepareAdminSetup();
    assert.ok(token);
    assert.equal((await call<SetupStatusResponse>(h, "GET", "/api/setup")).json.pending, true);
    const wrong = await call<ApiError>(h, "POST", "/api/setup", undefined, {
      token: "nope",
      username: "admin",
      password: "password123",
    });
    assert.equal(wrong.status, 403);
    assert.equal(wrong.json.error.code, "setup-token-invalid");
    const ok = await call<MeResponse>(h, "POST", "/api/setup", undefined, {
      token,
      username: "admin",
      password: "password123",
    });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.account!.isAdmin, true);
    const again = await call(h, "POST", "/api/setup", undefined, {
      token,
      username: "admin2",
      password: "password123",
    });
    assert.equal(again.status, 403);
    assert.equal((await call<SetupStatusResponse>(h, "GET", "/api/setup")).json.pending, false);
    assert.equal(await h.accounts.prepareAdminSetup(), null, "no new link once the admin exists");
  });
});

test("register, login, me, logout: sessions are opaque HttpOnly SameSite=Lax cookies, revoked on logout", async () => {
  await withHarness(async (h) => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: "小明", password: "password123" }),
    });
    assert.equal(res.statusCode, 200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, "Lax");
    const stored = await h.storage.findAccountByUsername("小明");
    assert.match(stored!.passwordHash, /^scrypt\$/);
    assert.ok(!stored!.passwordHash.includes("password123"));
    assert.equal(
      (await call<MeResponse>(h, "GET", "/api/auth/me", cookie.value)).json.account!.username,
      "小明",
    );
    const taken = await call<ApiError>(h, "POST", "/api/auth/register", undefined, {
      username: "小明",
      password: "password456",
    });
    assert.equal(taken.status, 409);
    assert.equal(taken.json.error.code, "username-taken");
    const bad = await call<ApiError>(h, "POST", "/api/auth/login", undefined, {
      username: "小明",
      password: "wrongwrong",
    });
    assert.equal(bad.status, 401);
    assert.equal(bad.json.error.message, "用户名或密码错误");
    const noUser = await call<ApiError>(h, "POST", "/api/auth/login", undefined, {
      username: "nobody",
      password: "wrongwrong",
    });
    assert.equal(noUser.json.error.code, "bad-credentials", "same answer whether or not the user exists");
    const login = await call(h, "POST", "/api/auth/login", undefined, {
      username: "小明",
      password: "password123",
    });
    assert.equal(login.status, 200);
    assert.equal((await call(h, "POST", "/api/auth/logout", cookie.value)).status, 200);
    assert.equal(
      (await call<MeResponse>(h, "GET", "/api/auth/me", cookie.value)).json.account,
      null,
      "the token is revoked",
    );
    assert.equal((await call(h, "POST", "/api/auth/logout", cookie.value)).status, 401);
  });
});

test("password change: needs the current password; the other sessions end, this one stays; refusals name the problem", async () => {
  await withHarness(async (h) => {
    const here = await register(h, "换密码的人");
    const login = async (password: string) =>
      h.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ username: "换密码的人", password }),
      });
    const elsewhere = (await login("password123")).cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const change = (cookie: string | undefined, body: unknown) =>
      call<ApiError>(h, "POST", "/api/auth/password", cookie, body);

    const anonymous = await change(undefined, { currentPassword: "password123", newPassword: "newpass456" });
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.json.error.code, "unauthenticated");
    const wrong = await change(here, { currentPassword: "not-my-password", newPassword: "newpass456" });
    assert.equal(wrong.status, 403);
    assert.equal(wrong.json.error.code, "wrong-password");
    assert.equal(wrong.json.error.message, "当前密码不正确");
    const short = await change(here, { currentPassword: "password123", newPassword: "short" });
    assert.equal(short.status, 400);
    assert.match(short.text, /newPassword/);
    // Refused attempts changed nothing: the old password still signs in, and the other session still works.
    assert.equal((await login("password123")).statusCode, 200);
    assert.equal(
      (await call<MeResponse>(h, "GET", "/api/auth/me", elsewhere)).json.account?.username,
      "换密码的人",
    );

    assert.equal(
      (await change(here, { currentPassword: "password123", newPassword: "newpass456" })).status,
      200,
    );
    assert.equal(
      (await call<MeResponse>(h, "GET", "/api/auth/me", here)).json.account?.username,
      "换密码的人",
    );
    assert.equal(
      (await call<MeResponse>(h, "GET", "/api/auth/me", elsewhere)).json.account,
      null,
      "other session ended",
    );
    assert.equal((await login("password123")).statusCode, 401);
    assert.equal((await login("newpass456")).statusCode, 200);
    // The session that changed it asks with the new password next time, though its cached account is older.
    const again = await change(here, { currentPassword: "newpass456", newPassword: "third-pass-789" });
    assert.equal(again.status, 200);
  });
});

test("a session revoked by another process stops working after the 5 s cache and one background re-check", async () => {
  await withHarness(async (h) => {
    const me = async (cookie: string) =>
      (await call<MeResponse>(h, "GET", "/api/auth/me", cookie)).json.account;
    const cookie = await register(h, "远方");
    const revokeElsewhere = () => h.storage.revokeSession(hashToken(cookie), h.clock.now());
    assert.equal((await me(cookie))?.username, "远方");
    await revokeElsewhere();
    assert.equal((await me(cookie))?.username, "远方", "within 5 s the cached session is trusted");
    h.clock.set(h.clock.now() + 6_000);
    // Past 5 s the request goes on with the cached session while the database is asked in the background.
    assert.equal((await me(cookie))?.username, "远方");
    let after: unknown = "pending";
    for (let i = 0; i < 300 && after !== null; i++) {
      await new Promise((r) => setTimeout(r, 10));
      after = await me(cookie);
    }
    assert.equal(after, null, "the background re-check saw the revocation");

    // Past 60 s without a check, a request waits for the database instead of trusting the cache.
    const other = await register(h, "近邻");
    assert.equal((await me(other))?.username, "近邻");
    await h.storage.revokeSession(hashToken(other), h.clock.now());
    h.clock.set(h.clock.now() + 61_000);
    assert.equal(await me(other), null);
  });
});

test("writes: a foreign Origin is refused, only JSON is accepted, malformed bodies name the field, and the router's refusals are ours", async () => {
  await withHarness(async (h) => {
    const cookie = await register(h, "writer");
    const foreign = await call<ApiError>(
      h,
      "POST",
      "/api/games",
      cookie,
      { name: "x", preset: "fengyun-57", refereeAlias: "哨" },
      {
        origin: "https://evil.example",
        host: "bansha.example",
      },
    );
    assert.equal(foreign.status, 403);
    assert.equal(foreign.json.error.code, "bad-origin");
    const same = await call(
      h,
      "POST",
      "/api/games",
      cookie,
      { name: "x", preset: "fengyun-57", refereeAlias: "哨" },
      {
        origin: "https://bansha.example",
        host: "bansha.example",
      },
    );
    assert.equal(same.status, 201, same.text);
    const form = await h.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "username=a&password=b",
    });
    assert.equal(form.statusCode, 415);
    const text = await h.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "text/plain" },
      payload: "{}",
    });
    assert.equal(text.statusCode, 415);
    const broken = await h.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    assert.equal(broken.statusCode, 400);
    const unreadable = "请求格式不正确：内容不是有效的 JSON，或含有不允许的字段名（如 __proto__）";
    assert.deepEqual(broken.json<ApiError>().error, { code: "invalid-body", message: unreadable });
    const proto = await h.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"__proto__":{"admin":true},"username":"a","password":"b"}',
    });
    assert.equal(proto.statusCode, 400);
    assert.equal(proto.json<ApiError>().error.message, unreadable);
    // Over the body limit: the refusal says so, rather than that the JSON is malformed.
    const huge = await h.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: "a", password: "x".repeat(1_100_000) }),
    });
    assert.equal(huge.statusCode, 413);
    assert.equal(huge.json<ApiError>().error.code, "body-too-large");
    assert.equal(huge.json<ApiError>().error.message, "请求内容过大（上限 1 MB）");
    // The router's own refusals, met before any route runs, answer in the same shape.
    const long = await h.app.inject({ method: "GET", url: `/api/games/${"x".repeat(300)}` });
    assert.equal(long.statusCode, 414);
    assert.deepEqual(long.json(), { error: { code: "url-too-long", message: "网址过长" } });
    const badUrl = await h.app.inject({ method: "GET", url: "/api/games/%E0%A4%A" });
    assert.equal(badUrl.statusCode, 400);
    assert.deepEqual(badUrl.json(), { error: { code: "bad-url", message: "网址格式不正确" } });
    const short = await call<ApiError>(h, "POST", "/api/auth/register", undefined, {
      username: "ok",
      password: "short",
    });
    assert.equal(short.status, 400);
    assert.equal(short.json.error.fields![0]!.path, "password");
    // Named as the form labels it; the key is in the field's path.
    assert.equal(short.json.error.message, "请求格式不正确：密码至少需要8个字符");
  });
});

test("a username or alias holding an invisible character (a zero-width space), or a username differing from another only in case or width, is refused: it would pass for another's", async () => {
  const h = await makeHarness();
  try {
    const plain = await call(h, "POST", "/api/auth/register", undefined, {
      username: "站长",
      password: "pw-123456",
    });
    assert.equal(plain.status, 200, plain.text);
    // Names that read as one are one account: case and full-width letters fold together.
    await call(h, "POST", "/api/auth/register", undefined, { username: "Admin", password: "pw-123456" });
    for (const lookalike of ["admin", "ＡＤＭＩＮ"]) {
      const res = await call<ApiError>(h, "POST", "/api/auth/register", undefined, {
        username: lookalike,
        password: "pw-123456",
      });
      assert.equal(res.json.error.code, "username-taken", lookalike);
    }
    // Marks that draw nothing count too: a variation selector not after an emoji, the combining grapheme joiner,
    // Khmer's inherent vowels, a supplementary variation selector.
    for (const lookalike of [
      "站长\u200b",
      "站\u200d长",
      "\u2060站长",
      "站长\u3164",
      "站长\uFE0F",
      "站长\u034F",
      "站\u17B5长",
      "站长\u{E0100}",
    ]) {
      const res = await call<ApiError>(h, "POST", "/api/auth/register", undefined, {
        username: lookalike,
        password: "pw-123456",
      });
      assert.equal(res.status, 400, JSON.stringify(lookalike));
      assert.equal(res.json.error.fields![0]!.path, "username");
      assert.match(res.json.error.message, /看不见的字符/);
    }
    assert.ok(await register(h, "❤️站长迷"), "an emoji keeps its own presentation selector");
    const cookie = await register(h, "player-1");
    const game = await call<{ game: { id: string } }>(h, "POST", "/api/games", cookie, {
      name: "局",
      preset: "fengyun-57",
      refereeAlias: "哨\u200b子",
    });
    assert.equal(game.status, 400);
    assert.match((game.json as unknown as ApiError).error.message, /看不见的字符/);
    // A referee's ruling names an existing player as stored: one who joined before the refusal can still be ruled on.
    const named = { alias: "站\u200b长", reason: "抄袭" };
    assert.equal(S.ApproveReportBody.safeParse(named).success, true);
    assert.equal(S.RejectReportBody.safeParse({ ...named, redoDeadline: 0 }).success, true);
  } finally {
    await h.close();
  }
});

/**
 * A bare app (real engine and rules, no originality index) on `storage`, given to `body` and closed afterwards,
 * storage included.
 */
async function withApp(
  storage: Storage,
  deps: Partial<AppDeps<unknown>>,
  body: (app: FastifyInstance) => Promise<void>,
): Promise<void> {
  const { app } = await buildApp({
    storage,
    clock: new ManualClock(Date.now()),
    engine: realEngine,
    rules: builtinRulesCatalog(),
    ...deps,
  });
  try {
    await body(app);
  } finally {
    await app.close();
    await storage.close();
  }
}

/** The statuses of failed log-ins, one per set of extra headers; a 429 must carry the Chinese message. */
async function failedLogins(app: FastifyInstance, attempts: Record<string, string>[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const headers of attempts) {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", ...headers },
      payload: JSON.stringify({ username: "x", password: "y" }),
    });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) assert.equal(res.json<ApiError>().error.message, "操作过于频繁，请稍后再试");
  }
  return statuses;
}

test("a session look-up that fails answers 500 (internal-error), and the next request is served", async () => {
  const storage = await openStorage(":memory:");
  const token = await seedSession(storage, "甲", Date.now());
  let failing = true;
  const flaky = flakyStorage(storage, "findLiveSessionAccount", "disk gone", () => failing);
  await withApp(flaky, { logger: false }, async (app) => {
    const games = () =>
      app.inject({ method: "GET", url: "/api/games", headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    const failed = await games();
    assert.equal(failed.statusCode, 500);
    assert.equal(failed.json<ApiError>().error.code, "internal-error");
    failing = false;
    assert.equal((await games()).statusCode, 200);
  });
});

test("rate limits: writes count per account, so a second session of the same account shares the count", async () => {
  const storage = await openStorage(":memory:");
  const now = Date.now();
  await withApp(storage, { rateLimits: { login: 100, writes: 2 } }, async (app) => {
    // Two sessions of one account, and another account.
    const first = await seedSession(storage, "甲", now);
    const token = randomBytes(24).toString("base64url");
    const { session } = (await storage.findLiveSessionAccount(hashToken(first), now))!;
    await storage.createSession({
      tokenHash: hashToken(token),
      accountId: session.accountId,
      createdAt: now,
      expiresAt: now + 3_600_000,
    });
    const other = await seedSession(storage, "乙", now);
    const check = async (cookie: string) =>
      (
        await app.inject({
          method: "POST",
          url: "/api/rules/check",
          headers: { "content-type": "application/json", cookie: `${SESSION_COOKIE}=${cookie}` },
          payload: JSON.stringify({ text: "{}" }),
        })
      ).statusCode;
    assert.deepEqual(
      [await check(first), await check(token), await check(first), await check(token)],
      [200, 200, 429, 429],
    );
    assert.equal(await check(other), 200, "another account has its own count");
  });
});

test("rate limits: logins beyond the limit per minute answer 429 with a Chinese message", async () => {
  await withApp(await openStorage(":memory:"), { rateLimits: { login: 3, writes: 100 } }, async (app) => {
    // A made-up session cookie per attempt must not start a fresh count: unauthenticated requests count per
    // address.
    const attempts = [0, 1, 2, 3, 4].map((i) => ({ cookie: `${SESSION_COOKIE}=made-up-${i}` }));
    assert.deepEqual(await failedLogins(app, attempts), [401, 401, 401, 429, 429]);
  });
});

test("rate limits: behind a trusted proxy each client has its own log-in count; untrusted, all share the proxy's", async () => {
  // inject's requests come from 127.0.0.1, the proxy here; each names another client in X-Forwarded-For.
  const attempts = [1, 2, 3, 4, 5].map((i) => ({ "x-forwarded-for": `203.0.113.${i}` }));
  const limits = { login: 3, writes: 100 };
  await withApp(
    await openStorage(":memory:"),
    { rateLimits: limits, trustProxy: ["127.0.0.1"] },
    async (app) => {
      assert.deepEqual(await failedLogins(app, attempts), [401, 401, 401, 401, 401]);
    },
  );
  await withApp(await openStorage(":memory:"), { rateLimits: limits }, async (app) => {
    assert.deepEqual(await failedLogins(app, attempts), [401, 401, 401, 429, 429]);
  });
});

test("rate limits: sign-in routes count per address even for signed-in callers, so extra accounts add no guesses", async () => {
  const storage = await openStorage(":memory:");
  const now = Date.now();
  await withApp(storage, { rateLimits: { login: 3, writes: 100 } }, async (app) => {
    // Five sessions of five accounts, all from inject's one address.
    const sessions = await Promise.all(
      ["甲", "乙", "丙", "丁", "戊"].map((name) => seedSession(storage, name, now)),
    );
    const attempts = sessions.map((token) => ({ cookie: `${SESSION_COOKIE}=${token}` }));
    assert.deepEqual(await failedLogins(app, attempts), [401, 401, 401, 429, 429]);
    const registers: number[] = [];
    for (const [i, token] of sessions.entries()) {
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/register",
        headers: { "content-type": "application/json", cookie: `${SESSION_COOKIE}=${token}` },
        payload: JSON.stringify({ username: `extra${i}`, password: "password123" }),
      });
      registers.push(res.statusCode);
    }
    assert.deepEqual(registers, [200, 200, 200, 429, 429]);
  });
});

test("rate limits: log-ins to one username are capped across addresses, at three times the per-address limit", async () => {
  // Behind a trusted proxy each attempt comes from another client, so only the per-username count applies.
  const attempts = Array.from({ length: 11 }, (_, i) => ({ "x-forwarded-for": `203.0.113.${i + 1}` }));
  await withApp(
    await openStorage(":memory:"),
    { rateLimits: { login: 3, writes: 100 }, trustProxy: ["127.0.0.1"] },
    async (app) => {
      const statuses = await failedLogins(app, attempts);
      assert.deepEqual(statuses, [...Array(9).fill(401), 429, 429]);
    },
  );
});

test("rate limits: password changes of one account are capped across addresses, as log-ins per username", async () => {
  const storage = await openStorage(":memory:");
  const token = await seedSession(storage, "甲", Date.now());
  await withApp(
    storage,
    { rateLimits: { login: 3, writes: 100 }, trustProxy: ["127.0.0.1"] },
    async (app) => {
      const statuses: number[] = [];
      for (let i = 1; i <= 11; i++) {
        const res = await app.inject({
          method: "POST",
          url: "/api/auth/password",
          headers: {
            "content-type": "application/json",
            cookie: `${SESSION_COOKIE}=${token}`,
            "x-forwarded-for": `203.0.113.${i}`,
          },
          payload: JSON.stringify({ currentPassword: `guess-${i}`, newPassword: "new-password-1" }),
        });
        statuses.push(res.statusCode);
      }
      assert.deepEqual(statuses, [...Array(9).fill(403), 429, 429]);
    },
  );
});
