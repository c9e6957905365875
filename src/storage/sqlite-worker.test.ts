// The SQLite worker: leases keep each transaction whole without a lock on the main thread, and open errors surface.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { sql } from "kysely";
import { createSqliteAdapter } from "./sqlite-adapter.ts";
import { inWriteTransaction } from "./transaction.ts";

const pause = () => new Promise((r) => setTimeout(r, 5));

test("concurrent write transactions on one SQLite worker never interleave: no lost update", async () => {
  const adapter = await createSqliteAdapter(":memory:");
  try {
    await sql`create table counter (n integer not null)`.execute(adapter.db);
    await sql`insert into counter (n) values (0)`.execute(adapter.db);
    // Each reads, yields to the event loop, then writes read+1: interleaved, some increments would be lost.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        inWriteTransaction(adapter, async (trx) => {
          const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
          await pause();
          await sql`update counter set n = ${rows[0]!.n + 1}`.execute(trx);
        }),
      ),
    );
    const { rows } = await sql<{ n: number }>`select n from counter`.execute(adapter.db);
    assert.equal(rows[0]!.n, 20);
  } finally {
    await adapter.destroy();
  }
});

test("a read sent while another lease's transaction is open waits for it and sees only committed rows", async () => {
  const adapter = await createSqliteAdapter(":memory:");
  try {
    await sql`create table t (v text not null)`.execute(adapter.db);
    const order: string[] = [];
    let read: Promise<unknown> | undefined;
    await inWriteTransaction(adapter, async (trx) => {
      await sql`insert into t (v) values ('a')`.execute(trx);
      read = sql<{ c: number }>`select count(*) as c from t`.execute(adapter.db).then((r) => {
        order.push("read");
        return r.rows[0]!.c;
      });
      await pause();
      order.push("commit");
    });
    assert.equal(await read, 1, "the read ran after the commit, on committed data");
    assert.deepEqual(order, ["commit", "read"]);

    // A rolled-back transaction leaves nothing for the waiting read.
    const failed = inWriteTransaction(adapter, async (trx) => {
      await sql`insert into t (v) values ('b')`.execute(trx);
      read = sql<{ c: number }>`select count(*) as c from t`.execute(adapter.db).then((r) => r.rows[0]!.c);
      throw new Error("refused");
    });
    await assert.rejects(failed, /refused/);
    assert.equal(await read, 1);
  } finally {
    await adapter.destroy();
  }
});

test("a database that cannot be opened fails with SQLite's reason, and the path can be opened again later", async () => {
  const dir = await mkdtemp(join(tmpdir(), "bansha-worker-"));
  try {
    // A directory where the database file should be.
    await assert.rejects(createSqliteAdapter(dir), (e: Error & { code?: string }) => {
      assert.match(`${e.code} ${e.message}`, /SQLITE_CANTOPEN|unable to open/i);
      return true;
    });
    const ok = await createSqliteAdapter(join(dir, "fine.sqlite"));
    await ok.destroy();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
