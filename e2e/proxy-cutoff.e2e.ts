// The 托票 form closes at its cut-off by the server clock, and a request sent past it anyway shows the server's refusal.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import { contextFor, PHONE } from "./lib/browser.ts";
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

test("seed 002 「20:45分后不接受任何形式的托票」: past 20:45 the form is closed, and a late request is refused in words", async () => {
  const [voter, target] = game.seats.filter((s) => s.role === "ranger");
  assert.ok(voter && target);
  await server.advanceTo(beijing("12-02 20:40:00"));
  const ctx = await contextFor(browser, server.url, voter.cookie, PHONE);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/vote`);
  const form = page.locator("details", { has: page.locator("select[name=proxy-target]") });
  const send = form.getByRole("button", { name: "托给哨子" });
  await form.locator("summary").click();
  assert.equal(await send.isEnabled(), true, "open before the cut-off");
  assert.equal(await form.getByTestId("proxy-closed").count(), 0);

  // The page's clock still reads 20:40 (the test server's jumps; a real one runs on): the request goes out late.
  await server.advanceTo(beijing("12-02 20:50:00"));
  await form
    .locator(`select[name=proxy-target] option[value="${target.seat}"]`)
    .waitFor({ state: "attached" });
  await form.locator("select[name=proxy-target]").selectOption(String(target.seat));
  await send.click();
  const refused = form.locator(".notice-error");
  await refused.waitFor();
  assert.equal(await refused.textContent(), "托票已截止（截止时间 20:45:00，收到时间 20:50:00）");
  assert.equal(await form.getByText("托票已交给哨子").count(), 0);

  // Synced again, the page knows the cut-off is past: the form says so and takes nothing.
  await page.reload();
  await form.locator("summary").click();
  await form
    .getByText("托票已截止（12/2 20:45），哨子不能再代投；请在 12/2 21:00 投票截止前自己投票。")
    .waitFor();
  assert.equal(await send.isDisabled(), true, "no 托票 past the cut-off");
  assert.equal(await form.locator("select[name=proxy-target]").isDisabled(), true);
  assert.equal(await form.getByTestId("proxy-hint").count(), 0, "no hint inviting a request");
  await ctx.close();
});
