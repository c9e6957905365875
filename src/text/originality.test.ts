// Tests the originality check on planted copies of exactly known share, script and width changes, short common
// phrases, exclusions, the fingerprint blob and the player's view.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import * as OpenCC from "opencc-js/cn2t";
import { commonRuns } from "./align.ts";
import { decodeFingerprints, encodeFingerprints } from "./fingerprint.ts";
import { normalise, normalisedString } from "./normalise.ts";
import { OriginalityIndex } from "./originality-index.ts";
import { playerView } from "./originality-report.ts";
import { seededRandom, syntheticText } from "./synthetic.ts";
import { countWords } from "./wordcount.ts";

const toTraditional: (text: string) => string = OpenCC.Converter({ from: "cn", to: "tw" });
const ARCHIVE = 200;
const docText = (i: number) => syntheticText(1000 + i, 1000);

let index: OriginalityIndex;
before(async () => {
  index = await OriginalityIndex.create();
  for (let i = 0; i < ARCHIVE; i++)
    index.add({ id: `post-${i}`, author: `author-${i % 17}`, label: `帖 ${i}` }, docText(i));
});

type Piece = { text: string; copied: boolean };

/** A passage of `words` 字 from archive document `doc`, starting at a character (not punctuation). */
function passage(doc: number, words: number, offset: number): string {
  const src = docText(doc).replace(/\n/g, "");
  let at = offset;
  while (/[，。！？]/.test(src[at] as string)) at++;
  return src.slice(at, at + words);
}

/** Changes one character in every `every` (a small edit the copier made), keeping the length. */
function edit(text: string, every: number, seed: number): string {
  const rand = seededRandom(seed);
  const chars = [...text];
  for (let i = Math.floor(every / 2); i < chars.length; i += every) chars[i] = rand() < 0.5 ? "甲" : "乙";
  return chars.join("");
}

/** Assembles a post; returns it with its exact copied share (copied 字 ÷ all 字). */
function assemble(pieces: Piece[]): { text: string; share: number } {
  const text = pieces.map((p) => p.text).join("");
  const total = countWords(text).words;
  const copied = pieces.filter((p) => p.copied).reduce((n, p) => n + countWords(p.text).words, 0);
  return { text, share: copied / total };
}

/** A post of 1000 字 in which `copiedWords` 字 come from archive passages. */
function plantedPost(seed: number, copiedWords: number, transform: (s: string) => string = (s) => s) {
  const pieces: Piece[] = [];
  const rand = seededRandom(seed);
  // Passages of at most 100 字, evenly sized so none falls under the 13-character minimum.
  const count = Math.ceil(copiedWords / 100);
  const chunks = Array.from(
    { length: count },
    (_, i) => Math.floor(copiedWords / count) + (i < copiedWords % count ? 1 : 0),
  );
  const originalWords = 1000 - copiedWords;
  const gap = Math.floor(originalWords / (chunks.length + 1));
  let own = 0;
  for (const [i, n] of chunks.entries()) {
    const ownText = syntheticText(seed * 7 + i, gap);
    pieces.push({ text: `${ownText}。`, copied: false });
    own += gap + 1;
    const doc = Math.floor(rand() * ARCHIVE);
    pieces.push({ text: transform(passage(doc, n, 100 + Math.floor(rand() * 700))), copied: true });
  }
  pieces.push({
    text: `。${syntheticText(seed * 7 + 99, Math.max(1, originalWords - own - 1))}`,
    copied: false,
  });
  return assemble(pieces);
}

function assertShare(estimated: number, known: number) {
  assert.ok(
    Math.abs(estimated - known) <= 0.02,
    `estimated ${(estimated * 100).toFixed(2)}% vs known ${(known * 100).toFixed(2)}%`,
  );
}

