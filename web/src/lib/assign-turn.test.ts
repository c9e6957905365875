// The desk's 指定出帖人 choices, read off the referee's full state of a real 风云 game.
import assert from "node:assert/strict";
import { test } from "node:test";
import { closeVote, Driver, local, preset } from "../../../src/engine/test-kit.ts";
import { turnChoices } from "./assign-turn.ts";

// 风云 seats: A组杀手 0–3, B组杀手 4–7, 刺客 8–10, 情侣 11–12, 剑 14–15. Round 2: A杀2、B杀1、刺1、情侣1、剑1.
function round2(): Driver {
  const d = new Driver(preset("fengyun-57"));
  closeVote(d, "12-02", [56, 55]);
  return d;
}

test("each unit's turns in code order with its living members; a turn given away names whose it was; a unit done is left out", () => {
  const d = round2();
  const before = turnChoices(d.state);
  assert.deepEqual(
    before.map((c) => c.unit),
    ["killer-a", "killer-b", "assassin", "lover", "sword"],
  );
  const b = before.find((c) => c.unit === "killer-b");
  assert.deepEqual(b?.turns, [{ seat: 4, taken: false }]);
  assert.deepEqual(b?.members, [4, 5, 6, 7]);
  assert.equal(
    d.override(local("12-02 21:10"), { action: "assign-turn", unit: "killer-b", seat: 6 }, "x"),
    null,
  );
  assert.deepEqual(turnChoices(d.state).find((c) => c.unit === "killer-b")?.turns, [
    { seat: 6, assignedFrom: 4, taken: false },
  ]);
  assert.equal(d.post(local("12-02 21:11"), 6, 50), null);
  assert.equal(d.post(local("12-02 21:12"), 0, 51), null);
  const after = turnChoices(d.state);
  assert.equal(
    after.find((c) => c.unit === "killer-b"),
    undefined,
    "B组 has posted",
  );
  assert.deepEqual(after.find((c) => c.unit === "killer-a")?.turns, [
    { seat: 0, taken: true },
    { seat: 1, taken: false },
  ]);
  d.tick(local("12-02 21:30:01"));
  assert.deepEqual(turnChoices(d.state), [], "the posts are out");
});
