// 录入夜间行动: in 7kill a player who cannot reach the site sends the night's choice to the director; the referee
// enters it on the desk for that seat. Judged as the player's own: a wrong pairing is refused with its reason, and the
// entered choice is the seat's own on its page.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
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
    prefix: "rn",
    name: "七杀·录入",
    refereeAlias: "导演",
    seed: "e2e-entry",
  });
  await server.advanceTo(beijing("12-02 22:10:00"));
});

test("录入夜间行动: the desk enters the doctor's 救治 sent by QQ; a villager's 杀人 is refused with its reason", async () => {
  const doctor = game.seats.find((s) => s.role === "doctor")!;
  const [villager, other] = game.seats.filter((s) => s.role === "villager");
  assert.ok(villager && other);
  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const form = page.getByTestId("manual-night-action");
  await form.waitFor();
  const fill = async (seat: number, ability: string, target: number) => {
    await form.locator('select[name="manual-night-seat"]').selectOption(String(seat));
    await form.locator('select[name="manual-night-ability"]').selectOption(ability);
    await form.locator('select[name="manual-night-target"]').selectOption(String(target));
    await form.getByRole("button", { name: "录入行动" }).click();
  };
  // A villager has no ability: the server's reason, in Chinese.
  await fill(villager.seat, "kill", other.seat);
  await form.getByText(`${villager.seat + 1}号的身份现在没有这项能力`, { exact: false }).waitFor();
  await fill(doctor.seat, "protect", villager.seat);
  await form.getByText("夜间行动已录入").waitFor();
  await screenshot(page, "referee-night-action");
  await ctx.close();

  // The doctor's own page: tonight's 救治 stands, on the villager.
  const own = await contextFor(browser, server.url, doctor.cookie);
  const ownPage = await own.newPage();
  await ownPage.goto(`/games/${game.id}/me`);
  const standing = ownPage.getByTestId("night-standing-protect");
  await standing.waitFor();
  assert.match((await standing.textContent()) ?? "", new RegExp(villager.alias));
  await own.close();
});
