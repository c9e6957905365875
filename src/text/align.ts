// Exact maximal common runs between two normalised texts: seeds by rolling hash, verified character by character.

/** A maximal common run: query[qStart, qEnd) equals source[sStart, sStart + (qEnd − qStart)). */
export interface Run {
  qStart: number;
  qEnd: number;
  sStart: number;
}

// Scratch tables reused across calls (the function is synchronous): fresh typed arrays per candidate made
// garbage collection the largest part of a query's tail latency.
let headBuf = new Int32Array(0);
let nextBuf = new Int32Array(0);
let hashBuf = new Int32Array(0);

/** The most source positions followed per query seed: bounds the work on highly repetitive text. */
const MAX_CHAIN = 64;
/**
 * Characters compared while extending runs, per character of the two texts, before seeds at query positions already
 * covered by a run are skipped and runs are no longer traced back. Ordinary text never comes near it. Highly repetitive text (哈×60,000 against the
 * same) found a new maximal run on a new diagonal at nearly every position, each as long as the text: 14 s for one
 * check, on the event loop.
 */
const EXTEND_BUDGET = 8;

/**
 * All maximal common runs of at least `minLen` characters, each reported once, in query order (linear in the
 * two lengths plus the runs found). Hash hits are checked against the characters, so collisions cannot add runs.
 */
export function commonRuns(
  q: Uint32Array,
  qLen: number,
  s: Uint32Array,
  sLen: number,
  minLen: number,
): Run[] {
  const L = Math.max(1, minLen);
  if (qLen < L || sLen < L) return [];
  const B = 0x01000193;
  let pow = 1;
  for (let j = 1; j < L; j++) pow = Math.imul(pow, B);
  const sGrams = sLen - L + 1;
  let size = 16;
  while (size < sGrams * 2) size *= 2;
  const mask = size - 1;
  if (headBuf.length < size) headBuf = new Int32Array(size);
  if (nextBuf.length < sGrams) {
    nextBuf = new Int32Array(sGrams * 2);
    hashBuf = new Int32Array(sGrams * 2);
  }
  const head = headBuf;
  head.fill(-1, 0, size);
  const next = nextBuf;
  const sHash = hashBuf;
  let h = 0;
  for (let j = 0; j < L; j++) h = (Math.imul(h, B) + (s[j] as number)) | 0;
  for (let j = 0; j < sGrams; j++) {
    if (j > 0)
      h = (Math.imul((h - Math.imul(s[j - 1] as number, pow)) | 0, B) + (s[j + L - 1] as number)) | 0;
    sHash[j] = h;
    const slot = (h ^ (h >>> 15)) & mask;
    next[j] = head[slot] as number;
    head[slot] = j;
  }
  const runs: Run[] = [];
  // Per diagonal (sStart − qStart), where the last run found on it ends: later seeds inside it are skipped.
  const diagEnd = new Map<number, number>();
  const budget = EXTEND_BUDGET * (qLen + sLen);
  let work = 0;
  /** The furthest query position a run found so far reaches (runs are found in query order of their seeds). */
  let coveredTo = 0;
  h = 0;
  for (let j = 0; j < L; j++) h = (Math.imul(h, B) + (q[j] as number)) | 0;
  const qGrams = qLen - L + 1;
  for (let i = 0; i < qGrams; i++) {
    if (i > 0)
      h = (Math.imul((h - Math.imul(q[i - 1] as number, pow)) | 0, B) + (q[i + L - 1] as number)) | 0;
    // Past the budget, a position inside a run already found adds nothing to what is covered.
    if (work > budget && coveredTo >= i + L) continue;
    let j = head[(h ^ (h >>> 15)) & mask] as number;
    let steps = 0;
    for (; j >= 0 && steps < MAX_CHAIN; j = next[j] as number, steps++) {
      if (sHash[j] !== h) continue;
      const d = j - i;
      const end = diagEnd.get(d);
      if (end !== undefined && end > i) continue;
      let ok = true;
      for (let t = 0; t < L; t++)
        if (q[i + t] !== s[j + t]) {
          ok = false;
          break;
        }
      if (!ok) continue;
      let a = i;
      let b = j;
      // Past the budget a run is not traced back: the query before `i` is covered already, and tracing each new
      // diagonal back to the start is what made repetitive text quadratic.
      while (work <= budget && a > 0 && b > 0 && q[a - 1] === s[b - 1]) {
        a--;
        b--;
      }
      let e = i + L;
      while (e < qLen && e + d < sLen && q[e] === s[e + d]) e++;
      work += i - a + (e - i);
      if (e > coveredTo) coveredTo = e;
      diagEnd.set(d, e);
      runs.push({ qStart: a, qEnd: e, sStart: b });
      if (work > budget && coveredTo >= i + L) break;
    }
  }
  return runs;
}
