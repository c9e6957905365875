// Withdrawing a sign-up before the start over HTTP: the player's 退出报名, the referee's 移除报名, and a crash between.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { AppEvent } from "../../src/app/app-events.ts";
import type {
  ApiError,
  CommandResponse,
  EventListResponse,
  GameListResponse,
  GameViewResponse,
  InboxResponse,
  ReportListResponse,
  RosterResponse,
} from "../../src/server/api-types.ts";
import { syntheticText } from "../../src/text/synthetic.ts";
import { local } from "./fixtures.ts";
import {
  advanceTo,
  call,
  draftGame,
  type Harness,
  makeHarness,
  must,
  quickAccount,
  REPORT,
  type Res,
} from "./harness.ts";

async function withHarness(fn: (h: Harness) => Promise<void>): Promise<void> {
  const h = await makeHarness();
  try {
    await fn(h);
  } finally {
    await h.close();
  }
}

/** A game of `players` seats with sign-up open, its referee 哨子, and accounts u0… signed up as the aliases given. */
async function signedUp(
  h: Harness,
  aliases: string[],
  players = 3,
): Promise<{ id: string; referee: string; cookies: string[] }> {
  const referee = await quickAccount(h, "referee");
  const id = await draftGame(h, referee, { players, refereeAlias: "哨子" });
  await must(call(h, "POST", `/api/games/${id}/signup/open`, referee));
  const cookies: string[] = [];
  for (const [i, alias] of aliases.entries()) {
    const cookie = await quickAccount(h, `u${i}`);
    cookies.push(cookie);
    await must(call(h, "POST", `/api/games/${id}/join`, cookie, { alias, report: REPORT }));
  }
  return { id, referee, cookies };
}

const join = (h: Harness, id: string, cookie: string, alias: string) =>
  call<ApiError>(h, "POST", `/api/games/${id}/join`, cookie, { alias, report: REPORT });
const withdraw = (h: Harness, id: string, cookie: string | undefined) =>
  call<CommandResponse & ApiError>(h, "POST", `/api/games/${id}/withdraw`, cookie, {});
const remove = (h: Harness, id: string, cookie: string | undefined, body: unknown) =>
  call<CommandResponse & ApiError>(h, "POST", `/api/games/${id}/referee/signups/remove`, cookie, body);

async function reportAliases(h: Harness, id: string): Promise<string[]> {
  return (await must(call<ReportListResponse>(h, "GET", `/api/games/${id}/reports`))).json.reports.map(
    (r) => r.alias,
  );
}

async function rosterOf(h: Harness, id: string, referee: string): Promise<string[]> {
  const roster = await must(call<RosterResponse>(h, "GET", `/api/games/${id}/referee/roster`, referee));
  return roster.json.members
    .filter((m) => m.kind === "player")
    .map((m) => `${m.alias}:${m.username}`)
    .sort();
}

