// 第1轮开始时间's default: the rule set's next round start in the site's time zone.
import assert from "node:assert/strict";
import { test } from "node:test";
import { nextRoundStart } from "./start-time.ts";

const beijing = (text: string) => Date.parse(`${text}+08:00`);

test("seed 000 「每日21：00：00——次日21：00：00」: pressed at 17:05 the default is today's 21:00, after 21:00 tomorrow's", () => {
  assert.equal(nextRoundStart(beijing("2026-12-07T17:05:13"), "21:00", "Asia/Shanghai"), "2026-12-07T21:00");
  assert.equal(nextRoundStart(beijing("2026-12-07T21:00:00"), "21:00", "Asia/Shanghai"), "2026-12-08T21:00");
  assert.equal(nextRoundStart(beijing("2026-12-31T22:30:00"), "21:00", "Asia/Shanghai"), "2027-01-01T21:00");
  // 7kill's day starts at 20:00.
  assert.equal(nextRoundStart(beijing("2026-12-07T08:00:00"), "20:00", "Asia/Shanghai"), "2026-12-07T20:00");
});
