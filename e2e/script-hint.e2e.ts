// 繁体字帖 / 外文帖 in the browser (seed 002: 哨群有权拒绝外文帖、繁体字帖): the poster is warned while writing, and
// the referee's desk marks the submitted post before its release (and a post whose poster went out since).
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
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
  game = await airforceGame(server, { prefix: "sh" });
  await server.advanceTo(beijing("12-02 21:05:00"));
});

const SIMPLIFIED =
  "那天晚上我们在河边坐了很久，谁也没有说话。风从对岸吹过来，带来一点潮湿的气味。他忽然问我，还记得小时候" +
  "一起去学校的那条路吗？我说当然记得。";
const TRADITIONAL =
  "那天晚上我們在河邊坐了很久，誰也沒有說話。風從對岸吹過來，帶來一點潮濕的氣味。他忽然問我，還記得小時候" +
  "一起去學校的那條路嗎？我說當然記得。";

test("the kill-post editor warns of a traditional draft, and the referee's desk marks the submitted post", async () => {
  const poster = game.seats.find((s) => s.code === "轰炸机")!;
  const target = game.seats.find((s) => s.role === "ranger")!;
  const ctx = await contextFor(browser, server.url, poster.cookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/write?kind=kill`);
  await page.getByTestId("editor-text").fill(SIMPLIFIED);
  await page.getByTestId("wordcount").waitFor();
  assert.equal(await page.getByTestId("script-warning").count(), 0, "a simplified draft is not warned");
  await page.getByTestId("editor-text").fill(TRADITIONAL);
  const warning = page.getByTestId("script-warning");
  await warning.waitFor();
  assert.match(
    (await warning.textContent()) ?? "",
    /^疑似繁体字帖（繁体字约占 100%）：有的规则（如空军）写明哨群有权拒绝/,
  );
  await screenshot(page, "editor-script-warning");
  await ctx.close();

  await server.api("POST", `/api/games/${game.id}/kill-posts`, poster.cookie, {
    requestId: requestId(),
    target: target.seat,
    text: TRADITIONAL.repeat(8),
  });
  const rctx = await contextFor(browser, server.url, game.refereeCookie);
  const ref = await rctx.newPage();
  await ref.goto(`/games/${game.id}/referee`);
  const badge = ref.getByTestId("round-posts").getByTestId("script-badge");
  await badge.waitFor();
  assert.equal(await badge.textContent(), "疑似繁体字帖（繁体字约占 100%）");
  await screenshot(ref, "referee-script-badge");

  // 几方同步发帖 (RULINGS 14): the poster put out before the release posts nothing; the desk keeps the post listed,
  // marked, and counts its slot as free again.
  await server.api("POST", `/api/games/${game.id}/referee/overrides`, game.refereeCookie, {
    requestId: requestId(),
    override: { action: "eliminate", target: poster.seat },
    reason: "违规判出局",
  });
  const withdrawn = ref.getByTestId("round-posts").getByTestId("post-withdrawn");
  await withdrawn.waitFor();
  assert.match((await withdrawn.textContent()) ?? "", /^出帖者已出局，此帖不放出/);
  assert.match((await ref.getByTestId("round-posts").textContent()) ?? "", /已出 0\/\d/);
  await rctx.close();
});