async function viewerAlias(h: Harness, id: string, cookie: string): Promise<string | null> {
  return (await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`, cookie))).json.viewer.alias;
}

/** Everything a refusal must leave as it was: the events, the reports, the members behind the aliases. */
async function stored(h: Harness, id: string, referee: string): Promise<string> {
  const log = await must(call<EventListResponse>(h, "GET", `/api/games/${id}/referee/log`, referee));
  return JSON.stringify([log.json.lastSeq, await reportAliases(h, id), await rosterOf(h, id, referee)]);
}

function refusal(res: Res<ApiError>): [number, string] {
  return [res.status, res.json.error.code];
}

test("退出报名: the player leaves the sign-up; the account signs up again, another takes the alias, the game starts", async () => {
  await withHarness(async (h) => {
    const { id, referee, cookies } = await signedUp(h, ["甲", "乙"]);
    const [u0, u1] = cookies as [string, string];
    // Read once before, so a membership cached by the service would show if it outlived the withdrawal.
    assert.equal(await viewerAlias(h, id, u0), "甲");
    const res = await withdraw(h, id, u0);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.replayed, false);
    assert.equal(await viewerAlias(h, id, u0), null, "no longer a member");
    assert.deepEqual(await reportAliases(h, id), ["乙"]);
    assert.deepEqual(await rosterOf(h, id, referee), ["乙:u1"]);
    const lobby = await must(call<GameListResponse>(h, "GET", "/api/games"));
    assert.equal(lobby.json.games.find((g) => g.id === id)?.signedUp, 1);
    // Public like a join, and unsigned: the player withdrew, no referee did.
    const events = await must(
      call<EventListResponse>(h, "GET", `/api/games/${id}/events?type=app.PlayerWithdrawn`),
    );
    assert.deepEqual(
      events.json.events.map((e) => e.data),
      [{ alias: "甲", reason: null }],
    );

    // The same account under the same alias, then once more under another after a second withdrawal.
    assert.equal((await join(h, id, u0, "甲")).status, 200);
    assert.equal(await viewerAlias(h, id, u0), "甲");
    assert.equal((await withdraw(h, id, u0)).status, 200);
    const u2 = await quickAccount(h, "u2");
    assert.equal((await join(h, id, u2, "甲")).status, 200, "another account takes the freed alias");
    assert.equal((await join(h, id, u0, "丁")).status, 200);
    assert.deepEqual(await rosterOf(h, id, referee), ["丁:u0", "乙:u1", "甲:u2"]);

    // Closed but not started: still the player's to withdraw; the start then counts the sign-ups left.
    await must(call(h, "POST", `/api/games/${id}/signup/close`, referee));
    assert.equal((await withdraw(h, id, u1)).status, 200);
    const short = await call<ApiError>(h, "POST", `/api/games/${id}/start`, referee, {});
    assert.deepEqual(refusal(short), [409, "wrong-player-count"]);
    assert.deepEqual(short.json.error.details, { players: 2, needed: 3 });
    await must(call(h, "POST", `/api/games/${id}/signup/open`, referee));
    assert.equal((await join(h, id, u1, "戊")).status, 200);
    await must(call(h, "POST", `/api/games/${id}/signup/close`, referee));
    await must(call(h, "POST", `/api/games/${id}/start`, referee, { round1At: local("12-01 21:00:00") }));
    const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`));
    assert.deepEqual(view.json.view!.seats.map((s) => s.alias).sort(), ["丁", "甲", "戊"].sort());
  });
});

test("退出报名 refused: anonymous, the referee, a non-member, after the start; a refusal stores nothing", async () => {
  await withHarness(async (h) => {
    const { id, referee, cookies } = await signedUp(h, ["甲", "乙", "丙"]);
    const outsider = await quickAccount(h, "outsider");
    const before = await stored(h, id, referee);
    assert.equal((await withdraw(h, id, undefined)).status, 401);
    assert.deepEqual(refusal(await withdraw(h, id, referee)), [403, "not-a-player"]);
    assert.deepEqual(refusal(await withdraw(h, id, outsider)), [403, "not-a-player"]);
    assert.deepEqual(refusal(await withdraw(h, "no-such-game", cookies[0])), [404, "game-not-found"]);
    const body = await call<ApiError>(h, "POST", `/api/games/${id}/withdraw`, cookies[0], { alias: "甲" });
    assert.deepEqual(refusal(body), [400, "invalid-body"]);
    assert.equal(await stored(h, id, referee), before);

    await must(call(h, "POST", `/api/games/${id}/signup/close`, referee));
    await must(call(h, "POST", `/api/games/${id}/start`, referee, { round1At: local("12-01 21:00:00") }));
    const started = await stored(h, id, referee);
    const late = await withdraw(h, id, cookies[0]);
    assert.deepEqual(refusal(late), [409, "game-already-started"]);
    // After the start a seat is handed on, never emptied: the refusal says who can do that.
    assert.equal(
      late.json.error.message,
      "游戏已经开始，不能再退出报名；如需离开，请联系哨子安排替补接手你的座位",
    );
    assert.equal(await stored(h, id, referee), started);
    assert.equal(await viewerAlias(h, id, cookies[0]!), "甲");
  });
});

