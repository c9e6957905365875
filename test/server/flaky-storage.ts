// Test doubles made by replacing one member of a real object: a storage method that fails while a switch says so,
// a notifier that drops notifications, a service method that faults.
import type { Storage } from "../../src/storage/storage.ts";

/**
 * `target` with its member `key` read as `replacement()` returns it, asked at each read (undefined: the member as
 * it is); every other method bound to `target`, so it runs as if called on the object itself.
 */
export function replacing<T extends object>(target: T, key: keyof T, replacement: () => unknown): T {
  return new Proxy(target, {
    get(object, name, receiver) {
      if (name === key) {
        const replaced = replacement();
        if (replaced !== undefined) return replaced;
      }
      const value = Reflect.get(object, name, receiver);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

/** `storage` with `method` rejecting with `message` whenever `failing()` is true; everything else as it is. */
export function flakyStorage(
  storage: Storage,
  method: keyof Storage,
  message: string,
  failing: () => boolean = () => true,
): Storage {
  return replacing(storage, method, () => (failing() ? () => Promise.reject(new Error(message)) : undefined));
}

/**
 * `storage` whose notifications are dropped while `deaf` is set, as while a PostgreSQL listener is reconnecting;
 * `reportGap` then does what the notifier does once it listens again (calls the subscribers' `onGap`).
 */
export function deafStorage(storage: Storage): { storage: Storage; deaf: boolean; reportGap(): void } {
  const gaps: (() => void)[] = [];
  const control = {
    deaf: false,
    reportGap: () => {
      for (const gap of gaps) gap();
    },
    storage: replacing(
      storage,
      "subscribe",
      () => (channel: string, onMessage: (payload: string) => void, onGap?: () => void) => {
        if (onGap) gaps.push(onGap);
        return storage.subscribe(channel, (payload) => control.deaf || onMessage(payload), onGap);
      },
    ),
  };
  return control;
}
