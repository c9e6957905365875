// Every fragment a test presents as seed text is verbatim in the seed it names ("a test quotes the rule line it checks").
//
// Files: src/**/*.test.ts, web/src/**/*.test.ts, test/**/*.ts, test/**/*.yaml and e2e/**/*.ts (this file left out:
// its examples below are not quotes). The seeds are read from $BANSHA_SEEDS_DIR, else ../shared/seeds beside the
// repository (000_*.txt 风云, 001_*.txt 7kill, 002_*.txt 空军); where they are not there the test fails.
//
// A seed reference is `seed 000`, `seed 001` or `seed 002` (any case, not part of a longer word), optionally followed
// by a section (`4.3`, `四.1`, `§2`) and a colon (`:` or `：`). These fragments are seed quotes, checked against the
// seed the nearest reference before them names:
//   1. direct: a 「…」 fragment right after a reference (only spaces between), or an ASCII "…" fragment right after a
//      reference that ends in a colon, e.g. `seed 000 「…」`, `seed 001 4.3 「…」`, `Seed 002: "…"`. Inside a comment
//      (`//`, `#`, ` *`) such a fragment may run on over the following comment lines;
//   2. chained: a fragment of either kind that follows a checked fragment with only a connector between them: spaces
//      and one of / … , ， 、 ; ； and or (a short Han label and colon may follow it, as in `"…" / 工兵: "…"`);
//   3. same line: any other 「…」 fragment later on the same physical line as a reference, such as
//      `seed 002 暗弹 「…」` or `seed 000: IOU 「…」, complaints 「…」`. A later reference on the line takes over;
//      a `RULINGS` mention ends the seed's reach on that line (what follows it quotes RULINGS.md, not the seed).
// The platform's own words (UI strings, rule names such as 几方同步发帖 from RULINGS.md 14, alliance names) are
// therefore written without 「」 on a line that names a seed, or after the RULINGS mention, or on their own line.
//
// A fragment matches when, with all whitespace (U+3000 included) removed from it and from the seed, it is a substring
// of the seed; a fragment split at … / ... / ⋯ matches when its pieces appear in the seed in that order. Nothing
// else is normalised: 帖 and 贴, ， and , differ. `${NAME}` in a fragment is replaced by the file's `const NAME = "…";`
// (a single string literal on one line) before matching. A miss is listed as file:line, the fragment and the seed,
// and says which other seed holds it, if one does.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const self = fileURLToPath(import.meta.url);
const seedsDir = process.env.BANSHA_SEEDS_DIR ?? resolve(root, "..", "shared", "seeds");

type SeedId = "000" | "001" | "002";
const SEED_IDS: readonly SeedId[] = ["000", "001", "002"];

/** All whitespace out, U+3000 included (JavaScript's \s covers it). */
const squeeze = (s: string): string => s.replace(/\s+/gu, "");

function loadSeeds(): Map<SeedId, string> | null {
  if (!existsSync(seedsDir)) return null;
  const names = readdirSync(seedsDir);
  const seeds = new Map<SeedId, string>();
  for (const id of SEED_IDS) {
    const name = names.find((n) => n.startsWith(`${id}_`) && n.endsWith(".txt"));
    if (name === undefined) return null;
    seeds.set(id, squeeze(readFileSync(join(seedsDir, name), "utf8")));
  }
  return seeds;
}

/** True when the pieces of the fragment (split at … / ... / ⋯) appear in the seed in order. */
export function inSeed(fragment: string, seed: string): boolean {
  const pieces = squeeze(fragment)
    .split(/…|\.\.\.|⋯/u)
    .filter((p) => p.length > 0);
  if (pieces.length === 0) return true;
  let from = 0;
  for (const piece of pieces) {
    const at = seed.indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

function collect(dir: string, keep: (path: string) => boolean, out: string[]): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.name === "node_modules" || e.name.startsWith(".")) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) collect(p, keep, out);
    else if (keep(p)) out.push(p);
  }
  return out;
}

function testFiles(): string[] {
  const isTest = (p: string) => p.endsWith(".test.ts") || p.endsWith(".test.tsx");
  return [
    ...collect(join(root, "src"), isTest, []),
    ...collect(join(root, "web", "src"), isTest, []),
    ...collect(join(root, "test"), (p) => p.endsWith(".ts") || p.endsWith(".yaml"), []),
    ...collect(join(root, "e2e"), (p) => p.endsWith(".ts"), []),
  ]
    .filter((p) => p !== self)
    .sort();
}

export interface Quote {
  line: number; // 1-based, where the fragment opens
  text: string;
  seed: SeedId;
}

// A reference, its optional section and colon; the lookbehind keeps `seed000` names and `reseed 001` out.
const REF =
  /(?<![\p{L}\p{N}_])seed\s+(00[012])(?![\p{N}])(?:\s*(?:§\s*)?(?:\d+(?:\.\d+)*|[一二三四五六七八九十]+(?:[.．、]\d+)?)(?![\p{L}\p{N}]))?(\s*[:：])?/giu;
