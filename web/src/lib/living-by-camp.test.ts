// livingByCamp: outs and revivals per round, counted per camp, replayed in event order.
import assert from "node:assert/strict";
import { test } from "node:test";
import { livingByCamp } from "./living-by-camp.ts";

test("a post kill and a revival (白条未补 revives the target) are replayed per round", () => {
  const camps = new Map([
    [0, "black"],
    [1, "white"],
    [2, "white"],
    [3, "white"],
  ]);
  const series = livingByCamp(
    camps,
    [
      { type: "PlayerOut", round: 1, seat: 1 },
      { type: "PlayerOut", round: 1, seat: 2 },
      { type: "PlayerRevived", round: 1, seat: 2 },
      { type: "PlayerOut", round: 2, seat: 0 },
    ],
    2,
  );
  assert.deepEqual(series.rounds, [0, 1, 2]);
  assert.deepEqual(series.counts, { black: [1, 1, 0], white: [3, 2, 2] });
});
