// atEnd: a list follows its newest entry only while its reader is at or near the end.
import assert from "node:assert/strict";
import { test } from "node:test";
import { atEnd, NEAR_END_PX } from "./follow-newest.ts";

test("at the end, or within a line of it, the list follows the newest entry", () => {
  assert.equal(atEnd({ scrollTop: 680, clientHeight: 320, scrollHeight: 1000 }), true);
  assert.equal(atEnd({ scrollTop: 680 - NEAR_END_PX, clientHeight: 320, scrollHeight: 1000 }), true);
  // Browsers scroll by fractions of a pixel at some zooms.
  assert.equal(atEnd({ scrollTop: 679.5, clientHeight: 320, scrollHeight: 1000 }), true);
});

test("a reader scrolled up to older entries is not pulled down", () => {
  assert.equal(atEnd({ scrollTop: 679 - NEAR_END_PX, clientHeight: 320, scrollHeight: 1000 }), false);
  assert.equal(atEnd({ scrollTop: 0, clientHeight: 320, scrollHeight: 1000 }), false);
});

test("a list shorter than its box has nothing to scroll: it is at its end", () => {
  assert.equal(atEnd({ scrollTop: 0, clientHeight: 320, scrollHeight: 200 }), true);
  assert.equal(atEnd({ scrollTop: 0, clientHeight: 0, scrollHeight: 0 }), true);
});
