// The site admin over HTTP: the account list, password reset links, disabling and enabling, and the audit log lines.
import assert from "node:assert/strict";
import { test } from "node:test";
import { dayAt } from "../../src/engine/clock.ts";
import type {
  AccountStatusResponse,
  AdminAccountsResponse,
  ApiError,
  GameViewResponse,
  MeResponse,
  ResetLinkResponse,
} from "../../src/server/api-types.ts";
import { SESSION_COOKIE } from "../../src/server/app.ts";
import { local } from "./fixtures.ts";
import {
  advanceTo,
  call,
  cast,
  type Harness,
  makeHarness,
  must,
  quickAccount,
  register,
  rid,
  startedGame,
} from "./harness.ts";

const ADMIN = "site-admin";
const ADMIN_PASSWORD = "admin-password-1";

async function withHarness(fn: (h: Harness) => Promise<void>, logLines?: string[]): Promise<void> {
  // At warn, as a busy server runs: the audit lines must be kept there too.
  const h = await makeHarness(logLines ? { logLines, logLevel: "warn" } : {});
  try {
    await fn(h);
  } finally {
    await h.close();
  }
}

/** The site admin created through the printed setup link; returns its session cookie. */
async function setUpAdmin(h: Harness): Promise<string> {
  const token = (await h.accounts.prepareAdminSetup())!;
  const res = await h.app.inject({
    method: "POST",
    url: "/api/setup",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ token, username: ADMIN, password: ADMIN_PASSWORD }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
}

function login(h: Harness, username: string, password: string) {
  return call<MeResponse | ApiError>(h, "POST", "/api/auth/login", undefined, { username, password });
}

function tokenOf(link: ResetLinkResponse): string {
  return new URL(link.path, "http://x").searchParams.get("token")!;
}

test("the account list is for the admin only, pages by username and filters by prefix, without ids", async () => {
  await withHarness(async (h) => {
    const admin = await setUpAdmin(h);
    const user = await quickAccount(h, "someone");
    for (let i = 0; i < 60; i++) await quickAccount(h, `bulk${String(i).padStart(2, "0")}`);

    const anon = await call<ApiError>(h, "GET", "/api/admin/accounts");
    assert.equal(anon.status, 401);
    assert.equal(anon.json.error.code, "unauthenticated");
    const refused = await call<ApiError>(h, "GET", "/api/admin/accounts", user);
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error.code, "admin-only");
    assert.equal(refused.json.error.message, "只有站点管理员可以执行此操作");

    const first = await must(call<AdminAccountsResponse>(h, "GET", "/api/admin/accounts", admin));
    assert.equal(first.json.accounts.length, 50);
    assert.equal(first.json.next, first.json.accounts[49]!.username);
    const second = await must(
      call<AdminAccountsResponse>(
        h,
        "GET",
        `/api/admin/accounts?after=${encodeURIComponent(first.json.next!)}`,
        admin,
      ),
    );
    assert.equal(second.json.next, null);
    const all = [...first.json.accounts, ...second.json.accounts].map((a) => a.username);
    assert.equal(all.length, 62, "60 bulk accounts, someone and the admin, each once");
    assert.equal(new Set(all).size, 62);
    assert.doesNotMatch(first.text, /"id"|accountId/, "no account ids");

    const found = await must(call<AdminAccountsResponse>(h, "GET", "/api/admin/accounts?prefix=site", admin));
    assert.deepEqual(found.json, {
      accounts: [
        {
          username: ADMIN,
          // The day only (Beijing midnight): the moment could tie the account to an alias's public join time.
          createdAt: dayAt(h.clock.now(), 0, "00:00", "Asia/Shanghai"),
          isAdmin: true,
          disabled: false,
          disabledAt: null,
        },
      ],
      next: null,
    });
    const bulk = await must(call<AdminAccountsResponse>(h, "GET", "/api/admin/accounts?prefix=bulk0", admin));
    assert.deepEqual(
      bulk.json.accounts.map((a) => a.username),
      ["bulk00", "bulk01", "bulk02", "bulk03", "bulk04", "bulk05", "bulk06", "bulk07", "bulk08", "bulk09"],
    );
    const bad = await call<ApiError>(h, "GET", "/api/admin/accounts?limit=5", admin);
    assert.equal(bad.status, 400);
  });
});