test("移除报名: a referee removes a sign-up with a reason, signed with its alias; the account may sign up again", async () => {
  await withHarness(async (h) => {
    const { id, referee, cookies } = await signedUp(h, ["甲", "乙", "丙"]);
    const co = await quickAccount(h, "co");
    await must(call(h, "POST", `/api/games/${id}/co-referees`, referee, { username: "co", alias: "副哨" }));
    assert.equal(await viewerAlias(h, id, cookies[1]!), "乙");
    const res = await remove(h, id, referee, { alias: "乙", reason: "小号重复报名" });
    assert.equal(res.status, 200, res.text);
    assert.equal(await viewerAlias(h, id, cookies[1]!), null);
    assert.deepEqual(await reportAliases(h, id), ["甲", "丙"]);
    assert.deepEqual(await rosterOf(h, id, referee), ["丙:u2", "甲:u0"]);
    // A 副哨 may too, and each removal names who made it.
    assert.equal((await remove(h, id, co, { alias: "丙", reason: "弃权" })).status, 200);
    const events = await must(
      call<EventListResponse>(h, "GET", `/api/games/${id}/events?type=app.PlayerWithdrawn`),
    );
    assert.deepEqual(
      events.json.events.map((e) => e.data),
      [
        { alias: "乙", reason: "小号重复报名", referee: "哨子" },
        { alias: "丙", reason: "弃权", referee: "副哨" },
      ],
    );
    assert.equal((await join(h, id, cookies[1]!, "乙")).status, 200, "the removed account signs up again");
    const u3 = await quickAccount(h, "u3");
    assert.equal((await join(h, id, u3, "丙")).status, 200, "another account takes the freed alias");
    await must(call(h, "POST", `/api/games/${id}/signup/close`, referee));
    await must(call(h, "POST", `/api/games/${id}/start`, referee, { round1At: local("12-01 21:00:00") }));
  });
});

test("移除报名 refused: not a referee, no such sign-up, no reason, after the start; a refusal stores nothing", async () => {
  await withHarness(async (h) => {
    const { id, referee, cookies } = await signedUp(h, ["甲", "乙", "丙"]);
    const before = await stored(h, id, referee);
    assert.equal((await remove(h, id, undefined, { alias: "甲", reason: "x" })).status, 401);
    assert.deepEqual(refusal(await remove(h, id, cookies[1], { alias: "甲", reason: "x" })), [
      403,
      "forbidden",
    ]);
    const unknown = await remove(h, id, referee, { alias: "无名", reason: "x" });
    assert.deepEqual(refusal(unknown), [404, "report-not-found"]);
    assert.equal(unknown.json.error.message, "找不到马甲「无名」的报道");
    // The referee's own alias is a member, but no sign-up.
    assert.deepEqual(refusal(await remove(h, id, referee, { alias: "哨子", reason: "x" })), [
      404,
      "report-not-found",
    ]);
    for (const body of [{ alias: "甲" }, { alias: "甲", reason: "   " }]) {
      const blank = await remove(h, id, referee, body);
      assert.deepEqual(refusal(blank), [400, "invalid-body"]);
      assert.equal(blank.json.error.fields?.[0]?.path, "reason");
    }
    assert.equal(await stored(h, id, referee), before);

    await must(call(h, "POST", `/api/games/${id}/signup/close`, referee));
    await must(call(h, "POST", `/api/games/${id}/start`, referee, { round1At: local("12-01 21:00:00") }));
    const started = await stored(h, id, referee);
    const removal = await remove(h, id, referee, { alias: "甲", reason: "x" });
    assert.deepEqual(refusal(removal), [409, "game-already-started"]);
    assert.equal(removal.json.error.message, "游戏已经开始，不能再移除报名；请改用替补接手该座位");
    assert.equal(await stored(h, id, referee), started);
  });
});

