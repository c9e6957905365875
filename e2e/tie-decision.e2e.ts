// A tie the final tie-break leaves to the referee (an overtime nobody voted in): it waits in the referee's inbox,
// the referee ticks whom to put out and gives a reason, and the chosen goes out as voted out.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import type { GameViewResponse, ResultsPreviewResponse } from "../src/server/api-types.ts";
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
  game = await airforceGame(server);
});

test("RULINGS 11: a tie nobody broke in overtime is the referee's; 确定出局 in the inbox puts the chosen out by vote", async () => {
  const rangers = game.seats.filter((s) => s.role === "ranger");
  const [a, b, ...voters] = rangers as [(typeof rangers)[0], (typeof rangers)[0], ...typeof rangers];
  await server.advanceTo(beijing("12-02 10:00:00"));
  for (const [i, voter] of voters.slice(0, 4).entries())
    await server.api("POST", `/api/games/${game.id}/votes`, voter.cookie, {
      requestId: `tie-vote-${i}`,
      targets: [i % 2 === 0 ? a.seat : b.seat],
    });
  await server.advanceTo(beijing("12-02 21:00:05"));
  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  // While the overtime runs, the desk says so first.
  await page.goto(`/games/${game.id}/referee`);
  assert.match(
    (await page.getByTestId("referee-overtime").textContent()) ?? "",
    new RegExp(`^第1轮平票加时进行中：.*${a.alias}.*，21:15:00 截止`),
  );
  // The results card offers round 1, whose 加时 runs, not round 2, which has opened meanwhile.
  const results = page.getByTestId("results-editor");
  assert.equal(await results.locator("input[type=number]").inputValue(), "1");
  await server.advanceTo(beijing("12-02 21:15:05"));
  // Until the referee decides the tie, the results post is not written: it would put nobody out.
  await page.reload();
  await results.getByRole("button", { name: "预览" }).click();
  await results.getByText("第1轮还有待哨子裁定的平票或领票人").waitFor();

  // On another tab, the 哨子 tab says something waits.
  await page.goto(`/games/${game.id}`);
  await page.getByTestId("tab-referee").getByTestId("inbox-waiting").filter({ hasText: "1" }).waitFor();
  await page.getByTestId("tab-referee").click();
  const item = page.getByTestId("inbox-tie");
  await item.waitFor();
  assert.match((await item.textContent()) ?? "", /第1轮投票平票（加时无人得票）：由哨子在 .+ 中定1人出局/);
  const decide = item.getByRole("button", { name: "确定出局" });
  assert.equal(await decide.isDisabled(), true, "nobody chosen, no reason: nothing to send");
  await item.getByLabel(a.alias).check();
  await item.getByPlaceholder("裁定理由").fill("加时无人投票，哨子定出局");
  await decide.click();
  await page.getByTestId("inbox-done").filter({ hasText: "已裁定" }).waitFor();
  // The handled item says what was decided, not only that it was.
  assert.equal(
    await page.getByTestId("inbox-done").getByTestId("inbox-ruling").textContent(),
    `已裁定：${a.alias} 出局（理由：加时无人投票，哨子定出局）`,
  );
  await page.getByTestId("tab-referee").getByTestId("inbox-waiting").waitFor({ state: "detached" });
  await screenshot(page, "referee-tie-decided");
  await ctx.close();

  const view = await server.api<GameViewResponse>("GET", `/api/games/${game.id}`, game.refereeCookie);
  assert.equal(view.view?.seats.find((s) => s.seat === a.seat)?.alive, false);
  assert.equal(view.view?.seats.find((s) => s.seat === b.seat)?.alive, true);
  const post = await server.api<ResultsPreviewResponse>(
    "GET",
    `/api/games/${game.id}/referee/results?round=1`,
    game.refereeCookie,
  );
  assert.match(post.text, new RegExp(`哨子定 ${a.alias} 出局。`));
  assert.match(post.text, new RegExp(`^票杀：${a.alias}（`, "m"));

  // Round 2's posts: nobody sends one, and once the window closes the board says they were forfeited (RULINGS 19).
  await server.advanceTo(beijing("12-02 21:30:05"));
  const board = await contextFor(browser, server.url, b.cookie);
  const bp = await board.newPage();
  await bp.goto(`/games/${game.id}`);
  const plan = bp.getByTestId("progression").locator("ul.plan");
  await plan.waitFor();
  const lines = await plan.locator("li").allTextContents();
  assert.ok(
    lines.some((l) => /^联合杀手：出帖 2\s*（已放出 0，未出 2）$/.test(l)),
    `the plan says the posts were not sent: ${lines.join(" / ")}`,
  );
  await board.close();

  // The seat put out is told when and why on its own page.
  const mine = await contextFor(browser, server.url, a.cookie);
  const me = await mine.newPage();
  await me.goto(`/games/${game.id}/me`);
  assert.equal(await me.getByTestId("my-out").textContent(), "你已于第1轮出局（票杀）。");
  await mine.close();
});

test("conditions for both camps at once (everyone out for not voting): 胜负待裁定 in the inbox; 结束游戏 there ends it", async () => {
  // Round 2 (seed 002 「第一轮之后，依旧未使用投票机投票者，按自杀计算」): nobody votes, so every seat left goes out.
  await server.advanceTo(beijing("12-03 21:00:05"));
  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const item = page.getByTestId("inbox-ending");
  await item.waitFor();
  assert.match((await item.textContent()) ?? "", /第2轮结束条件同时成立：规则未定哪一方胜出，胜负由哨子裁定/);
  assert.match((await item.textContent()) ?? "", /白道胜利（联合杀手、情侣刺客、独立刺客全部出局）/);
  const end = item.getByRole("button", { name: "结束游戏" });
  assert.equal(await end.isDisabled(), true, "no result chosen, no reason: nothing to send");
  await item.getByLabel("平局").check();
  await item.getByPlaceholder("裁定理由").fill("双方同时全灭，判平局");
  await end.click();
  await page.getByTestId("inbox-done").filter({ hasText: "已裁定" }).first().waitFor();
  const ruled = page
    .getByTestId("inbox-done")
    .filter({ hasText: "结束条件同时成立" })
    .getByTestId("inbox-ruling");
  assert.equal(await ruled.textContent(), "已裁定：平局（理由：双方同时全灭，判平局）");
  await screenshot(page, "referee-ending-decided");
  await ctx.close();
  const view = await server.api<GameViewResponse>("GET", `/api/games/${game.id}`, null);
  assert.equal(view.view?.result?.winner, "draw");
});