const RULINGS = /RULINGS/gu;
const CONNECTOR = /^\s*(?:\/|…|\.\.\.|,|，|、|;|；|and|or)\s*(?:\p{Script=Han}{1,6}\s*[:：]\s*)?$/u;
const COMMENT = /^\s*(?:\/\/+|#+|\*(?!\/))\s?/u;

/** The fragment whose opening quote is lines[i][at]; inside a comment it may run on over the next comment lines. */
function readFragment(
  lines: readonly string[],
  i: number,
  at: number,
  open: string,
): { text: string; endLine: number; endCol: number } | null {
  const close = open === "「" ? "」" : '"';
  let text = "";
  let line = i;
  let from = at + open.length;
  for (let hops = 0; hops < 8; hops++) {
    const s = lines[line] ?? "";
    const end = s.indexOf(close, from);
    if (end >= 0) return { text: text + s.slice(from, end), endLine: line, endCol: end + close.length };
    if (!COMMENT.test(s)) return null;
    const next = lines[line + 1];
    if (next === undefined) return null;
    const m = COMMENT.exec(next);
    if (m === null) return null;
    text += `${s.slice(from)} `;
    line++;
    from = m[0].length;
  }
  return null;
}

/** Every seed quote in a file's text, by the rules in the header. */
export function seedQuotes(source: string): Quote[] {
  const lines = source.split(/\r?\n/u);
  const quotes: Quote[] = [];
  // `${NAME}` in a fragment stands for the file's `const NAME = "…";` (one string literal); any other stays as written.
  const constants = new Map<string, string>();
  for (const m of source.matchAll(/^const (\w+) = "([^"\\]*)";$/gmu)) constants.set(m[1]!, m[2]!);
  const push = (line: number, raw: string, seed: SeedId) =>
    quotes.push({
      line,
      seed,
      text: raw.replace(/\$\{(\w+)\}/gu, (all, name: string) => constants.get(name) ?? all),
    });
  for (let i = 0; i < lines.length; i++) {
    const s = lines[i]!;
    const refs = [...s.matchAll(REF)];
    if (refs.length === 0) continue;
    const rulings = [...s.matchAll(RULINGS)].map((m) => m.index!);
    const covered = new Set<number>(); // opening columns on this line already taken as direct or chained
    for (const ref of refs) {
      const seed = ref[1] as SeedId;
      let col = ref.index! + ref[0].length;
      const lead = /^\s*/u.exec(s.slice(col))![0].length;
      const openCol = col + lead;
      const ch = s[openCol];
      const open = ch === "「" ? "「" : ch === '"' && ref[2] !== undefined ? '"' : null;
      if (open === null) continue;
      // Direct, then chained.
      let frag = readFragment(lines, i, openCol, open);
      let fragLine = i;
      let fragCol = openCol;
      while (frag !== null) {
        push(fragLine + 1, frag.text, seed);
        if (fragLine === i) covered.add(fragCol);
        const rest = lines[frag.endLine]!;
        col = frag.endCol;
        const m = /^(.*?)([「"])/u.exec(rest.slice(col));
        if (m === null || !CONNECTOR.test(m[1]!)) break;
        fragLine = frag.endLine;
        fragCol = col + m[1]!.length;
        frag = readFragment(lines, fragLine, fragCol, m[2]!);
      }
    }
    // Same line: every 「…」 after a reference, to the seed of the nearest reference before it, unless a RULINGS
    // mention stands between them.
    for (const m of s.matchAll(/「([^」]*)」/gu)) {
      const at = m.index!;
      if (covered.has(at)) continue;
      const before = refs.filter((r) => r.index! < at);
      const ref = before[before.length - 1];
      if (ref === undefined) continue;
      if (rulings.some((r) => r > ref.index! && r < at)) continue;
      push(i + 1, m[1]!, ref[1] as SeedId);
    }
  }
  return quotes;
}

const seeds = loadSeeds();

/** `${name}` as written in a template literal. */
const ph = (name: string): string => `${"$"}{${name}}`;

test("the checker finds direct, chained and same-line quotes and leaves the rest alone", () => {
  const src = [
    'test("seed 000 「甲…乙」 and 「丙」; RULINGS 14 「丁」", () => {});',
    '  // Seed 002 4.3: "戊" / 工兵: "己" (not "庚")',
    "  // seed 001: 「辛",
    "  // 壬」 then 「癸」",
    "  // seed000 「子」, a seed 002 note 「丑」",
    'const x = "seed 003 「寅」";',
    'const SEED_X = "卯辰";',
    `describe(\`seed 000 「${ph("SEED_X")}」 and 「${ph("OTHER")}」\`, () => {});`,
  ].join("\n");
  assert.deepEqual(
    seedQuotes(src).map((q) => `${q.line} ${q.seed} ${q.text}`),
    [
      "1 000 甲…乙",
      "1 000 丙",
      "2 002 戊",
      "2 002 己",
      "3 001 辛 壬",
      "5 002 丑",
      "8 000 卯辰",
      `8 000 ${ph("OTHER")}`,
    ],
  );
  assert.equal(inSeed("甲 … 丙", "甲乙丙"), true);
  assert.equal(inSeed("丙…甲", "甲乙丙"), false);
});

test("every seed quote in the tests is verbatim in the seed it names", () => {
  // Required, as src/text/wordcount.test.ts requires the word-count vectors beside them: a check that skips where
  // the seeds are missing would pass on a machine that cannot run it.
  assert.ok(seeds !== null, `the seed documents are not in ${seedsDir} (set BANSHA_SEEDS_DIR)`);
  const misses: string[] = [];
  let count = 0;
  for (const file of testFiles()) {
    for (const q of seedQuotes(readFileSync(file, "utf8"))) {
      count++;
      if (inSeed(q.text, seeds!.get(q.seed)!)) continue;
      const elsewhere = SEED_IDS.filter((id) => id !== q.seed && inSeed(q.text, seeds!.get(id)!));
      const hint = elsewhere.length > 0 ? ` (it is in seed ${elsewhere.join(", ")})` : "";
      misses.push(
        `${relative(root, file).split(sep).join("/")}:${q.line} 「${q.text}」 not in seed ${q.seed}${hint}`,
      );
    }
  }
  assert.ok(count > 200, `only ${count} seed quotes found: the scan is not reading the tests`);
  assert.deepEqual(misses, [], `${misses.length} seed quote(s) not verbatim:\n${misses.join("\n")}`);
});
