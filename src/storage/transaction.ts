// Write transactions and savepoints issued by hand, so SQLite can `begin immediate` and a batch can isolate each request.
import { type Kysely, sql } from "kysely";
import type { DialectAdapter } from "./dialect.ts";
import type { Database } from "./schema.ts";

/** Runs `fn` in one write transaction on one connection; commits when it resolves, rolls back when it throws. */
export async function inWriteTransaction<T>(
  adapter: DialectAdapter,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return adapter.db.connection().execute(async (trx) => {
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
  });
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
