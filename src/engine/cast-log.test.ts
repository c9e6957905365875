// The cast log is a persistent value: every log keeps reading exactly the ballots appended up to it, whatever is
// appended to it or to the logs before it later, and a log appended to out of turn equals one built afresh.
// Arrays are drawn at full length (size "max"): fast-check's default keeps them near ten, inside one chunk.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import {
  appendCast,
  ballotsSince,
  type CastLog,
  castAt,
  castLogOf,
  castsFrom,
  castsOf,
  emptyCastLog,
  hasCast,
  markOf,
  rewriteCastLog,
  standingBallots,
} from "./cast-log.ts";
import type { VoteCast } from "./vote/types.ts";

const castArb = fc.record({
  voter: fc.integer({ min: 0, max: 59 }),
  targets: fc.array(fc.integer({ min: 0, max: 59 }), { maxLength: 2 }),
  at: fc.integer({ min: 0, max: 1e9 }),
  proxy: fc.boolean(),
});

/** Every log on the way, the empty one first: logs[i] holds the first i casts. */
function logsOf(casts: readonly VoteCast[]): CastLog[] {
  const logs = [emptyCastLog];
  for (const c of casts) logs.push(appendCast(logs.at(-1)!, c));
  return logs;
}

describe("cast log", () => {
  test("each log reads its own ballots, the same objects in receipt order, with counts per voter", () => {
    fc.assert(
      fc.property(fc.array(castArb, { maxLength: 80, size: "max" }), (casts) => {
        const logs = logsOf(casts);
        logs.forEach((log, i) => {
          const own = casts.slice(0, i);
          assert.equal(log.count, i);
          assert.equal(castsOf(log).length, i);
          castsOf(log).forEach((c, j) => {
            assert.equal(c, own[j]);
          });
          for (let seat = 0; seat < 60; seat++) {
            const n = own.filter((c) => c.voter === seat).length;
            assert.equal(log.byVoter[seat] ?? 0, n);
            assert.equal(hasCast(log, seat), n > 0);
          }
        });
      }),
    );
  });

  test("appending to an earlier log again leaves the later logs as they were, and equals a fresh build", () => {
    fc.assert(
      fc.property(
        fc.array(castArb, { minLength: 1, maxLength: 70, size: "max" }),
        fc.nat(),
        castArb,
        (casts, at, extra) => {
          const logs = logsOf(casts);
          const before = logs.map((l) => [...castsOf(l)]);
          const i = at % logs.length;
          const fork = appendCast(logs[i]!, extra);
          assert.deepEqual(castsOf(fork), [...casts.slice(0, i), extra]);
          // Read afresh, not from castsOf's memo: appending must never write into a chunk another log holds.
          logs.forEach((l, k) => {
            assert.deepEqual(castsOf({ ...l }), before[k]);
          });
          assert.deepEqual(fork, castLogOf([...casts.slice(0, i), extra]));
        },
      ),
    );
  });
});

/** One step of a thread's life: a ballot, an override that removes or changes ballots, or a new overtime. */
type Step =
  | { kind: "cast"; cast: VoteCast }
  | { kind: "void"; voter: number }
  | { kind: "invalid"; index: number }
  | { kind: "overtime" };

/** Steps with a ballot `castWeight` times as often as each other kind. */
const stepsArb = (castWeight: number): fc.Arbitrary<Step> =>
  fc.oneof(
    { weight: castWeight, arbitrary: castArb.map((cast) => ({ kind: "cast" as const, cast })) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 0, max: 59 }).map((voter) => ({ kind: "void" as const, voter })),
    },
    { weight: 1, arbitrary: fc.nat().map((index) => ({ kind: "invalid" as const, index })) },
    { weight: 1, arbitrary: fc.constant({ kind: "overtime" as const }) },
  );
const stepArb = stepsArb(8);

