// Durable timers (deadlines): armed per game and key, found when due, claimed exactly once across processes.
import type { DialectAdapter } from "./dialect.ts";
import type { TimersTable } from "./schema.ts";
import type { TimerRecord, TimerStore } from "./storage.ts";
import { inWriteTransaction } from "./transaction.ts";

export function createTimerStore(adapter: DialectAdapter): TimerStore {
  const { db } = adapter;
  return {
    async upsertTimer(gameId, key, dueAt) {
      await db
        .insertInto("timers")
        .values({ game_id: gameId, timer_key: key, due_at: dueAt, fired_at: null })
        .onConflict((oc) =>
          oc.columns(["game_id", "timer_key"]).doUpdateSet((eb) => ({
            due_at: eb.ref("excluded.due_at"),
            // Re-arming at a new time makes the timer fire again; the same time keeps a past firing.
            fired_at: eb
              .case()
              .when("timers.due_at", "=", eb.ref("excluded.due_at"))
              .then(eb.ref("timers.fired_at"))
              .else(null)
              .end(),
          })),
        )
        .execute();
    },
    async dueTimers(now, limit = 100) {
      const rows = await db
        .selectFrom("timers")
        .selectAll()
        .where("fired_at", "is", null)
        .where("due_at", "<=", now)
        .orderBy("due_at")
        .orderBy("game_id")
        .orderBy("timer_key")
        .limit(limit)
        .execute();
      return rows.map(toTimer);
    },
    async pendingTimers(limit = 1000) {
      const rows = await db
        .selectFrom("timers")
        .selectAll()
        .where("fired_at", "is", null)
        .orderBy("due_at")
        .orderBy("game_id")
        .orderBy("timer_key")
        .limit(limit)
        .execute();
      return rows.map(toTimer);
    },
    claimTimer(gameId, key, dueAt, now) {
      return inWriteTransaction(adapter, (trx) => adapter.claimTimer(trx, gameId, key, dueAt, now));
    },
    async getTimer(gameId, key) {
      const row = await db
        .selectFrom("timers")
        .selectAll()
        .where("game_id", "=", gameId)
        .where("timer_key", "=", key)
        .executeTakeFirst();
      return row && toTimer(row);
    },
  };
}

function toTimer(row: TimersTable): TimerRecord {
  return { gameId: row.game_id, key: row.timer_key, dueAt: row.due_at, firedAt: row.fired_at };
}
