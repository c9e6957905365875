// The 托票 form's window: open until the cut-off, closed from it, and closed throughout a 风云/空军 overtime.
import assert from "node:assert/strict";
import { test } from "node:test";
import { proxyCutoff, proxyWindow } from "./proxy-window.ts";

const MIN = 60_000;
// A 21:00:00 deadline; the thread closes at 21:00:01 (RULINGS 6).
const DEADLINE = 21 * 60 * MIN;
const AIRFORCE = { cutoffMinutes: 15, duel: false };

test("seed 002 「20:45分后不接受任何形式的托票」: open until 20:44:59.999, closed from 20:45 on", () => {
  const c = proxyCutoff({ stage: "regular", closesAt: DEADLINE + 1000 }, DEADLINE, AIRFORCE);
  assert.deepEqual(c, { cutoff: DEADLINE - 15 * MIN, overtime: false });
  assert.equal(proxyWindow(c, c.cutoff - 1), "open");
  assert.equal(proxyWindow(c, c.cutoff), "closed");
  assert.equal(proxyWindow(c, DEADLINE - 10 * MIN), "closed");
});

test("an overtime takes no 托票 even at its start: the day's cut-off is past", () => {
  const c = proxyCutoff({ stage: "overtime", closesAt: DEADLINE + 15 * MIN + 1000 }, DEADLINE, AIRFORCE);
  assert.deepEqual(c, { cutoff: DEADLINE - 15 * MIN, overtime: true });
  assert.equal(proxyWindow(c, DEADLINE + 1000), "overtime");
});

test("7kill's 高票对决 counts 10 minutes back from its own deadline", () => {
  const duelDeadline = DEADLINE + 24 * 60 * MIN;
  const c = proxyCutoff({ stage: "overtime", closesAt: duelDeadline + 1000 }, DEADLINE, {
    cutoffMinutes: 10,
    duel: true,
  });
  assert.deepEqual(c, { cutoff: duelDeadline - 10 * MIN, overtime: false });
  assert.equal(proxyWindow(c, c.cutoff - 1000), "open");
  assert.equal(proxyWindow(c, c.cutoff), "closed");
});
