// 两府制 over HTTP: each player's view carries their own house's thread and tally; the public gets both houses.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fixedSeats } from "../../src/engine/test-kit.ts";
import { presets } from "../../src/rules/presets/index.ts";
import type { RuleSet } from "../../src/rules/schema.ts";
import type { ApiError, GameCreatedResponse, GameViewResponse } from "../../src/server/api-types.ts";
import { local } from "./fixtures.ts";
import {
  advanceTo,
  call,
  engineOf,
  type Harness,
  makeHarness,
  must,
  quickAccount,
  type Res,
  rid,
} from "./harness.ts";

/** 风云's 报道 minimum is 301 字 ("报道必须原创首发文学作品且字数不得少于301"). */
const LONG_REPORT = "江湖夜雨十年灯，桃李春风一杯酒。".repeat(20);

/**
 * A started 风云 game with two houses, even seats in house 1 and odd seats in house 2, started through the service
 * with explicit seats so the test knows every seat's house (the HTTP start deals houses from the seed: see below).
 */
async function twoHouseGame(h: Harness): Promise<{ id: string; cookies: string[]; referee: string }> {
  const base = presets["fengyun-57"]!;
  const referee = await quickAccount(h, "ref");
  const created = await must(
    call<GameCreatedResponse>(h, "POST", "/api/games", referee, {
      name: "两府局",
      rulesText: JSON.stringify({ ...base, win: { ...base.win, houses: 2 } }),
      refereeAlias: "哨子",
    }),
  );
  const id = created.json.game.id;
  const ctx = (await h.games.context(id))!;
  const rules = ctx.rules as RuleSet;
  const seats = fixedSeats(rules).map((s, i) => ({ ...s, alias: `府${i}`, house: (i % 2) + 1 }));
  const cookies: string[] = [];
  for (const s of seats) {
    const cookie = await quickAccount(h, `u-${s.alias}`);
    const account = (await h.storage.findAccountByUsername(`u-${s.alias}`))!;
    await h.storage.addMember({
      gameId: id,
      alias: s.alias,
      accountId: account.id,
      kind: "player",
      createdAt: h.clock.now(),
    });
    cookies.push(cookie);
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
  return { id, cookies, referee };
}

test("两府制: a house-2 player votes in and sees house 2's thread; a house-1 player sees house 1's; the public both", async () => {
  const h = await makeHarness();
  try {
    const { id, cookies } = await twoHouseGame(h);
    await advanceTo(h, local("12-02 20:00:00"));
    // Seat 1 (house 2) votes seat 55 (house 2); seat 0 (house 1) votes seat 56 (house 1).
    await must(call(h, "POST", `/api/games/${id}/votes`, cookies[1], { requestId: rid(), targets: [55] }));
    await must(call(h, "POST", `/api/games/${id}/votes`, cookies[0], { requestId: rid(), targets: [56] }));
    const other = await call<ApiError>(h, "POST", `/api/games/${id}/votes`, cookies[3], {
      requestId: rid(),
      targets: [56],
    });
    assert.equal(other.json.error.code, "vote.target-other-house", "a vote stays in the voter's house");

    const seatTally = (r: Res<GameViewResponse>) => r.json.view!.tally.map((t) => [t.seat, t.votes]);
    const house2 = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`, cookies[1]));
    assert.deepEqual(seatTally(house2), [[55, 1]]);
    assert.deepEqual(house2.json.view!.myVote!.targets, [55]);
    const h2Round = engineOf(house2.json.view).rounds.find((r) => r.round === 1);
    assert.equal(h2Round!.house, 2);
    const house1 = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`, cookies[0]));
    assert.deepEqual(seatTally(house1), [[56, 1]]);

    const pub = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`));
    assert.deepEqual(
      pub.json.view!.houses!.map((x) => [x.house, x.tally.map((t) => t.seat)]),
      [
        [1, [56]],
        [2, [55]],
      ],
    );
  } finally {
    await h.close();
  }
});

test("两府制: the referee's results post lists each house under its own heading (seed 000 「死亡人员在哪个票楼…」)", async () => {
  const h = await makeHarness();
  try {
    const { id, cookies, referee } = await twoHouseGame(h);
    await advanceTo(h, local("12-02 20:00:00"));
    // Every seat votes in its own house: house 1 (even seats) on 56, house 2 (odd seats) on 55.
    for (const [i, cookie] of cookies.entries())
      await must(
        call(h, "POST", `/api/games/${id}/votes`, cookie, {
          requestId: rid(),
          targets: [i % 2 === 0 ? 56 : 55],
        }),
      );
    await advanceTo(h, local("12-02 21:00:01"));
    const post = await must(
      call<{ text: string }>(h, "GET", `/api/games/${id}/referee/results?round=1`, referee),
    );
    const text = post.json.text;
    const one = text.indexOf("### 一府");
    const two = text.indexOf("### 二府");
    assert.ok(one >= 0 && two > one, text);
    assert.match(text.slice(one, two), /票楼结果：府56 29票/);
    assert.match(text.slice(one, two), /票杀：府56（/);
    assert.match(text.slice(two), /票楼结果：府55 28票/);
    assert.match(text.slice(two), /票杀：府55（/);
  } finally {
    await h.close();
  }
});

test("两府制 over HTTP: the referee's start deals every seat a house from the seed, 29 and 28", async () => {
  const h = await makeHarness();
  try {
    const base = presets["fengyun-57"]!;
    const referee = await quickAccount(h, "ref");
    const created = await must(
      call<GameCreatedResponse>(h, "POST", "/api/games", referee, {
        name: "两府局",
        rulesText: JSON.stringify({ ...base, win: { ...base.win, houses: 2 } }),
        refereeAlias: "哨子",
      }),
    );
    const id = created.json.game.id;
    await must(call(h, "POST", `/api/games/${id}/signup/open`, referee));
    const cookies: string[] = [];
    for (let i = 0; i < 57; i++) {
      const cookie = await quickAccount(h, `hp${i}`);
      await must(call(h, "POST", `/api/games/${id}/join`, cookie, { alias: `府${i}`, report: LONG_REPORT }));
      cookies.push(cookie);
    }
    await must(call(h, "POST", `/api/games/${id}/signup/close`, referee));
    await must(
      call(h, "POST", `/api/games/${id}/start`, referee, {
        seed: "houses",
        round1At: local("12-01 21:00:00"),
      }),
    );
    await advanceTo(h, local("12-02 20:00:00"));
    const houses: number[] = [];
    for (const cookie of cookies) {
      const v = await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`, cookie));
      houses.push(engineOf(v.json.view).rounds.find((r) => r.round === 1)!.house);
    }
    assert.equal(houses.filter((x) => x === 1).length, 29);
    assert.equal(houses.filter((x) => x === 2).length, 28);
  } finally {
    await h.close();
  }
});

