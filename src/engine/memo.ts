// Facts derived from one part of the state, remembered per object: the state is never mutated, so a fact computed
// from an array (together with the other inputs it names) holds for as long as that array lives. Still pure.

export interface Memo<K extends object, V> {
  /** The fact for `key` with these other inputs (compared by identity), computed once per combination seen last. */
  get(key: K, deps: readonly unknown[], compute: () => V): V;
}

export function memoOn<K extends object, V>(): Memo<K, V> {
  const entries = new WeakMap<K, { deps: readonly unknown[]; value: V }>();
  return {
    get(key, deps, compute) {
      const hit = entries.get(key);
      if (hit && sameDeps(hit.deps, deps)) return hit.value;
      const value = compute();
      entries.set(key, { deps, value });
      return value;
    },
  };
}

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
