// The results post (结果帖): the forum phrasing a referee would publish, from one round's summary.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatVotes, renderResultsPost } from "./results-post.ts";

const roleNames = { killer: "联合杀手", ranger: "游侠", "bright-bomb": "明弹" };

test("half votes print as halves, whole votes as integers", () => {
  assert.equal(formatVotes(10.5), "10.5票");
  assert.equal(formatVotes(12), "12票");
});

test("a round with 帖杀, 同归, 白条, 票杀 and a revival reads as a referee's post", () => {
  const text = renderResultsPost(
    {
      round: 2,
      out: [
        { alias: "明", role: "bright-bomb", camp: "white", cause: "post" },
        { alias: "杀一", role: "killer", camp: "black", cause: "bomb" },
        { alias: "杀二", role: "killer", camp: "black", cause: "iou" },
        { alias: "侠05", role: "ranger", camp: "white", cause: "vote" },
      ],
      revived: [{ alias: "侠10" }],
      alive: 33,
      tally: [
        { alias: "侠05", votes: 12.5, half: 3 },
        { alias: "侠04", votes: 12, proxy: 1 },
      ],
      overtime: null,
    },
    { roleNames, alliances: ["杀刺联合"] },
  );
  assert.match(text, /^## 第2轮结果/);
  assert.match(text, /票楼结果：侠05 12\.5票（含半票3张），侠04 12票（含托票1张）/);
  assert.match(text, /帖杀：明（白道·明弹）/);
  assert.match(text, /同归（被炸弹带走）：杀一（黑道·联合杀手）/);
  assert.match(text, /白条未按时补齐，出帖者出局：杀二/);
  assert.match(text, /票杀：侠05（白道·游侠）/);
  assert.match(text, /复活：侠10/);
  assert.match(text, /联合：杀刺联合/);
  assert.match(text, /本轮出局4人，复活1人，现存活33人。/);
  // 帖杀 is announced before 票杀, as posts are released before the vote closes.
  assert.ok(text.indexOf("帖杀") < text.indexOf("票杀"));
});

test("overtime that ties again says 先到先出; the end of the game is announced", () => {
  const text = renderResultsPost(
    {
      round: 1,
      out: [{ alias: "侠21", role: "ranger", camp: "white", cause: "vote" }],
      revived: [],
      alive: 39,
      tally: [
        { alias: "侠20", votes: 2 },
        { alias: "侠21", votes: 2 },
      ],
      overtime: {
        tied: ["侠20", "侠21"],
        tally: [
          { alias: "侠21", votes: 3 },
          { alias: "侠20", votes: 3 },
        ],
      },
    },
    { roleNames, result: { winner: "white" } },
  );
  assert.match(text, /平票加时：侠20、侠21 平票，进入加时投票。/);
  assert.match(text, /加时依然平票，按先到先出。/);
  assert.match(text, /游戏结束：白道胜利/);
});

test("the round that ends the game says who won and why, in Chinese, with the rule set's role names", () => {
  const round = { round: 5, out: [], revived: [], alive: 20, tally: [], overtime: null };
  const ended = (ctx: Parameters<typeof renderResultsPost>[1]) => renderResultsPost(round, ctx);
  assert.match(
    ended({
      roleNames: { ...roleNames, assassin: "联合刺客" },
      result: { winner: "white", why: { kind: "all-out", roles: ["killer", "assassin"], camps: [] } },
    }),
    /\*\*游戏结束：白道胜利。\*\*（联合杀手、联合刺客全部出局）$/,
  );
  // A game that ended before the engine kept why as data: the winner alone, never the engine's English.
  assert.match(ended({ roleNames, result: { winner: "black", why: null } }), /\*\*游戏结束：黑道胜利。\*\*$/);
});

test("a round nobody left says so", () => {
  const text = renderResultsPost({ round: 3, out: [], revived: [], alive: 20, tally: [], overtime: null });
  assert.match(text, /本轮无人出局。/);
});
