// The access log: one line per answered request, naming only the request id, method, path, status and time taken.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import test from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { openStorage } from "../../src/storage/storage.ts";
import { flakyStorage } from "./flaky-storage.ts";
import { call, makeHarness } from "./harness.ts";

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { method: string; path: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/** The lines of a log file, once it has one: the file is written asynchronously (as stdout is), so wait for the
 * first line rather than for a set time. */
async function logFileLines<L>(file: string): Promise<{ text: string; lines: L[] }> {
  let text = "";
  for (let i = 0; i < 200 && !text.includes("\n"); i++) {
    await sleep(10);
    text = existsSync(file) ? readFileSync(file, "utf8") : "";
  }
  const lines = text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as L);
  return { text, lines };
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
    // Each line names its request, and no two requests share an id.
    assert.ok(parsed.every((l) => typeof l.reqId === "string" && l.reqId.length > 0));
    assert.notEqual(parsed[0]!.reqId, parsed[1]!.reqId);
    assert.ok(!lines.some((l) => l.includes("secret-query")), "the query string is not logged");
  } finally {
    await h.close();
  }
});

test("a request that fails writes its error and its access line under the same request id", async () => {
  const storage = await openStorage(":memory:");
  // The session look-up fails, as with a lost disk: the request is answered 500.
  const flaky = flakyStorage(storage, "findLiveSessionAccount", "disk gone");
  const lines: string[] = [];
  const h = await makeHarness({ storage: flaky, logLines: lines });
  try {
    assert.equal((await call(h, "GET", "/api/time")).status, 200);
    assert.equal((await call(h, "GET", "/api/games", "some-session")).status, 500);
    const parsed = lines.map((l) => JSON.parse(l) as LogLine & { err?: { message: string } });
    const failed = parsed.filter((l) => l.msg === "request failed");
    assert.equal(failed.length, 1);
    assert.equal(failed[0]!.err?.message, "disk gone");
    const answered = parsed.filter((l) => l.res?.statusCode === 500);
    assert.equal(answered.length, 1);
    assert.equal(answered[0]!.reqId, failed[0]!.reqId);
    const other = parsed.find((l) => l.res?.statusCode === 200);
    assert.ok(other && other.reqId !== failed[0]!.reqId, "the other request has an id of its own");
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

test("with a log file, the same identity-free line is appended to the file", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bansha-log-"));
  const file = join(dir, "access.log");
  const h = await makeHarness({ logFile: file });
  try {
    assert.equal((await call(h, "GET", "/api/time?x=secret-query")).status, 200);
    const { text, lines } = await logFileLines<LogLine>(file);
    assert.deepEqual(
      lines.map((l) => [l.msg, l.req?.method, l.req?.path, l.res?.statusCode]),
      [["request completed", "GET", "/api/time", 200]],
    );
    assert.ok(!text.includes("secret-query"), "the query string is not logged");
  } finally {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("above info no access line is written, and a failing request still logs its error under its request id", async () => {
  const storage = await openStorage(":memory:");
  const flaky = flakyStorage(storage, "findLiveSessionAccount", "disk gone");
  const lines: string[] = [];
  const h = await makeHarness({ storage: flaky, logLines: lines, logLevel: "warn" });
  try {
    assert.equal((await call(h, "GET", "/api/time")).status, 200);
    assert.equal((await call(h, "GET", "/api/no-such-route")).status, 404);
    assert.equal((await call(h, "GET", "/api/games", "some-session")).status, 500);
    const parsed = lines.map(
      (l) => JSON.parse(l) as LogLine & { level: number; err?: Record<string, unknown> },
    );
    assert.deepEqual(
      parsed.map((l) => l.msg),
      ["request failed"],
    );
    const failed = parsed[0]!;
    assert.equal(failed.level, 50);
    assert.ok(typeof failed.reqId === "string" && failed.reqId.length > 0);
    // The same identity-free error serializer as at info.
    assert.deepEqual(Object.keys(failed.err ?? {}).sort(), ["code", "message", "stack", "type"]);
    assert.equal(failed.err?.message, "disk gone");
    // The server's own logger writes to the same place, at the same level.
    h.app.log.info("not written above info");
    h.app.log.warn("written at warn");
    assert.deepEqual(
      lines.slice(1).map((l) => (JSON.parse(l) as LogLine).msg),
      ["written at warn"],
    );
  } finally {
    await h.close();
  }
});

test("above info with a log file, a failing request's error is appended to the file and nothing else", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bansha-log-"));
  const file = join(dir, "server.log");
  const storage = await openStorage(":memory:");
  const flaky = flakyStorage(storage, "findLiveSessionAccount", "disk gone");
  const h = await makeHarness({ storage: flaky, logFile: file, logLevel: "error" });
  try {
    assert.equal((await call(h, "GET", "/api/time")).status, 200);
    assert.equal((await call(h, "GET", "/api/games", "some-session")).status, 500);
    const { lines } = await logFileLines<LogLine & { err?: { message: string } }>(file);
    assert.deepEqual(
      lines.map((l) => [l.msg, l.err?.message]),
      [["request failed", "disk gone"]],
    );
  } finally {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
