// 指定出帖人 on the referee's desk: a group posting in code order (「按代号顺序轮流出帖」) whose member on turn is away;
// the referee gives that turn to another living member, who may then post it, and the one skipped may not.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Browser } from "playwright-core";
import { airforce40 } from "../src/rules/presets/airforce-40.ts";
import type { GameViewResponse } from "../src/server/api-types.ts";
import { syntheticText } from "../src/text/synthetic.ts";
import { contextFor } from "./lib/browser.ts";
import { serverAndBrowser } from "./lib/file-setup.ts";
import { airforceGame, type SetUpGame } from "./lib/game.ts";
import { beijing, type Server } from "./lib/server.ts";

let server: Server;
let browser: Browser;
let game: SetUpGame;

// 空军 with its 联合杀手 posting in code order (the preset lets the group choose): round 2 (12-02 21:00–21:30) gives
// them 2 posts, so two killers are on turn and the others wait.
const rulesText = JSON.stringify({
  ...airforce40,
  id: "airforce-40-code-order",
  groups: (airforce40.groups ?? []).map((g) => (g.id === "killer" ? { ...g, rotation: "code-order" } : g)),
});

serverAndBrowser(beijing("12-01 20:00:00"), async (s, b) => {
  server = s;
  browser = b;
  game = await airforceGame(server, { rulesText, prefix: "turn" });
});

test("指定出帖人: the absent killer's turn goes to a killer who waits; they post it, the one skipped cannot", async () => {
  await server.advanceTo(beijing("12-02 21:05:00"));
  const killers = game.seats.filter((s) => s.role === "killer");
  const due = async (cookie: string) =>
    (await server.api<GameViewResponse>("GET", `/api/games/${game.id}`, cookie)).view?.roleCard?.postsDue ??
    0;
  const onTurn: typeof killers = [];
  const waiting: typeof killers = [];
  for (const k of killers) ((await due(k.cookie)) > 0 ? onTurn : waiting).push(k);
  assert.equal(onTurn.length, 2, "two killers are on turn");
  // 按代号序: the rule set's order of the killers' codes.
  const codes = airforce40.roles.find((r) => r.id === "killer")?.codes ?? [];
  onTurn.sort((a, b) => codes.indexOf(a.code ?? "") - codes.indexOf(b.code ?? ""));
  const [absent] = onTurn;
  const [taker] = waiting;
  assert.ok(absent && taker);

  const ctx = await contextFor(browser, server.url, game.refereeCookie);
  const page = await ctx.newPage();
  await page.goto(`/games/${game.id}/referee`);
  const box = page.getByTestId("overrides");
  await box.locator("select[name=override-action]").selectOption("assign-turn");
  assert.equal(await box.locator("select[name=turn-unit] option:checked").textContent(), "联合杀手");
  // The killers' open turns in code order, the first offered.
  assert.equal(
    await box.locator("select[name=turn-from] option:checked").textContent(),
    `轮到 ${absent.alias}`,
  );
  assert.deepEqual(
    await box.locator("select[name=turn-from] option").allTextContents(),
    onTurn.map((k) => `轮到 ${k.alias}`),
  );
  await box.locator("select[name=turn-seat]").selectOption(String(taker.seat));
  await box.getByPlaceholder("理由（必填，会记录）").fill("两天未上线，由组内他人代出");
  await box.getByRole("button", { name: "执行" }).click();
  await box.getByText("已执行并记录").waitFor();
  await box.getByText(`指定出帖人 · ${absent.alias} → ${taker.alias} · 两天未上线，由组内他人代出`).waitFor();
  // The page fetched the full state again: the turn given away reads as the taker's now.
  await box
    .locator("select[name=turn-from] option", {
      hasText: `轮到 ${taker.alias}（原轮到 ${absent.alias}，已指定）`,
    })
    .waitFor({ state: "attached" });
  await ctx.close();

  assert.equal(await due(taker.cookie), 1);
  assert.equal(await due(absent.cookie), 0);
  const ranger = game.seats.find((s) => s.role === "ranger")!;
  const post = (cookie: string, i: number) =>
    server.api<{ postId: string }>("POST", `/api/games/${game.id}/kill-posts`, cookie, {
      requestId: `turn-post-${i}`,
      target: ranger.seat,
      text: syntheticText(i, 900),
    });
  await assert.rejects(post(absent.cookie, 1), /post\.not-your-turn/);
  assert.ok((await post(taker.cookie, 2)).postId, "the taker's post is accepted");
});
