// Winnowing fingerprints (Schleimer, Wilkerson, Aiken 2003) over character k-grams of normalised text,
// hashed with seeded 64-bit xxHash, plus the compact blob that stores one document's fingerprints.
import xxhash from "xxhash-wasm";

export interface FingerprintParams {
  /** k-gram length in normalised characters. */
  k: number;
  /** Winnowing window in k-grams: every common run of w + k − 1 characters shares a fingerprint. */
  w: number;
  /** xxHash64 seed. */
  seed: bigint;
}

/** Chosen by bench/originality.ts (see docs/text-checks.md). */
export const DEFAULT_FINGERPRINT_PARAMS: FingerprintParams = { k: 8, w: 16, seed: 0x62616e736861n };

const MASK32 = 0xffffffffn;

/** Hashes k-grams of normalised code points; created by the async factory because xxhash-wasm loads a module. */
export class Fingerprinter {
  readonly params: FingerprintParams;
  readonly #h64: (input: Uint8Array, seed?: bigint) => bigint;
  readonly #bytes: Uint8Array;
  readonly #view: DataView;
  readonly #seed32: number;

  constructor(params: FingerprintParams, h64Raw: (input: Uint8Array, seed?: bigint) => bigint) {
    if (params.k < 1 || params.w < 1) throw new Error("k and w must be positive");
    this.params = params;
    this.#h64 = h64Raw;
    this.#bytes = new Uint8Array(params.k * 4);
    this.#view = new DataView(this.#bytes.buffer);
    this.#seed32 = Number(params.seed & MASK32) | 0;
  }

  /** xxHash64 of codes[pos .. pos + k), the code points as UTF-32LE bytes. */
  hashGram(codes: Uint32Array, pos: number): bigint {
    const k = this.params.k;
    for (let j = 0; j < k; j++) this.#view.setUint32(j * 4, codes[pos + j] as number, true);
    return this.#h64(this.#bytes, this.params.seed);
  }

