// The NOTIFY outbox: a burst goes out as one statement, and a statement that fails is sent once more.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createNotifyOutbox, type NotifyPool } from "./notify-outbox.ts";

/** A pool that records each statement's channels and fails the first `failures` of them. */
function fakePool(failures: number): NotifyPool & { sent: string[][] } {
  const sent: string[][] = [];
  return {
    sent,
    async query(_text, values) {
      sent.push(values[0] as string[]);
      if (sent.length <= failures) throw new Error(`connection lost (statement ${sent.length})`);
      return {};
    },
  };
}

test("notifications raised in the same tick go out as one statement", async () => {
  const pool = fakePool(0);
  const outbox = createNotifyOutbox(pool, 5);
  await Promise.all([outbox.send("a", "1"), outbox.send("b", "2"), outbox.send("a", "3")]);
  assert.deepEqual(pool.sent, [["a", "b", "a"]]);
});

test("a statement that fails is sent once more, a moment later, and then delivered", async () => {
  const pool = fakePool(1);
  const outbox = createNotifyOutbox(pool, 5);
  await Promise.all([outbox.send("a", "1"), outbox.send("b", "2")]);
  assert.deepEqual(pool.sent, [
    ["a", "b"],
    ["a", "b"],
  ]);
});

test("a notification that fails twice rejects with the error, for the caller to log", async () => {
  const pool = fakePool(2);
  const outbox = createNotifyOutbox(pool, 5);
  await assert.rejects(outbox.send("a", "1"), /connection lost \(statement 2\)/);
  assert.equal(pool.sent.length, 2, "tried twice, not more");
  await outbox.send("a", "after");
  assert.deepEqual(pool.sent.at(-1), ["a"], "the outbox still sends afterwards");
});
