// The server clock: the only source of "now" in the app, injected so tests control time.

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that moves only when told to (tests, simulations). */
export class ManualClock implements Clock {
  #now: number;
  constructor(start: number) {
    this.#now = start;
  }
  now(): number {
    return this.#now;
  }
  set(ms: number): void {
    this.#now = ms;
  }
  advance(ms: number): void {
    this.#now += ms;
  }
}
