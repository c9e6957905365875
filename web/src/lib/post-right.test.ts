// postRightState: a seat that sent its post this round is told so, not that it never had the right.
import assert from "node:assert/strict";
import { test } from "node:test";
import { postRightState } from "./post-right.ts";

test("with posts owed this round the right is due, whatever was sent before", () => {
  assert.equal(postRightState(1, [], 2), "due");
  assert.equal(postRightState(1, [{ round: 2 }], 2), "due", "a seat with two posts sent one");
});

test("none owed after the seat's own post this round: posted", () => {
  assert.equal(postRightState(0, [{ round: 1 }, { round: 2 }], 2), "posted");
});

test("none owed and nothing sent this round: no right (a post of an earlier round does not count)", () => {
  assert.equal(postRightState(0, [], 2), "none");
  assert.equal(postRightState(0, [{ round: 1 }], 2), "none");
  assert.equal(postRightState(0, [{ round: 1 }], null), "none");
});
