// The event store: one append-only stream per game keyed (game_id, seq), with optimistic concurrency and request ids.
import { type Kysely, sql } from "kysely";
import type { DialectAdapter } from "./dialect.ts";
import type { GroupCommitQueue, WriteJob } from "./group-commit.ts";
import type { Database } from "./schema.ts";
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  PostBody,
  StoredEvent,
  StoredEventInput,
} from "./storage.ts";

/** PostgreSQL allows 65535 bind parameters per statement; 5 per event row keeps a chunk far below it. */
const EVENT_ROWS_PER_INSERT = 500;

export function createEventStore(adapter: DialectAdapter, queue: GroupCommitQueue): EventStore {
  const { db } = adapter;
  return {
    append(gameId, expectedSeq, events, options = {}) {
      // Checked before queueing: a malformed call is a programming fault, not a conflict.
      if (!Number.isSafeInteger(expectedSeq) || expectedSeq < 0) {
        return Promise.reject(
          new TypeError(`expectedSeq must be a non-negative integer, got ${expectedSeq}`),
        );
      }
      let rows: { type: string; at: number; payload: string }[];
      try {
        rows = events.map(toRow);
      } catch (error) {
        return Promise.reject(error);
      }
      const now = options.now ?? rows.at(-1)?.at ?? 0;
      return queue.submit(appendJob(adapter, gameId, expectedSeq, rows, options, now));
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

function toRow(event: StoredEventInput): { type: string; at: number; payload: string } {
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

function appendJob(
  adapter: DialectAdapter,
  gameId: string,
  expectedSeq: number,
  rows: readonly { type: string; at: number; payload: string }[],
  options: AppendOptions,
  now: number,
): WriteJob<AppendResult> {
  const { requestId, posts = [], fireTimer } = options;
  return {
    lockKey: gameId,
    async run(trx) {
      if (requestId !== undefined) {
        const prior = await priorResult(trx, gameId, requestId);
        if (prior) return prior;
      }
      // Checked here rather than left to the primary key so a stale writer learns the current seq; the key
      // still decides races with other processes (PostgreSQL), reported through onUniqueViolation.
      const current = await lastSeqOf(trx, gameId);
      if (current !== expectedSeq) return { ok: false, code: "conflict", currentSeq: current };
      if (fireTimer && !(await adapter.claimTimer(trx, gameId, fireTimer.key, fireTimer.dueAt, now))) {
        return { ok: false, code: "timer-already-fired" };
      }
      for (let i = 0; i < rows.length; i += EVENT_ROWS_PER_INSERT) {
        const chunk = rows.slice(i, i + EVENT_ROWS_PER_INSERT);
        await trx
          .insertInto("events")
          .values(chunk.map((r, j) => ({ game_id: gameId, seq: expectedSeq + 1 + i + j, ...r })))
          .execute();
      }
      for (const post of posts) {
        await trx
          .insertInto("post_bodies")
          .values({ game_id: gameId, post_id: post.postId, text: post.text, created_at: now })
          .execute();
      }
      const result: AppendResult = {
        ok: true,
        firstSeq: expectedSeq + 1,
        lastSeq: expectedSeq + rows.length,
        replayed: false,
      };
      if (requestId !== undefined) {
        await trx
          .insertInto("append_requests")
          .values({
            game_id: gameId,
            request_id: requestId,
            first_seq: result.firstSeq,
            last_seq: result.lastSeq,
            created_at: now,
          })
          .execute();
      }
      return result;
    },
    async onUniqueViolation(trx) {
      // Another process stored the same request id first: the retry gets that original result.
      if (requestId !== undefined) {
        const prior = await priorResult(trx, gameId, requestId);
        if (prior) return prior;
      }
      return { ok: false, code: "conflict", currentSeq: await lastSeqOf(trx, gameId) };
    },
  };
}
