// progressionTitle: between 开始游戏 and round 1 the 进程 card says the game has started and when round 1 opens.
import assert from "node:assert/strict";
import { test } from "node:test";
import { progressionTitle } from "./progression-title.ts";
import { termsOf } from "./terms.ts";

const t = termsOf(null);
/** A Beijing wall-clock time (UTC+8) on 2024-12-01. */
const at = (h: number, min = 0) => Date.UTC(2024, 11, 1, h - 8, min, 0);
const opens = [{ key: "round:1:open", at: at(21) }];

test("started, round 1 not yet open: says so, with round 1's start", () => {
  assert.equal(progressionTitle(null, "running", opens, t, at(20, 5)), "游戏已开始，第1轮于 21:00:00 开始");
});

test("round 1's start on another day carries its date", () => {
  assert.equal(
    progressionTitle(null, "running", opens, t, Date.UTC(2024, 10, 30, 12)),
    "游戏已开始，第1轮于 12/1 21:00:00 开始",
  );
});

test("started with no opening known: only that it has started", () => {
  assert.equal(progressionTitle(null, "running", [], t, at(20)), "游戏已开始");
});

test("a running round is named; before the start the old words stay", () => {
  assert.equal(progressionTitle(2, "running", opens, t, at(20)), "第2轮");
  assert.equal(progressionTitle(null, "closed", [], t, at(20)), "游戏尚未开始");
});
