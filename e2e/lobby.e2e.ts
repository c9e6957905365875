// The lobby and accounts in the browser: sign up, sign out, sign in, games listed by status, opening a game.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import type { GameViewResponse } from "../src/server/api-types.ts";
import { smallRules } from "../test/server/fixtures.ts";
import { contextFor, screenshot } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame } from "./lib/game.ts";
import { beijing, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
});

test("sign up, open a game from the lobby, sign out and back in", async () => {
  const running = await airforceGame(server, { prefix: "lb" });
  await server.advanceTo(beijing("12-01 21:00:05"));
  const open = await airforceGame(server, { prefix: "lo", joined: 12, start: false });
  const ctx = await contextFor(browser, server.url, null);
  const page = await ctx.newPage();

  await page.goto("/register");
  await page.locator("input[name=username]").fill("老玩家");
  await page.locator("input[name=password]").fill("short");
  await page.getByRole("button", { name: "注册" }).click();
  assert.equal(page.url().endsWith("/register"), true, "the browser keeps a too-short password on the form");
  await page.locator("input[name=password]").fill("correct horse battery");
  await page.getByRole("button", { name: "注册" }).click();
  await page.getByTestId("me-name").waitFor();
  assert.equal(await page.getByTestId("me-name").textContent(), "你好，老玩家");

  // The lobby lists each game under its status; the open one offers 报道.
  const signup = page.getByTestId("lobby-signup");
  const playing = page.getByTestId("lobby-closed");
  await signup.locator(".game-row").first().waitFor();
  assert.match((await signup.locator(".game-row").first().textContent()) ?? "", /12\/40人/);
  // The time on a card is labelled: it is when the game was opened (开版), not when it starts.
  assert.match((await signup.locator(".game-row").first().textContent()) ?? "", /开版：12\/1 \d\d:\d\d/);
  assert.equal(await playing.locator(".game-row").count(), 1);
  // The game's name is a link a thumb can hit.
  const link = await signup.locator(".game-row .game-name").first().boundingBox();
  assert.ok(link && link.height >= 32, `the game link is ${link?.height} px tall`);
  await screenshot(page, "lobby");
  await signup.getByRole("link", { name: "报道" }).click();
  await page.locator("input[name=alias]").waitFor();
  assert.ok(page.url().endsWith(`/games/${open.id}/join`));
  // The form takes no longer an alias than the server accepts (24): it took 32, refused only after sending.
  assert.equal(await page.locator("input[name=alias]").getAttribute("maxlength"), "24");
  assert.equal(await page.getByTestId("me-name").count(), 0, "inside a game the real account is not shown");

  // A spectator sees the running game's board without any role.
  await page.goto(`/games/${running.id}`);
  assert.equal(await page.getByTestId("viewer-banner").textContent(), "你正在围观");
  const roles = await page.locator("[data-testid=living] .seat-role").allTextContents();
  assert.equal(roles.length, 40);
  assert.ok(roles.every((r) => r === "身份未知"));

  await page.goto("/");
  await page.getByRole("button", { name: "退出" }).click();
  await page.getByRole("link", { name: "登录" }).first().waitFor();
  await page.goto("/login");
  await page.locator("input[name=username]").fill("老玩家");
  await page.locator("input[name=password]").fill("wrong password");
  await page.getByRole("button", { name: "登录" }).last().click();
  await page.getByTestId("notice-error").waitFor();
  assert.equal(await page.getByTestId("notice-error").textContent(), "用户名或密码错误");
  await page.locator("input[name=password]").fill("correct horse battery");
  await page.getByRole("button", { name: "登录" }).last().click();
  await page.getByTestId("me-name").waitFor();
  await ctx.close();
});

