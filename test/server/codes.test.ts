// 代号 over HTTP (fengyun-57): GameInfo says the rule set asks for code guesses; the view offers codes only once due.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fixedSeats } from "../../src/engine/test-kit.ts";
import { presets } from "../../src/rules/presets/index.ts";
import type { RuleSet } from "../../src/rules/schema.ts";
import type { GameCreatedResponse, GameViewResponse } from "../../src/server/api-types.ts";
import { local } from "./fixtures.ts";
import { advanceTo, call, type Harness, makeHarness, must, postKill, quickAccount, rid } from "./harness.ts";

/** A started 风云 game with seats in deck order (0-3 A, 4-7 B, 8-10 刺客, … 18-56 rangers), one cookie per seat. */
async function fengyunGame(h: Harness): Promise<{ id: string; cookies: string[] }> {
  const referee = await quickAccount(h, "ref");
  const created = await must(
    call<GameCreatedResponse>(h, "POST", "/api/games", referee, {
      name: "风云局",
      rulesText: JSON.stringify(presets["fengyun-57"]),
      refereeAlias: "哨子",
    }),
  );
  const id = created.json.game.id;
  assert.equal(created.json.game.codeGuesses, true, "fengyun-57 asks for code guesses");
  const ctx = (await h.games.context(id))!;
  const rules = ctx.rules as RuleSet;
  const seats = fixedSeats(rules).map((s, i) => ({ ...s, alias: `侠${i}` }));
  const cookies: string[] = [];
  for (const s of seats) {
    cookies.push(await quickAccount(h, `u-${s.alias}`));
    const account = (await h.storage.findAccountByUsername(`u-${s.alias}`))!;
    await h.storage.addMember({
      gameId: id,
      alias: s.alias,
      accountId: account.id,
      kind: "player",
      createdAt: h.clock.now(),
    });
  }
  const started = await ctx.actor.submit({
    now: h.clock.now(),
    decide: (snap) => {
      const d = h.games.engine.decide(snap.engine, {
        type: "StartGame",
        at: h.clock.now(),
        rules,
        start: local("12-01 21:00:00"),
        seats,
      });
      return d.ok
        ? { ok: true, events: d.events }
        : { ok: false, refusal: { code: d.refusal.code, status: 409 } };
    },
  });
  assert.ok(started.ok, JSON.stringify(started));
  return { id, cookies };
}

// Seed 000: "未有杀刺出帖前，投票楼不提供代号供投选"
test("代号: GameInfo.codeGuesses; no codes offered before the first black kill post, then the living black scored codes", async () => {
  const h = await makeHarness();
  try {
    const { id, cookies } = await fengyunGame(h);
    const ranger = cookies[30]!;
    await advanceTo(h, local("12-02 10:00:00"));
    const before = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`, ranger));
    assert.equal(before.json.game.codeGuesses, true);
    assert.equal(before.json.view!.offeredCodes, null);
    const guess = await call(h, "POST", `/api/games/${id}/votes`, ranger, {
      requestId: rid(),
      targets: [55],
      codes: ["苍龙斧"],
    });
    assert.equal(guess.status, 409, "a code guess before codes are offered is refused");
    for (let seat = 0; seat < 57; seat++)
      await must(
        call(h, "POST", `/api/games/${id}/votes`, cookies[seat], {
          requestId: rid(),
          targets: [seat % 2 === 0 ? 55 : 56],
        }),
      );
    await advanceTo(h, local("12-02 21:00:02"));
    await advanceTo(h, local("12-02 21:05:00"));
    await postKill(h, id, cookies[8]!, 20);
    await advanceTo(h, local("12-02 21:31:00"));
    const after = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`, ranger));
    const offered = after.json.view!.offeredCodes!;
    // "提供所有有分值的黑道代号供投选": 13 scored black codes, not the black bomb's 十面埋伏.
    assert.equal(offered.length, 13);
    assert.ok(offered.includes("苍龙斧") && !offered.includes("十面埋伏"));
    // The voter's own ballot comes back with its guess, so the vote machine can show it and keep it on a 改票 (风云 audit:
    // the page reset the code box and a 改票 sent null).
    await must(
      call(h, "POST", `/api/games/${id}/votes`, ranger, {
        requestId: rid(),
        targets: [0],
        codes: ["苍龙斧"],
      }),
    );
    const mine = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`, ranger));
    assert.deepEqual(mine.json.view!.myVote?.codes, ["苍龙斧"]);
    await must(call(h, "POST", `/api/games/${id}/votes`, cookies[31]!, { requestId: rid(), targets: [0] }));
    const other = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`, cookies[31]!));
    assert.deepEqual(other.json.view!.myVote?.targets, [0]);
    assert.equal(other.json.view!.myVote?.codes, undefined, "a ballot without a guess has none");
  } finally {
    await h.close();
  }
});
