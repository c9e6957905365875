// One game's in-memory copy of its event stream and the command pipeline that decides and appends in batches.
//
// Commands are decided one after another against the state including the batch's earlier decisions, then every
// append of the batch is submitted at once with chained expectedSeq, so they share one group-commit transaction.
// Any conflict (another process wrote, a request id was a retry) reloads the stream and decides the rest again.
import type { AppendOptions, PostBodyInput, Storage, StoredEvent } from "../storage/storage.ts";
import { type AppState, evolveApp, initialAppState, isAppEvent } from "./app-events.ts";
import type { EngineEvent, EnginePort } from "./engine-port.ts";
import type { AppRefusal } from "./refusal.ts";

export interface GameSnapshot<S> {
  readonly engine: S;
  readonly app: AppState;
  readonly lastSeq: number;
}

export type JobDecision =
  | { ok: true; events: EngineEvent[]; posts?: PostBodyInput[] }
  | { ok: false; refusal: AppRefusal };

export interface Job<S> {
  /** Runs synchronously against the current snapshot; must be pure (it may run more than once). */
  decide(snapshot: GameSnapshot<S>): JobDecision;
  readonly requestId?: string;
  readonly fireTimer?: { readonly key: string; readonly dueAt: number };
  readonly now: number;
}

export type JobResult =
  | { ok: true; firstSeq: number; lastSeq: number; replayed: boolean }
  | { ok: false; refusal: AppRefusal };

interface Queued<S> {
  job: Job<S>;
  attempts: number;
  resolve(result: JobResult): void;
  reject(error: unknown): void;
}

const MAX_ATTEMPTS = 25;

/**
 * Called with each run of committed events. A listener that returns a promise (re-arming the game's timers) is
 * awaited before the commands that wrote those events are answered, so an answer means the follow-up is done.
 */
export type CommittedListener = (events: readonly StoredEvent[]) => void | Promise<void>;

export class GameActor<S> {
  readonly gameId: string;
  readonly #storage: Storage;
  readonly #engine: EnginePort<S>;
  #snapshot: GameSnapshot<S> | undefined;
  #events: StoredEvent[] = [];
  #loading: Promise<void> | undefined;
  #queue: Queued<S>[] = [];
  #pumping = false;
  readonly #listeners = new Set<CommittedListener>();

  constructor(gameId: string, storage: Storage, engine: EnginePort<S>) {
    this.gameId = gameId;
    this.#storage = storage;
    this.#engine = engine;
  }

  /** The current snapshot, loading the stream on first use. */
  async snapshot(): Promise<GameSnapshot<S>> {
    await this.#ensureLoaded();
    return this.#snapshot!;
  }

  /** Every event so far (the referee's log; callers filter for other viewers). */
  async events(fromSeq = 1): Promise<readonly StoredEvent[]> {
    await this.#ensureLoaded();
    return fromSeq <= 1 ? this.#events : this.#events.filter((e) => e.seq >= fromSeq);
  }

  /** Events already in memory with seq >= fromSeq; call after `snapshot()` so the stream is loaded. */
  loadedEvents(fromSeq: number): readonly StoredEvent[] {
    return this.#events.filter((e) => e.seq >= fromSeq);
  }

  onCommitted(listener: CommittedListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }

  submit(job: Job<S>): Promise<JobResult> {
    return new Promise<JobResult>((resolve, reject) => {
      this.#queue.push({ job, attempts: 0, resolve, reject });
      void this.#pump();
    });
  }

