// postVoid: the archive says why a kill post did nothing, from the event that voided it last.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { GameEventDto } from "../../../src/server/api-types.ts";
import { postVoid } from "./post-void.ts";

const ev = (seq: number, type: string, data: Record<string, unknown>): GameEventDto => ({
  seq,
  type,
  at: seq,
  data,
});
const post = (index: number, lapsed: "target-out" | "voided" | null, poster: number | null = 3) => ({
  round: 1,
  index,
  poster,
  lapsed,
});

test("举报成立, 白条未补 and 哨子作废 each name their own post; a standing post has no mark", () => {
  const events = [
    ev(1, "ComplaintUpheld", { round: 1, post: 0, poster: 3, target: 7, reason: "抄袭" }),
    ev(2, "IouFailed", { round: 1, post: 1, poster: 4, target: 8 }),
    ev(3, "OverrideApplied", {
      round: 1,
      override: { action: "void-post", poster: 5, post: 2 },
      reason: "外文帖",
    }),
    // Another round's complaint on the same index says nothing of round 1's post.
    ev(4, "ComplaintUpheld", { round: 2, post: 2, poster: 5, target: 9, reason: null }),
  ];
  assert.equal(postVoid(post(0, "voided"), events), "complaint");
  assert.equal(postVoid(post(1, "voided", 4), events), "iou");
  assert.equal(postVoid(post(2, "voided", 5), events), "referee");
  assert.equal(postVoid(post(3, null), events), null);
  assert.equal(postVoid(post(4, "target-out"), events), "target-out");
});

test("the last voiding counts: reinstated after a complaint, then voided by the referee", () => {
  const events = [
    ev(1, "ComplaintUpheld", { round: 1, post: 0, poster: 3, target: 7, reason: null }),
    ev(2, "OverrideApplied", {
      round: 1,
      override: { action: "reinstate-post", round: 1, post: 0 },
      reason: "原创",
    }),
    // Before posts were named, 作废杀帖 meant the poster's latest post of the round.
    ev(3, "OverrideApplied", { round: 1, override: { action: "void-post", poster: 3 }, reason: "繁体字帖" }),
  ];
  assert.equal(postVoid(post(0, "voided"), events), "referee");
});

test("a void no event names (a 作废杀帖 streamed with its post hidden) is the referee's", () => {
  const events = [
    ev(1, "OverrideApplied", { round: 1, override: { action: "void-post", poster: null }, reason: "x" }),
  ];
  assert.equal(postVoid(post(0, "voided", null), events), "referee");
});

test("voided with no voiding event at hand (the view came before the events): only 作废, no guessed reason", () => {
  assert.equal(postVoid(post(0, "voided"), []), "void");
  const other = [ev(1, "ComplaintUpheld", { round: 1, post: 1, poster: 4, target: 8, reason: null })];
  assert.equal(postVoid(post(0, "voided"), other), "void");
});
