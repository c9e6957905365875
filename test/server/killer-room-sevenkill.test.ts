// 7kill (seed 001) killers know each other and share a room over HTTP: nobody else sees their roles, posts or reads there.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { GameViewResponse, RoomMessagesResponse } from "../../src/server/api-types.ts";
import { local } from "./fixtures.ts";
import { call, makeHarness, must, rid, startedPresetGame } from "./harness.ts";

test("seed 001 「杀手（4人）互知，可私下讨论」: the killers see each other's role, each posts in the killers' room and every killer reads it; the others can neither post nor read", async () => {
  const h = await makeHarness();
  try {
    const g = await startedPresetGame(h, {
      preset: "sevenkill-16",
      players: 16,
      prefix: "杀群",
      seed: "killer-room",
      round1At: local("12-01 20:00:00"),
    });
    const killers = g.players.filter((p) => p.role === "killer");
    const others = g.players.filter((p) => p.role !== "killer");
    assert.equal(killers.length, 4);
    // 互知: a killer's view names the other killers' role, and no one else's; a villager's names nobody's.
    const rolesSeenBy = async (cookie: string) => {
      const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, cookie));
      return view.json
        .view!.seats.filter((s) => s.role)
        .map((s) => s.seat)
        .sort((a, b) => a - b);
    };
    const killerSeats = killers.map((k) => k.seat).sort((a, b) => a - b);
    for (const k of killers) assert.deepEqual(await rolesSeenBy(k.cookie), killerSeats, k.alias);
    const villager = others.find((p) => p.role === "villager")!;
    assert.deepEqual(await rolesSeenBy(villager.cookie), [villager.seat]);
    const url = `/api/games/${g.id}/rooms/killer-room/messages`;
    for (const [i, k] of killers.entries()) {
      const posted = await call(h, "POST", url, k.cookie, { requestId: rid(), text: `第${i}句` });
      assert.equal(posted.status, 200, posted.text);
    }
    const said = killers.map((k, i) => [k.alias, `第${i}句`]);
    for (const k of killers) {
      const read = await must(call<RoomMessagesResponse>(h, "GET", url, k.cookie));
      assert.deepEqual(
        read.json.messages.map((m) => [m.alias, m.text]),
        said,
        `${k.alias} reads the whole room`,
      );
    }
    // Police, doctor, villagers and the bandit (not turned killer): no way in.
    for (const p of others) {
      assert.equal(
        (await call(h, "POST", url, p.cookie, { requestId: rid(), text: "偷听" })).status,
        403,
        p.role!,
      );
      assert.equal((await call(h, "GET", url, p.cookie)).status, 403, p.role!);
    }
  } finally {
    await h.close();
  }
});
