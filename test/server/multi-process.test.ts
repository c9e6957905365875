// Two server processes on one PostgreSQL database (BANSHA_TEST_PG=postgres://…): events reach the other's SSE viewers
// through LISTEN/NOTIFY, each deadline fires once, a stale process catches up instead of overwriting, a game one
// process dropped as idle comes back with what the other wrote meanwhile, and a withdrawn sign-up leaves both.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { ManualClock } from "../../src/app/clock.ts";
import type { ApiError, EventListResponse, GameViewResponse } from "../../src/server/api-types.ts";
import { SESSION_COOKIE } from "../../src/server/app.ts";
import { openStorage, type Storage } from "../../src/storage/storage.ts";
import { local } from "./fixtures.ts";
import { deafStorage, flakyStorage } from "./flaky-storage.ts";
import {
  call,
  draftGame,
  eventually,
  type Game,
  type Harness,
  lastSeqOf,
  makeHarness,
  must,
  quickAccount,
  REPORT,
  rid,
  startedGame,
} from "./harness.ts";

const pgUrl = process.env.BANSHA_TEST_PG;

/**
 * Two servers on one fresh PostgreSQL schema, sharing a manual clock, with a game of 6 started on the first and
 * round 1 opened (both schedulers have run).
 */
async function twoProcessesInRound1(
  bOptions: { wrap?: (storage: Storage) => Storage; logLines?: string[]; catchUpEveryMs?: number } = {},
): Promise<{ a: Harness; b: Harness; clock: ManualClock; g: Game }> {
  const schema = `srv_${randomBytes(4).toString("hex")}`;
  const clock = new ManualClock(local("12-01 12:00:00"));
  const a = await makeHarness({ storage: await openStorage(pgUrl, { pgSchema: schema }), clock });
  const bStorage = await openStorage(pgUrl, { pgSchema: schema });
  const b = await makeHarness({
    storage: bOptions.wrap ? bOptions.wrap(bStorage) : bStorage,
    clock,
    ...(bOptions.logLines && { logLines: bOptions.logLines, logLevel: "warn" }),
    ...(bOptions.catchUpEveryMs !== undefined && { catchUpEveryMs: bOptions.catchUpEveryMs }),
  });
  const g = await startedGame(a, 6);
  clock.set(local("12-02 10:00:00"));
  await Promise.all([a.scheduler.runDue(), b.scheduler.runDue()]);
  return { a, b, clock, g };
}

test("PostgreSQL, two processes: a vote on one reaches a stream on the other; timers fire once", {
  skip: !pgUrl,
}, async () => {
  const { a, b, g } = await twoProcessesInRound1();
  try {
    const [p0, p1, p2] = g.players;
    const lastSeq = await lastSeqOf(b, g.id);
    const stream = b.app.inject({
      method: "GET",
      url: `/api/games/${g.id}/stream?after=${lastSeq}&limit=2`,
      headers: { cookie: `${SESSION_COOKIE}=${p2!.cookie}` },
    });
    await new Promise((r) => setTimeout(r, 100));
    await must(
      call(a, "POST", `/api/games/${g.id}/votes`, p0!.cookie, { requestId: rid(), targets: [p1!.seat] }),
    );
    // b's copy of the game is now stale: its next write must catch up, not overwrite seq N+1.
    await must(
      call(b, "POST", `/api/games/${g.id}/votes`, p1!.cookie, { requestId: rid(), targets: [p0!.seat] }),
    );
    const body = (await stream).body;
    assert.equal(body.match(/event: game-event/g)?.length, 2, body);
    // b's vote reaches a's copy through LISTEN/NOTIFY, which is asynchronous: wait for it (bounded).
    const types = await eventually(
      async () =>
        (
          await must(call<EventListResponse>(a, "GET", `/api/games/${g.id}/referee/log`, g.referee))
        ).json.events.map((e) => e.type),
      (t) => t.filter((type) => type === "VoteCast").length >= 2,
    );
    assert.equal(types.filter((t) => t === "RoundOpened").length, 1, "round 1 opened once though both fired");
    assert.equal(types.filter((t) => t === "VoteCast").length, 2, "both votes stored, neither overwritten");
  } finally {
    await a.close();
    await b.close();
  }
});

