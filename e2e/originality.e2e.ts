// The editor's originality check: copied passages highlighted before submitting, and no source ever sent to a player.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import type { OriginalityResponse } from "../src/server/api-types.ts";
import { contextFor, launchBrowser, screenshot } from "./lib/browser.ts";
import { airforceGame, type SetUpGame } from "./lib/game.ts";
import { KNOWN_SOURCE, seededOriginality } from "./lib/originality.ts";
import { beijing, type Server, startServer } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

before(async () => {
  server = await startServer(beijing("12-01 20:00:00"), { originality: await seededOriginality() });
  browser = await launchBrowser();
  game = await airforceGame(server, { prefix: "og" });
  await server.advanceTo(beijing("12-02 21:05:00"));
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test("a copied passage is highlighted in the kill-post editor, and the player never learns its source", async () => {
  const killer = game.seats.find((s) => s.role === "killer")!;
  const ctx = await contextFor(browser, server.url, killer.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/write?kind=kill`);
  const own = "今夜风急，我提剑出城，只为寻一个答案。";
  await page.getByTestId("editor-text").fill(`${own}${KNOWN_SOURCE}`);
  const answer = page.waitForResponse((r) => r.url().endsWith("/originality"));
  await page.getByRole("button", { name: "查抄袭" }).click();
  const body = (await (await answer).json()) as OriginalityResponse;
  assert.ok(body.available && body.flagged, "the copied share is over the limit");
  for (const span of body.spans) assert.equal(span.source, undefined, "no source in a player's answer");
  const marks = await page.getByTestId("originality").locator("mark").allTextContents();
  assert.ok(marks.join("").includes("大漠孤烟直，长河落日圆"), `highlighted: ${marks.join("|")}`);
  assert.ok(!marks.join("").includes("我提剑出城"), "the writer's own words are not highlighted");
  assert.ok(!(await page.content()).includes("王维"), "nor is the source named on the page");
  await screenshot(page, "editor-originality");
  await ctx.close();
});
