// 评奖 as the pages read it: the latest giving stands, an empty one takes them back.
import assert from "node:assert/strict";
import { test } from "node:test";
import { latestAwards } from "./awards.ts";

const given = (seq: number, awards: unknown[], note = "") => ({
  seq,
  type: "app.AwardsGiven",
  at: seq * 1000,
  data: { awards, note },
});

test("the latest awards stand; an empty list takes them back; odd entries are left out", () => {
  assert.equal(latestAwards([]), null);
  const first = given(1, [{ award: "mvp", seat: 3 }], "首次");
  const second = given(2, [{ award: "writing", seat: 5 }, { award: "best", seat: 1 }, { award: "mvp" }]);
  assert.deepEqual(latestAwards([first]), { at: 1000, awards: [{ award: "mvp", seat: 3 }], note: "首次" });
  assert.deepEqual(latestAwards([first, second])?.awards, [{ award: "writing", seat: 5 }]);
  assert.equal(latestAwards([first, second, given(3, [])]), null);
});
