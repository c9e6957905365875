// Migrations apply once and in order, and each database runs with the durability settings acknowledgements rely on.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { sql } from "kysely";
import pg from "pg";
import type { DialectAdapter } from "./dialect.ts";
import { migrate, migrations } from "./migrations.ts";
import { createPostgresAdapter } from "./postgres-adapter.ts";
import { createSqliteAdapter } from "./sqlite-adapter.ts";

const versions = migrations.map((m) => m.version);

test("migration versions are strictly increasing", () => {
  assert.deepEqual(
    versions,
    [...versions].sort((a, b) => a - b),
  );
  assert.equal(new Set(versions).size, versions.length);
});

async function checkIdempotent(adapter: DialectAdapter): Promise<void> {
  assert.deepEqual(await migrate(adapter), { applied: versions });
  assert.deepEqual(await migrate(adapter), { applied: [] });
  const rows = await adapter.db
    .selectFrom("schema_migrations")
    .select("version")
    .orderBy("version")
    .execute();
  assert.deepEqual(
    rows.map((r) => r.version),
    versions,
  );
}

test("SQLite file: migrations run once; WAL with synchronous=FULL", async () => {
  const dir = await mkdtemp(join(tmpdir(), "bansha-migrate-"));
  const adapter = await createSqliteAdapter(join(dir, "db.sqlite"));
  try {
    await checkIdempotent(adapter);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(adapter.db);
    assert.equal(mode.rows[0]?.journal_mode, "wal");
    const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(adapter.db);
    assert.equal(sync.rows[0]?.synchronous, 2, "2 is FULL");
    const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(adapter.db);
    assert.ok((busy.rows[0]?.timeout ?? 0) > 0);
    const checkpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      adapter.db,
    );
    assert.equal(
      checkpoint.rows[0]?.wal_autocheckpoint,
      4000,
      "checkpoints every 4,000 WAL pages, not 1,000",
    );
  } finally {
    await adapter.destroy();
    await rm(dir, { recursive: true, force: true });
  }
});

