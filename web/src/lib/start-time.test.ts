// 第1轮开始时间's default: the rule set's next round start, shown in the site's time zone.
import assert from "node:assert/strict";
import { test } from "node:test";
import { localInputValue, nextRoundStart } from "./start-time.ts";

const beijing = (text: string) => Date.parse(`${text}+08:00`);
const shown = (now: number, clock: string) =>
  localInputValue(nextRoundStart(now, clock, "Asia/Shanghai"), "Asia/Shanghai");

test("seed 002 「每日21：00：00——次日21：00：00」: pressed at 17:05 the default is today's 21:00, after 21:00 tomorrow's", () => {
  assert.equal(shown(beijing("2026-12-07T17:05:13"), "21:00"), "2026-12-07T21:00");
  assert.equal(shown(beijing("2026-12-07T21:00:00"), "21:00"), "2026-12-08T21:00");
  assert.equal(shown(beijing("2026-12-31T22:30:00"), "21:00"), "2027-01-01T21:00");
  // 7kill's day starts at 20:00.
  assert.equal(shown(beijing("2026-12-07T08:00:00"), "20:00"), "2026-12-07T20:00");
});

test("a rule set in another zone starts at its own 21:00, shown in the site's zone", () => {
  const at = nextRoundStart(beijing("2026-12-07T10:00:00"), "21:00", "Asia/Tokyo");
  assert.equal(at, Date.parse("2026-12-07T21:00:00+09:00"));
  assert.equal(localInputValue(at, "Asia/Shanghai"), "2026-12-07T20:00");
  assert.equal(localInputValue(at + 5_000, "Asia/Shanghai", true), "2026-12-07T20:00:05");
});
