// A game's own words: 7kill's days, nights and camps against a daily game's rounds and 黑道 / 白道.
import assert from "node:assert/strict";
import { test } from "node:test";
import { termsOf } from "./terms.ts";

const sevenkill = termsOf({
  dayNight: true,
  campNames: { black: "杀手方", white: "好人方", neutral: "中立" },
});
const daily = termsOf({ dayNight: false, campNames: { black: "黑道", white: "白道", neutral: "中立" } });

test("a day-night game's round is 第N天, its night deadlines 第N夜; a daily game's stays 第N轮", () => {
  // Seed 001: "I.白天讨论、投票 -> II.夜晚行使特权 -> III.天亮公布结果 -> IV.等待死者遗言"
  assert.equal(sevenkill.round(3), "第3天");
  assert.equal(sevenkill.deadline("round:3:vote"), "第3天投票截止");
  assert.equal(sevenkill.deadline("round:3:night"), "第3夜结束");
  assert.equal(sevenkill.deadline("round:3:last-words"), "第3夜遗言截止");
  assert.equal(sevenkill.deadline("round:4:open"), "第4天开始");
  assert.equal(daily.round(3), "第3轮");
  assert.equal(daily.deadline("round:3:vote"), "第3轮投票截止");
  assert.equal(termsOf(null).round(2), "第2轮", "before the game's info has loaded");
});

test("camps and the winner by the game's own names", () => {
  // Seed 001: "分为杀手、好人两方" … "杀手全部出局，好人获胜"
  assert.equal(sevenkill.camp("black"), "杀手方");
  assert.equal(sevenkill.winner("white"), "好人方胜利");
  assert.equal(sevenkill.winner("draw"), "平局");
  assert.equal(sevenkill.winner(null), "游戏结束");
  assert.equal(daily.winner("black"), "黑道胜利");
  assert.equal(termsOf(undefined).camp("white"), "白道");
});

test("7kill's second stage is the 高票对决: its countdown says 对决截止, a daily game's overtime 加时截止", () => {
  // Seed 001: "如果出现两个票数相同且均大于等于未出局人数40%者，进行高票对决"
  const duel = termsOf({ dayNight: true, duel: true, campNames: { black: "杀手方", white: "好人方" } });
  assert.equal(duel.deadline("overtime"), "对决截止");
  assert.equal(duel.deadline("round:2:overtime"), "第2天对决截止");
  assert.equal(daily.deadline("overtime"), "加时截止");
  assert.equal(daily.deadline("round:2:overtime"), "第2轮加时截止");
});

test("a 7kill seat out at dawn went out in the night (第N夜), one voted out in the day (第N天); daily games say 第N轮", () => {
  // Seed 001: "II.夜晚行使特权 -> III.天亮公布结果"
  assert.equal(sevenkill.outWhen(2, true), "第2夜");
  assert.equal(sevenkill.outWhen(2, false), "第2天");
  assert.equal(daily.outWhen(2, false), "第2轮");
});
