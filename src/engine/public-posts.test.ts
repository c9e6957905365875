// Public post numbers: contiguous, made of public facts only, and invertible.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { GameEvent, ReleasedPost, RoundPlan } from "./events.ts";
import { postIndexOfPublic, publicNumbering, publicPostNumber } from "./public-posts.ts";
import { Driver, local, preset } from "./test-kit.ts";
import { redactEvent, viewFor } from "./view.ts";

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

describe("players read public post numbers, the referee the engine's", () => {
  // 空军: killers 0–5, lovers 6–7, assassin 8; rangers from 14. Round 2's window is 21:00–21:30.
  function handedIn(): Driver {
    const d = new Driver(preset("airforce-40"));
    d.everyoneVotes(local("12-02 20:00"), () => [39]);
    d.tick(local("12-02 21:00:01"));
    // Hand-in order: the assassin first (0), a lover's post (1) voided before the release, a killer last (2).
    assert.equal(d.post(local("12-02 21:05"), 8, 20), null);
    assert.equal(d.post(local("12-02 21:10"), 6, 21), null);
    assert.equal(
      d.override(local("12-02 21:12"), { action: "void-post", poster: 6, round: 2, post: 1 }),
      null,
    );
    assert.equal(d.post(local("12-02 21:20"), 0, 22), null);
    d.tick(local("12-02 21:30:01"));
    return d;
  }

  test("contiguous numbers in the plan's unit order, no gap for the voided post; the referee keeps raw indices", () => {
    const d = handedIn();
    const units = Object.keys(d.state.rounds[2]?.plan.posts ?? {});
    assert.ok(units.indexOf("killer") < units.indexOf("assassin"), "the plan lists the killers first");
    const ranger = { kind: "seat", seat: 14 } as const;
    const released = d.events("PostsReleased").find((e) => e.round === 2);
    assert.ok(released);
    const shown = redactEvent(released, ranger, d.state) as { posts: ReleasedPost[] };
    assert.deepEqual(
      shown.posts.map((p) => [p.index, p.target]),
      [
        [0, 22],
        [1, 20],
      ],
    );
    const view = viewFor(d.state, ranger).rounds.find((r) => r.round === 2);
    assert.deepEqual(
      view?.posts?.map((p) => [p.index, p.target]),
      [
        [0, 22],
        [1, 20],
      ],
    );
    const out = d.events("PlayerOut").find((e) => e.seat === 22);
    assert.equal((redactEvent(out as GameEvent, ranger, d.state) as { post: number }).post, 0);
    // The referee: the hand-in indices, a gap where the voided post was.
    assert.deepEqual(
      (redactEvent(released, { kind: "referee" }, d.state) as { posts: ReleasedPost[] }).posts.map(
        (p) => p.index,
      ),
      [0, 2],
    );
    assert.deepEqual(
      viewFor(d.state, { kind: "referee" })
        .rounds.find((r) => r.round === 2)
        ?.posts?.map((p) => p.index),
      [0, 2],
    );
  });

  test("a poster reads its own posts by public number, and an unreleased one by none", () => {
    const d = handedIn();
    const lover = viewFor(d.state, { kind: "seat", seat: 6 }).you?.posts.filter((p) => p.round === 2);
    assert.deepEqual(
      lover?.map((p) => [p.index, p.voided]),
      [[null, true]],
    );
    const assassin = viewFor(d.state, { kind: "seat", seat: 8 }).you?.posts.filter((p) => p.round === 2);
    assert.deepEqual(
      assassin?.map((p) => p.index),
      [1],
    );
    // The lover's own 作废 ruling names no post: the post it voided never got a number.
    const ruling = d.events("OverrideApplied").find((e) => e.override.action === "void-post");
    const own = redactEvent(ruling as GameEvent, { kind: "seat", seat: 6 }, d.state) as { override: object };
    assert.deepEqual(own.override, { action: "void-post", poster: 6 });
    assert.equal(redactEvent(ruling as GameEvent, { kind: "seat", seat: 14 }, d.state), null);
  });
});