test("a player whose 报道 was ruled non-compliant is told on every page of the game, with a link to the redo", async () => {
  const open = await airforceGame(server, { prefix: "rj", joined: 3, start: false });
  const player = open.seats[1]!;
  // The referee rules on the 报道审核 panel: every report listed with its 字数, the alias picked from them.
  const ref = await contextFor(browser, server.url, open.refereeCookie);
  const refPage = await ref.newPage();
  await refPage.goto(`/games/${open.id}/referee`);
  const panel = refPage.getByTestId("review-reports");
  await panel.locator("summary").click();
  await panel.locator("ol li", { hasText: open.seats[2]!.alias }).waitFor();
  assert.equal(await panel.locator("ol li").count(), 3);
  assert.match((await panel.locator("ol li").first().textContent()) ?? "", /\d+字.*已报道/);
  await panel.locator("select[name=report-alias]").selectOption(player.alias);
  await panel.getByPlaceholder("理由").fill("报道抄袭往届帖子");
  await panel.locator("input[type=number]").fill("2");
  await panel.getByRole("button", { name: "判为不合规" }).click();
  const done = panel.getByTestId("notice-ok").or(panel.getByTestId("notice-error"));
  await done.first().waitFor();
  assert.equal(await done.first().textContent(), "已执行并记录");
  await panel.getByText("被判不合规").waitFor();
  await ref.close();
  const ctx = await contextFor(browser, server.url, player.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${open.id}`);
  const reminder = page.getByTestId("redo-reminder");
  await reminder.waitFor();
  assert.match(
    (await reminder.textContent()) ?? "",
    /你的报道被哨子判为不合规（报道抄袭往届帖子）。请在.*23:00.*前重写不少于600字的报道，逾期按自杀处理。/,
  );
  await reminder.getByRole("link", { name: "重写报道" }).click();
  await page.getByRole("heading", { name: "重写报道" }).waitFor();
  assert.equal(await page.getByTestId("redo-reminder").count(), 0, "the redo page itself needs no reminder");
  // Another player of the same game is not told anything.
  const other = await contextFor(browser, server.url, open.seats[0]!.cookie);
  const otherPage = await other.newPage();
  await otherPage.goto(`/games/${open.id}`);
  await otherPage.getByTestId("viewer-banner").waitFor();
  await otherPage.waitForLoadState("networkidle").catch(() => {});
  assert.equal(await otherPage.getByTestId("redo-reminder").count(), 0);
  await other.close();
  await ctx.close();
});

test("a referee opens a game on a rule set of their own: the checker's problems are listed, then 规则可用 and 开版", async () => {
  const cookie = await server.account("自定规则哨");
  const ctx = await contextFor(browser, server.url, cookie);
  const page = await ctx.newPage();
  await page.goto("/");
  await page.getByText("开一局新版杀").click();
  await page.locator("input[name=game-name]").fill("自定规则局");
  await page.getByLabel("自定义规则").check();
  // Started from a preset written out as YAML: it checks clean as it comes.
  await page.locator("select[name=start-from-preset]").selectOption("airforce-40");
  await page.getByRole("button", { name: "载入预设规则（YAML）" }).click();
  await page.locator("textarea[name=rules-text]").filter({ hasText: "airforce-40" }).waitFor();
  await page.getByRole("button", { name: "检查规则" }).click();
  assert.match((await page.getByTestId("rules-ok").textContent()) ?? "", /^规则可用：.*（40人）$/);
  const good = JSON.stringify(smallRules(6), null, 2);
  // A misspelt key: the checker names it, with its line, in Chinese.
  await page.locator("textarea[name=rules-text]").fill(good.replace('"count": 2', '"cout": 2'));
  await page.getByRole("button", { name: "检查规则" }).click();
  const problems = page.getByTestId("rules-problems");
  await problems.waitFor();
  assert.match((await problems.textContent()) ?? "", /规则有\d+处问题/);
  assert.match((await problems.textContent()) ?? "", /第\d+行/);
  assert.match((await problems.textContent()) ?? "", /cout/);
  // 开版 with the faulty rules is refused in red; switching to a preset leaves that refusal behind.
  await page.locator("input[name=referee-alias]").fill("自定哨子");
  await page.getByRole("button", { name: "开版" }).click();
  const refused = page.locator("form").getByTestId("notice-error");
  assert.equal(await refused.textContent(), "规则文本有误，请按提示修改");
  await page.getByLabel("预设规则", { exact: true }).check();
  assert.equal(await refused.count(), 0, "no red notice over the preset picker");
  await page.getByLabel("自定义规则").check();
  await page.locator("textarea[name=rules-text]").fill(good);
  await page.getByRole("button", { name: "检查规则" }).click();
  assert.equal(await page.getByTestId("rules-ok").textContent(), "规则可用：测试场（6人）");
  await page.locator("input[name=referee-alias]").fill("自定哨子");
  await page.getByRole("button", { name: "开版" }).click();
  await page.waitForURL(/\/games\/[^/]+\/referee$/);

  // On the desk: a co-referee by username (替补与副哨); the roster lists them.
  await server.account("副哨甲");
  await page.getByTestId("referee-members").locator("summary").click();
  const co = page.getByTestId("co-referee-form");
  await co.locator("input[name=co-referee-username]").fill("副哨甲");
  await co.locator("input[name=co-referee-alias]").fill("二哨");
  await co.getByRole("button", { name: "加副哨" }).click();
  await page.getByTestId("roster").getByText("二哨").waitFor();
  await ctx.close();
});

test("替补 on the desk: a new account takes over a seat under a new alias, keeping its role", async () => {
  const game = await airforceGame(server, { prefix: "tb" });
  await server.advanceTo(beijing("12-01 21:10:00"));
  await server.account("替补甲");
  const seat = game.seats[3]!;
  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  await page.getByTestId("referee-members").locator("summary").click();
  const form = page.getByTestId("substitute-form");
  await form.locator("select[name=substitute-seat]").selectOption(String(seat.seat));
  await form.locator("input[name=substitute-username]").fill("替补甲");
  await form.locator("input[name=substitute-alias]").fill("新来的");
  await form.getByRole("button", { name: "替补" }).click();
  await page.getByTestId("roster").getByText("新来的").waitFor();
  await ctx.close();
  const view = await server.api<GameViewResponse>("GET", `/api/games/${game.id}`, game.refereeCookie);
  const after = view.view?.seats.find((s) => s.seat === seat.seat);
  assert.equal(after?.alias, "新来的");
  assert.equal(after?.role, seat.role);
  // The replaced player is told so, not that they are out.
  const old = await contextFor(browser, server.url, seat.cookie);
  const op = await old.newPage();
  await op.goto(`/games/${game.id}/me`);
  assert.equal(await op.getByTestId("viewer-banner").textContent(), "你的座位已由替补接手，可以继续围观");
  await old.close();
});
