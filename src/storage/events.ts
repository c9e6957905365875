// The event store: one append-only stream per game keyed (game_id, seq), with optimistic concurrency and request ids.
import { type Insertable, type Kysely, sql } from "kysely";
import type { AppendJob, DialectAdapter, Outcome, UnsafeEarlyAck } from "./dialect.ts";
import type { BatchExecutor, GroupCommitQueue } from "./group-commit.ts";
import type { Database } from "./schema.ts";
import type { AppendResult, EventStore, PostBody, StoredEvent, StoredEventInput } from "./storage.ts";
import { inSavepoint } from "./transaction.ts";

export type { AppendJob } from "./dialect.ts";

/** Rows per multi-row INSERT or IN list: far below SQLite's and PostgreSQL's bind-parameter limits. */
const CHUNK = 500;

type EventRow = AppendJob["rows"][number];

export function createEventStore(
  adapter: DialectAdapter,
  queue: GroupCommitQueue<AppendJob, AppendResult>,
): EventStore {
  const { db } = adapter;
  return {
    append(gameId, expectedSeq, events, options = {}) {
      // Checked before queueing: a malformed call is a programming fault, not a conflict.
      if (!Number.isSafeInteger(expectedSeq) || expectedSeq < 0) {
        return Promise.reject(
          new TypeError(`expectedSeq must be a non-negative integer, got ${expectedSeq}`),
        );
      }
      let rows: EventRow[];
      try {
        rows = events.map(toRow);
      } catch (error) {
        return Promise.reject(error);
      }
      return queue.submit({
        gameId,
        expectedSeq,
        rows,
        requestId: options.requestId,
        posts: options.posts ?? [],
        fireTimer: options.fireTimer,
        now: options.now ?? rows.at(-1)?.at ?? 0,
        chained: options.chained ?? false,
      });
    },

    async load(gameId, fromSeq = 1) {
      const rows = await db
        .selectFrom("events")
        .select(["seq", "payload"])
        .where("game_id", "=", gameId)
        .where("seq", ">=", fromSeq)
        .orderBy("seq")
        .execute();
      return rows.map((r): StoredEvent => ({ seq: r.seq, event: JSON.parse(r.payload) as StoredEventInput }));
    },

    lastSeq: (gameId) => lastSeqOf(db, gameId),

    async findRequest(gameId, requestId) {
      if (adapter.findAppend) return adapter.findAppend(gameId, requestId);
      const prior = await priorResult(db, gameId, requestId);
      return prior?.ok ? { firstSeq: prior.firstSeq, lastSeq: prior.lastSeq } : undefined;
    },

    async getPostBody(gameId, postId) {
      const row = await db
        .selectFrom("post_bodies")
        .selectAll()
        .where("game_id", "=", gameId)
        .where("post_id", "=", postId)
        .executeTakeFirst();
      return row === undefined
        ? undefined
        : ({
            gameId: row.game_id,
            postId: row.post_id,
            text: row.text,
            createdAt: row.created_at,
          } satisfies PostBody);
    },
  };
}

/**
 * Runs a batch of appends in one durable transaction: the database's own batch path when it has one (SQLite's
 * worker), otherwise statement by statement (PostgreSQL).
 */
export function createAppendExecutor(adapter: DialectAdapter): BatchExecutor<AppendJob, AppendResult> {
  const lockKey = (job: AppendJob) => job.gameId;
  const native = adapter.appendBatch?.bind(adapter);
  if (native) return { lockKey, commit: (jobs, unsafe) => native(jobs, unsafe) };
  if (adapter.kind !== "postgres") throw new Error(`storage: no batch append path for ${adapter.kind}`);
  return { lockKey, commit: (jobs, unsafe) => commitOnPostgres(adapter, jobs, unsafe) };
}

/**
 * The batch on PostgreSQL: read every stream's last seq and every known request id at once, decide each append in
 * memory (in order, so later appends see earlier ones), then insert all rows. If an insert hits a duplicate key
 * (another process won a race, or two appends share a post id), the batch savepoint is rolled back and each append
 * runs alone in its own savepoint, so one loser fails alone. Round trips wait for this busy event loop to come
 * round, so BEGIN with the batch savepoint, and its release with COMMIT, each go as one simple-protocol message.
 */
