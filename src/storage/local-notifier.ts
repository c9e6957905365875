// In-process notifications for SQLite, where one process owns the database file.
import { checkChannel } from "./dialect.ts";
import type { Notifier } from "./storage.ts";

export function createLocalNotifier(): Notifier & { close(): void } {
  const channels = new Map<string, Set<(payload: string) => void>>();
  return {
    // No `onGap`: an in-process bus loses nothing.
    async subscribe(channel, onMessage) {
      checkChannel(channel);
      // Wrap so the same function subscribed twice gets two independent subscriptions.
      const listener = (payload: string) => onMessage(payload);
      let set = channels.get(channel);
      if (!set) {
        set = new Set();
        channels.set(channel, set);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
        if (set.size === 0 && channels.get(channel) === set) channels.delete(channel);
      };
    },
    async notify(channel, payload) {
      checkChannel(channel);
      const listeners = [...(channels.get(channel) ?? [])];
      // Delivered on a later turn, as PostgreSQL would, so a subscriber never runs inside the notifier's caller.
      setImmediate(() => {
        for (const listener of listeners) listener(payload);
      });
    },
    close() {
      channels.clear();
    },
  };
}
