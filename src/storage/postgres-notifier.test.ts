// PostgreSQL only: the LISTEN connection comes back after the server drops it.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import pg from "pg";
import { openStorage } from "./open-storage.ts";

const pgUrl = process.env.BANSHA_TEST_PG;

test("notifications resume after the listening connection is terminated", {
  skip: !pgUrl,
  timeout: 30_000,
}, async () => {
  const schema = `bansha_test_${randomBytes(6).toString("hex")}`;
  const storage = await openStorage(pgUrl!, { pgSchema: schema });
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const errors: unknown[] = [];
  const originalError = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    const received: string[] = [];
    await storage.subscribe("events", (p) => received.push(p));
    const killed = await admin.query(
      "select pg_terminate_backend(pid) as done from pg_stat_activity where query ilike $1",
      [`listen "${schema}.events"%`],
    );
    assert.equal(killed.rowCount, 1, "found the listening connection");
    // Keep notifying until the re-established LISTEN hears one; a bounded loop so a broken reconnect fails.
    for (let i = 0; i < 200 && !received.some((p) => p.startsWith("after-")); i++) {
      await storage.notify("events", `after-${i}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(
      received.some((p) => p.startsWith("after-")),
      "a notification arrived after the reconnect",
    );
    for (const marker of ["last", "final"]) {
      await storage.notify("events", marker);
      for (let i = 0; i < 200 && !received.includes(marker); i++) await new Promise((r) => setTimeout(r, 10));
    }
    assert.equal(
      received.filter((p) => p === "last").length,
      1,
      "delivered once, not once per reconnect attempt",
    );
    const listeners = await admin.query("select pid from pg_stat_activity where query ilike $1", [
      `listen "${schema}.events"%`,
    ]);
    assert.equal(listeners.rowCount, 1, "one listening connection after the reconnect");
    assert.ok(errors.length > 0, "the dropped connection was reported");
  } finally {
    console.error = originalError;
    await storage.close();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
});

test("while the database refuses connections the listener keeps trying, then tells subscribers of the gap", {
  skip: !pgUrl,
  timeout: 30_000,
}, async () => {
  // A database of its own: refusing its connections must not disturb other tests.
  const database = `bansha_gap_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(pgUrl!);
  url.pathname = `/${database}`;
  const storage = await openStorage(url.toString());
  const errors: string[] = [];
  const originalError = console.error;
  console.error = (...args: unknown[]) => errors.push(args.join(" "));
  try {
    const received: string[] = [];
    let gaps = 0;
    await storage.subscribe(
      "events",
      (p) => received.push(p),
      () => gaps++,
    );
    await admin.query(`alter database ${database} allow_connections false`);
    const killed = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen %'",
      [database],
    );
    assert.equal(killed.rowCount, 1, "found the listening connection");
    for (let i = 0; i < 200 && errors.filter((e) => e.includes("reconnect failed")).length < 2; i++)
      await new Promise((r) => setTimeout(r, 25));
    assert.ok(
      errors.filter((e) => e.includes("reconnect failed, trying again")).length >= 2,
      `a refused reconnect is tried again: ${errors.join(" | ")}`,
    );
    assert.equal(gaps, 0, "no gap reported before listening again");
    await admin.query(`alter database ${database} allow_connections true`);
    for (let i = 0; i < 400 && gaps === 0; i++) await new Promise((r) => setTimeout(r, 25));
    assert.equal(gaps, 1, "the subscriber is told once that notifications may have been lost");
    await storage.notify("events", "after");
    for (let i = 0; i < 200 && !received.includes("after"); i++) await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(received, ["after"], "notifications arrive again");
  } finally {
    console.error = originalError;
    await admin.query(`alter database ${database} allow_connections true`);
    await storage.close();
    await admin.query(`drop database ${database} with (force)`);
    await admin.end();
  }
});
