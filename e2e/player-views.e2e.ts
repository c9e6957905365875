// What one player sees: secrecy (DOM and network), the deadline refusal, a draft surviving a reload, the phone layout.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser, Page } from "playwright-core";
import type { EventListResponse, GameViewResponse } from "../src/server/api-types.ts";
import { syntheticText } from "../src/text/synthetic.ts";
import { countWords } from "../src/text/wordcount.ts";
import type { EngineView } from "../web/src/lib/engine-view.ts";
import { contextFor, PHONE, screenshot } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, type Seat, type SetUpGame } from "./lib/game.ts";
import { findLeaks, sseData } from "./lib/secrecy.ts";
import { beijing, requestId, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await airforceGame(server, { prefix: "pv" });
  await server.advanceTo(beijing("12-02 10:00:00"));
});

/** Visits every player page, collecting each /api JSON response and the SSE backlog. */
async function visitAll(page: Page, seat: Seat): Promise<{ bodies: unknown[]; dom: string[] }> {
  const bodies: unknown[] = [];
  page.on("response", async (res) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith("/api/") || url.pathname.endsWith("/stream")) return;
    try {
      bodies.push(await res.json());
    } catch {
      // not JSON (none expected)
    }
  });
  const dom: string[] = [];
  for (const path of ["", "/me", "/vote", "/threads", "/log"]) {
    await page.goto(`/games/${game.id}${path}`);
    await page.getByTestId("viewer-banner").waitFor();
    await page.waitForLoadState("networkidle").catch(() => {});
    dom.push(await page.content());
  }
  // The log's ballots are fetched from the viewer's own feed when asked for: its data is checked as well.
  await page.getByTestId("log-filter-votes").click();
  await page.waitForLoadState("networkidle").catch(() => {});
  dom.push(await page.content());
  const stream = await page.evaluate(
    (id) => fetch(`/api/games/${id}/stream?after=0&limit=0`).then((r) => r.text()),
    game.id,
  );
  bodies.push(...sseData(stream));
  assert.ok(bodies.length > 5, `collected responses for ${seat.alias}`);
  return { bodies, dom };
}

for (const role of ["ranger", "killer"] as const) {
  test(`secrecy: a ${role}'s pages and responses never carry another seat's hidden role`, async () => {
    const me = game.seats.find((s) => s.role === role)!;
    const ctx = await contextFor(browser, server.url, me.cookie);
    const page = await ctx.newPage();
    const { bodies, dom } = await visitAll(page, me);
    const own = bodies.find(
      (b): b is GameViewResponse => typeof b === "object" && b !== null && "viewer" in b && "view" in b,
    );
    const known = new Set([me.seat, ...(own?.view?.roleCard?.knows.map((k) => k.seat) ?? [])]);
    if (role === "killer") assert.equal(known.size, 6, "a killer knows the six killers (互知)");
    else assert.equal(known.size, 1, "a ranger knows only itself");

    const leaks = bodies.flatMap((b) => findLeaks(b, known));
    assert.deepEqual(leaks, [], "no response ties a hidden role or code to another seat");

    const others = game.seats.filter((s) => !known.has(s.seat));
    const html = dom.join("\n");
    // pv-player1 must not match inside pv-player10.
    const account = (s: Seat) => new RegExp(`(?<![\\w-])${s.username}(?!\\w)`);
    for (const s of others) {
      assert.ok(!account(s).test(html), `no real account (${s.username}) in the DOM`);
      if (s.code) assert.ok(!html.includes(s.code), `no code name of an unknown seat (${s.code}) in the DOM`);
    }
    for (const b of bodies) {
      const text = JSON.stringify(b);
      for (const s of others)
        assert.ok(!account(s).test(text), `no real account (${s.username}) on the wire`);
    }
    // The board renders every unknown seat as 身份未知.
    await page.goto(`/games/${game.id}`);
    const cards = page.locator("[data-testid=living] [data-seat]");
    await cards.first().waitFor();
    for (const s of others.slice(0, 8)) {
      const text = await page
        .locator(`[data-testid=living] [data-seat="${s.seat}"] .seat-role`)
        .textContent();
      assert.equal(text, "身份未知");
    }
    if (role === "killer") await screenshot(page, "board-killer");
    await ctx.close();
  });
}

