// A player's own 托票 request: told while it waits, once entered, once its own ballot overtakes it, and when it lapsed.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { GameEventDto } from "../../../src/server/api-types.ts";
import { myProxyRequest } from "./my-proxy.ts";

const asked = (seq: number, at: number, seat: number, target: number): GameEventDto => ({
  seq,
  type: "app.ProxyRequested",
  at,
  data: { seat, alias: `a${seat}`, target, note: "" },
});
const closed = (seq: number, at: number, stage: "regular" | "overtime"): GameEventDto => ({
  seq,
  type: "VoteClosed",
  at,
  data: { round: 1, stage },
});
const CUTOFF = 20_000;

test("RULINGS 12: waiting before the cut-off, lapsed from it with no ballot entered", () => {
  const events = [asked(1, 1_000, 3, 7)];
  assert.deepEqual(myProxyRequest(events, 3, [], 5_000, CUTOFF), {
    state: "waiting",
    target: 7,
    cutoff: CUTOFF,
  });
  assert.deepEqual(myProxyRequest(events, 3, [], CUTOFF, CUTOFF), {
    state: "lapsed",
    target: 7,
    cutoff: CUTOFF,
  });
});

test("a ballot after the request answers it: the referee's entry, or the player's own", () => {
  const events = [asked(1, 1_000, 3, 7)];
  const proxy = [{ voter: 3, at: 2_000, proxy: true, targets: [7] }];
  assert.deepEqual(myProxyRequest(events, 3, proxy, CUTOFF + 1, CUTOFF), {
    state: "entered",
    target: 7,
    entered: [7],
  });
  // What the referee entered is what counts, and is what the player is told.
  const other = [{ voter: 3, at: 2_000, proxy: true, targets: [8] }];
  assert.deepEqual(myProxyRequest(events, 3, other, CUTOFF + 1, CUTOFF), {
    state: "entered",
    target: 7,
    entered: [8],
  });
  const own = [...proxy, { voter: 3, at: 3_000, proxy: false, targets: [9] }];
  assert.equal(myProxyRequest(events, 3, own, CUTOFF + 1, CUTOFF)?.state, "self-voted");
  // A ballot from before the request (a vote it means to replace) answers nothing; past the cut-off it still stands.
  const before = [{ voter: 3, at: 500, proxy: false, targets: [9] }];
  assert.equal(myProxyRequest(events, 3, before, 5_000, CUTOFF)?.state, "waiting");
  assert.deepEqual(myProxyRequest(events, 3, before, CUTOFF, CUTOFF), {
    state: "lapsed-voted",
    target: 7,
    cutoff: CUTOFF,
    at: 500,
  });
});

test("another seat's request, or one asked before the last regular close, is not this vote's", () => {
  assert.equal(myProxyRequest([asked(1, 1_000, 4, 7)], 3, [], 5_000, CUTOFF), null);
  assert.equal(
    myProxyRequest([asked(1, 1_000, 3, 7), closed(2, 1_500, "regular")], 3, [], 5_000, CUTOFF),
    null,
  );
  // An overtime's close is not the end of the day's vote thread.
  assert.equal(
    myProxyRequest([asked(1, 1_000, 3, 7), closed(2, 1_500, "overtime")], 3, [], 5_000, CUTOFF)?.state,
    "waiting",
  );
});

test("asked for the very seat the player's own standing ballot names: nothing for the referee to enter", () => {
  const events = [asked(1, 1_000, 3, 7)];
  const own = [{ voter: 3, at: 500, proxy: false, targets: [7] }];
  assert.deepEqual(myProxyRequest(events, 3, own, 5_000, CUTOFF), { state: "same-as-own", target: 7 });
  // Another seat, or a ballot the referee entered, is something to enter over.
  assert.equal(
    myProxyRequest(events, 3, [{ voter: 3, at: 500, proxy: false, targets: [8] }], 5_000, CUTOFF)?.state,
    "waiting",
  );
  assert.equal(
    myProxyRequest(events, 3, [{ voter: 3, at: 500, proxy: true, targets: [7] }], 5_000, CUTOFF)?.state,
    "waiting",
  );
  // The score rule's code guess is part of the ballot: asked without the guess its own vote carries, it is a change.
  const guessed = [{ voter: 3, at: 500, proxy: false, targets: [7], codes: ["甲"] }];
  assert.equal(myProxyRequest(events, 3, guessed, 5_000, CUTOFF)?.state, "waiting");
});
