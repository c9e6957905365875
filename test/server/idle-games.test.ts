// Idle games leave memory and come back from storage unchanged; games in use, streamed or busy stay loaded.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { GameActor, JobResult } from "../../src/app/game-actor.ts";
import type { GameViewResponse } from "../../src/server/api-types.ts";
import { SESSION_COOKIE } from "../../src/server/app.ts";
import { parseIdleMinutes, startIdleSweep } from "../../src/server/idle-games.ts";
import { local } from "./fixtures.ts";
import {
  advanceTo,
  call,
  cast,
  eventually,
  type Game,
  type Harness,
  makeHarness,
  must,
  rid,
  startedGame,
} from "./harness.ts";

const MINUTE = 60_000;
const IDLE = 30 * MINUTE;

async function vote(h: Harness, gameId: string, cookie: string, seat: number): Promise<void> {
  await must(call(h, "POST", `/api/games/${gameId}/votes`, cookie, { requestId: rid(), targets: [seat] }));
}

async function view(h: Harness, gameId: string, cookie: string): Promise<GameViewResponse> {
  return (await must(call<GameViewResponse>(h, "GET", `/api/games/${gameId}`, cookie))).json;
}

/** A vote submitted straight to a game's actor, as a request that already holds the game would submit it. */
function voteThrough(
  h: Harness,
  actor: GameActor<unknown>,
  voter: number,
  target: number,
): Promise<JobResult> {
  const at = h.clock.now();
  return actor.submit({
    now: at,
    decide: h.games.engineJob({ type: "CastVote", at, voter, targets: [target] }),
  });
}

/** Runs `body` on a fresh server with a started game of 6 whose round-1 vote is open, then closes the server. */
async function inRound1(
  body: (h: Harness, g: Game) => Promise<void>,
  options: Parameters<typeof makeHarness>[0] = {},
): Promise<void> {
  const h = await makeHarness(options);
  try {
    const g = await startedGame(h, 6);
    await advanceTo(h, local("12-02 10:00:00"));
    await body(h, g);
  } finally {
    await h.close();
  }
}

/** The parts of a view that a reload must reproduce (serverTime moves with the clock). */
function stable(v: GameViewResponse): unknown {
  return { lastSeq: v.lastSeq, view: v.view, members: v.members, viewer: v.viewer };
}

test("an idle game leaves memory, and the next request finds it as it was and can vote on", () =>
  inRound1(async (h, g) => {
    const { first, second, rangers } = cast(g);
    await vote(h, g.id, first.cookie, rangers[0]!.seat);
    const before = await view(h, g.id, first.cookie);
    const actorBefore = h.games.loadedActor(g.id);
    assert.ok(actorBefore, "the game is loaded after use");

    h.clock.advance(IDLE - 1);
    assert.deepEqual(h.games.evictIdle(IDLE), [], "not yet idle for the whole time");
    h.clock.advance(1);
    assert.deepEqual(h.games.evictIdle(IDLE), [g.id]);
    assert.equal(h.games.loadedActor(g.id), undefined, "dropped from memory");

    const after = await view(h, g.id, first.cookie);
    assert.notEqual(h.games.loadedActor(g.id), actorBefore, "loaded again from storage");
    assert.deepEqual(stable(after), stable(before));

    await vote(h, g.id, second.cookie, rangers[0]!.seat);
    const later = await view(h, g.id, first.cookie);
    assert.equal(later.lastSeq, before.lastSeq + 1, "the next vote follows the stored stream");
    assert.deepEqual(
      later.view!.tally.map((t) => [t.seat, t.votes]),
      [[rangers[0]!.seat, 2]],
    );
  }));

test("a game asked for within the idle time stays, and so does one with a live stream open", () =>
  inRound1(async (h, g) => {
    const { first, rangers } = cast(g);
    h.clock.advance(20 * MINUTE);
    await view(h, g.id, first.cookie);
    h.clock.advance(20 * MINUTE);
    assert.deepEqual(h.games.evictIdle(IDLE), [], "read 20 minutes ago");

    const { lastSeq } = await view(h, g.id, first.cookie);
    const stream = h.app.inject({
      method: "GET",
      url: `/api/games/${g.id}/stream?after=${lastSeq}&limit=1`,
      headers: { cookie: `${SESSION_COOKIE}=${first.cookie}` },
    });
    await new Promise((r) => setTimeout(r, 20));
    h.clock.advance(2 * IDLE);
    assert.deepEqual(h.games.evictIdle(IDLE), [], "a stream listens");
    await vote(h, g.id, first.cookie, rangers[0]!.seat);
    assert.match((await stream).body, /VoteCast/, "the stream got the vote from the actor it listened to");
    h.clock.advance(IDLE);
    assert.deepEqual(h.games.evictIdle(IDLE), [g.id], "the stream has ended");
  }));

