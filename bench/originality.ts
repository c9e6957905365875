// Originality bench: builds a synthetic archive (default 200,000 posts of 800–1,200 字), then prints the build rate,
// memory per post, query latency, accuracy on planted copies, false flags, and the speed-up over a naive scan.
// Quick run: BENCH_POSTS=20000 node --import tsx bench/originality.ts   Parameter sweep: BENCH_SWEEP=1.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { DEFAULT_FINGERPRINT_PARAMS, type FingerprintParams } from "../src/text/fingerprint.ts";
import { normalise } from "../src/text/normalise.ts";
import { OriginalityIndex } from "../src/text/originality-index.ts";
import { seededRandom, syntheticText } from "../src/text/synthetic.ts";
import { countWords } from "../src/text/wordcount.ts";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : process.env[`BENCH_${name.toUpperCase()}`];
}

const POSTS = Number(arg("posts") ?? 200_000);
const QUERIES = Number(arg("queries") ?? 300);

/** Post i of the archive: 800–1,200 字, regenerated on demand (stands in for the database). */
function postWords(i: number): number {
  return 800 + Math.floor(seededRandom(i * 2654435761)() * 401);
}
function postText(i: number): string {
  return syntheticText(i + 1, postWords(i));
}

function memory(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Seeds for a query's own text, far from the archive's (a shared seed would make a shared prefix). */
const OWN_SEEDS = 1_000_000_000;

/** A 1,200-字 post with `pct`% copied from random archive posts in passages of 40–120 字 (exact share returned). */
function planted(seed: number, pct: number, posts: number): { text: string; share: number } {
  const rand = seededRandom(seed);
  const total = 1200;
  const copiedTarget = Math.round((total * pct) / 100);
  const count = Math.max(1, Math.ceil(copiedTarget / 120));
  const parts: { text: string; copied: boolean }[] = [];
  let ownLeft = total - copiedTarget;
  for (let c = 0; c < count && copiedTarget > 0; c++) {
    const n = Math.floor(copiedTarget / count) + (c < copiedTarget % count ? 1 : 0);
    const own = Math.floor(ownLeft / (count - c + 1));
    ownLeft -= own;
    if (own > 0) parts.push({ text: syntheticText(OWN_SEEDS + seed * 31 + c, own), copied: false });
    const src = postText(Math.floor(rand() * posts)).replace(/\n/g, "");
    let at = Math.floor(rand() * (src.length - n - 20));
    while (/[，。！？]/.test(src[at] as string)) at++;
    parts.push({ text: src.slice(at, at + n), copied: true });
  }
  if (ownLeft > 0) parts.push({ text: syntheticText(OWN_SEEDS + seed * 31 + 999, ownLeft), copied: false });
  const text = parts.map((p) => p.text).join("");
  const words = countWords(text).words;
  const copied = parts.filter((p) => p.copied).reduce((s, p) => s + countWords(p.text).words, 0);
  return { text, share: copied / words };
}

interface RunResult {
  params: FingerprintParams;
  buildCharsPerSec: number;
  bytesPerPost: number;
  p50: number;
  p99: number;
  meanErr: number;
  maxErr: number;
  independentMean: number;
  independentMax: number;
  falseFlagRate: number;
  flagged15: number;
  flagged25: number;
  flagged30: number;
  index: OriginalityIndex;
}

async function run(
  posts: number,
  params: FingerprintParams,
  queries: number,
  log: boolean,
): Promise<RunResult> {
  const texts = {
    get: (id: string) => postText(Number(id.slice(1))),
  };
  const index = await OriginalityIndex.create({ params, texts });
  const before = memory();
  let chars = 0;
  let addMs = 0;
  const batch = 2000;
  for (let start = 0; start < posts; start += batch) {
    const end = Math.min(posts, start + batch);
    const batchTexts: string[] = [];
    for (let i = start; i < end; i++) batchTexts.push(postText(i));
    const t0 = performance.now();
    for (let i = start; i < end; i++) index.add({ id: `p${i}` }, batchTexts[i - start] as string);
    addMs += performance.now() - t0;
    for (const t of batchTexts) chars += t.length;
    if (log && end % 20000 === 0) process.stderr.write(`  built ${end}/${posts}\r`);
  }
  const t0 = performance.now();
  index.compact();
  addMs += performance.now() - t0;
  const bytesPerPost = (memory() - before) / posts;
  if (log) process.stderr.write("\n");

  // Latency: 1,200-字 posts, half independent, half with copies.
  const queryTexts: string[] = [];
  for (let q = 0; q < queries; q++)
    queryTexts.push(
      q % 2 === 0 ? syntheticText(OWN_SEEDS + 10_000_000 + q, 1200) : planted(q, 5 + (q % 40), posts).text,
    );
  for (let q = 0; q < 20; q++) index.check(queryTexts[q] as string);
  const times: number[] = [];
  for (const t of queryTexts) {
    const s = performance.now();
    index.check(t);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  if (log)
    console.error(
      `  slowest queries (ms): ${times
        .slice(-6)
        .map((t) => t.toFixed(2))
        .join(", ")}`,
    );

  // Accuracy on planted copies over a spread of shares.
  let errSum = 0;
  let errMax = 0;
  let n = 0;
  const flagRate = (pct: number) => {
    let flagged = 0;
    for (let s = 0; s < 100; s++) {
      const p = planted(pct * 1000 + s, pct, posts);
      const r = index.check(p.text);
      const err = Math.abs(r.share - p.share) * 100;
      errSum += err;
      errMax = Math.max(errMax, err);
      n++;
      if (r.flagged) flagged++;
    }
    return flagged / 100;
  };
  const flagged15 = flagRate(15);
  const flagged25 = flagRate(25);
  const flagged30 = flagRate(30);
  for (const pct of [5, 10, 19, 21, 50, 100]) flagRate(pct);

  let indSum = 0;
  let indMax = 0;
  let falseFlags = 0;
  const independent = 300;
  for (let q = 0; q < independent; q++) {
    const r = index.check(syntheticText(OWN_SEEDS + 20_000_000 + q, 800 + (q % 401)));
    indSum += r.share;
    indMax = Math.max(indMax, r.share);
    if (r.flagged) falseFlags++;
  }
  return {
    params,
    buildCharsPerSec: chars / (addMs / 1000),
    bytesPerPost,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    meanErr: errSum / n,
    maxErr: errMax,
    independentMean: (indSum / independent) * 100,
    independentMax: indMax * 100,
    falseFlagRate: falseFlags / independent,
    flagged15,
    flagged25,
    flagged30,
    index,
  };
}

/** The naive baseline: every post's full k-gram set, intersected with the query's, post by post. */
function naivePerQueryMs(
  index: OriginalityIndex,
  posts: number,
  sample: number,
): { ms: number; sample: number } {
  const fp = index.fingerprinter;
  const sets: BigUint64Array[] = [];
  for (let i = 0; i < sample; i++) {
    const nm = normalise(postText(i));
    sets.push(fp.allGrams(nm.codes, nm.length));
  }
  const reps = 5;
  let ms = 0;
  for (let r = 0; r < reps; r++) {
    const query = planted(555 + r, 25, sample).text;
    const s = performance.now();
    const nm = normalise(query);
    const qs = fp.allGrams(nm.codes, nm.length);
    let best = 0;
    for (const set of sets) {
      let i = 0;
      let j = 0;
      let common = 0;
      while (i < qs.length && j < set.length) {
        const a = qs[i] as bigint;
        const b = set[j] as bigint;
        if (a === b) {
          common++;
          i++;
          j++;
        } else if (a < b) i++;
        else j++;
      }
      if (common > best) best = common;
    }
    ms += performance.now() - s;
    if (best === 0) throw new Error("naive baseline found nothing");
  }
  // The scan is linear in the archive, so a sample scales exactly.
  return { ms: (ms / reps) * (posts / sample), sample };
}

function fmt(n: number, d = 2): string {
  return n.toFixed(d);
}

if (process.env.BENCH_SWEEP === "1") {
  const posts = Number(arg("sweep_posts") ?? 10_000);
  console.log(`originality sweep over ${posts} posts`);
  console.log(
    "k\tw\tB/post\tbuild Mchar/s\tp50 ms\tp99 ms\tmean err\tmax err\tflag15\tflag25\tflag30\tind max%",
  );
  for (const k of [6, 8, 10])
    for (const w of [8, 12, 16, 24]) {
      const r = await run(posts, { ...DEFAULT_FINGERPRINT_PARAMS, k, w }, 200, false);
      console.log(
        [k, w, fmt(r.bytesPerPost, 0), fmt(r.buildCharsPerSec / 1e6, 1), fmt(r.p50, 3), fmt(r.p99, 3)]
          .concat([fmt(r.meanErr), fmt(r.maxErr), fmt(r.flagged15), fmt(r.flagged25), fmt(r.flagged30)])
          .concat([fmt(r.independentMax)])
          .join("\t"),
      );
    }
} else {
  const params = {
    ...DEFAULT_FINGERPRINT_PARAMS,
    k: Number(arg("k") ?? DEFAULT_FINGERPRINT_PARAMS.k),
    w: Number(arg("w") ?? DEFAULT_FINGERPRINT_PARAMS.w),
  };
  console.log(`originality bench: ${POSTS} posts of 800–1,200 字, k=${params.k}, w=${params.w}`);
  const r = await run(POSTS, params, QUERIES, true);
  const naive = naivePerQueryMs(r.index, POSTS, Math.min(POSTS, Number(arg("naive_sample") ?? 10_000)));
  const rows: [string, string, string][] = [
    ["index build rate", `${fmt(r.buildCharsPerSec / 1e6, 1)}M chars/s`, "aim ≥ 5M"],
    ["memory per post", `${fmt(r.bytesPerPost, 0)} B`, "aim < 1,536"],
    ["query p50 (1,200 字)", `${fmt(r.p50, 3)} ms`, ""],
    ["query p99 (1,200 字)", `${fmt(r.p99, 3)} ms`, "aim < 3"],
    [
      "naive scan per query",
      `${fmt(naive.ms, 0)} ms`,
      `measured over ${naive.sample} posts, scaled linearly`,
    ],
    ["speed-up over naive (p50)", `${fmt(naive.ms / r.p50, 0)}×`, "aim ≥ 1,000×"],
    [
      "share error on planted copies",
      `mean ${fmt(r.meanErr)} / max ${fmt(r.maxErr)} points`,
      "aim mean < 1.5",
    ],
    [
      "independent posts: share",
      `mean ${fmt(r.independentMean, 3)}% / max ${fmt(r.independentMax, 3)}%`,
      "aim < 1 / ≤ 5",
    ],
    ["independent posts flagged", `${fmt(r.falseFlagRate * 100, 1)}%`, ""],
    ["15% copied flagged", `${fmt(r.flagged15 * 100, 0)}%`, "aim 0%"],
    ["25% copied flagged", `${fmt(r.flagged25 * 100, 0)}%`, "aim ≥ 95%"],
    ["30% copied flagged", `${fmt(r.flagged30 * 100, 0)}%`, "aim 100%"],
  ];
  for (const [name, value, aim] of rows) console.log(`${name.padEnd(32)} ${value.padEnd(34)} ${aim}`);
}
