// SQLite-only behaviour: one connection per file per process, and the folder of a new file is created.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { openStorage } from "./open-storage.ts";

test("a SQLite file opens once per process, again after close, and its folder is created", async () => {
  const dir = await mkdtemp(join(tmpdir(), "bansha-sqlite-"));
  const file = join(dir, "a", "b", "bansha.sqlite");
  try {
    const first = await openStorage(file);
    assert.ok(existsSync(file));
    await assert.rejects(
      openStorage(`sqlite:${join(dir, "a", "..", "a", "b", "bansha.sqlite")}`),
      /already open/,
    );
    await first.close();
    const second = await openStorage(`sqlite:${file}`);
    assert.equal(await second.lastSeq("g"), 0);
    await second.close();
    // Two :memory: databases are independent and may coexist.
    const m1 = await openStorage(":memory:");
    const m2 = await openStorage(":memory:");
    await m1.append("g", 0, [{ type: "A", at: 1 }]);
    assert.equal(await m2.lastSeq("g"), 0);
    await m1.close();
    await m2.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
