// SQLite through better-sqlite3: WAL, synchronous=FULL, one connection, prepared statements cached.
import { mkdirSync, realpathSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, type SqliteDatabase, SqliteDialect, type SqliteStatement, sql } from "kysely";
import { type DialectAdapter, errorCode } from "./dialect.ts";
import { createLocalNotifier } from "./local-notifier.ts";
import type { Database } from "./schema.ts";

const STATEMENT_CACHE_SIZE = 256;

/**
 * Files open in this process. A second connection to the same file from the same process can deadlock:
 * its synchronous busy wait blocks the event loop that the first connection needs to finish its transaction.
 */
const openFiles = new Set<string>();

/** `path` is a file path or `:memory:`; the folder of a file path is created if missing. */
export function createSqliteAdapter(path: string): DialectAdapter {
  let fileKey: string | undefined;
  if (path !== ":memory:") {
    mkdirSync(dirname(path), { recursive: true });
    fileKey = join(realpathSync(dirname(path)), basename(path));
    if (openFiles.has(fileKey)) throw new Error(`SQLite database already open in this process: ${path}`);
  }
  const raw = new BetterSqlite3(path);
  try {
    raw.pragma("journal_mode = WAL");
    // FULL: a commit returns only after the WAL is fsynced, so an acknowledged write survives a power cut.
    raw.pragma("synchronous = FULL");
    raw.pragma("busy_timeout = 5000");
    raw.pragma("foreign_keys = ON");
  } catch (error) {
    raw.close();
    throw error;
  }
  if (fileKey !== undefined) openFiles.add(fileKey);

  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingDatabase(raw) }) });
  const notifier = createLocalNotifier();

  return {
    kind: "sqlite",
    db,
    beginWrite: "begin immediate",
    maxWriteConcurrency: 1,
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
    notifier,
    async destroy() {
      notifier.close();
      try {
        await db.destroy();
      } finally {
        if (fileKey !== undefined) openFiles.delete(fileKey);
      }
    },
  };
}

/**
 * Kysely's SQLite driver prepares every statement on every call; reusing prepared statements roughly halves
 * the cost of the small hot-path queries. Statements are reused only by one connection under Kysely's mutex.
 */
function cachingDatabase(raw: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => raw.close(),
    prepare(text: string): SqliteStatement {
      const hit = cache.get(text);
      if (hit) {
        // Re-insert to keep the map in least-recently-used order.
        cache.delete(text);
        cache.set(text, hit);
        return hit;
      }
      const stmt = raw.prepare(text) as unknown as SqliteStatement;
      cache.set(text, stmt);
      if (cache.size > STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return stmt;
    },
  };
}
