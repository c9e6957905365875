// 录入举报: a player complained in the 哨群 (QQ) before the 16:00 deadline; the referee gets to the site after it and
// enters the complaint on the desk with the time the 哨群 received it. Taken in, it waits in the inbox and is ruled on.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import type { EventListResponse, GameViewResponse } from "../src/server/api-types.ts";
import { syntheticText } from "../src/text/synthetic.ts";
import { contextFor, screenshot } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, type SetUpGame } from "./lib/game.ts";
import { beijing, requestId, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await airforceGame(server, { prefix: "rc" });
});

const viewOf = (cookie: string) => server.api<GameViewResponse>("GET", `/api/games/${game.id}`, cookie);

test("录入举报: after the deadline the referee enters a complaint the 哨群 got before it; one got after it is refused in Chinese; the entered one is ruled 举报成立 in the inbox", async () => {
  const poster = game.seats.find((s) => s.role === "killer")!;
  const [target, plaintiff] = game.seats.filter((s) => s.role === "ranger");
  assert.ok(target && plaintiff);
  // Round 2: the killer posts on the target; released at 21:30, complaints taken until 12-03 16:00.
  await server.advanceTo(beijing("12-02 21:05:00"));
  await server.api("POST", `/api/games/${game.id}/kill-posts`, poster.cookie, {
    requestId: requestId(),
    target: target.seat,
    text: syntheticText(5151, 900),
  });
  // The referee reaches the site at 17:00, after the window closed.
  await server.advanceTo(beijing("12-03 17:00:00"));

  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const form = page.getByTestId("manual-complaint-entry");
  await form.waitFor();
  await form.locator('select[name="entry-complaint-post"]').selectOption("2:0");
  await form.locator('select[name="entry-complaint-complainant"]').selectOption(String(plaintiff.seat));
  const received = form.locator('input[name="entry-complaint-received"]');
  // The field starts at the server's now.
  assert.equal(await received.inputValue(), "2026-12-03T17:00");
  await form.locator('textarea[name="entry-complaint-text"]').fill("QQ举报：这篇是旧帖改写");
  // Received at 16:30: past the deadline, refused, and the reason is in Chinese.
  await received.fill("2026-12-03T16:30");
  await form.getByRole("button", { name: "录入举报" }).click();
  await form
    .getByText("哨群收到举报的时间（12月3日 16:30:00）已过举报期限（12月3日 16:00:00），逾期不再受理")
    .waitFor();
  // Received at 15:30: taken in.
  await received.fill("2026-12-03T15:30");
  await form.getByRole("button", { name: "录入举报" }).click();
  await form.getByText("举报已录入，请在收件箱裁定").waitFor();

  const inbox = page.getByTestId("inbox");
  const line = `${plaintiff.alias} 举报 ${poster.alias} · 第2轮杀帖 → ${target.alias}`;
  await inbox.getByText(line).waitFor();
  await inbox.getByTestId("complaint-entered").getByText("哨群 12/3 15:30 收到，哨子 总哨 录入").waitFor();
  await screenshot(page, "referee-complaint-entry");
  await inbox.getByPlaceholder("裁定理由").fill("查实为旧帖改写");
  page.once("dialog", (d) => void d.accept());
  await inbox.getByRole("button", { name: "举报成立" }).click();
  await inbox
    .getByTestId("inbox-done")
    .getByText(/^举报成立 · /)
    .waitFor();
  await inbox.getByTestId("inbox-done").getByText(line).waitFor();
  await ctx.close();

  // Upheld: the poster is out, the target back (seed 000 「一经查证举报属实…当即宣判出帖者出局，被帖者复活」).
  const seats = (await viewOf(game.refereeCookie)).view?.seats ?? [];
  assert.equal(seats.find((s) => s.seat === poster.seat)?.alive, false);
  assert.equal(seats.find((s) => s.seat === target.seat)?.alive, true);
  // The complainant's own feed has it as its complaint, with the receipt time and without the poster.
  const own = await server.api<EventListResponse>("GET", `/api/games/${game.id}/events`, plaintiff.cookie);
  const filed = own.events.filter((e) => e.type === "app.ComplaintFiled");
  assert.deepEqual(
    filed.map((e) => [e.data.receivedAt, e.data.against]),
    [[beijing("12-03 15:30:00"), undefined]],
  );
});
