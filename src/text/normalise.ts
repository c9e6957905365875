// Normalisation for copy matching: NFKC, traditional → simplified, lower case, punctuation and spaces dropped,
// with a map from every normalised character back to its offsets in the original text.
import * as OpenCC from "opencc-js/t2cn";

export interface Normalised {
  /** Normalised code points; only the first `length` entries are used. */
  codes: Uint32Array;
  /** UTF-16 offset in the original text where the character behind codes[j] starts. */
  start: Uint32Array;
  /** UTF-16 offset where it ends (exclusive). */
  end: Uint32Array;
  /** 1 where a sentence boundary (。！？；… or a line break) lies before codes[j]. */
  sentenceStart: Uint8Array;
  length: number;
}

// Three OpenCC tables, applied one character at a time: phrase-level conversion would map the same
// character differently by context, and matching needs one canonical form per character. Typed here: the package's
// types do not resolve under NodeNext (types/full.d.ts re-exports './core' without an extension), so its converters
// would otherwise be untyped.
const toSimplified: readonly ((text: string) => string)[] = [
  OpenCC.Converter({ from: "t", to: "cn" }),
  OpenCC.Converter({ from: "tw", to: "cn" }),
  OpenCC.Converter({ from: "hk", to: "cn" }),
];

// Default-ignorable code points (U+3164 and U+FFA0 Hangul fillers among them) and blank symbols (U+2800 braille
// blank, U+1D159 null notehead) show as nothing: put between every character of a copy, they broke every k-gram
// while its 字数 stayed the same.
const DROP = /[\p{P}\p{White_Space}\p{C}\p{M}\p{Default_Ignorable_Code_Point}\u2800\u{1D159}]/u;
const SENTENCE_END = /[。！？!?；;…\n\r\u2028\u2029｡]/u;

// Per code point: (mapped << 3) | tag. Tag 0: not yet computed; 1: dropped; 2: dropped, ends a sentence;
// 3: maps to one code point; 4: maps to several (kept in `multi`).
const TAG_DROP = 1;
const TAG_DROP_SENTENCE = 2;
const TAG_ONE = 3;
const TAG_MANY = 4;
const bmp = new Int32Array(0x10000);
const astral = new Map<number, number>();
const multi = new Map<number, number[]>();

function mapSlow(cp: number): number {
  const original = String.fromCodePoint(cp);
  const nfkc = original.normalize("NFKC");
  const out: number[] = [];
  for (const ch of nfkc) {
    let s = ch;
    for (const convert of toSimplified) {
      const c = convert(s);
      if ([...c].length === 1) s = c;
    }
    s = s.toLowerCase();
    for (const c of s) if (!DROP.test(c)) out.push(c.codePointAt(0) as number);
  }
  if (out.length === 0)
    return SENTENCE_END.test(original) || SENTENCE_END.test(nfkc) ? TAG_DROP_SENTENCE : TAG_DROP;
  if (out.length === 1) return ((out[0] as number) << 3) | TAG_ONE;
  multi.set(cp, out);
  return TAG_MANY;
}

function mapCodePoint(cp: number): number {
  if (cp < 0x10000) {
    let m = bmp[cp] as number;
    if (m === 0) {
      m = mapSlow(cp);
      bmp[cp] = m;
    }
    return m;
  }
  let m = astral.get(cp);
  if (m === undefined) {
    m = mapSlow(cp);
    astral.set(cp, m);
  }
  return m;
}

/** A reusable target for `normalise`, so hot paths do not allocate per call. */
export function emptyNormalised(): Normalised {
  return {
    codes: new Uint32Array(0),
    start: new Uint32Array(0),
    end: new Uint32Array(0),
    sentenceStart: new Uint8Array(0),
    length: 0,
  };
}

/** Normalises `text` for matching (pure, linear time); writes into `into` when given, growing its arrays. */
export function normalise(text: string, into?: Normalised): Normalised {
  const n = text.length;
  let cap = n + 16;
  let codes: Uint32Array;
  let start: Uint32Array;
  let end: Uint32Array;
  let sentenceStart: Uint8Array;
  if (into !== undefined && into.codes.length >= cap) {
    ({ codes, start, end, sentenceStart } = into);
    cap = codes.length;
  } else {
    codes = new Uint32Array(cap);
    start = new Uint32Array(cap);
    end = new Uint32Array(cap);
    sentenceStart = new Uint8Array(cap);
  }
  let len = 0;
  let boundary = 1;
  const push = (code: number, s: number, e: number) => {
    if (len === cap) {
      cap *= 2;
      const grow = <T extends Uint32Array | Uint8Array>(a: T, b: T): T => {
        b.set(a);
        return b;
      };
      codes = grow(codes, new Uint32Array(cap));
      start = grow(start, new Uint32Array(cap));
      end = grow(end, new Uint32Array(cap));
      sentenceStart = grow(sentenceStart, new Uint8Array(cap));
    }
    codes[len] = code;
    start[len] = s;
    end[len] = e;
    sentenceStart[len] = boundary;
    boundary = 0;
    len++;
  };
  for (let i = 0; i < n; i++) {
    const at = i;
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < n) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = ((cp - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
        i++;
      }
    }
    const m = mapCodePoint(cp);
    const tag = m & 7;
    if (tag === TAG_ONE) push(m >>> 3, at, i + 1);
    else if (tag === TAG_DROP_SENTENCE) boundary = 1;
    else if (tag === TAG_MANY) for (const c of multi.get(cp) as number[]) push(c, at, i + 1);
  }
  if (into === undefined) return { codes, start, end, sentenceStart, length: len };
  into.codes = codes;
  into.start = start;
  into.end = end;
  into.sentenceStart = sentenceStart;
  into.length = len;
  return into;
}

/** The normalised text as a string (for tests and debugging). */
export function normalisedString(nm: Normalised): string {
  let s = "";
  for (let j = 0; j < nm.length; j++) s += String.fromCodePoint(nm.codes[j] as number);
  return s;
}
