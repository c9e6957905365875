// PostgreSQL only: a chained append is stored only right after its own batch's append below it, never on top of
// another process's events that happen to end at the seq it expects.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import pg from "pg";
import { openStorage } from "./open-storage.ts";

const pgUrl = process.env.BANSHA_TEST_PG;
const T0 = 1_767_000_000_000;
const ev = (who: string) => ({ type: "Ticket", at: T0, who });

test("a chained append whose append below conflicted is refused, though another writer's event ends at its seq", {
  skip: !pgUrl,
}, async () => {
  const schema = `bansha_test_${randomBytes(6).toString("hex")}`;
  const here = await openStorage(pgUrl!, { pgSchema: schema });
  const other = await openStorage(pgUrl!, { pgSchema: schema });
  try {
    assert.equal((await other.append("g", 0, [ev("other")])).ok, true);
    // Decided on an empty stream: the first expects seq 0, the second (on top of the first) seq 1.
    const [first, second] = await Promise.all([
      here.append("g", 0, [ev("mine")]),
      here.append("g", 1, [ev("mine, on top")], { chained: true }),
    ]);
    assert.deepEqual(first, { ok: false, code: "conflict", currentSeq: 1 });
    assert.deepEqual(second, { ok: false, code: "conflict", currentSeq: 1 });
    assert.deepEqual(
      (await here.load("g")).map((e) => e.event.who),
      ["other"],
    );
    // Both stored when the one below is: the chain holds inside one batch.
    const [a, b] = await Promise.all([
      here.append("g", 1, [ev("a")]),
      here.append("g", 2, [ev("b")], { chained: true }),
    ]);
    assert.equal(a.ok && b.ok, true);
    assert.deepEqual(
      (await here.load("g")).map((e) => e.event.who),
      ["other", "a", "b"],
    );
  } finally {
    await here.close();
    await other.close();
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
});
