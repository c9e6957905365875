// Sign-up in the browser: drafts on a shared computer, full games, drafts of games, the referee on the join page,
// 重新开放报名, a 报道 redo whose deadline falls after the start, and 退出报名 / 移除报名 before it.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { GameListResponse, GameViewResponse, ReportListResponse } from "../src/server/api-types.ts";
import { SESSION_COOKIE } from "../src/server/app.ts";
import { contextFor } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, type Seat, startGame } from "./lib/game.ts";
import { beijing, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
});

const draftKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("bansha.draft.")));

async function signIn(ctx: BrowserContext, cookie: string): Promise<void> {
  await ctx.addCookies([
    { name: SESSION_COOKIE, value: cookie, url: server.url, httpOnly: true, sameSite: "Lax" },
  ]);
}

test("a draft is its account's: another account on the same browser never opens it, and 退出 forgets it", async () => {
  const game = await airforceGame(server, { prefix: "dr", joined: 2, start: false });
  const first = await server.account("草稿甲");
  const second = await server.account("草稿乙");
  const ctx = await contextFor(browser, server.url, first);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/join`);
  await page.getByTestId("editor-text").fill("我是草稿甲，这篇报道还没写完。");
  assert.equal((await draftKeys(page)).length, 1);

  // Another account signs in on this browser without 退出: the draft is not theirs to open.
  await signIn(ctx, second);
  await page.goto(`/games/${game.id}/join`);
  await page.getByTestId("editor-text").waitFor();
  assert.equal(await page.getByTestId("editor-text").inputValue(), "");
  assert.equal(await page.getByTestId("draft-restored").count(), 0);
  // Its owner, back, finds it.
  await signIn(ctx, first);
  await page.goto(`/games/${game.id}/join`);
  await page.getByTestId("draft-restored").waitFor();
  assert.equal(await page.getByTestId("editor-text").inputValue(), "我是草稿甲，这篇报道还没写完。");

  // 退出 forgets every draft on the browser.
  await page.getByRole("button", { name: "退出" }).click();
  await page.getByRole("link", { name: "登录" }).first().waitFor();
  assert.deepEqual(await draftKeys(page), []);
  await signIn(ctx, second);
  await page.goto(`/games/${game.id}/join`);
  await page.getByTestId("editor-text").waitFor();
  assert.equal(await page.getByTestId("editor-text").inputValue(), "");
  await ctx.close();
});

test("a full game invites no 报道, a draft game is listed only to its referee, and the referee's join page", async () => {
  const full = await airforceGame(server, { prefix: "fu", start: false });
  const refCookie = await server.account("筹备哨");
  const { game: draft } = await server.api<{ game: { id: string } }>("POST", "/api/games", refCookie, {
    name: "还在筹备的局",
    preset: "airforce-40",
    refereeAlias: "筹备总哨",
  });

  // Anonymous: the full game is 已满 with no 报道 button; the draft is not listed.
  const anon = await contextFor(browser, server.url, null);
  const lobby = await anon.newPage();
  await lobby.goto("/");
  const row = lobby.getByTestId("lobby-signup").locator(".game-row", { hasText: "40/40人" });
  await row.waitFor();
  assert.equal(await row.getByTestId("lobby-full").textContent(), "已满");
  assert.equal(await row.getByRole("link", { name: "报道" }).count(), 0);
  assert.equal(await lobby.getByText("还在筹备的局").count(), 0);
  assert.equal(await lobby.getByTestId("lobby-draft").count(), 0);
  await anon.close();

  // A player who would join is told it is full before writing anything.
  const late = await contextFor(browser, server.url, await server.account("迟到者"));
  const latePage = await late.newPage();
  await latePage.goto(`/games/${full.id}/join`);
  await latePage.getByTestId("join-full").waitFor();
  assert.equal(await latePage.getByTestId("editor-text").count(), 0);
  await late.close();

  // The draft's referee has it, under 筹备中.
  const ref = await contextFor(browser, server.url, refCookie);
  const refPage = await ref.newPage();
  await refPage.goto("/");
  await refPage.getByTestId("lobby-draft").getByText("还在筹备的局").waitFor();
  assert.equal(await refPage.getByTestId("lobby-signup").getByText("还在筹备的局").count(), 0);
  // On its join page the referee is told they referee it, with the way to the desk, not 报道成功.
  await refPage.goto(`/games/${draft.id}/join`);
  const told = refPage.getByTestId("join-referee");
  await told.waitFor();
  assert.match((await told.textContent()) ?? "", /你是本局的哨子（马甲：筹备总哨），不需要报道。/);
  await told.getByRole("link", { name: "前往哨子台" }).click();
  await refPage.getByTestId("referee").waitFor();
  await ref.close();

  // Sign-up closed too early is opened again from the desk.
  await server.api("POST", `/api/games/${full.id}/signup/close`, full.refereeCookie, {});
  const fullRef = await contextFor(browser, server.url, full.refereeCookie);
  const desk = await fullRef.newPage();
  await desk.goto(`/games/${full.id}/referee`);
  await desk.getByRole("button", { name: "重新开放报名" }).click();
  await desk.getByRole("button", { name: "截止报名" }).waitFor();
  const view = await server.api<GameViewResponse>("GET", `/api/games/${full.id}`, null);
  assert.equal(view.game.status, "signup");
  const listed = await server.api<GameListResponse>("GET", "/api/games?status=draft", null);
  assert.equal(listed.games.length, 0);
  await fullRef.close();
});

test("a redo due after the start: the desk keeps 报道审核, the player is reminded until out, then not at all", async () => {
  const game = await airforceGame(server, { prefix: "rd", start: false });
  const late = game.seats[5]!;
  await server.api("POST", `/api/games/${game.id}/referee/reports/reject`, game.refereeCookie, {
    alias: late.alias,
    reason: "字数凑数",
    redoDeadline: beijing("12-01 23:00:00"),
  });
  await startGame(server, game);

  const ref = await contextFor(browser, server.url, game.refereeCookie);
  const desk = await ref.newPage();
  await desk.goto(`/games/${game.id}/referee`);
  await desk.getByTestId("review-reports").waitFor();

  const player = await contextFor(browser, server.url, late.cookie);
  const page = await player.newPage();
  await page.goto(`/games/${game.id}`);
  const reminder = page.getByTestId("redo-reminder");
  await reminder.waitFor();
  assert.equal(await reminder.getByRole("link", { name: "重写报道" }).count(), 1);

  // Another player's join page no longer says to wait for the start.
  const other = await contextFor(browser, server.url, game.seats[0]!.cookie);
  const otherPage = await other.newPage();
  await otherPage.goto(`/games/${game.id}/join`);
  assert.equal(await otherPage.getByTestId("join-done").textContent(), "你已报道，游戏已开始。");
  await other.close();

  // The deadline passes: the missed redo is a suicide; nothing nags any more, and the desk's panel has gone.
  await server.advanceTo(beijing("12-01 23:00:05"));
  await page.goto(`/games/${game.id}/vote`);
  await page.getByTestId("viewer-banner").waitFor();
  await page.waitForLoadState("networkidle").catch(() => {});
  assert.equal(await page.getByTestId("redo-reminder").count(), 0);
  await page.goto(`/games/${game.id}/join`);
  assert.equal(await page.getByTestId("redo-closed").textContent(), "你已出局，报道无需再重写。");
  assert.equal(await page.getByTestId("editor-text").count(), 0);
  await desk.goto(`/games/${game.id}/referee`);
  await desk.getByTestId("roster").waitFor();
  await desk.waitForLoadState("networkidle").catch(() => {});
  assert.equal(await desk.getByTestId("review-reports").count(), 0);
  await player.close();
  await ref.close();
});

test("before the start, a redo past its deadline says the window has closed, with no link to the form", async () => {
  const game = await airforceGame(server, { prefix: "rc", joined: 3, start: false });
  const late = game.seats[1]!;
  await server.api("POST", `/api/games/${game.id}/referee/reports/reject`, game.refereeCookie, {
    alias: late.alias,
    reason: "疑似抄袭",
    redoDeadline: beijing("12-01 23:30:00"),
  });
  await server.advanceTo(beijing("12-01 23:40:00"));
  const ctx = await contextFor(browser, server.url, late.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}`);
  const reminder = page.getByTestId("redo-reminder");
  await reminder.waitFor();
  assert.match((await reminder.textContent()) ?? "", /重写期限（.*23:30.*）已过，不能再重写，按自杀处理。/);
  assert.equal(await reminder.getByRole("link").count(), 0);
  await page.goto(`/games/${game.id}/join`);
  assert.match((await page.getByTestId("redo-closed").textContent()) ?? "", /已过/);
  assert.equal(await page.getByTestId("editor-text").count(), 0);
  await ctx.close();
});