test("a game with a command under way stays loaded", () =>
  inRound1(async (h, g) => {
    const { first, rangers } = cast(g);
    const ctx = (await h.games.context(g.id))!;
    h.clock.advance(IDLE);
    const pending = voteThrough(h, ctx.actor, first.seat, rangers[0]!.seat);
    assert.equal(ctx.actor.busy, true);
    assert.deepEqual(h.games.evictIdle(IDLE), [], "idle for the whole time, but busy");
    const res = await pending;
    assert.equal(res.ok, true);
    // The answer comes before the pump has wound down; it has within the turn.
    await new Promise((r) => setImmediate(r));
    assert.equal(ctx.actor.busy, false);
    assert.deepEqual(h.games.evictIdle(IDLE), [g.id]);
  }));

/**
 * A request takes the game, the sweep drops it, and a read as `cookie` loads it again: the held context (whose
 * actor can still write), the copy loaded since, and the last seq that copy read.
 */
async function dropWhileHeld(
  h: Harness,
  g: Game,
  cookie: string,
): Promise<{ held: GameActor<unknown>; reloaded: GameActor<unknown>; lastSeq: number }> {
  const held = (await h.games.context(g.id))!;
  h.clock.advance(IDLE);
  assert.deepEqual(h.games.evictIdle(IDLE), [g.id]);
  const { lastSeq } = await view(h, g.id, cookie);
  return { held: held.actor, reloaded: h.games.loadedActor(g.id)!, lastSeq };
}

test("a write through a game dropped meanwhile reaches the copy loaded since, and its streams", () =>
  inRound1(async (h, g) => {
    const { first, rangers } = cast(g);
    const { held, reloaded, lastSeq } = await dropWhileHeld(h, g, first.cookie);
    const seen: string[] = [];
    reloaded.onCommitted((events) => {
      for (const e of events) seen.push(e.event.type);
    });
    const res = await voteThrough(h, held, first.seat, rangers[0]!.seat);
    assert.equal(res.ok, true);
    await eventually(
      () => seen.length,
      (n) => n > 0,
      5,
    );
    assert.deepEqual(seen, ["VoteCast"], "the loaded copy's listeners hear of the write");
    assert.equal((await reloaded.snapshot()).lastSeq, lastSeq + 1);
  }));

test("a failed read of a write through a dropped game is logged, and the next command brings it in", () => {
  const logLines: string[] = [];
  return inRound1(
    async (h, g) => {
      const { first, rangers } = cast(g);
      const { held, reloaded, lastSeq } = await dropWhileHeld(h, g, first.cookie);
      reloaded.catchUp = () => Promise.reject(new Error("database unreachable"));
      assert.equal((await voteThrough(h, held, first.seat, rangers[0]!.seat)).ok, true);
      const warned = await eventually(
        () => logLines.filter((l) => l.includes("dropped from memory")),
        (lines) => lines.length > 0,
      );
      assert.equal(warned.length, 1);
      const line = JSON.parse(warned[0]!) as { gameId?: string; err?: { message?: string } };
      assert.equal(line.gameId, g.id);
      assert.equal(line.err?.message, "database unreachable");
      // The loaded copy missed the write; its next command is decided on the stored state all the same.
      await vote(h, g.id, first.cookie, rangers[1]!.seat);
      assert.equal((await view(h, g.id, first.cookie)).lastSeq, lastSeq + 2, "both votes are there");
    },
    { logLines, logLevel: "warn" },
  );
});

test("BANSHA_GAME_IDLE_MINUTES: minutes to milliseconds, 0 for never, and a clear error otherwise", () => {
  assert.equal(parseIdleMinutes(undefined), 30 * MINUTE);
  assert.equal(parseIdleMinutes(" "), 30 * MINUTE);
  assert.equal(parseIdleMinutes("5"), 5 * MINUTE);
  assert.equal(parseIdleMinutes("0.5"), 30_000);
  assert.equal(parseIdleMinutes("0"), 0);
  assert.throws(() => parseIdleMinutes("ten"), /BANSHA_GAME_IDLE_MINUTES: "ten" is not a number of minutes/);
  assert.throws(() => parseIdleMinutes("-5"), /"-5" is not a number of minutes/);
});

test("the sweep calls evictIdle with the idle time on its interval, and not at all for 0", (t) => {
  // Mocked timers: the interval's ticks are counted exactly, not guessed from how many fit in a real wait.
  t.mock.timers.enable({ apis: ["setInterval"] });
  const calls: number[] = [];
  const games = {
    evictIdle(ms: number) {
      calls.push(ms);
      return [];
    },
  };
  const stop = startIdleSweep(games, 1234, 5);
  t.mock.timers.tick(4);
  assert.equal(calls.length, 0, "not before the first interval");
  t.mock.timers.tick(1);
  t.mock.timers.tick(10);
  assert.deepEqual(calls, [1234, 1234, 1234], "once every 5 ms, with the idle time given");
  stop();
  t.mock.timers.tick(50);
  assert.equal(calls.length, 3, "stopped");
  const never = startIdleSweep(games, 0, 1);
  t.mock.timers.tick(50);
  never();
  assert.equal(calls.length, 3, "0 keeps every game loaded");
});
