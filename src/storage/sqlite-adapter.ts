// SQLite through better-sqlite3 on a worker thread: WAL, synchronous=FULL, one connection per file per process.
import { realpathSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { Kysely, sql } from "kysely";
import type { WorkerOutcome } from "./append-wire.ts";
import { type DialectAdapter, errorCode, type Outcome } from "./dialect.ts";
import { createLocalNotifier } from "./local-notifier.ts";
import { makeFolder } from "./make-folder.ts";
import type { Database } from "./schema.ts";
import { SqliteWorker, SqliteWorkerDialect, toError } from "./sqlite-worker-driver.ts";

/**
 * Files open in this process. The group-commit queue is the process's only writer (it never retries, see
 * isRetryable); a second connection to the same file would make its transactions wait on each other.
 */
const openFiles = new Set<string>();

/** `path` is a file path or `:memory:`; the folder of a file path is created if missing. */
export async function createSqliteAdapter(path: string): Promise<DialectAdapter> {
  let fileKey: string | undefined;
  if (path !== ":memory:") {
    makeFolder(dirname(path));
    fileKey = join(realpathSync(dirname(path)), basename(path));
    if (openFiles.has(fileKey)) throw new Error(`SQLite database already open in this process: ${path}`);
    // Claimed before the worker opens the file, so two concurrent opens cannot both get through.
    openFiles.add(fileKey);
  }
  let worker: SqliteWorker;
  try {
    worker = await SqliteWorker.open(path);
  } catch (error) {
    if (fileKey !== undefined) openFiles.delete(fileKey);
    throw error;
  }

  const db = new Kysely<Database>({ dialect: new SqliteWorkerDialect(worker) });
  const notifier = createLocalNotifier();

  return {
    kind: "sqlite",
    db,
    beginWrite: "begin immediate",
    // Two batches in flight: the worker runs one (in arrival order) while the next is already on its way.
    maxWriteConcurrency: 2,
    appendsInOrder: true,
    blobType: "blob",
    isUniqueViolation(error) {
      const code = errorCode(error);
      return code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE";
    },
    isRetryable() {
      // One writer per process and `begin immediate` + busy_timeout: nothing aborts mid-transaction.
      return false;
    },
    async allocateTextDocumentIds(trx, n) {
      // Safe without a sequence: the caller holds SQLite's single write lock.
      const row = await trx
        .selectFrom("text_documents")
        .select(sql<number>`coalesce(max(id), 0)`.as("max"))
        .executeTakeFirstOrThrow();
      return Array.from({ length: n }, (_, i) => row.max + 1 + i);
    },
    async claimTimer(trx, gameId, key, dueAt, now) {
      const res = await trx
        .updateTable("timers")
        .set({ fired_at: now })
        .where("game_id", "=", gameId)
        .where("timer_key", "=", key)
        .where("due_at", "=", dueAt)
        .where("fired_at", "is", null)
        .executeTakeFirst();
      return res.numUpdatedRows === 1n;
    },
    async appendBatch(jobs, unsafe) {
      const fromWorker = <R>(outcomes: WorkerOutcome<R>[]): Outcome<R>[] =>
        outcomes.map((o) => (o.ok ? o : { ok: false, error: toError(o.error) }));
      // Sent without taking Kysely's connection: the worker holds a batch back while a transaction of this
      // thread is open on the connection, and runs it when that ends.
      const outcomes = await worker.appendBatch(
        jobs,
        unsafe && { ack: (early) => unsafe.ack(fromWorker(early)), holdMs: unsafe.holdMs },
      );
      return fromWorker(outcomes);
    },
    findAppend: (gameId, requestId) => worker.findAppend(gameId, requestId),
    notifier,
    async destroy() {
      notifier.close();
      try {
        await db.destroy();
        // Kysely skips its driver's destroy when no query ever ran; the worker must end either way.
        await worker.close();
      } finally {
        if (fileKey !== undefined) openFiles.delete(fileKey);
      }
    },
  };
}
