// The 哨子台 says why a game whose win condition holds goes on: an open 白条 could still bring the last of a side back.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import type { GameViewResponse } from "../src/server/api-types.ts";
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

test("seed 002 「白条必须在次日10:00:00之前补齐…过时未补，出帖者出局…被帖者复活」: the desk says the end waits for the 白条, then the game ends", async () => {
  const of = (role: string) => game.seats.filter((s) => s.role === role);
  const [assassin] = of("assassin");
  const [sword] = of("sword");
  assert.ok(assassin && sword);
  // Round 2 (round 1's vote puts nobody out: nobody votes, which round 1 excuses): every killer and lover is put out
  // by the referee, and a swordsman's 500-字 post, a 白条, takes the assassin at 21:30.
  await server.advanceTo(beijing("12-02 21:05:00"));
  const posted = await server.api<{ iou: boolean }>(
    "POST",
    `/api/games/${game.id}/kill-posts`,
    sword.cookie,
    {
      requestId: "sword-iou",
      target: assassin.seat,
      text: syntheticText(7001, 500),
    },
  );
  assert.equal(posted.iou, true);
  for (const s of [...of("killer"), ...of("lover")]) {
    await server.api("POST", `/api/games/${game.id}/referee/overrides`, game.refereeCookie, {
      requestId: `referee-out-${s.seat}`,
      override: { action: "eliminate", target: s.seat },
      reason: "违规判出局",
    });
  }
  await server.advanceTo(beijing("12-02 21:30:05"));

  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const notice = page.getByTestId("referee-ending-waits");
  await notice.waitFor();
  assert.equal(
    await notice.textContent(),
    "结束条件已成立：白道胜利（联合杀手、情侣刺客、独立刺客全部出局）。游戏暂不结束，等待第2轮白条补齐或逾期、" +
      "第2轮杀帖举报截止（其间有人举报、经你裁定成立的，出帖者出局、被帖者复活）；" +
      "落定后自动重新判定胜负（无论结果如何都不改变胜负的，不会等待）。",
  );
  await screenshot(page, "referee-ending-waits");

  // The swordsman completes the 白条 in time: only the post's complaint window is left (RULINGS 16).
  await server.advanceTo(beijing("12-03 09:00:00"));
  await server.api("POST", `/api/games/${game.id}/iou`, sword.cookie, {
    requestId: "sword-iou-done",
    text: syntheticText(7002, 1300),
  });
  await page.reload();
  await notice.filter({ hasNotText: "白条" }).waitFor();
  assert.match((await notice.textContent()) ?? "", /等待第2轮杀帖举报截止/);
  // No complaint by 16:00: nothing can change the winner any more, and the game ends.
  await server.advanceTo(beijing("12-03 16:00:05"));
  const view = await server.api<GameViewResponse>("GET", `/api/games/${game.id}`, game.refereeCookie);
  assert.equal(view.view?.result?.winner, "white");
  await page.reload();
  await page.getByTestId("referee").waitFor();
  assert.equal(await notice.count(), 0);
  await ctx.close();
});
