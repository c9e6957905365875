// The 讨论帖 tab: two players post from their phones and each sees the other's post arrive live, by alias only.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { contextFor, screenshot } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, type SetUpGame } from "./lib/game.ts";
import { beijing, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await airforceGame(server, { prefix: "d" });
  await server.advanceTo(beijing("12-01 21:00:05"));
});

async function openDiscussion(page: Page): Promise<void> {
  await page.goto(`/games/${game.id}/threads`);
  await page.getByRole("button", { name: "讨论帖" }).click();
  await page.getByTestId("discussion-thread").waitFor();
}

async function post(page: Page, text: string): Promise<void> {
  await page.getByTestId("discussion-text").fill(text);
  await page.getByTestId("discussion-send").click();
}

test("two players post in the round's thread and each sees the other's post live, with 字数 as they type", async () => {
  const [a, b] = game.seats;
  const ctxA = await contextFor(browser, server.url, a!.cookie);
  const ctxB = await contextFor(browser, server.url, b!.cookie);
  const pageA = await ctxA.newPage();
  const pageB = await ctxB.newPage();
  await openDiscussion(pageA);
  await openDiscussion(pageB);
  // The current round's thread is chosen by default.
  assert.equal(await pageA.getByTestId("discussion-thread").inputValue(), "round-1");

  await pageA.getByTestId("discussion-text").fill("我先说两句");
  assert.equal(await pageA.getByTestId("discussion-wordcount").textContent(), "字数 5");
  await post(pageA, "一楼：昨晚的杀帖很有意思，我怀疑是老手。");
  await pageB.getByTestId("discussion-post").filter({ hasText: "一楼" }).waitFor();
  await post(pageB, "二楼：同意楼上，不过先别急着投票。");
  await pageA.getByTestId("discussion-post").filter({ hasText: "二楼" }).waitFor();

  for (const page of [pageA, pageB]) {
    const posts = page.getByTestId("discussion-post");
    assert.equal(await posts.count(), 2);
    assert.match((await posts.nth(0).textContent()) ?? "", new RegExp(a!.alias));
    assert.match((await posts.nth(1).textContent()) ?? "", new RegExp(b!.alias));
    const html = await page.content();
    assert.ok(!html.includes(a!.username) && !html.includes(b!.username), "aliases only, never accounts");
  }
  // The composer was cleared once the post went in (its draft too).
  assert.equal(await pageA.getByTestId("discussion-text").inputValue(), "");
  await screenshot(pageB, "discussion-phone");
  await ctxA.close();
  await ctxB.close();
});

test("a discussion draft survives a reload", async () => {
  const c = game.seats[2]!;
  const ctx = await contextFor(browser, server.url, c.cookie);
  const page = await ctx.newPage();
  await openDiscussion(page);
  await page.getByTestId("discussion-text").fill("还没想好怎么说");
  await page.reload();
  await page.getByRole("button", { name: "讨论帖" }).click();
  await page.getByTestId("discussion-text").waitFor();
  assert.equal(await page.getByTestId("discussion-text").inputValue(), "还没想好怎么说");
  await ctx.close();
});

test("the referee's log leaves discussion posts out unless asked: the rulings stay in view", async () => {
  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const log = page.getByTestId("referee-log");
  await log.locator("summary").click();
  await log.locator("ol.log li").first().waitFor();
  const posted = log.locator("ol.log li", { hasText: "讨论帖" });
  assert.equal(await posted.count(), 0, "no discussion lines by default");
  await log.getByLabel("显示发言与小黑屋消息").check();
  await posted.first().waitFor();
  assert.ok((await posted.count()) >= 2, "the two posts above, once asked for");
  await ctx.close();
});