test("PostgreSQL, two processes: a game one process dropped as idle comes back with the other's writes", {
  skip: !pgUrl,
}, async () => {
  const { a, b, clock, g } = await twoProcessesInRound1();
  try {
    const [p0, p1] = g.players;
    const before = (await must(call<GameViewResponse>(b, "GET", `/api/games/${g.id}`, g.referee))).json;
    clock.advance(31 * 60_000);
    assert.deepEqual(b.games.evictIdle(30 * 60_000), [g.id]);
    await must(
      call(a, "POST", `/api/games/${g.id}/votes`, p0!.cookie, { requestId: rid(), targets: [p1!.seat] }),
    );
    const after = (await must(call<GameViewResponse>(b, "GET", `/api/games/${g.id}`, g.referee))).json;
    assert.equal(after.lastSeq, before.lastSeq + 1, "b loads the stream as stored, a's vote included");
    assert.deepEqual(
      after.view!.tally.map((t) => [t.seat, t.votes]),
      [[p1!.seat, 1]],
    );
  } finally {
    await a.close();
    await b.close();
  }
});

test("PostgreSQL, two processes: a failed catch-up is logged, not fatal, and the next one brings everything", {
  skip: !pgUrl,
}, async () => {
  let failing = false;
  const lines: string[] = [];
  const { a, b, g } = await twoProcessesInRound1({
    wrap: (storage) => flakyStorage(storage, "load", "connection terminated", () => failing),
    logLines: lines,
  });
  try {
    const [p0, p1] = g.players;
    const voteCasts = async (h: Harness) =>
      (
        await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/referee/log`, g.referee))
      ).json.events.filter((e) => e.type === "VoteCast").length;
    assert.equal(await voteCasts(b), 0, "b has the game loaded, with no vote yet");
    failing = true;
    await must(
      call(a, "POST", `/api/games/${g.id}/votes`, p0!.cookie, { requestId: rid(), targets: [p1!.seat] }),
    );
    // Before this was caught, the failed read was an unhandled rejection, which ends a Node process.
    const warning = await eventually(
      () => lines.find((l) => l.includes("catching up")),
      (line) => line !== undefined,
    );
    assert.ok(warning, "the failed catch-up is logged");
    assert.match(warning, /connection terminated/);
    assert.match(warning, new RegExp(g.id));
    failing = false;
    await must(
      call(a, "POST", `/api/games/${g.id}/votes`, p1!.cookie, { requestId: rid(), targets: [p0!.seat] }),
    );
    const seen = await eventually(
      () => voteCasts(b),
      (n) => n >= 2,
    );
    assert.equal(seen, 2, "the next notification's catch-up reads the vote the failed one missed, too");
  } finally {
    await a.close();
    await b.close();
  }
});

test("PostgreSQL, two processes: with the database unreachable, each catch-up sweep logs one line, not one a game", {
  skip: !pgUrl,
}, async () => {
  let failing = false;
  const lines: string[] = [];
  const { a, b, g } = await twoProcessesInRound1({
    wrap: (storage) => flakyStorage(storage, "load", "connection terminated", () => failing),
    logLines: lines,
    catchUpEveryMs: 100,
  });
  try {
    // The set-up's game is on b only if b's scheduler won the race for its timers: read it there too. Two more
    // games, loaded on b by reading them, so a sweep has several games to fail.
    await must(call(b, "GET", `/api/games/${g.id}`, g.referee));
    for (const prefix of ["q", "r"]) {
      const more = await startedGame(a, 6, prefix);
      await must(call(b, "GET", `/api/games/${more.id}`, more.referee));
    }
    const loaded = b.games.loadedGameIds();
    assert.ok(loaded.length >= 3, `b holds ${loaded.length} games`);
    failing = true;
    const sweeps = await eventually(
      () =>
        lines.filter((l) => l.includes("catching up")).map((l) => JSON.parse(l) as Record<string, unknown>),
      (found) => found.length >= 3,
    );
    failing = false;
    for (const line of sweeps) {
      assert.equal(
        line.msg,
        "catching up with other processes' commits failed",
        "a sweep's line, not a game's",
      );
      assert.equal(line.games, loaded.length);
      assert.equal(line.failed, loaded.length);
      assert.deepEqual([...(line.gameIds as string[])].sort(), [...loaded].sort());
      assert.match(JSON.stringify(line.err), /connection terminated/);
    }
  } finally {
    await a.close();
    await b.close();
  }
});

/**
 * `twoProcessesInRound1` with b's notifier deafened on demand (`control.deaf`, see deafStorage), b's tally of the
 * open vote as [seat, votes] pairs, and a vote cast on a (the first player's, for the second).
 */
async function deafB(bOptions: { catchUpEveryMs?: number } = {}) {
  let control: ReturnType<typeof deafStorage> | undefined;
  const two = await twoProcessesInRound1({
    wrap: (storage) => {
      control = deafStorage(storage);
      return control.storage;
    },
    ...bOptions,
  });
  const { a, b, g } = two;
  const [p0, p1] = g.players;
  return {
    ...two,
    control: control!,
    target: p1!.seat,
    tally: async () =>
      (await must(call<GameViewResponse>(b, "GET", `/api/games/${g.id}`, g.referee))).json.view!.tally.map(
        (t) => [t.seat, t.votes],
      ),
    voteOnA: () =>
      must(
        call(a, "POST", `/api/games/${g.id}/votes`, p0!.cookie, { requestId: rid(), targets: [p1!.seat] }),
      ),
  };
}

test("PostgreSQL, two processes: after notifications were lost, every game in memory reads what it missed", {
  skip: !pgUrl,
}, async () => {
  // b's notifier goes deaf (as while its listening connection is down), then reports the gap, as it does once it
  // listens again (src/storage/postgres-notifier.test.ts checks that part against a real reconnect).
  const { a, b, g, control, target, tally, voteOnA } = await deafB();
  try {
    assert.deepEqual(await tally(), [], "b has the game in memory, with no vote yet");
    control.deaf = true;
    // A notification of the set-up that reached b just before it went deaf may still have b reading the log: a
    // read that ran after the vote would bring it without the gap. Let that finish first (it once did not, with
    // two test files running at a time).
    const setUp = await lastSeqOf(a, g.id);
    await eventually(
      () => lastSeqOf(b, g.id),
      (seq) => seq === setUp,
    );
    await new Promise((r) => setTimeout(r, 200));
    await voteOnA();
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(await tally(), [], "the notification never reached b");
    control.deaf = false;
    control.reportGap();
    const seen = await eventually(tally, (t) => t.length > 0);
    assert.deepEqual(seen, [[target, 1]], "b caught up without waiting for the game's next commit");
  } finally {
    await a.close();
    await b.close();
  }
});

test("PostgreSQL, two processes: a commit whose notification never arrives reaches the other within the interval", {
  skip: !pgUrl,
}, async () => {
  // A NOTIFY that failed twice is given up (notify-outbox.ts), and no gap is reported for it: only the periodic
  // catch-up brings that commit to b before the game's next one.
  const { a, b, control, target, tally, voteOnA } = await deafB({ catchUpEveryMs: 100 });
  try {
    assert.deepEqual(await tally(), [], "b has the game in memory, with no vote yet");
    control.deaf = true;
    await voteOnA();
    const seen = await eventually(tally, (t) => t.length > 0);
    assert.deepEqual(seen, [[target, 1]], "b caught up with no notification and no gap reported");
  } finally {
    await a.close();
    await b.close();
  }
});

test("PostgreSQL, two processes: only the process that wrote sends the notification, not every one that read it", {
  skip: !pgUrl,
}, async () => {
  const sent: string[] = [];
  const { a, b, g } = await twoProcessesInRound1({
    wrap: (s) => ({
      ...s,
      notify: (channel: string, payload: string) => {
        sent.push(payload);
        return s.notify(channel, payload);
      },
    }),
  });
  try {
    const [p0, p1] = g.players;
    await lastSeqOf(b, g.id); // b holds the game in memory
    sent.length = 0; // b may have fired round 1's opening itself
    const vote = await must(
      call<{ seq: number }>(a, "POST", `/api/games/${g.id}/votes`, p0!.cookie, {
        requestId: rid(),
        targets: [p1!.seat],
      }),
    );
    // b reads the vote through the notification (bounded wait), and stays silent about it.
    await eventually(
      () => lastSeqOf(b, g.id),
      (seq) => seq >= vote.json.seq,
    );
    assert.deepEqual(sent, [], "b announced what it only read");
  } finally {
    await a.close();
    await b.close();
  }
});

/** Two servers on one fresh schema, a game of 3 in sign-up on the first, `u0` signed up as 甲 and read on the second. */
async function twoProcessesInSignup(): Promise<{
  a: Harness;
  b: Harness;
  id: string;
  player: string;
  aliasOnB: () => Promise<string | null>;
}> {
  const schema = `srv_${randomBytes(4).toString("hex")}`;
  const clock = new ManualClock(local("12-01 12:00:00"));
  const a = await makeHarness({ storage: await openStorage(pgUrl, { pgSchema: schema }), clock });
  const b = await makeHarness({ storage: await openStorage(pgUrl, { pgSchema: schema }), clock });
  const referee = await quickAccount(a, "ref");
  const id = await draftGame(a, referee, { players: 3 });
  await must(call(a, "POST", `/api/games/${id}/signup/open`, referee));
  const player = await quickAccount(a, "u0");
  await must(call(a, "POST", `/api/games/${id}/join`, player, { alias: "甲", report: REPORT }));
  const aliasOnB = async () =>
    (await must(call<GameViewResponse>(b, "GET", `/api/games/${id}`, player))).json.viewer.alias;
  // b reads the membership once, so its cache holds it.
  assert.equal(await aliasOnB(), "甲");
  return { a, b, id, player, aliasOnB };
}

test("PostgreSQL, two processes: a sign-up withdrawn on one is no member on the other, which had it cached", {
  skip: !pgUrl,
}, async () => {
  const { a, b, id, player, aliasOnB } = await twoProcessesInSignup();
  try {
    await must(call(a, "POST", `/api/games/${id}/withdraw`, player, {}));
    assert.equal(await eventually(aliasOnB, (alias) => alias === null), null, "b no longer holds it");
    const again = await call<ApiError>(b, "POST", `/api/games/${id}/withdraw`, player, {});
    assert.equal(again.json.error.code, "not-a-player");
    await must(call(b, "POST", `/api/games/${id}/join`, player, { alias: "乙", report: REPORT }));
  } finally {
    await a.close();
    await b.close();
  }
});

test("PostgreSQL, two processes: the other reading the member row between a withdrawal and the row's removal keeps nothing", {
  skip: !pgUrl,
}, async () => {
  const { a, b, id, player, aliasOnB } = await twoProcessesInSignup();
  try {
    // a commits the withdrawal and has yet to remove the row (it died, say): b learns of the event meanwhile.
    const ctx = (await a.games.context(id))!;
    const at = a.clock.now();
    const stored = await ctx.actor.submit({
      now: at,
      decide: () => ({ ok: true, events: [{ type: "app.PlayerWithdrawn", at, alias: "甲", reason: null }] }),
    });
    assert.ok(stored.ok);
    const seen = await eventually(
      () => b.games.loadedActor(id)?.loadedSnapshot()?.lastSeq,
      (seq) => seq === stored.lastSeq,
    );
    assert.equal(seen, stored.lastSeq);
    assert.equal(await aliasOnB(), "甲", "the row is still there");
    // The retry removes it on a; b, told of nothing more, must not answer from what it read just before.
    assert.equal((await call(a, "POST", `/api/games/${id}/withdraw`, player, {})).status, 200);
    assert.equal(await aliasOnB(), null);
  } finally {
    await a.close();
    await b.close();
  }
});