const pgUrl = process.env.BANSHA_TEST_PG;
test("PostgreSQL: migrations run once, even from concurrent openers; synchronous_commit=on", {
  skip: !pgUrl,
}, async () => {
  const schema = `bansha_test_${randomBytes(6).toString("hex")}`;
  const a = await createPostgresAdapter(pgUrl!, { schema });
  const b = await createPostgresAdapter(pgUrl!, { schema });
  try {
    const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
    assert.deepEqual(
      [...ra.applied, ...rb.applied],
      versions,
      "the advisory lock lets one opener apply them",
    );
    assert.deepEqual(await migrate(a), { applied: [] });
    const setting = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(a.db);
    assert.equal(setting.rows[0]?.synchronous_commit, "on");
    const big = await sql<{ n: number }>`select 9007199254740991::int8 as n`.execute(a.db);
    assert.equal(big.rows[0]?.n, Number.MAX_SAFE_INTEGER, "int8 comes back as a number");
    await assert.rejects(sql`select 9007199254740993::int8 as n`.execute(a.db), RangeError);
  } finally {
    await a.destroy();
    await b.destroy();
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
});

/** A SQLite database as the migrations before `version` left it, in a folder of its own, given to `body`. */
async function withDatabaseBefore(
  version: number,
  body: (adapter: DialectAdapter) => Promise<void>,
): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "bansha-migrate-"));
  const adapter = await createSqliteAdapter(join(dir, "db.sqlite"));
  try {
    const db = adapter.db;
    await db.schema
      .createTable("schema_migrations")
      .addColumn("version", "integer", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("applied_at", "bigint", (c) => c.notNull())
      .execute();
    for (const m of migrations.filter((x) => x.version < version)) {
      await m.up(db, adapter);
      await db
        .insertInto("schema_migrations")
        .values({ version: m.version, name: m.name, applied_at: 0 })
        .execute();
    }
    await body(adapter);
  } finally {
    await adapter.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

test("migration 6 keys usernames; of two older accounts that fold together the older keeps the key", async () => {
  // A database as version 5 left it, with two accounts whose names differ only in case.
  await withDatabaseBefore(6, async (adapter) => {
    const db = adapter.db;
    for (const username of ["Bob", "bob", "carol"])
      await sql`insert into accounts (username, password_hash, is_admin, created_at) values (${username}, 'h', 0, 0)`.execute(
        db,
      );
    assert.deepEqual(await migrate(adapter), { applied: versions.filter((v) => v >= 6) });
    const rows = await db.selectFrom("accounts").select(["username", "username_key"]).orderBy("id").execute();
    assert.deepEqual(
      rows.map((r) => [r.username, r.username_key]),
      [
        ["Bob", "bob"],
        ["bob", null],
        ["carol", "carol"],
      ],
    );
  });
});

test("migration 7 keys aliases per game; of two members that fold together the one who joined first keeps the key", async () => {
  // A database as version 6 left it: in game g, 「ＡＢ」 joined after 「ab」; game h has its own 「ab」.
  await withDatabaseBefore(7, async (adapter) => {
    const db = adapter.db;
    for (const [i, username] of ["r", "p", "q", "s"].entries())
      await sql`insert into accounts (id, username, password_hash, is_admin, created_at) values (${i + 1}, ${username}, 'h', 0, 0)`.execute(
        db,
      );
    for (const id of ["g", "h"])
      await sql`insert into games (id, display_name, rules, status, created_at, created_by) values (${id}, ${id}, '{}', 'signup', 0, 1)`.execute(
        db,
      );
    for (const [game, alias, account, at] of [
      ["g", "ＡＢ", 2, 20],
      ["g", "ab", 3, 10],
      ["g", "哨", 1, 0],
      ["h", "ab", 4, 30],
    ] as const)
      await sql`insert into game_members (game_id, alias, account_id, kind, created_at) values (${game}, ${alias}, ${account}, 'player', ${at})`.execute(
        db,
      );
    assert.deepEqual(await migrate(adapter), { applied: versions.filter((v) => v >= 7) });
    const rows = await db
      .selectFrom("game_members")
      .select(["game_id", "alias", "alias_key"])
      .orderBy("game_id")
      .orderBy("created_at")
      .execute();
    assert.deepEqual(
      rows.map((r) => [r.game_id, r.alias, r.alias_key]),
      [
        ["g", "哨", "哨"],
        ["g", "ab", "ab"],
        ["g", "ＡＢ", null],
        ["h", "ab", "ab"],
      ],
    );
  });
});

test("migration 8 re-keys usernames without variation selectors; of two that now fold together the older keeps the key", async () => {
  // A database as version 7 left it: 「❤️小明」 (with the emoji's presentation selector) registered before 「❤小明」,
  // and 「Bob」 before 「bob」 (which migration 6 left without a key).
  await withDatabaseBefore(8, async (adapter) => {
    const db = adapter.db;
    for (const [username, key] of [
      ["\u2764\uFE0F小明", "\u2764\uFE0F小明"],
      ["Bob", "bob"],
      ["\u2764小明", "\u2764小明"],
      ["bob", null],
    ] as const)
      await sql`insert into accounts (username, username_key, password_hash, is_admin, created_at) values (${username}, ${key}, 'h', 0, 0)`.execute(
        db,
      );
    assert.deepEqual(await migrate(adapter), { applied: versions.filter((v) => v >= 8) });
    const rows = await db.selectFrom("accounts").select(["username", "username_key"]).orderBy("id").execute();
    assert.deepEqual(
      rows.map((r) => [r.username, r.username_key]),
      [
        ["\u2764\uFE0F小明", "\u2764小明"],
        ["Bob", "bob"],
        ["\u2764小明", null],
        ["bob", null],
      ],
    );
  });
});
