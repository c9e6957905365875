// The answer to a vote on a phone: on screen by the button after voting from the top of a 40-name list, and a late
// refusal still there once the live update has closed the vote.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser, Locator } from "playwright-core";
import { contextFor, PHONE, screenshot } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, type SetUpGame } from "./lib/game.ts";
import { beijing, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await airforceGame(server, { prefix: "vo" });
  await server.advanceTo(beijing("12-02 10:00:00"));
});

/** Whether the whole element is on a phone's screen, above the fixed tab bar. */
async function onScreen(el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const tabs = await el.page().locator("nav.tabs").boundingBox();
  return box !== null && tabs !== null && box.y >= 0 && box.y + box.height <= Math.min(tabs.y, PHONE.height);
}

test("after voting from the top of the list the answer is on screen; a late refusal outlasts the vote's close", async () => {
  const [me, first, second] = game.seats;
  const ctx = await contextFor(browser, server.url, me!.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/vote`);
  const choice = (seat: number) => page.locator(`[data-testid=ballot] button[data-seat="${seat}"]`);
  await choice(first!.seat).waitFor();
  assert.equal(await page.evaluate(() => window.scrollY), 0, "voting from the top of the page");
  await choice(first!.seat).click();
  await page.getByTestId("cast").click();
  const ok = page.getByTestId("notice-ok");
  await ok.waitFor();
  assert.match((await ok.textContent()) ?? "", /^投票成功（收到时间 10:00:00）$/);
  assert.ok(await onScreen(ok), `投票成功 is on screen (at ${JSON.stringify(await ok.boundingBox())})`);
  await screenshot(page, "vote-outcome-ok");

  // The deadline (12-02 21:00:00) has passed by two seconds, and the scheduler has not closed the vote yet.
  server.clock.set(beijing("12-02 21:00:02"));
  await choice(second!.seat).click();
  assert.equal(await ok.count(), 0, "a new pick is not what 投票成功 answered");
  await page.getByTestId("cast").click();
  const refused = page.getByTestId("notice-error");
  await refused.waitFor();
  const message = "投票已截止（截止时间 21:00:00，收到时间 21:00:02）";
  assert.equal(await refused.textContent(), message);
  assert.ok(await onScreen(refused), "the refusal is on screen by the button");

  // The scheduler closes round 1's vote: the live update takes the ballot away (round 2's opens with its posts).
  await server.advanceTo(beijing("12-02 21:00:02"));
  await page.getByTestId("ballot").waitFor({ state: "detached" });
  assert.equal(await refused.count(), 1, "the refusal outlasts the ballot");
  assert.equal(await refused.textContent(), message);
  assert.ok(await onScreen(refused), "and stays on screen");
  await screenshot(page, "vote-outcome-refused-after-close");
  await page.getByTestId("vote-outcome-dismiss").click();
  assert.equal(await refused.count(), 0, "gone once dismissed");
  await ctx.close();
});