test("a reset link sets a new password once, ends the account's sessions, and expires after 24 hours", async () => {
  await withHarness(async (h) => {
    const admin = await setUpAdmin(h);
    const cookie = await register(h, "forgetful");
    assert.equal(
      (await call<MeResponse>(h, "GET", "/api/auth/me", cookie)).json.account?.username,
      "forgetful",
    );

    const refused = await call<ApiError>(h, "POST", "/api/admin/accounts/password-reset", cookie, {
      username: "forgetful",
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error.code, "admin-only");
    const unknown = await call<ApiError>(h, "POST", "/api/admin/accounts/password-reset", admin, {
      username: "nobody",
    });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error.code, "account-not-found");
    assert.equal(unknown.json.error.message, "找不到用户名为「nobody」的账号");
    const self = await call<ApiError>(h, "POST", "/api/admin/accounts/password-reset", admin, {
      username: ADMIN,
    });
    assert.equal(self.status, 409);
    assert.equal(self.json.error.code, "admin-account-protected");

    const old = await must(
      call<ResetLinkResponse>(h, "POST", "/api/admin/accounts/password-reset", admin, {
        username: "forgetful",
      }),
    );
    const link = await must(
      call<ResetLinkResponse>(h, "POST", "/api/admin/accounts/password-reset", admin, {
        username: "forgetful",
      }),
    );
    assert.match(link.json.path, /^\/reset-password\?token=[A-Za-z0-9_-]{40,}$/);
    assert.equal(link.json.expiresAt, h.clock.now() + 24 * 3600 * 1000);
    assert.equal(link.json.username, "forgetful");
    // Making a link changes nothing until it is used: the owner may still remember the password after all.
    assert.equal(
      (await call<MeResponse>(h, "GET", "/api/auth/me", cookie)).json.account?.username,
      "forgetful",
    );
    assert.equal((await login(h, "forgetful", "password123")).status, 200);

    const superseded = await call<ApiError>(h, "POST", "/api/password-reset", undefined, {
      token: tokenOf(old.json),
      password: "new-password-1",
    });
    assert.equal(superseded.status, 403, "a newer link replaces the older one");
    assert.equal(superseded.json.error.code, "reset-token-invalid");
    assert.match(superseded.json.error.message, /密码重置链接无效/);
    const short = await call<ApiError>(h, "POST", "/api/password-reset", undefined, {
      token: tokenOf(link.json),
      password: "short",
    });
    assert.equal(short.status, 400);

    await must(
      call(h, "POST", "/api/password-reset", undefined, {
        token: tokenOf(link.json),
        password: "new-password-1",
      }),
    );
    // At once, not after the session cache's few seconds.
    assert.equal((await call<MeResponse>(h, "GET", "/api/auth/me", cookie)).json.account, null);
    assert.equal((await login(h, "forgetful", "password123")).status, 401);
    assert.equal((await login(h, "forgetful", "new-password-1")).status, 200);
    const again = await call<ApiError>(h, "POST", "/api/password-reset", undefined, {
      token: tokenOf(link.json),
      password: "new-password-2",
    });
    assert.equal(again.status, 403, "used once");
    assert.equal((await login(h, "forgetful", "new-password-2")).status, 401);

    const late = await must(
      call<ResetLinkResponse>(h, "POST", "/api/admin/accounts/password-reset", admin, {
        username: "forgetful",
      }),
    );
    h.clock.set(late.json.expiresAt);
    const expired = await call<ApiError>(h, "POST", "/api/password-reset", undefined, {
      token: tokenOf(late.json),
      password: "new-password-3",
    });
    assert.equal(expired.status, 403);
    assert.equal(expired.json.error.code, "reset-token-invalid");
  });
});

