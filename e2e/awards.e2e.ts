// 评奖: once the game has ended the referee gives the single awards on the desk (seed 001 「评出MVP、最佳演绎、最佳文字、
// 最佳投入四个单项奖」); every visitor reads them on the board and in the archive, and a correction replaces them.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import { contextFor, screenshot } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { type SetUpGame, sevenKillGame } from "./lib/game.ts";
import { beijing, requestId, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 12:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await sevenKillGame(server, {
    prefix: "aw",
    name: "七杀·评奖",
    refereeAlias: "导演",
    seed: "e2e-awards",
  });
  await server.advanceTo(beijing("12-01 21:00:00"));
  await server.api("POST", `/api/games/${game.id}/referee/overrides`, game.refereeCookie, {
    requestId: requestId(),
    override: { action: "end-game", winner: "white" },
    reason: "测试评奖",
  });
});

test("评奖: the desk gives MVP and 最佳文字; the board and the archive show them; a correction replaces them", async () => {
  const [a, b] = game.seats;
  assert.ok(a && b);
  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const form = page.getByTestId("referee-awards");
  await form.waitFor();
  await form.locator('select[name="award-mvp"]').selectOption(String(a.seat));
  await form.locator('select[name="award-writing"]').selectOption(String(b.seat));
  await form.locator('input[name="awards-note"]').fill("文字出彩，投入全程");
  await form.getByRole("button", { name: "发布奖项" }).click();
  await form.getByText("奖项已发布").waitFor();
  await screenshot(page, "referee-awards");
  await ctx.close();

  // Anyone, signed in or not, reads them on the board.
  const visitor = await contextFor(browser, server.url, null);
  const board = await visitor.newPage();
  await board.goto(`/games/${game.id}`);
  const card = board.getByTestId("awards");
  await card.waitFor();
  const lines = await card.locator("li").allTextContents();
  assert.deepEqual(lines, [`MVP：${a.alias}`, `最佳文字：${b.alias}`]);
  await card.getByText("哨子评语：文字出彩，投入全程").waitFor();
  await board.goto(`/games/${game.id}/archive`);
  await board.getByTestId("awards").getByText(`MVP：${a.alias}`).waitFor();
  await visitor.close();

  // Given again: the later list stands.
  await server.api("POST", `/api/games/${game.id}/referee/awards`, game.refereeCookie, {
    requestId: requestId(),
    awards: { mvp: b.seat },
  });
  const again = await contextFor(browser, server.url, null);
  const page2 = await again.newPage();
  await page2.goto(`/games/${game.id}`);
  await page2.getByTestId("awards").getByText(`MVP：${b.alias}`).waitFor();
  assert.equal(await page2.getByTestId("awards").locator("li").count(), 1);
  await again.close();
});
