// One game's in-memory copy of its event stream and the command pipeline that decides and appends in batches.
//
// Commands are decided one after another against the state including the batch's earlier decisions, then every
// append of the batch is submitted at once with chained expectedSeq, so they share one group-commit transaction.
// Any conflict (another process wrote, a request id was a retry) reloads the stream and decides the rest again.
// Where storage runs appends in order (SQLite), the next batch is decided on top of the one still committing and
// submitted before it commits; its appends are marked chained, so storage refuses them unless the batch below was
// stored as planned, and then they are decided again.
import type {
  AppendOptions,
  AppendResult,
  PostBodyInput,
  Storage,
  StoredEvent,
  StoredEventInput,
} from "../storage/storage.ts";
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

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface Queued<S> {
  job: Job<S>;
  attempts: number;
  resolve(result: JobResult): void;
  reject(error: unknown): void;
}

const MAX_ATTEMPTS = 25;
/** Plans of one game in flight at once where storage appends in order: one committing, the next on top of it. */
const PIPELINE_DEPTH = 2;

interface Planned<S> {
  readonly q: Queued<S>;
  readonly expectedSeq: number;
  readonly events: EngineEvent[];
  readonly options: AppendOptions;
}

/** One batch of commands decided against a state, with its appends submitted. */
interface Plan<S> {
  readonly batch: Queued<S>[];
  readonly planned: Planned<S>[];
  readonly refused: { q: Queued<S>; refusal: AppRefusal }[];
  /** Commands whose decide threw: a fault, failed alone. */
  readonly failed: { q: Queued<S>; error: unknown }[];
  /** The state after every planned append. */
  readonly scratch: GameSnapshot<S>;
  readonly results: Promise<PromiseSettledResult<AppendResult>[]>;
  settled: boolean;
}

/**
 * Called with each run of committed events; `written`: this process appended some of them (false when they were only
 * read, another process's: that one tells the others). A listener that returns a promise (re-arming the game's timers) is
 * awaited before the commands that wrote those events are answered, so an answer means the follow-up is done.
 */
export type CommittedListener = (events: readonly StoredEvent[], written: boolean) => void | Promise<void>;

export class GameActor<S> {
  readonly gameId: string;
  readonly #storage: Storage;
  readonly #engine: EnginePort<S>;
  #snapshot: GameSnapshot<S> | undefined;
  /**
   * Every event so far, the one with seq n at index n - 1 (the stream is loaded from seq 1 and has no gaps). The
   * events themselves, not {seq, event} records: a server holds every event of every loaded game, and in a vote
   * rush a record per ballot was one more object per vote for each full collection to mark. Reads make the
   * records they return (`events`, `loadedEvents`).
   */
  #events: StoredEventInput[] = [];
  #loading: Promise<void> | undefined;
  #queue: Queued<S>[] = [];
  #pumping = false;
  /** Another process wrote (a notification came) while the pump ran: it reads the stream before its next plan. */
  #behind = false;
  #wake: (() => void) | undefined;
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

  /** The current snapshot if the stream is loaded (no wait), else undefined: then use `snapshot()`. */
  loadedSnapshot(): GameSnapshot<S> | undefined {
    return this.#snapshot;
  }

  /** Every event so far (the referee's log; callers filter for other viewers). */
  async events(fromSeq = 1): Promise<readonly StoredEvent[]> {
    await this.#ensureLoaded();
    return this.loadedEvents(fromSeq);
  }

  /** Events already in memory with seq >= fromSeq; call after `snapshot()` so the stream is loaded. */
  loadedEvents(fromSeq: number): readonly StoredEvent[] {
    const out: StoredEvent[] = [];
    this.visitLoaded(fromSeq, (event, seq) => {
      out.push({ seq, event });
    });
    return out;
  }

  /**
   * Calls `visit` with each event in memory from `fromSeq` on, in order, without making a record per event (for
   * scans of the whole log); call after `snapshot()` so the stream is loaded.
   */
  visitLoaded(fromSeq: number, visit: (event: StoredEventInput, seq: number) => void): void {
    const events = this.#events;
    for (let i = Math.max(fromSeq, 1) - 1; i < events.length; i++) visit(events[i]!, i + 1);
  }

  /**
   * The seq of the newest event in memory up to seq `upTo` that `accepts` takes, scanning back (0: none does);
   * call after `snapshot()` so the stream is loaded.
   */
  lastLoadedSeq(upTo: number, accepts: (event: StoredEventInput) => boolean): number {
    const events = this.#events;
    for (let i = Math.min(upTo, events.length) - 1; i >= 0; i--) if (accepts(events[i]!)) return i + 1;
    return 0;
  }

  onCommitted(listener: CommittedListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }

  /** A command is queued or being decided and written, or the stream is loading. */
  get busy(): boolean {
    return this.#pumping || this.#queue.length > 0 || this.#loading !== undefined;
  }

