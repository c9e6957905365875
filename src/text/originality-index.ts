// The in-memory originality index: fingerprint → postings in typed arrays, and `check`, which finds candidate
// sources by shared fingerprints and measures copied passages exactly against their text.
import { commonRuns, type Run } from "./align.ts";
import {
  createFingerprinter,
  DEFAULT_FINGERPRINT_PARAMS,
  decodeFingerprints,
  encodeFingerprints,
  type Fingerprinter,
  type FingerprintParams,
  sameParams,
} from "./fingerprint.ts";
import { emptyNormalised, type Normalised, normalise } from "./normalise.ts";
import type { CopiedSpan, OriginalityReport } from "./originality-report.ts";
import { countWords, countWordsInRanges } from "./wordcount.ts";

/** A document in the index: a post on the site or a piece of an imported reference corpus. */
export interface DocMeta {
  id: string;
  /** Documents sharing a lineage (a post, its drafts, its IOU completion) are never sources against each other. */
  lineage?: string;
  label?: string;
  author?: string;
  /** When it was written (ms since epoch); lets a re-check consider only earlier documents. */
  time?: number;
}

/** Source texts by document id: in memory, or backed by the database. */
export interface SourceTexts {
  get(docId: string): string | undefined;
}

export interface IndexOptions {
  params?: FingerprintParams;
  /** MOSS's -m: a fingerprint found in more documents than this is ignored when looking for sources. */
  maxDocFreq?: number;
  /** Where to read source texts; by default the index keeps the texts given to `add`. */
  texts?: SourceTexts;
  /** log2 of the bucket count of the main segment; default 20. */
  bucketBits?: number;
}

export interface CheckOptions {
  /** Documents that are not sources against this text (its own earlier drafts, the post itself). */
  excludeDocIds?: Iterable<string>;
  /** Every document of this lineage is excluded. */
  excludeLineage?: string;
  /** Only documents with `time` before this count (documents without a time always count). */
  sourcesBefore?: number;
  /** Copied share above which the post is flagged; default 20 (百度内容不得超过20%). */
  limitPercent?: number;
  /** Shortest copied run, in normalised characters; default 13 (RULINGS.md 17). */
  minRun?: number;
  /** Shortest whole sentence that counts when copied entire; 0 turns sentence matching off. Default 8. */
  minSentence?: number;
  ambiguousIsEastAsian?: boolean;
  /**
   * Runs from one source separated by at most this many changed, inserted or deleted characters are one
   * copied passage (a copier's small edits do not split it); default 3.
   */
  maxGap?: number;
  /** Winnowing window for the query's own fingerprints (1 = every k-gram); default 4. */
  queryWindow?: number;
  /** How many candidate sources are verified, best first; default 32. */
  maxCandidates?: number;
}

const EMPTY = 0xffffffff;
/** Chosen by bench/originality.ts: every k-gram costs a hash and a cache-missing lookup; 4 keeps most of the recall. */
const DEFAULT_QUERY_WINDOW = 4;
/** 2^20 buckets (4 MB): about 23 postings a bucket at 200k posts. */
const DEFAULT_BUCKET_BITS = 20;

/** The 32-bit halves of 64-bit values, read in place: BigInt arithmetic per value would allocate. */
function halvesView(fps: BigUint64Array): Uint32Array {
  return new Uint32Array(fps.buffer, fps.byteOffset, fps.length * 2);
}
// Typed arrays use the platform's byte order; every engine this runs on is little-endian.
const LO = 0;
const HI = 1;

/**
 * Postings live in two segments. The main segment is a bucketed array (CSR): buckets by the top bits of the
 * fingerprint's high half, each posting the low half and a document number (8 bytes). New postings go to a
 * small open-addressing table (full 64 bits) and are merged into the main segment once they reach half its
 * size, so merging costs amortised linear time.
 * The index compares bucket bits + 32 bits (over 50) to nominate candidates; a reported run is always
 * verified character by character, so a collision costs time, never a false copy.
 */
