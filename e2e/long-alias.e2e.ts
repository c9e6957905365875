// A phone with long unbroken runs a player typed (a Latin alias, a URL in a note): no page grows wider than the screen,
// so the tab bar and the vote bar stay in sight.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { contextFor, screenshot } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, aliasOf, type SetUpGame } from "./lib/game.ts";
import { beijing, type Server } from "./lib/server.ts";

const WIDE = "W".repeat(24);
const URL_ALIAS = "http://ex.co/abcdefghijk";
const LONG_URL = `http://example.org/${"abcdefghij".repeat(8)}`;

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await airforceGame(server, {
    prefix: "w",
    aliasFor: (i) => (i === 0 ? WIDE : i === 1 ? URL_ALIAS : aliasOf(i)),
  });
  await server.advanceTo(beijing("12-02 10:00:00"));
});

/** How far the page reaches past the screen's right edge (0: it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("the vote page, the board and the referee desk fit a phone whatever the aliases and notes", async () => {
  const wide = game.seats.find((s) => s.alias === WIDE)!;
  const voter = game.seats.find((s) => s.role === "ranger" && s.alias !== WIDE && s.alias !== URL_ALIAS)!;
  const player = await contextFor(browser, server.url, voter.cookie);
  const page = await player.newPage();
  await page.goto(`/games/${game.id}/vote`);
  await page.locator(`[data-testid=ballot] button[data-seat="${wide.seat}"]`).click();
  await page.getByTestId("cast").click();
  await page.getByTestId("my-vote").filter({ hasText: "你已投" }).waitFor();
  assert.equal(await overflow(page), 0, "vote page");
  await screenshot(page, "long-alias-vote");
  await page.goto(`/games/${game.id}`);
  await page.getByTestId("tab-vote").waitFor();
  assert.equal(await overflow(page), 0, "board");
  await player.close();

  // A 托票 whose note is a long URL waits in the referee's inbox.
  await server.api("POST", `/api/games/${game.id}/proxy-requests`, voter.cookie, {
    requestId: "long-url-proxy",
    target: wide.seat,
    note: LONG_URL,
  });
  const referee = await contextFor(browser, server.url, game.refereeCookie);
  const desk = await referee.newPage();
  await desk.goto(`/games/${game.id}/referee`);
  await desk.getByTestId("inbox").getByText(LONG_URL.slice(0, 30), { exact: false }).waitFor();
  await desk.getByTestId("roster").getByText(WIDE).waitFor();
  // On a phone the account column is gone, so each alias carries its account (真身) under it.
  const wideRow = desk.getByTestId("roster").locator("tr", { hasText: WIDE });
  assert.equal(await wideRow.getByTestId("roster-account").isVisible(), true);
  assert.notEqual((await wideRow.getByTestId("roster-account").textContent()) ?? "", "");
  assert.equal(await overflow(desk), 0, "referee desk");
  await screenshot(desk, "long-alias-referee");
  await referee.close();
});