test("a vote after the deadline is refused with the server's message, times included", async () => {
  const me = game.seats.find((s) => s.role === "ranger")!;
  const target = game.seats.find((s) => s.seat !== me.seat)!;
  const ctx = await contextFor(browser, server.url, me.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/vote`);
  await page.locator(`[data-testid=ballot] button[data-seat="${target.seat}"]`).click();
  // The deadline (12-02 21:00:00) has passed by two seconds, and the scheduler has not closed the vote yet.
  server.clock.set(beijing("12-02 21:00:02"));
  await page.getByTestId("cast").click();
  const error = page.getByTestId("notice-error");
  await error.waitFor();
  assert.equal(await error.textContent(), "投票已截止（截止时间 21:00:00，收到时间 21:00:02）");
  await screenshot(page, "vote-refused");
  server.clock.set(beijing("12-02 10:00:00"));
  await ctx.close();
});

test("the live tally comes back after the proxy answered the stream with a 502, without a reload", async () => {
  const me = game.seats.find((s) => s.role === "ranger")!;
  const ctx = await contextFor(browser, server.url, me.cookie);
  const page = await ctx.newPage();
  // The first stream request meets a 502, as from a reverse proxy while the server restarts: the browser closes
  // that EventSource for good, and before the fix the page stayed offline until it was reloaded.
  let refused = 0;
  await page.route("**/stream?*", async (route) => {
    if (refused === 0) {
      refused++;
      await route.fulfill({ status: 502, contentType: "text/html", body: "<h1>502 Bad Gateway</h1>" });
    } else await route.continue();
  });
  await page.goto(`/games/${game.id}/vote`);
  await page.locator(".live.on").waitFor({ timeout: 15_000 });
  assert.equal(refused, 1, "the first stream request was refused");
  const [voter, target] = game.seats.filter((s) => s.seat !== me.seat);
  await server.api("POST", `/api/games/${game.id}/votes`, voter!.cookie, {
    requestId: requestId(),
    targets: [target!.seat],
  });
  // The vote reaches this page over the new stream: nothing here fetches the tally again.
  await page
    .locator(`[data-testid=tally] .tally-row[data-seat="${target!.seat}"]`)
    .waitFor({ timeout: 10_000 });
  await ctx.close();
});

test("the ballot list grows with each vote while the page is open, and starts again after a voided ballot", async () => {
  // A live view lists only the ballots its stream has not sent yet; the page appends them to those it holds.
  const me = game.seats.find((s) => s.role === "ranger")!;
  const ctx = await contextFor(browser, server.url, me.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/vote`);
  await page.locator(".live.on").waitFor({ timeout: 15_000 });
  const lines = page.locator("ol.ballots li");
  /** The open vote's ballots in the whole view, as the page words them. */
  const wholeList = async (): Promise<string[]> => {
    const res = await server.api<GameViewResponse>("GET", `/api/games/${game.id}`, me.cookie);
    const round = (res.view!.engine as EngineView).rounds.find((r) => r.vote)!;
    const alias = (seat: number) => game.seats.find((x) => x.seat === seat)!.alias;
    return round.vote!.casts.map((c) => `${alias(c.voter)} → ${c.targets.map(alias).join("、")}`);
  };
  const shown = async () => (await lines.allTextContents()).map((t) => t.replace(/^\d\d:\d\d:\d\d\s*/, ""));
  const sameAsWhole = async (what: string) => {
    const whole = await wholeList();
    await page.waitForFunction((n) => document.querySelectorAll("ol.ballots li").length === n, whole.length, {
      timeout: 10_000,
    });
    assert.deepEqual(await shown(), whole, what);
  };
  const voters = game.seats.filter((s) => s.seat !== me.seat).slice(3, 8);
  const target = game.seats.find((s) => s.seat === me.seat)!;
  for (const [i, v] of voters.entries()) {
    await server.api("POST", `/api/games/${game.id}/votes`, v.cookie, {
      requestId: requestId(),
      targets: [target.seat],
    });
    // Some votes a second apart, so the page gets several views, each with only what is new.
    if (i % 2 === 1) await new Promise((r) => setTimeout(r, 1_200));
  }
  await sameAsWhole("every ballot, in order, after the votes");
  await server.api("POST", `/api/games/${game.id}/referee/overrides`, game.refereeCookie, {
    requestId: requestId(),
    override: { action: "void-vote", voter: voters[0]!.seat },
    reason: "代投",
  });
  await sameAsWhole("the voided ballot is gone");
  assert.ok(!(await shown()).some((t) => t.startsWith(`${voters[0]!.alias} →`)));
  await ctx.close();
});

