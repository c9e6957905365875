// 我的举报: the player who filed a complaint follows it to its end (upheld or dismissed with the referee's reason), and
// sees nobody else's.
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

test("seed 002 举报 (until 16:00 the day after the release): the filer sees each complaint waiting, then 举报成立 with the reason, or one taken in by 16:00 驳回 after it", async () => {
  const sword = game.seats.find((s) => s.role === "sword");
  const assassin = game.seats.find((s) => s.role === "assassin");
  const [filer, other, victim1, victim2] = game.seats.filter((s) => s.role === "ranger");
  assert.ok(sword && assassin && filer && other && victim1 && victim2);
  // Round 2: handed in first the swordsman's on victim1 (the referee's post 0), then the assassin's on victim2 (1).
  // Players number released posts by unit in the plan's order (public-posts.ts): the assassin's #1, the swordsman's #2.
  await server.advanceTo(beijing("12-02 21:05:00"));
  for (const [poster, target, seed] of [
    [sword, victim1, 7201],
    [assassin, victim2, 7202],
  ] as const)
    await server.api("POST", `/api/games/${game.id}/kill-posts`, poster.cookie, {
      requestId: requestId(),
      target: target.seat,
      text: syntheticText(seed, 850),
    });
  await server.advanceTo(beijing("12-03 09:00:00"));
  // Another player's complaint on the same post: the filer must not learn of it.
  await server.api("POST", `/api/games/${game.id}/complaints`, other.cookie, {
    requestId: requestId(),
    round: 2,
    post: 1,
    text: "别人的举报理由",
  });

  const ctx = await contextFor(browser, server.url, filer.cookie, PHONE);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/me`);
  await page.getByText("举报杀帖").click();
  const form = page.locator("details", { has: page.getByText("举报杀帖") });
  const picker = form.locator("select");
  await picker.locator("option[value='2:1']").waitFor({ state: "attached" });
  await picker.selectOption("2:1");
  await form.locator("textarea").fill("与唐诗重合过多");
  await page.getByRole("button", { name: "举报", exact: true }).click();
  await page.getByText("举报已交给哨群").waitFor();
  const mine = page.getByTestId("my-complaint");
  await mine.first().waitFor();
  assert.equal(await mine.count(), 1);
  assert.match(
    (await mine.first().textContent()) ?? "",
    new RegExp(`第2轮 杀帖 #2 → ${victim1.alias} 12/3 09:00 举报`),
  );
  assert.match((await mine.first().textContent()) ?? "", /你的理由：与唐诗重合过多/);
  assert.match(
    (await mine.first().textContent()) ?? "",
    /等待哨子裁定（举报截止 12\/3 16:00 前交的举报，截止后也会裁定）/,
  );

  await server.api("POST", `/api/games/${game.id}/complaints`, filer.cookie, {
    requestId: requestId(),
    round: 2,
    post: 0,
    text: "字数不实",
  });
  await server.api("POST", `/api/games/${game.id}/referee/complaint-rulings`, game.refereeCookie, {
    requestId: requestId(),
    against: sword.seat,
    upheld: true,
    reason: "与已有文本重合45%",
    // The referee names posts by the engine's index: the swordsman's, handed in first.
    round: 2,
    post: 0,
  });
  // Nobody rules on the assassin's post by 16:00: taken in before it, it still waits (RULINGS 16), and is ruled on after it.
  await server.advanceTo(beijing("12-03 16:00:05"));
  await page.reload();
  await mine.nth(1).waitFor();
  assert.equal(await mine.count(), 2, "the filer's own two, not the other player's");
  assert.match(
    (await mine.nth(0).textContent()) ?? "",
    /举报成立（12\/3 09:0\d），哨子的理由：与已有文本重合45%/,
  );
  assert.match((await mine.nth(1).textContent()) ?? "", new RegExp(`第2轮 杀帖 #1 → ${victim2.alias} `));
  assert.match((await mine.nth(1).textContent()) ?? "", /等待哨子裁定/);
  // The referee's inbox keeps it open (it used to mark it expired at the deadline).
  const inbox = await server.api<{ items: { kind: string; post?: number; handled?: unknown }[] }>(
    "GET",
    `/api/games/${game.id}/referee/inbox`,
    game.refereeCookie,
  );
  const open = inbox.items.filter((i) => i.kind === "complaint" && i.post === 1);
  assert.deepEqual(
    open.map((i) => i.handled ?? null),
    [null],
  );
  await server.advanceTo(beijing("12-03 16:30:00"));
  // Refused before: past the window the referee could no longer rule. The API throws on a refusal.
  await server.api("POST", `/api/games/${game.id}/referee/complaint-rulings`, game.refereeCookie, {
    requestId: requestId(),
    against: assassin.seat,
    upheld: false,
    reason: "字数按Word核对无误",
    round: 2,
    post: 1,
  });
  await page.reload();
  await mine.filter({ hasText: "驳回" }).waitFor();
  assert.match(
    (await mine.nth(1).textContent()) ?? "",
    /驳回（12\/3 16:30），哨子的理由：字数按Word核对无误/,
  );
  assert.equal(await page.getByText("别人的举报理由").count(), 0);
  await page.getByTestId("my-complaints").screenshot({ path: "e2e/screenshots/my-complaints.png" });
  await ctx.close();
});