test("a disabled account is signed out at once and refused at log-in until enabled; the admin cannot be disabled", async () => {
  await withHarness(async (h) => {
    const admin = await setUpAdmin(h);
    const cookie = await register(h, "rowdy");
    const bystander = await register(h, "quiet");
    assert.equal((await call<MeResponse>(h, "GET", "/api/auth/me", cookie)).json.account?.username, "rowdy");

    const refused = await call<ApiError>(h, "POST", "/api/admin/accounts/disable", bystander, {
      username: "rowdy",
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error.code, "admin-only");
    const self = await call<ApiError>(h, "POST", "/api/admin/accounts/disable", admin, { username: ADMIN });
    assert.equal(self.status, 409);
    assert.equal(self.json.error.code, "admin-account-protected");

    const off = await must(
      call<AccountStatusResponse>(h, "POST", "/api/admin/accounts/disable", admin, { username: "rowdy" }),
    );
    assert.deepEqual(off.json, { username: "rowdy", disabled: true });
    assert.equal((await call<MeResponse>(h, "GET", "/api/auth/me", cookie)).json.account, null);
    assert.equal((await call(h, "POST", "/api/rules/check", cookie, { text: "id: x" })).status, 401);
    assert.equal(
      (await call<MeResponse>(h, "GET", "/api/auth/me", bystander)).json.account?.username,
      "quiet",
      "other accounts stay signed in",
    );
    const denied = await login(h, "rowdy", "password123");
    assert.equal(denied.status, 403);
    assert.deepEqual((denied.json as ApiError).error, {
      code: "account-disabled",
      message: "账号已被站点管理员停用",
    });
    const wrong = await login(h, "rowdy", "not-the-password");
    assert.equal(
      (wrong.json as ApiError).error.code,
      "bad-credentials",
      "only the password's owner learns it",
    );
    const listed = await must(
      call<AdminAccountsResponse>(h, "GET", "/api/admin/accounts?prefix=rowdy", admin),
    );
    assert.equal(listed.json.accounts[0]!.disabled, true);
    assert.equal(listed.json.accounts[0]!.disabledAt, h.clock.now());

    // A reset link cannot bring a disabled account back in.
    const link = await must(
      call<ResetLinkResponse>(h, "POST", "/api/admin/accounts/password-reset", admin, { username: "rowdy" }),
    );
    const viaLink = await call<ApiError>(h, "POST", "/api/password-reset", undefined, {
      token: tokenOf(link.json),
      password: "new-password-1",
    });
    assert.equal(viaLink.status, 403);
    assert.equal(viaLink.json.error.code, "account-disabled");

    const on = await must(
      call<AccountStatusResponse>(h, "POST", "/api/admin/accounts/enable", admin, { username: "rowdy" }),
    );
    assert.deepEqual(on.json, { username: "rowdy", disabled: false });
    assert.equal(
      (await call<MeResponse>(h, "GET", "/api/auth/me", cookie)).json.account,
      null,
      "old sessions stay ended",
    );
    assert.equal((await login(h, "rowdy", "password123")).status, 200);
    const unknown = await call<ApiError>(h, "POST", "/api/admin/accounts/enable", admin, {
      username: "nobody",
    });
    assert.equal(unknown.status, 404);
  });
});

test("a disabled player's seat stays in the game: nothing changes, and the referee can seat a substitute", async () => {
  await withHarness(async (h) => {
    const admin = await setUpAdmin(h);
    const g = await startedGame(h, 6, "d");
    await advanceTo(h, local("12-02 10:00:00"));
    const { first } = cast(g);
    const before = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`));
    await must(call(h, "POST", "/api/admin/accounts/disable", admin, { username: first.username }));
    const after = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`));
    assert.deepEqual(after.json.view, before.json.view, "the public view does not change");
    const vote = await call<ApiError>(h, "POST", `/api/games/${g.id}/votes`, first.cookie, {
      requestId: rid(),
      targets: [g.players.find((p) => p !== first)!.seat],
    });
    assert.equal(vote.status, 401, "the disabled account's session is gone");
    const sub = await quickAccount(h, "d-sub");
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/substitutes`, g.referee, {
        requestId: rid(),
        seat: first.seat,
        username: "d-sub",
        alias: "替补侠",
      }),
    );
    await must(
      call(h, "POST", `/api/games/${g.id}/votes`, sub, {
        requestId: rid(),
        targets: [g.players.find((p) => p !== first)!.seat],
      }),
    );
  });
});

test("every admin action is logged in English with the admin and the target, never an alias or a game, even at warn", async () => {
  const lines: string[] = [];
  await withHarness(async (h) => {
    const admin = await setUpAdmin(h);
    const g = await startedGame(h, 6, "l");
    const player = g.players[0]!;
    const link = await must(
      call<ResetLinkResponse>(h, "POST", "/api/admin/accounts/password-reset", admin, {
        username: player.username,
      }),
    );
    await must(call(h, "POST", "/api/admin/accounts/disable", admin, { username: player.username }));
    await must(call(h, "POST", "/api/admin/accounts/enable", admin, { username: player.username }));
    await must(
      call(h, "POST", "/api/password-reset", undefined, {
        token: tokenOf(link.json),
        password: "new-password-1",
      }),
    );
    const audit = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => "target" in l);
    assert.deepEqual(
      audit.map((l) => [l.level, l.msg, l.admin, l.target]),
      [
        [40, "admin created a password reset link", ADMIN, player.username],
        [40, "admin disabled an account", ADMIN, player.username],
        [40, "admin enabled an account", ADMIN, player.username],
      ],
    );
    const used = lines.filter((l) => l.includes("a password reset link was used"));
    assert.equal(used.length, 1);
    assert.ok(used[0]!.includes(player.username));
    for (const line of lines.filter((l) => l.includes(player.username))) {
      assert.ok(!line.includes(player.alias), `no alias: ${line}`);
      assert.ok(!line.includes(g.id), `no game: ${line}`);
      assert.ok(!line.includes(tokenOf(link.json)), `no token: ${line}`);
    }
    assert.ok(
      lines.every((l) => !l.includes(tokenOf(link.json))),
      "the reset token is in no line",
    );
  }, lines);
});
