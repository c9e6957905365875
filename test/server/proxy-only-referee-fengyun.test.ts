// 风云 (seed 000) 托票 over HTTP: a player can entrust a vote to the referee only; no player can cast one for another.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { EventListResponse } from "../../src/server/api-types.ts";
import { local } from "./fixtures.ts";
import { advanceTo, call, makeHarness, must, rid, startedPresetGame } from "./harness.ts";

test("seed 000 「请向哨子托票，决不能向其他玩家托票」「任何人不得托票给其他游戏玩家，无论此人出局与否」: no player casts or requests a vote for another seat; the referee's entry is the only 托票, counted as the asker's", async () => {
  const h = await makeHarness();
  try {
    const g = await startedPresetGame(h, {
      preset: "fengyun-57",
      players: 57,
      prefix: "托",
      seed: "proxy",
      round1At: local("12-01 21:00:00"),
    });
    await advanceTo(h, local("12-02 10:00:00"));
    const [a, b, target, gone] = g.players.filter((p) => p.role === "ranger") as [
      (typeof g.players)[0],
      (typeof g.players)[0],
      (typeof g.players)[0],
      (typeof g.players)[0],
    ];
    const url = (path: string) => `/api/games/${g.id}/${path}`;
    // One player out (判罚), to try the same with a player who is out.
    const out = await call(h, "POST", url("referee/overrides"), g.referee, {
      requestId: rid(),
      override: { action: "eliminate", target: gone.seat },
      reason: "判罚",
    });
    assert.equal(out.status, 200, out.text);
    // A ballot for another seat: the vote form has no voter to name.
    const forOther = await call(h, "POST", url("votes"), a.cookie, {
      requestId: rid(),
      targets: [target.seat],
      voter: b.seat,
    });
    assert.equal(forOther.status, 400, forOther.text);
    // The referee's 托票 entry is the referee's alone.
    const asReferee = await call(h, "POST", url("referee/proxy-votes"), a.cookie, {
      requestId: rid(),
      voter: b.seat,
      targets: [target.seat],
    });
    assert.equal(asReferee.status, 403, asReferee.text);
    // A 托票 request names a target only: the asker's own vote, never another's.
    const requestForOther = await call(h, "POST", url("proxy-requests"), a.cookie, {
      requestId: rid(),
      target: target.seat,
      voter: b.seat,
    });
    assert.equal(requestForOther.status, 400, requestForOther.text);
    // Nor can a player who is out cast for b.
    for (const [path, status] of [
      ["votes", 400],
      ["referee/proxy-votes", 403],
    ] as const) {
      const byOut = await call(h, "POST", url(path), gone.cookie, {
        requestId: rid(),
        voter: b.seat,
        targets: [target.seat],
      });
      assert.equal(byOut.status, status, `${path}: ${byOut.text}`);
    }
    const votesOf = async (seat: number) => {
      const feed = await must(call<EventListResponse>(h, "GET", url("events"), g.referee));
      return feed.json.events
        .filter((e) => e.type === "VoteCast" && e.data.voter === seat)
        .map((e) => [e.data.targets, e.data.proxy]);
    };
    assert.deepEqual(await votesOf(b.seat), [], "nothing was cast for b");
    // b asks the referee (seed 000 「请向哨子托票」); the request casts nothing until the referee enters it.
    const asked = await call(h, "POST", url("proxy-requests"), b.cookie, {
      requestId: rid(),
      target: target.seat,
    });
    assert.equal(asked.status, 200, asked.text);
    assert.deepEqual(await votesOf(b.seat), []);
    const entered = await call(h, "POST", url("referee/proxy-votes"), g.referee, {
      requestId: rid(),
      voter: b.seat,
      targets: [target.seat],
    });
    assert.equal(entered.status, 200, entered.text);
    assert.deepEqual(await votesOf(b.seat), [[[target.seat], true]]);
    assert.deepEqual(await votesOf(a.seat), [], "a's attempts left no ballot of a's either");
  } finally {
    await h.close();
  }
});