export class OriginalityIndex {
  readonly fingerprinter: Fingerprinter;
  readonly maxDocFreq: number;
  readonly #texts: SourceTexts;
  readonly #ownTexts: Map<string, string> | undefined;
  // Documents by number: ids in a plain array (strings are cheap for the garbage collector to mark), the
  // other fields only for documents that have them; an undefined id marks a removed document.
  #docs: (string | undefined)[] = [];
  #extra = new Map<number, Omit<DocMeta, "id">>();
  #byId = new Map<string, number>();
  #live = 0;
  /** Documents removed since the last compaction, whose postings it would drop. */
  #removedSinceCompact = 0;
  // Main segment: buckets by the top `#bits` bits of the high half. The count is fixed for the index's life
  // because the stored postings keep only the low half, so they could not be re-bucketed more finely.
  readonly #bits: number;
  #buckets: Uint32Array;
  #lo = new Uint32Array(0);
  #doc = new Uint32Array(0);
  // Pending segment: open addressing, one posting per slot.
  #pCap = 1 << 12;
  #pHi = new Uint32Array(this.#pCap);
  #pLo = new Uint32Array(this.#pCap);
  #pDoc = new Uint32Array(this.#pCap).fill(EMPTY);
  #pCount = 0;
  // Scratch for normalising the query and each candidate source (check is synchronous, so reuse is safe).
  #qScratch = emptyNormalised();
  #sScratch = emptyNormalised();
  // Scratch for tallying candidates.
  #tally = new Uint32Array(1024);

  constructor(fingerprinter: Fingerprinter, opts: IndexOptions = {}) {
    this.fingerprinter = fingerprinter;
    this.maxDocFreq = opts.maxDocFreq ?? 100;
    this.#bits = opts.bucketBits ?? DEFAULT_BUCKET_BITS;
    this.#buckets = new Uint32Array((1 << this.#bits) + 1);
    if (opts.texts) {
      this.#texts = opts.texts;
      this.#ownTexts = undefined;
    } else {
      const own = new Map<string, string>();
      this.#ownTexts = own;
      this.#texts = own;
    }
  }

  /** Loads the hash function and returns an empty index. */
  static async create(opts: IndexOptions = {}): Promise<OriginalityIndex> {
    return new OriginalityIndex(await createFingerprinter(opts.params ?? DEFAULT_FINGERPRINT_PARAMS), opts);
  }

  get params(): FingerprintParams {
    return this.fingerprinter.params;
  }

  /** Live documents. */
  get size(): number {
    return this.#live;
  }

  has(docId: string): boolean {
    return this.#byId.has(docId);
  }

  /** Fingerprints of a text, as the index computes them. */
  fingerprintText(text: string): BigUint64Array {
    const nm = normalise(text);
    return this.fingerprinter.fingerprints(nm.codes, nm.length);
  }

  /** Adds (or replaces) a document from its text; returns its fingerprint blob for the database. */
  add(meta: DocMeta, text: string): Uint8Array {
    const fps = this.fingerprintText(text);
    this.addFingerprints(meta, fps);
    this.#ownTexts?.set(meta.id, text);
    return encodeFingerprints(fps, this.params);
  }

  /** Adds (or replaces) a document from a stored blob (start-up); the text is read from `texts` when needed. */
  addBlob(meta: DocMeta, blob: Uint8Array): void {
    const { params, fingerprints } = decodeFingerprints(blob);
    if (!sameParams(params, this.params))
      throw new Error(`blob for ${meta.id} was made with other parameters`);
    this.addFingerprints(meta, fingerprints);
  }

