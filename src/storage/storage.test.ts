// Runs the storage contract on SQLite (file and :memory:) and, when BANSHA_TEST_PG is set, on PostgreSQL.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openStorage } from "./open-storage.ts";
import type { StorageFactory, StorageFixture } from "./storage.contract.ts";
import { registerStorageContract } from "./storage.contract.ts";
import type { OpenStorageOptions, Storage } from "./storage.ts";

function fixture(
  openOne: (options: OpenStorageOptions) => Promise<Storage>,
  cleanup: () => Promise<void>,
): StorageFixture {
  const opened: Storage[] = [];
  return {
    async open(options = {}) {
      const s = await openOne(options);
      opened.push(s);
      return s;
    },
    async teardown() {
      for (const s of opened) await s.close();
      await cleanup();
    },
  };
}

registerStorageContract({
  name: "SQLite file",
  persistent: true,
  // One process may open a SQLite file once (see sqlite-adapter.ts); deployments on SQLite run one process,
  // so races between processes are checked on PostgreSQL.
  shared: false,
  sharedNotifications: false,
  async create() {
    const dir = await mkdtemp(join(tmpdir(), "bansha-storage-"));
    return fixture(
      (options) => openStorage(`sqlite:${join(dir, "nested", "test.sqlite")}`, options),
      () => rm(dir, { recursive: true, force: true }),
    );
  },
});

registerStorageContract({
  name: "SQLite :memory:",
  persistent: false,
  shared: false,
  sharedNotifications: false,
  async create() {
    return fixture(
      (options) => openStorage(":memory:", options),
      async () => {},
    );
  },
});

const pgUrl = process.env.BANSHA_TEST_PG;
if (pgUrl) {
  registerStorageContract({
    name: "PostgreSQL",
    persistent: true,
    shared: true,
    sharedNotifications: true,
    async create() {
      const schema = `bansha_test_${randomBytes(6).toString("hex")}`;
      return fixture(
        (options) => openStorage(pgUrl, { ...options, pgSchema: schema }),
        async () => {
          const client = new pg.Client({ connectionString: pgUrl });
          await client.connect();
          try {
            await client.query(`drop schema if exists ${schema} cascade`);
          } finally {
            await client.end();
          }
        },
      );
    },
  } satisfies StorageFactory);
}
