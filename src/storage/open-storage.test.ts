// Database URL parsing: which adapter a DATABASE_URL selects.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from "./open-storage.ts";

test("an empty or missing URL means the embedded SQLite file under ./data", () => {
  assert.equal(DEFAULT_DATABASE_URL, "./data/bansha.sqlite");
  assert.deepEqual(parseDatabaseUrl(undefined), { kind: "sqlite", path: "./data/bansha.sqlite" });
  assert.deepEqual(parseDatabaseUrl("  "), { kind: "sqlite", path: "./data/bansha.sqlite" });
});

test("sqlite: URLs, plain paths and :memory: select SQLite", () => {
  assert.deepEqual(parseDatabaseUrl("sqlite:./x/db.sqlite"), { kind: "sqlite", path: "./x/db.sqlite" });
  assert.deepEqual(parseDatabaseUrl("sqlite:///var/lib/bansha.db"), {
    kind: "sqlite",
    path: "/var/lib/bansha.db",
  });
  assert.deepEqual(parseDatabaseUrl("/srv/bansha.sqlite"), { kind: "sqlite", path: "/srv/bansha.sqlite" });
  assert.deepEqual(parseDatabaseUrl(":memory:"), { kind: "sqlite", path: ":memory:" });
  assert.deepEqual(parseDatabaseUrl("sqlite::memory:"), { kind: "sqlite", path: ":memory:" });
  assert.throws(() => parseDatabaseUrl("sqlite:"), TypeError);
});

test("postgres:// and postgresql:// select PostgreSQL; other schemes are refused", () => {
  const url = "postgres://bansha:secret@db.example:5432/bansha";
  assert.deepEqual(parseDatabaseUrl(url), { kind: "postgres", url });
  assert.equal(parseDatabaseUrl("postgresql://localhost/b").kind, "postgres");
  assert.throws(() => parseDatabaseUrl("mysql://localhost/b"), TypeError);
});
