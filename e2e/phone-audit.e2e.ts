// What a phone audit found: 帖子 at 360px, team rooms and the referee's log opening at the newest, a clean 改判 form
// after each ruling, and the kill-post page telling a seat that posted so rather than that it never could.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser, Locator, Page } from "playwright-core";
import { USERNAME_MAX } from "../src/server/field-limits.ts";
import { syntheticText } from "../src/text/synthetic.ts";
import { contextFor, PHONE, screenshot } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, aliasOf, type SetUpGame } from "./lib/game.ts";
import { beijing, requestId, type Server } from "./lib/server.ts";

const NARROW = { width: 360, height: 740 };
// Aliases long enough that their 报道帖 line ends somewhere in the date after them, whatever the font's widths.
const LONG = (i: number) => "长马甲".repeat(8).slice(0, 12 + i);

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await airforceGame(server, { prefix: "pa", aliasFor: (i) => (i < 8 ? LONG(i) : aliasOf(i)) });
  await server.advanceTo(beijing("12-02 10:00:00"));
});

/** The list's scroll position, and whether its last entry shows inside it. */
function scrollState(list: Locator) {
  return list.evaluate((el) => {
    const last = el.lastElementChild?.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return {
      top: el.scrollTop,
      scrolls: el.scrollHeight > el.clientHeight,
      atEnd: el.scrollHeight - el.scrollTop - el.clientHeight <= 2,
      lastShown: last !== undefined && last.bottom <= box.bottom + 1 && last.top >= box.top - 1,
    };
  });
}

/** Scrolls the list as a reader would, and waits for its scroll event to have been handled. */
function scrollListTo(list: Locator, top: number): Promise<void> {
  return list.evaluate(
    (el, to) =>
      new Promise<void>((done) => {
        el.addEventListener("scroll", () => requestAnimationFrame(() => done()), { once: true });
        el.scrollTop = to < 0 ? el.scrollHeight : to;
      }),
    top,
  );
}

async function roomPost(cookie: string, text: string): Promise<void> {
  await server.api("POST", `/api/games/${game.id}/rooms/killer-room/messages`, cookie, {
    requestId: requestId(),
    text,
  });
}

test("帖子 at 360px: the four tabs fit without clipping, and a 报道帖 date never breaks between day and time", async () => {
  const me = game.seats.find((s) => s.role === "ranger")!;
  const ctx = await contextFor(browser, server.url, me.cookie, NARROW);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/threads`);
  const tabs = page.locator(".segmented").first();
  await tabs.waitFor();
  const fit = await tabs.evaluate((el) => ({
    overflow: el.scrollWidth - el.clientWidth,
    clipped: [...el.querySelectorAll<HTMLElement>(".seg")]
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return b.scrollWidth > b.clientWidth || r.right > window.innerWidth || r.left < 0;
      })
      .map((b) => b.textContent),
  }));
  assert.deepEqual(fit, { overflow: 0, clipped: [] });
  assert.equal(await page.getByRole("button", { name: "讨论帖" }).isVisible(), true);

  await page.getByRole("button", { name: "报道帖" }).click();
  await page
    .locator(".post-head")
    .filter({ hasText: LONG(7) })
    .waitFor();
  const broken = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".post-head")]
      .filter((head) => {
        const date = head.querySelector(".muted");
        return date !== null && date.getClientRects().length > 1;
      })
      .map((head) => head.textContent),
  );
  assert.deepEqual(broken, [], "a date split over two lines");
  // The screen as a phone shows it (a full page would be 40 reports long).
  await page.screenshot({ path: "e2e/screenshots/threads-360.png" });
  await ctx.close();
});

test("a team room opens at its newest message, follows new ones at the end, and leaves a reader who scrolled up", async () => {
  const [reader, writer] = game.seats.filter((s) => s.role === "killer");
  assert.ok(reader && writer);
  for (let i = 1; i <= 14; i++) await roomPost(writer.cookie, `第${i}条：今晚的票型再议`);
  const ctx = await contextFor(browser, server.url, reader.cookie, PHONE);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/me`);
  const room = page.getByTestId("room-killer-room");
  const list = room.locator(".room-messages");
  await list.getByText("第14条：今晚的票型再议").waitFor();
  const opened = await scrollState(list);
  assert.ok(opened.scrolls, "more messages than the box holds");
  assert.ok(opened.atEnd && opened.lastShown, `opened at the newest: ${JSON.stringify(opened)}`);

  // The reader's own message shows once sent.
  await room.locator("input").fill("收到，我来出第一帖");
  await room.getByRole("button", { name: "发送" }).click();
  await list.getByText("收到，我来出第一帖").waitFor();
  await page.waitForFunction(
    (el) => el && el.scrollHeight - el.scrollTop - el.clientHeight <= 2,
    await list.elementHandle(),
  );
  assert.ok((await scrollState(list)).lastShown, "the sent message is in view");

  // Scrolled up to read: a new message arrives without pulling the reader down.
  await scrollListTo(list, 0);
  await roomPost(writer.cookie, "上面那条先别管");
  await list.getByText("上面那条先别管").waitFor();
  assert.equal((await scrollState(list)).top, 0, "the reader stays where they were");

  // Back at the end: the next message comes into view.
  await scrollListTo(list, -1);
  await roomPost(writer.cookie, "好，按代号序来");
  await list.getByText("好，按代号序来").waitFor();
  const followed = await scrollState(list);
  assert.ok(followed.atEnd && followed.lastShown, `followed: ${JSON.stringify(followed)}`);
  await screenshot(page, "room-at-newest");
  await ctx.close();
});

