// The desk's choice of posts to void or rule on: released, standing, with a poster the viewer may see.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { RoundView } from "./engine-view.ts";
import { openIouPosts, standingPosts, voidedPosts } from "./standing-posts.ts";

const post = (index: number, poster: number | null, target: number, lapsed: "voided" | "target-out" | null) =>
  ({ index, poster, target, lapsed }) as NonNullable<RoundView["posts"]>[number];

test("voided posts and hidden posters are left out; a post whose target was out already still stands", () => {
  const rounds = [
    { round: 2, posts: [post(0, 3, 20, null), post(1, 4, 21, "voided")] },
    { round: 3, posts: null },
    { round: 4, posts: [post(0, null, 22, null), post(1, 3, 23, "target-out")] },
  ] as unknown as RoundView[];
  assert.deepEqual(standingPosts(rounds), [
    { round: 2, index: 0, poster: 3, target: 20 },
    { round: 4, index: 1, poster: 3, target: 23 },
  ]);
});

test("恢复杀帖 offers the voided posts alone, each with the poster the referee sees", () => {
  const rounds = [
    { round: 2, posts: [post(0, 3, 20, null), post(1, 4, 21, "voided")] },
    { round: 4, posts: [post(0, null, 22, "voided"), post(1, 3, 23, "target-out")] },
  ] as unknown as RoundView[];
  assert.deepEqual(voidedPosts(rounds), [{ round: 2, index: 1, poster: 4, target: 21 }]);
});

test("认定字数足够 offers the posts whose 白条 is open, each with the poster the referee sees", () => {
  const iou = (index: number, poster: number | null, status: "open" | "completed" | null) =>
    ({ ...post(index, poster, 20 + index, null), iouStatus: status }) as NonNullable<
      RoundView["posts"]
    >[number];
  const rounds = [
    { round: 2, posts: [iou(0, 3, "open"), iou(1, 4, "completed"), iou(2, 5, null)] },
    { round: 3, posts: [iou(0, null, "open")] },
  ] as unknown as RoundView[];
  assert.deepEqual(openIouPosts(rounds), [{ round: 2, index: 0, poster: 3, target: 20 }]);
});
