// 7kill's vote page on a phone: one change after the vote, none in the day's last hour, and the page says so.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser, Page } from "playwright-core";
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
    prefix: "v",
    name: "七杀·改票",
    refereeAlias: "票哨",
    seed: "e2e-vote-change",
  });
  await server.advanceTo(beijing("12-01 21:00:00"));
});

async function openVote(cookie: string) {
  const ctx = await contextFor(browser, server.url, cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/vote`);
  await page.getByTestId("ballot").waitFor();
  return { ctx, page };
}

async function vote(page: Page, seat: number): Promise<void> {
  await page.locator(`[data-testid=ballot] button[data-seat="${seat}"]`).click();
  await page.getByTestId("cast").click();
  await page.getByTestId("my-vote").filter({ hasText: "你已投" }).waitFor();
}

test("seed 001 「投票后，有一次改票机会」: after the one change 改票 and 弃权 are greyed and the page says why", async () => {
  const [a, b, c, d] = game.seats;
  const { ctx, page } = await openVote(a!.cookie);
  // Before voting: the page lists who has not voted yet, this seat among them, and what not voting costs here.
  const missing = page.getByTestId("not-yet-voted");
  assert.match((await missing.textContent()) ?? "", new RegExp(`尚未投票（${game.seats.length}人）`));
  assert.equal(
    await page.getByTestId("my-vote-missing").textContent(),
    "你还没有投票：截止前不投票记潜水警告。",
  );
  // The 投票机 tab says so on every page, for a phone player who lands on 进程.
  const badge = page.getByTestId("tab-vote").getByTestId("vote-missing-badge");
  assert.equal(await badge.textContent(), "未投");
  assert.equal(await badge.getAttribute("aria-label"), "尚未投票：截止前不投票记潜水警告");
  // The rule is told before the first vote, not only once it binds.
  assert.equal(
    await page.getByTestId("change-rule").textContent(),
    "投票后可改票 1 次；改票截止 12/2 21:00:00",
  );
  await vote(page, b!.seat);
  assert.equal(await page.getByTestId("change-rule").count(), 0, "my-vote says it once voted");
  await page.getByTestId("my-vote-missing").waitFor({ state: "detached" });
  await badge.waitFor({ state: "detached" });
  assert.doesNotMatch((await missing.textContent()) ?? "", new RegExp(a!.alias));
  const myVote = page.getByTestId("my-vote");
  await myVote.filter({ hasText: "还可改票 1 次" }).waitFor();
  assert.match((await myVote.textContent()) ?? "", /12\/2 21:00:00 起不得改票/);
  // The same ballot again would spend the one change and lose the vote's time: 改票 waits for another choice.
  assert.equal(await page.getByTestId("cast").isDisabled(), true, "改票 with the standing choice");
  assert.equal(
    await page.getByTestId("ballot-unchanged").textContent(),
    "与现在的票相同，改选其他人后才能改票",
  );

  await page.locator(`[data-testid=ballot] button[data-seat="${c!.seat}"]`).click();
  await page.getByTestId("cast").click();
  await page.getByTestId("no-change").waitFor();
  assert.equal(await page.getByTestId("no-change").textContent(), "改票次数已用完");
  assert.match((await myVote.textContent()) ?? "", new RegExp(c!.alias));
  await page.locator(`[data-testid=ballot] button[data-seat="${d!.seat}"]`).click();
  assert.equal(await page.getByTestId("cast").isDisabled(), true, "no 改票 offered");
  assert.equal(await page.getByTestId("abstain").isDisabled(), true, "no 弃权 offered");
  await screenshot(page, "vote-no-change-left");
  await ctx.close();
});

test("the 投票机 tab's 未投 badge: on 进程 until the seat votes (live, from another device), never for onlookers", async () => {
  const [, b, , , , , , , , j] = game.seats;
  const ctx = await contextFor(browser, server.url, j!.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}`);
  const badge = page.getByTestId("tab-vote").getByTestId("vote-missing-badge");
  await badge.waitFor();
  await screenshot(page, "vote-missing-badge");
  // The ballot goes in from elsewhere (another phone): the stream's view takes the badge away, no reload.
  await server.api("POST", `/api/games/${game.id}/votes`, j!.cookie, {
    requestId: "badge-other-device",
    targets: [b!.seat],
  });
  await badge.waitFor({ state: "detached" });
  await ctx.close();

  for (const cookie of [game.refereeCookie, null]) {
    const other = await contextFor(browser, server.url, cookie);
    const onlooker = await other.newPage();
    await onlooker.goto(`/games/${game.id}`);
    await onlooker.getByTestId("tab-vote").waitFor();
    assert.equal(await onlooker.getByTestId("vote-missing-badge").count(), 0);
    await other.close();
  }
});

test("seed 001 「白天结束前1个小时不得改票」: in the last hour a first vote is taken, a change is not offered", async () => {
  const [, b, c, , e, f] = game.seats;
  const first = await openVote(e!.cookie);
  await vote(first.page, b!.seat);
  await first.ctx.close();

  await server.advanceTo(beijing("12-02 21:30:00"));
  const { ctx, page } = await openVote(e!.cookie);
  await page.getByTestId("no-change").waitFor();
  assert.equal(await page.getByTestId("no-change").textContent(), "改票已截止（21:00:00 起不得改票）");
  await page.locator(`[data-testid=ballot] button[data-seat="${c!.seat}"]`).click();
  assert.equal(await page.getByTestId("cast").isDisabled(), true, "no 改票 offered");
  assert.equal(await page.getByTestId("abstain").isDisabled(), true, "no 弃权 offered");
  await screenshot(page, "vote-change-frozen");
  await ctx.close();

  // A player who has not voted yet still votes in the last hour: the freeze is on changes only.
  const late = await openVote(f!.cookie);
  assert.equal(await late.page.getByTestId("no-change").count(), 0);
  assert.equal(
    await late.page.getByTestId("change-rule").textContent(),
    "投票后可改票 1 次；改票已截止（21:00:00 起），投票后不能再改",
  );
  await vote(late.page, c!.seat);
  await late.ctx.close();
});

test("a ballot on a seat that went out since counts for nobody: the page says so (in the frozen last hour, no change offered)", async () => {
  const [, , , , , , g, h, i] = game.seats;
  const { ctx, page } = await openVote(g!.cookie);
  await vote(page, h!.seat);
  // The seat voted for goes out (a penalty, seed 001 4.3 「情节严重者…将被判罚出局」: at once).
  await server.api("POST", `/api/games/${game.id}/referee/overrides`, game.refereeCookie, {
    requestId: "void-ballot-out",
    override: { action: "warn", target: h!.seat, offence: "cheating", severe: true },
    reason: "场外串联",
  });
  await page.reload();
  const voided = page.getByTestId("my-vote-void");
  await voided.waitFor();
  // The day's last hour (the test before moved the clock there): 「可以改投」 would offer what the server refuses.
  assert.equal(await voided.textContent(), ` · ${h!.alias} 已出局，这一票不计`);
  await page.locator(`[data-testid=ballot] button[data-seat="${i!.seat}"]`).click();
  assert.equal(await page.getByTestId("cast").isDisabled(), true);
  await ctx.close();
});
