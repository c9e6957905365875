// The game lifecycle over HTTP: create, sign up with 报道, close, start, vote, deadline, results.
import assert from "node:assert/strict";
import { test } from "node:test";
import { local, smallRules } from "./fixtures.ts";
import { advanceTo, call, makeHarness, must, quickAccount, REPORT, rid, startedGame } from "./harness.ts";

test("a started game: players see their role card, the referee sees the roster, votes count", async () => {
  const h = await makeHarness();
  try {
    const g = await startedGame(h, 6);
    const p0 = g.players[0]!;
    const v = await must(call(h, "GET", `/api/games/${g.id}`, p0.cookie));
    assert.equal(v.json.viewer.kind, "player");
    assert.equal(v.json.viewer.seat, p0.seat);
    assert.ok(v.json.view.roleCard, "role card shown to its player");
    await advanceTo(h, local("12-01 21:31:00"));
    const after = await must(call(h, "GET", `/api/games/${g.id}`, p0.cookie));
    assert.equal(after.json.view.round, 1);
    console.log(after.json.view.phase, after.json.view.deadlines);
  } finally {
    await h.close();
  }
});
