// SQLite-only behaviour: one connection per file per process, the folder of a new file is created, and appends
// wait for the WAL fsync that runs off the event loop.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { openStorage } from "./open-storage.ts";
import { createWalSync } from "./sqlite-adapter.ts";

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

/** A WAL sync whose fdatasync calls complete only when the test says so. */
async function heldSync(dir: string) {
  const wal = join(dir, "x.sqlite-wal");
  await writeFile(wal, "");
  const calls: ((error: Error | null) => void)[] = [];
  const sync = createWalSync(wal, (_fd, done) => void calls.push(done));
  return { sync, calls };
}

const settled = (p: Promise<unknown>) => {
  const state = { done: false, failed: false };
  p.then(
    () => void (state.done = true),
    () => void (state.failed = true),
  );
  return state;
};
const turn = () => new Promise((r) => setImmediate(r));

test("a deferred commit is durable only after an fdatasync that started after it", async () => {
  const dir = await mkdtemp(join(tmpdir(), "bansha-walsync-"));
  try {
    const { sync, calls } = await heldSync(dir);
    await sync.durable(); // nothing written: no fsync needed
    assert.equal(calls.length, 0);
    sync.written();
    const first = settled(sync.durable());
    await turn();
    assert.equal(calls.length, 1);
    // Written while the first fsync runs: that fsync may have missed it.
    sync.written();
    const second = settled(sync.durable());
    await turn();
    assert.equal(calls.length, 1, "one fsync at a time");
    calls[0]!(null);
    await turn();
    assert.equal(first.done, true);
    assert.equal(second.done, false, "answered only after a later fsync");
    assert.equal(calls.length, 2);
    calls[1]!(null);
    await turn();
    assert.equal(second.done, true);
    await sync.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("after a failed fdatasync no later write is acknowledged", async () => {
  const dir = await mkdtemp(join(tmpdir(), "bansha-walsync-"));
  try {
    const { sync, calls } = await heldSync(dir);
    sync.written();
    const first = settled(sync.durable());
    await turn();
    calls[0]!(new Error("EIO"));
    await turn();
    assert.equal(first.failed, true);
    sync.written();
    await assert.rejects(sync.durable(), /fdatasync of the SQLite WAL failed: EIO/);
    assert.equal(calls.length, 1, "no fsync is trusted after a failure");
    await sync.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("appends to a SQLite file and reads after them see only data on disk", async () => {
  const dir = await mkdtemp(join(tmpdir(), "bansha-sqlite-"));
  try {
    const s = await openStorage(join(dir, "d.sqlite"));
    const writes = Array.from({ length: 50 }, (_, i) =>
      s.append(`g${i % 5}`, Math.floor(i / 5), [{ type: "A", at: i }], { requestId: `r${i}` }),
    );
    // Issued while batches are committing: they return rows only once those rows are synced.
    const reads = [s.load("g0"), s.findRequest("g1", "r1")];
    const results = await Promise.all(writes);
    assert.equal(results.filter((r) => r.ok).length, results.length);
    await Promise.all(reads);
    assert.equal((await s.load("g0")).length, 10);
    assert.deepEqual(await s.findRequest("g1", "r1"), { firstSeq: 1, lastSeq: 1 });
    await s.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
