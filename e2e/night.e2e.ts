// 7kill at night in a phone browser: a killer picks the group's target, a teammate sees it, the police read their result.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import { contextFor, screenshot } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { type SetUpGame, sevenKillGame } from "./lib/game.ts";
import { beijing, requestId, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 12:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await sevenKillGame(server, {
    prefix: "n",
    name: "七杀·夜",
    refereeAlias: "夜哨",
    seed: "e2e-night",
  });
  await server.advanceTo(beijing("12-02 22:00:05"));
});

test("at night the vote page shows the day's final count as 第1天, as 7kill names its days", async () => {
  const villager = game.seats.find((s) => s.role === "villager")!;
  const ctx = await contextFor(browser, server.url, villager.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/vote`);
  const heading = page.getByTestId("final-tally").locator("h2");
  await heading.waitFor();
  assert.equal(await heading.textContent(), "第1天最终票数");
  await ctx.close();
});

test("杀手…每晚共同杀人 / 警察…每晚共同验人: the 夜晚行动 panel, the group's choice, and the police's result at dawn", async () => {
  const [k1, k2] = game.seats.filter((s) => s.role === "killer");
  const [p1] = game.seats.filter((s) => s.role === "police");
  const victim = game.seats.find((s) => s.role === "villager")!;

  const killer = await contextFor(browser, server.url, k1!.cookie);
  const kp = await killer.newPage();
  await kp.goto(`/games/${game.id}/me`);
  await kp.getByTestId("night-actions").waitFor();
  const options = await kp.getByTestId("night-target-kill").locator("option").allTextContents();
  assert.ok(options.includes("放弃"), "允许放弃");
  assert.ok(
    !options.some((o) => o.includes(k1!.alias) || o.includes(k2!.alias)),
    "不允许自杀: no killer offered",
  );
  await kp.getByTestId("night-target-kill").selectOption(String(victim.seat));
  await kp.getByTestId("night-submit-kill").click();
  await kp.getByText("已提交").waitFor();
  await screenshot(kp, "night-killer");
  await killer.close();

  // A fellow killer sees the group's standing choice.
  const mate = await contextFor(browser, server.url, k2!.cookie);
  const mp = await mate.newPage();
  await mp.goto(`/games/${game.id}/me`);
  const standing = mp.getByTestId("night-standing-kill");
  await standing.waitFor();
  assert.match((await standing.textContent()) ?? "", new RegExp(victim.alias));
  await mate.close();

  const police = await contextFor(browser, server.url, p1!.cookie);
  const pp = await police.newPage();
  await pp.goto(`/games/${game.id}/me`);
  await pp.getByTestId("night-target-check").waitFor();
  const checkOptions = await pp.getByTestId("night-target-check").locator("option").allTextContents();
  assert.ok(!checkOptions.includes("放弃"), "不得放弃");
  assert.ok(!checkOptions.some((o) => o.includes(p1!.alias)), "不能验自己");
  await pp.getByTestId("night-target-check").selectOption(String(k1!.seat));
  await pp.getByTestId("night-submit-check").click();
  await pp.getByText("已提交").waitFor();

  await server.advanceTo(beijing("12-03 12:50:05"));
  await pp.reload();
  const checks = pp.getByTestId("night-checks");
  await checks.waitFor();
  await pp.getByText(`第1夜 ${k1!.alias}`, { exact: false }).waitFor();
  assert.match((await checks.textContent()) ?? "", /杀手/);
  await screenshot(pp, "night-police-result");
  // The board names days and nights as 7kill does (第N天 / 第N夜), not a daily game's 第N轮.
  await pp.goto(`/games/${game.id}`);
  const progression = pp.getByTestId("progression");
  await progression.waitFor();
  assert.match((await progression.locator("h2").textContent()) ?? "", /^第1天/);
  await pp.getByText("第1夜遗言截止").waitFor();
  await police.close();
});

test("a dead player owing last words is taken to the 遗言帖; elsewhere no box invites a 诈尸 post", async () => {
  // The previous test's night killed this villager; it is now dawn of day 2, with last words due.
  const victim = game.seats.find((s) => s.role === "villager")!;
  const ctx = await contextFor(browser, server.url, victim.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/threads`);
  const select = page.getByTestId("discussion-thread");
  await select.waitFor();
  await page.getByTestId("discussion-text").waitFor();
  assert.equal(await select.inputValue(), "last-words-1", "the last-words thread is chosen");
  await page.getByText("遗言帖：出局玩家在这里发表遗言").waitFor();
  // The day's thread: no composer, and a pointer back to the last words.
  await select.selectOption("day-2");
  const notice = page.getByTestId("dead-no-composer");
  await notice.waitFor();
  assert.match((await notice.textContent()) ?? "", /诈尸.*第1夜遗言帖/);
  assert.equal(await page.getByTestId("discussion-text").count(), 0);
  // The 场外总帖 takes a dead player's chat; whether it discusses the game is the referee's call.
  await select.selectOption("general");
  await page.getByTestId("dead-chat-hint").waitFor();
  await page.getByTestId("discussion-text").fill("围观中，大家加油。");
  await page.getByTestId("discussion-send").click();
  await page.getByTestId("discussion-posts").getByText("围观中，大家加油。").waitFor();
  await select.selectOption("last-words-1");
  await page.getByTestId("discussion-text").fill("我是好人，警察加油。");
  await page.getByTestId("discussion-send").click();
  await page.getByTestId("discussion-post").first().waitFor();
  assert.match((await page.getByTestId("discussion-posts").textContent()) ?? "", /我是好人，警察加油。/);
  // A post in the day's thread anyway (through the API) is 诈尸: the player's own page lists it beside day 1's 潜水
  // (nobody here posted or voted on day 1).
  const refused = await server
    .api("POST", `/api/games/${game.id}/discussion/day-2/posts`, victim.cookie, {
      requestId: requestId(),
      text: "我再补充一句",
    })
    .then(
      () => "",
      (e: Error) => e.message,
    );
  assert.match(refused, /discussion-zhashi/);
  await page.goto(`/games/${game.id}/me`);
  const warnings = page.getByTestId("my-warnings");
  await warnings.waitFor();
  assert.match(
    (await warnings.textContent()) ?? "",
    /你已被警告2次。.*第1天 · 潜水（讨论帖发帖不足、未在投票帖投票） · 记警告第2天 · 诈尸 · 记警告/,
  );
  await ctx.close();
  // Announced penalties are on everyone's board (seed 001 4.3); another player sees the victim's 诈尸 there.
  const other = await contextFor(browser, server.url, game.seats.find((s) => s.role === "police")!.cookie);
  const board = await other.newPage();
  await board.goto(`/games/${game.id}`);
  const penalties = board.getByTestId("public-penalties");
  await penalties.waitFor();
  assert.match(
    (await penalties.textContent()) ?? "",
    new RegExp(`第2天 · [^·]*${victim.alias} · 诈尸 · 记警告`),
  );
  await other.close();
});