  /** Reads whatever other processes appended since our last seq (called on a notification). */
  async catchUp(): Promise<void> {
    await this.#ensureLoaded();
    if (this.#pumping) return; // the pump reloads on its own conflicts
    await this.#reload();
  }

  async #ensureLoaded(): Promise<void> {
    if (this.#snapshot) return;
    this.#loading ??= (async () => {
      const stored = await this.#storage.load(this.gameId);
      this.#events = [];
      this.#snapshot = { engine: this.#engine.replay([]), app: initialAppState, lastSeq: 0 };
      this.#apply(stored);
    })();
    try {
      await this.#loading;
    } finally {
      this.#loading = undefined;
    }
  }

  #apply(stored: readonly StoredEvent[]): void {
    let { engine, app, lastSeq } = this.#snapshot!;
    for (const e of stored) {
      if (e.seq !== lastSeq + 1) continue; // already applied
      if (isAppEvent(e.event)) app = evolveApp(app, e.event);
      else engine = this.#engine.evolve(engine, e.event);
      lastSeq = e.seq;
      this.#events.push(e);
    }
    this.#snapshot = { engine, app, lastSeq };
  }

  async #reload(): Promise<void> {
    const from = this.#snapshot!.lastSeq + 1;
    const fresh = await this.#storage.load(this.gameId, from);
    if (fresh.length > 0) {
      this.#apply(fresh);
      await this.#emit(fresh);
    }
  }

  async #emit(events: readonly StoredEvent[]): Promise<void> {
    const pending: Promise<void>[] = [];
    for (const listener of this.#listeners) {
      try {
        const done = listener(events);
        if (done) pending.push(done);
      } catch {
        // A broken listener (a closed SSE socket) must not stop the game.
      }
    }
    if (pending.length > 0) await Promise.allSettled(pending);
  }

  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      await this.#ensureLoaded();
      while (this.#queue.length > 0) await this.#runBatch(this.#queue.splice(0));
    } catch (error) {
      for (const q of this.#queue.splice(0)) q.reject(error);
    } finally {
      this.#pumping = false;
    }
  }

  async #runBatch(batch: Queued<S>[]): Promise<void> {
    const base = this.#snapshot!;
    let scratch = base;
    const planned: { q: Queued<S>; expectedSeq: number; events: EngineEvent[]; options: AppendOptions }[] =
      [];
    const refused: { q: Queued<S>; refusal: AppRefusal }[] = [];
    for (const q of batch) {
      let d: JobDecision;
      try {
        d = q.job.decide(scratch);
      } catch (error) {
        q.reject(error);
        continue;
      }
      if (!d.ok) {
        refused.push({ q, refusal: d.refusal });
        continue;
      }
      const options: AppendOptions = {
        now: q.job.now,
        ...(q.job.requestId !== undefined && { requestId: q.job.requestId }),
        ...(d.posts && d.posts.length > 0 && { posts: d.posts }),
        ...(q.job.fireTimer && { fireTimer: q.job.fireTimer }),
      };
      planned.push({ q, expectedSeq: scratch.lastSeq, events: d.events, options });
      let { engine, app } = scratch;
      for (const e of d.events) {
        if (isAppEvent(e)) app = evolveApp(app, e);
        else engine = this.#engine.evolve(engine, e);
      }
      scratch = { engine, app, lastSeq: scratch.lastSeq + d.events.length };
    }

    const results = await Promise.allSettled(
      planned.map((p) => this.#storage.append(this.gameId, p.expectedSeq, p.events, p.options)),
    );
    let broken = false;
    const retry: Queued<S>[] = [];
    // Answers wait until the committed events have been handed to the listeners (see CommittedListener).
    const answers: (() => void)[] = [];
    results.forEach((r, i) => {
      const p = planned[i]!;
      if (broken) {
        retry.push(p.q);
        return;
      }
      if (r.status === "rejected") {
        broken = true;
        answers.push(() => p.q.reject(r.reason));
        return;
      }
      const res = r.value;
      if (res.ok) {
        answers.push(() =>
          p.q.resolve({ ok: true, firstSeq: res.firstSeq, lastSeq: res.lastSeq, replayed: res.replayed }),
        );
        if (res.replayed) broken = true;
      } else if (res.code === "timer-already-fired") {
        broken = true;
        answers.push(() => p.q.resolve({ ok: false, refusal: { code: "timer-already-fired", status: 409 } }));
      } else {
        broken = true;
        retry.push(p.q);
      }
    });

    try {
      if (!broken && planned.length > 0) {
        const written: StoredEvent[] = [];
        for (const p of planned) {
          p.events.forEach((event, j) => {
            written.push({ seq: p.expectedSeq + 1 + j, event });
          });
        }
        this.#snapshot = scratch;
        this.#events.push(...written);
        await this.#emit(written);
      } else if (broken) {
        await this.#reload();
      }
    } catch (error) {
      // Without a reload the commands to decide again cannot be: fail them rather than leave them waiting.
      for (const q of retry) q.reject(error);
      throw error;
    } finally {
      // Stored is stored: a failed reload must not leave committed commands unanswered.
      for (const answer of answers) answer();
    }

    // A refusal of a retried request id answers the original success instead (the vote was stored before).
    await Promise.all(
      refused.map(async ({ q, refusal }) => {
        if (q.job.requestId !== undefined) {
          const prior = await this.#storage.findRequest(this.gameId, q.job.requestId);
          if (prior) {
            q.resolve({ ok: true, firstSeq: prior.firstSeq, lastSeq: prior.lastSeq, replayed: true });
            return;
          }
        }
        q.resolve({ ok: false, refusal });
      }),
    );

    const again: Queued<S>[] = [];
    for (const q of retry) {
      q.attempts++;
      if (q.attempts >= MAX_ATTEMPTS) q.resolve({ ok: false, refusal: { code: "busy", status: 409 } });
      else again.push(q);
    }
    this.#queue.unshift(...again);
  }
}
