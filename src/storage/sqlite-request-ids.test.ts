// SQLite's worker remembers request ids and its own appends: that memory must never answer wrongly.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import BetterSqlite3 from "better-sqlite3";
import { openStorage } from "./open-storage.ts";
import type { Storage, StoredEventInput } from "./storage.ts";

const T0 = 1_767_000_000_000;
const ev = (type: string, at: number): StoredEventInput => ({ type, at });

async function withFile(run: (path: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "bansha-requests-"));
  try {
    await run(join(dir, "test.sqlite"));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function withStorage(path: string, run: (s: Storage) => Promise<void>): Promise<void> {
  const s = await openStorage(path);
  try {
    await run(s);
  } finally {
    await s.close();
  }
}

test("an append stored by another connection is found by its request id (data_version drops the memory)", async () => {
  await withFile(async (path) => {
    await withStorage(path, async (s) => {
      // Loads game g's request ids into the worker's memory.
      assert.equal((await s.append("g", 0, [ev("VoteCast", T0)], { requestId: "mine" })).ok, true);
      const other = new BetterSqlite3(path);
      try {
        other
          .prepare(
            "insert into events (game_id, seq, type, at, payload, request_id) values (?, ?, ?, ?, ?, ?)",
          )
          .run("g", 2, "VoteCast", T0 + 1, JSON.stringify(ev("VoteCast", T0 + 1)), "theirs");
      } finally {
        other.close();
      }
      assert.deepEqual(await s.findRequest("g", "theirs"), { firstSeq: 2, lastSeq: 2 });
      assert.deepEqual(await s.append("g", 1, [ev("VoteCast", T0 + 2)], { requestId: "theirs" }), {
        ok: true,
        firstSeq: 2,
        lastSeq: 2,
        replayed: true,
      });
      assert.equal((await s.load("g")).length, 2, "stored once");
    });
  });
});

test("request ids stored in append_requests before migration 4 are still recognised", async () => {
  await withFile(async (path) => {
    await withStorage(path, async () => {});
    const old = new BetterSqlite3(path);
    try {
      old
        .prepare("insert into events (game_id, seq, type, at, payload) values (?, ?, ?, ?, ?)")
        .run("g", 1, "VoteCast", T0, JSON.stringify(ev("VoteCast", T0)));
      old
        .prepare(
          "insert into append_requests (game_id, request_id, first_seq, last_seq, created_at) values (?, ?, ?, ?, ?)",
        )
        .run("g", "legacy", 1, 1, T0);
    } finally {
      old.close();
    }
    await withStorage(path, async (s) => {
      assert.deepEqual(await s.append("g", 0, [ev("VoteCast", T0 + 9)], { requestId: "legacy" }), {
        ok: true,
        firstSeq: 1,
        lastSeq: 1,
        replayed: true,
      });
      assert.deepEqual(await s.findRequest("g", "legacy"), { firstSeq: 1, lastSeq: 1 });
    });
  });
});

test("after a reopen a retried multi-event append answers its whole seq range", async () => {
  await withFile(async (path) => {
    await withStorage(path, async (s) => {
      await s.append("g", 0, [ev("A", T0)], { requestId: "one" });
      await s.append("g", 1, [ev("B", T0), ev("C", T0), ev("D", T0)], { requestId: "three" });
      await s.append("g", 4, [ev("E", T0)]);
      // From memory, before the reopen: a one-row append and a three-row one.
      assert.deepEqual(await s.findRequest("g", "one"), { firstSeq: 1, lastSeq: 1 });
      assert.deepEqual(await s.findRequest("g", "three"), { firstSeq: 2, lastSeq: 4 });
    });
    await withStorage(path, async (s) => {
      assert.deepEqual(await s.append("g", 0, [ev("B", T0)], { requestId: "three" }), {
        ok: true,
        firstSeq: 2,
        lastSeq: 4,
        replayed: true,
      });
      assert.deepEqual(await s.findRequest("g", "one"), { firstSeq: 1, lastSeq: 1 });
      assert.equal(await s.findRequest("g", "none"), undefined);
    });
  });
});

test("an append that failed (a taken post id) leaves its request id free for the retry", async () => {
  await withFile(async (path) => {
    await withStorage(path, async (s) => {
      const post = (postId: string) => [{ postId, text: `body of ${postId}` }];
      await s.append("g", 0, [ev("PostSubmitted", T0)], { requestId: "first", posts: post("p") });
      assert.deepEqual(
        await s.append("g", 1, [ev("PostSubmitted", T0)], { requestId: "second", posts: post("p") }),
        { ok: false, code: "conflict", currentSeq: 1 },
      );
      assert.equal(await s.findRequest("g", "second"), undefined);
      assert.deepEqual(
        await s.append("g", 1, [ev("PostSubmitted", T0)], { requestId: "second", posts: post("q") }),
        { ok: true, firstSeq: 2, lastSeq: 2, replayed: false },
      );
    });
  });
});

test("a game whose request ids fell out of memory (more games than kept) loads them again", async () => {
  await withFile(async (path) => {
    await withStorage(path, async (s) => {
      // More games than the worker keeps (256), each touched once after game-0.
      await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          s.append(`game-${i}`, 0, [ev("VoteCast", T0)], { requestId: "r" }),
        ),
      );
      assert.deepEqual(await s.append("game-0", 0, [ev("VoteCast", T0)], { requestId: "r" }), {
        ok: true,
        firstSeq: 1,
        lastSeq: 1,
        replayed: true,
      });
      assert.equal((await s.load("game-0")).length, 1);
    });
  });
});

test("a chained append is stored only on top of this storage's own append, never on another writer's", async () => {
  await withFile(async (path) => {
    await withStorage(path, async (s) => {
      assert.equal((await s.append("g", 0, [ev("A", T0)])).ok, true);
      assert.deepEqual(await s.append("g", 1, [ev("B", T0)], { chained: true }), {
        ok: true,
        firstSeq: 2,
        lastSeq: 2,
        replayed: false,
      });
      const other = new BetterSqlite3(path);
      try {
        other
          .prepare("insert into events (game_id, seq, type, at, payload) values (?, ?, ?, ?, ?)")
          .run("g", 3, "C", T0, JSON.stringify(ev("C", T0)));
      } finally {
        other.close();
      }
      // The expected seq matches, but the event there is not the one the command was decided on.
      assert.deepEqual(await s.append("g", 3, [ev("D", T0)], { chained: true }), {
        ok: false,
        code: "conflict",
        currentSeq: 3,
      });
      assert.equal((await s.append("g", 3, [ev("D", T0)])).ok, true, "decided on the stream as loaded");
    });
  });
});
