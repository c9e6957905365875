// Gathers a stream's events for a moment and hands them over together, so a page adds a burst in one update.
//
// Adding each event on its own copied the page's whole event list per event: a page opened late in a game gets
// its whole visible backlog (thousands of events) at once, and that was quadratic in the backlog.

/** How long events are gathered before they are handed over. */
export const EVENT_BATCH_MS = 50;

export interface EventBatcherOptions<T> {
  /** Receives each batch, in arrival order; never an empty one. */
  onBatch: (items: T[]) => void;
  waitMs?: number;
  schedule?: (run: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
}

export class EventBatcher<T> {
  readonly #onBatch: (items: T[]) => void;
  readonly #waitMs: number;
  readonly #schedule: (run: () => void, ms: number) => unknown;
  readonly #cancel: (handle: unknown) => void;
  #pending: T[] = [];
  #timer: unknown;

  constructor(options: EventBatcherOptions<T>) {
    this.#onBatch = options.onBatch;
    this.#waitMs = options.waitMs ?? EVENT_BATCH_MS;
    this.#schedule = options.schedule ?? ((run, ms) => setTimeout(run, ms));
    this.#cancel = options.cancel ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  add(item: T): void {
    this.#pending.push(item);
    this.#timer ??= this.#schedule(() => {
      this.#timer = undefined;
      this.flush();
    }, this.#waitMs);
  }

  /** Hands over what is gathered now (before a view, so the page never shows a view newer than its events). */
  flush(): void {
    if (this.#timer !== undefined) this.#cancel(this.#timer);
    this.#timer = undefined;
    if (this.#pending.length === 0) return;
    const items = this.#pending;
    this.#pending = [];
    this.#onBatch(items);
  }

  /** Drops what is gathered and hands over nothing more until the next add. */
  clear(): void {
    if (this.#timer !== undefined) this.#cancel(this.#timer);
    this.#timer = undefined;
    this.#pending = [];
  }
}
