// Durable deadlines: polls the timers table and fires each due timer once (the claim rides on the append).
import type { Storage } from "../storage/storage.ts";
import type { Clock } from "./clock.ts";
import type { JobResult } from "./game-actor.ts";
import type { GameService } from "./game-service.ts";

export interface SchedulerOptions {
  /** How often to look for due timers in the database (other processes may arm them). */
  pollMs?: number;
  /**
   * Told when a timer could not be fired (it stays due and is tried again on every pass), or, with no timer,
   * when the due timers could not be read. Once a minute at most for the same timer, so a timer that keeps
   * failing does not flood the log.
   */
  onError?: (error: unknown, timer?: DueTimer) => void;
  /**
   * How long after its due time a timer fires (default 0). With several server processes, a command another
   * process received just before a deadline may still be on its way to the database when this one fires the
   * timer; closing the vote first would judge that ballot against the closed vote. The grace lets such commands
   * land first. Nothing received after the deadline counts the more for it: every command is judged by its
   * receipt time.
   */
  graceMs?: number;
}

export interface DueTimer {
  readonly gameId: string;
  readonly key: string;
  readonly dueAt: number;
}

/** Due timers read at a time, beyond those already tried in the pass. */
const PAGE = 100;

/** A timer as one pass tries it: re-armed to a new due time, it is a new one to try. */
const passKey = (t: DueTimer): string => `${t.gameId}\u0000${t.key}\u0000${t.dueAt}`;

/** How long a failure is not reported again for the same timer. */
const REPORT_EVERY_MS = 60_000;

export class Scheduler<S> {
  readonly #storage: Storage;
  readonly #games: GameService<S>;
  readonly #clock: Clock;
  readonly #pollMs: number;
  readonly #onError: SchedulerOptions["onError"];
  readonly #graceMs: number;
  /** When each failing timer (by game and key; "" for reading the due list) was last reported. */
  readonly #reported = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;

  constructor(storage: Storage, games: GameService<S>, clock: Clock, options: SchedulerOptions = {}) {
    this.#storage = storage;
    this.#games = games;
    this.#clock = clock;
    this.#pollMs = options.pollMs ?? 250;
    this.#onError = options.onError;
    this.#graceMs = options.graceMs ?? 0;
  }

  /** Re-arms every unfinished game's deadlines (a crash may have come between an append and its timers). */
  async recover(): Promise<void> {
    for (const g of await this.#storage.listGames()) {
      if (g.status === "ended") continue;
      await this.#games.syncTimers(g.id);
    }
  }

  /** Fires every timer due by now (less the grace); resolves to how many were fired here (not by another process). */
  runDue(): Promise<number> {
    this.#running ??= this.#fireDue().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #fireDue(): Promise<number> {
    let fired = 0;
    // Timers tried in this pass (by game, key and due time) that are still due: they failed or were refused. The
    // next page reaches past them, so a hundred timers that keep failing cannot hold back the ones due after them.
    const tried = new Set<string>();
    for (;;) {
      const due = await this.#storage.dueTimers(this.#clock.now() - this.#graceMs, tried.size + PAGE);
      // The due list could be read: a failure to read it later, even within this pass, is news again.
      this.#reported.delete("");
      const fresh = due.filter((t) => !tried.has(passKey(t)));
      if (fresh.length === 0) return fired;
      for (const t of fresh) {
        // One timer that cannot fire (its game's command fails) must not hold back the ones after it, in this
        // game or any other: it stays due, is reported, and is tried again on the next pass.
        const timerKey = `${t.gameId}\u0000${t.key}`;
        tried.add(passKey(t));
        let res: JobResult | undefined;
        try {
          res = await this.#games.fireTimer(t.gameId, t.key, t.dueAt);
          if (res === undefined) await this.#storage.claimTimer(t.gameId, t.key, t.dueAt, this.#clock.now());
        } catch (error) {
          this.#report(timerKey, error, { gameId: t.gameId, key: t.key, dueAt: t.dueAt });
          continue;
        }
        this.#reported.delete(timerKey);
        if (res?.ok) fired++;
      }
    }
  }

  #report(key: string, error: unknown, timer?: DueTimer): void {
    const now = this.#clock.now();
    const last = this.#reported.get(key);
    if (last !== undefined && now - last < REPORT_EVERY_MS) return;
    this.#reported.set(key, now);
    try {
      this.#onError?.(error, timer);
    } catch {
      // A failing report must not stop the timers.
    }
  }

  start(): void {
    this.#timer = setInterval(
      // A read of the due list that works clears its report (#fireDue); one that fails is reported here.
      () => void this.runDue().catch((error: unknown) => this.#report("", error)),
      this.#pollMs,
    );
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
