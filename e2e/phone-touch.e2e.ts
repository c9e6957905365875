// What a phone audit found told only in a hover title or not at all, which a touch screen never shows: the live
// connection's dot, each round's deadline on 轮次, and why a tied seat cannot be chosen in 平票裁定; and 待办's way to the
// kill-post editor for a seat that may only draft yet.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import { contextFor, PHONE, screenshot } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, type SetUpGame } from "./lib/game.ts";
import { beijing, type Server } from "./lib/server.ts";

const NARROW = { width: 360, height: 740 };
const DESK = { width: 1280, height: 800 };

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await airforceGame(server, { prefix: "pt" });
  await server.advanceTo(beijing("12-02 10:00:00"));
});

test("the live dot says in words on a phone whether updates come live; a desk keeps the bare dot", async () => {
  const me = game.seats.find((s) => s.role === "ranger")!;
  const ctx = await contextFor(browser, server.url, me.cookie, NARROW);
  const page = await ctx.newPage();
  // The stream is refused until let through, as while the server restarts.
  let open = false;
  await page.route("**/stream?*", async (route) => {
    if (open) await route.continue();
    else await route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" });
  });
  await page.goto(`/games/${game.id}`);
  const dot = page.getByTestId("live-state");
  await page.getByText("正在连接…").waitFor();
  assert.equal(await dot.getByText("正在连接…").isVisible(), true);
  open = true;
  await page.locator(".live.on").waitFor({ timeout: 15_000 });
  assert.equal(await dot.getByText("实时更新").isVisible(), true, "connected, said so");
  // The word fits beside the badge and the rule set's name without pushing the page sideways.
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  await screenshot(page, "live-word-360");
  await ctx.close();

  const desk = await contextFor(browser, server.url, me.cookie, DESK);
  const wide = await desk.newPage();
  await wide.goto(`/games/${game.id}`);
  await wide.locator(".live.on").waitFor({ timeout: 15_000 });
  assert.equal(await wide.getByTestId("live-state").getByText("实时更新").isVisible(), false);
  assert.equal(await wide.getByTestId("live-state").getAttribute("title"), "实时");
  await desk.close();
});

test("轮次 on a phone: each round shows when its vote closes, in the row and not only in a hover title", async () => {
  const me = game.seats.find((s) => s.role === "ranger")!;
  const ctx = await contextFor(browser, server.url, me.cookie, PHONE);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}`);
  const first = page.locator(".timeline li").first();
  await first.waitFor();
  assert.equal(await first.textContent(), "第1轮12/2 21:00 截止");
  assert.equal(await first.getByText("12/2 21:00 截止").isVisible(), true);
  // The row scrolls on its own as rounds add up; the page does not.
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  await ctx.close();
});

test("待办 on a phone: a killer with no post this round yet has a way to the editor to draft one; a ranger (or 暗弹) has none", async () => {
  // Round 1 has no posts (airforce): the killers' right comes with round 2's window at 21:00.
  const killer = game.seats.find((s) => s.role === "killer")!;
  const ctx = await contextFor(browser, server.url, killer.cookie, PHONE);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/me`);
  const due = page.getByTestId("due");
  await due.getByText("你本轮没有出帖权（可以先写草稿）").waitFor();
  const link = due.getByRole("link", { name: "起草杀帖" });
  assert.equal(await link.isVisible(), true);
  await link.click();
  await page.getByTestId("kill-form").waitFor();
  assert.equal(new URL(page.url()).pathname, `/games/${game.id}/write`);
  await ctx.close();

  // A 暗弹's card reads as a ranger's: its 待办 must not differ from one either.
  for (const role of ["ranger", "hidden-bomb"]) {
    const seat = game.seats.find((s) => s.role === role)!;
    const other = await contextFor(browser, server.url, seat.cookie, PHONE);
    const op = await other.newPage();
    await op.goto(`/games/${game.id}/me`);
    await op.getByTestId("due").getByText("你的身份没有出帖权，只有投票权。").waitFor();
    assert.equal(
      await op.getByTestId("due").getByRole("link").count(),
      0,
      `${role}: no post of its own to draft`,
    );
    await other.close();
  }
});

test("平票裁定 on a phone: a tied seat out since has its box greyed and says why beside it", async () => {
  const rangers = game.seats.filter((s) => s.role === "ranger");
  const [a, b, ...voters] = rangers as [(typeof rangers)[0], (typeof rangers)[0], ...typeof rangers];
  await server.advanceTo(beijing("12-02 10:00:00"));
  for (const [i, voter] of voters.slice(0, 4).entries())
    await server.api("POST", `/api/games/${game.id}/votes`, voter.cookie, {
      requestId: `pt-tie-${i}`,
      targets: [i % 2 === 0 ? a.seat : b.seat],
    });
  // Nobody votes in the 加时: the tie is the referee's (RULINGS 11).
  await server.advanceTo(beijing("12-02 21:15:05"));
  await server.api("POST", `/api/games/${game.id}/referee/overrides`, game.refereeCookie, {
    requestId: "pt-tie-out",
    override: { action: "eliminate", target: b.seat },
    reason: "哨群查实其曝ID",
  });
  const ctx = await contextFor(browser, server.url, game.refereeCookie, PHONE);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const item = page.getByTestId("inbox-tie");
  await item.waitFor();
  const out = item.locator("label").filter({ hasText: b.alias });
  assert.equal(await out.locator("input").isDisabled(), true);
  assert.equal((await out.textContent())?.trim(), `${b.alias} 已出局，不能再定`);
  assert.equal(await out.getByText("已出局，不能再定").isVisible(), true);
  const living = item.locator("label").filter({ hasText: a.alias });
  assert.equal(await living.locator("input").isDisabled(), false);
  assert.equal((await living.textContent())?.trim(), a.alias, "a seat that can be chosen carries no reason");
  await item.screenshot({ path: "e2e/screenshots/tie-seat-out.png" });
  await ctx.close();
});
