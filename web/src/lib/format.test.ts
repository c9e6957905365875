// Times in Beijing time: a ballot's time on the 投票记录 carries its date when it is not the vote's closing day.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ballotTime, dateClock } from "./format.ts";

/** A Beijing wall-clock time (UTC+8, no daylight saving) in 2024. */
const beijing = (month: number, day: number, h: number, min: number) =>
  Date.UTC(2024, month - 1, day, h - 8, min, 0);

// 空军: the vote opens at 21:30 with the posts and closes at 21:00:00 the next day (firing one second later).
const closes = beijing(12, 2, 21, 0) + 1000;

test("a ballot on the evening before the closing day shows its date", () => {
  assert.equal(ballotTime(beijing(12, 1, 21, 40), closes), "12/1 21:40:00");
});

test("a ballot on the closing day shows the time alone", () => {
  assert.equal(ballotTime(beijing(12, 2, 10, 5), closes), "10:05:00");
  assert.equal(ballotTime(beijing(12, 2, 0, 0), closes), "00:00:00");
});

test("the archive's ballots always carry their date", () => {
  assert.equal(dateClock(beijing(12, 2, 10, 5)), "12/2 10:05:00");
});
