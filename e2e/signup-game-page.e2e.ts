// The game page during sign-up: a 报道 link for one who has not signed up (a shared link, not only the lobby), and
// the rule set's roles and 进程, so a custom rule set can be read before signing up.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import { contextFor } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, type SetUpGame } from "./lib/game.ts";
import { beijing, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 12:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await airforceGame(server, { prefix: "sg", joined: 3, start: false });
});

test("a signed-in visitor who has not signed up reads the rules and finds 报道 on the game page", async () => {
  const ctx = await contextFor(browser, server.url, await server.account("sg-visitor"));
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}`);
  const join = page.getByTestId("board-join");
  await join.waitFor();
  assert.equal(await join.textContent(), "报道参加本局（已报名 3/40）");

  const roles = await page.getByTestId("rules-roles").locator("li").allTextContents();
  assert.deepEqual(roles, [
    "黑道（10人）：联合杀手×6、情侣刺客×2、独立刺客×1、工兵×1",
    "白道（30人）：联合剑侠×2、明弹×1、暗弹×1、游侠×26",
  ]);
  const rows = page.getByTestId("rules-progression").locator("tbody tr");
  assert.equal(await rows.count(), 6, "airforce-40 has six rounds");
  const cells = async (i: number) => (await rows.nth(i).locator("td").allTextContents()).join(" | ");
  assert.equal(await cells(0), "第1轮 | 1 | 1 | 无 | 39");
  assert.equal(
    await cells(1),
    "第2轮 | 2 | 4 | 联合杀手×2、情侣刺客×1、独立刺客×1、联合剑侠×1；另有 工兵×1（不计杀人数） | 30",
  );

  await join.click();
  await page.waitForURL(`**/games/${game.id}/join`);
  await page.locator("input[name=alias]").waitFor();
  await ctx.close();
});

test("a player who has signed up, and the referee, get no 报道 link; the rules are there for them too", async () => {
  for (const cookie of [game.seats[0]!.cookie, game.refereeCookie]) {
    const ctx = await contextFor(browser, server.url, cookie);
    const page = await ctx.newPage();
    await page.goto(`/games/${game.id}`);
    await page.getByTestId("rules-summary").waitFor();
    assert.equal(await page.getByTestId("board-join").count(), 0);
    await ctx.close();
  }
});

test("once sign-up is closed nobody is offered 报道 there", async () => {
  await server.api("POST", `/api/games/${game.id}/signup/close`, game.refereeCookie, {});
  const ctx = await contextFor(browser, server.url, await server.account("sg-late"));
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}`);
  await page.getByTestId("rules-summary").waitFor();
  assert.equal(await page.getByTestId("board-join").count(), 0);
  await ctx.close();
});
