// dueDeadlines: posting and 白条 countdowns go only to the players they concern.
import assert from "node:assert/strict";
import { test } from "node:test";
import { dueDeadlines } from "./due-deadlines.ts";
import type { YouView } from "./engine-view.ts";

const deadlines = [
  { key: "round:1:posting", at: 1 },
  { key: "round:1:iou", at: 2 },
  { key: "round:2:posting", at: 3 },
  { key: "round:2:iou", at: 4 },
  { key: "round:2:complaint", at: 5 },
  { key: "round:2:vote", at: 6 },
];
const right = (quota: number): YouView["postRight"] => ({
  unit: "killer",
  quota,
  used: 0,
  ownLeft: quota,
  yourTurn: true,
  groupChoice: false,
});
const iou = (round: number, status: "open" | "completed" | "failed" | "voided") => ({
  round,
  post: 1,
  poster: 3,
  target: 4,
  deadline: 9,
  status,
});
const keys = (you: Pick<YouView, "postRight" | "ious"> | null, current: number) =>
  dueDeadlines(deadlines, you, current).map((d) => d.key);

test("a player without a post right this round (空军 round 1, a ranger) sees no posting deadline", () => {
  assert.deepEqual(keys({ postRight: null, ious: [] }, 1), []);
  assert.deepEqual(keys({ postRight: right(0), ious: [] }, 1), []);
  assert.deepEqual(keys(null, 1), []);
});

test("a poster sees the current round's posting deadline only", () => {
  assert.deepEqual(keys({ postRight: right(1), ious: [] }, 2), ["round:2:posting"]);
});

test("a 白条 deadline goes only to a poster with an open 白条 of that round", () => {
  assert.deepEqual(keys({ postRight: null, ious: [iou(2, "open")] }, 2), ["round:2:iou"]);
  assert.deepEqual(keys({ postRight: null, ious: [iou(1, "open"), iou(2, "completed")] }, 2), [
    "round:1:iou",
  ]);
  assert.deepEqual(keys({ postRight: null, ious: [iou(2, "failed")] }, 2), []);
});
