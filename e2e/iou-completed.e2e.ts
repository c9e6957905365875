// A completed 白条: the 补白条 page shows it done (字数, time) and no longer offers the editor or 「补上白条」.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import { syntheticText } from "../src/text/synthetic.ts";
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

test("seed 002 「白条必须在次日10:00:00之前补齐」: once completed, the page says so and offers no second completion", async () => {
  const sword = game.seats.find((s) => s.role === "sword");
  const target = game.seats.find((s) => s.role === "ranger");
  assert.ok(sword && target);
  await server.advanceTo(beijing("12-02 21:05:00"));
  const posted = await server.api<{ iou: boolean }>(
    "POST",
    `/api/games/${game.id}/kill-posts`,
    sword.cookie,
    {
      requestId: requestId(),
      target: target.seat,
      text: syntheticText(7101, 500),
    },
  );
  assert.equal(posted.iou, true);
  await server.advanceTo(beijing("12-03 09:00:00"));

  const ctx = await contextFor(browser, server.url, sword.cookie, PHONE);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/write?kind=iou`);
  const send = page.getByRole("button", { name: "补上白条" });
  await page.getByTestId("editor-text").fill(syntheticText(7102, 1250));
  await send.click();
  const done = `白条已补齐：第2轮对 ${target.alias} 的白条，补帖1250字，12/3 09:00 补齐。`;
  await page.getByText(done).waitFor();
  assert.equal(await page.getByTestId("editor-text").count(), 0, "no editor for a completed 白条");
  assert.equal(await send.count(), 0, "no 「补上白条」 once completed");

  // Opened again later, it still reads as done.
  await page.reload();
  await page.getByText(done).waitFor();
  assert.equal(await page.getByTestId("editor-text").count(), 0);
  assert.equal(await send.count(), 0);
  await ctx.close();
});
