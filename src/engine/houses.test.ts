// Tests for 两府制's vote-out count per house (win.houseVoteOut).
import assert from "node:assert/strict";
import { test } from "node:test";
import { presets } from "../rules/presets/index.ts";
import { RuleSet } from "../rules/schema.ts";
import { houseCount, houseVoteOut } from "./houses.ts";

function fengyun(win: Record<string, unknown>) {
  const base = presets["fengyun-57"];
  assert.ok(base);
  return RuleSet.parse({ ...base, win: { kind: "score", ...win } });
}

test("两府制: 'each' gives every house the progression's count; 'split' shares it, house 1 taking the larger half", () => {
  const each = fengyun({ houses: 2 });
  assert.equal(houseCount(each), 2);
  assert.deepEqual([houseVoteOut(each, 5, 1), houseVoteOut(each, 5, 2)], [5, 5]);
  const split = fengyun({ houses: 2, houseVoteOut: "split" });
  assert.deepEqual([houseVoteOut(split, 5, 1), houseVoteOut(split, 5, 2)], [3, 2]);
  assert.deepEqual([houseVoteOut(split, 4, 1), houseVoteOut(split, 4, 2)], [2, 2]);
  const one = fengyun({ houses: 1, houseVoteOut: "split" });
  assert.equal(houseVoteOut(one, 5, 1), 5);
});