test("a vote whose answer was lost is sent again under its own request id: stored once, no change used up", async () => {
  // A seat no other test here votes with, so its ballots are this test's alone.
  const me = game.seats.at(-1)!;
  const target = game.seats.at(-2)!;
  const ctx = await contextFor(browser, server.url, me.cookie);
  const page = await ctx.newPage();
  // The first vote reaches the server and is stored, but its answer is lost on the way back (a dropped mobile
  // connection). Before, the player saw a network error, and clicking again sent a new request id: a second
  // ballot, counted as a vote change.
  const sentIds: string[] = [];
  await page.route("**/votes", async (route) => {
    sentIds.push((route.request().postDataJSON() as { requestId: string }).requestId);
    if (sentIds.length === 1) {
      await route.fetch();
      await route.abort("connectionreset");
    } else await route.continue();
  });
  await page.goto(`/games/${game.id}/vote`);
  await page.locator(`[data-testid=ballot] button[data-seat="${target.seat}"]`).click();
  await page.getByTestId("cast").click();
  // While it is sent again, the page says so.
  await page.getByTestId("resending").waitFor({ timeout: 5_000 });
  await page.getByTestId("notice-ok").waitFor({ timeout: 15_000 });
  assert.match((await page.getByTestId("notice-ok").textContent()) ?? "", /^投票成功/);
  assert.equal(await page.getByTestId("resending").count(), 0, "the notice is gone once answered");
  assert.equal(sentIds.length, 2, "sent once more after the lost answer");
  assert.equal(sentIds[1], sentIds[0], "under the same request id");
  const log = await server.api<EventListResponse>(
    "GET",
    `/api/games/${game.id}/referee/log`,
    game.refereeCookie,
  );
  const mine = log.events.filter((e) => e.type === "VoteCast" && e.data.voter === me.seat);
  assert.equal(mine.length, 1, "one ballot stored");
  await ctx.close();
});

test("the referee's log is fetched when opened, then only what is new; the inbox only when it has news", async () => {
  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  const logRequests: string[] = [];
  let inboxRequests = 0;
  page.on("request", (req) => {
    if (req.url().includes("/referee/log")) logRequests.push(new URL(req.url()).search);
    if (req.url().includes("/referee/inbox")) inboxRequests++;
  });
  await page.goto(`/games/${game.id}/referee`);
  const log = page.getByTestId("referee-log");
  await log.waitFor();
  await page.waitForLoadState("networkidle").catch(() => {});
  assert.deepEqual(logRequests, [], "a closed log costs no requests");
  await log.locator("summary").click();
  await log.locator("ol.log li").first().waitFor();
  const first = await log.locator("ol.log li").count();
  assert.ok(first > 0);
  assert.deepEqual(logRequests, ["?after=0"]);
  const lastSeqShown = Number(
    /#(\d+)/.exec((await log.locator("ol.log li").last().textContent()) ?? "")?.[1],
  );

  const inboxAfterOpen = inboxRequests;
  // A vote arrives: the open log shows it, having asked only for what came after the last entry it held.
  // Seats no other test here votes with, so the vote is not refused as one change too many.
  const voter = game.seats.at(-3);
  const target = game.seats.at(-4);
  await server.api("POST", `/api/games/${game.id}/votes`, voter!.cookie, {
    requestId: requestId(),
    targets: [target!.seat],
  });
  await page.waitForFunction(
    (n) => document.querySelectorAll("[data-testid=referee-log] ol.log li").length > n,
    first,
  );
  // Each entry says what happened in Chinese, the raw data one click away.
  const voteLine = log.locator("ol.log li", {
    hasText: `${voter!.seat + 1}号 ${voter!.alias} 投票给 ${target!.seat + 1}号 ${target!.alias}`,
  });
  await voteLine.waitFor();
  assert.equal(await voteLine.locator("code").count(), 0, "the raw data stays folded");
  await voteLine.getByRole("button", { name: "原始数据" }).click();
  assert.match((await voteLine.locator("code").textContent()) ?? "", /"voter":/);
  assert.equal(logRequests.length >= 2, true);
  for (const q of logRequests.slice(1)) {
    const after = Number(/^\?after=(\d+)$/.exec(q)?.[1]);
    assert.ok(after >= lastSeqShown, `only what is new: ${q} (held up to #${lastSeqShown})`);
  }
  // The vote put nothing in the inbox, so the inbox was not fetched again; a proxy request does, and is.
  const inboxBefore = inboxRequests;
  assert.equal(inboxBefore, inboxAfterOpen, "no inbox fetch for a vote");
  assert.ok(inboxBefore >= 1, "the inbox was fetched when the page opened");
  // For another seat than its own vote: one for the same would be marked 无需代投 (proxy.same-as-own), note unshown.
  await server.api("POST", `/api/games/${game.id}/proxy-requests`, voter!.cookie, {
    requestId: requestId(),
    target: game.seats.at(-5)!.seat,
    note: "托票给哨子",
  });
  await page.getByTestId("inbox").getByText("托票给哨子").waitFor();
  assert.equal(inboxRequests, inboxBefore + 1);

  // Closed again, the log asks for nothing; opened, it fetches only what came meanwhile.
  await log.locator("ol.log li", { hasText: "托票请求" }).waitFor();
  await log.locator("summary").click();
  const count = async () => Number(await log.locator("summary .count").textContent());
  const seqBefore = await count();
  const requestsWhileClosed = logRequests.length;
  await server.api("POST", `/api/games/${game.id}/votes`, game.seats.at(-5)!.cookie, {
    requestId: requestId(),
    targets: [target!.seat],
  });
  await page.waitForFunction(
    (n) => Number(document.querySelector("[data-testid=referee-log] summary .count")?.textContent) > n,
    seqBefore,
  );
  assert.equal(logRequests.length, requestsWhileClosed, "no log request while it is closed");
  const heldBefore = await log.locator("ol.log li").count();
  await log.locator("summary").click();
  await page.waitForFunction(
    (n) => document.querySelectorAll("[data-testid=referee-log] ol.log li").length > n,
    heldBefore,
  );
  assert.equal(logRequests.at(-1), `?after=${seqBefore}`, "reopened, it fetched only what came meanwhile");
  await ctx.close();
});

