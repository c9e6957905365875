// 7kill's 高票对决 on the vote page: a duellist who goes out after the duel opened is no longer offered.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import { contextFor, screenshot } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { type SetUpGame, sevenKillGame } from "./lib/game.ts";
import { beijing, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 12:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await sevenKillGame(server, {
    prefix: "d",
    name: "七杀·对决",
    refereeAlias: "对决哨",
    seed: "e2e-duel",
  });
  await server.advanceTo(beijing("12-01 21:00:00"));
});

test("高票对决: the two tied seats are offered; once one is out (哨子判出局), only the other is", async () => {
  const [a, b, ...voters] = game.seats;
  // 7 votes each: both at the top and over 40% of 16, so the day ends in a duel between them.
  for (const [i, voter] of voters.slice(0, 14).entries())
    await server.api("POST", `/api/games/${game.id}/votes`, voter.cookie, {
      requestId: `duel-vote-${i}`,
      targets: [i % 2 === 0 ? a!.seat : b!.seat],
    });
  await server.advanceTo(beijing("12-02 22:00:05"));
  const voter = voters[0]!;
  const ctx = await contextFor(browser, server.url, voter.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/vote`);
  const choice = (seat: number) => page.locator(`[data-testid=ballot] button[data-seat="${seat}"]`);
  await choice(a!.seat).waitFor();
  const offered = async () =>
    (
      await page
        .locator("[data-testid=ballot] button[data-seat]")
        .evaluateAll((bs) => bs.map((x) => x.dataset.seat))
    )
      .map(Number)
      .sort((x, y) => x - y);
  assert.deepEqual(
    await offered(),
    [a!.seat, b!.seat].sort((x, y) => x - y),
    "the duel is between the two",
  );

  await server.api("POST", `/api/games/${game.id}/referee/overrides`, game.refereeCookie, {
    requestId: "duel-out",
    override: { action: "eliminate", target: a!.seat },
    reason: "对决中违规出局",
  });
  await page.reload();
  await choice(b!.seat).waitFor();
  assert.equal(await choice(a!.seat).count(), 0, "the duellist who went out is not offered");
  assert.deepEqual(await offered(), [b!.seat]);
  await screenshot(page, "duel-one-left");
  await ctx.close();
});
