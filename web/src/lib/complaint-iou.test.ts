// 字数不够按白条处理 on the desk: whether the ruling must give the 白条 a deadline of its own.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { GameEventDto } from "../../../src/server/api-types.ts";
import { iouDeadlineNeeded, roundIouDeadline } from "./complaint-iou.ts";

const ev = (seq: number, type: string, data: Record<string, unknown>): GameEventDto => ({
  seq,
  type,
  at: 0,
  data,
});

test("the round's 白条 deadline is its release's, moved by a 延长截止 of that round's 白条 only", () => {
  const events = [
    ev(1, "PostsReleased", { round: 2, iouDeadline: 10_000 }),
    ev(2, "OverrideApplied", { override: { action: "extend", deadline: "round:3:iou", until: 99_000 } }),
  ];
  assert.equal(roundIouDeadline(events, 2), 10_000);
  assert.equal(roundIouDeadline(events, 4), null, "no posts out yet");
  const extended = [
    ...events,
    ev(3, "OverrideApplied", { override: { action: "extend", deadline: "round:2:iou", until: 20_000 } }),
  ];
  assert.equal(roundIouDeadline(extended, 2), 20_000);
  // Due at 20 000, in time until the grace second ends (RULINGS 6).
  assert.equal(iouDeadlineNeeded(extended, 2, 20_999), false);
  assert.equal(iouDeadlineNeeded(extended, 2, 21_000), true);
});
