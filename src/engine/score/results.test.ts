// 结果帖: "每轮结果帖里，勺子除公布传统规则下应公布的项目外，另外还公布黑白两道各自得分情况及分值归属原因".
import assert from "node:assert/strict";
import { test } from "node:test";
import { finalScoreLine, scoreLinesOfRound } from "./results.ts";

const v = (exact: string, value: number) => ({ exact, value });

test("a round's lines: each point at stake with its reason (unscored and never-activated deaths left out), then the score", () => {
  const lines = scoreLinesOfRound({
    out: [
      { alias: "剑1", points: { to: null, reason: "cancelled" } },
      { alias: "黑蛋", points: { to: null, reason: "not-scored" } },
      { alias: "剑2", points: { to: null, reason: "not-activated" } },
      { alias: "A1", code: "疯魔拳", points: { to: "white", reason: "black-voted-out-code-right" } },
    ],
    scores: [{ house: 1, black: v("1", 1), white: v("1", 1) }],
  });
  assert.deepEqual(lines, [
    "分值：剑1 双方均不得分——黑白双方力量冲抵后均不得分。",
    "分值：A1（疯魔拳） 1分归白道——黑道分值人员被票杀，代号正确，分值归白道。",
    "当前得分：黑道 1分，白道 1分。",
  ]);
});

test("no scores (not a score game): no lines", () => {
  assert.deepEqual(scoreLinesOfRound({ out: [{ alias: "侠01" }] }), []);
});

test("the final line shows the exact fraction and two decimals", () => {
  assert.equal(
    finalScoreLine({ black: v("15", 15), white: v("298/43", 6.93) }),
    "最终得分（含存活分）：黑道 15分，白道 298/43分（约6.93分）。",
  );
});

test("seed 000 「黑道分值人员被票杀…如果代号正确，分值归白道，代号错误，分值归黑道」: the line names the 出局代号 judged", () => {
  const lines = scoreLinesOfRound({
    out: [
      { alias: "A1", outCode: "追魂枪", points: { to: "black", reason: "black-voted-out-code-wrong" } },
      { alias: "A2", outCode: null, points: { to: "black", reason: "black-voted-out-code-wrong" } },
      { alias: "侠01", outCode: "疯魔拳", points: { to: "black", reason: "white-voted-out" } },
    ],
    scores: [{ house: 1, black: v("3", 3), white: v("0", 0) }],
  });
  assert.match(lines[0] ?? "", /代号错误，分值归黑道（票楼代号：追魂枪）。$/);
  assert.match(lines[1] ?? "", /（票楼代号：无）。$/);
  assert.ok(!(lines[2] ?? "").includes("票楼代号"), "a white seat's point does not turn on the code");
});

test("seed 000 「总和=…抢得的分数+己方存活分值人员身上已被激活的分值+…」: a running total shows both parts", () => {
  const lines = scoreLinesOfRound({
    out: [{ alias: "A1", points: { to: "white", reason: "black-voted-out-code-right" } }],
    scores: [
      {
        house: 1,
        black: v("2", 2),
        white: v("1", 1),
        parts: {
          black: { taken: v("0", 0), living: v("2", 2) },
          white: { taken: v("1", 1), living: v("0", 0) },
        },
      },
    ],
  });
  assert.equal(
    lines.at(-1),
    "当前得分：黑道 2分（抢得0分＋存活已激活2分），白道 1分（抢得1分＋存活已激活0分）。",
  );
});

test("seed 000 「需先进行黑白双方得分力量的冲抵」: a 冲抵 line lists each camp's forces, a neutral's apart", () => {
  const lines = scoreLinesOfRound(
    {
      out: [
        {
          alias: "侣1",
          code: "五音销魂鞭",
          points: {
            to: "white",
            reason: "cancellation",
            forces: [
              { for: "black", reason: "post-code-wrong", unit: "sword" },
              { for: "white", reason: "lead-voter", by: "黑蛋" },
              { for: "white", reason: "suicide" },
              { for: null, reason: "neutral-force", unit: "hunter" },
            ],
          },
        },
      ],
      scores: [{ house: 1, black: v("0", 0), white: v("1", 1) }],
    },
    { sword: "剑侠", hunter: "猎人" },
  );
  // A post is named by its posting unit, never its poster (hidden from the players until the game ends).
  assert.equal(
    lines[0],
    "分值：侣1（五音销魂鞭） 1分归白道——黑白双方力量冲抵后，余力一方得分（黑道力量1份：剑侠贴杀代号错误；白道力量2份：随黑蛋出局的领票人比照烟花处理、自杀；不计入：猎人中立力量）。",
  );
});

test("seed 000 「双方最后分数总和=…抢得的分数+己方存活分值人员身上已被激活的分值+个人存活分」: the final line shows each term", () => {
  const survival = (seats: number, each: string, total: string) => ({
    seats,
    each: v(each, 0),
    total: v(total, 0),
  });
  assert.equal(
    finalScoreLine({
      black: v("16", 16),
      white: v("56/43", 1.3),
      parts: {
        black: { taken: v("1", 1), living: v("1", 1), survival: survival(14, "1", "14") },
        white: { taken: v("0", 0), living: v("0", 0), survival: survival(4, "14/43", "56/43") },
      },
    }),
    "最终得分（含存活分）：黑道 16分（抢得1分＋存活已激活1分＋个人存活分14人×1分＝14分），白道 56/43分（约1.30分；抢得0分＋存活已激活0分＋个人存活分4人×14/43分＝56/43分）。",
  );
});
