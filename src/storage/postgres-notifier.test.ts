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