async function commitOnPostgres(
  adapter: DialectAdapter,
  jobs: readonly AppendJob[],
  unsafe: UnsafeEarlyAck<AppendResult> | undefined,
): Promise<Outcome<AppendResult>[]> {
  return adapter.db.connection().execute(async (c) => {
    await sql.raw(`${adapter.beginWrite}; savepoint batch`).execute(c);
    try {
      let out: Outcome<AppendResult>[];
      let savepointOpen = true;
      try {
        out = await appendTogether(adapter, c, jobs);
      } catch (error) {
        await sql.raw("rollback to savepoint batch; release savepoint batch").execute(c);
        savepointOpen = false;
        if (adapter.isRetryable(error)) throw error;
        // A duplicate key or a fault: each append again alone, so only the loser fails.
        out = [];
        const here = new Map<string, number>();
        for (const job of jobs) out.push(await appendAlone(adapter, c, job, here));
      }
      if (unsafe) {
        unsafe.ack(out);
        await new Promise((r) => setTimeout(r, unsafe.holdMs));
      }
      await sql.raw(savepointOpen ? "release savepoint batch; commit" : "commit").execute(c);
      return out;
    } catch (error) {
      try {
        await sql.raw("rollback").execute(c);
      } catch {
        // The connection already ended the transaction.
      }
      throw error;
    }
  });
}

function toRow(event: StoredEventInput): EventRow {
  if (typeof event.type !== "string" || event.type === "")
    throw new TypeError("event.type must be a non-empty string");
  if (!Number.isSafeInteger(event.at))
    throw new TypeError(`event.at must be epoch milliseconds, got ${event.at}`);
  return { type: event.type, at: event.at, payload: JSON.stringify(event) };
}

