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
