// 7kill referee rulings over HTTP (seed 001 4.2, 4.3): 无效票, 警告 (once, twice, 情节严重), 不计潜水, 信誉度, and refusals.
import assert from "node:assert/strict";
import { test } from "node:test";
import type {
  ApiError,
  CommandResponse,
  EventListResponse,
  GameEventDto,
  GameViewResponse,
} from "../../src/server/api-types.ts";
import { local } from "./fixtures.ts";
import {
  advanceTo,
  call,
  engineOf,
  type Game,
  type Harness,
  makeHarness,
  must,
  type Player,
  rid,
  startedGame,
  startedPresetGame,
} from "./harness.ts";

type SevenKill = Game;

/** A started sevenkill-16 game (16 players, round 1 at 12-01 20:00). */
async function sevenKill(h: Harness): Promise<SevenKill> {
  const round1At = local("12-01 20:00:00");
  return await startedPresetGame(h, {
    preset: "sevenkill-16",
    players: 16,
    prefix: "判罚",
    seed: "rulings",
    round1At,
  });
}

async function within(fn: (h: Harness, g: SevenKill) => Promise<void>): Promise<void> {
  const h = await makeHarness();
  try {
    const g = await sevenKill(h);
    await advanceTo(h, local("12-01 21:00:00"));
    await fn(h, g);
  } finally {
    await h.close();
  }
}

/** A ruling; the answer is a CommandResponse, or an ApiError where a refusal is expected. */
const rule = <T = CommandResponse>(
  h: Harness,
  g: SevenKill,
  override: Record<string, unknown>,
  cookie = g.referee,
  reason = "判罚",
) =>
  call<T>(h, "POST", `/api/games/${g.id}/referee/overrides`, cookie, { requestId: rid(), override, reason });

