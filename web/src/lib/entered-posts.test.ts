// The poster's post list marks the posts a referee entered for it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { enteredPostIds } from "./entered-posts.ts";

test("only app.KillPostEntered names an entered post", () => {
  const ids = enteredPostIds([
    { seq: 1, type: "KillPostSubmitted", at: 1, data: { postId: "p-own" } },
    {
      seq: 2,
      type: "app.KillPostEntered",
      at: 2,
      data: { round: 2, seat: 3, alias: "甲", postId: "p-entered" },
    },
    { seq: 3, type: "app.KillPostEntered", at: 3, data: { round: 2, seat: 3, alias: "甲" } },
  ]);
  assert.deepEqual([...ids], ["p-entered"]);
});
