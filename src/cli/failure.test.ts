// A failed command's one line: files named by path, other errors by their message.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { describeFailure } from "./failure.ts";

test("a missing file is named with its path; other errors keep their message", () => {
  let thrown: unknown;
  try {
    readFileSync("/nonexistent/bansha-post.txt");
  } catch (error) {
    thrown = error;
  }
  assert.equal(describeFailure(thrown), "cannot read /nonexistent/bansha-post.txt: no such file or folder");
  assert.equal(describeFailure(new Error("give a path or --poetry")), "give a path or --poetry");
  assert.equal(describeFailure("plain"), "plain");
});
