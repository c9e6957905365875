// 录入杀帖: in the posting window a killer who cannot reach the site sends the post by QQ; the referee enters it on the
// desk for that seat. It is the seat's post (the player's own page says so), signed on the desk, and released like
// any other: the other players see no difference.
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
  game = await airforceGame(server, { prefix: "rk" });
});

const viewOf = (cookie: string) => server.api<GameViewResponse>("GET", `/api/games/${game.id}`, cookie);
const events = (path: string, cookie: string) =>
  server.api<EventListResponse>("GET", `/api/games/${game.id}/${path}`, cookie);

test("录入杀帖: a kill post sent by QQ is entered on the desk for its seat, asked about when short, and counts as the seat's own", async () => {
  const poster = game.seats.find((s) => s.role === "killer")!;
  const [target, other] = game.seats.filter((s) => s.role === "ranger");
  assert.ok(target && other);
  // Round 2's posting window (21:00–21:30).
  await server.advanceTo(beijing("12-02 21:05:00"));
  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  const asked: string[] = [];
  let accept = false;
  page.on("dialog", (d) => {
    asked.push(d.message());
    void (accept ? d.accept() : d.dismiss());
  });
  await page.goto(`/games/${game.id}/referee`);
  const form = page.getByTestId("manual-kill-post");
  await form.waitFor();
  await form.locator('select[name="manual-kill-poster"]').selectOption(String(poster.seat));
  await form.locator('select[name="manual-kill-target"]').selectOption(String(target.seat));
  // A short text is a 白条: the desk asks first, as the player's own page does; declined, nothing is sent.
  await form.locator("textarea").fill(syntheticText(7201, 300));
  await form.getByRole("button", { name: "录入杀帖" }).click();
  assert.equal(asked.length, 1);
  assert.match(asked[0]!, /记为该玩家的白条/);
  assert.ok(
    !(await events("referee/log", game.refereeCookie)).events.some((e) => e.type === "KillPostSubmitted"),
  );
  // The full text: entered without a question.
  accept = true;
  await form.locator("textarea").fill(syntheticText(7202, 1200));
  await form.getByRole("button", { name: "录入杀帖" }).click();
  await form.getByText(/^杀帖已录入（\d+字）$/).waitFor();
  assert.equal(asked.length, 1, "a full-length post needs no confirmation");
  // The desk's round list marks it as entered by the referee.
  await page.getByTestId("round-posts").getByTestId("post-entered").getByText("哨子录入（总哨）").waitFor();
  await screenshot(page, "referee-manual-kill-post");
  await ctx.close();

  const log = (await events("referee/log", game.refereeCookie)).events;
  const sent = log.filter((e) => e.type === "KillPostSubmitted");
  assert.equal(sent.length, 1);
  assert.equal(sent[0]!.data.poster, poster.seat);
  assert.equal(sent[0]!.data.target, target.seat);
  assert.equal(sent[0]!.at, beijing("12-02 21:05:00"), "received at the referee's entry time");
  assert.equal(sent[0]!.data.referee, "总哨", "the post's own event names the referee who entered it");

  // The poster's own page: this round's post is sent.
  const own = await contextFor(browser, server.url, poster.cookie);
  const ownPage = await own.newPage();
  await ownPage.goto(`/games/${game.id}/write?kind=kill`);
  await ownPage.getByTestId("posted-this-round").waitFor();
  // 我的身份 lists it as the seat's post, marked as entered by the referee.
  await ownPage.getByTestId("posted-this-round").getByRole("link").click();
  await ownPage.getByTestId("my-posts").getByText("哨子代为录入").waitFor();
  await own.close();

  // Released at the window's close like any post; another player sees no trace of who entered it.
  await server.advanceTo(beijing("12-02 21:30:05"));
  assert.equal(
    (await viewOf(game.refereeCookie)).view?.seats.find((s) => s.seat === target.seat)?.alive,
    false,
  );
  const seen = (await events("events", other.cookie)).events;
  assert.ok(!seen.some((e) => e.type === "KillPostSubmitted" || e.type === "app.KillPostEntered"));
  assert.ok(!seen.some((e) => e.at === beijing("12-02 21:05:00")));
});
