// Durable deadlines: polls the timers table and fires each due timer once (the claim rides on the append).
import type { Storage } from "../storage/storage.ts";
import type { Clock } from "./clock.ts";
import type { GameService } from "./game-service.ts";

export interface SchedulerOptions {
  /** How often to look for due timers in the database (other processes may arm them). */
  pollMs?: number;
}

export class Scheduler<S> {
  readonly #storage: Storage;
  readonly #games: GameService<S>;
  readonly #clock: Clock;
  readonly #pollMs: number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;

  constructor(storage: Storage, games: GameService<S>, clock: Clock, options: SchedulerOptions = {}) {
    this.#storage = storage;
    this.#games = games;
    this.#clock = clock;
    this.#pollMs = options.pollMs ?? 250;
  }

  /** Re-arms every unfinished game's deadlines (a crash may have come between an append and its timers). */
  async recover(): Promise<void> {
    for (const g of await this.#storage.listGames()) {
      if (g.status === "ended") continue;
      await this.#games.syncTimers(g.id);
    }
  }

  /** Fires every timer due by now; resolves to how many were fired here (not by another process). */
  runDue(): Promise<number> {
    this.#running ??= this.#fireDue().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #fireDue(): Promise<number> {
    let fired = 0;
    for (;;) {
      const due = await this.#storage.dueTimers(this.#clock.now(), 100);
      if (due.length === 0) return fired;
      let progressed = false;
      for (const t of due) {
        const res = await this.#games.fireTimer(t.gameId, t.key, t.dueAt);
        if (res?.ok) fired++;
        // Unknown games and lost claims still mark progress: the row is fired (by us or another process).
        progressed ||= res === undefined || res.ok || res.refusal.code === "timer-already-fired";
        if (res === undefined) await this.#storage.claimTimer(t.gameId, t.key, t.dueAt, this.#clock.now());
      }
      if (!progressed) return fired;
    }
  }

  start(): void {
    this.#timer = setInterval(() => void this.runDue().catch(() => {}), this.#pollMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
