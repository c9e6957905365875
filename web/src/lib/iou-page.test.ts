// The 补白条 page: an editor only while a 白条 is open; once completed, its 字数 and time instead.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { GameEventDto } from "../../../src/server/api-types.ts";
import { iouPage, type OwnIou } from "./iou-page.ts";

const iou = (round: number, post: number, status: OwnIou["status"]): OwnIou => ({
  round,
  post,
  target: 9,
  deadline: 100_000,
  status,
});
const completed = (seq: number, at: number, round: number, post: number, words: number): GameEventDto => ({
  seq,
  type: "IouCompleted",
  at,
  data: { round, post, poster: 3, words, postId: "p" },
});

test("an open 白条 gets the editor", () => {
  assert.deepEqual(iouPage([iou(2, 0, "open")], [], 3), { state: "open", iou: iou(2, 0, "open") });
});

test("once completed: the completion's 字数 and time, no editor", () => {
  const events = [completed(40, 5_000, 2, 0, 1250)];
  assert.deepEqual(iouPage([iou(2, 0, "completed")], events, 3), {
    state: "completed",
    iou: iou(2, 0, "completed"),
    words: 1250,
    at: 5_000,
  });
  // The view said so before the event reached the page: still no editor.
  assert.deepEqual(iouPage([iou(2, 0, "completed")], [], 3), {
    state: "completed",
    iou: iou(2, 0, "completed"),
    words: null,
    at: null,
  });
});

test("a second 白条 still open is the one offered; a later one failed leaves nothing to complete", () => {
  const events = [completed(40, 5_000, 2, 0, 1250)];
  assert.equal(iouPage([iou(2, 0, "completed"), iou(2, 1, "open")], events, 3).state, "open");
  assert.deepEqual(iouPage([iou(2, 0, "completed"), iou(3, 0, "failed")], events, 3), { state: "none" });
  assert.deepEqual(iouPage([], [], 3), { state: "none" });
});

test("认定字数足够: the 白条 the referee accepted is done, with no completion of the poster's to show", () => {
  const accepted = { ...iou(2, 0, "completed"), accepted: true as const };
  assert.deepEqual(iouPage([accepted], [], 3), { state: "completed", iou: accepted, words: null, at: null });
});
