// complainedPost: the inbox says which round's post a complaint is about, and against whom it was posted.
import assert from "node:assert/strict";
import { test } from "node:test";
import { complainedPost } from "./complained-post.ts";
import type { RoundView } from "./engine-view.ts";

const round = (n: number, targets: number[]) =>
  ({
    round: n,
    posts: targets.map((target, index) => ({ index, target, poster: 3, lapsed: null })),
  }) as unknown as RoundView;

test("a complaint names its round and post: the post's target is read from that round", () => {
  const rounds = [round(1, []), round(2, [11, 12]), round(3, [13])];
  assert.deepEqual(complainedPost({ round: 2, post: 1 }, rounds), { round: 2, target: 12 });
  assert.deepEqual(complainedPost({ round: 3, post: 0 }, rounds), { round: 3, target: 13 });
});

test("an old complaint without its post, or a post not in the view, has no detail", () => {
  const rounds = [round(2, [11])];
  assert.equal(complainedPost({}, rounds), null);
  assert.equal(complainedPost({ round: 2, post: 5 }, rounds), null);
  assert.equal(complainedPost({ round: 4, post: 0 }, rounds), null);
});
