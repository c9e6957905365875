// What a phone audit found: 帖子 at 360px.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import { contextFor } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, aliasOf, type SetUpGame } from "./lib/game.ts";
import { beijing, type Server } from "./lib/server.ts";

const NARROW = { width: 360, height: 740 };
// Aliases long enough that their 报道帖 line ends somewhere in the date after them, whatever the font's widths.
const LONG = (i: number) => "长马甲".repeat(8).slice(0, 12 + i);

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await airforceGame(server, { prefix: "pa", aliasFor: (i) => (i < 8 ? LONG(i) : aliasOf(i)) });
  await server.advanceTo(beijing("12-02 10:00:00"));
});

test("帖子 at 360px: the four tabs fit without clipping, and a 报道帖 date never breaks between day and time", async () => {
  const me = game.seats.find((s) => s.role === "ranger")!;
  const ctx = await contextFor(browser, server.url, me.cookie, NARROW);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/threads`);
  const tabs = page.locator(".segmented").first();
  await tabs.waitFor();
  const fit = await tabs.evaluate((el) => ({
    overflow: el.scrollWidth - el.clientWidth,
    clipped: [...el.querySelectorAll<HTMLElement>(".seg")]
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return b.scrollWidth > b.clientWidth || r.right > window.innerWidth || r.left < 0;
      })
      .map((b) => b.textContent),
  }));
  assert.deepEqual(fit, { overflow: 0, clipped: [] });
  assert.equal(await page.getByRole("button", { name: "讨论帖" }).isVisible(), true);

  await page.getByRole("button", { name: "报道帖" }).click();
  await page
    .locator(".post-head")
    .filter({ hasText: LONG(7) })
    .waitFor();
  const broken = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".post-head")]
      .filter((head) => {
        const date = head.querySelector(".muted");
        return date !== null && date.getClientRects().length > 1;
      })
      .map((head) => head.textContent),
  );
  assert.deepEqual(broken, [], "a date split over two lines");
  // The screen as a phone shows it (a full page would be 40 reports long).
  await page.screenshot({ path: "e2e/screenshots/threads-360.png" });
  await ctx.close();
});
