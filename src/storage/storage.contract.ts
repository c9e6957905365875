// The storage contract: one suite of behaviours every database behind `Storage` must show, registered per fixture.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import type {
  AppendResult,
  OpenStorageOptions,
  Storage,
  StoredEventInput,
  TextDocumentInput,
} from "./storage.ts";

export interface StorageFixture {
  /** Opens a Storage on this fixture's database; closed by the fixture's teardown if the test does not. */
  open(options?: OpenStorageOptions): Promise<Storage>;
  teardown(): Promise<void>;
}

export interface StorageFactory {
  readonly name: string;
  /** Data survives close and reopen (file SQLite, PostgreSQL; not `:memory:`). */
  readonly persistent: boolean;
  /** Two Storages opened on one fixture see the same data at once, like two server processes. */
  readonly shared: boolean;
  /** Notifications cross Storage instances (PostgreSQL LISTEN/NOTIFY). */
  readonly sharedNotifications: boolean;
  create(): Promise<StorageFixture>;
}

const T0 = 1_767_225_600_000; // 2026-01-01T00:00:00Z: epoch ms beyond 2^32, as real times are.

function ev(type: string, at: number, extra: Record<string, unknown> = {}): StoredEventInput {
  return { type, at, ...extra };
}

async function withFixture(
  factory: StorageFactory,
  fn: (fx: StorageFixture) => Promise<void>,
): Promise<void> {
  const fx = await factory.create();
  try {
    await fn(fx);
  } finally {
    await fx.teardown();
  }
}

function okCount(results: readonly AppendResult[]): number {
  return results.filter((r) => r.ok).length;
}

async function seedAccount(s: Storage, username: string): Promise<number> {
  const res = await s.createAccount({ username, passwordHash: `hash-of-${username}`, createdAt: T0 });
  assert.ok(res.ok);
  return res.value.id;
}

