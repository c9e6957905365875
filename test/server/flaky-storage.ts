// A storage whose one method fails while a switch says so, for the server's answers to a storage fault.
import type { Storage } from "../../src/storage/storage.ts";

/** `storage` with `method` rejecting with `message` whenever `failing()` is true; everything else as it is. */
export function flakyStorage(
  storage: Storage,
  method: keyof Storage,
  message: string,
  failing: () => boolean = () => true,
): Storage {
  return new Proxy(storage, {
    get(target, key, receiver) {
      if (key === method && failing()) return () => Promise.reject(new Error(message));
      const value = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
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
    storage: new Proxy(storage, {
      get(target, key, receiver) {
        if (key === "subscribe")
          return (channel: string, onMessage: (payload: string) => void, onGap?: () => void) => {
            if (onGap) gaps.push(onGap);
            return target.subscribe(channel, (payload) => control.deaf || onMessage(payload), onGap);
          };
        const value = Reflect.get(target, key, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    }),
  };
  return control;
}
