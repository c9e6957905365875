// GameActor on real SQLite storage: commands decided on top of a plan still committing stay in arrival order, and
// a plan that did not commit as planned makes the plans on top of it be decided again.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openStorage } from "../storage/open-storage.ts";
import type { AppendResult, Storage } from "../storage/storage.ts";
import type { EngineEvent, EnginePort } from "./engine-port.ts";
import { GameActor, type GameSnapshot, type Job, type JobResult } from "./game-actor.ts";

/** A toy game: tickets numbered 1, 2, 3…, at most LIMIT of them. */
interface Tickets {
  readonly taken: number;
}
const LIMIT = 4;
const T0 = 1_767_000_000_000;
const toy = {
  replay: () => ({ taken: 0 }),
  evolve: (s: Tickets) => ({ taken: s.taken + 1 }),
} as unknown as EnginePort<Tickets>;

function take(who: string, requestId?: string): Job<Tickets> {
  return {
    now: T0,
    ...(requestId !== undefined && { requestId }),
    decide: (snap: GameSnapshot<Tickets>) =>
      snap.engine.taken >= LIMIT
        ? { ok: false, refusal: { code: "sold-out", status: 409 } }
        : { ok: true, events: [{ type: "Ticket", at: T0, n: snap.engine.taken + 1, who } as EngineEvent] },
  };
}

/** The storage with every append submitted at once but its answer held until `release()`. */
function holding(real: Storage): { storage: Storage; release(): void; submitted(): number } {
  let submitted = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const storage: Storage = {
    ...real,
    append(...args: Parameters<Storage["append"]>): Promise<AppendResult> {
      submitted++;
      const stored = real.append(...args);
      return gate.then(() => stored);
    },
  };
  return { storage, release, submitted: () => submitted };
}

const turn = () => new Promise((r) => setImmediate(r));

test("commands arriving while their game's previous plan commits are stored in arrival order", async () => {
  const storage = await openStorage(":memory:");
  try {
    assert.equal(storage.appendsInOrder, true);
    const actor = new GameActor("g", storage, toy);
    const unlimited = (who: string): Job<Tickets> => ({
      now: T0,
      requestId: who,
      decide: (snap) => ({
        ok: true,
        events: [{ type: "Ticket", at: T0, n: snap.engine.taken + 1, who } as EngineEvent],
      }),
    });
    const answers: Promise<JobResult>[] = [];
    for (let wave = 0; wave < 20; wave++) {
      for (let i = 0; i < 7; i++) answers.push(actor.submit(unlimited(`w${wave}-${i}`)));
      await turn();
    }
    const results = await Promise.all(answers);
    const stored = await storage.load("g");
    assert.deepEqual(
      stored.map((e) => e.event.n),
      stored.map((_, i) => i + 1),
      "each ticket decided on all the ones before it",
    );
    assert.deepEqual(
      stored.map((e) => e.event.who),
      answers.map((_, i) => `w${Math.floor(i / 7)}-${i % 7}`),
      "in arrival order",
    );
    assert.deepEqual(
      results.map((r) => (r.ok ? r.firstSeq : r.refusal.code)),
      results.map((_, i) => i + 1),
    );
    assert.equal((await actor.snapshot()).lastSeq, 140);
    // The log in memory reads as the stored stream, from any seq.
    assert.deepEqual(await actor.events(), stored);
    assert.deepEqual(await actor.events(100), stored.slice(99));
    assert.deepEqual(actor.loadedEvents(140), stored.slice(139));
    assert.deepEqual(actor.loadedEvents(141), []);
  } finally {
    await storage.close();
  }
});

test("a plan that stored nothing (a retried request id) makes the plan decided on top of it be decided again", async () => {
  const real = await openStorage(":memory:");
  try {
    await real.append("g", 0, [{ type: "Ticket", at: T0, n: 1, who: "first" }], { requestId: "dup" });
    const { storage, release, submitted } = holding(real);
    const actor = new GameActor("g", storage, toy);
    assert.equal((await actor.snapshot()).engine.taken, 1);
    // The retry is decided as a new ticket (2) and submitted; its answer is held, so the next three are planned on
    // top of it: 3 and 4, and the fourth refused as sold out. In fact the retry stores nothing.
    const retry = actor.submit(take("first again", "dup"));
    await turn();
    const later = ["x", "y", "z"].map((who) => actor.submit(take(who, who)));
    await turn();
    assert.equal(submitted(), 3, "the retry, x and y were submitted before the retry's answer came back");
    release();
    assert.deepEqual(await retry, { ok: true, firstSeq: 1, lastSeq: 1, replayed: true });
    const results = await Promise.all(later);
    assert.deepEqual(
      results.map((r) => (r.ok ? [r.firstSeq, r.replayed] : r.refusal.code)),
      [
        [2, false],
        [3, false],
        [4, false],
      ],
      "the refusal judged on the state that never was is decided again",
    );
    assert.deepEqual(
      (await real.load("g")).map((e) => [e.event.n, e.event.who]),
      [
        [1, "first"],
        [2, "x"],
        [3, "y"],
        [4, "z"],
      ],
    );
    assert.deepEqual((await actor.submit(take("late", "late"))).ok, false, "sold out now");
    assert.deepEqual(
      await actor.events(),
      await real.load("g"),
      "the reloaded log reads as the stored stream",
    );
  } finally {
    await real.close();
  }
});

test("a notification that comes while the pump runs is read before the pump stops, even if every command was refused", async () => {
  const storage = await openStorage(":memory:");
  try {
    const actor = new GameActor("g", storage, toy);
    assert.equal((await actor.snapshot()).lastSeq, 0);
    const refused: Job<Tickets> = {
      now: T0,
      decide: () => ({ ok: false, refusal: { code: "closed", status: 409 } }),
    };
    // Another process writes; its notification comes while this one's pump is deciding.
    await storage.append("g", 0, [{ type: "Ticket", at: T0, n: 1, who: "elsewhere" }]);
    const answer = actor.submit(refused);
    await actor.catchUp();
    assert.equal((await answer).ok, false);
    // A command after it is answered once the pump has read the stream (it was queued behind the read).
    await actor.submit(refused);
    assert.equal(actor.loadedSnapshot()?.lastSeq, 1, "the other process's ticket is in memory");
  } finally {
    await storage.close();
  }
});

test("past a conflict, a command its storage answered all the same (a stored request id) is answered, not retried", async () => {
  const real = await openStorage(":memory:");
  try {
    const actor = new GameActor("g", real, toy);
    assert.equal((await actor.snapshot()).lastSeq, 0);
    // Another process stores a ticket, with request id "dup", that this one has not read.
    await real.append("g", 0, [{ type: "Ticket", at: T0, n: 1, who: "dup" }], { requestId: "dup" });
    const appends: (string | undefined)[] = [];
    const counting = (real as unknown as { append: Storage["append"] }).append.bind(real);
    (real as unknown as { append: Storage["append"] }).append = (...args) => {
      appends.push(args[3]?.requestId);
      return counting(...args);
    };
    // One plan: "new" conflicts (decided on seq 0); "dup" comes back replayed, its request id stored before.
    const [fresh, dup] = [actor.submit(take("new", "new")), actor.submit(take("dup again", "dup"))];
    assert.deepEqual(await dup, { ok: true, firstSeq: 1, lastSeq: 1, replayed: true });
    assert.deepEqual(await fresh, { ok: true, firstSeq: 2, lastSeq: 2, replayed: false });
    assert.deepEqual(appends, ["new", "dup", "new"], "the replayed one is not sent again");
  } finally {
    await real.close();
  }
});