test("the referee's full log opens at its newest entry and follows what comes while it is read at the end", async () => {
  const ctx = await contextFor(browser, server.url, game.refereeCookie, PHONE);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const log = page.getByTestId("referee-log");
  await log.locator("summary").click();
  const list = log.locator("ol.log");
  await list.locator("li").first().waitFor();
  await page.waitForLoadState("networkidle").catch(() => {});
  const opened = await scrollState(list);
  assert.ok(opened.scrolls, "more entries than the box holds");
  assert.ok(opened.atEnd && opened.lastShown, `opened at the newest: ${JSON.stringify(opened)}`);

  const [voter, target] = game.seats.filter((s) => s.role === "ranger").slice(-2);
  assert.ok(voter && target);
  const before = await list.locator("li").count();
  await server.api("POST", `/api/games/${game.id}/votes`, voter.cookie, {
    requestId: requestId(),
    targets: [target.seat],
  });
  await page.waitForFunction(
    (n) => document.querySelectorAll("[data-testid=referee-log] ol.log li").length > n,
    before,
  );
  const followed = await scrollState(list);
  assert.ok(followed.atEnd && followed.lastShown, `followed: ${JSON.stringify(followed)}`);
  assert.match((await list.locator("li").last().textContent()) ?? "", /投票给/);
  await ctx.close();
});

test("改判: a ruling done empties its reason, and another action drops the last one's 已执行并记录", async () => {
  const seat = game.seats.filter((s) => s.role === "ranger").at(-3)!;
  const ctx = await contextFor(browser, server.url, game.refereeCookie, PHONE);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const box = page.getByTestId("overrides");
  const reason = box.getByPlaceholder("理由（必填，会记录）");
  await box.locator("select[name=override-action]").selectOption("eliminate");
  await box.locator("select[name=override-target]").selectOption(String(seat.seat));
  await reason.fill("哨群查实其曝ID");
  await box.getByRole("button", { name: "执行" }).click();
  await box.getByText("已执行并记录").waitFor();
  assert.equal(await reason.inputValue(), "", "the reason went with its ruling");

  await box.locator("select[name=override-action]").selectOption("revive");
  assert.equal(await box.getByText("已执行并记录").count(), 0, "the last action's notice is gone");
  // The next ruling needs a reason of its own: the form refuses to go without one.
  await box.locator("select[name=override-target]").selectOption(String(seat.seat));
  assert.equal(await reason.evaluate((el: HTMLInputElement) => el.validity.valueMissing), true);
  await reason.fill("误判，恢复");
  await box.getByRole("button", { name: "执行" }).click();
  await box.getByText("已执行并记录").waitFor();
  await box.getByText("误判，恢复").waitFor();
  assert.equal(await reason.inputValue(), "");
  await ctx.close();
});