test("a kill-post draft survives a reload and a closed tab, with the live 字数 of the server's counter", async () => {
  const killer = game.seats.find((s) => s.role === "killer")!;
  const ctx = await contextFor(browser, server.url, killer.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/write?kind=kill`);
  const text = "夜色如墨，长街无声。一柄短剑自檐角落下，映着残月的寒光。Night falls, 3 swords.";
  await page.getByTestId("editor-text").fill(text);
  assert.equal(await page.getByTestId("wordcount").textContent(), `字数 ${countWords(text).words}`);
  await page.reload();
  // A draft is its account's: it comes back once the page knows who is signed in (GET /api/auth/me).
  await page.getByTestId("draft-restored").waitFor();
  assert.equal(await page.getByTestId("editor-text").inputValue(), text);
  await page.close();
  const again = await ctx.newPage();
  await again.goto(`/games/${game.id}/write?kind=kill`);
  await again.getByTestId("draft-restored").waitFor();
  assert.equal(await again.getByTestId("editor-text").inputValue(), text);
  await screenshot(again, "kill-post-editor");
  // On a phone, typing the end of a long post: neither the tab bar nor the word-count bar covers the text box.
  const editor = again.getByTestId("editor-text");
  await editor.fill(syntheticText(77, 700));
  await editor.press("Control+End");
  await again.keyboard.type("最后一句");
  const cover = await again.evaluate(() => {
    const box = document.querySelector("[data-testid=editor-text]")!.getBoundingClientRect();
    const bar = document.querySelector(".editor-bar")!.getBoundingClientRect();
    const tabs = document.querySelector("nav.tabs")!.getBoundingClientRect();
    return { boxBottom: box.bottom, barTop: bar.top, tabsTop: tabs.top };
  });
  assert.ok(
    cover.boxBottom <= cover.barTop + 1,
    `the word-count bar covers the box: ${JSON.stringify(cover)}`,
  );
  assert.ok(cover.boxBottom <= cover.tabsTop, `the tab bar covers the box: ${JSON.stringify(cover)}`);
  await ctx.close();
});

test("mobile layout at 390×844: no sideways scroll, tab bar at the bottom, thumb-sized vote buttons", async () => {
  const me = game.seats.find((s) => s.role === "ranger")!;
  const ctx = await contextFor(browser, server.url, me.cookie, PHONE);
  const page = await ctx.newPage();
  for (const path of ["", "/vote", "/me", "/threads", "/log"]) {
    await page.goto(`/games/${game.id}${path}`);
    await page.getByTestId("viewer-banner").waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `page ${path || "/"} is ${width}px wide`);
    const tabs = await page.locator("nav.tabs").boundingBox();
    assert.ok(
      tabs && Math.round(tabs.y + tabs.height) === PHONE.height,
      "the tab bar sits on the bottom edge",
    );
    // Text that is tapped (header links, 托票 and other foldouts) is thumb-sized too.
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".topbar a, summary, .link-button")]
        .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().height < 40)
        .map((el) => `${el.textContent?.trim()}: ${Math.round(el.getBoundingClientRect().height)}px`),
    );
    assert.deepEqual(small, [], `page ${path || "/"} has small tap targets`);
  }
  await page.goto(`/games/${game.id}/vote`);
  const buttons = page.locator("[data-testid=ballot] .choice");
  await buttons.first().waitFor();
  assert.equal(await buttons.count(), 40);
  for (const b of await buttons.all()) {
    const box = await b.boundingBox();
    assert.ok(box && box.height >= 44, "vote buttons are at least 44 px tall");
  }
  await page.screenshot({ path: "e2e/screenshots/mobile-vote-viewport.png" });
  // 40 names: a filter by alias or seat number, and the 投票 button kept on screen under the chosen name.
  const target = game.seats.find((s) => s.role === "ranger" && s.seat !== me.seat)!;
  await page.getByTestId("choice-filter").fill(target.alias);
  assert.equal(await buttons.count(), 1, "the filter leaves the one name");
  assert.equal(await buttons.first().textContent(), `${target.seat + 1}号${target.alias}`);
  // By seat number: that seat, beside any alias with those digits in it.
  await page.getByTestId("choice-filter").fill(String(target.seat + 1));
  const shown = await buttons.allTextContents();
  assert.ok(shown.includes(`${target.seat + 1}号${target.alias}`), "the seat is found by its number");
  assert.ok(shown.length < 40, "and the list is narrowed");
  await page.getByTestId("choice-filter").fill("");
  await buttons.nth(20).click();
  const cast = await page.getByTestId("cast").boundingBox();
  const tabs = await page.locator("nav.tabs").boundingBox();
  assert.ok(cast && tabs && cast.y >= 0 && cast.y + cast.height <= tabs.y, "the 投票 button is on screen");
  assert.equal(await page.getByTestId("ballot-picked").isVisible(), true);
  await ctx.close();
});

test("the game log shows every viewer the referee's rulings with their reasons and the 替补 line, no account, no hidden role", async () => {
  const [gone, replaced] = game.seats.filter((s) => s.role === "killer");
  const reader = game.seats.find((s) => s.role === "ranger")!;
  await server.api("POST", `/api/games/${game.id}/referee/overrides`, game.refereeCookie, {
    requestId: requestId(),
    override: { action: "eliminate", target: gone!.seat },
    reason: "在群里公开自己身份",
  });
  const newcomer = "pv-newcomer";
  await server.account(newcomer);
  await server.api("POST", `/api/games/${game.id}/referee/substitutes`, game.refereeCookie, {
    requestId: requestId(),
    seat: replaced!.seat,
    username: newcomer,
    alias: "新来的",
    reason: "原玩家出差",
  });
  for (const cookie of [reader.cookie, null]) {
    const ctx = await contextFor(browser, server.url, cookie);
    const page = await ctx.newPage();
    const urls: string[] = [];
    page.on("request", (req) => urls.push(new URL(req.url()).pathname));
    await page.goto(`/games/${game.id}`);
    await page.getByTestId("tab-log").click();
    const lines = page.getByTestId("log-line");
    await lines.first().waitFor();
    const text = (await lines.allTextContents()).join("\n");
    assert.match(
      text,
      new RegExp(`哨子改判（理由：在群里公开自己身份）：判 ${gone!.seat + 1}号 ${gone!.alias} 出局`),
    );
    assert.match(text, new RegExp(`替补：${replaced!.seat + 1}号 ${replaced!.alias} → 新来的（原玩家出差）`));
    // Newest first: the substitution came last.
    assert.match((await lines.first().textContent()) ?? "", /替补：/);
    assert.doesNotMatch(text, /null|undefined|\{/);
    const html = await page.content();
    for (const username of [newcomer, replaced!.username, gone!.username, game.refereeUsername])
      assert.ok(!html.includes(username), `no account (${username}) on the log page`);
    // The out killer's role is published when the round's vote closes, not before (airforce): not in the log yet.
    assert.ok(!text.includes(gone!.roleName), "the out seat's role is not in the log before it is public");
    await page.getByTestId("log-filter-votes").click();
    await page.waitForLoadState("networkidle").catch(() => {});
    assert.deepEqual(
      urls.filter((u) => u.includes("/referee/")),
      [],
      "the log page calls no referee route",
    );
    if (cookie === null) await screenshot(page, "game-log-public");
    await ctx.close();
  }
});
