// The referee's log follower fetches only what is new, one request at a time, and never loses its place.
import assert from "node:assert/strict";
import test from "node:test";
import type { EventListResponse, GameEventDto } from "../../../src/server/api-types.ts";
import { LogFollower } from "./log-follower.ts";

const event = (seq: number): GameEventDto => ({ seq, type: "VoteCast", at: seq * 1000, data: {} });
const upTo = (from: number, to: number): GameEventDto[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => event(from + i));

/**
 * A fake server log of `size()` events, answering each fetch when the test says so: with the events after the
 * fetch's `after`, or with what `answer` gives.
 */
function fakeLog(size: () => number, answer = (after: number) => upTo(after + 1, size())) {
  const asked: number[] = [];
  const waiting: { after: number; resolve(r: EventListResponse): void; reject(e: Error): void }[] = [];
  const seen: number[][] = [];
  const errors: unknown[] = [];
  const follower = new LogFollower({
    fetch: (after) =>
      new Promise<EventListResponse>((resolve, reject) => {
        asked.push(after);
        waiting.push({ after, resolve, reject });
      }),
    onEvents: (all) => seen.push(all.map((e) => e.seq)),
    onError: (e) => errors.push(e),
  });
  const settle = async (fail = false) => {
    const w = waiting.shift();
    assert.ok(w, "a fetch is waiting");
    if (fail) w.reject(new Error("network"));
    else w.resolve({ events: answer(w.after), lastSeq: size() });
    await new Promise((r) => setImmediate(r));
  };
  return { follower, asked, waiting, seen, errors, settle };
}

test("the first fetch takes everything; each later one only what came after the last seq held", async () => {
  let size = 3;
  const f = fakeLog(() => size);
  f.follower.refresh();
  await f.settle();
  size = 5;
  f.follower.refresh();
  await f.settle();
  assert.deepEqual(f.asked, [0, 3]);
  assert.deepEqual(f.seen, [
    [1, 2, 3],
    [1, 2, 3, 4, 5],
  ]);
  assert.equal(f.follower.lastSeq, 5);
});

test("refreshes during a fetch make one more fetch after it, not one each", async () => {
  let size = 1;
  const f = fakeLog(() => size);
  f.follower.refresh();
  for (let i = 0; i < 50; i++) f.follower.refresh(); // a burst of votes
  size = 51;
  assert.equal(f.waiting.length, 1, "one request in flight");
  await f.settle();
  assert.equal(f.waiting.length, 1, "exactly one more for the burst");
  await f.settle();
  assert.equal(f.waiting.length, 0);
  assert.deepEqual(f.asked, [0, 51]);
  assert.equal(f.follower.lastSeq, 51);
});

test("events already held are not added twice, and a fetch with nothing new calls nothing", async () => {
  // A server answer that repeats an event, and then answers the same again (nothing new after seq 2).
  const f = fakeLog(
    () => 2,
    () => [event(1), event(2), event(2)],
  );
  f.follower.refresh();
  await f.settle();
  f.follower.refresh();
  await f.settle();
  assert.deepEqual(f.seen, [[1, 2]]);
});

test("a failed fetch is reported, and the next refresh resumes from the same place", async () => {
  let size = 2;
  const f = fakeLog(() => size);
  f.follower.refresh();
  await f.settle();
  size = 4;
  f.follower.refresh();
  await f.settle(true);
  assert.equal(f.errors.length, 1);
  f.follower.refresh();
  await f.settle();
  assert.deepEqual(f.asked, [0, 2, 2]);
  assert.deepEqual(f.seen.at(-1), [1, 2, 3, 4]);
});

test("after stop, nothing more is fetched or reported", async () => {
  const f = fakeLog(() => 3);
  f.follower.refresh();
  f.follower.stop();
  await f.settle();
  f.follower.refresh();
  assert.deepEqual(f.seen, []);
  assert.deepEqual(f.asked, [0]);
});
