// A whole 空军 (airforce-40) game played in the browser: a referee and 40 players, each in their own cookie jar.
// The course follows test/scenarios/40-full-game-airforce.yaml (seats matched by role and code name), with a tied
// first vote going to overtime and the first kill post of round 2 written short, as an IOU, and completed later.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { EventListResponse, GameViewResponse } from "../src/server/api-types.ts";
import { syntheticText } from "../src/text/synthetic.ts";
import { contextFor, launchBrowser, screenshot } from "./lib/browser.ts";
import { airforceGame, learnSeats, type Seat, type SetUpGame } from "./lib/game.ts";
import { beijing, type Server, startServer } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;
const contexts = new Map<string, BrowserContext>();
/** Scenario alias (杀一, 侠05, …) → the seat the seeded start gave that role and code. */
const cast = new Map<string, Seat>();

const CODES: Record<string, string> = {
  杀一: "轰炸机",
  杀二: "攻击机",
  杀三: "歼击机",
  杀四: "侦察机",
  杀五: "运输机",
  杀六: "强击机",
  侣一: "航测团",
  侣二: "试飞团",
  刺: "侦查干扰团",
  工: "预警机大队",
  剑一: "沈空",
  剑二: "北空",
  明: "北海",
  暗: "东海",
};

before(async () => {
  server = await startServer(beijing("12-01 20:00:00"));
  browser = await launchBrowser();
});

after(async () => {
  for (const c of contexts.values()) await c.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

function who(name: string): Seat {
  const s = cast.get(name);
  if (!s) throw new Error(`no seat for ${name}`);
  return s;
}

async function ctxOf(cookie: string): Promise<BrowserContext> {
  let c = contexts.get(cookie);
  if (!c) {
    c = await contextFor(browser, server.url, cookie);
    if (cookie === game.refereeCookie) await c.grantPermissions(["clipboard-read", "clipboard-write"]);
    contexts.set(cookie, c);
  }
  return c;
}

/** Opens a page as `name` (a scenario alias, or "referee"), runs `fn`, closes the page. */
async function as<T>(name: string, path: string, fn: (page: Page) => Promise<T>): Promise<T> {
  const cookie = name === "referee" ? game.refereeCookie : who(name).cookie;
  const page = await (await ctxOf(cookie)).newPage();
  try {
    await page.goto(`/games/${game.id}${path}`);
    await page.getByTestId("viewer-banner").waitFor();
    return await fn(page);
  } finally {
    await page.close();
  }
}

async function vote(name: string, targets: string[]): Promise<void> {
  await as(name, "/vote", async (page) => {
    for (const t of targets)
      await page.locator(`[data-testid=ballot] button[data-seat="${who(t).seat}"]`).click();
    await page.getByTestId("cast").click();
    const ok = page.getByTestId("notice-ok");
    const err = page.getByTestId("notice-error");
    await ok.or(err).first().waitFor();
    if (await err.isVisible()) throw new Error(`${name} vote refused: ${await err.textContent()}`);
  });
}

/** Runs `fn` over `items`, a few at a time (each person has their own context, so order within a batch is free). */
async function pool<T>(items: T[], fn: (x: T) => Promise<void>, width = 4): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let x = queue.shift(); x !== undefined; x = queue.shift()) await fn(x);
    }),
  );
}

async function votes(at: string, ballots: Record<string, string[]>): Promise<void> {
  await server.advanceTo(beijing(at));
  await pool(Object.entries(ballots), ([name, targets]) => vote(name, targets));
}

