// 判定胜负: the referee ends a game from the referee page; a dismissed confirmation sends nothing, and every player
// then sees the result with the referee's reason.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import type { GameViewResponse } from "../src/server/api-types.ts";
import { contextFor, launchBrowser, screenshot } from "./lib/browser.ts";
import { airforceGame, type SetUpGame } from "./lib/game.ts";
import { beijing, type Server, startServer } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

before(async () => {
  server = await startServer(beijing("12-01 20:00:00"));
  browser = await launchBrowser();
  game = await airforceGame(server, { prefix: "eg" });
  await server.advanceTo(beijing("12-02 10:00:00"));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test("the referee ends the game (判定胜负) after confirming; players see the result and the reason", async () => {
  const reason = "侠在版面贴出哨子发的身份短信，白道判负";
  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const box = page.getByTestId("overrides");
  await box.waitFor();
  await box.locator("select[name=override-action]").selectOption("end-game");
  await box.locator("select[name=override-winner]").selectOption("black");
  await box.getByPlaceholder("理由（必填，会记录）").fill(reason);

  const asked: string[] = [];
  page.once("dialog", (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await box.getByRole("button", { name: "执行" }).click();
  assert.deepEqual(asked, ["确定现在结束游戏并判定“黑道胜利”？此操作无法撤销。"]);
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
  await pctx.close();
});
