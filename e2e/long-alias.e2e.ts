// A phone with long unbroken runs a player typed (a Latin alias, a URL in a note): no page grows wider than the screen,
// so the tab bar and the vote bar stay in sight. And a 马甲 as long as the server takes reads in full where a phone,
// with no hover, had cut it: the tally, the seat cards and the 举报 picker.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { ALIAS_MAX } from "../src/server/field-limits.ts";
import { syntheticText } from "../src/text/synthetic.ts";
import { contextFor, PHONE, screenshot } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, aliasOf, type SetUpGame } from "./lib/game.ts";
import { beijing, requestId, type Server } from "./lib/server.ts";

const WIDE = "W".repeat(24);
const URL_ALIAS = "http://ex.co/abcdefghijk";
const LONG_URL = `http://example.org/${"abcdefghij".repeat(8)}`;
// Two 马甲 of the longest length allowed, alike but for their last 字: a cut anywhere before it tells them apart nowhere.
const longest = (last: string) => "长夜将尽风雪满城".repeat(3).slice(0, ALIAS_MAX - 1) + last;
const MAX_A = longest("甲");
const MAX_B = longest("乙");
const NARROW = { width: 360, height: 740 };

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await airforceGame(server, {
    prefix: "w",
    aliasFor: (i) => [WIDE, URL_ALIAS, MAX_A, MAX_B][i] ?? aliasOf(i),
  });
  await server.advanceTo(beijing("12-02 10:00:00"));
});

/** Rangers with short aliases, to vote and read. */
function rangers() {
  return game.seats.filter((s) => s.role === "ranger" && ![WIDE, URL_ALIAS, MAX_A, MAX_B].includes(s.alias));
}

/** The texts of the elements matching `selector` that are cut: overflowing their box, sideways or below. */
function cut(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(sel)]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        .map((el) => el.textContent ?? ""),
    selector,
  );
}

/** How far the page reaches past the screen's right edge (0: it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("the vote page, the board and the referee desk fit a phone whatever the aliases and notes", async () => {
  const wide = game.seats.find((s) => s.alias === WIDE)!;
  const voter = rangers()[0]!;
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

  // A 托票 whose note is a long URL waits in the referee's inbox (for another seat than the vote: one for the same
  // would be marked 无需代投, proxy.same-as-own).
  await server.api("POST", `/api/games/${game.id}/proxy-requests`, voter.cookie, {
    requestId: "long-url-proxy",
    target: rangers()[3]!.seat,
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

test("a 马甲 as long as allowed reads in full on a phone in the tally and the seat cards", async () => {
  assert.equal(MAX_A.length, ALIAS_MAX);
  const [reader, voteA, voteB] = rangers().slice(1);
  assert.ok(reader && voteA && voteB);
  const seatOf = (alias: string) => game.seats.find((s) => s.alias === alias)!.seat;
  await server.api("POST", `/api/games/${game.id}/votes`, voteA.cookie, {
    requestId: requestId(),
    targets: [seatOf(MAX_A)],
  });
  await server.api("POST", `/api/games/${game.id}/votes`, voteB.cookie, {
    requestId: requestId(),
    targets: [seatOf(MAX_B)],
  });
  for (const size of [NARROW, PHONE]) {
    const ctx = await contextFor(browser, server.url, reader.cookie, size);
    const page = await ctx.newPage();
    await page.goto(`/games/${game.id}/vote`);
    const tally = page.getByTestId("tally");
    await tally.locator(".tally-name", { hasText: MAX_B }).waitFor();
    assert.deepEqual(await cut(page, ".tally-name"), [], `tally at ${size.width}px`);
    assert.equal(await overflow(page), 0, `vote page at ${size.width}px`);
    await tally.screenshot({ path: `e2e/screenshots/long-alias-tally-${size.width}.png` });

    await page.goto(`/games/${game.id}`);
    await page.getByTestId("living").locator(".seat-alias", { hasText: MAX_A }).waitFor();
    assert.deepEqual(await cut(page, ".seat-alias"), [], `seat cards at ${size.width}px`);
    assert.equal(await overflow(page), 0, `board at ${size.width}px`);
    await page
      .locator(".seat", { hasText: MAX_A })
      .screenshot({ path: `e2e/screenshots/long-alias-seat-${size.width}.png` });
    await ctx.close();
  }

  // A wide screen keeps its tally columns (names clamped beside aligned bars), and its hover shows the full name.
  const ctx = await contextFor(browser, server.url, reader.cookie, { width: 1200, height: 900 });
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/vote`);
  const name = page.getByTestId("tally").locator(".tally-name", { hasText: MAX_A });
  await name.waitFor();
  assert.match((await name.getAttribute("title")) ?? "", new RegExp(`号 ${MAX_A}$`));
  const bars = await page.evaluate(() =>
    [...document.querySelectorAll("[data-testid=tally] .tally-bar")].map((b) =>
      Math.round(b.getBoundingClientRect().left),
    ),
  );
  assert.ok(bars.length >= 3 && new Set(bars).size === 1, `bars side by side with their names: ${bars}`);
  await ctx.close();
});

test("the 举报 picker names the chosen post's target in full on a phone", async () => {
  await server.advanceTo(beijing("12-02 21:05:00"));
  const poster = game.seats.find((s) => s.code === "轰炸机" && s.alias !== MAX_A)!;
  await server.api("POST", `/api/games/${game.id}/kill-posts`, poster.cookie, {
    requestId: requestId(),
    target: game.seats.find((s) => s.alias === MAX_A)!.seat,
    text: syntheticText(4343, 820),
  });
  await server.advanceTo(beijing("12-02 21:30:02"));
  const ctx = await contextFor(browser, server.url, rangers()[0]!.cookie, NARROW);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/me`);
  await page.getByText("举报杀帖").click();
  const option = page.locator("details select option", { hasText: MAX_A });
  await page.locator("details select").selectOption((await option.getAttribute("value"))!);
  // The select itself shows one line, cut: the full name is spelt out under it.
  const picked = page.getByTestId("complaint-picked");
  assert.equal(await picked.count(), 1, "the chosen post's target is named under the picker");
  assert.equal(await picked.textContent(), `所选杀帖的目标：${MAX_A}`);
  assert.deepEqual(await cut(page, "[data-testid=complaint-picked]"), []);
  assert.ok(await picked.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth));
  assert.equal(await overflow(page), 0);
  await page
    .locator("details", { has: picked })
    .screenshot({ path: "e2e/screenshots/long-alias-complaint-360.png" });
  await ctx.close();
});
