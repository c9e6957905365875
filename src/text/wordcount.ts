// Word-compatible 字数: classifies each code point the way Microsoft Word's word count does (RULINGS.md 5).
import { eastAsianWidthType } from "get-east-asian-width";

export interface WordCountOptions {
  /** Whether East-Asian-ambiguous punctuation and symbols (“ ” — … · ※ ◇ ℃) count as East Asian. Default true. */
  ambiguousIsEastAsian?: boolean;
}

export interface WordCount {
  /** 字数: East Asian characters plus runs of other non-space characters. */
  words: number;
  /** 字符数(不计空格). */
  chars: number;
  /** 字符数(计空格): line breaks are paragraph marks, not characters, as in Word. */
  charsWithSpaces: number;
  eastAsian: number;
  nonChineseWords: number;
  /** Paragraphs with at least one character. */
  paragraphs: number;
}

/** How one code point takes part in the count. */
export const CharClass = {
  Unknown: 0,
  LineBreak: 1,
  Space: 2,
  Ignored: 3,
  EastAsian: 4,
  /** East Asian only when ambiguous-width punctuation counts as East Asian. */
  Ambiguous: 5,
  Other: 6,
} as const;
export type CharClass = (typeof CharClass)[keyof typeof CharClass];

const WHITE_SPACE = /^\p{White_Space}$/u;
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
// Emoji skin-tone modifiers (U+1F3FB–1F3FF) are wide but not pictographic: part of the emoji they follow, as
// ordinary text, or 👍🏽 would count 1 字 and 400 of them make an 800-字 kill post.
const PICTOGRAPHIC = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}]$/u;
const PUNCT_OR_SYMBOL = /^[\p{P}\p{S}]$/u;
const EAST_ASIAN_SCRIPT =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]$/u;

// Lazily filled per code point: classifying through regexes is slow, a table lookup is not.
const table = new Uint8Array(0x110000);

function classifySlow(cp: number): CharClass {
  const ch = String.fromCodePoint(cp);
  if (
    cp === 0x0a ||
    cp === 0x0b ||
    cp === 0x0c ||
    cp === 0x0d ||
    cp === 0x85 ||
    cp === 0x2028 ||
    cp === 0x2029
  )
    return CharClass.LineBreak;
  if (WHITE_SPACE.test(ch)) return CharClass.Space;
  if (IGNORABLE.test(ch)) return CharClass.Ignored;
  if (EAST_ASIAN_SCRIPT.test(ch)) return CharClass.EastAsian;
  const width = eastAsianWidthType(cp);
  // Word treats emoji as ordinary (non-Asian) text even though they are wide: 👍👎👏 is one word.
  if ((width === "wide" || width === "fullwidth") && !PICTOGRAPHIC.test(ch)) return CharClass.EastAsian;
  // Ambiguous letters and numbers (Greek, ①) stay Western; only punctuation and symbols switch.
  if (width === "ambiguous" && PUNCT_OR_SYMBOL.test(ch)) return CharClass.Ambiguous;
  return CharClass.Other;
}

/** The class of a code point (total; cached). */
export function classify(cp: number): CharClass {
  let c = table[cp] as CharClass;
  if (c === CharClass.Unknown) {
    c = classifySlow(cp);
    table[cp] = c;
  }
  return c;
}

/** Counts 字数 and Word's other statistics in one pass (linear time, by code point). */
export function countWords(text: string, opts: WordCountOptions = {}): WordCount {
  const amb = opts.ambiguousIsEastAsian ?? true;
  let eastAsian = 0;
  let nonChineseWords = 0;
  let chars = 0;
  let spaces = 0;
  let paragraphs = 0;
  let inRun = false;
  let paragraphHasText = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < n) {
      const lo = text.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = ((cp - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
        i++;
      }
    }
    let c: CharClass = classify(cp);
    if (c === CharClass.Ambiguous) c = amb ? CharClass.EastAsian : CharClass.Other;
    switch (c) {
      case CharClass.LineBreak:
        inRun = false;
        if (paragraphHasText) paragraphs++;
        paragraphHasText = false;
        break;
      case CharClass.Space:
        inRun = false;
        spaces++;
        break;
      case CharClass.Ignored:
        break;
      case CharClass.EastAsian:
        inRun = false;
        eastAsian++;
        chars++;
        paragraphHasText = true;
        break;
      default:
        if (!inRun) nonChineseWords++;
        inRun = true;
        chars++;
        paragraphHasText = true;
    }
  }
  if (paragraphHasText) paragraphs++;
  return {
    words: eastAsian + nonChineseWords,
    chars,
    charsWithSpaces: chars + spaces,
    eastAsian,
    nonChineseWords,
    paragraphs,
  };
}

/**
 * 字数 of the parts of `text` inside `ranges` (UTF-16 [start, end), sorted, non-overlapping).
 * A Western word that is only partly inside counts in proportion, so covered + uncovered = total.
 */
export function countWordsInRanges(
  text: string,
  ranges: ReadonlyArray<readonly [number, number]>,
  opts: WordCountOptions = {},
): number {
  const amb = opts.ambiguousIsEastAsian ?? true;
  let total = 0;
  let r = 0;
  let runLen = 0;
  let runCovered = 0;
  const n = text.length;
  const isCovered = (pos: number): boolean => {
    while (r < ranges.length && (ranges[r] as readonly [number, number])[1] <= pos) r++;
    const cur = ranges[r];
    return cur !== undefined && cur[0] <= pos;
  };
  const endRun = () => {
    if (runLen > 0) total += runCovered / runLen;
    runLen = 0;
    runCovered = 0;
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
    let c: CharClass = classify(cp);
    if (c === CharClass.Ambiguous) c = amb ? CharClass.EastAsian : CharClass.Other;
    if (c === CharClass.Ignored) continue;
    if (c === CharClass.Other) {
      runLen++;
      if (isCovered(at)) runCovered++;
      continue;
    }
    endRun();
    if (c === CharClass.EastAsian && isCovered(at)) total++;
  }
  endRun();
  return total;
}