async function lastSeqOf(db: Kysely<Database>, gameId: string): Promise<number> {
  const row = await db
    .selectFrom("events")
    .select(sql<number>`coalesce(max(seq), 0)`.as("last"))
    .where("game_id", "=", gameId)
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const requestKey = (gameId: string, requestId: string) => `${gameId}\u0000${requestId}`;

/**
 * `here`: per game, the seq of the last event this transaction appended (AppendOptions.chained). A chained append
 * was decided on top of the append submitted just before it, which on PostgreSQL is usually in the same batch (a
 * game has one plan in flight, submitted at once): it is stored only right after that append was, never on another
 * writer's events that happen to end at the expected seq. One whose append below went in another batch (the write
 * queue held more than a batch's worth) is refused too, and decided again.
 * Updated only once the rows are inserted, so a rolled-back savepoint leaves it as it was.
 */
async function appendTogether(
  adapter: DialectAdapter,
  trx: Kysely<Database>,
  jobs: readonly AppendJob[],
  here: Map<string, number> = new Map(),
): Promise<Outcome<AppendResult>[]> {
  // One statement per chunk for each lookup, each resolved by index probes: the last seq of each listed game (one
  // step down the primary key from its end) and the exact (game, request id) pairs.
  const current = new Map<string, number>();
  for (const games of chunks([...new Set(jobs.map((j) => j.gameId))])) {
    const listed = sql.join(games.map((g) => sql`(${g})`));
    const rows = await sql<{ game_id: string; last: number | string | null }>`
      select g.column1 as game_id,
             (select e.seq from events e where e.game_id = g.column1 order by e.seq desc limit 1) as last
      from (values ${listed}) as g`.execute(trx);
    for (const r of rows.rows) current.set(r.game_id, Number(r.last ?? 0));
  }

  const known = new Map<string, AppendResult>();
  const pairs = new Map<string, { gameId: string; requestId: string }>();
  for (const j of jobs) {
    if (j.requestId !== undefined)
      pairs.set(requestKey(j.gameId, j.requestId), { gameId: j.gameId, requestId: j.requestId });
  }
  for (const part of chunks([...pairs.values()])) {
    const listed = sql.join(part.map((p) => sql`(${p.gameId}, ${p.requestId})`));
    const rows = await sql<
      Pick<Database["append_requests"], "game_id" | "request_id" | "first_seq" | "last_seq">
    >`
      select game_id, request_id, first_seq, last_seq from append_requests
      where (game_id, request_id) in (values ${listed})`.execute(trx);
    for (const r of rows.rows) {
      known.set(requestKey(r.game_id, r.request_id), {
        ok: true,
        firstSeq: Number(r.first_seq),
        lastSeq: Number(r.last_seq),
        replayed: true,
      });
    }
  }

  const outcomes: Outcome<AppendResult>[] = [];
  const appended = new Map(here);
  const events: Insertable<Database["events"]>[] = [];
  const posts: Database["post_bodies"][] = [];
  const requests: Database["append_requests"][] = [];
  for (const job of jobs) {
    const key = job.requestId === undefined ? undefined : requestKey(job.gameId, job.requestId);
    const prior = key === undefined ? undefined : known.get(key);
    if (prior) {
      outcomes.push({ ok: true, value: prior });
      continue;
    }
    const last = current.get(job.gameId) ?? 0;
    if (last !== job.expectedSeq || (job.chained && appended.get(job.gameId) !== last)) {
      outcomes.push({ ok: true, value: { ok: false, code: "conflict", currentSeq: last } });
      continue;
    }
    if (
      job.fireTimer &&
      !(await adapter.claimTimer(trx, job.gameId, job.fireTimer.key, job.fireTimer.dueAt, job.now))
    ) {
      outcomes.push({ ok: true, value: { ok: false, code: "timer-already-fired" } });
      continue;
    }
    const firstSeq = job.expectedSeq + 1;
    const lastSeq = job.expectedSeq + job.rows.length;
    job.rows.forEach((r, i) => {
      events.push({ game_id: job.gameId, seq: firstSeq + i, type: r.type, at: r.at, payload: r.payload });
    });
    for (const p of job.posts)
      posts.push({ game_id: job.gameId, post_id: p.postId, text: p.text, created_at: job.now });
    current.set(job.gameId, lastSeq);
    appended.set(job.gameId, lastSeq);
    if (key !== undefined) {
      requests.push({
        game_id: job.gameId,
        request_id: job.requestId!,
        first_seq: firstSeq,
        last_seq: lastSeq,
        created_at: job.now,
      });
      known.set(key, { ok: true, firstSeq, lastSeq, replayed: true });
    }
    outcomes.push({ ok: true, value: { ok: true, firstSeq, lastSeq, replayed: false } });
  }

  for (const part of chunks(events)) await trx.insertInto("events").values(part).execute();
  for (const part of chunks(posts)) await trx.insertInto("post_bodies").values(part).execute();
  for (const part of chunks(requests)) await trx.insertInto("append_requests").values(part).execute();
  for (const [game, seq] of appended) here.set(game, seq);
  return outcomes;
}

async function priorResult(
  trx: Kysely<Database>,
  gameId: string,
  requestId: string,
): Promise<AppendResult | undefined> {
  const prior = await trx
    .selectFrom("append_requests")
    .select(["first_seq", "last_seq"])
    .where("game_id", "=", gameId)
    .where("request_id", "=", requestId)
    .executeTakeFirst();
  return prior && { ok: true, firstSeq: prior.first_seq, lastSeq: prior.last_seq, replayed: true };
}

async function appendAlone(
  adapter: DialectAdapter,
  trx: Kysely<Database>,
  job: AppendJob,
  here: Map<string, number>,
): Promise<Outcome<AppendResult>> {
  const res = await inSavepoint(adapter, trx, "request", () => appendTogether(adapter, trx, [job], here));
  if (res.kind === "done") return res.value[0]!;
  if (res.kind === "failed") {
    // A deadlock victim is retried with its whole batch rather than failed alone.
    if (adapter.isRetryable(res.error)) throw res.error;
    return { ok: false, error: res.error };
  }
  // Duplicate key: another process stored this request id first (the retry gets that original result), or
  // took this seq, or a post id is taken.
  if (job.requestId !== undefined) {
    const prior = await priorResult(trx, job.gameId, job.requestId);
    if (prior) return { ok: true, value: prior };
  }
  return { ok: true, value: { ok: false, code: "conflict", currentSeq: await lastSeqOf(trx, job.gameId) } };
}