let postSeed = 0;
async function killPost(at: string, name: string, target: string, words = 850): Promise<string> {
  await server.advanceTo(beijing(at));
  return as(name, "/write?kind=kill", async (page) => {
    // A short post asks before it is sent as an IOU; a full one does not ask.
    const asked: string[] = [];
    page.on("dialog", (d) => {
      asked.push(d.message());
      void d.accept();
    });
    await page.locator("select[name=target]").selectOption(String(who(target).seat));
    await page.getByTestId("editor-text").fill(syntheticText(5000 + postSeed++, words));
    await page.getByRole("button", { name: "出帖" }).click();
    const ok = page.getByTestId("notice-ok");
    const err = page.getByTestId("notice-error");
    await ok.or(err).first().waitFor();
    if (await err.isVisible()) throw new Error(`${name} post refused: ${await err.textContent()}`);
    if (words < 800) assert.match(asked.join(""), /不足800字，提交后记为白条/);
    else assert.deepEqual(asked, []);
    return (await ok.textContent()) ?? "";
  });
}

async function view(name: string): Promise<GameViewResponse> {
  const cookie = name === "referee" ? game.refereeCookie : who(name).cookie;
  return server.api<GameViewResponse>("GET", `/api/games/${game.id}`, cookie);
}

async function alive(name: string): Promise<boolean> {
  const v = await view("referee");
  return v.view?.seats.find((s) => s.seat === who(name).seat)?.alive ?? false;
}

async function publishResults(round: number, says?: RegExp): Promise<void> {
  await as("referee", "/referee", async (page) => {
    const box = page.getByTestId("results-editor");
    const input = box.locator("input[type=number]");
    assert.equal(await input.inputValue(), String(round), "it offers the round whose results just came in");
    await input.fill(String(round));
    await box.getByRole("button", { name: "预览" }).click();
    const text = box.locator("textarea");
    await text.waitFor();
    assert.ok((await text.inputValue()).length > 20, "the preview has the round's results");
    if (says) assert.match(await text.inputValue(), says);
    await box.getByRole("button", { name: "发布结果帖" }).click();
    await box.getByText("结果帖已发布").waitFor();
    if (round === 1) {
      await box.getByRole("button", { name: "复制BBCode（Discuz!/PHPWind）" }).click();
      await box.getByText("已复制").waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.ok(copied.startsWith("[size=4][b]第1轮结果[/b][/size]"), "one click copies the BBCode");
      await screenshot(page, "referee-console");
    }
  });
}