test("大于等于未出局人数的40%: the vote page says how many votes put a player out", async () => {
  const living = game.seats.find((s) => s.role === "police")!;
  const ctx = await contextFor(browser, server.url, living.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/vote`);
  const line = page.getByTestId("vote-threshold");
  await line.waitFor();
  // Night 1 killed one of 16: 15 alive, and 6 × 100 ≥ 15 × 40 (RULINGS 4).
  assert.equal(await line.textContent(), "出局需至少6票（存活15人的40%）；无人达到则本轮无人出局。");
  await ctx.close();
});

test("秘匪 「如果在前三天开枪，则转为水民…前三天不开枪则转成杀手」: the bandit is told the deadline", async () => {
  const bandit = game.seats.find((s) => s.role === "bandit")!;
  const ctx = await contextFor(browser, server.url, bandit.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/me`);
  const line = page.getByTestId("bandit-deadline");
  await line.waitFor();
  assert.equal(
    await line.textContent(),
    "第3天白天结束前开枪，你将转为水民；到那时仍未开枪，则转为杀手。现在是第2天。",
  );
  await ctx.close();
});

test("the director's 夜晚记录: each night's choices and dawn", async () => {
  const [k1] = game.seats.filter((s) => s.role === "killer");
  const victim = game.seats.find((s) => s.role === "villager")!;
  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const panel = page.getByTestId("night-record");
  await panel.locator("summary").click();
  await panel.getByText(/^第1夜：/).waitFor();
  const text = (await panel.textContent()) ?? "";
  assert.match(text, new RegExp(`第1夜：\\s*杀人 → ${victim.alias}，验人 → ${k1!.alias} · 无人获救，无空针`));
  // 「III.天亮公布结果」: after dawn the 结果帖 card offers the night's post first, then the day's on request.
  const results = page.getByTestId("results-editor");
  assert.equal(await results.getByTestId("results-part").inputValue(), "night");
  await results.getByRole("button", { name: "预览" }).click();
  const post = results.locator("textarea");
  await post.waitFor();
  const night = await post.inputValue();
  assert.match(night, /^## 第1夜结果$/m);
  assert.ok(night.includes(victim.alias), night);
  assert.ok(!/投票结果/.test(night), "the vote belongs to the day's post");
  await results.getByTestId("results-part").selectOption("day");
  await results.getByRole("button", { name: "预览" }).click();
  await page.waitForFunction(() =>
    /## 第1天结果/.test(
      document.querySelector<HTMLTextAreaElement>("[data-testid=results-editor] textarea")?.value ?? "",
    ),
  );
  await ctx.close();
});