test("before the start a player takes back the sign-up (退出报名) and the referee removes another with a reason", async () => {
  const game = await airforceGame(server, { prefix: "wd", joined: 3, start: false });
  const [leaver, dropout, stays] = game.seats as [Seat, Seat, Seat];

  const player = await contextFor(browser, server.url, leaver.cookie);
  const page = await player.newPage();
  await page.goto(`/games/${game.id}/join`);
  await page.getByTestId("join-done").waitFor();
  // Asked first; dismissed, nothing happens.
  page.once("dialog", (d) => void d.dismiss());
  await page.getByTestId("withdraw-signup").click();
  await page.waitForLoadState("networkidle").catch(() => {});
  assert.equal(await page.getByTestId("join-done").count(), 1);
  page.once("dialog", (d) => {
    assert.match(d.message(), new RegExp(`确定退出报名？马甲「${leaver.alias}」`));
    void d.accept();
  });
  await page.getByTestId("withdraw-signup").click();
  const told = page.getByTestId("join-withdrawn");
  await told.waitFor();
  assert.equal(await told.textContent(), `你已退出报名（马甲：${leaver.alias}）。`);
  // The form is back: the account may sign up again.
  await page.getByTestId("editor-text").waitFor();
  await player.close();

  const ref = await contextFor(browser, server.url, game.refereeCookie);
  const desk = await ref.newPage();
  await desk.goto(`/games/${game.id}/referee`);
  const panel = desk.getByTestId("review-reports");
  await panel.locator("summary").click();
  const row = panel.locator("ol li", { hasText: dropout.alias });
  await row.waitFor();
  assert.equal(await panel.locator("ol li").count(), 2, "the withdrawn 报道 is no longer listed");
  await row.getByTestId("remove-signup").click();
  const confirm = row.getByRole("button", { name: "确认移除" });
  assert.equal(await confirm.isDisabled(), true, "no removal without a reason");
  await row.getByPlaceholder(`移除「${dropout.alias}」的理由`).fill("玩家弃权");
  await confirm.click();
  await panel.locator("ol li", { hasText: dropout.alias }).waitFor({ state: "detached" });
  assert.equal(await panel.locator("ol li").count(), 1);

  const log = desk.getByTestId("referee-log");
  await log.locator("summary").click();
  await log.locator("ol.log li", { hasText: "哨子移除了" }).waitFor();
  const lines = await log.locator("ol.log li").allTextContents();
  assert.ok(
    lines.some((l) => l.includes(`${leaver.alias} 退出了报名`)),
    lines.join("\n"),
  );
  assert.ok(
    lines.some((l) => l.includes(`哨子移除了 ${dropout.alias} 的报名：玩家弃权（操作：总哨）`)),
    lines.join("\n"),
  );
  await ref.close();

  const reports = await server.api<ReportListResponse>("GET", `/api/games/${game.id}/reports`, null);
  assert.deepEqual(
    reports.reports.map((r) => r.alias),
    [stays.alias],
  );
});