  /** Adds (or replaces) a document from its fingerprints. */
  addFingerprints(meta: DocMeta, fps: BigUint64Array): void {
    if (this.#byId.has(meta.id)) this.remove(meta.id);
    const d = this.#docs.length;
    this.#docs.push(meta.id);
    const { id: _id, ...extra } = meta;
    if (Object.keys(extra).length > 0) this.#extra.set(d, extra);
    this.#byId.set(meta.id, d);
    this.#live++;
    if (this.#pCount + fps.length > this.#pCap / 2) this.#growPending(this.#pCount + fps.length);
    const h = halvesView(fps);
    for (let i = 0; i < fps.length; i++)
      this.#pendingInsert(h[2 * i + HI] as number, h[2 * i + LO] as number, d);
    if (this.#pCount > Math.max(1 << 16, this.#lo.length / 2)) this.compact();
  }

  /** Removes a document; its postings are dropped at the next compaction. */
  remove(docId: string): boolean {
    const d = this.#byId.get(docId);
    if (d === undefined) return false;
    this.#byId.delete(docId);
    this.#docs[d] = undefined;
    this.#extra.delete(d);
    this.#ownTexts?.delete(docId);
    this.#live--;
    this.#removedSinceCompact++;
    return true;
  }

  /** Merges pending postings into the main segment and drops removed documents' postings (linear). */
  compact(): void {
    // Nothing to merge or drop: the walk over every bucket (a million by default) would rebuild the same arrays.
    // At start-up on a site without posts, that walk was about a tenth of the time to the first answer.
    if (this.#pCount === 0 && this.#removedSinceCompact === 0) return;
    this.#removedSinceCompact = 0;
    const docs = this.#docs;
    const shift = 32 - this.#bits;
    const nb = 1 << this.#bits;
    const old = { buckets: this.#buckets, lo: this.#lo, doc: this.#doc };
    const counts = new Uint32Array(nb + 1);
    for (let b = 0; b < nb; b++)
      for (let i = old.buckets[b] as number; i < (old.buckets[b + 1] as number); i++)
        if (docs[old.doc[i] as number] !== undefined) counts[b + 1]!++;
    for (let s = 0; s < this.#pCap; s++) {
      const d = this.#pDoc[s] as number;
      if (d !== EMPTY && docs[d] !== undefined) counts[((this.#pHi[s] as number) >>> shift) + 1]!++;
    }
    for (let b = 1; b <= nb; b++) counts[b] = (counts[b] as number) + (counts[b - 1] as number);
    const total = counts[nb] as number;
    const fill = counts.slice(0, nb);
    const lo = new Uint32Array(total);
    const doc = new Uint32Array(total);
    for (let b = 0; b < nb; b++)
      for (let i = old.buckets[b] as number; i < (old.buckets[b + 1] as number); i++) {
        const d = old.doc[i] as number;
        if (docs[d] === undefined) continue;
        const at = fill[b]!++;
        lo[at] = old.lo[i] as number;
        doc[at] = d;
      }
    for (let s = 0; s < this.#pCap; s++) {
      const d = this.#pDoc[s] as number;
      if (d === EMPTY || docs[d] === undefined) continue;
      const at = fill[(this.#pHi[s] as number) >>> shift]!++;
      lo[at] = this.#pLo[s] as number;
      doc[at] = d;
    }
    this.#buckets = counts;
    this.#lo = lo;
    this.#doc = doc;
    this.#pCap = 1 << 12;
    this.#pHi = new Uint32Array(this.#pCap);
    this.#pLo = new Uint32Array(this.#pCap);
    this.#pDoc = new Uint32Array(this.#pCap).fill(EMPTY);
    this.#pCount = 0;
  }

  /** Bytes held by the postings and their buckets (the part that grows with the archive). */
  postingBytes(): number {
    return this.#buckets.byteLength + this.#lo.byteLength + this.#doc.byteLength + this.#pCap * 12;
  }

  /**
   * Checks a text against every indexed document: the copied share in Word 字数, each copied span with its
   * source, and whether the share is over the limit.
   */
  check(text: string, opts: CheckOptions = {}): OriginalityReport {
    const amb = opts.ambiguousIsEastAsian ?? true;
    const limitPercent = opts.limitPercent ?? 20;
    const minRun = opts.minRun ?? 13;
    const minSentence = opts.minSentence ?? 8;
    const words = countWords(text, { ambiguousIsEastAsian: amb }).words;
    const q = normalise(text, this.#qScratch);
    const candidates = this.#candidates(q, opts);
    const maxGap = opts.maxGap ?? 3;
    // Short seeds find the pieces between a copier's small edits; alone they never count (see copiedParts).
    const seedLen = Math.min(minRun, minSentence > 0 ? minSentence : minRun, 6);
    const found: { span: CopiedSpan; len: number }[] = [];
    for (const d of candidates) {
      const meta: DocMeta = { id: this.#docs[d] as string, ...this.#extra.get(d) };
      const srcText = this.#texts.get(meta.id);
      if (srcText === undefined) continue;
      const s = normalise(srcText, this.#sScratch);
      for (const [a, b, sa, sb] of copiedParts(
        commonRuns(q.codes, q.length, s.codes, s.length, seedLen),
        q,
        s,
        minRun,
        minSentence,
        maxGap,
      )) {
        const start = q.start[a] as number;
        const end = extendOverPunctuation(
          text,
          q.end[b - 1] as number,
          b < q.length ? (q.start[b] as number) : text.length,
        );
        found.push({
          span: {
            start,
            end,
            text: text.slice(start, end),
            source: {
              docId: meta.id,
              start: s.start[sa] as number,
              end: s.end[sb - 1] as number,
              ...(meta.label !== undefined ? { label: meta.label } : {}),
              ...(meta.author !== undefined ? { author: meta.author } : {}),
            },
          },
          len: b - a,
        });
      }
    }
    // Longest finds first; a find wholly inside an already kept span adds nothing.
    found.sort((x, y) => y.len - x.len || x.span.start - y.span.start);
    const spans: CopiedSpan[] = [];
    for (const f of found)
      if (!spans.some((k) => k.start <= f.span.start && f.span.end <= k.end)) spans.push(f.span);
    spans.sort((x, y) => x.start - y.start || y.end - x.end);
    const copiedWords = countWordsInRanges(text, mergeRanges(spans), { ambiguousIsEastAsian: amb });
    const bySource = new Map<string, CopiedSpan[]>();
    for (const s of spans) {
      const list = bySource.get(s.source.docId) ?? [];
      list.push(s);
      bySource.set(s.source.docId, list);
    }
    const sources = [...bySource.entries()]
      .map(([docId, list]) => {
        const first = (list[0] as CopiedSpan).source;
        return {
          docId,
          ...(first.label !== undefined ? { label: first.label } : {}),
          ...(first.author !== undefined ? { author: first.author } : {}),
          copiedWords: countWordsInRanges(text, mergeRanges(list), { ambiguousIsEastAsian: amb }),
        };
      })
      .sort((x, y) => y.copiedWords - x.copiedWords);
    const share = words === 0 ? 0 : Math.min(1, copiedWords / words);
    return {
      words,
      copiedWords,
      share,
      limitPercent,
      flagged: copiedWords * 100 > words * limitPercent,
      spans,
      sources,
    };
  }

  /** Candidate documents, most shared query k-grams first. */
  #candidates(q: Normalised, opts: CheckOptions): number[] {
    const grams = this.fingerprinter.queryFingerprints(
      q.codes,
      q.length,
      opts.queryWindow ?? DEFAULT_QUERY_WINDOW,
    );
    const excluded = new Set<number>();
    for (const id of opts.excludeDocIds ?? []) {
      const d = this.#byId.get(id);
      if (d !== undefined) excluded.add(d);
    }
    const docs = this.#docs;
    if (this.#tally.length < docs.length)
      this.#tally = new Uint32Array(Math.max(docs.length, this.#tally.length * 2));
    const tally = this.#tally;
    const touched: number[] = [];
    const hits: number[] = [];
    const shift = 32 - this.#bits;
    const h = halvesView(grams);
    for (let g = 0; g < grams.length; g++) {
      const hi = h[2 * g + HI] as number;
      const lo = h[2 * g + LO] as number;
      hits.length = 0;
      const b = hi >>> shift;
      const end = this.#buckets[b + 1] as number;
      for (let i = this.#buckets[b] as number; i < end; i++)
        if (this.#lo[i] === lo) hits.push(this.#doc[i] as number);
      const mask = this.#pCap - 1;
      for (let s = slotOf(hi, lo) & mask; this.#pDoc[s] !== EMPTY; s = (s + 1) & mask)
        if (this.#pLo[s] === lo && this.#pHi[s] === hi) hits.push(this.#pDoc[s] as number);
      if (hits.length > this.maxDocFreq && this.#owners(hits) > this.maxDocFreq) continue;
      for (const d of hits) {
        if (tally[d] === 0) touched.push(d);
        tally[d] = (tally[d] as number) + 1;
      }
    }
    const out: number[] = [];
    for (const d of touched) {
      const meta = docs[d] === undefined ? undefined : (this.#extra.get(d) ?? {});
      if (
        meta !== undefined &&
        !excluded.has(d) &&
        !(opts.excludeLineage !== undefined && meta.lineage === opts.excludeLineage) &&
        !(opts.sourcesBefore !== undefined && meta.time !== undefined && meta.time >= opts.sourcesBefore)
      )
        out.push(d);
    }
    out.sort((x, y) => (tally[y] as number) - (tally[x] as number) || x - y);
    for (const d of touched) tally[d] = 0;
    return out.slice(0, opts.maxCandidates ?? 32);
  }

  /**
   * How many owners the documents hold among them: a lineage counts once, a document without one by itself. A
   * fingerprint is common (MOSS's -m) when many writers use it, not when one writer posts the same passage a hundred
   * times: counted by document, an account could hide any passage from the check by posting it 101 times.
   */
  #owners(docs: readonly number[]): number {
    const seen = new Set<string | number>();
    for (const d of docs) seen.add(this.#extra.get(d)?.lineage ?? d);
    return seen.size;
  }

  #pendingInsert(hi: number, lo: number, d: number): void {
    const mask = this.#pCap - 1;
    let s = slotOf(hi, lo) & mask;
    while (this.#pDoc[s] !== EMPTY) s = (s + 1) & mask;
    this.#pHi[s] = hi;
    this.#pLo[s] = lo;
    this.#pDoc[s] = d;
    this.#pCount++;
  }

  #growPending(need: number): void {
    let cap = this.#pCap;
    while (need > cap / 2) cap *= 2;
    if (cap === this.#pCap) return;
    const [oHi, oLo, oDoc, oCap] = [this.#pHi, this.#pLo, this.#pDoc, this.#pCap];
    this.#pCap = cap;
    this.#pHi = new Uint32Array(cap);
    this.#pLo = new Uint32Array(cap);
    this.#pDoc = new Uint32Array(cap).fill(EMPTY);
    this.#pCount = 0;
    for (let s = 0; s < oCap; s++)
      if (oDoc[s] !== EMPTY) this.#pendingInsert(oHi[s] as number, oLo[s] as number, oDoc[s] as number);
  }
}

function slotOf(hi: number, lo: number): number {
  return (Math.imul(lo ^ (hi >>> 7), 0x9e3779b1) ^ hi) >>> 0;
}

/**
 * The copied parts, as [queryStart, queryEnd, sourceStart, sourceEnd) in normalised positions. Runs from one
 * source that follow each other with small gaps on nearly the same diagonal are chained into one passage
 * (edited characters inside it count as copied). A chain of at least `minRun` characters counts whole;
 * otherwise only whole sentences of at least `minSentence` characters that are whole sentences in the source too.
 */
function copiedParts(
  runs: Run[],
  q: Normalised,
  s: Normalised,
  minRun: number,
  minSentence: number,
  maxGap: number,
): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  const sorted = [...runs].sort((x, y) => x.qStart - y.qStart || x.sStart - y.sStart);
  const used = new Uint8Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    if (used[i]) continue;
    const first = sorted[i] as Run;
    const chain: Run[] = [first];
    used[i] = 1;
    let last = first;
    for (let j = i + 1; j < sorted.length; j++) {
      const r = sorted[j] as Run;
      if (r.qStart - last.qEnd > maxGap) break;
      if (used[j]) continue;
      const lastSEnd = last.sStart + (last.qEnd - last.qStart);
      const sGap = r.sStart - lastSEnd;
      const qGap = r.qStart - last.qEnd;
      if (r.qEnd > last.qEnd && sGap >= -maxGap && sGap <= maxGap && Math.abs(sGap - qGap) <= maxGap) {
        chain.push(r);
        used[j] = 1;
        last = r;
      }
    }
    const qa = first.qStart;
    const qb = last.qEnd;
    if (qb - qa >= minRun) {
      out.push([qa, qb, first.sStart, last.sStart + (last.qEnd - last.qStart)]);
      continue;
    }
    if (minSentence <= 0) continue;
    for (const run of chain) for (const part of wholeSentences(run, q, s, minSentence)) out.push(part);
  }
  return out;
}

/** The whole sentences inside a run that are whole sentences in the source too and reach `minSentence`. */
function wholeSentences(
  run: Run,
  q: Normalised,
  s: Normalised,
  minSentence: number,
): [number, number, number, number][] {
  const d = run.sStart - run.qStart;
  const isBoundary = (nm: Normalised, j: number) => j === nm.length || nm.sentenceStart[j] === 1;
  const out: [number, number, number, number][] = [];
  let p = run.qStart;
  while (p < run.qEnd && !isBoundary(q, p)) p++;
  while (p < run.qEnd) {
    let e = p + 1;
    while (e < q.length && !isBoundary(q, e)) e++;
    if (e > run.qEnd) break;
    if (e - p >= minSentence && isBoundary(s, p + d) && isBoundary(s, e + d)) out.push([p, e, p + d, e + d]);
    p = e;
  }
  return out;
}

/** A copied passage's closing punctuation belongs to it (it was copied too); whitespace does not. */
function extendOverPunctuation(text: string, end: number, limit: number): number {
  let e = end;
  while (e < limit) {
    const c = text.charCodeAt(e);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x3000) break;
    e++;
  }
  return e;
}

function mergeRanges(spans: ReadonlyArray<{ start: number; end: number }>): [number, number][] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: [number, number][] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && s.start <= last[1]) last[1] = Math.max(last[1], s.end);
    else out.push([s.start, s.end]);
  }
  return out;
}
