// Per-route fixed windows: counting, a new window after the old one ends, separate keys and routes, the sweep.
import assert from "node:assert/strict";
import { test } from "node:test";
import Fastify from "fastify";
import { addRateLimits, FixedWindows } from "./rate-limit.ts";

test("a key gets max requests per window; the refusal says how long until the window ends", () => {
  const w = new FixedWindows({ max: 2, timeWindow: 60_000 });
  assert.equal(w.hit("a", 1_000), 0);
  assert.equal(w.hit("a", 2_000), 0);
  assert.equal(w.hit("a", 3_000), 58_000);
  assert.equal(w.hit("b", 3_000), 0, "another key has its own count");
  assert.equal(w.hit("a", 60_999), 1, "still the same window, 1 ms left");
  assert.equal(w.hit("a", 61_000), 0, "a new window starts when the old one is over");
});

test("windows that are over are swept once the map is large, and only those", () => {
  const w = new FixedWindows({ max: 1, timeWindow: 1_000 });
  for (let i = 0; i < 9_999; i++) w.hit(`old${i}`, 0);
  w.hit("recent", 900);
  assert.equal(w.size, 10_000);
  w.hit("new", 1_500);
  // Every "old" window ended at 1 000; "recent" runs to 1 900 and keeps its count.
  assert.equal(w.size, 2);
  assert.equal(w.hit("recent", 1_600), 300);
});

test("a sweep that finds every window still running waits until the map has doubled", () => {
  const w = new FixedWindows({ max: 1, timeWindow: 1_000 });
  for (let i = 0; i < 10_001; i++) w.hit(`k${i}`, 0);
  // The 10 001st key swept and found nothing over; the next sweep comes only past 20 000 keys.
  for (let i = 0; i < 9_999; i++) w.hit(`later${i}`, 2_000);
  assert.equal(w.size, 20_000);
  w.hit("one-more", 2_000);
  assert.equal(w.size, 10_000, "the first 10 001 windows, over by now, are gone");
});

test("routes with a limit answer over it with the refusal and retry-after; others and other routes are not counted", async () => {
  let now = 10_000;
  const app = Fastify();
  addRateLimits(
    app,
    (req) => String(req.headers["x-who"]),
    (reply) => void reply.code(429).send({ error: { code: "rate-limited" } }),
    () => now,
  );
  app.post("/a", { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  app.post("/b", { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  app.post("/free", async () => ({ ok: true }));
  const post = (url: string, who: string) => app.inject({ method: "POST", url, headers: { "x-who": who } });
  try {
    assert.equal((await post("/a", "p")).statusCode, 200);
    now += 30_500;
    const refused = await post("/a", "p");
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers["retry-after"], "30");
    assert.deepEqual(refused.json(), { error: { code: "rate-limited" } });
    assert.equal((await post("/a", "q")).statusCode, 200, "another key");
    assert.equal((await post("/b", "p")).statusCode, 200, "another route counts apart");
    for (let i = 0; i < 3; i++) assert.equal((await post("/free", "p")).statusCode, 200);
    now += 30_000;
    assert.equal((await post("/a", "p")).statusCode, 200, "the next window");
  } finally {
    await app.close();
  }
});
