// The referee's corrections on the desk: 改判票杀 (after the close, tick whom the round's vote should have put out) and
// 恢复杀帖 (a voided post stands again); the seats, the history and the results post follow.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import type { GameViewResponse, ResultsPreviewResponse } from "../src/server/api-types.ts";
import { syntheticText } from "../src/text/synthetic.ts";
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
  game = await airforceGame(server);
});

test("seed 002 「游戏中哨子最大」: 改判票杀 brings back the seat voted out and puts out the one the referee ticks", async () => {
  const rangers = game.seats.filter((s) => s.role === "ranger");
  const [a, b, ...voters] = rangers as [(typeof rangers)[0], (typeof rangers)[0], ...typeof rangers];
  await server.advanceTo(beijing("12-02 10:00:00"));
  // a gets three votes, b two: a is voted out at 21:00.
  for (const [i, voter] of voters.slice(0, 5).entries())
    await server.api("POST", `/api/games/${game.id}/votes`, voter.cookie, {
      requestId: `amend-vote-${i}`,
      targets: [i < 3 ? a.seat : b.seat],
    });
  await server.advanceTo(beijing("12-02 21:00:05"));

  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const box = page.getByTestId("overrides");
  await box.locator("select[name=override-action]").selectOption("amend-vote-out");
  assert.equal(await box.locator("select[name=amend-round]").inputValue(), "1");
  const seats = box.getByTestId("amend-vote-out-seats");
  // The round's tally, most votes first, the seat voted out ticked.
  assert.deepEqual(await seats.locator("label").allTextContents(), [
    ` ${a.alias}（3票，现为票杀出局）`,
    ` ${b.alias}（2票）`,
  ]);
  const tickA = seats.locator("label").filter({ hasText: a.alias }).locator("input");
  const tickB = seats.locator("label").filter({ hasText: b.alias }).locator("input");
  assert.equal(await tickA.isChecked(), true);
  await tickA.uncheck();
  await tickB.check();
  await box.getByPlaceholder("理由（必填，会记录）").fill("三张票为同一人小号所投，作废后改判");
  const asked: string[] = [];
  page.once("dialog", (d) => {
    asked.push(d.message());
    void d.accept();
  });
  await box.getByRole("button", { name: "执行" }).click();
  await box.getByText("已执行并记录").waitFor();
  assert.deepEqual(asked, [`确定把第1轮的票杀由“${a.alias}”改为“${b.alias}”？`]);
  // The history names the round and both sides of the change.
  await box
    .getByText(`改判票杀 · 第1轮 ${a.alias} → ${b.alias} · 三张票为同一人小号所投，作废后改判`)
    .waitFor();
  // The form now starts from the ruling (once the live view has it): b is the one voted out.
  await seats
    .locator("label")
    .filter({ hasText: `${b.alias}（2票，现为票杀出局）` })
    .waitFor();
  assert.equal(await tickB.isChecked(), true);
  assert.equal(await tickA.isChecked(), false);
  await screenshot(page, "referee-amend-vote-out");
  await ctx.close();

  const view = await server.api<GameViewResponse>("GET", `/api/games/${game.id}`, game.refereeCookie);
  assert.equal(view.view?.seats.find((s) => s.seat === a.seat)?.alive, true);
  assert.equal(view.view?.seats.find((s) => s.seat === b.seat)?.alive, false);
  const post = await server.api<ResultsPreviewResponse>(
    "GET",
    `/api/games/${game.id}/referee/results?round=1`,
    game.refereeCookie,
  );
  assert.match(
    post.text,
    new RegExp(`^哨子改判票杀：${a.alias} → ${b.alias}（三张票为同一人小号所投，作废后改判）$`, "m"),
  );
});

