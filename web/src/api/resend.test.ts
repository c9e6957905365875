// Unanswered writes are sent again under their own request id: by themselves, and when repeated by hand.
import assert from "node:assert/strict";
import test from "node:test";
import {
  hasRequestId,
  RESEND_DELAYS_MS,
  ResendsInProgress,
  sendUntilAnswered,
  UnansweredWrites,
} from "./resend.ts";

/** A fake server: each attempt takes the next outcome (a status, or "drop" for no response at all). */
function fakeSend(outcomes: (number | "drop")[]) {
  const bodies: unknown[] = [];
  const slept: number[] = [];
  return {
    bodies,
    slept,
    deps: {
      send: async (body: unknown) => {
        bodies.push(body);
        const next = outcomes.shift();
        if (next === undefined) throw new Error("more attempts than the test planned");
        if (next === "drop") throw new TypeError("Failed to fetch");
        return new Response(null, { status: next });
      },
      sleep: async (ms: number) => {
        slept.push(ms);
      },
    },
  };
}

test("a dropped connection and a proxy's 502 are sent again, with the same body, until answered", async () => {
  const f = fakeSend(["drop", 502, 503, 504, 200]);
  const body = { requestId: "r1", targets: [3] };
  let resends = 0;
  const attempt = await sendUntilAnswered(body, { ...f.deps, onResend: () => resends++ });
  assert.equal(resends, 4);
  assert.equal(attempt.answered, true);
  assert.equal(attempt.res?.status, 200);
  assert.equal(f.bodies.length, 5);
  for (const b of f.bodies) assert.equal(b, body);
  assert.deepEqual(f.slept, RESEND_DELAYS_MS.slice(0, 4));
});

test("the server's own answers are not sent again: a refusal, and a 500", async () => {
  for (const status of [409, 400, 429, 500]) {
    const f = fakeSend([status]);
    const attempt = await sendUntilAnswered({ requestId: "r" }, f.deps);
    assert.equal(attempt.answered, true, String(status));
    assert.equal(attempt.res?.status, status);
    assert.equal(f.bodies.length, 1, String(status));
  }
});

test("after the last delay it gives up, unanswered", async () => {
  const f = fakeSend(["drop", "drop", 502, "drop"]);
  const attempt = await sendUntilAnswered({ requestId: "r" }, { ...f.deps, delays: [1, 2, 3] });
  assert.equal(attempt.answered, false);
  assert.equal(attempt.res, null);
  assert.deepEqual(f.slept, [1, 2, 3]);
  const g = fakeSend([503]);
  const last = await sendUntilAnswered({ requestId: "r" }, { ...g.deps, delays: [] });
  assert.equal(last.answered, false);
  assert.equal(last.res?.status, 503);
});

test("a write repeated by hand after no answer reuses its id; after an answer, or with other content, it does not", () => {
  const writes = new UnansweredWrites();
  const votes = "/api/games/g/votes";
  const vote = (id: string, targets: number[]) => ({ requestId: id, targets });
  const first = writes.prepare(votes, vote("a", [3]));
  assert.equal(first.body.requestId, "a");
  writes.settle(votes, first, false);

  // The same vote again, with a fresh id from the page: sent under the first one's.
  const again = writes.prepare(votes, vote("b", [3]));
  assert.deepEqual(again.body, vote("a", [3]));
  // Once answered, the same content is a new write (voting for the same seat again on purpose).
  writes.settle(votes, again, true);
  assert.equal(writes.prepare(votes, vote("c", [3])).body.requestId, "c");

  // Another game's votes are another address.
  writes.settle(votes, writes.prepare(votes, vote("d", [3])), false);
  assert.equal(writes.prepare("/api/games/h/votes", vote("e", [3])).body.requestId, "e");
  assert.equal(writes.prepare(votes, vote("f", [3])).body.requestId, "d");
});

test("an unanswered write's id is stale once another write to the same address was sent", () => {
  const writes = new UnansweredWrites();
  const votes = "/api/games/g/votes";
  const vote = (id: string, targets: number[]) => ({ requestId: id, targets });
  // A vote for 3 went unanswered (and may have been stored); the player then voted for 4, answered.
  writes.settle(votes, writes.prepare(votes, vote("a", [3])), false);
  writes.settle(votes, writes.prepare(votes, vote("b", [4])), true);
  // Voting for 3 again later is a new ballot: under "a" the server would answer the old one and store nothing.
  assert.equal(writes.prepare(votes, vote("c", [3])).body.requestId, "c");
  // Likewise when the write in between also went unanswered: only the latest may be repeated.
  writes.settle(votes, writes.prepare(votes, vote("d", [3])), false);
  writes.settle(votes, writes.prepare(votes, vote("e", [4])), false);
  assert.equal(writes.prepare(votes, vote("f", [3])).body.requestId, "f");
});

test("only bodies with a string request id count as resendable writes", () => {
  assert.equal(hasRequestId({ requestId: "x", text: "t" }), true);
  assert.equal(hasRequestId({ alias: "x" }), false);
  assert.equal(hasRequestId({ requestId: 3 }), false);
  assert.equal(hasRequestId(undefined), false);
  assert.equal(hasRequestId(null), false);
});

test("writes being resent are counted until each ends, once, and listeners hear every change", () => {
  const r = new ResendsInProgress();
  const heard: number[] = [];
  const unsubscribe = r.subscribe(() => heard.push(r.count));
  const endA = r.begin();
  const endB = r.begin();
  endA();
  endA(); // ending twice counts once
  assert.equal(r.count, 1);
  endB();
  assert.equal(r.count, 0);
  assert.deepEqual(heard, [1, 2, 1, 0]);
  unsubscribe();
  r.begin();
  assert.deepEqual(heard, [1, 2, 1, 0]);
});