  submit(job: Job<S>): Promise<JobResult> {
    return new Promise<JobResult>((resolve, reject) => {
      this.#queue.push({ job, attempts: 0, resolve, reject });
      this.#wake?.();
      // An async call costs a promise even when it returns at once; a pump already running takes the job.
      if (!this.#pumping) void this.#pump();
    });
  }

  /** Reads whatever other processes appended since our last seq (called on a notification). */
  async catchUp(): Promise<void> {
    await this.#ensureLoaded();
    if (this.#pumping) {
      // The pump reads it before its next plan: a pump whose commands are only refused never meets a conflict,
      // and would otherwise keep answering from the old state until the queue runs dry.
      this.#behind = true;
      return;
    }
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
      this.#events.push(e.event);
    }
    this.#snapshot = { engine, app, lastSeq };
  }

  async #reload(written = false): Promise<void> {
    const from = this.#snapshot!.lastSeq + 1;
    const fresh = await this.#storage.load(this.gameId, from);
    if (fresh.length > 0) {
      this.#apply(fresh);
      await this.#emit(fresh, written);
    }
  }

  /**
   * Hands committed events to the listeners; a promise only when a listener returned one (re-arming timers), so
   * a vote, whose listeners return nothing, costs no promise here.
   */
  #emit(events: readonly StoredEvent[], written: boolean): Promise<unknown> | undefined {
    let pending: Promise<void>[] | undefined;
    for (const listener of this.#listeners) {
      try {
        const done = listener(events, written);
        if (done) {
          pending ??= [];
          pending.push(done);
        }
      } catch {
        // A broken listener (a closed SSE socket) must not stop the game.
      }
    }
    return pending && Promise.allSettled(pending);
  }

  /** Resolves on the next submit or the next commit of a plan in flight, whichever is first. */
  #arrival(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#wake = () => {
        this.#wake = undefined;
        resolve();
      };
    });
  }

  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    const inFlight: Plan<S>[] = [];
    try {
      await this.#ensureLoaded();
      // Where appends run in submission order, the next commands are decided on top of the plan still committing
      // and submitted at once, so a command waits for one commit, not for its predecessor's commit and then its own.
      const depth = this.#storage.appendsInOrder ? PIPELINE_DEPTH : 1;
      while (this.#queue.length > 0 || inFlight.length > 0 || this.#behind) {
        if (this.#behind && inFlight.length === 0) {
          this.#behind = false;
          await this.#reload();
          continue;
        }
        const newest = inFlight.at(-1);
        if (this.#queue.length > 0 && inFlight.length < depth && (!newest || newest.planned.length > 0)) {
          inFlight.push(
            this.#plan(this.#queue.splice(0), newest?.scratch ?? this.#snapshot!, newest !== undefined),
          );
          continue;
        }
        const oldest = inFlight[0]!;
        if (this.#queue.length === 0 && inFlight.length < depth && !oldest.settled) {
          // A plan's commit wakes the pump as an arrival does (see #plan), so one promise serves for both.
          await this.#arrival();
          this.#wake = undefined;
          if (!oldest.settled) continue;
        }
        inFlight.shift();
        const { intact, retry } = await this.#settle(oldest);
        // Plans decided on top of one that did not commit as planned are decided again from the reloaded state,
        // after the retries of the plans before them.
        if (!intact) for (const later of inFlight.splice(0)) retry.push(...(await this.#redo(later)));
        this.#requeue(retry);
      }
    } catch (error) {
      for (const plan of inFlight.splice(0)) {
        for (const q of plan.batch) q.reject(error);
      }
      for (const q of this.#queue.splice(0)) q.reject(error);
    } finally {
      this.#wake = undefined;
      this.#pumping = false;
    }
  }

  /** Decides a batch against `base` and submits its appends at once (one group commit, chained expected seqs). */
  #plan(batch: Queued<S>[], base: GameSnapshot<S>, onUncommitted: boolean): Plan<S> {
    let scratch = base;
    const planned: Planned<S>[] = [];
    const refused: { q: Queued<S>; refusal: AppRefusal }[] = [];
    const failed: { q: Queued<S>; error: unknown }[] = [];
    for (const q of batch) {
      let d: JobDecision;
      try {
        d = q.job.decide(scratch);
      } catch (error) {
        failed.push({ q, error });
        continue;
      }
      if (!d.ok) {
        refused.push({ q, refusal: d.refusal });
        continue;
      }
      // Set field by field, not spread from conditional objects: this runs for every vote.
      const options: Mutable<AppendOptions> = { now: q.job.now };
      if (q.job.requestId !== undefined) options.requestId = q.job.requestId;
      if (d.posts && d.posts.length > 0) options.posts = d.posts;
      if (q.job.fireTimer) options.fireTimer = q.job.fireTimer;
      // Every append but one decided on the committed state counts on an append of ours not yet committed.
      if (onUncommitted || planned.length > 0) options.chained = true;
      planned.push({ q, expectedSeq: scratch.lastSeq, events: d.events, options });
      let { engine, app } = scratch;
      for (const e of d.events) {
        if (isAppEvent(e)) app = evolveApp(app, e);
        else engine = this.#engine.evolve(engine, e);
      }
      scratch = { engine, app, lastSeq: scratch.lastSeq + d.events.length };
    }
    const plan: Plan<S> = {
      batch,
      planned,
      refused,
      failed,
      scratch,
      settled: false,
      results: Promise.allSettled(
        planned.map((p) => this.#storage.append(this.gameId, p.expectedSeq, p.events, p.options)),
      ),
    };
    void plan.results.then(() => {
      plan.settled = true;
      this.#wake?.();
    });
    return plan;
  }

  /**
   * Answers a plan decided on the committed state, once its appends are back, and returns the commands to decide
   * again. `intact` is false when it did not commit as planned (a conflict, a retried request id, a fault): the
   * state is then reloaded.
   */
  async #settle(plan: Plan<S>): Promise<{ intact: boolean; retry: Queued<S>[] }> {
    for (const { q, error } of plan.failed) q.reject(error);
    const results = await plan.results;
    let broken = false;
    const retry: Queued<S>[] = [];
    // Answers wait until the committed events have been handed to the listeners (see CommittedListener).
    const answers: (() => void)[] = [];
    results.forEach((r, i) => {
      const p = plan.planned[i]!;
      if (broken) {
        // Past the break, a command stored all the same (its request id had been stored before, say) is answered
        // with what was stored; only those refused for the break are decided again. Retried, a stored one would
        // only come back replayed, break the plan again and, at the attempts' end, be answered busy.
        if (r.status === "fulfilled" && r.value.ok) {
          const v = r.value;
          answers.push(() =>
            p.q.resolve({ ok: true, firstSeq: v.firstSeq, lastSeq: v.lastSeq, replayed: v.replayed }),
          );
        } else retry.push(p.q);
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
      if (!broken && plan.planned.length > 0) {
        const written: StoredEvent[] = [];
        for (const p of plan.planned) {
          p.events.forEach((event, j) => {
            written.push({ seq: p.expectedSeq + 1 + j, event });
          });
        }
        this.#snapshot = plan.scratch;
        for (const w of written) this.#events.push(w.event);
        const emitted = this.#emit(written, true);
        if (emitted) await emitted;
      } else if (broken) {
        // What this plan stored before the break is read back with the rest.
        await this.#reload(results.some((r) => r.status === "fulfilled" && r.value.ok && !r.value.replayed));
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
    if (plan.refused.length > 0)
      await Promise.all(plan.refused.map(({ q, refusal }) => this.#refuse(q, refusal)));
    return { intact: !broken, retry };
  }

  /**
   * A plan decided on top of one that did not commit as planned: its refusals were judged on a state that never
   * was, and its chained appends were refused by storage, so everything in it is decided again. An append that
   * was stored all the same (a storage without ordered appends) is answered, and the state reloaded to include it.
   */
  async #redo(plan: Plan<S>): Promise<Queued<S>[]> {
    for (const { q, error } of plan.failed) q.reject(error);
    const results = await plan.results;
    const retry: Queued<S>[] = [];
    let stored = false;
    results.forEach((r, i) => {
      const q = plan.planned[i]!.q;
      if (r.status === "rejected") q.reject(r.reason);
      else if (r.value.ok) {
        stored ||= !r.value.replayed;
        const v = r.value;
        q.resolve({ ok: true, firstSeq: v.firstSeq, lastSeq: v.lastSeq, replayed: v.replayed });
      } else retry.push(q);
    });
    if (stored) await this.#reload(true);
    // Refusals keep their place among the plan's commands, so the order of arrival holds.
    const order = new Map(plan.batch.map((q, i) => [q, i]));
    return [...retry, ...plan.refused.map((r) => r.q)].sort((a, b) => order.get(a)! - order.get(b)!);
  }

  async #refuse(q: Queued<S>, refusal: AppRefusal): Promise<void> {
    if (q.job.requestId !== undefined) {
      const prior = await this.#storage.findRequest(this.gameId, q.job.requestId);
      if (prior) {
        q.resolve({ ok: true, firstSeq: prior.firstSeq, lastSeq: prior.lastSeq, replayed: true });
        return;
      }
    }
    q.resolve({ ok: false, refusal });
  }

  /** Puts commands to decide again at the front of the queue, in their original order, each a bounded number of times. */
  #requeue(retry: Queued<S>[]): void {
    const again: Queued<S>[] = [];
    for (const q of retry) {
      q.attempts++;
      if (q.attempts >= MAX_ATTEMPTS) q.resolve({ ok: false, refusal: { code: "busy", status: 409 } });
      else again.push(q);
    }
    this.#queue.unshift(...again);
  }
}
