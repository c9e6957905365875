// 字数不够按白条处理 from the inbox (seed 000/002 举报): the referee makes a released post a 白条 with a deadline of its
// own once the round's has passed; then 认定字数足够 on the desk closes it as full, and nothing fails at that deadline.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import type { GameViewResponse } from "../src/server/api-types.ts";
import { syntheticText } from "../src/text/synthetic.ts";
import { contextFor } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, type SetUpGame } from "./lib/game.ts";
import { beijing, requestId, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await airforceGame(server);
});

test("字数不够按白条处理 with the referee's deadline, then 认定字数足够: the poster stays in, its target out", async () => {
  const [target, plaintiff] = game.seats.filter((s) => s.role === "ranger");
  const poster = game.seats.find((s) => s.role === "killer");
  assert.ok(target && plaintiff && poster);
  await server.advanceTo(beijing("12-02 21:05:00"));
  await server.api("POST", `/api/games/${game.id}/kill-posts`, poster.cookie, {
    requestId: requestId(),
    target: target.seat,
    text: syntheticText(7501, 820),
  });
  // After the round's 白条 deadline (10:00), before its complaint deadline (16:00).
  await server.advanceTo(beijing("12-03 11:00:00"));
  await server.api("POST", `/api/games/${game.id}/complaints`, plaintiff.cookie, {
    requestId: requestId(),
    round: 2,
    post: 0,
    text: "Word 2016 统计只有 790 字",
  });
  const seat = async (s: number) =>
    (await server.api<GameViewResponse>("GET", `/api/games/${game.id}`, game.refereeCookie)).view?.seats.find(
      (x) => x.seat === s,
    );

  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const inbox = page.getByTestId("inbox");
  await inbox.getByText(`${plaintiff.alias} 举报 ${poster.alias} · 第2轮杀帖 → ${target.alias}`).waitFor();
  await inbox.locator("input:not([type])").first().fill("Word 统计 790 字，不足 800");
  const asIou = inbox.getByTestId("complaint-as-iou");
  // The round's 白条 deadline has passed: the ruling needs one of the referee's.
  assert.equal(await asIou.isDisabled(), true);
  await inbox.locator("input[name=as-iou-deadline]").fill("2026-12-03T18:00");
  let asked = "";
  page.once("dialog", (d) => {
    asked = d.message();
    void d.accept();
  });
  await asIou.click();
  await inbox
    .getByTestId("inbox-done")
    .getByText(/^字数不够，按白条处理 · /)
    .waitFor();
  assert.match(asked, /须在 12\/3 18:00(:00)? 前补齐/);
  await inbox
    .getByTestId("inbox-ruling")
    .getByText(/按白条处理，12\/3 18:00(:00)? 前补齐；理由：Word 统计 790 字/)
    .waitFor();
  assert.equal((await seat(poster.seat))?.alive, true, "a 白条, not a void post");

  // 认定字数足够 on the desk: the open 白条, by round, poster and target.
  await page.reload();
  const box = page.getByTestId("overrides");
  await box.locator("select[name=override-action]").selectOption("accept-iou");
  const pick = box.locator("select[name=accept-iou]");
  assert.deepEqual(await pick.locator("option:not([disabled])").allTextContents(), [
    `第2轮 ${poster.alias} → ${target.alias}`,
  ]);
  await pick.selectOption({ index: 1 });
  await box.getByPlaceholder("理由（必填，会记录）").fill("复核：WPS 统计 802 字");
  await box.getByRole("button", { name: "执行" }).click();
  await box.getByText("已执行并记录").waitFor();
  await box
    .getByText(`认定字数足够 · 第2轮 ${poster.alias} → ${target.alias} · 复核：WPS 统计 802 字`)
    .waitFor();
  await ctx.close();

  await server.advanceTo(beijing("12-03 18:00:05"));
  assert.equal((await seat(poster.seat))?.alive, true, "nothing failed at the 白条's deadline");
  assert.equal((await seat(target.seat))?.alive, false);
  // The poster's 补白条 page has nothing left to complete.
  const own = await contextFor(browser, server.url, poster.cookie);
  const write = await own.newPage();
  await write.goto(`/games/${game.id}/write?kind=iou`);
  await write
    .getByTestId("iou-completed")
    .getByText(`哨子认定第2轮对 ${target.alias} 的杀帖字数足够，白条视同补齐，无需再补。`)
    .waitFor();
  await own.close();
});
