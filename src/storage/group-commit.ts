// The write queue behind `append`: requests that arrive together share one durable transaction (group commit).
import type { DialectAdapter, Outcome, UnsafeEarlyAck } from "./dialect.ts";
import type { BatchCommitInfo } from "./storage.ts";

export type { Outcome } from "./dialect.ts";

export interface BatchExecutor<J, R> {
  /** Batches run jobs ordered by this key (stable), so every transaction takes row locks in one global order. */
  lockKey(job: J): string;
  /**
   * Runs a batch in one write transaction and resolves with one outcome per job, in order, once it has
   * committed. Throwing fails the whole batch (or retries it when the database says the transaction may simply
   * run again). With `unsafe`, the outcomes go to `unsafe.ack` before the commit.
   */
  commit(jobs: readonly J[], unsafe?: UnsafeEarlyAck<R>): Promise<Outcome<R>[]>;
}

export interface GroupCommitOptions {
  readonly concurrency: number;
  readonly maxBatchSize: number;
  readonly unsafeAckBeforeCommit: boolean;
  readonly unsafeCommitDelayMs: number;
  readonly onBatchCommitted?: (info: BatchCommitInfo) => void;
}

interface Pending<J, R> {
  readonly job: J;
  readonly resolve: (value: R) => void;
  readonly reject: (error: unknown) => void;
}

const MAX_ATTEMPTS = 3;

export class GroupCommitQueue<J, R> {
  readonly #adapter: DialectAdapter;
  readonly #executor: BatchExecutor<J, R>;
  readonly #options: GroupCommitOptions;
  #pending: Pending<J, R>[] = [];
  #running = 0;
  #scheduled = false;
  #closed = false;
  #idleWaiters: (() => void)[] = [];

  constructor(adapter: DialectAdapter, executor: BatchExecutor<J, R>, options: GroupCommitOptions) {
    this.#adapter = adapter;
    this.#executor = executor;
    this.#options = options;
  }

  /** Resolves with the job's result once the transaction that ran it has committed. */
  submit(job: J): Promise<R> {
    if (this.#closed) return Promise.reject(new Error("storage is closed"));
    return new Promise<R>((resolve, reject) => {
      this.#pending.push({ job, resolve, reject });
      this.#schedule();
    });
  }

  /** Stops accepting jobs and resolves when everything already submitted has settled. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#pending.length === 0 && this.#running === 0) return;
    await new Promise<void>((resolve) => this.#idleWaiters.push(resolve));
  }

  #schedule(): void {
    if (this.#scheduled || this.#running >= this.#options.concurrency) return;
    this.#scheduled = true;
    // Wait one turn so every request that arrived in this tick joins the batch.
    setImmediate(() => {
      this.#scheduled = false;
      this.#drain();
    });
  }

  #drain(): void {
    while (this.#running < this.#options.concurrency && this.#pending.length > 0) {
      const batch = this.#pending.splice(0, this.#options.maxBatchSize);
      this.#running++;
      void this.#runBatch(batch).finally(() => {
        this.#running--;
        if (this.#pending.length > 0) {
          // Requests that queued while this batch committed go out together; if other transactions are still
          // running, wait a turn so the next batch is not a sliver split off from arrivals still coming in.
          if (this.#running === 0) this.#drain();
          else this.#schedule();
        } else if (this.#running === 0) {
          for (const wake of this.#idleWaiters.splice(0)) wake();
        }
      });
    }
  }

  async #runBatch(batch: Pending<J, R>[]): Promise<void> {
    const key = (p: Pending<J, R>) => this.#executor.lockKey(p.job);
    const ordered = [...batch].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const jobs = ordered.map((p) => p.job);
    const unsafe = this.#options.unsafeAckBeforeCommit;
    let acked = false;
    for (let attempt = 1; ; attempt++) {
      try {
        const outcomes = await this.#executor.commit(
          jobs,
          unsafe
            ? {
                ack: (early) => {
                  checkCount(early, jobs.length);
                  settle(ordered, early);
                  acked = true;
                },
                holdMs: this.#options.unsafeCommitDelayMs,
              }
            : undefined,
        );
        checkCount(outcomes, jobs.length);
        if (!acked) settle(ordered, outcomes);
        try {
          this.#options.onBatchCommitted?.({ size: ordered.length });
        } catch (error) {
          // Instrumentation must never turn a committed batch into failed requests.
          console.error(`storage: onBatchCommitted hook threw: ${(error as Error).message}`);
        }
        return;
      } catch (error) {
        if (acked) {
          console.error(
            `storage: commit failed after unsafe early acknowledgement: ${(error as Error).message}`,
          );
          return;
        }
        if (attempt < MAX_ATTEMPTS && this.#adapter.isRetryable(error)) continue;
        for (const p of ordered) p.reject(error);
        return;
      }
    }
  }
}

function checkCount(outcomes: readonly unknown[], jobs: number): void {
  if (outcomes.length !== jobs) throw new Error("storage: batch executor lost an outcome");
}

function settle<J, R>(batch: Pending<J, R>[], outcomes: Outcome<R>[]): void {
  batch.forEach((p, i) => {
    const o = outcomes[i]!;
    if (o.ok) p.resolve(o.value);
    else p.reject(o.error);
  });
}
