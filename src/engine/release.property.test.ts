// Property: a round's posts act together (几方同步发帖), and their 白条 fail together: submission order changes nothing.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { summarize } from "./summary.ts";
import { Driver, local, preset } from "./test-kit.ts";

// 空军 round 2 posters: killers 0 and 1, lover 6, assassin 8, engineer 9, swordsman 10. Targets among the round's
// posters, the bright bomb 12, the hidden bomb 13 and a ranger, so posts cross, meet on bombs and double up; a post of
// 500 字 is a 白条 that fails at 10:00.
const POSTERS = [0, 1, 6, 8, 9, 10];
const OTHERS = [12, 13, 20];

interface Post {
  poster: number;
  target: number;
  words: number;
}

/** Round 2's posts submitted in the given order, run through the IOU deadline and round 2's vote. */
function play(posts: Post[]): unknown {
  const d = new Driver(preset("airforce-40"));
  d.everyoneVotes(local("12-02 20:00"), () => [39]);
  d.tick(local("12-02 21:00:01"));
  for (const p of posts) assert.equal(d.post(local("12-02 21:05"), p.poster, p.target, p.words), null);
  d.tick(local("12-02 21:30:01"));
  d.tick(local("12-03 10:00:01"));
  d.everyoneVotes(local("12-03 20:00"), () => [30]);
  d.tick(local("12-03 21:00:01"));
  const s = summarize(d.state);
  // The 帖杀 and 复活 lists follow the posts' order in the thread; who went out or came back, and how, must not.
  const bySeat = <T extends { seat: number }>(xs: T[]) => [...xs].sort((a, b) => a.seat - b.seat);
  return { ...s, rounds: s.rounds.map((r) => ({ ...r, out: bySeat(r.out), revived: bySeat(r.revived) })) };
}

const postsArb = fc.subarray(POSTERS, { minLength: 1 }).chain((posters) =>
  fc.tuple(
    ...posters.map((poster) =>
      fc.record({
        poster: fc.constant(poster),
        // Mostly the round's other posters, so posts cross often.
        target: fc.constantFrom(...posters.filter((t) => t !== poster), ...OTHERS),
        words: fc.constantFrom(500, 850),
      }),
    ),
  ),
);

test("几方同步发帖: every two submission orders of a round's posts give the same summary", () => {
  fc.assert(
    fc.property(
      postsArb.chain((posts) =>
        fc.tuple(fc.constant(posts), fc.shuffledSubarray(posts, { minLength: posts.length })),
      ),
      ([posts, shuffled]) => {
        assert.deepEqual(play(shuffled), play(posts));
      },
    ),
    { numRuns: 150, seed: 20261202 },
  );
});
