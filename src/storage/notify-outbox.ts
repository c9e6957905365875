// PostgreSQL NOTIFY in bursts, each notification tried twice: a lost one leaves other processes unaware of a commit.

/** The one call the outbox makes of a pg pool. */
export interface NotifyPool {
  query(text: string, values: unknown[]): Promise<unknown>;
}

interface Outgoing {
  readonly channel: string;
  readonly payload: string;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
  attempts: number;
}

/** Sends per notification, the second a moment after the first failed (a dropped connection, a restart). */
const ATTEMPTS = 2;
const RETRY_AFTER_MS = 250;

/**
 * Sends notifications in bursts: everything queued while the previous statement ran goes out as one statement.
 * Each NOTIFY statement is a transaction of its own, and a busy server notifies once per committed batch of every
 * game, so one statement per notification cost a round trip and a commit each. Within one transaction PostgreSQL
 * delivers notifications in order, and folds exact duplicates (same channel and payload) into one.
 *
 * A statement that fails is sent again once, `retryAfterMs` later: until another process hears of a commit it
 * shows the game as it was, and a quiet game may not commit again for hours. A notification that fails twice
 * rejects, for the caller to log.
 */
export function createNotifyOutbox(
  pool: NotifyPool,
  retryAfterMs = RETRY_AFTER_MS,
): { send(channel: string, payload: string): Promise<void> } {
  let queued: Outgoing[] = [];
  let sending = false;

  function schedule(): void {
    if (sending) return;
    sending = true;
    // Wait one turn so notifications raised in the same tick share the statement.
    setImmediate(() => void drain());
  }

  async function drain(): Promise<void> {
    try {
      while (queued.length > 0) {
        const batch = queued;
        queued = [];
        for (const o of batch) o.attempts++;
        try {
          await pool.query("select pg_notify(c, p) from unnest($1::text[], $2::text[]) as t(c, p)", [
            batch.map((o) => o.channel),
            batch.map((o) => o.payload),
          ]);
          for (const o of batch) o.resolve();
        } catch (error) {
          const again = batch.filter((o) => o.attempts < ATTEMPTS);
          for (const o of batch) if (o.attempts >= ATTEMPTS) o.reject(error);
          // Not unref'd: a notification waiting for its second try may hold the process up that long at exit.
          if (again.length > 0)
            setTimeout(() => {
              queued.push(...again);
              schedule();
            }, retryAfterMs);
        }
      }
    } finally {
      sending = false;
    }
  }

  return {
    send(channel, payload) {
      return new Promise<void>((resolve, reject) => {
        queued.push({ channel, payload, resolve, reject, attempts: 0 });
        schedule();
      });
    },
  };
}
