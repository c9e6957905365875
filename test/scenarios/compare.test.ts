// The expectation comparison itself: subset on fields, order-free rows where the order is not a rule.
import assert from "node:assert/strict";
import { test } from "node:test";
import { compareExpected } from "./compare.ts";

test("extra actual fields are allowed; missing or different ones are reported with their path", () => {
  assert.deepEqual(compareExpected({ a: 1, b: { c: 2 } }, { a: 1, b: { c: 2, d: 3 }, e: 4 }), []);
  assert.deepEqual(compareExpected({ a: 1, b: { c: 2 } }, { a: 1, b: { c: 5 } }), ["b.c: expected 2, got 5"]);
  assert.deepEqual(compareExpected({ a: [1, 2] }, { a: [2, 1] }), [
    "a[0]: expected 1, got 2",
    "a[1]: expected 2, got 1",
  ]);
});

test("out, revived, tally and tied are compared as sets of rows, each row as a subset", () => {
  const expected = { out: [{ alias: "甲", cause: "vote" }, { alias: "乙" }] };
  assert.deepEqual(
    compareExpected(expected, {
      out: [
        { alias: "乙", cause: "post" },
        { alias: "甲", cause: "vote" },
      ],
    }),
    [],
  );
  assert.equal(
    compareExpected(expected, { out: [{ alias: "乙" }, { alias: "甲", cause: "post" }] }).length,
    1,
  );
  assert.equal(compareExpected(expected, { out: [{ alias: "甲", cause: "vote" }] }).length, 1);
});

test("a trailing round with no results yet is ignored past the expectation's end; one with results is not", () => {
  const open = { round: 2, out: [], revived: [], alive: 39, tally: [], overtime: null };
  const r1 = { round: 1, alive: 39 };
  assert.deepEqual(compareExpected({ rounds: [r1] }, { rounds: [{ ...r1, out: [] }, open] }), []);
  assert.equal(
    compareExpected({ rounds: [r1] }, { rounds: [r1, { ...open, tally: [{ alias: "甲", votes: 1 }] }] })
      .length,
    1,
  );
});
