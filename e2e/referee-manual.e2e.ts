// A 托票 sent by QQ and a 举报 raised in the 哨群 reach the referee off the site: the desk enters both, and the vote
// machine and the seats show the outcome as if they had come through the site.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import type { EventListResponse, GameViewResponse } from "../src/server/api-types.ts";
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
  game = await airforceGame(server, { prefix: "mn" });
});

const killer = () => game.seats.find((s) => s.role === "killer")!;
const iouVictim = () => game.seats.filter((s) => s.role === "ranger").at(-2)!;
const viewOf = (cookie: string) => server.api<GameViewResponse>("GET", `/api/games/${game.id}`, cookie);

test("RULINGS 12 「only through the referee」: a 托票 sent by QQ is entered on the desk and counts as a proxy vote", async () => {
  const [voter, target] = game.seats.filter((s) => s.role === "ranger");
  assert.ok(voter && target);
  await server.advanceTo(beijing("12-02 10:00:00"));
  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const form = page.getByTestId("manual-proxy");
  await form.waitFor();
  await form.locator('select[name="manual-proxy-voter"]').selectOption(String(voter.seat));
  await form.locator('select[name="manual-proxy-target"]').selectOption(String(target.seat));
  await form.getByRole("button", { name: "代投" }).click();
  await form.getByText("托票已录入").waitFor();
  await screenshot(page, "referee-manual-proxy");
  await ctx.close();
  const view = await viewOf(game.refereeCookie);
  const ballot = view.view?.tally.find((t) => t.seat === target.seat);
  assert.equal(ballot?.votes, 1, "the proxy vote is on the tally");
});

test("a 举报 raised in the 哨群 is ruled on the desk: upheld, the poster goes out and the post's victim comes back", async () => {
  const [sword] = game.seats.filter((s) => s.role === "sword");
  const victim = game.seats.filter((s) => s.role === "ranger").at(-1);
  assert.ok(sword && victim);
  await server.advanceTo(beijing("12-02 21:05:00"));
  await server.api("POST", `/api/games/${game.id}/kill-posts`, sword.cookie, {
    requestId: "manual-sword-post",
    target: victim.seat,
    text: syntheticText(7101, 900),
  });
  // A killer's short post (a 白条), for the next test.
  await server.api("POST", `/api/games/${game.id}/kill-posts`, killer().cookie, {
    requestId: "manual-killer-iou",
    target: iouVictim().seat,
    text: syntheticText(7102, 300),
  });
  await server.advanceTo(beijing("12-02 21:30:05"));
  assert.equal(
    (await viewOf(game.refereeCookie)).view?.seats.find((s) => s.seat === victim.seat)?.alive,
    false,
  );
  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  page.on("dialog", (d) => void d.accept());
  await page.goto(`/games/${game.id}/referee`);
  const form = page.getByTestId("manual-complaint");
  await form.waitFor();
  await form.locator('select[name="manual-complaint-poster"]').selectOption(String(sword.seat));
  const uphold = form.getByRole("button", { name: "举报成立" });
  assert.equal(await uphold.isDisabled(), true, "no reason yet: nothing to send");
  await form.getByPlaceholder("理由（必填，会记录）").fill("哨群举报：抄袭旧帖");
  await uphold.click();
  await form.getByText("已执行并记录").waitFor();
  await ctx.close();
  const seats = (await viewOf(game.refereeCookie)).view?.seats ?? [];
  assert.equal(seats.find((s) => s.seat === sword.seat)?.alive, false, "the poster is out");
  assert.equal(seats.find((s) => s.seat === victim.seat)?.alive, true, "the post's victim is back");
});

test("a 白条 whose poster is out is completed by the text sent to the referee, entered on the desk", async () => {
  // The poster is out before completing: its own page says to send the text to the referee.
  await server.api("POST", `/api/games/${game.id}/referee/overrides`, game.refereeCookie, {
    requestId: "manual-killer-out",
    override: { action: "eliminate", target: killer().seat },
    reason: "曝ID",
  });
  const own = await contextFor(browser, server.url, killer().cookie);
  const ownPage = await own.newPage();
  await ownPage.goto(`/games/${game.id}/write?kind=iou`);
  await ownPage.getByText("请在期限前把补帖全文私下发给哨子").waitFor();
  await own.close();

  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const form = page.getByTestId("manual-iou");
  await form.waitFor();
  await form.locator('select[name="manual-iou-poster"]').selectOption(String(killer().seat));
  await form.locator("textarea").fill(syntheticText(7103, 1300));
  await form.getByRole("button", { name: "录入补帖" }).click();
  // Once no 白条 is open the form leaves the desk; a refusal would keep it there with the message.
  await form.waitFor({ state: "detached" });
  await ctx.close();
  const log = await server.api<EventListResponse>(
    "GET",
    `/api/games/${game.id}/referee/log`,
    game.refereeCookie,
  );
  const done = log.events.find((e) => e.type === "IouCompleted");
  assert.equal(done?.data.poster, killer().seat);
  assert.equal(typeof done?.data.referee, "string");
  // At the 白条 deadline the kill stands.
  await server.advanceTo(beijing("12-03 10:00:05"));
  assert.equal(
    (await viewOf(game.refereeCookie)).view?.seats.find((s) => s.seat === iouVictim().seat)?.alive,
    false,
  );
});

test("私信哨子: a player writes to the referees from 我的身份; the referee answers from the inbox; only that player reads it", async () => {
  const [me, other] = game.seats.filter((s) => s.role === "ranger");
  assert.ok(me && other);
  const mine = await contextFor(browser, server.url, me.cookie);
  const page = await mine.newPage();
  await page.goto(`/games/${game.id}/me`);
  const box = page.getByTestId("referee-messages");
  await box.locator("summary").click();
  await box.locator("textarea[name=referee-message]").fill("网站上看不到我的杀帖，能帮忙看看吗");
  await box.getByRole("button", { name: "发给哨子" }).click();
  await box.getByTestId("message-mine").waitFor();

  const ref = await contextFor(browser, server.url, game.refereeCookie);
  const desk = await ref.newPage();
  await desk.goto(`/games/${game.id}/referee`);
  const item = desk.getByTestId("inbox-message");
  await item.waitFor();
  assert.match((await item.textContent()) ?? "", new RegExp(`${me.alias} 私信哨子.*网站上看不到我的杀帖`));
  await item.locator("textarea[name=message-reply]").fill("已修好，请刷新");
  await item.getByRole("button", { name: "回复" }).click();
  // Answered, the item keeps the answer under the player's words: the next referee need not ask what was said.
  const done = desk.getByTestId("inbox-done").filter({ hasText: "已回复" });
  await done.waitFor();
  assert.equal(await done.getByTestId("inbox-reply").textContent(), "总哨 回复：已修好，请刷新");
  await ref.close();

  await page.reload();
  await page
    .getByTestId("referee-messages")
    .locator("summary")
    .filter({ hasText: "私信哨子（2条）" })
    .click();
  await page.getByTestId("message-answer").filter({ hasText: "已修好，请刷新" }).waitFor();
  await mine.close();
  // Another player's feed has neither.
  const log = await server.api<EventListResponse>("GET", `/api/games/${game.id}/events`, other.cookie);
  assert.equal(log.events.filter((e) => e.type === "app.RefereeMessage").length, 0);
});
