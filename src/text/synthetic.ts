// Deterministic synthetic Chinese prose for tests and benchmarks: Zipf-distributed common characters, with
// sentences, commas and paragraphs, from a seeded PRNG.
import { rankedChars } from "./char-frequency.ts";

/**
 * sfc32 seeded through splitmix32: floats in [0, 1). A 128-bit state matters here: with a 32-bit-state
 * generator such as mulberry32, different seeds walk the same cycle, and their texts share long runs.
 */
export function seededRandom(seed: number): () => number {
  let x = seed >>> 0;
  const split = () => {
    x = (x + 0x9e3779b9) | 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

let cumulative: Float64Array | undefined;
let chars: string[] = [];

// Rank-frequency of Chinese characters is close to Zipf with an exponent near 1 over the first few thousand.
function table(): Float64Array {
  if (cumulative === undefined) {
    chars = rankedChars();
    cumulative = new Float64Array(chars.length);
    let sum = 0;
    for (let r = 0; r < chars.length; r++) {
      sum += 1 / (r + 3);
      cumulative[r] = sum;
    }
    for (let r = 0; r < chars.length; r++) cumulative[r] = (cumulative[r] as number) / sum;
  }
  return cumulative;
}

function sampleChar(rand: () => number): string {
  const c = table();
  const x = rand();
  let lo = 0;
  let hi = c.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((c[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return chars[lo] as string;
}

/**
 * Prose of exactly `words` 字 (each character and each punctuation mark is one 字; line breaks are none),
 * in paragraphs of a few sentences. Same seed, same text.
 */
export function syntheticText(seed: number, words: number): string {
  const rand = seededRandom(seed);
  const parts: string[] = [];
  let count = 0;
  let inSentence = 0;
  let clause = 4 + Math.floor(rand() * 9);
  let sentences = 0;
  while (count < words) {
    const left = words - count;
    if (inSentence >= clause && left > 1) {
      const r = rand();
      if (r < 0.45) {
        parts.push(r < 0.38 ? "。" : r < 0.42 ? "！" : "？");
        inSentence = 0;
        sentences++;
        if (sentences >= 3 && rand() < 0.3) {
          parts.push("\n");
          sentences = 0;
        }
      } else parts.push("，");
      count++;
      clause = 4 + Math.floor(rand() * 9);
      if (inSentence > 0) inSentence = 0;
      continue;
    }
    if (left === 1 && count > 0) {
      parts.push("。");
      count++;
      break;
    }
    parts.push(sampleChar(rand));
    inSentence++;
    count++;
  }
  return parts.join("");
}
