// The thin port each database adapter fills: a Kysely instance plus the few things SQL cannot say portably.
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";
import type { AppendResult, Notifier } from "./storage.ts";

/** One `append` call waiting in the group-commit queue (plain data: it may cross to a worker thread). */
export interface AppendJob {
  readonly gameId: string;
  readonly expectedSeq: number;
  readonly rows: readonly { readonly type: string; readonly at: number; readonly payload: string }[];
  readonly requestId: string | undefined;
  readonly posts: readonly { readonly postId: string; readonly text: string }[];
  readonly fireTimer: { readonly key: string; readonly dueAt: number } | undefined;
  readonly now: number;
  readonly chained: boolean;
}

/** A job's result inside a batch: a value, or a fault that fails that job alone. */
export type Outcome<R> =
  | { readonly ok: true; readonly value: R }
  | { readonly ok: false; readonly error: unknown };

/**
 * The crash harness's test switch: hand the outcomes to `ack` before the commit, then hold the commit open
 * `holdMs`, so a kill in between loses acknowledged writes and the harness can prove it notices.
 */
export interface UnsafeEarlyAck<R> {
  ack(outcomes: Outcome<R>[]): void;
  readonly holdMs: number;
}

export interface DialectAdapter {
  readonly kind: "sqlite" | "postgres";
  readonly db: Kysely<Database>;
  /**
   * Statement that opens a write transaction. SQLite takes the write lock up front (`begin immediate`) so a
   * second process waits on busy_timeout instead of failing when a deferred transaction upgrades.
   */
  readonly beginWrite: string;
  /** Upper bound on group-commit batches in flight from this process (SQLite: its worker runs them in order). */
  readonly maxWriteConcurrency: number;
  /** Column type for opaque bytes. */
  readonly blobType: "blob" | "bytea";
  /** A duplicate primary key or unique value (SQLite SQLITE_CONSTRAINT_PRIMARYKEY/UNIQUE, PostgreSQL 23505). */
  isUniqueViolation(error: unknown): boolean;
  /** A transaction aborted by the database that is safe to run again from the start (deadlock, serialization). */
  isRetryable(error: unknown): boolean;
  /** Allocates n fresh text document ids; call inside a write transaction. */
  allocateTextDocumentIds(trx: Kysely<Database>, n: number): Promise<number[]>;
  /**
   * Marks an unfired timer fired if it is still due at `dueAt`; true for exactly one of concurrent claimers.
   * PostgreSQL skips a row another transaction holds (`FOR UPDATE SKIP LOCKED`) instead of queueing on it.
   */
  claimTimer(
    trx: Kysely<Database>,
    gameId: string,
    key: string,
    dueAt: number,
    now: number,
  ): Promise<boolean>;
  /**
   * Appends run in submission order across transactions, and `AppendJob.chained` is honoured (SQLite: one worker
   * runs the batches in order). See `Storage.appendsInOrder`.
   */
  readonly appendsInOrder: boolean;
  /**
   * A database's own way to run a whole batch of appends in one durable transaction, resolving once it has
   * committed (SQLite: on its worker thread, one round trip per batch). PostgreSQL has none: events.ts runs
   * its batches statement by statement.
   */
  appendBatch?(
    jobs: readonly AppendJob[],
    unsafe?: UnsafeEarlyAck<AppendResult>,
  ): Promise<Outcome<AppendResult>[]>;
  /**
   * Where a database keeps request ids outside SQL's reach (SQLite: in its worker's memory, see sqlite-worker.mjs),
   * the stored append of one; without it, events.ts reads append_requests.
   */
  findAppend?(gameId: string, requestId: string): Promise<{ firstSeq: number; lastSeq: number } | undefined>;
  readonly notifier: Notifier;
  destroy(): Promise<void>;
}

/** Channel names both databases accept (PostgreSQL identifiers are at most 63 bytes). */
export function checkChannel(channel: string): void {
  if (!/^[A-Za-z0-9_.:-]{1,63}$/.test(channel))
    throw new TypeError(`invalid notification channel: ${channel}`);
}

export function errorCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}