function step(log: CastLog, s: Step): CastLog {
  const casts = castsOf(log);
  switch (s.kind) {
    case "cast":
      return appendCast(log, s.cast);
    case "void":
      return rewriteCastLog(
        log,
        casts.filter((c) => c.voter !== s.voter),
      );
    case "invalid": {
      // As the engine's invalid-vote does: one ballot replaced by a new object, the count unchanged.
      if (casts.length === 0) return log;
      const i = s.index % casts.length;
      return rewriteCastLog(
        log,
        casts.map((c, j) => (j === i ? { ...c, targets: [] } : c)),
      );
    }
    case "overtime":
      return emptyCastLog;
  }
}

describe("reading a log in parts", () => {
  test("castAt and castsFrom read what castsOf lists", () => {
    fc.assert(
      fc.property(fc.array(castArb, { maxLength: 80, size: "max" }), fc.nat(), (casts, n) => {
        const log = castLogOf(casts);
        const from = n % (casts.length + 2);
        assert.deepEqual(castsFrom(log, from), casts.slice(from));
        for (let i = -1; i <= casts.length; i++) assert.equal(castAt(log, i), casts[i] ?? null);
      }),
    );
  });

  test("a reader holding an earlier log's ballots plus ballotsSince has the later log's, taking only new ones when the log only grew", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 120, size: "max" }), fc.nat(), (steps, n) => {
        const logs = [emptyCastLog];
        for (const s of steps) logs.push(step(logs.at(-1)!, s));
        const i = n % logs.length;
        const earlier = logs[i]!;
        const held = castsOf(earlier);
        const mark = markOf(earlier);
        for (const later of logs.slice(i)) {
          const since = ballotsSince(later, mark);
          assert.ok(since.from === 0 || since.from === held.length, "from 0, or after all it holds");
          assert.deepEqual([...held.slice(0, since.from), ...since.casts], [...castsOf(later)]);
        }
        // Only ballots added since: the reader is sent only those.
        let grown = i;
        while (grown + 1 < logs.length && steps[grown]!.kind === "cast") grown++;
        assert.equal(ballotsSince(logs[grown]!, mark).from, held.length);
      }),
    );
  });

  test("a new overtime's log is told from the one it replaced, even once it holds more ballots", () => {
    const cast = (voter: number): VoteCast => ({ voter, targets: [1], at: voter, proxy: false });
    const regular = castLogOf([cast(1), cast(2)]);
    const overtime = castLogOf([cast(3), cast(4), cast(5)]);
    const since = ballotsSince(overtime, markOf(regular));
    assert.equal(since.from, 0);
    assert.deepEqual(
      since.casts.map((c) => c.voter),
      [3, 4, 5],
    );
  });

  test("a ballot changed by an override before the reader's last one makes the reader take the list whole", () => {
    const cast = (voter: number): VoteCast => ({ voter, targets: [1], at: voter, proxy: false });
    const log = castLogOf([cast(1), cast(2), cast(3)]);
    const changed = rewriteCastLog(
      log,
      castsOf(log).map((c) => (c.voter === 1 ? { ...c, targets: [] } : c)),
    );
    const since = ballotsSince(appendCast(changed, cast(4)), markOf(log));
    assert.equal(since.from, 0);
    assert.deepEqual(since.casts[0]!.targets, []);
  });
});

test("standingBallots is each voter's latest cast, whatever order the logs of a thread are read in", () => {
  fc.assert(
    // Long runs of ballots, so that logs share their first chunks (which is what the memo is keyed by).
    fc.property(
      fc.array(stepsArb(40), { maxLength: 150, size: "max" }),
      fc.array(fc.nat(), { maxLength: 12 }),
      (steps, picks) => {
        const logs = [emptyCastLog];
        for (const s of steps) logs.push(step(logs.at(-1)!, s));
        // Mostly forward, as a live tally reads them, with some reads of earlier logs between.
        const order = [...picks.map((p) => p % logs.length), ...logs.keys()];
        for (const i of order) {
          const expected = new Map<number, VoteCast>();
          for (const c of castsOf(logs[i]!)) expected.set(c.voter, c);
          const got = standingBallots(logs[i]!);
          assert.deepEqual(
            [...got.entries()].sort((a, b) => a[0] - b[0]),
            [...expected.entries()].sort((a, b) => a[0] - b[0]),
          );
          for (const [voter, c] of expected) assert.equal(got.get(voter), c, "the cast itself");
        }
      },
    ),
  );
});