  /**
   * Winnowed fingerprints of a normalised text: sorted, distinct. Window minima are chosen by a cheap
   * rolling 32-bit hash (selection only needs determinism); the 64-bit xxHash is computed only for the
   * selected k-grams, and it is the 64-bit value that is stored and compared.
   */
  fingerprints(codes: Uint32Array, length: number): BigUint64Array {
    return sortedDistinct(this.#hashAt(codes, this.select(codes, length, this.params.w)));
  }

  /**
   * Fingerprints for looking a text up, winnowed with a window of `window` ≤ w. A k-gram that is the minimum
   * of a w-window in a source is also the minimum of every smaller window around it, so a copied run that
   * held a source fingerprint still yields it here; a smaller window only adds chances for shorter runs.
   * Not sorted or deduplicated (a repeat only counts a candidate twice).
   */
  queryFingerprints(codes: Uint32Array, length: number, window: number): BigUint64Array {
    return this.#hashAt(codes, this.select(codes, length, Math.max(1, Math.min(window, this.params.w))));
  }

  /** Positions of the k-grams winnowing picks with window `window` (rightmost minimum on ties). */
  select(codes: Uint32Array, length: number, window: number): number[] {
    const k = this.params.k;
    const w = window;
    const grams = length - k + 1;
    if (grams <= 0) return [];
    const sel = selectionHashes(codes, length, k, this.#seed32);
    const picked: number[] = [];
    // Monotone deque of k-gram positions whose selection hashes increase; the front is the window minimum.
    if (dqBuf.length < grams) dqBuf = new Int32Array(grams * 2);
    const dq = dqBuf;
    let head = 0;
    let tail = 0;
    let last = -1;
    for (let i = 0; i < grams; i++) {
      const h = sel[i] as number;
      while (tail > head && (sel[dq[tail - 1] as number] as number) >= h) tail--;
      dq[tail++] = i;
      if ((dq[head] as number) <= i - w) head++;
      if (i >= w - 1 || i === grams - 1) {
        const m = dq[head] as number;
        if (m !== last) {
          picked.push(m);
          last = m;
        }
      }
    }
    return picked;
  }

  #hashAt(codes: Uint32Array, positions: number[]): BigUint64Array {
    const out = new BigUint64Array(positions.length);
    for (let j = 0; j < positions.length; j++) out[j] = this.hashGram(codes, positions[j] as number);
    return out;
  }

  /** The 64-bit hash of every k-gram (for queries, so any source fingerprint inside the query is found). */
  allGrams(codes: Uint32Array, length: number): BigUint64Array {
    const grams = length - this.params.k + 1;
    if (grams <= 0) return new BigUint64Array(0);
    const out = new BigUint64Array(grams);
    for (let i = 0; i < grams; i++) out[i] = this.hashGram(codes, i);
    return sortedDistinct(out);
  }
}

/** Loads xxhash-wasm and returns a fingerprinter. */
export async function createFingerprinter(
  params: FingerprintParams = DEFAULT_FINGERPRINT_PARAMS,
): Promise<Fingerprinter> {
  const api = await xxhash();
  return new Fingerprinter(params, api.h64Raw);
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Polynomial rolling hash of each k-gram, mixed so the low-order ordering is uniform. */
// Scratch reused across calls (all synchronous), so fingerprinting makes little garbage.
let dqBuf = new Int32Array(0);
let selBuf = new Uint32Array(0);

function selectionHashes(codes: Uint32Array, length: number, k: number, seed: number): Uint32Array {
  const grams = length - k + 1;
  if (selBuf.length < grams) selBuf = new Uint32Array(grams * 2);
  const out = selBuf;
  const B = 0x01000193;
  let pow = 1;
  for (let j = 1; j < k; j++) pow = Math.imul(pow, B);
  let h = 0;
  for (let j = 0; j < k; j++) h = (Math.imul(h, B) + (codes[j] as number)) | 0;
  out[0] = fmix32(h ^ seed);
  for (let i = 1; i < grams; i++) {
    h = (h - Math.imul(codes[i - 1] as number, pow)) | 0;
    h = (Math.imul(h, B) + (codes[i + k - 1] as number)) | 0;
    out[i] = fmix32(h ^ seed);
  }
  return out;
}

function sortedDistinct(a: BigUint64Array): BigUint64Array {
  a.sort();
  let n = 0;
  for (let i = 0; i < a.length; i++) if (i === 0 || a[i] !== a[n - 1]) a[n++] = a[i] as bigint;
  return a.subarray(0, n);
}

// Blob layout (little-endian): "BF" magic, version 1, k, w, 3 reserved bytes, seed (u64), count (u32),
// then count × u64 sorted fingerprints. 20 header bytes + 8 per fingerprint.
const HEADER = 20;

/** One document's fingerprints as a BLOB for the database. */
export function encodeFingerprints(fps: BigUint64Array, params: FingerprintParams): Uint8Array {
  const out = new Uint8Array(HEADER + fps.length * 8);
  const v = new DataView(out.buffer);
  out[0] = 0x42;
  out[1] = 0x46;
  out[2] = 1;
  out[3] = params.k;
  out[4] = params.w;
  v.setBigUint64(8, params.seed, true);
  v.setUint32(16, fps.length, true);
  for (let i = 0; i < fps.length; i++) v.setBigUint64(HEADER + i * 8, fps[i] as bigint, true);
  return out;
}

/** Reads a blob written by encodeFingerprints; throws on a malformed one. */
export function decodeFingerprints(blob: Uint8Array): {
  params: FingerprintParams;
  fingerprints: BigUint64Array;
} {
  if (blob.length < HEADER || blob[0] !== 0x42 || blob[1] !== 0x46 || blob[2] !== 1)
    throw new Error("not a fingerprint blob (version 1)");
  const v = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const count = v.getUint32(16, true);
  if (blob.length !== HEADER + count * 8) throw new Error("fingerprint blob has the wrong length");
  const fingerprints = new BigUint64Array(count);
  for (let i = 0; i < count; i++) fingerprints[i] = v.getBigUint64(HEADER + i * 8, true);
  return {
    params: { k: blob[3] as number, w: blob[4] as number, seed: v.getBigUint64(8, true) },
    fingerprints,
  };
}

/** Whether two parameter sets produce comparable fingerprints. */
export function sameParams(a: FingerprintParams, b: FingerprintParams): boolean {
  return a.k === b.k && a.w === b.w && a.seed === b.seed;
}
