// "百度内容": the platform cannot search the web, so it picks a post's most distinctive sentences and gives the
// referee ready-made search links built from a configurable URL template.
import { charRank, rankedChars } from "./char-frequency.ts";

export interface SearchLinkOptions {
  /** URL template; `{q}` is replaced by the URL-encoded sentence. */
  template?: string;
  /** How many sentences; default 3. */
  count?: number;
  /** Shortest sentence worth searching, in Han characters; default 8. */
  minChars?: number;
  /** Longest query (Baidu ignores what follows 38 characters); longer sentences are cut at a comma. */
  maxChars?: number;
}

export interface SearchLink {
  sentence: string;
  url: string;
  /** Mean rarity of its characters: higher is more distinctive. */
  score: number;
}

export const DEFAULT_SEARCH_TEMPLATE = "https://www.baidu.com/s?wd={q}";

const HAN = /\p{Script=Han}/u;

/** Sentences and, for long ones, clauses, trimmed of punctuation and spaces. */
function pieces(text: string, maxChars: number): string[] {
  const out: string[] = [];
  for (const sentence of text.split(/[。！？!?；;…\n\r]+/u)) {
    const s = sentence.trim();
    if ([...s].length <= maxChars) out.push(s);
    else for (const clause of s.split(/[，,、：:]+/u)) out.push(clause.trim().slice(0, maxChars));
  }
  return out.map((s) => s.replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, "")).filter((s) => s !== "");
}

/** Rarity of a sentence: the mean log-rank of its Han characters in the frequency table (pure). */
export function distinctiveness(sentence: string): number {
  const unknown = rankedChars().length * 2;
  let sum = 0;
  let n = 0;
  for (const ch of sentence) {
    if (!HAN.test(ch)) continue;
    const r = charRank(ch);
    sum += Math.log2(2 + (r >= rankedChars().length ? unknown : r));
    n++;
  }
  return n === 0 ? 0 : sum / n;
}

/** The most distinctive sentences of a post, most distinctive first, with search links (pure). */
export function searchLinks(text: string, opts: SearchLinkOptions = {}): SearchLink[] {
  const template = opts.template ?? DEFAULT_SEARCH_TEMPLATE;
  const minChars = opts.minChars ?? 8;
  const seen = new Set<string>();
  const scored: SearchLink[] = [];
  for (const sentence of pieces(text, opts.maxChars ?? 38)) {
    if (seen.has(sentence)) continue;
    seen.add(sentence);
    const han = [...sentence].filter((c) => HAN.test(c)).length;
    if (han < minChars) continue;
    const score = distinctiveness(sentence);
    scored.push({ sentence, score, url: template.replaceAll("{q}", encodeURIComponent(sentence)) });
  }
  return scored.sort((a, b) => b.score - a.score).slice(0, opts.count ?? 3);
}
