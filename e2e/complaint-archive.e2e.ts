// A complaint from the inbox to the archive: the inbox says which round's post it is about, the results box says
// what it holds, and a post voided by an upheld complaint keeps its mark in the threads and in the archive.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import { syntheticText } from "../src/text/synthetic.ts";
import { contextFor } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, type SetUpGame } from "./lib/game.ts";
import { beijing, requestId, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await airforceGame(server, { prefix: "ca" });
});

test("the inbox names the post complained of; 举报成立 marks it 作废（举报成立） in the threads and the archive", async () => {
  const rangers = game.seats.filter((s) => s.role === "ranger");
  const [out, target, plaintiff, ...voters] = rangers as [
    (typeof rangers)[0],
    (typeof rangers)[0],
    (typeof rangers)[0],
    ...typeof rangers,
  ];
  // Round 1: three votes put one ranger out, so its results post has something to say.
  await server.advanceTo(beijing("12-02 10:00:00"));
  for (const voter of voters.slice(0, 3))
    await server.api("POST", `/api/games/${game.id}/votes`, voter.cookie, {
      requestId: requestId(),
      targets: [out.seat],
    });
  // Round 2's posting window: a killer posts on the target; the posts are released at 21:30.
  await server.advanceTo(beijing("12-02 21:05:00"));
  const poster = game.seats.find((s) => s.role === "killer")!;
  await server.api("POST", `/api/games/${game.id}/kill-posts`, poster.cookie, {
    requestId: requestId(),
    target: target.seat,
    text: syntheticText(4242, 900),
  });
  await server.advanceTo(beijing("12-02 21:30:02"));
  await server.api("POST", `/api/games/${game.id}/complaints`, plaintiff.cookie, {
    requestId: requestId(),
    round: 2,
    post: 0,
    text: "这篇是旧帖改写",
  });

  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const inbox = page.getByTestId("inbox");
  await inbox.getByText(`${plaintiff.alias} 举报 ${poster.alias} · 第2轮杀帖 → ${target.alias}`).waitFor();

  // The results box: what it holds, and what publishing and copying do with it.
  const results = page.getByTestId("results-editor");
  await results.getByRole("button", { name: "预览" }).click();
  assert.match(await results.locator("textarea").inputValue(), /^## 第1轮结果/);
  await results
    .getByText(/^已生成预览，可在框里修改。框里是 Markdown 写法.*「发布结果帖」发布的就是框里的文字/)
    .waitFor();

  await inbox.locator("input").fill("旧帖改写属实");
  page.once("dialog", (d) => void d.accept());
  await inbox.getByRole("button", { name: "举报成立" }).click();
  await inbox
    .getByTestId("inbox-done")
    .getByText(/^举报成立 · /)
    .waitFor();
  // The handled record keeps the post too.
  await inbox
    .getByTestId("inbox-done")
    .getByText(`${plaintiff.alias} 举报 ${poster.alias} · 第2轮杀帖 → ${target.alias}`)
    .waitFor();
  await ctx.close();

  const player = await contextFor(browser, server.url, plaintiff.cookie);
  const threads = await player.newPage();
  await threads.goto(`/games/${game.id}/threads`);
  // The view may come before the events that say why: the mark settles on the ruling once they are in.
  await threads
    .getByTestId("kill-posts-2")
    .getByTestId("post-void")
    .filter({ hasText: "作废（举报成立）" })
    .waitFor();
  await player.close();

  await server.api("POST", `/api/games/${game.id}/referee/overrides`, game.refereeCookie, {
    requestId: requestId(),
    override: { action: "end-game", winner: "white" },
    reason: "测试结束",
  });
  const after = await contextFor(browser, server.url, plaintiff.cookie);
  const archive = await after.newPage();
  await archive.goto(`/games/${game.id}/archive`);
  const row = archive.getByTestId("archive-posts").locator("li", { hasText: `→ ${target.alias}` });
  await row.waitFor();
  assert.match(
    (await row.textContent()) ?? "",
    new RegExp(`^第2轮 · 联合杀手（${poster.alias}） → ${target.alias} · \\d+字`),
  );
  assert.equal(await row.getByTestId("post-void").textContent(), "作废（举报成立）");
  await after.close();
});