async function killPage(cookie: string): Promise<Page> {
  const ctx = await contextFor(browser, server.url, cookie, PHONE);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/write?kind=kill`);
  await page.getByTestId("kill-form").waitFor();
  return page;
}

test("写杀帖 after this round's post says it is sent and where it is; a seat without a post still reads 没有出帖权", async () => {
  await server.advanceTo(beijing("12-02 21:05:00"));
  const engineer = game.seats.find((s) => s.role === "engineer")!;
  const target = game.seats.filter((s) => s.role === "ranger").at(-4)!;
  const page = await killPage(engineer.cookie);
  assert.equal(await page.getByText("你本轮没有出帖权").count(), 0, "the engineer has its post");
  await page.locator("select[name=target]").selectOption(String(target.seat));
  await page.getByTestId("editor-text").fill(syntheticText(4242, 850));
  await page.getByRole("button", { name: "出帖" }).click();
  await page.getByTestId("notice-ok").waitFor();
  const posted = page.getByTestId("posted-this-round");
  await posted.waitFor();
  assert.equal(await page.getByText("你本轮没有出帖权").count(), 0, "not told it never had one");
  assert.equal(await posted.textContent(), "你本轮已出帖。 在「我的身份」查看我的杀帖");
  await screenshot(page, "kill-post-sent");
  await posted.getByRole("link").click();
  await page.getByTestId("my-posts").getByText(target.alias).waitFor();
  // 我的身份 says the same, and not that the right was never there.
  const due = (await page.getByTestId("due").textContent()) ?? "";
  assert.match(due, /^待办你本轮已出帖/);
  assert.doesNotMatch(due, /没有出帖权/);
  await page.context().close();

  const ranger = await killPage(game.seats.filter((s) => s.role === "ranger").at(-5)!.cookie);
  // A ranger never posts: told so, with no draft to invite (空军 play-through).
  await ranger.getByText("你的身份没有出帖权，只有投票权。").waitFor();
  assert.equal(await ranger.getByTestId("posted-this-round").count(), 0);
  await ranger.context().close();
});

test("a username as long as the site allows ends in 「…」 in the header at 360px, and the header still fits", async () => {
  const username = `${"longname".repeat(4)}`.slice(0, USERNAME_MAX);
  assert.equal(username.length, USERNAME_MAX);
  const ctx = await contextFor(browser, server.url, await server.account(username), NARROW);
  const page = await ctx.newPage();
  await page.goto("/");
  const me = page.getByTestId("me-name");
  await me.waitFor();
  // The box the text overflows must be the one that draws the ellipsis: an inline-block link inside an ellipsis
  // parent is cut off bare.
  const cut = await me.evaluate((a) => {
    const s = getComputedStyle(a);
    return {
      overflows: a.scrollWidth > a.clientWidth,
      textOverflow: s.textOverflow,
      overflow: s.overflowX,
      display: s.display,
      inScreen: a.getBoundingClientRect().right <= window.innerWidth,
    };
  });
  assert.deepEqual(cut, {
    overflows: true,
    textOverflow: "ellipsis",
    overflow: "hidden",
    display: "block",
    inScreen: true,
  });
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0);
  await page.locator(".topbar").screenshot({ path: "e2e/screenshots/long-username-360.png" });
  await ctx.close();
});

test("名单 on the referee desk fits a 360px screen: no sideways scroll for the widest 代号", async () => {
  for (const size of [NARROW, PHONE]) {
    const ctx = await contextFor(browser, server.url, game.refereeCookie, size);
    const page = await ctx.newPage();
    await page.goto(`/games/${game.id}/referee`);
    const roster = page.getByTestId("roster");
    // The airforce preset's longest 代号, five 字: its column is the one that pushed the table out.
    await roster.getByText("侦查干扰团").first().waitFor();
    const wrap = await roster.evaluate((table) => {
      const box = table.parentElement!;
      return {
        scroll: box.scrollWidth - box.clientWidth,
        page: document.documentElement.scrollWidth - innerWidth,
      };
    });
    assert.deepEqual(wrap, { scroll: 0, page: 0 }, `${size.width}px`);
    await ctx.close();
  }
});
