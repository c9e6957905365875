// Public post numbers: contiguous, made of public facts only, and invertible.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { ReleasedPost, RoundPlan } from "./events.ts";
import { postIndexOfPublic, publicNumbering, publicPostNumber } from "./public-posts.ts";

const plan: RoundPlan = {
  votesPerVoter: 1,
  voteOut: 1,
  posts: { killer: 2, assassin: 1 },
  extraPosts: { sword: 1 },
};

function post(index: number, unit: string, target: number): ReleasedPost {
  return { index, poster: 10 + index, target, unit, kind: "kill", words: 500, iou: false, lapsed: null };
}

describe("public post numbers", () => {
  // Hand-in order: the assassin first (0), a post voided before the release (1, never released), the killers (2, 3),
  // the sword (4), a role takeover (5).
  const released = [
    post(0, "assassin", 7),
    post(2, "killer", 9),
    post(3, "killer", 4),
    post(4, "sword", 1),
    post(5, "role:x", 2),
  ];
  const round = { plan, released };

  test("numbers follow the plan's unit order, then the target, contiguous 0..n-1 around an unreleased post", () => {
    assert.deepEqual(
      released.map((p) => publicPostNumber(round, p.index)),
      // killer→4 (3), killer→9 (2), assassin (0), sword (4), then the unit outside the plan.
      [2, 1, 0, 3, 4],
    );
    assert.equal(publicPostNumber(round, 1), null, "a post never released has no public number");
    assert.equal(publicPostNumber(round, 9), null);
    assert.deepEqual([...publicNumbering(round).values()].sort(), [0, 1, 2, 3, 4]);
  });

  test("postIndexOfPublic inverts it, and refuses what is not a released post's number", () => {
    for (const p of released)
      assert.equal(postIndexOfPublic(round, publicPostNumber(round, p.index) as number), p.index);
    assert.equal(postIndexOfPublic(round, 5), null);
    assert.equal(postIndexOfPublic(round, -1), null);
    assert.equal(postIndexOfPublic(round, 1.5), null);
    assert.equal(postIndexOfPublic(undefined, 0), null);
  });

  test("the hand-in index breaks a tie only between one unit's posts on one target", () => {
    const twin = { plan, released: [post(3, "killer", 4), post(1, "killer", 4), post(0, "assassin", 4)] };
    assert.deepEqual(
      [1, 3, 0].map((i) => publicPostNumber(twin, i)),
      [0, 1, 2],
    );
  });

  test("the numbering does not depend on the order the posts were handed in", () => {
    const a = { plan, released: [post(0, "killer", 3), post(1, "assassin", 2)] };
    const b = { plan, released: [post(0, "assassin", 2), post(1, "killer", 3)] };
    assert.equal(publicPostNumber(a, 0), publicPostNumber(b, 1));
    assert.equal(publicPostNumber(a, 1), publicPostNumber(b, 0));
  });

  test("before the release there is nothing to number", () => {
    assert.equal(publicPostNumber({ plan, released: null }, 0), null);
    assert.equal(postIndexOfPublic({ plan, released: null }, 0), null);
  });
});