/** A withdrawal stored as a process that died right after its commit leaves it: the event, and the row still there. */
async function withdrawnWithoutRemoval(h: Harness, id: string, event: AppEvent): Promise<void> {
  const ctx = (await h.games.context(id))!;
  const res = await ctx.actor.submit({ now: event.at, decide: () => ({ ok: true, events: [event] }) });
  assert.ok(res.ok);
}

test("a withdrawal whose process died before the member row went: a retry removes the row and succeeds", async () => {
  await withHarness(async (h) => {
    const { id, referee, cookies } = await signedUp(h, ["甲", "乙", "丙"]);
    const [u0, u1] = cookies as [string, string];
    const at = h.clock.now();
    await withdrawnWithoutRemoval(h, id, { type: "app.PlayerWithdrawn", at, alias: "甲", reason: null });
    const seq = (await must(call<EventListResponse>(h, "GET", `/api/games/${id}/referee/log`, referee))).json
      .lastSeq;
    // The row left behind holds the account and the alias.
    assert.equal((await join(h, id, u0, "丁")).json.error.code, "already-member");
    const retry = await withdraw(h, id, u0);
    assert.equal(retry.status, 200, retry.text);
    assert.deepEqual([retry.json.seq, retry.json.replayed], [seq, true], "answered as the stored withdrawal");
    assert.deepEqual(await rosterOf(h, id, referee), ["丙:u2", "乙:u1"]);
    assert.equal((await join(h, id, u0, "甲")).status, 200);

    // The referee's removal likewise: the row of a player who dropped out is not left to them.
    await withdrawnWithoutRemoval(h, id, {
      type: "app.PlayerWithdrawn",
      at,
      alias: "乙",
      reason: "弃权",
      referee: "哨子",
    });
    const again = await remove(h, id, referee, { alias: "乙", reason: "弃权" });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.replayed, true);
    assert.deepEqual(await rosterOf(h, id, referee), ["丙:u2", "甲:u0"]);
    assert.equal(await viewerAlias(h, id, u1), null);
    // Nothing was stored twice.
    const events = await must(
      call<EventListResponse>(h, "GET", `/api/games/${id}/events?type=app.PlayerWithdrawn`),
    );
    assert.equal(events.json.events.length, 2);
  });
});

test("a member row made after the alias was withdrawn (a join again, not yet recorded) is no leftover", async () => {
  await withHarness(async (h) => {
    const { id, referee, cookies } = await signedUp(h, ["甲", "乙"]);
    assert.equal((await withdraw(h, id, cookies[0])).status, 200);
    // A join of 甲 by another account, its row stored and its event not yet: a withdrawal must not take the row.
    h.clock.advance(1_000);
    const u5 = await quickAccount(h, "u5");
    const account = (await h.storage.findAccountByUsername("u5"))!;
    await h.storage.addMember({
      gameId: id,
      alias: "甲",
      accountId: account.id,
      kind: "player",
      createdAt: h.clock.now(),
    });
    assert.deepEqual(refusal(await withdraw(h, id, u5)), [404, "report-not-found"]);
    assert.deepEqual(refusal(await remove(h, id, referee, { alias: "甲", reason: "x" })), [
      404,
      "report-not-found",
    ]);
    assert.deepEqual(await rosterOf(h, id, referee), ["乙:u1", "甲:u5"]);
  });
});

