// The flat layouts a batch of appends and its outcomes take to the SQLite worker and back, and the round trip.
import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "kysely";
import { decodeOutcomes, encodeJobs } from "./append-wire.ts";
import type { AppendJob } from "./dialect.ts";
import { migrate } from "./migrations.ts";
import { createSqliteAdapter } from "./sqlite-adapter.ts";

const job = (over: Partial<AppendJob> = {}): AppendJob => ({
  gameId: "g1",
  expectedSeq: 0,
  rows: [{ type: "A", at: 10, payload: '{"type":"A","at":10,"text":"引号\\"和\\\\斜杠"}' }],
  requestId: undefined,
  posts: [],
  fireTimer: undefined,
  now: 10,
  chained: false,
  ...over,
});

test("jobs are laid out field after field: posts, then rows, each job after the last", () => {
  const wire = encodeJobs([
    job({
      requestId: "7:r1",
      chained: true,
      fireTimer: { key: "engine:close", dueAt: 99 },
      posts: [{ postId: "p1", text: "正文" }],
      rows: [
        { type: "A", at: 10, payload: "{}" },
        { type: "B", at: 11, payload: "[]" },
      ],
    }),
    job({ gameId: "g2", expectedSeq: 5 }),
  ]);
  assert.deepEqual(wire, [
    ...["g1", 0, "7:r1", 10, 1, "engine:close", 99, 1, 2],
    ...["p1", "正文"],
    ...["A", 10, "{}", "B", 11, "[]"],
    ...["g2", 5, null, 10, 0, null, 0, 0, 1],
    ...["A", 10, '{"type":"A","at":10,"text":"引号\\"和\\\\斜杠"}'],
  ]);
});

test("outcomes are read four slots to a job, and a layout that does not fit the batch is refused", () => {
  const wire = [
    0,
    1,
    2,
    0,
    0,
    3,
    3,
    1,
    1,
    7,
    0,
    0,
    2,
    0,
    0,
    0,
    3,
    "SqliteError",
    "NOT NULL failed",
    "SQLITE_X",
    3,
    "Error",
    "m",
    null,
  ];
  assert.deepEqual(decodeOutcomes(wire, 6), [
    { ok: true, value: { ok: true, firstSeq: 1, lastSeq: 2, replayed: false } },
    { ok: true, value: { ok: true, firstSeq: 3, lastSeq: 3, replayed: true } },
    { ok: true, value: { ok: false, code: "conflict", currentSeq: 7 } },
    { ok: true, value: { ok: false, code: "timer-already-fired" } },
    { ok: false, error: { name: "SqliteError", message: "NOT NULL failed", code: "SQLITE_X" } },
    { ok: false, error: { name: "Error", message: "m" } },
  ]);
  assert.throws(() => decodeOutcomes(wire, 5), /do not match/);
  assert.throws(() => decodeOutcomes([9, 0, 0, 0], 1), /unknown outcome tag 9/);
});

test("a batch crosses to the worker and back: stored, retried, refused and faulted jobs each keep their outcome", async () => {
  const adapter = await createSqliteAdapter(":memory:");
  try {
    await migrate(adapter);
    const append = adapter.appendBatch!.bind(adapter);
    const [stored, conflict, timer] = await append([
      job({ requestId: "7:r1", posts: [{ postId: "p1", text: "正文" }] }),
      job({ expectedSeq: 0 }),
      job({ gameId: "g2", fireTimer: { key: "engine:none", dueAt: 5 } }),
    ]);
    assert.deepEqual(stored, { ok: true, value: { ok: true, firstSeq: 1, lastSeq: 1, replayed: false } });
    assert.deepEqual(conflict, { ok: true, value: { ok: false, code: "conflict", currentSeq: 1 } });
    assert.deepEqual(timer, { ok: true, value: { ok: false, code: "timer-already-fired" } });

    const [retried, faulted, after] = await append([
      job({ requestId: "7:r1", expectedSeq: 1 }),
      // A row without its payload breaks a NOT NULL constraint: that job alone fails.
      job({ expectedSeq: 1, rows: [{ type: "A", at: 11, payload: null as unknown as string }] }),
      job({ expectedSeq: 1, requestId: "7:r2", rows: [{ type: "B", at: 12, payload: '{"type":"B"}' }] }),
    ]);
    assert.deepEqual(retried, { ok: true, value: { ok: true, firstSeq: 1, lastSeq: 1, replayed: true } });
    assert.equal(faulted!.ok, false);
    const error = (faulted as { error: Error & { code?: string } }).error;
    assert.ok(error instanceof Error);
    assert.match(error.message, /NOT NULL/);
    assert.equal(error.code, "SQLITE_CONSTRAINT_NOTNULL");
    assert.deepEqual(after, { ok: true, value: { ok: true, firstSeq: 2, lastSeq: 2, replayed: false } });
  } finally {
    await adapter.destroy();
  }
});

test("a batch whose write SQLite rolls back whole (a full disk) fails whole, stores nothing, and forgets its ids", async () => {
  const adapter = await createSqliteAdapter(":memory:");
  try {
    await migrate(adapter);
    const append = adapter.appendBatch!.bind(adapter);
    // SQLITE_FULL rolls back the whole transaction, not only the statement: a vote written after it would
    // otherwise be stored on its own (autocommit) while the batch reports a failure.
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(adapter.db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count + 2}`).execute(adapter.db);
    const big = "字".repeat(100_000);
    await assert.rejects(
      append([
        job({ requestId: "7:a" }),
        job({ gameId: "g2", rows: [{ type: "A", at: 10, payload: JSON.stringify({ type: "A", big }) }] }),
        job({ gameId: "g3", requestId: "7:c" }),
      ]),
      (error: Error & { code?: string }) => error.code === "SQLITE_FULL",
    );
    const count = await sql<{ n: number }>`select count(*) as n from events`.execute(adapter.db);
    assert.equal(count.rows[0]!.n, 0, "nothing of the batch is stored");

    await sql.raw("pragma max_page_count = 1000000").execute(adapter.db);
    const [again, next] = await append([job({ requestId: "7:a" }), job({ gameId: "g3", requestId: "7:c" })]);
    assert.deepEqual(
      again,
      { ok: true, value: { ok: true, firstSeq: 1, lastSeq: 1, replayed: false } },
      "the retry is stored anew, not answered as a replay of the rolled-back append",
    );
    assert.deepEqual(next, { ok: true, value: { ok: true, firstSeq: 1, lastSeq: 1, replayed: false } });
  } finally {
    await adapter.destroy();
  }
});