test("a full airforce-40 game in the browser", { timeout: 15 * 60_000 }, async () => {
  // ------------------------------------------------ sign-up in the browser: the 40th player writes a 报道
  game = await airforceGame(server, { joined: 39, start: false, prefix: "af" });
  const lastCookie = await server.account("af-player39");
  const lastAlias = "萧十一4";
  {
    const page = await (await ctxOf(lastCookie)).newPage();
    await page.goto(`/games/${game.id}/join`);
    await page.locator("input[name=alias]").fill(lastAlias);
    const editor = page.getByTestId("editor-text");
    await editor.fill("太短的报道");
    assert.match((await page.getByTestId("wordcount").textContent()) ?? "", /^字数 5$/);
    await page.getByRole("button", { name: "提交报道" }).click();
    await page.getByTestId("notice-error").waitFor();
    assert.match(
      (await page.getByTestId("notice-error").textContent()) ?? "",
      /报道字数不足：5字，至少需要300字/,
    );
    await editor.fill(syntheticText(77, 320));
    await screenshot(page, "join-report");
    await page.getByRole("button", { name: "提交报道" }).click();
    await page.getByText("报道成功").waitFor();
    await page.close();
  }
  game.seats.push({
    username: "af-player39",
    cookie: lastCookie,
    alias: lastAlias,
    seat: -1,
    role: "",
    roleName: "",
    code: null,
    camp: "",
  });

  // ------------------------------------------------ the referee closes sign-up and starts, in the console
  await as("referee", "/referee", async (page) => {
    await page.getByRole("button", { name: "截止报名" }).click();
    await page.getByRole("button", { name: "开始游戏" }).waitFor();
    await page.locator("input[name=seed]").fill("airforce-e2e");
    await page.getByRole("button", { name: "开始游戏" }).click();
    await page.getByTestId("roster").locator("tbody tr").nth(40).waitFor();
    // Seats and roles show without a reload: the roster is asked for again when the game starts.
    await page.getByTestId("roster").getByRole("cell", { name: "1号", exact: true }).waitFor();
    assert.equal(await page.getByTestId("roster").getByText("未入座").count(), 0);
  });
  // round1At defaults to now (20:00); the first round opens at 21:00 by the schedule.
  await learnSeats(server, game);
  const rangers = game.seats.filter((s) => s.role === "ranger").sort((a, b) => a.seat - b.seat);
  for (const [name, code] of Object.entries(CODES)) {
    const s = game.seats.find((x) => x.code === code);
    assert.ok(s, `a seat holds ${code}`);
    cast.set(name, s);
  }
  for (const [i, s] of rangers.entries()) cast.set(`侠${String(i + 1).padStart(2, "0")}`, s);
  assert.equal(cast.size, 40);
  await server.advanceTo(beijing("12-01 21:00:05"));

  // ------------------------------------------------ every player reads their role card as told
  await pool(game.seats, async (s) => {
    const name = [...cast.entries()].find(([, x]) => x.seat === s.seat)![0];
    await as(name, "/me", async (page) => {
      const told = (await page.getByTestId("role-name").textContent()) ?? "";
      assert.equal(told, s.role === "hidden-bomb" ? "游侠" : s.roleName, `${name} reads their card`);
      const mates = await page.locator("[data-testid=teammates] [data-seat]").count();
      const expected = { killer: 5, lover: 1, sword: 1 }[s.role] ?? 0;
      assert.equal(mates, expected, `${name} (${s.role}) sees ${expected} teammates`);
      if (s.role === "killer") {
        assert.ok(await page.getByText("杀手小黑屋").isVisible(), "a killer has the killers' room");
        assert.equal(await page.getByText("情侣刺小黑屋").count(), 0, "and not the lovers' room");
      }
    });
  });

  // ------------------------------------------------ round 1: a 2–2 tie goes to overtime (15 minutes)
  await votes("12-02 10:00:00", { 侠22: ["侠26"], 侠23: ["侠26"], 侠24: ["侠25"], 侠21: ["侠25"] });
  await vote("侠21", ["侠26"]); // a change of vote…
  await vote("侠21", ["侠25"]); // …and back: still 2–2
  // The tally is live on an open page: a vote cast elsewhere shows up through the stream.
  await as("侠01", "/vote", async (page) => {
    const row = page.locator(`[data-testid=tally] [data-seat="${who("侠25").seat}"] .tally-votes`);
    assert.equal(await row.textContent(), "2票");
    await server.advanceTo(beijing("12-02 10:05:00"));
    await vote("侠20", ["侠25"]);
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.textContent === "3票",
      `[data-testid=tally] [data-seat="${who("侠25").seat}"] .tally-votes`,
    );
  });
  await vote("侠20", ["侠24"]); // back to a tie between 侠25 and 侠26
  await server.advanceTo(beijing("12-02 21:00:01"));
  await as("侠22", "/vote", async (page) => {
    await page.getByTestId("overtime-badge").waitFor();
    const rows = page.locator("[data-testid=tally] .tally-row");
    assert.equal(await rows.count(), 2, "overtime shows only the tied players");
    const choices = page.locator("[data-testid=ballot] .choice");
    assert.equal(await choices.count(), 2, "and only they can be voted for");
    await screenshot(page, "vote-overtime");
  });
  await votes("12-02 21:03:00", { 侠22: ["侠26"], 侠23: ["侠26"], 侠24: ["侠26"] });
  await as("侠21", "/vote", async (page) => {
    // The overtime's live tally, though round 2 has opened meanwhile.
    const row = page.locator(`[data-testid=tally] .tally-row[data-seat="${who("侠26").seat}"]`);
    await row.locator(".tally-votes").filter({ hasText: "3票" }).waitFor();
  });
  await server.advanceTo(beijing("12-02 21:15:02"));
  assert.equal(await alive("侠26"), false, "侠26 is voted out in overtime");
  assert.equal(await alive("侠25"), true);
  await publishResults(1);
  // Until round 2's vote opens at 21:30, the vote machine shows how round 1 ended: the 2–2 vote, then overtime.
  await as("侠01", "/vote", async (page) => {
    const final = page.getByTestId("final-tally");
    await final.waitFor();
    const text = (await final.textContent()) ?? "";
    assert.match(text, /^第1轮最终票数/);
    const out = who("侠26").alias;
    assert.match(text, new RegExp(`平票加时.*${out}3票.*上票房：${out}$`));
    assert.match(
      (await page.getByTestId("vote-machine").locator(".vote-head").textContent()) ?? "",
      /第2轮投票将在 21:30(:00)? 杀帖公布后开始/,
    );
  });

  // ------------------------------------------------ round 2: posts in code order, the first one an IOU
  const iouMsg = await killPost("12-02 21:16:00", "杀一", "侠01", 500);
  assert.match(iouMsg, /白条/);
  await killPost("12-02 21:17:00", "杀二", "侠02");
  await killPost("12-02 21:18:00", "侣一", "侠03");
  await killPost("12-02 21:19:00", "刺", "侠04");
  await killPost("12-02 21:20:00", "剑一", "杀六");
  await killPost("12-02 21:21:00", "工", "侠05");
  await as("referee", "/referee", async (page) => {
    // Before the release only the referee sees the posts: per unit, who wrote on whom, and the IOU.
    const box = page.getByTestId("round-posts");
    await box.waitFor();
    const killers = await box.locator("li[data-unit=killer]").textContent();
    assert.match(killers ?? "", /已出 2\/2/);
    assert.match(killers ?? "", new RegExp(`${who("杀一").alias} → ${who("侠01").alias} · 500字白条`));
    assert.match((await box.locator("li[data-unit=engineer]").textContent()) ?? "", /已出 1\/1/);
  });
  await server.advanceTo(beijing("12-02 21:30:02"));
  // Kill posts are released together; the IOU shows as one.
  await as("侠10", "/threads", async (page) => {
    const posts = page.getByTestId("kill-posts-2").locator(".post");
    await posts.first().waitFor();
    assert.equal(await posts.count(), 6);
    assert.equal(await page.getByTestId("kill-posts-2").locator(".badge.iou").count(), 1);
    await screenshot(page, "threads-kill-posts");
  });
  // The poster sees the open IOU and completes it in time, in the editor.
  await server.advanceTo(beijing("12-03 09:30:00"));
  await as("杀一", "/me", async (page) => {
    await page.getByTestId("ious").getByRole("link", { name: "补白条" }).click();
    await page.getByTestId("iou-form").waitFor();
    await page.getByTestId("editor-text").fill(syntheticText(9001, 1250));
    await page.getByRole("button", { name: "补上白条" }).click();
    await page.getByText("白条已补齐").waitFor();
  });
  await votes("12-03 12:00:00", {
    ...Object.fromEntries(
      ["侠07", "侠08", "杀一", "杀二", "杀三", "杀四", "侣一", "侣二", "刺", "工", "剑一", "剑二", "明", "暗"]
        .concat(["侠05", "侠09", "侠10", "侠11"])
        .map((n) => [n, ["杀五", "侠06"]]),
    ),
    ...Object.fromEntries(
      ["杀五", "侠06", "侠12", "侠13", "侠14", "侠15", "侠16", "侠17", "侠18", "侠19", "侠20", "侠21", "侠22"]
        .concat(["侠23", "侠24"])
        .map((n) => [n, ["侠07", "侠08"]]),
    ),
  });
  // 侠25 hands a vote to the referee (托票, one target) and the referee casts it from the inbox.
  await as("侠25", "/vote", async (page) => {
    await page.getByText("托票", { exact: true }).click();
    // "20:45分后不接受任何形式的托票": the form gives the cut-off itself.
    assert.match((await page.getByTestId("proxy-hint").textContent()) ?? "", / 20:45 起不再接受托票。$/);
    // Named as on the ballot (seat number and alias), the voter left out.
    const targets = await page.locator("select[name=proxy-target] option:not([value=''])").allTextContents();
    assert.ok(targets.length > 0 && targets.every((o) => /^\d+号 /.test(o)), targets.join("|"));
    assert.ok(!targets.some((o) => o.endsWith(` ${who("侠25").alias}`)), "no 托票 to oneself");
    await page.locator("select[name=proxy-target]").selectOption(String(who("侠07").seat));
    await page.getByRole("button", { name: "托给哨子" }).click();
    await page.getByText("托票已交给哨子").waitFor();
    // The request's state stays on the page after the form's notice is gone.
    await page.reload();
    await page
      .getByTestId("my-proxy")
      .getByText(`你的托票（投 ${who("侠07").alias}）在等哨子代投`)
      .waitFor();
  });
  await as("referee", "/referee", async (page) => {
    const inbox = page.getByTestId("inbox");
    await inbox.getByRole("button", { name: "代投" }).click();
    // The row turns into the record at once (no reload), with no button left to cast it twice.
    await inbox
      .getByTestId("inbox-done")
      .getByText(/^已代投 · /)
      .waitFor();
    assert.equal(await inbox.getByRole("button", { name: "代投" }).count(), 0);
  });
  await as("侠25", "/vote", async (page) => {
    await page.getByTestId("my-proxy").getByText("哨子已按你的托票代投").waitFor();
  });
  await as("侠12", "/vote", async (page) => {
    const row = (n: string) => page.locator(`[data-testid=tally] [data-seat="${who(n).seat}"]`);
    await row("侠07").locator(".mark.proxy").waitFor();
    assert.equal(await row("侠07").locator(".mark.proxy").textContent(), "托票×1");
    await screenshot(page, "vote-machine");
    // The README's picture: the vote machine at desktop width, from the countdown to the tally.
    await page.setViewportSize({ width: 960, height: 900 });
    const top = await page.locator(".game-head").boundingBox();
    const bottom = await page.getByTestId("tally").boundingBox();
    if (top && bottom) {
      await page.screenshot({
        path: "e2e/screenshots/vote-machine-readme.png",
        fullPage: true,
        clip: {
          x: 0,
          y: Math.max(0, top.y - 130),
          width: 960,
          height: bottom.y + bottom.height - top.y + 140,
        },
      });
    }
  });
  await server.advanceTo(beijing("12-03 21:00:02"));
  assert.equal(await alive("杀一"), true, "the completed IOU keeps its poster in");
  assert.equal(await alive("侠01"), false);
  for (const n of ["杀五", "侠06", "侠07", "侠08", "杀六"])
    assert.equal(await alive(n), false, `${n} is out`);
  await publishResults(2);

  // ------------------------------------------------ round 3
  await killPost("12-03 21:05:00", "杀三", "侠09");
  await killPost("12-03 21:06:00", "杀四", "侠10");
  await killPost("12-03 21:07:00", "杀一", "侠11");
  await killPost("12-03 21:08:00", "侣二", "侠12");
  await killPost("12-03 21:09:00", "工", "明");
  await server.advanceTo(beijing("12-03 21:30:02"));
  await votes("12-04 12:00:00", {
    ...Object.fromEntries(
      [
        "侠14",
        "侠15",
        "杀一",
        "杀二",
        "杀三",
        "杀四",
        "侣一",
        "侣二",
        "工",
        "剑一",
        "剑二",
        "暗",
        "侠05",
      ].map((n) => [n, ["刺", "侠13"]]),
    ),
    ...Object.fromEntries(
      ["刺", "侠13", "侠16", "侠17", "侠18", "侠19", "侠20", "侠21", "侠22", "侠23", "侠24", "侠25"].map(
        (n) => [n, ["侠14", "侠15"]],
      ),
    ),
  });
  await server.advanceTo(beijing("12-04 21:00:02"));
  assert.equal(await alive("明"), false, "the engineer's post found the bright bomb");
  assert.equal(await alive("刺"), false);

  // ------------------------------------------------ round 4: the alliance fires after its posts and rooms merge
  await killPost("12-04 21:05:00", "杀二", "侠16");
  await killPost("12-04 21:06:00", "杀三", "侠17");
  await killPost("12-04 21:07:00", "侣一", "侠18");
  await killPost("12-04 21:08:00", "侣二", "侠19");
  await killPost("12-04 21:09:00", "剑二", "侠05");
  await server.advanceTo(beijing("12-04 21:30:02"));
  await as("侣一", "/me", async (page) => {
    const room = page.locator("[data-testid=room-black-room]");
    await room.waitFor();
    await room.locator("input").fill("联合了，今晚一起商量票型");
    await room.getByRole("button", { name: "发送" }).click();
    await room.getByText("联合了，今晚一起商量票型").waitFor();
  });
  await as("杀一", "/me", async (page) => {
    const room = page.locator("[data-testid=room-black-room]");
    await room.getByText("联合了，今晚一起商量票型").waitFor();
    assert.ok(
      await page.locator("[data-testid=room-killer-room]").isVisible(),
      "the killers' own room stays",
    );
    await screenshot(page, "role-card-after-alliance");
  });
  await as("referee", "/referee", async (page) => {
    // The referee reads every team room, the alliance's too, without writing in them.
    const rooms = page.getByTestId("referee-rooms");
    await rooms.locator("summary").click();
    const room = rooms.locator("[data-testid=room-black-room]");
    await room.getByText("联合了，今晚一起商量票型").waitFor();
    assert.equal(await room.locator("input").count(), 0, "read-only");
  });
  await as("剑一", "/me", async (page) => {
    assert.equal(await page.locator("[data-testid=room-black-room]").count(), 0, "a swordsman never sees it");
  });
  await server.advanceTo(beijing("12-05 11:00:00"));
  await as("referee", "/referee", async (page) => {
    const editor = page.getByTestId("progression-editor");
    await editor.locator("summary").click();
    await editor.locator("input[name=round]").fill("5");
    await editor.locator("textarea[name=posts]").fill("sword=1");
    await editor.locator("input[name=reason]").fill("黑道仅余四人，第五轮改为剑帖1");
    await editor.getByRole("button", { name: "执行" }).click();
    await editor.getByText("已执行并记录").waitFor();
  });
  await votes("12-05 12:00:00", {
    ...Object.fromEntries(
      ["侠20", "侠21", "杀一", "杀二", "杀三", "侣一", "工", "剑一"].map((n) => [n, ["杀四", "侣二"]]),
    ),
    ...Object.fromEntries(
      ["杀四", "侣二", "剑二", "暗", "侠22", "侠23", "侠24", "侠25"].map((n) => [n, ["侠20", "侠21"]]),
    ),
  });
  await server.advanceTo(beijing("12-05 21:00:02"));

  // ------------------------------------------------ round 5 and 6
  await killPost("12-05 21:05:00", "剑一", "暗");
  await server.advanceTo(beijing("12-05 21:30:02"));
  await as("侠22", "/", async (page) => {
    // Once the posts are out, the board's plan says what came of it.
    const plan = page.getByTestId("progression").locator("ul.plan");
    await plan.waitFor();
    const lines = await plan.locator("li").allTextContents();
    assert.ok(
      lines.some((l) => /^联合剑侠：出帖 1\s*（已放出 1）$/.test(l)),
      `the plan says what came of it: ${lines.join(" / ")}`,
    );
    // The whole rule set stays at hand during the game, folded under the board.
    const rules = page.getByTestId("rules-summary-folded");
    await rules.locator("summary").click();
    assert.equal(await rules.getByTestId("rules-progression").locator("tbody tr").count(), 6);
    assert.match((await rules.getByTestId("rules-roles").textContent()) ?? "", /联合杀手×6/);
  });
  await votes("12-06 12:00:00", {
    杀一: ["侠22", "侠23"],
    杀二: ["侠24", "侠25"],
    杀三: ["剑一", "剑二"],
    侣一: ["侠22", "侠24"],
    工: ["侠23", "侠25"],
    剑一: ["杀一", "杀二"],
    剑二: ["杀一", "杀二"],
    侠22: ["杀一", "杀三"],
    侠23: ["杀一", "杀三"],
    侠24: ["杀二", "杀三"],
    侠25: ["杀二", "杀三"],
  });
  await server.advanceTo(beijing("12-06 21:00:02"));
  await votes("12-07 12:00:00", {
    剑一: ["侣一", "工"],
    剑二: ["侣一", "工"],
    侠22: ["侣一", "工"],
    侠23: ["侣一", "工"],
    侠24: ["侣一", "侠25"],
    侠25: ["侣一", "工"],
    侣一: ["侠22", "侠23"],
    工: ["侠22", "侠24"],
  });
  await server.advanceTo(beijing("12-07 21:10:00"));
  const final = await view("referee");
  assert.equal(final.view?.result?.winner, "white", "every killer, lover and assassin is out: 白道胜利");
  assert.equal(final.view?.result?.message, "联合杀手、情侣刺客、独立刺客全部出局", "why, in Chinese");
  await publishResults(6, /\*\*游戏结束：白道胜利。\*\*（联合杀手、情侣刺客、独立刺客全部出局）/);

  // ------------------------------------------------ what everyone sees at the end
  for (const name of ["侠23", "杀一", "暗"]) {
    await as(name, "", async (page) => {
      await page.getByTestId("result").waitFor();
      assert.match(
        (await page.getByTestId("result").textContent()) ?? "",
        /白道胜利 · 联合杀手、情侣刺客、独立刺客全部出局/,
      );
    });
  }
  await as("侠23", "/threads", async (page) => {
    await page.getByRole("button", { name: "结果帖" }).click();
    assert.equal(await page.getByTestId("results-post").count(), 3, "three results posts were published");
  });
  await as("侠24", "/archive", async (page) => {
    await page.getByTestId("camp-chart").waitFor();
    const revealed = await page.locator("[data-testid=archive] .seat-role").allTextContents();
    assert.equal(revealed.length, 40);
    assert.ok(
      revealed.some((t) => t.startsWith("暗弹")),
      "the archive reveals the hidden bomb",
    );
    // The page's stream leaves ballot events out; the archive fetches every ballot of the game itself.
    const { events } = await server.api<EventListResponse>(
      "GET",
      `/api/games/${game.id}/events`,
      who("侠24").cookie,
    );
    const ballots = events.filter((e) => e.type === "VoteCast").length;
    const listed = page.locator("[data-testid=archive-votes] .ballots li");
    await listed.first().waitFor({ state: "attached" });
    assert.ok(ballots > 100, `${ballots} ballots in the game`);
    assert.equal(await listed.count(), ballots, "the archive lists every ballot");
    // Every kill post names who wrote it, now the game is over: 侣一's round-4 post on 侠18.
    const posts = await page.locator("[data-testid=archive-posts] li").allTextContents();
    assert.ok(
      posts.some((t) => t.includes(`（${who("侣一").alias}）`) && t.includes(`→ ${who("侠18").alias} `)),
      `the archive names the writer: ${posts.join(" / ")}`,
    );
    await screenshot(page, "archive");
  });
});