test("两府制: while only house 2 is in overtime, the public and the referee see it (phase and tally)", async () => {
  const h = await makeHarness();
  try {
    const { id, cookies, referee } = await twoHouseGame(h);
    await advanceTo(h, local("12-02 20:00:00"));
    // 风云 round 1 puts two out per house. House 1 (even seats): 56 and 54, no tie. House 2 (odd seats): 55 first,
    // then 53 and 51 tie for the second place: house 2 goes to overtime, house 1 closes.
    for (const [i, cookie] of cookies.entries()) {
      const target = i % 2 === 0 ? (i < 40 ? 56 : 54) : i < 37 ? 55 : i < 47 ? 53 : 51;
      await must(call(h, "POST", `/api/games/${id}/votes`, cookie, { requestId: rid(), targets: [target] }));
    }
    await advanceTo(h, local("12-02 21:00:01"));
    await must(call(h, "POST", `/api/games/${id}/votes`, cookies[1], { requestId: rid(), targets: [53] }));
    for (const viewer of [undefined, referee]) {
      const view = (await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`, viewer))).json.view!;
      assert.equal(view.phase, "overtime", viewer ?? "public");
      const two = view.houses?.find((x) => x.house === 2);
      assert.deepEqual(
        two?.tally.filter((t) => t.votes > 0).map((t) => [t.seat, t.votes]),
        [[53, 1]],
      );
    }
  } finally {
    await h.close();
  }
});

test("两府制: a late ballot names its own house's deadline, not the other house's 加时", async () => {
  const h = await makeHarness();
  try {
    const { id, cookies } = await twoHouseGame(h);
    await advanceTo(h, local("12-02 20:00:00"));
    // As above: house 2 goes to a 15-minute 加时 at 21:00, house 1 closes then.
    for (const [i, cookie] of cookies.entries()) {
      const target = i % 2 === 0 ? (i < 40 ? 56 : 54) : i < 37 ? 55 : i < 47 ? 53 : 51;
      await must(call(h, "POST", `/api/games/${id}/votes`, cookie, { requestId: rid(), targets: [target] }));
    }
    await advanceTo(h, local("12-02 21:00:01"));
    await advanceTo(h, local("12-02 21:20:00"));
    const late = async (cookie: string | undefined) =>
      (await call<ApiError>(h, "POST", `/api/games/${id}/votes`, cookie, { requestId: rid(), targets: [50] }))
        .json.error;
    const one = await late(cookies[0]);
    assert.equal(one.code, "vote.after-deadline");
    assert.equal(one.message, "投票已截止（截止时间 21:00:00，收到时间 21:20:00）", "house 1");
    const two = await late(cookies[1]);
    assert.equal(two.message, "投票已截止（截止时间 21:15:00，收到时间 21:20:00）", "house 2's 加时");
  } finally {
    await h.close();
  }
});