test("a withdrawn alias's 报道重写 deadline fires nothing, whoever takes the alias after", async () => {
  await withHarness(async (h) => {
    const { id, referee, cookies } = await signedUp(h, ["甲", "乙", "丙"]);
    await must(
      call(h, "POST", `/api/games/${id}/referee/reports/reject`, referee, {
        alias: "甲",
        reason: "非原创",
        redoDeadline: local("12-01 18:00:00"),
      }),
    );
    assert.equal((await withdraw(h, id, cookies[0])).status, 200);
    const u3 = await quickAccount(h, "u3");
    assert.equal((await join(h, id, u3, "甲")).status, 200);
    await must(call(h, "POST", `/api/games/${id}/signup/close`, referee));
    await must(call(h, "POST", `/api/games/${id}/start`, referee, { round1At: local("12-01 21:00:00") }));
    await advanceTo(h, local("12-01 18:00:01"));
    await advanceTo(h, local("12-01 20:00:00"));
    assert.equal(await h.storage.getTimer(id, "redo:甲"), undefined, "no redo deadline armed");
    const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`));
    assert.deepEqual(
      view.json.view!.seats.filter((s) => !s.alive).map((s) => s.alias),
      [],
      "the new 甲 is not out for the old one's redo",
    );
    const log = await must(call<EventListResponse>(h, "GET", `/api/games/${id}/referee/log`, referee));
    assert.equal(log.json.events.filter((e) => e.type === "OverrideApplied").length, 0);
  });
});

test("a flagged 报道 whose sign-up is withdrawn leaves the referee's inbox as handled", async () => {
  await withHarness(async (h) => {
    const { id, referee } = await signedUp(h, []);
    // The second copies the first outright: over the copied-share limit, so flagged for the referee.
    const text = "长街尽头的灯火在雨中摇晃，我提着一盏旧灯笼走进这座城，报上名号，愿与诸位侠客同行。".repeat(
      3,
    );
    const u0 = await quickAccount(h, "u0");
    const u1 = await quickAccount(h, "u1");
    await must(call(h, "POST", `/api/games/${id}/join`, u0, { alias: "甲", report: text }));
    await must(call(h, "POST", `/api/games/${id}/join`, u1, { alias: "乙", report: text }));
    const waiting = await must(call<InboxResponse>(h, "GET", `/api/games/${id}/referee/inbox`, referee));
    assert.deepEqual(
      waiting.json.items.map((it) => [it.kind, it.fromAlias, it.handled?.outcome]),
      [["report-flagged", "乙", undefined]],
    );
    await must(call(h, "POST", `/api/games/${id}/withdraw`, u1, {}));
    const inbox = await must(call<InboxResponse>(h, "GET", `/api/games/${id}/referee/inbox`, referee));
    assert.deepEqual(
      inbox.json.items.map((it) => [it.kind, it.fromAlias, it.handled?.outcome]),
      [["report-flagged", "乙", "signup-withdrawn"]],
    );
  });
});

test("signing up again after 退出报名 with the same text is not copying oneself; another copying it still is", async () => {
  await withHarness(async (h) => {
    const { id } = await signedUp(h, ["甲"]);
    const text = syntheticText(4_242, 400);
    const self = await quickAccount(h, "again");
    await must(call(h, "POST", `/api/games/${id}/join`, self, { alias: "乙", report: text }));
    await must(withdraw(h, id, self));
    await must(call(h, "POST", `/api/games/${id}/join`, self, { alias: "丙", report: text }));
    const reports = async () =>
      (await must(call<ReportListResponse>(h, "GET", `/api/games/${id}/reports`))).json.reports;
    const mine = (await reports()).find((r) => r.alias === "丙");
    assert.equal(mine?.copiedPercent, 0, "the withdrawn 报道 is no source");
    assert.equal(mine?.flagged, false);
    // The 报道 standing now is a source like any: a copy of it by someone else is flagged.
    const copier = await quickAccount(h, "copier");
    await must(call(h, "POST", `/api/games/${id}/join`, copier, { alias: "丁", report: text }));
    const copy = (await reports()).find((r) => r.alias === "丁");
    assert.equal(copy?.flagged, true);
  });
});
