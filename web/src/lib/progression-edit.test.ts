// 进程编辑's lines over the plan in force: the groups left out keep their posts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Driver, local, preset } from "../../../src/engine/test-kit.ts";
import { editedPosts, formatPostLines, parsePostLines, postsInForce } from "./progression-edit.ts";

test("「组=数」 lines parse to counts; blank and number-less lines are skipped; counts format back to lines", () => {
  assert.deepEqual(parsePostLines("killer-a=1\n\n sword = 0 \nlover=\nx"), { "killer-a": 1, sword: 0 });
  assert.equal(formatPostLines({ "killer-a": 2, sword: 0 }), "killer-a=2\nsword=0");
  assert.deepEqual(parsePostLines(formatPostLines({ "killer-a": 2, sword: 0 })), { "killer-a": 2, sword: 0 });
});

test("one edited group is sent with every other group's count in force, so the server's whole-map replace keeps them", () => {
  const d = new Driver(preset("fengyun-57"));
  // Round 2 of 风云 (seed 000): killer-a 2, killer-b 1, assassin 1, lover 1, sword 1; not opened yet.
  const inForce = postsInForce(d.state, 2);
  assert.deepEqual(editedPosts(inForce, { "killer-a": 1 }), {
    "killer-a": 1,
    "killer-b": 1,
    assassin: 1,
    lover: 1,
    sword: 1,
  });
  // An earlier 微调 of that round is in force too.
  assert.equal(
    d.override(local("12-02 12:00"), {
      action: "set-progression",
      round: 2,
      posts: { "killer-a": 0, sword: 0 },
    }),
    null,
  );
  assert.deepEqual(editedPosts(postsInForce(d.state, 2), { sword: 2 }), { "killer-a": 0, sword: 2 });
  assert.equal(editedPosts(inForce, {}), undefined, "nothing edited, nothing sent");
});

test("the 工兵's extra posts are filled in the same way (空军 round 2 「工兵1」)", () => {
  const d = new Driver(preset("airforce-40"));
  const extra = postsInForce(d.state, 2, "extraPosts");
  assert.deepEqual(extra, preset("airforce-40").progression.find((p) => p.round === 2)?.extraPosts ?? {});
  assert.deepEqual(editedPosts(extra, { engineer: 0 }), { ...extra, engineer: 0 });
});