async function log(h: Harness, g: SevenKill): Promise<GameEventDto[]> {
  const res = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/referee/log`, g.referee));
  return res.json.events;
}

/** The referee's view of the 7kill record (GameView.engine.dayNight). */
async function record(h: Harness, g: SevenKill) {
  const res = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, g.referee));
  const dn = engineOf(res.json.view).dayNight!;
  const seats = res.json.view!.seats;
  return { dn, alive: (s: number) => seats.find((x) => x.seat === s)?.alive };
}

const outCause = (events: GameEventDto[], seat: number) =>
  events.find((e) => e.type === "PlayerOut" && e.data.seat === seat)?.data.cause ?? null;

test("7kill 警告: 当玩家出现…曝ID、帖证…时，会给予一次警告…累积两次警告，将被判罚出局", async () => {
  await within(async (h, g) => {
    const a = g.players[0]!;
    // "会给予一次警告，被警告的玩家不会获得信誉度": one warning, the player plays on.
    const first = await rule(
      h,
      g,
      { action: "warn", target: a.seat, offence: "expose-id" },
      g.referee,
      "曝ID",
    );
    assert.equal(first.status, 200, first.text);
    let rec = await record(h, g);
    assert.deepEqual(
      rec.dn.offences.map((o) => [o.seat, o.offence, o.warning, o.withdrawn]),
      [[a.seat, "expose-id", true, false]],
    );
    assert.equal(rec.alive(a.seat), true);
    assert.equal(outCause(await log(h, g), a.seat), null);
    // "或累积两次警告，将被判罚出局"
    await must(rule(h, g, { action: "warn", target: a.seat, offence: "evidence" }, g.referee, "贴证"));
    rec = await record(h, g);
    assert.equal(rec.alive(a.seat), false);
    assert.equal(outCause(await log(h, g), a.seat), "penalty");
    assert.deepEqual(
      rec.dn.offences.map((o) => o.offence),
      ["expose-id", "evidence"],
    );
    // A warning is announced: the other players see it.
    const pub = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, g.players[1]!.cookie));
    assert.equal(engineOf(pub.json.view).dayNight!.offences.length, 2);
  });
});

test("7kill 警告: 情节严重者…将被判罚出局 — a severe warning puts the player out at once", async () => {
  await within(async (h, g) => {
    const a = g.players[2]!;
    const res = await rule(
      h,
      g,
      { action: "warn", target: a.seat, offence: "abuse", severe: true },
      g.referee,
      "辱骂",
    );
    assert.equal(res.status, 200, res.text);
    const rec = await record(h, g);
    assert.equal(rec.alive(a.seat), false);
    assert.equal(outCause(await log(h, g), a.seat), "penalty");
    // A plain single warning for another player does not.
    const b = g.players[3]!;
    await must(rule(h, g, { action: "warn", target: b.seat, offence: "negative-play" }));
    assert.equal((await record(h, g)).alive(b.seat), true);
  });
});

test("7kill 信誉度: 将被判罚出局，并对玩家给予-10～-30的负信誉度 — only for a player put out by penalties", async () => {
  await within(async (h, g) => {
    const a = g.players[4]!;
    // A player still in the game gets no reputation penalty: the engine's refusal, in Chinese.
    const early = await rule<ApiError>(h, g, { action: "reputation", target: a.seat, points: -20 });
    assert.equal(early.status, 409, early.text);
    assert.equal(early.json.error.code, "override.not-penalty-out");
    assert.match(early.json.error.message, /处罚出局/);
    await must(rule(h, g, { action: "warn", target: a.seat, offence: "cheating", severe: true }));
    const wide = await rule<ApiError>(h, g, { action: "reputation", target: a.seat, points: -50 });
    assert.equal(wide.json.error.code, "override.reputation-out-of-range");
    assert.match(wide.json.error.message, /-30 到 -10/);
    const ok = await rule(h, g, { action: "reputation", target: a.seat, points: -20 });
    assert.equal(ok.status, 200, ok.text);
    assert.equal((await record(h, g)).dn.record?.reputation[a.seat], -20);
    // A player put out by the referee (not by penalties) gets none either.
    const b = g.players[5]!;
    await must(rule(h, g, { action: "eliminate", target: b.seat }));
    const other = await rule<ApiError>(h, g, { action: "reputation", target: b.seat, points: -10 });
    assert.equal(other.json.error.code, "override.not-penalty-out");
  });
});

test("7kill 不计潜水: a. 因论坛异常…无法正常发帖 — an excuse withdraws the round's lurking warning", async () => {
  await within(async (h, g) => {
    const [quiet, ...rest] = g.players;
    // "a. 在一个白天的讨论帖中，发帖数少于5帖；"
    const say = (p: Player, text: string) =>
      must(
        call(h, "POST", `/api/games/${g.id}/discussion/day-1/posts`, p.cookie, { requestId: rid(), text }),
      );
    for (let i = 0; i < 4; i++) await say(quiet!, `第${i + 1}帖`);
    for (const p of rest) for (let i = 0; i < 5; i++) await say(p, `发言${i}`);
    await advanceTo(h, local("12-02 12:00:00"));
    for (const p of g.players)
      await must(call(h, "POST", `/api/games/${g.id}/votes`, p.cookie, { requestId: rid(), targets: [] }));
    await advanceTo(h, local("12-02 22:00:01"));
    let rec = await record(h, g);
    assert.deepEqual(
      rec.dn.offences.map((o) => [o.seat, o.offence, o.withdrawn]),
      [[quiet!.seat, "lurking", false]],
    );
    const excused = await rule(
      h,
      g,
      { action: "excuse", target: quiet!.seat, round: 1 },
      g.referee,
      "论坛故障",
    );
    assert.equal(excused.status, 200, excused.text);
    rec = await record(h, g);
    assert.deepEqual(
      rec.dn.offences.map((o) => [o.seat, o.offence, o.withdrawn]),
      [[quiet!.seat, "lurking", true]],
    );
    // The withdrawn warning no longer counts: the next warning is the first, not the second.
    await must(rule(h, g, { action: "warn", target: quiet!.seat, offence: "negative-play" }));
    assert.equal((await record(h, g)).alive(quiet!.seat), true);
  });
});

test("7kill 无效票: 出现无效票时…否则视为弃权（如果是改票无效则以原投票计）", async () => {
  await within(async (h, g) => {
    const [voter, x, y, changer] = g.players;
    await advanceTo(h, local("12-02 12:00:00"));
    const vote = (p: Player, targets: number[]) =>
      must(call(h, "POST", `/api/games/${g.id}/votes`, p.cookie, { requestId: rid(), targets }));
    await vote(voter!, [x!.seat]);
    await vote(changer!, [x!.seat]);
    await vote(changer!, [y!.seat]);
    const tallyOf = async () => {
      const v = (await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, g.referee))).json.view!;
      return (s: number) => v.tally.find((t) => t.seat === s)?.votes ?? 0;
    };
    let tally = await tallyOf();
    assert.equal(tally(x!.seat), 1);
    assert.equal(tally(y!.seat), 1);
    // "否则视为弃权": the first ballot becomes an abstention.
    const res = await rule(
      h,
      g,
      { action: "invalid-vote", voter: voter!.seat },
      g.referee,
      "投票对象名字错误",
    );
    assert.equal(res.status, 200, res.text);
    tally = await tallyOf();
    assert.equal(tally(x!.seat), 0);
    // "如果是改票无效则以原投票计": the change is void, the first vote stands.
    await must(rule(h, g, { action: "invalid-vote", voter: changer!.seat }, g.referee, "改票未引用原投票帖"));
    tally = await tallyOf();
    assert.equal(tally(x!.seat), 1);
    assert.equal(tally(y!.seat), 0);
    // 「玩家可及时联系导演进行更正」: the invalid change is taken out, so the one change is there for the correction.
    await vote(changer!, [voter!.seat]);
    tally = await tallyOf();
    assert.equal(tally(x!.seat), 0);
    assert.equal(tally(voter!.seat), 1);
    // A seat without a ballot: the engine's refusal.
    const none = await rule<ApiError>(h, g, { action: "invalid-vote", voter: y!.seat });
    assert.equal(none.json.error.code, "override.no-vote");
    assert.match(none.json.error.message, /没有投票/);
  });
});

test("7kill rulings: refused for a player (403), an unknown offence kind (400 naming the field), a stray field", async () => {
  await within(async (h, g) => {
    const [a, b] = g.players;
    const byPlayer = await rule(h, g, { action: "warn", target: b!.seat, offence: "abuse" }, a!.cookie);
    assert.equal(byPlayer.status, 403);
    const bad = await rule<ApiError>(h, g, { action: "warn", target: b!.seat, offence: "spam" });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, "invalid-body");
    assert.deepEqual(
      bad.json.error.fields!.map((f) => f.path),
      ["override.offence"],
    );
    const stray = await rule(h, g, { action: "excuse", target: b!.seat, round: 1, severe: true });
    assert.equal(stray.status, 400);
    const noRound = await rule<ApiError>(h, g, { action: "excuse", target: b!.seat });
    assert.equal(noRound.status, 400);
    assert.ok(noRound.json.error.fields!.some((f) => f.path === "override.round"));
    const unknown = await rule<ApiError>(h, g, { action: "warn", target: 99, offence: "abuse" });
    assert.equal(unknown.json.error.code, "override.unknown-seat");
    // Nothing was recorded by the refused attempts.
    assert.equal((await record(h, g)).dn.offences.length, 0);
  });
});

test("7kill rulings: refused in a game whose rule set is not day-night (no seed-001 penalties there)", async () => {
  const h = await makeHarness();
  try {
    const g = await startedGame(h, 6);
    await advanceTo(h, local("12-01 21:10:00"));
    const a = g.players[0]!;
    const res = await call<ApiError>(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
      requestId: rid(),
      override: { action: "warn", target: a.seat, offence: "abuse", severe: true },
      reason: "辱骂",
    });
    assert.equal(res.json.error.code, "override.not-day-night");
    assert.match(res.json.error.message, /日夜制/);
    const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, g.referee));
    assert.equal(view.json.view!.seats.find((s) => s.seat === a.seat)!.alive, true);
  } finally {
    await h.close();
  }
});
