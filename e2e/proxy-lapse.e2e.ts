// A 托票 the referee never entered before its cut-off: the player is told, while there is still time to vote in person.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import { contextFor, PHONE } from "./lib/browser.ts";
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

test("seed 002 「20:45分后不接受任何形式的托票」: a request left unentered says so from the cut-off, with the deadline to vote by", async () => {
  const [voter, target] = game.seats.filter((s) => s.role === "ranger");
  assert.ok(voter && target);
  await server.advanceTo(beijing("12-02 20:30:00"));
  await server.api("POST", `/api/games/${game.id}/proxy-requests`, voter.cookie, {
    requestId: requestId(),
    target: target.seat,
  });
  const ctx = await contextFor(browser, server.url, voter.cookie, PHONE);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/vote`);
  const notice = page.getByTestId("my-proxy");
  await notice.getByText(`你的托票（投 ${target.alias}）在等哨子代投，托票截止 12/2 20:45。`).waitFor();
  await server.advanceTo(beijing("12-02 20:46:00"));
  // The test server's clock jumps; a real one runs on, and the page's synced clock with it.
  await page.reload();
  await notice
    .getByText(
      `托票截止（12/2 20:45）前哨子没有代投你的托票（投 ${target.alias}），现在已无法代投。请在 12/2 21:00 投票截止前自己投票。`,
    )
    .waitFor();
  assert.equal(await notice.getAttribute("role"), "alert");
  await ctx.close();
});
