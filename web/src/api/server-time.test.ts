// The server clock reads whole milliseconds: times the pages send back are checked as integers by the API.
import assert from "node:assert/strict";
import { mock, test } from "node:test";
import type { TimeResponse } from "../../../src/server/api-types.ts";
import { api } from "./client.ts";
import { serverNow, siteLocalToMs, syncServerTime } from "./server-time.ts";

test("an odd round trip (a midpoint of x.5 ms) still gives a whole-millisecond server time", async () => {
  let t = 1_000;
  // send at 1000, receive at 1001: the midpoint is 1000.5.
  mock.method(Date, "now", () => t++);
  const original = api.time;
  api.time = async () => ({ now: 5_000_000, timeZone: "Asia/Shanghai" }) as TimeResponse;
  try {
    await syncServerTime();
    const now = serverNow();
    assert.ok(Number.isInteger(now), `serverNow() = ${now}`);
    assert.ok(Math.abs(now - 5_000_001) <= 1, `close to the server's clock: ${now}`);
  } finally {
    api.time = original;
    mock.restoreAll();
  }
});

test("a datetime-local value is read in the site's time zone, not the browser's", () => {
  // The default site zone is Asia/Shanghai (UTC+8): 20:00 there is 12:00 UTC.
  assert.equal(siteLocalToMs("2026-12-01T20:00"), Date.UTC(2026, 11, 1, 12, 0, 0));
  // A field of step 1 gives seconds too (a release at 21:30:01 is after 21:30).
  assert.equal(siteLocalToMs("2026-12-01T21:30:01"), Date.UTC(2026, 11, 1, 13, 30, 1));
  assert.equal(siteLocalToMs(""), null);
  assert.equal(siteLocalToMs("2026-12-01 20:00"), null);
});
