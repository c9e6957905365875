// Write transactions and savepoints issued by hand, so SQLite can `begin immediate` and a batch can isolate each request.
import { type Kysely, sql } from "kysely";
import type { DeferredSync, DialectAdapter } from "./dialect.ts";
import type { Database } from "./schema.ts";

/**
 * Runs `fn` in one write transaction on one connection; commits when it resolves, rolls back when it throws.
 * With `deferred`, the COMMIT skips its fsync: the caller must await `deferred.durable()` before answering.
 */
export async function inWriteTransaction<T>(
  adapter: DialectAdapter,
  fn: (trx: Kysely<Database>) => Promise<T>,
  deferred?: DeferredSync,
): Promise<T> {
  if (deferred === undefined) return adapter.db.connection().execute((trx) => transact(adapter, trx, fn));
  return adapter.db.connection().execute(async (trx) => {
    // Set outside the transaction (SQLite refuses it inside) and restored before the connection is shared again,
    // so every other write keeps its own fsync on COMMIT.
    await sql.raw(deferred.relax).execute(trx);
    try {
      return await transact(adapter, trx, fn);
    } finally {
      // Counted after COMMIT, so a sync that started earlier is not taken to cover it; and before the
      // connection is shared again, so no read can see these rows before they are counted.
      deferred.written();
      await sql.raw(deferred.restore).execute(trx);
    }
  });
}

async function transact<T>(
  adapter: DialectAdapter,
  trx: Kysely<Database>,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  await sql.raw(adapter.beginWrite).execute(trx);
  let result: T;
  try {
    result = await fn(trx);
  } catch (error) {
    await rollbackQuietly(trx);
    throw error;
  }
  try {
    await sql.raw("commit").execute(trx);
  } catch (error) {
    // A failed COMMIT can leave SQLite's transaction open (SQLITE_BUSY); close it before handing back the connection.
    await rollbackQuietly(trx);
    throw error;
  }
  return result;
}

async function rollbackQuietly(trx: Kysely<Database>): Promise<void> {
  try {
    await sql.raw("rollback").execute(trx);
  } catch {
    // No transaction left to roll back (the database already aborted it): nothing to undo.
  }
}

export type SavepointOutcome<T> =
  | { readonly kind: "done"; readonly value: T }
  | { readonly kind: "unique-violation" }
  | { readonly kind: "failed"; readonly error: unknown };

/**
 * Runs `fn` inside a savepoint of the current transaction. On any error its writes are undone and the
 * surrounding transaction stays usable (PostgreSQL would otherwise refuse every later statement).
 */
export async function inSavepoint<T>(
  adapter: DialectAdapter,
  trx: Kysely<Database>,
  name: "batch" | "request",
  fn: () => Promise<T>,
): Promise<SavepointOutcome<T>> {
  await sql.raw(`savepoint ${name}`).execute(trx);
  try {
    const value = await fn();
    await sql.raw(`release savepoint ${name}`).execute(trx);
    return { kind: "done", value };
  } catch (error) {
    await sql.raw(`rollback to savepoint ${name}`).execute(trx);
    await sql.raw(`release savepoint ${name}`).execute(trx);
    if (adapter.isUniqueViolation(error)) return { kind: "unique-violation" };
    return { kind: "failed", error };
  }
}
