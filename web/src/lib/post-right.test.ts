// postRightState: a seat that sent its post this round is told so, not that it never had the right. editorLink: 待办
// leads a seat whose role posts to the editor, to write or to draft.
import assert from "node:assert/strict";
import { test } from "node:test";
import { editorLink, postRightState } from "./post-right.ts";

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

test("待办's way to the editor: write while owed, draft for a posting role without a post now, else none", () => {
  assert.equal(editorLink("due", true, true), "write");
  assert.equal(editorLink("none", true, true), "draft", "the window not open yet, or another member's turn");
  assert.equal(editorLink("posted", true, true), null, "this round's post is sent");
  assert.equal(editorLink("none", true, false), null, "a role without posts (a ranger, a 暗弹 as told)");
  assert.equal(editorLink("due", false, true), null, "out");
  assert.equal(editorLink("none", false, true), null, "out");
});
