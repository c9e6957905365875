// Highlighting copied spans: every copied character marked once, overlapping spans included.
import assert from "node:assert/strict";
import { test } from "node:test";
import { markedPieces } from "./marked-pieces.ts";

test("overlapping spans mark every copied character once; plain text around them stays plain", () => {
  const text = "0123456789abcdef";
  const pieces = markedPieces(
    text,
    [
      { start: 2, end: 8 },
      { start: 5, end: 12 },
      { start: 6, end: 7 },
    ],
    (i) => `s${i}`,
  );
  assert.deepEqual(
    pieces.map((p) => [p.text, p.copied, p.source]),
    [
      ["01", false, null],
      ["234567", true, "s0"],
      ["89ab", true, "s1"],
      ["cdef", false, null],
    ],
  );
  assert.equal(pieces.map((p) => p.text).join(""), text);
});
