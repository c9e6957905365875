// The live stream comes back after the browser gave up on it (a proxy's 502 during a restart), resuming after
// what was seen, and leaves the browser's own retries alone.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openReconnectingStream, RECONNECT_DELAYS_MS, type StreamSource } from "./reconnecting-stream.ts";

class FakeSource implements StreamSource {
  readyState = 0;
  onopen: ((ev: Event) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  closed = false;
  readonly listeners = new Map<string, (e: MessageEvent<string>) => void>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void): void {
    this.listeners.set(type, listener);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  /** A network error: the browser will retry this one itself (CONNECTING). */
  drop(): void {
    this.readyState = 0;
    this.onerror?.(new Event("error"));
  }
  /** A 502 or 503: the browser gives up (CLOSED). */
  refuse(): void {
    this.readyState = 2;
    this.onerror?.(new Event("error"));
  }
  send(type: string, data: string): void {
    this.listeners.get(type)?.(new MessageEvent(type, { data }));
  }
}

function harness() {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const live: boolean[] = [];
  const got: string[] = [];
  let seen = 0;
  let reconnects = 0;
  const close = openReconnectingStream({
    url: () => `/stream?after=${seen}`,
    listeners: {
      "game-event": (e) => {
        got.push(e.data);
        seen = Number(e.data);
      },
    },
    onLive: (l) => live.push(l),
    onReconnect: () => reconnects++,
    create: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    },
    schedule: (run, ms) => {
      const t = { run, ms, cancelled: false };
      timers.push(t);
      return t;
    },
    cancel: (handle) => {
      (handle as { cancelled: boolean }).cancelled = true;
    },
  });
  return { sources, timers, live, got, close, reconnects: () => reconnects };
}

test("a stream the browser gave up on is opened again, after what was seen, with a growing wait", () => {
  const h = harness();
  const first = h.sources[0]!;
  first.open();
  first.send("game-event", "7");
  first.refuse();
  assert.equal(first.closed, true);
  assert.deepEqual(h.live, [true, false]);
  assert.equal(h.timers.length, 1);
  assert.equal(h.timers[0]!.ms, RECONNECT_DELAYS_MS[0]);
  h.timers[0]!.run();
  const second = h.sources[1]!;
  assert.equal(second.url, "/stream?after=7", "resumes after the last event seen");
  assert.equal(h.reconnects(), 1);
  second.send("game-event", "8");
  assert.deepEqual(h.got, ["7", "8"], "the listeners are on the new connection");
  // Refused again before it opened: the wait grows, up to its last step.
  second.refuse();
  assert.equal(h.timers[1]!.ms, RECONNECT_DELAYS_MS[1]);
  for (let i = 2; i < 8; i++) {
    h.timers[i - 1]!.run();
    h.sources[i]!.refuse();
  }
  assert.equal(h.timers.at(-1)!.ms, RECONNECT_DELAYS_MS.at(-1));
  // Once a connection opens, the next failure waits the shortest time again.
  h.timers.at(-1)!.run();
  h.sources.at(-1)!.open();
  h.sources.at(-1)!.refuse();
  assert.equal(h.timers.at(-1)!.ms, RECONNECT_DELAYS_MS[0]);
});

test("a network error is left to the browser's own retry", () => {
  const h = harness();
  h.sources[0]!.open();
  h.sources[0]!.drop();
  assert.deepEqual(h.live, [true, false]);
  assert.equal(h.timers.length, 0);
  assert.equal(h.sources[0]!.closed, false);
  h.sources[0]!.open();
  assert.deepEqual(h.live, [true, false, true]);
});

test("closing stops everything, including a reconnection already waiting", () => {
  const h = harness();
  h.sources[0]!.refuse();
  assert.equal(h.timers.length, 1);
  h.close();
  assert.equal(h.timers[0]!.cancelled, true);
  h.timers[0]!.run(); // a timer that fires anyway changes nothing
  assert.equal(h.sources.length, 1);
  const h2 = harness();
  h2.sources[0]!.open();
  h2.close();
  assert.equal(h2.sources[0]!.closed, true);
});
