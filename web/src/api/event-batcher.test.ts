// EventBatcher: a burst of events reaches the page as one batch, in order; a view first takes what is gathered.
import assert from "node:assert/strict";
import { test } from "node:test";
import { EventBatcher } from "./event-batcher.ts";

function fakeTimers() {
  const due: { run: () => void; id: number }[] = [];
  let next = 0;
  return {
    schedule: (run: () => void) => {
      next++;
      due.push({ run, id: next });
      return next;
    },
    cancel: (id: unknown) => {
      const i = due.findIndex((d) => d.id === id);
      if (i >= 0) due.splice(i, 1);
    },
    fire: () => {
      for (const d of due.splice(0)) d.run();
    },
    pending: () => due.length,
  };
}

test("a burst is handed over once, in arrival order, when the wait ends", () => {
  const timers = fakeTimers();
  const batches: number[][] = [];
  const b = new EventBatcher<number>({ onBatch: (x) => batches.push(x), ...timers });
  for (let i = 1; i <= 1000; i++) b.add(i);
  assert.equal(timers.pending(), 1, "one wait for the whole burst");
  assert.deepEqual(batches, []);
  timers.fire();
  assert.equal(batches.length, 1);
  assert.deepEqual(
    batches[0],
    Array.from({ length: 1000 }, (_, i) => i + 1),
  );
  b.add(1001);
  timers.fire();
  assert.deepEqual(batches.at(-1), [1001], "a later event starts a new batch");
});

test("flush hands over at once and ends the wait; with nothing gathered it hands over nothing", () => {
  const timers = fakeTimers();
  const batches: number[][] = [];
  const b = new EventBatcher<number>({ onBatch: (x) => batches.push(x), ...timers });
  b.flush();
  assert.deepEqual(batches, []);
  b.add(1);
  b.add(2);
  b.flush();
  assert.deepEqual(batches, [[1, 2]]);
  assert.equal(timers.pending(), 0);
  timers.fire();
  assert.equal(batches.length, 1);
});

test("clear drops what is gathered (the page moved to another game)", () => {
  const timers = fakeTimers();
  const batches: number[][] = [];
  const b = new EventBatcher<number>({ onBatch: (x) => batches.push(x), ...timers });
  b.add(1);
  b.clear();
  timers.fire();
  b.flush();
  assert.deepEqual(batches, []);
});