export function registerStorageContract(factory: StorageFactory): void {
  const it = (name: string, fn: (fx: StorageFixture) => Promise<void>) =>
    test(name, { timeout: 30_000 }, () => withFixture(factory, fn));

  describe(`storage contract: ${factory.name}`, () => {
    it("appends and loads events in seq order, byte-exact JSON, times as numbers", async (fx) => {
      const s = await fx.open();
      const first = await s.append("g1", 0, [
        ev("GameCreated", T0, { nested: { a: [1, 2, { b: null }] }, text: "投票：张三 😀" }),
        ev("SignUpOpened", T0 + 1),
      ]);
      assert.deepEqual(first, { ok: true, firstSeq: 1, lastSeq: 2, replayed: false });
      const second = await s.append("g1", 2, [ev("VoteCast", T0 + 2, { voter: "甲", target: "乙" })]);
      assert.deepEqual(second, { ok: true, firstSeq: 3, lastSeq: 3, replayed: false });
      await s.append("g2", 0, [ev("Other", T0 + 3)]);

      const all = await s.load("g1");
      assert.deepEqual(
        all.map((e) => e.seq),
        [1, 2, 3],
      );
      assert.deepEqual(all[0]?.event, {
        type: "GameCreated",
        at: T0,
        nested: { a: [1, 2, { b: null }] },
        text: "投票：张三 😀",
      });
      assert.equal(typeof all[0]?.seq, "number");
      assert.equal(all[2]?.event.at, T0 + 2);
      assert.deepEqual(
        (await s.load("g1", 2)).map((e) => e.event.type),
        ["SignUpOpened", "VoteCast"],
      );
      assert.equal(await s.lastSeq("g1"), 3);
      assert.equal(await s.lastSeq("g2"), 1);
      assert.equal(await s.lastSeq("none"), 0);
      assert.deepEqual(await s.load("none"), []);
    });

    it("refuses an append behind the stream with the current seq and stores nothing", async (fx) => {
      const s = await fx.open();
      await s.append("g", 0, [ev("A", T0), ev("B", T0)]);
      assert.deepEqual(await s.append("g", 1, [ev("C", T0)]), { ok: false, code: "conflict", currentSeq: 2 });
      assert.deepEqual(await s.append("g", 5, [ev("C", T0)]), { ok: false, code: "conflict", currentSeq: 2 });
      assert.equal((await s.load("g")).length, 2);
    });

    it("rejects malformed events as faults before touching the database", async (fx) => {
      const s = await fx.open();
      await assert.rejects(s.append("g", 0, [{ type: "", at: T0 }]), TypeError);
      await assert.rejects(s.append("g", 0, [{ type: "A", at: 1.5 }]), TypeError);
      await assert.rejects(s.append("g", -1, [ev("A", T0)]), TypeError);
      assert.equal(await s.lastSeq("g"), 0);
    });

    it("lets exactly one of many concurrent appends at the same seq win", async (fx) => {
      const s = await fx.open();
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, i) => s.append("race", 0, [ev("VoteCast", T0 + i, { n: i })])),
      );
      assert.equal(okCount(results), 1);
      for (const r of results) if (!r.ok) assert.deepEqual(r, { ok: false, code: "conflict", currentSeq: 1 });
      const stored = await s.load("race");
      assert.equal(stored.length, 1);
      const winner = results.findIndex((r) => r.ok);
      assert.equal(stored[0]?.event.n, winner);
    });

    if (factory.shared) {
      it("lets exactly one append win when two processes race for the same seq", async (fx) => {
        const a = await fx.open();
        const b = await fx.open();
        for (let round = 0; round < 5; round++) {
          const results = await Promise.all(
            Array.from({ length: 10 }, (_, i) =>
              (i % 2 === 0 ? a : b).append("race2", round, [ev("X", T0 + i)]),
            ),
          );
          assert.equal(okCount(results), 1, `round ${round}`);
        }
        assert.deepEqual(
          (await a.load("race2")).map((e) => e.seq),
          [1, 2, 3, 4, 5],
        );
      });
    }

    it("stores a retried request id once and returns the original result", async (fx) => {
      const s = await fx.open();
      const first = await s.append("g", 0, [ev("VoteCast", T0, { v: 1 })], { requestId: "req-1" });
      assert.deepEqual(first, { ok: true, firstSeq: 1, lastSeq: 1, replayed: false });
      await s.append("g", 1, [ev("VoteCast", T0 + 1, { v: 2 })], { requestId: "req-2" });
      // The retry carries a stale expectedSeq, as a client resending after a lost answer would.
      const retry = await s.append("g", 0, [ev("VoteCast", T0 + 5, { v: 1 })], { requestId: "req-1" });
      assert.deepEqual(retry, { ok: true, firstSeq: 1, lastSeq: 1, replayed: true });
      assert.equal(await s.lastSeq("g"), 2);
      assert.deepEqual(await s.findRequest("g", "req-2"), { firstSeq: 2, lastSeq: 2 });
      assert.equal(await s.findRequest("g", "req-3"), undefined);
      assert.equal(await s.findRequest("h", "req-1"), undefined);
      // Request ids are per game.
      const elsewhere = await s.append("h", 0, [ev("VoteCast", T0)], { requestId: "req-1" });
      assert.deepEqual(elsewhere, { ok: true, firstSeq: 1, lastSeq: 1, replayed: false });
    });

    it("stores concurrent duplicates of one request id once", async (fx) => {
      const s = await fx.open();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          s.append("g", 0, [ev("VoteCast", T0 + i)], { requestId: "same" }),
        ),
      );
      assert.equal(results.filter((r) => r.ok && !r.replayed).length, 1);
      for (const r of results)
        assert.deepEqual({ ...r, replayed: false }, { ok: true, firstSeq: 1, lastSeq: 1, replayed: false });
      assert.equal((await s.load("g")).length, 1);
    });

    if (factory.shared) {
      it("stores one request id once when two processes race with it", async (fx) => {
        const a = await fx.open();
        const b = await fx.open();
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            (i % 2 === 0 ? a : b).append("g", 0, [ev("VoteCast", T0 + i)], { requestId: "twice" }),
          ),
        );
        assert.equal(okCount(results), 10);
        assert.equal(results.filter((r) => r.ok && !r.replayed).length, 1);
        assert.equal((await b.load("g")).length, 1);
      });
    }

    it("commits appends that arrive together in one transaction, each with its own result", async (fx) => {
      const batches: number[] = [];
      const s = await fx.open({ onBatchCommitted: (info) => batches.push(info.size) });
      const games = Array.from({ length: 40 }, (_, i) => `game-${i}`);
      const pending = games.map((g, i) => s.append(g, 0, [ev("VoteCast", T0 + i)]));
      // Two losers inside the same batch must not fail the others.
      pending.push(s.append("game-0", 0, [ev("Late", T0)]));
      pending.push(s.append("game-1", 7, [ev("Stale", T0)]));
      const results = await Promise.all(pending);
      assert.equal(
        batches.reduce((a, b) => a + b, 0),
        42,
      );
      assert.ok(batches.length < 42, `expected batching, got ${batches.length} transactions for 42 appends`);
      for (const r of results.slice(0, 40))
        assert.deepEqual(r, { ok: true, firstSeq: 1, lastSeq: 1, replayed: false });
      assert.deepEqual(results[40], { ok: false, code: "conflict", currentSeq: 1 });
      assert.deepEqual(results[41], { ok: false, code: "conflict", currentSeq: 1 });
      for (const g of games) assert.equal(await s.lastSeq(g), 1);
    });

    it("fails only the append with a taken post id when it shares a batch with others", async (fx) => {
      const batches: number[] = [];
      const s = await fx.open({ onBatchCommitted: (info) => batches.push(info.size) });
      await s.append("g", 0, [ev("PostSubmitted", T0)], { posts: [{ postId: "p", text: "first" }] });
      const results = await Promise.all([
        s.append("a", 0, [ev("VoteCast", T0)], { requestId: "ra" }),
        s.append("g", 1, [ev("PostSubmitted", T0)], { posts: [{ postId: "p", text: "dup" }] }),
        s.append("b", 0, [ev("VoteCast", T0)], { posts: [{ postId: "p", text: "same id, other game" }] }),
        s.append("g", 1, [ev("PostSubmitted", T0)], { posts: [{ postId: "q", text: "fresh" }] }),
      ]);
      assert.deepEqual(batches, [1, 4]);
      assert.deepEqual(results, [
        { ok: true, firstSeq: 1, lastSeq: 1, replayed: false },
        { ok: false, code: "conflict", currentSeq: 1 },
        { ok: true, firstSeq: 1, lastSeq: 1, replayed: false },
        { ok: true, firstSeq: 2, lastSeq: 2, replayed: false },
      ]);
      assert.equal((await s.getPostBody("g", "p"))?.text, "first");
      assert.equal((await s.getPostBody("g", "q"))?.text, "fresh");
      assert.equal((await s.getPostBody("b", "p"))?.text, "same id, other game");
      assert.deepEqual(await s.append("a", 0, [ev("VoteCast", T0)], { requestId: "ra" }), {
        ok: true,
        firstSeq: 1,
        lastSeq: 1,
        replayed: true,
      });
    });

    it("answers a batch of appends exactly as one-at-a-time appends in arrival order would (property)", async (fx) => {
      const s = await fx.open();
      const op = fc.record({
        game: fc.constantFrom("a", "b", "c"),
        expectedSeq: fc.integer({ min: 0, max: 4 }),
        events: fc.integer({ min: 0, max: 2 }),
        requestId: fc.option(fc.constantFrom("r1", "r2", "r3"), { nil: undefined }),
        posts: fc.array(fc.constantFrom("p1", "p2", "p3"), { maxLength: 2 }),
      });
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(op, { maxLength: 30 }), async (ops) => {
          const prefix = `prop-${run++}-`;
          // The model: each game on its own, ops applied one at a time in arrival order.
          const model = new Map<
            string,
            { seq: number; requests: Map<string, AppendResult>; posts: Set<string> }
          >();
          const expected = ops.map((o): AppendResult => {
            let g = model.get(o.game);
            if (!g) {
              g = { seq: 0, requests: new Map(), posts: new Set() };
              model.set(o.game, g);
            }
            const prior = o.requestId === undefined ? undefined : g.requests.get(o.requestId);
            if (prior) return prior;
            const postsTaken = o.posts.some((p, i) => g.posts.has(p) || o.posts.indexOf(p) !== i);
            if (g.seq !== o.expectedSeq || postsTaken)
              return { ok: false, code: "conflict", currentSeq: g.seq };
            const result = {
              ok: true,
              firstSeq: g.seq + 1,
              lastSeq: g.seq + o.events,
              replayed: false,
            } as const;
            g.seq += o.events;
            for (const p of o.posts) g.posts.add(p);
            if (o.requestId !== undefined) g.requests.set(o.requestId, { ...result, replayed: true });
            return result;
          });
          const actual = await Promise.all(
            ops.map((o, i) =>
              s.append(
                prefix + o.game,
                o.expectedSeq,
                Array.from({ length: o.events }, (_, j) => ev("E", T0 + i, { op: i, j })),
                {
                  ...(o.requestId !== undefined && { requestId: o.requestId }),
                  posts: o.posts.map((postId) => ({ postId, text: `op ${i}` })),
                },
              ),
            ),
          );
          assert.deepEqual(actual, expected);
          for (const [game, g] of model) assert.equal(await s.lastSeq(prefix + game), g.seq);
        }),
        { numRuns: 40 },
      );
    });

    it("resolves an append only after its commit, unless the unsafe test switch is on", async (fx) => {
      let committed = 0;
      const safe = await fx.open({ onBatchCommitted: () => committed++ });
      await safe.append("g", 0, [ev("A", T0)]);
      assert.equal(committed, 1, "safe mode: the commit happened before the caller was answered");
      await safe.close();

      let unsafeCommitted = 0;
      const unsafe = await fx.open({
        unsafeAckBeforeCommit: true,
        unsafeCommitDelayMs: 20,
        onBatchCommitted: () => unsafeCommitted++,
      });
      const res = await unsafe.append("h", 0, [ev("A", T0)]);
      assert.equal(res.ok, true);
      assert.equal(unsafeCommitted, 0, "unsafe mode: the caller was answered before the commit");
      await unsafe.close();
      assert.equal(unsafeCommitted, 1);
    });

    it("writes post bodies in the same transaction as the events that reference them", async (fx) => {
      const s = await fx.open();
      const long = "长文".repeat(5000);
      const res = await s.append("g", 0, [ev("PostSubmitted", T0, { postId: "p1" })], {
        posts: [{ postId: "p1", text: long }],
        now: T0 + 9,
      });
      assert.equal(res.ok, true);
      assert.deepEqual(await s.getPostBody("g", "p1"), {
        gameId: "g",
        postId: "p1",
        text: long,
        createdAt: T0 + 9,
      });
      assert.equal(await s.getPostBody("other", "p1"), undefined);
      // A taken post id refuses the whole append: neither events nor text are stored.
      const dup = await s.append("g", 1, [ev("PostSubmitted", T0, { postId: "p1" })], {
        posts: [{ postId: "p1", text: "second" }],
      });
      assert.deepEqual(dup, { ok: false, code: "conflict", currentSeq: 1 });
      assert.equal(await s.lastSeq("g"), 1);
      assert.equal((await s.getPostBody("g", "p1"))?.text, long);
    });

    it("waits for in-flight appends on close", async (fx) => {
      const s = await fx.open();
      const pending = s.append("g", 0, [ev("A", T0)]);
      await s.close();
      assert.equal((await pending).ok, true);
      await assert.rejects(s.append("g", 1, [ev("B", T0)]));
    });

    if (factory.persistent) {
      it("keeps data across close and reopen, running migrations again harmlessly", async (fx) => {
        const s1 = await fx.open();
        await s1.append("g", 0, [ev("A", T0)], { requestId: "r" });
        const account = await seedAccount(s1, "alice");
        await s1.close();
        const s2 = await fx.open();
        assert.equal(await s2.lastSeq("g"), 1);
        assert.equal((await s2.getAccount(account))?.username, "alice");
        assert.deepEqual(await s2.append("g", 0, [ev("A", T0)], { requestId: "r" }), {
          ok: true,
          firstSeq: 1,
          lastSeq: 1,
          replayed: true,
        });
        await s2.close();
        const s3 = await fx.open();
        assert.equal(await s3.lastSeq("g"), 1);
      });
    }

    it("fires a timer once for any number of concurrent claimers", async (fx) => {
      const s = await fx.open();
      await s.upsertTimer("g", "vote-close", T0 + 1000);
      await s.upsertTimer("g", "overtime", T0 + 5000);
      assert.deepEqual(await s.dueTimers(T0 + 999), []);
      assert.deepEqual(await s.dueTimers(T0 + 1000), [
        { gameId: "g", key: "vote-close", dueAt: T0 + 1000, firedAt: null },
      ]);
      assert.equal((await s.pendingTimers()).length, 2);
      const stores = factory.shared ? [s, await fx.open()] : [s];
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          stores[i % stores.length]!.claimTimer("g", "vote-close", T0 + 1000, T0 + 1001),
        ),
      );
      assert.equal(claims.filter(Boolean).length, 1);
      assert.equal(await s.claimTimer("g", "vote-close", T0 + 1000, T0 + 2000), false);
      assert.deepEqual(await s.getTimer("g", "vote-close"), {
        gameId: "g",
        key: "vote-close",
        dueAt: T0 + 1000,
        firedAt: T0 + 1001,
      });
      assert.deepEqual(await s.dueTimers(T0 + 10_000), [
        { gameId: "g", key: "overtime", dueAt: T0 + 5000, firedAt: null },
      ]);
    });

    it("re-arms a timer only when its due time moves", async (fx) => {
      const s = await fx.open();
      await s.upsertTimer("g", "t", T0);
      assert.equal(await s.claimTimer("g", "t", T0, T0), true);
      await s.upsertTimer("g", "t", T0);
      assert.equal((await s.getTimer("g", "t"))?.firedAt, T0, "same due time: still fired");
      await s.upsertTimer("g", "t", T0 + 60_000);
      assert.equal((await s.getTimer("g", "t"))?.firedAt, null);
      // A claimer that saw the old due time must not fire the re-armed timer early.
      assert.equal(await s.claimTimer("g", "t", T0, T0 + 1), false);
      assert.equal(await s.claimTimer("g", "t", T0 + 60_000, T0 + 60_000), true);
      assert.equal(await s.claimTimer("nope", "t", T0, T0), false);
    });

    it("fires a timer and appends its events atomically, once", async (fx) => {
      const s = await fx.open();
      await s.upsertTimer("g", "close", T0);
      const runs = await Promise.all([
        s.append("g", 0, [ev("VotingClosed", T0)], { fireTimer: { key: "close", dueAt: T0 } }),
        s.append("g", 0, [ev("VotingClosed", T0)], { fireTimer: { key: "close", dueAt: T0 } }),
      ]);
      assert.equal(okCount(runs), 1);
      const again = await s.append("g", 1, [ev("VotingClosed", T0)], {
        fireTimer: { key: "close", dueAt: T0 },
      });
      assert.deepEqual(again, { ok: false, code: "timer-already-fired" });
      assert.equal(await s.lastSeq("g"), 1);
      assert.equal((await s.getTimer("g", "close"))?.firedAt, T0);
      // A conflicting append leaves the timer unfired for the next attempt.
      await s.upsertTimer("g", "close2", T0 + 1);
      const stale = await s.append("g", 0, [ev("X", T0)], { fireTimer: { key: "close2", dueAt: T0 + 1 } });
      assert.equal(stale.ok, false);
      assert.equal((await s.getTimer("g", "close2"))?.firedAt, null);
    });

    it("round-trips text documents and their fingerprint bytes exactly, streaming without bodies", async (fx) => {
      const s = await fx.open();
      const everyByte = Uint8Array.from({ length: 256 }, (_, i) => i);
      const rows: TextDocumentInput[] = Array.from({ length: 10 }, (_, i) => ({
        kind: i % 2 === 0 ? "corpus" : "report",
        source: i % 2 === 0 ? "chinese-poetry" : "site",
        ref: i === 3 ? null : `ref-${i}`,
        gameId: i % 2 === 0 ? null : "g",
        ownerKey: i % 2 === 0 ? null : `alias-${i}`,
        body: `床前明月光 ${i}`,
        fingerprints: i === 0 ? everyByte : i === 1 ? new Uint8Array(0) : Uint8Array.from([0, 255, i, 0]),
        createdAt: T0 + i,
      }));
      const ids = await s.insertTextDocuments(rows);
      assert.equal(ids.length, 10);
      assert.equal(new Set(ids).size, 10);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => a - b),
      );
      const more = await s.insertTextDocuments([rows[2]!]);
      assert.ok(more[0]! > ids.at(-1)!);
      assert.deepEqual(await s.insertTextDocuments([]), []);

      const doc = await s.getTextDocument(ids[0]!);
      assert.deepEqual(doc, { ...rows[0], id: ids[0] });
      assert.deepEqual((await s.getTextDocument(ids[3]!))?.ref, null);
      assert.equal(await s.getTextDocument(-1), undefined);

      const batches: number[] = [];
      const seen: unknown[] = [];
      const total = await s.streamTextDocuments(3, async (batch) => {
        batches.push(batch.length);
        seen.push(...batch);
      });
      assert.equal(total, 11);
      assert.deepEqual(batches, [3, 3, 3, 2]);
      assert.deepEqual(seen[0], {
        id: ids[0],
        kind: "corpus",
        source: "chinese-poetry",
        ref: "ref-0",
        ownerKey: null,
        fingerprints: everyByte,
        createdAt: T0,
      });
      assert.deepEqual(seen[1], {
        id: ids[1],
        kind: "report",
        source: "site",
        ref: "ref-1",
        ownerKey: "alias-1",
        fingerprints: new Uint8Array(0),
        createdAt: T0 + 1,
      });
      // A reader keeping up with new rows asks only for those after the last id it saw.
      const later: number[] = [];
      assert.equal(await s.streamTextDocuments(2, (b) => void later.push(...b.map((d) => d.id)), ids[8]), 2);
      assert.deepEqual(later, [ids[9], more[0]]);
    });

    it("finds a player's alias in a game of the given statuses however typed, and no referee's", async (fx) => {
      const s = await fx.open();
      const referee = await seedAccount(s, "ref");
      const player = await seedAccount(s, "p1");
      for (const [id, status] of [
        ["open", "running"],
        ["done", "ended"],
      ] as const)
        await s.createGame({ id, displayName: id, rules: {}, status, createdAt: T0, createdBy: referee });
      await s.addMember({
        gameId: "open",
        alias: "哨子甲",
        accountId: referee,
        kind: "referee",
        createdAt: T0,
      });
      await s.addMember({
        gameId: "open",
        alias: "Kiki\u2764",
        accountId: player,
        kind: "player",
        createdAt: T0,
      });
      await s.addMember({
        gameId: "done",
        alias: "老马甲",
        accountId: player,
        kind: "player",
        createdAt: T0,
      });
      const live = ["signup", "closed", "running"];
      for (const name of ["Kiki\u2764", "ＫＩＫＩ\u2764", "kiki\u2764\uFE0F"])
        assert.equal(await s.playerAliasExists(name, live), true, name);
      assert.equal(await s.playerAliasExists("哨子甲", live), false, "a referee's alias is not a player's");
      assert.equal(await s.playerAliasExists("老马甲", live), false, "an ended game's");
      assert.equal(await s.playerAliasExists("老马甲", ["ended"]), true);
      assert.equal(await s.playerAliasExists("Kiki", live), false);
      assert.equal(await s.playerAliasExists("Kiki\u2764", []), false);
    });

    it("never returns account ids from public member reads; only referees get the roster", async (fx) => {
      const s = await fx.open();
      const referee = await seedAccount(s, "ref");
      const coReferee = await seedAccount(s, "coref");
      const player = await seedAccount(s, "p1");
      const other = await seedAccount(s, "p2");
      const outsider = await seedAccount(s, "out");
      await s.createGame({
        id: "g",
        displayName: "风云",
        rules: {},
        status: "signup",
        createdAt: T0,
        createdBy: referee,
      });
      await s.createGame({
        id: "h",
        displayName: "空军",
        rules: {},
        status: "signup",
        createdAt: T0,
        createdBy: outsider,
      });
      assert.equal(
        (
          await s.addMember({
            gameId: "g",
            alias: "裁判",
            accountId: referee,
            kind: "referee",
            createdAt: T0,
          })
        ).ok,
        true,
      );
      await s.addMember({
        gameId: "g",
        alias: "副裁",
        accountId: coReferee,
        kind: "co-referee",
        createdAt: T0 + 1,
      });
      const added = await s.addMember({
        gameId: "g",
        alias: "马甲一",
        accountId: player,
        kind: "player",
        createdAt: T0 + 2,
      });
      assert.deepEqual(added, { ok: true, value: { alias: "马甲一", kind: "player", createdAt: T0 + 2 } });
      await s.addMember({ gameId: "h", alias: "裁判", accountId: outsider, kind: "referee", createdAt: T0 });

      assert.deepEqual(
        await s.addMember({ gameId: "g", alias: "马甲一", accountId: other, kind: "player", createdAt: T0 }),
        {
          ok: false,
          code: "conflict",
        },
      );
      // An alias is taken however it is typed: case, full width, an emoji's presentation selector (aliasKey).
      await s.addMember({ gameId: "h", alias: "Ab❤", accountId: player, kind: "player", createdAt: T0 });
      for (const lookalike of ["aB❤", "ＡＢ❤", "ab❤\uFE0F"]) {
        assert.deepEqual(
          await s.addMember({
            gameId: "h",
            alias: lookalike,
            accountId: other,
            kind: "player",
            createdAt: T0,
          }),
          { ok: false, code: "conflict" },
          lookalike,
        );
      }
      assert.equal(await s.removeMember("h", "Ab❤", player), true);
      assert.deepEqual(
        await s.addMember({ gameId: "g", alias: "马甲二", accountId: player, kind: "player", createdAt: T0 }),
        {
          ok: false,
          code: "conflict",
        },
      );

      const aliases = await s.listAliases("g");
      assert.deepEqual(
        aliases.map((m) => m.alias),
        ["裁判", "副裁", "马甲一"],
      );
      for (const m of aliases) assert.deepEqual(Object.keys(m).sort(), ["alias", "createdAt", "kind"]);
      assert.deepEqual(await s.membershipOf("g", player), {
        alias: "马甲一",
        kind: "player",
        createdAt: T0 + 2,
      });
      assert.deepEqual(Object.keys((await s.membershipOf("g", player))!).sort(), [
        "alias",
        "createdAt",
        "kind",
      ]);
      assert.equal(await s.membershipOf("g", outsider), undefined);

      for (const asker of [player, other, outsider]) {
        assert.deepEqual(await s.refereeRoster("g", asker), { ok: false, code: "forbidden" });
      }
      for (const asker of [referee, coReferee]) {
        const roster = await s.refereeRoster("g", asker);
        assert.ok(roster.ok);
        assert.deepEqual(
          roster.members.map((m) => [m.alias, m.accountId, m.username]),
          [
            ["裁判", referee, "ref"],
            ["副裁", coReferee, "coref"],
            ["马甲一", player, "p1"],
          ],
        );
      }

      // A substitute (替补) takes over the seat; the alias stays.
      assert.deepEqual(await s.replaceMemberAccount("g", "马甲一", other), {
        ok: true,
        value: { alias: "马甲一", kind: "player", createdAt: T0 + 2 },
      });
      assert.equal(await s.membershipOf("g", player), undefined);
      assert.deepEqual(await s.replaceMemberAccount("g", "马甲一", referee), { ok: false, code: "conflict" });
      assert.deepEqual(await s.replaceMemberAccount("g", "无人", other), { ok: false, code: "not-found" });

      // Undoing a membership whose command was refused: only the exact row (alias and account) goes.
      assert.equal(await s.removeMember("g", "马甲一", player), false, "the seat is the substitute's now");
      assert.equal(await s.removeMember("g", "副裁", referee), false, "another account's alias");
      assert.equal(await s.removeMember("h", "裁判", outsider), true);
      assert.equal(await s.membershipOf("h", outsider), undefined);
      assert.equal(await s.removeMember("h", "裁判", outsider), false, "already gone");
      assert.deepEqual(
        (await s.listAliases("g")).map((m) => m.alias),
        ["裁判", "副裁", "马甲一"],
      );
      assert.equal(
        (await s.addMember({ gameId: "h", alias: "裁判", accountId: player, kind: "player", createdAt: T0 }))
          .ok,
        true,
        "the alias is free again",
      );
    });

    it("keeps games with their rule set JSON and status", async (fx) => {
      const s = await fx.open();
      const creator = await seedAccount(s, "ref");
      const rules = { preset: "fengyun", minWords: 301, nested: { list: [1, "二"] } };
      const game = {
        id: "g1",
        displayName: "风云版杀",
        rules,
        status: "draft",
        createdAt: T0,
        createdBy: creator,
      };
      assert.deepEqual(await s.createGame(game), { ok: true, value: game });
      assert.deepEqual(await s.createGame({ ...game, displayName: "again" }), {
        ok: false,
        code: "conflict",
      });
      await s.createGame({ ...game, id: "g2", createdAt: T0 + 1 });
      assert.deepEqual(await s.getGame("g1"), game);
      assert.equal(await s.getGame("none"), undefined);
      assert.deepEqual(
        (await s.listGames()).map((g) => g.id),
        ["g2", "g1"],
      );
      assert.equal(await s.setGameStatus("g1", "signup"), true);
      assert.equal((await s.getGame("g1"))?.status, "signup");
      assert.equal(await s.setGameStatus("none", "signup"), false);
    });

    it("keeps accounts unique by username and sessions revocable and expiring", async (fx) => {
      const s = await fx.open();
      const created = await s.createAccount({ username: "alice", passwordHash: "scrypt$x", createdAt: T0 });
      assert.ok(created.ok);
      assert.deepEqual(created.value, {
        id: created.value.id,
        username: "alice",
        passwordHash: "scrypt$x",
        isAdmin: false,
        createdAt: T0,
        disabledAt: null,
      });
      // One account per name however it is typed: case and full-width letters fold together (username-key.ts).
      for (const username of ["alice", "Alice", "ＡＬＩＣＥ"])
        assert.deepEqual(await s.createAccount({ username, passwordHash: "y", createdAt: T0 }), {
          ok: false,
          code: "conflict",
        });
      assert.deepEqual(await s.findAccountByUsername("alice"), created.value);
      assert.equal(await s.findAccountByUsername("bob"), undefined);
      // A name that reads as the username, however typed (an alias checked against the accounts).
      for (const name of ["alice", "ALICE", "ａｌｉｃｅ"])
        assert.deepEqual(await s.findAccountNamed(name), created.value, name);
      assert.equal(await s.findAccountNamed("alicia"), undefined);
      // An emoji's presentation selector folds away too (migration 8): 「❤️小明」 and 「❤小明」 are one name.
      const heart = await s.createAccount({ username: "\u2764\uFE0F小明", passwordHash: "y", createdAt: T0 });
      assert.ok(heart.ok);
      assert.deepEqual(await s.createAccount({ username: "\u2764小明", passwordHash: "y", createdAt: T0 }), {
        ok: false,
        code: "conflict",
      });
      assert.deepEqual(await s.findAccountNamed("\u2764小明"), heart.value);
      const id = created.value.id;
      await s.createSession({ tokenHash: "t1", accountId: id, createdAt: T0, expiresAt: T0 + 1000 });
      await s.createSession({ tokenHash: "t2", accountId: id, createdAt: T0, expiresAt: T0 + 1000 });
      await s.createSession({ tokenHash: "t3", accountId: id, createdAt: T0, expiresAt: T0 + 1000 });
      assert.equal((await s.findLiveSession("t1", T0 + 999))?.accountId, id);
      assert.equal(await s.findLiveSession("t1", T0 + 1000), undefined, "expired");
      await s.revokeSession("t1", T0 + 5);
      assert.equal(await s.findLiveSession("t1", T0 + 10), undefined, "revoked");
      assert.equal((await s.findLiveSession("t2", T0 + 10))?.revokedAt, null);
      await s.revokeSessionsOfAccount(id, T0 + 20);
      assert.equal(await s.findLiveSession("t2", T0 + 30), undefined);
      assert.equal(await s.findLiveSession("t3", T0 + 30), undefined);
      assert.equal(await s.findLiveSession("unknown", T0), undefined);
      await s.createSession({ tokenHash: "t4", accountId: id, createdAt: T0 + 1, expiresAt: T0 + 2000 });
      assert.deepEqual(await s.findLiveSessionAccount("t4", T0 + 40), {
        session: { tokenHash: "t4", accountId: id, createdAt: T0 + 1, expiresAt: T0 + 2000, revokedAt: null },
        account: created.value,
      });
      assert.equal(await s.findLiveSessionAccount("t4", T0 + 2000), undefined, "expired");
      assert.equal(await s.findLiveSessionAccount("t2", T0 + 40), undefined, "revoked");
      await s.createSession({ tokenHash: "t5", accountId: id, createdAt: T0 + 2, expiresAt: T0 + 50 });
      const many = await s.findLiveSessionAccounts(["t1", "t2", "t4", "t5", "unknown"], T0 + 40);
      assert.deepEqual(
        [...many.keys()].sort(),
        ["t4", "t5"],
        "only the live ones: revoked and unknown absent",
      );
      assert.deepEqual(
        [...(await s.findLiveSessionAccounts(["t4", "t5"], T0 + 50)).keys()],
        ["t4"],
        "expired",
      );
      assert.deepEqual(many.get("t4"), await s.findLiveSessionAccount("t4", T0 + 40));
      assert.equal((await s.findLiveSessionAccounts([], T0)).size, 0);
    });

    it("uses the admin setup token exactly once", async (fx) => {
      const s = await fx.open();
      assert.equal(await s.adminSetupPending(), false);
      assert.deepEqual(await s.setAdminSetupToken("old", T0), { ok: true });
      assert.deepEqual(await s.setAdminSetupToken("new", T0 + 1), { ok: true });
      assert.equal(await s.adminSetupPending(), true);
      const admin = { username: "root", passwordHash: "h", createdAt: T0 + 2 };
      assert.deepEqual(await s.createAdminWithSetupToken("old", admin), { ok: false, code: "invalid-token" });
      await seedAccount(s, "taken");
      assert.deepEqual(await s.createAdminWithSetupToken("new", { ...admin, username: "taken" }), {
        ok: false,
        code: "conflict",
      });
      assert.equal(await s.adminSetupPending(), true, "a taken username leaves the token usable");
      const created = await s.createAdminWithSetupToken("new", admin);
      assert.ok(created.ok);
      assert.equal(created.value.isAdmin, true);
      assert.deepEqual(await s.createAdminWithSetupToken("new", { ...admin, username: "root2" }), {
        ok: false,
        code: "invalid-token",
      });
      assert.equal(await s.adminSetupPending(), false);
      assert.deepEqual(await s.setAdminSetupToken("again", T0 + 3), { ok: false });
    });

    it("lists accounts by username prefix, page by page, without ids", async (fx) => {
      const s = await fx.open();
      for (const name of ["bob", "ann", "anna", "an%y", "carl", "Anne"]) await seedAccount(s, name);
      const names = (list: readonly { username: string }[]) => list.map((a) => a.username);
      const all = await s.listAccounts({ limit: 100 });
      assert.equal(all.length, 6);
      assert.deepEqual(all[0] && Object.keys(all[0]).sort(), [
        "createdAt",
        "disabledAt",
        "isAdmin",
        "username",
      ]);
      assert.deepEqual(
        names(await s.listAccounts({ prefix: "an", limit: 100 })).sort(),
        ["an%y", "ann", "anna"],
        "exact and case-sensitive; % is no wildcard",
      );
      assert.deepEqual(names(await s.listAccounts({ prefix: "an%", limit: 100 })), ["an%y"]);
      assert.deepEqual(names(await s.listAccounts({ prefix: "ann", limit: 100 })), ["ann", "anna"]);
      assert.deepEqual(await s.listAccounts({ prefix: "zz", limit: 100 }), []);
      const first = await s.listAccounts({ prefix: "ann", limit: 1 });
      assert.deepEqual(names(first), ["ann"]);
      assert.deepEqual(names(await s.listAccounts({ prefix: "ann", after: "ann", limit: 1 })), ["anna"]);
      assert.deepEqual(await s.listAccounts({ prefix: "ann", after: "anna", limit: 1 }), []);
      // Pages walk the whole list in the database's own order, each account once.
      const walked: string[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await s.listAccounts({ limit: 4, ...(after !== undefined && { after }) });
        walked.push(...names(page));
        if (page.length < 4) break;
        after = page.at(-1)!.username;
      }
      assert.deepEqual(walked, names(all));
      assert.deepEqual(
        all.find((a) => a.username === "bob"),
        {
          username: "bob",
          createdAt: T0,
          isAdmin: false,
          disabledAt: null,
        },
      );
    });

    it("disables an account with its sessions, and enables it again", async (fx) => {
      const s = await fx.open();
      const id = await seedAccount(s, "mallory");
      const other = await seedAccount(s, "olive");
      await s.createSession({ tokenHash: "m1", accountId: id, createdAt: T0, expiresAt: T0 + 1000 });
      await s.createSession({ tokenHash: "o1", accountId: other, createdAt: T0, expiresAt: T0 + 1000 });
      assert.equal(await s.setAccountDisabled(id, true, T0 + 10), true);
      assert.equal((await s.getAccount(id))?.disabledAt, T0 + 10);
      assert.equal(await s.findLiveSession("m1", T0 + 20), undefined, "its sessions are revoked");
      assert.equal((await s.findLiveSession("o1", T0 + 20))?.accountId, other, "others' are not");
      // A session created after the disabling (a log-in racing it) still finds no account.
      await s.createSession({ tokenHash: "m2", accountId: id, createdAt: T0 + 11, expiresAt: T0 + 1000 });
      assert.equal(await s.findLiveSessionAccount("m2", T0 + 20), undefined);
      assert.equal((await s.findLiveSessionAccounts(["m2", "o1"], T0 + 20)).size, 1);
      assert.equal(await s.setAccountDisabled(id, true, T0 + 30), true);
      assert.equal((await s.getAccount(id))?.disabledAt, T0 + 10, "disabling again keeps the first time");
      assert.equal(
        (await s.listAccounts({ prefix: "mallory", limit: 10 }))[0]?.disabledAt,
        T0 + 10,
        "the list shows it",
      );
      assert.equal(await s.setAccountDisabled(id, false, T0 + 35), true);
      assert.equal((await s.findAccountByUsername("mallory"))?.disabledAt, null);
      assert.equal(await s.findLiveSession("m1", T0 + 40), undefined, "enabling revives no session");
      assert.equal(
        await s.findLiveSessionAccount("m2", T0 + 40),
        undefined,
        "not even one made racing the disabling",
      );
      await s.createSession({ tokenHash: "m3", accountId: id, createdAt: T0 + 41, expiresAt: T0 + 1000 });
      assert.equal((await s.findLiveSessionAccount("m3", T0 + 42))?.account.id, id);
      assert.equal(await s.setAccountDisabled(987_654, true, T0), false);
      assert.equal(await s.setAccountDisabled(987_654, false, T0), false);
    });

    it("enabling an account that is not disabled leaves its sessions", async (fx) => {
      const s = await fx.open();
      const id = await seedAccount(s, "active");
      await s.createSession({ tokenHash: "a1", accountId: id, createdAt: T0, expiresAt: T0 + 1000 });
      assert.equal(await s.setAccountDisabled(id, false, T0 + 10), true);
      assert.equal((await s.findLiveSessionAccount("a1", T0 + 20))?.account.id, id);
      assert.equal((await s.getAccount(id))?.disabledAt, null);
    });

    it("uses a password reset link once, before it expires, revoking the account's sessions", async (fx) => {
      const s = await fx.open();
      const id = await seedAccount(s, "forgetful");
      const other = await seedAccount(s, "bystander");
      await s.createSession({ tokenHash: "f1", accountId: id, createdAt: T0, expiresAt: T0 + 10_000 });
      await s.createSession({ tokenHash: "b1", accountId: other, createdAt: T0, expiresAt: T0 + 10_000 });
      await s.createPasswordReset({ tokenHash: "old", accountId: id, createdAt: T0, expiresAt: T0 + 1000 });
      await s.createPasswordReset({
        tokenHash: "new",
        accountId: id,
        createdAt: T0 + 1,
        expiresAt: T0 + 1000,
      });
      await s.createPasswordReset({ tokenHash: "b", accountId: other, createdAt: T0, expiresAt: T0 + 1000 });
      assert.deepEqual(await s.redeemPasswordReset("old", "h2", T0 + 2), {
        ok: false,
        code: "invalid-token",
      });
      assert.deepEqual(await s.redeemPasswordReset("unknown", "h2", T0 + 2), {
        ok: false,
        code: "invalid-token",
      });
      assert.deepEqual(await s.redeemPasswordReset("new", "h2", T0 + 1000), {
        ok: false,
        code: "invalid-token",
      });
      assert.equal((await s.getAccount(id))?.passwordHash, "hash-of-forgetful", "refusals change nothing");
      const used = await s.redeemPasswordReset("new", "h2", T0 + 999);
      assert.ok(used.ok);
      assert.equal(used.value.id, id);
      assert.equal(used.value.passwordHash, "h2");
      assert.equal((await s.getAccount(id))?.passwordHash, "h2");
      assert.equal(await s.findLiveSession("f1", T0 + 999), undefined, "its sessions are revoked");
      assert.equal((await s.findLiveSession("b1", T0 + 999))?.accountId, other);
      assert.deepEqual(await s.redeemPasswordReset("new", "h3", T0 + 999), {
        ok: false,
        code: "invalid-token",
      });
      assert.equal((await s.getAccount(id))?.passwordHash, "h2");
      // A disabled account's link is refused and stays unused: it works once the account is enabled again.
      await s.setAccountDisabled(other, true, T0 + 5);
      assert.deepEqual(await s.redeemPasswordReset("b", "hb", T0 + 6), {
        ok: false,
        code: "account-disabled",
      });
      assert.equal((await s.getAccount(other))?.passwordHash, "hash-of-bystander");
      await s.setAccountDisabled(other, false, T0 + 6);
      assert.ok((await s.redeemPasswordReset("b", "hb", T0 + 7)).ok);
      assert.equal((await s.getAccount(other))?.passwordHash, "hb");
    });

    it("a reset link redeemed twice at once works once; links made at once leave one live; prefixes count characters", async (fx) => {
      const s = await fx.open();
      const id = await seedAccount(s, "𠀀racer");
      for (let i = 0; i < 10; i++) {
        await s.createPasswordReset({
          tokenHash: `r${i}`,
          accountId: id,
          createdAt: T0,
          expiresAt: T0 + 1000,
        });
        const both = await Promise.all([
          s.redeemPasswordReset(`r${i}`, `a${i}`, T0 + 1),
          s.redeemPasswordReset(`r${i}`, `b${i}`, T0 + 1),
        ]);
        assert.equal(both.filter((r) => r.ok).length, 1, `trial ${i}: ${JSON.stringify(both)}`);
      }
      for (let i = 0; i < 10; i++) {
        await Promise.all(
          ["x", "y"].map((t) =>
            s.createPasswordReset({
              tokenHash: `${t}${i}`,
              accountId: id,
              createdAt: T0,
              expiresAt: T0 + 1000,
            }),
          ),
        );
        const live = await Promise.all(["x", "y"].map((t) => s.redeemPasswordReset(`${t}${i}`, "h", T0 + 2)));
        assert.equal(live.filter((r) => r.ok).length, 1, `trial ${i}: a newer link voids the older`);
      }
      assert.deepEqual(
        (await s.listAccounts({ prefix: "𠀀", limit: 10 })).map((a) => a.username),
        ["𠀀racer"],
      );
    });

    it("a link redeemed while another is made for the same account: both finish (no deadlock)", async (fx) => {
      const s = await fx.open();
      const id = await seedAccount(s, "redeemer");
      for (let i = 0; i < 40; i++) {
        await s.createPasswordReset({
          tokenHash: `o${i}`,
          accountId: id,
          createdAt: T0,
          expiresAt: T0 + 1000,
        });
        const both = await Promise.allSettled([
          s.redeemPasswordReset(`o${i}`, `h${i}`, T0 + 1),
          s.createPasswordReset({
            tokenHash: `n${i}`,
            accountId: id,
            createdAt: T0 + 1,
            expiresAt: T0 + 1000,
          }),
        ]);
        const rejected = both.filter((r) => r.status === "rejected");
        assert.deepEqual(rejected, [], `trial ${i}`);
      }
    });

    it("delivers notifications to every subscriber until it unsubscribes", async (fx) => {
      const s = await fx.open();
      const listener = factory.sharedNotifications ? await fx.open() : s;
      const got: string[] = [];
      let wake: () => void = () => {};
      const arrived = new Promise<void>((r) => {
        wake = r;
      });
      const dropped = await listener.subscribe("game-events", (p) => got.push(`dropped:${p}`));
      await listener.subscribe("game-events", (p) => {
        got.push(`kept:${p}`);
        wake();
      });
      await listener.subscribe("other-channel", (p) => got.push(`other:${p}`));
      await dropped();
      await s.notify("game-events", "g1:42");
      await arrived;
      assert.deepEqual(got, ["kept:g1:42"]);
      await assert.rejects(s.notify("bad channel!", "x"), TypeError);
    });

    it("delivers a burst of notifications sent together, each once and in order", async (fx) => {
      const s = await fx.open();
      const listener = factory.sharedNotifications ? await fx.open() : s;
      const got: string[] = [];
      const burst = Array.from({ length: 40 }, (_, i) => `g${i % 3}:${i}`);
      let wake: () => void = () => {};
      const all = new Promise<void>((r) => {
        wake = r;
      });
      await listener.subscribe("burst", (p) => {
        got.push(p);
        if (got.length === burst.length) wake();
      });
      await Promise.all(burst.map((p) => s.notify("burst", p)));
      await all;
      assert.deepEqual(got, burst);
    });
  });
}
