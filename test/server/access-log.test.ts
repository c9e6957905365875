// The access log: one line per answered request, naming only the method, the path, the status and the time taken.
import assert from "node:assert/strict";
import test from "node:test";
import { call, makeHarness } from "./harness.ts";

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { method: string; path: string };
  res?: { statusCode: number };
  responseTime?: number;
}

test("each answered request writes one access line: method, path without the query, status, time taken", async () => {
  const lines: string[] = [];
  const h = await makeHarness({ logLines: lines });
  try {
    const time = await call(h, "GET", "/api/time?x=secret-query");
    assert.equal(time.status, 200);
    const missing = await call(h, "GET", "/api/no-such-route");
    assert.equal(missing.status, 404);

    const parsed = lines.map((l) => JSON.parse(l) as LogLine);
    // Fastify's own pair of lines per request is switched off: no "incoming request" line.
    assert.deepEqual(
      parsed.map((l) => l.msg),
      ["request completed", "request completed"],
    );
    assert.deepEqual(
      parsed.map((l) => [l.req?.method, l.req?.path, l.res?.statusCode]),
      [
        ["GET", "/api/time", 200],
        ["GET", "/api/no-such-route", 404],
      ],
    );
    for (const l of parsed) assert.ok(typeof l.responseTime === "number" && l.responseTime >= 0);
    assert.ok(!lines.some((l) => l.includes("secret-query")), "the query string is not logged");
  } finally {
    await h.close();
  }
});

test("without a logger nothing is written and requests are still answered", async () => {
  const h = await makeHarness();
  try {
    assert.equal((await call(h, "GET", "/api/time")).status, 200);
  } finally {
    await h.close();
  }
});