test("恢复杀帖: a post voided by 作废杀帖 is picked by round and poster, and its target is 帖杀 again", async () => {
  await server.advanceTo(beijing("12-02 21:05:00"));
  const poster = game.seats.find((s) => s.role === "killer")!;
  const target = game.seats.filter((s) => s.role === "ranger" && s.seat !== poster.seat).at(-1)!;
  await server.api("POST", `/api/games/${game.id}/kill-posts`, poster.cookie, {
    requestId: "reinstate-post-0",
    target: target.seat,
    text: syntheticText(5151, 820),
  });
  await server.advanceTo(beijing("12-02 21:30:02"));
  await server.api("POST", `/api/games/${game.id}/referee/overrides`, game.refereeCookie, {
    requestId: "reinstate-void-0",
    override: { action: "void-post", poster: poster.seat },
    reason: "格式不符",
  });
  const aliveNow = async () =>
    (await server.api<GameViewResponse>("GET", `/api/games/${game.id}`, game.refereeCookie)).view?.seats.find(
      (s) => s.seat === target.seat,
    )?.alive;
  assert.equal(await aliveNow(), true);

  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const box = page.getByTestId("overrides");
  await box.locator("select[name=override-action]").selectOption("reinstate-post");
  const pick = box.locator("select[name=reinstate-post]");
  assert.deepEqual(await pick.locator("option:not([disabled])").allTextContents(), [
    `第2轮 ${poster.alias} → ${target.alias}`,
  ]);
  await pick.selectOption({ index: 1 });
  await box.getByPlaceholder("理由（必填，会记录）").fill("格式问题不影响杀帖效力");
  await box.getByRole("button", { name: "执行" }).click();
  await box.getByText("已执行并记录").waitFor();
  await box
    .getByText(`恢复杀帖 · 第2轮 ${poster.alias} → ${target.alias} · 格式问题不影响杀帖效力`)
    .waitFor();
  await ctx.close();
  assert.equal(await aliveNow(), false);
});

test("改定领票人: the bomb voted out takes another of its voters, and the one it took comes back", async () => {
  const view = await server.api<GameViewResponse>("GET", `/api/games/${game.id}`, game.refereeCookie);
  const alive = new Set(view.view?.seats.filter((s) => s.alive).map((s) => s.seat));
  const bomb = game.seats.find((s) => s.role === "hidden-bomb")!;
  const living = game.seats.filter((s) => alive.has(s.seat) && s.seat !== bomb.seat);
  const others = living.filter((s) => s.role === "ranger").slice(-3);
  // Round 2 (2 votes each, 4 out): everyone votes the bomb and one of three rangers; the first voter is its 领票人.
  await server.advanceTo(beijing("12-03 10:00:00"));
  for (const [i, voter] of [...living, bomb].entries())
    await server.api("POST", `/api/games/${game.id}/votes`, voter.cookie, {
      requestId: `relead-${i}`,
      targets: voter === bomb ? others.slice(0, 2).map((s) => s.seat) : [bomb.seat, others[i % 3]!.seat],
    });
  await server.advanceTo(beijing("12-03 21:00:05"));
  const [first, second] = living;
  assert.ok(first && second);

  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const box = page.getByTestId("overrides");
  await box.locator("select[name=override-action]").selectOption("amend-lead-voter");
  assert.equal(await box.locator("select[name=lead-round]").inputValue(), "2");
  assert.equal(
    await box.locator("select[name=lead-bomb] option:checked").textContent(),
    `${bomb.alias}（现领票人：${first.alias}）`,
  );
  await box.locator("select[name=lead-voter]").selectOption(String(second.seat));
  await box.getByPlaceholder("理由（必填，会记录）").fill("首票系他人代投，判无效");
  await box.getByRole("button", { name: "执行" }).click();
  await box.getByText("已执行并记录").waitFor();
  await box.getByText(`改定领票人 · ${bomb.alias} → ${second.alias} · 首票系他人代投，判无效`).waitFor();
  // The page fetched the full state again: the bomb now names its new 领票人.
  await box
    .locator("select[name=lead-bomb] option", { hasText: `现领票人：${second.alias}` })
    .waitFor({ state: "attached" });
  await ctx.close();
  const after = await server.api<GameViewResponse>("GET", `/api/games/${game.id}`, game.refereeCookie);
  const seat = (s: number) => after.view?.seats.find((x) => x.seat === s)?.alive;
  assert.deepEqual([seat(first.seat), seat(second.seat)], [true, false]);
});
