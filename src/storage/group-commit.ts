// The write queue behind `append`: requests that arrive together share one durable transaction (group commit).
import type { Kysely } from "kysely";
import type { DialectAdapter } from "./dialect.ts";
import type { Database } from "./schema.ts";
import type { BatchCommitInfo } from "./storage.ts";
import { inSavepoint, inWriteTransaction } from "./transaction.ts";

export interface WriteJob<R> {
  /** Batches run jobs ordered by this key (stable), so every transaction takes row locks in one global order. */
  readonly lockKey: string;
  /** Runs inside its own savepoint; may run again if the whole transaction is retried. */
  run(trx: Kysely<Database>): Promise<R>;
  /** The result to report after a duplicate-key error rolled the savepoint back. */
  onUniqueViolation(trx: Kysely<Database>): Promise<R>;
}

export interface GroupCommitOptions {
  readonly concurrency: number;
  readonly maxBatchSize: number;
  readonly unsafeAckBeforeCommit: boolean;
  readonly unsafeCommitDelayMs: number;
  readonly onBatchCommitted?: (info: BatchCommitInfo) => void;
}

interface Pending {
  readonly job: WriteJob<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

type Outcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: unknown };

const MAX_ATTEMPTS = 3;

export class GroupCommitQueue {
  readonly #adapter: DialectAdapter;
  readonly #options: GroupCommitOptions;
  #pending: Pending[] = [];
  #running = 0;
  #scheduled = false;
  #closed = false;
  #idleWaiters: (() => void)[] = [];

  constructor(adapter: DialectAdapter, options: GroupCommitOptions) {
    this.#adapter = adapter;
    this.#options = options;
  }

  /** Resolves with the job's result once the transaction that ran it has committed. */
  submit<R>(job: WriteJob<R>): Promise<R> {
    if (this.#closed) return Promise.reject(new Error("storage is closed"));
    return new Promise<R>((resolve, reject) => {
      this.#pending.push({ job, resolve: resolve as (value: unknown) => void, reject });
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
        // Requests that queued while this batch committed go out together, right away.
        if (this.#pending.length > 0) this.#drain();
        else if (this.#running === 0) for (const wake of this.#idleWaiters.splice(0)) wake();
      });
    }
  }

  async #runBatch(batch: Pending[]): Promise<void> {
    const ordered = [...batch].sort((a, b) =>
      a.job.lockKey < b.job.lockKey ? -1 : a.job.lockKey > b.job.lockKey ? 1 : 0,
    );
    const unsafe = this.#options.unsafeAckBeforeCommit;
    let acked = false;
    for (let attempt = 1; ; attempt++) {
      try {
        const outcomes = await inWriteTransaction(this.#adapter, async (trx) => {
          const out: Outcome[] = [];
          for (const p of ordered) out.push(await this.#runJob(trx, p.job));
          if (unsafe) {
            settle(ordered, out);
            acked = true;
            await new Promise((r) => setTimeout(r, this.#options.unsafeCommitDelayMs));
          }
          return out;
        });
        this.#options.onBatchCommitted?.({ size: ordered.length });
        if (!acked) settle(ordered, outcomes);
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

  async #runJob(trx: Kysely<Database>, job: WriteJob<unknown>): Promise<Outcome> {
    const res = await inSavepoint(this.#adapter, trx, () => job.run(trx));
    if (res.kind === "done") return { ok: true, value: res.value };
    if (res.kind === "failed") {
      // A deadlock victim is retried with its whole batch rather than failed alone.
      if (this.#adapter.isRetryable(res.error)) throw res.error;
      return { ok: false, error: res.error };
    }
    try {
      return { ok: true, value: await job.onUniqueViolation(trx) };
    } catch (error) {
      return { ok: false, error };
    }
  }
}

function settle(batch: Pending[], outcomes: Outcome[]): void {
  batch.forEach((p, i) => {
    const o = outcomes[i];
    if (o === undefined) p.reject(new Error("storage: missing batch outcome"));
    else if (o.ok) p.resolve(o.value);
    else p.reject(o.error);
  });
}
