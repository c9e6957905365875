// The poster's post list and the desk mark the posts a referee entered, from either record of it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { enteredBy, enteredPostIds } from "./entered-posts.ts";

test("a post is entered when its KillPostSubmitted names a referee, or (older logs) an app.KillPostEntered names it", () => {
  const events = [
    { seq: 1, type: "KillPostSubmitted", at: 1, data: { postId: "p-own" } },
    { seq: 2, type: "KillPostSubmitted", at: 2, data: { postId: "p-new", referee: "总哨" } },
    { seq: 3, type: "KillPostSubmitted", at: 3, data: { postId: "p-old" } },
    { seq: 4, type: "app.KillPostEntered", at: 3, data: { round: 2, seat: 3, alias: "甲", postId: "p-old" } },
    { seq: 5, type: "app.KillPostEntered", at: 5, data: { round: 2, seat: 3, alias: "甲" } },
  ];
  assert.deepEqual([...enteredPostIds(events)].sort(), ["p-new", "p-old"]);
  assert.deepEqual([...enteredBy(events)].sort(), [
    ["p-new", "总哨"],
    ["p-old", ""],
  ]);
});
