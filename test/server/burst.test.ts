// Last-second burst: 1,000 players each vote once within the last second before the deadline; all are counted.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Clock } from "../../src/app/clock.ts";
import { ManualClock } from "../../src/app/clock.ts";
import type { TallyEntry } from "../../src/engine/vote/types.ts";
import type { CommandResponse, EventListResponse, GameViewResponse } from "../../src/server/api-types.ts";
import { local } from "./fixtures.ts";
import { advanceTo, call, makeHarness, must, rid, startedGame } from "./harness.ts";

const DEADLINE = local("12-02 21:00:00");

test("1,000 players voting in the last second before the deadline: no errors, every vote counted", async () => {
  const clock = new ManualClock(local("12-01 12:00:00"));
  const h = await makeHarness({ clock });
  try {
    const g = await startedGame(h, 1000, "q");
    await advanceTo(h, local("12-02 20:59:59"));
    // Receipt times spread over the last second: each reading of the clock moves it on by 0.25 ms.
    const base = DEADLINE - 1000;
    let reads = 0;
    const spread: Clock = { now: () => Math.min(base + Math.floor(reads++ / 4), DEADLINE - 1) };
    const real = clock.now.bind(clock);
    clock.now = spread.now;
    const target = g.players[0]!;
    const results = await Promise.all(
      g.players.map((p) =>
        call<CommandResponse>(h, "POST", `/api/games/${g.id}/votes`, p.cookie, {
          requestId: rid(),
          targets: [p === target ? g.players[1]!.seat : target.seat],
        }),
      ),
    );
    clock.now = real;
    const failed = results.filter((r) => r.status !== 200);
    assert.deepEqual(
      failed.map((r) => r.text),
      [],
    );
    for (const r of results) {
      assert.ok(r.json.receivedAt >= base && r.json.receivedAt < DEADLINE, "received in the last second");
    }
    await advanceTo(h, DEADLINE + 1000);
    const log = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/referee/log`, g.referee));
    const casts = log.json.events.filter((e) => e.type === "VoteCast");
    assert.equal(casts.length, 1000, "every vote stored once");
    const closed = log.json.events.find((e) => e.type === "VoteClosed")!;
    // GameEventDto keeps an event's data a record: the engine's VoteClosed names the entries' type.
    const entries = closed.data.entries as TallyEntry[];
    const total = entries.reduce((sum, e) => sum + e.fullVotes, 0);
    assert.equal(total, 1000, "the closing tally counts all 1,000 votes");
    const top = entries.find((e) => e.seat === target.seat);
    assert.equal(top!.fullVotes, 999);
    const outs = log.json.events.filter((e) => e.type === "PlayerOut" && e.data.cause === "suicide");
    assert.equal(outs.length, 0, "nobody is counted as a non-voter");
    const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`));
    assert.equal(view.json.view!.seats.find((s) => s.seat === target.seat)!.alive, false);
  } finally {
    await h.close();
  }
});
