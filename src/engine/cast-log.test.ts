// The cast log is a persistent value: every log keeps reading exactly the ballots appended up to it, whatever is
// appended to it or to the logs before it later, and a log appended to out of turn equals one built afresh.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { appendCast, type CastLog, castLogOf, castsOf, emptyCastLog, hasCast } from "./cast-log.ts";
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
      fc.property(fc.array(castArb, { maxLength: 80 }), (casts) => {
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
        fc.array(castArb, { minLength: 1, maxLength: 70 }),
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