describe("originality: 百度内容不得超过20% / 模仿（整句或整段摘抄）字数超过全文字数20%以上者均属抄袭", () => {
  for (const pct of [0, 10, 19, 21, 30]) {
    it(`a post with ${pct}% planted copy is estimated within 2 points (with small edits)`, () => {
      const post = plantedPost(pct + 11, pct * 10, (s) => edit(s, 60, pct));
      assert.ok(Math.abs(post.share - pct / 100) < 0.005, "the planted share is what the test says");
      const r = index.check(post.text);
      assertShare(r.share, post.share);
      assert.equal(r.flagged, pct > 20, `share ${r.share}, known ${post.share}`);
    });
  }

  it("a 100% copy with small edits is estimated within 2 points and flagged", () => {
    const src = docText(42);
    const r = index.check(edit(src, 80, 5));
    assertShare(r.share, 1);
    assert.equal(r.flagged, true);
    assert.equal(r.sources[0]?.docId, "post-42");
  });

  it("copies changed to traditional script are found (30% and 100%)", () => {
    const post = plantedPost(77, 300, (s) => toTraditional(s));
    assert.match(post.text, /[個們這說為]/, "the copies are in traditional script");
    assertShare(index.check(post.text).share, post.share);
    assertShare(index.check(toTraditional(docText(9))).share, 1);
  });

  it("copies with invisible fillers between their characters (U+3164, U+FFA0, U+115F, U+2800, U+1D159) are found", () => {
    for (const filler of ["\u3164", "\uFFA0", "\u115F", "\u2800", "\u{1D159}"]) {
      const padded = [...docText(9)].join(filler);
      assertShare(index.check(padded).share, 1);
    }
  });

  it("copies changed to full-width forms are found", async () => {
    const mixed = await OriginalityIndex.create();
    const source = `${syntheticText(5, 300)}他用iPhone 15 Pro拍下了2024年的第一场雪，ABC公司的人都来了。${syntheticText(6, 300)}`;
    mixed.add({ id: "src" }, source);
    const copied = source.slice(250, 420);
    const fullWidth = copied.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    assert.match(fullWidth, /ｉＰｈｏｎｅ/);
    const post = assemble([
      { text: syntheticText(8, 300), copied: false },
      { text: fullWidth, copied: true },
      { text: syntheticText(9, 300), copied: false },
    ]);
    assertShare(mixed.check(post.text).share, post.share);
  });

  it("a post quoting one short common phrase (under 13 characters) is not flagged", async () => {
    const idx = await OriginalityIndex.create();
    const phrase = "少壮不努力老大徒伤悲";
    for (let i = 0; i < 5; i++)
      idx.add({ id: `d${i}` }, `${syntheticText(300 + i, 400)}${phrase}${syntheticText(400 + i, 400)}`);
    const post = `${syntheticText(500, 500)}${phrase}${syntheticText(501, 500)}`;
    const r = idx.check(post);
    assert.equal(r.flagged, false);
    assert.equal(r.copiedWords, 0, "a run under 13 characters that is not a whole sentence is not copying");
  });

  it("a copied whole sentence shorter than 13 characters counts (整句摘抄), a fragment of one does not", async () => {
    const idx = await OriginalityIndex.create();
    const sentence = "我们在山顶看见了一片云海";
    idx.add({ id: "s" }, `${syntheticText(600, 300)}。${sentence}。${syntheticText(601, 300)}`);
    const post = `${syntheticText(602, 200)}。${sentence}！${syntheticText(603, 200)}`;
    const r = idx.check(post);
    assert.equal(r.copiedWords, [...sentence].length + 1);
    assert.equal(r.flagged, false);
  });

  it("an independent post has no copied share", () => {
    const r = index.check(syntheticText(987654, 1200));
    assert.equal(r.share, 0);
    assert.deepEqual(r.spans, []);
  });

  it("a post's own earlier drafts and IOU text are not sources against it", async () => {
    const idx = await OriginalityIndex.create();
    const draft = syntheticText(700, 600);
    idx.add({ id: "kill-1-draft", lineage: "kill-1" }, draft);
    idx.add({ id: "other" }, syntheticText(701, 600));
    const final = `${draft}${syntheticText(702, 600)}`;
    assert.ok(idx.check(final).share > 0.4);
    assert.equal(idx.check(final, { excludeLineage: "kill-1" }).share, 0);
    assert.equal(idx.check(final, { excludeDocIds: ["kill-1-draft"] }).share, 0);
  });

  it("spans map back to the original text, and removal drops a source", async () => {
    const idx = await OriginalityIndex.create();
    const src = syntheticText(800, 500);
    idx.add({ id: "a" }, src);
    const copied = src.slice(100, 200);
    const post = `${syntheticText(801, 300)}  ${copied}\n${syntheticText(802, 300)}`;
    const r = idx.check(post);
    assert.equal(r.spans.length, 1);
    const span = r.spans[0]!;
    assert.equal(post.slice(span.start, span.end), span.text);
    assert.equal(
      span.text.replace(/[，。！？]+$/, ""),
      copied.replace(/[，。！？]+$/, "").replace(/^[，。！？]+/, ""),
    );
    assert.equal(
      src.slice(span.source.start, span.source.end),
      copied.replace(/^[，。！？]+/, "").replace(/[，。！？]+$/, ""),
    );
    idx.remove("a");
    assert.equal(idx.check(post).share, 0);
  });
});

