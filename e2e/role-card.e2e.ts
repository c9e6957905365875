// The hidden bomb's card says 游侠 (as told), and a player's pages never carry another seat's hidden role.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import { contextFor, launchBrowser, screenshot } from "./lib/browser.ts";
import { airforceGame, type SetUpGame } from "./lib/game.ts";
import { beijing, type Server, startServer } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

before(async () => {
  server = await startServer(beijing("12-01 20:00:00"));
  browser = await launchBrowser();
  game = await airforceGame(server);
  await server.advanceTo(beijing("12-01 21:00:05"));
});

after(async () => {
  await browser?.close();
  await server?.close();
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
  await screenshot(page, "role-card-hidden-bomb");
  await ctx.close();
});
