// Keeps a copy of the referee's full event log up to date by fetching only what is new, one fetch at a time.
//
// The referee's log page used to fetch the whole log again on every new event. In a vote rush that is one
// request per vote per open referee tab, each carrying every event of the game (tens of thousands by the last
// days), serialised on the server's main thread while the votes wait behind it.
import type { EventListResponse, GameEventDto } from "../../../src/server/api-types.ts";

export interface LogFollowerDeps {
  /** The log's events after seq `after` (GET /api/games/:id/referee/log?after=N). */
  fetch(after: number): Promise<EventListResponse>;
  /** Called with the whole log so far (a new array each time) after each fetch that added events. */
  onEvents(events: readonly GameEventDto[]): void;
  /** Called with a failed fetch's error; the next refresh tries again from the same place. */
  onError(error: unknown): void;
}

export class LogFollower {
  readonly #deps: LogFollowerDeps;
  #events: readonly GameEventDto[] = [];
  #inFlight = false;
  #again = false;
  #stopped = false;

  constructor(deps: LogFollowerDeps) {
    this.#deps = deps;
  }

  /** The last seq held. */
  get lastSeq(): number {
    return this.#events.at(-1)?.seq ?? 0;
  }

  /** Fetches what is new. A refresh asked for during a fetch makes one more fetch after it, not one each. */
  refresh(): void {
    if (this.#stopped) return;
    if (this.#inFlight) {
      this.#again = true;
      return;
    }
    this.#inFlight = true;
    this.#again = false;
    this.#deps.fetch(this.lastSeq).then(
      (res) => {
        this.#inFlight = false;
        if (this.#stopped) return;
        let last = this.lastSeq;
        const fresh: GameEventDto[] = [];
        for (const e of res.events) {
          if (e.seq <= last) continue; // held already (a fetch that overlapped another)
          fresh.push(e);
          last = e.seq;
        }
        if (fresh.length > 0) {
          this.#events = [...this.#events, ...fresh];
          this.#deps.onEvents(this.#events);
        }
        if (this.#again) this.refresh();
      },
      (error: unknown) => {
        this.#inFlight = false;
        if (this.#stopped) return;
        this.#deps.onError(error);
        if (this.#again) this.refresh();
      },
    );
  }

  /** No more fetches or calls (the page closed). */
  stop(): void {
    this.#stopped = true;
  }
}
