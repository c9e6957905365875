// The hidden bomb's card says 游侠 (as told), and a player's pages never carry another seat's hidden role; then the
// referee ends the game (判定胜负) from the referee page, and the players see the result with its reason.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import type { GameViewResponse } from "../src/server/api-types.ts";
import { contextFor, screenshot } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, type SetUpGame } from "./lib/game.ts";
import { beijing, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await airforceGame(server);
  await server.advanceTo(beijing("12-01 21:00:05"));
});

test("the hidden bomb's role card shows a ranger (暗弹 'is told it is a ranger')", async () => {
  const bomb = game.seats.find((s) => s.role === "hidden-bomb")!;
  assert.equal(bomb.roleName, "暗弹", "the referee sees the real role");
  const ctx = await contextFor(browser, server.url, bomb.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/me`);
  const name = page.getByTestId("role-name");
  await name.waitFor();
  assert.equal(await name.textContent(), "游侠");
  const html = await page.content();
  assert.ok(!html.includes("暗弹"), "the page never names the hidden bomb");
  assert.ok(!html.includes("东海"), "nor its code name");
  const powers = await page.getByTestId("role-powers").locator("li").allTextContents();
  assert.deepEqual(powers, ["只有投票权。"], "and a ranger's powers");
  await screenshot(page, "role-card-hidden-bomb");
  await ctx.close();
});

test("role cards say what the role can do (seed 002: 明弹, 工兵, 联合杀手)", async () => {
  const powersOf = async (role: string) => {
    const seat = game.seats.find((s) => s.role === role)!;
    const ctx = await contextFor(browser, server.url, seat.cookie);
    const page = await ctx.newPage();
    await page.goto(`/games/${game.id}/me`);
    const lines = page.getByTestId("role-powers").locator("li");
    await lines.first().waitFor();
    const texts = await lines.allTextContents();
    await ctx.close();
    return texts;
  };
  // 「前四轮中如任何帖子则与出贴者同归，四轮后转为普通游侠」
  assert.deepEqual(await powersOf("bright-bomb"), [
    "前4轮中被任何杀帖贴中，则与出帖者同归。",
    "第4轮出帖后炸弹功能失效（此后只有投票权）。",
  ]);
  // 「场上负责找蛋帖出，帖对蛋，蛋出局，贴内直接宣布；帖错彼此都不出局」
  assert.deepEqual(await powersOf("engineer"), [
    "找蛋帖（不少于800字）：帖中炸弹则炸弹出局；帖错彼此都不出局。工兵帖不杀人。",
  ]);
  const killer = await powersOf("killer");
  assert.equal(killer[0], "出帖权：按进程出杀帖（不少于800字），一帖杀一人。");
  assert.match(killer[1] ?? "", /^出帖组：联合杀手，/);
});

test("round 1 has no kill posts (空军 round 1: totalKills 1 is the vote): no 出帖 countdown; 第2轮 opens, not 截止", async () => {
  const player = game.seats.find((s) => s.role === "ranger")!;
  const ctx = await contextFor(browser, server.url, player.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}`);
  const labels = page.locator("[data-testid=countdown] .countdown-label");
  await labels.first().waitFor();
  const texts = await labels.allTextContents();
  assert.ok(texts.includes("第1轮投票截止"), texts.join(" / "));
  assert.ok(!texts.some((x) => x.includes("出帖")), `no posting countdown: ${texts.join(" / ")}`);
  const opens = page.locator("[data-testid=countdown]", { hasText: "第2轮开始" });
  assert.match((await opens.locator(".countdown-at").textContent()) ?? "", /21:00:00 开始$/);
  await ctx.close();
});

// Last in this file: it ends the game the tests above share.
test("the referee ends the game (判定胜负) after confirming; players see the result and the reason", async () => {
  await server.advanceTo(beijing("12-02 10:00:00"));
  const reason = "侠在版面贴出哨子发的身份短信，白道判负";
  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const box = page.getByTestId("overrides");
  await box.waitFor();
  // 作废投票 says before it is applied that a voter who does not vote again counts as not voting (seed 002: suicide).
  await box.locator("select[name=override-action]").selectOption("void-vote");
  assert.match(
    (await box.getByTestId("override-vote-hint").textContent()) ?? "",
    /截止前未重新投票.*按自杀出局/,
  );
  await box.locator("select[name=override-action]").selectOption("end-game");
  assert.equal(await box.getByTestId("override-vote-hint").count(), 0);
  await box.locator("select[name=override-winner]").selectOption("black");
  await box.getByPlaceholder("理由（必填，会记录）").fill(reason);

  const asked: string[] = [];
  page.once("dialog", (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await box.getByRole("button", { name: "执行" }).click();
  assert.deepEqual(asked, ["确定现在结束游戏并判定“黑道胜利”？结束后游戏不能再继续（之后只能改判结果）。"]);
  const still = await server.api<GameViewResponse>("GET", `/api/games/${game.id}`, game.refereeCookie);
  assert.equal(still.view?.result, null, "dismissed: the game goes on");

  page.once("dialog", (d) => void d.accept());
  await box.getByRole("button", { name: "执行" }).click();
  await box.getByText("已执行并记录").waitFor();
  await box.getByText(`结束游戏（判定胜负） · 黑道胜利 · ${reason}`).waitFor();
  await ctx.close();

  const player = game.seats.find((s) => s.role === "ranger")!;
  const pctx = await contextFor(browser, server.url, player.cookie);
  const board = await pctx.newPage();
  await board.goto(`/games/${game.id}`);
  const banner = board.getByTestId("result");
  await banner.waitFor();
  assert.equal(await banner.textContent(), `黑道胜利 · 哨子判定结束：${reason}`);
  await screenshot(board, "board-referee-ended");

  // 改判结果: on the ended game the desk offers the result alone, starting on the other side.
  const rctx = await contextFor(browser, server.url, game.refereeCookie);
  const desk = await rctx.newPage();
  await desk.goto(`/games/${game.id}/referee`);
  const after = desk.getByTestId("overrides");
  await after.getByText("所有身份已经公开").waitFor();
  assert.deepEqual(await after.locator("select[name=override-action] option").allTextContents(), [
    "改判结果",
  ]);
  assert.equal(await after.locator("select[name=override-winner]").inputValue(), "white");
  const amend = "结束后查实：所谓身份短信系伪造";
  await after.getByPlaceholder("理由（必填，会记录）").fill(amend);
  const amendAsked: string[] = [];
  desk.once("dialog", (d) => {
    amendAsked.push(d.message());
    void d.accept();
  });
  await after.getByRole("button", { name: "执行" }).click();
  await after.getByText(`改判结果 · 白道胜利 · ${amend}`).waitFor();
  assert.deepEqual(amendAsked, ["确定把本局结果由“黑道胜利”改为“白道胜利”？"]);
  // The form starts again on a result other than the one now standing, with no reason left over.
  await desk.waitForFunction(
    () => document.querySelector<HTMLSelectElement>("select[name=override-winner]")?.value === "black",
  );
  assert.equal(await after.getByPlaceholder("理由（必填，会记录）").inputValue(), "");
  await rctx.close();
  await board.reload();
  await board.getByTestId("result").waitFor();
  assert.equal(await board.getByTestId("result").textContent(), `白道胜利 · 哨子判定结束：${amend}`);
  await pctx.close();
});