describe("originality: who sees what", () => {
  it("a player's view keeps the share and passages but no trace of the sources (旧帖追魂)", () => {
    const post = plantedPost(3, 300);
    const report = index.check(post.text);
    assert.ok(report.spans.length > 0);
    assert.ok(report.spans.every((s) => s.source.docId.startsWith("post-") && s.source.author !== undefined));
    const view = playerView(report);
    assert.equal(view.share, report.share);
    assert.equal(view.flagged, report.flagged);
    assert.deepEqual(
      view.spans.map((s) => [s.start, s.end]),
      report.spans.map((s) => [s.start, s.end]),
    );
    const json = JSON.stringify(view);
    assert.doesNotMatch(json, /post-|author-|帖 \d|source|docId/);
  });
});

describe("common fingerprints (MOSS's -m)", () => {
  it("a passage one writer posted a hundred times is still found; one a hundred writers use is common and is not", async () => {
    const passage = docText(11);
    const spammed = await OriginalityIndex.create();
    spammed.add({ id: "src", lineage: "g1/kill/r1/s3" }, passage);
    for (let i = 0; i < 101; i++) spammed.add({ id: `spam-${i}`, lineage: "g2/discussion/马甲" }, passage);
    assertShare(spammed.check(passage).share, 1);

    const common = await OriginalityIndex.create();
    for (let i = 0; i < 102; i++) common.add({ id: `w-${i}`, lineage: `g${i}/discussion/a${i}` }, passage);
    assert.equal(common.check(passage).share, 0, "everyone's boilerplate");
  });
});

describe("repetitive text", () => {
  it("哈×30,000 against itself stays linear: the runs found span a bounded multiple of the text, not its square", () => {
    const n = 30_000;
    const q = new Uint32Array(n).fill(0x54c8);
    const runs = commonRuns(q, n, q, n, 6);
    const traced = runs.reduce((sum, r) => sum + (r.qEnd - r.qStart), 0);
    // Before the extension budget, every new diagonal was traced back to the start: 450 million characters here.
    assert.ok(traced <= 40 * n, `runs span ${traced} characters`);
  });

  it("ordinary copied text is found as before when repetitive filler in front of it spent the budget", async () => {
    const idx = await OriginalityIndex.create();
    const source = docText(3);
    const filler = "哈哈哈，".repeat(3000);
    idx.add({ id: "filler" }, filler);
    idx.add({ id: "src" }, source);
    const r = idx.check(`${filler}${source}`);
    assert.ok(
      r.sources.some((x) => x.docId === "src"),
      "the copied source is named",
    );
    const fromSource = r.sources.find((x) => x.docId === "src");
    const words = countWords(source).words;
    assert.ok(fromSource && fromSource.copiedWords >= words * 0.9, `${fromSource?.copiedWords} of ${words}`);
  });
});

describe("normalisation and fingerprint blobs", () => {
  it("normalises width, script, case and punctuation, and maps back to offsets", () => {
    const text = "Ａb，臺灣　後來！";
    const nm = normalise(text);
    assert.equal(normalisedString(nm), "ab台湾后来");
    assert.equal(text.slice(nm.start[2], nm.end[3]), "臺灣");
    assert.equal(nm.sentenceStart[4], 0);
    assert.equal(nm.sentenceStart[0], 1);
  });

  it("round-trips a document's fingerprints through a blob, and a rebuilt index finds the same copy", async () => {
    const fps = index.fingerprintText(docText(1));
    const blob = encodeFingerprints(fps, index.params);
    assert.equal(blob.length, 20 + fps.length * 8);
    const back = decodeFingerprints(blob);
    assert.deepEqual([...back.fingerprints], [...fps]);
    assert.deepEqual(back.params, index.params);
    const texts = new Map([["p1", docText(1)]]);
    const rebuilt = await OriginalityIndex.create({ texts });
    rebuilt.addBlob({ id: "p1" }, blob);
    rebuilt.compact();
    assertShare(rebuilt.check(docText(1)).share, 1);
    assert.throws(() => decodeFingerprints(blob.subarray(0, 10)));
  });
});

describe("compaction", () => {
  it("drops a removed document's postings, and when nothing was added or removed leaves the index as it is", async () => {
    const idx = await OriginalityIndex.create();
    const empty = idx.postingBytes();
    idx.add({ id: "a" }, docText(1));
    idx.add({ id: "b" }, docText(2));
    idx.compact();
    const both = idx.postingBytes();
    assert.ok(both > empty);
    idx.compact();
    assert.equal(idx.postingBytes(), both, "a compaction with nothing to do changes nothing");
    idx.remove("a");
    idx.compact();
    const one = idx.postingBytes();
    assert.ok(one < both, `the removed document's postings are dropped (${one} < ${both})`);
    assertShare(idx.check(docText(2)).share, 1);
    assert.equal(idx.check(docText(1)).share, 0);
  });
});
