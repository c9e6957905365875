// Tests 字数 against the shared Word vectors (every row), the ambiguous-width option and its algebraic properties.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { countWords, countWordsInRanges } from "./wordcount.ts";

// The vectors live beside the repository (<repo>/../shared), so a clean clone next to shared/ finds them.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const vectorsPath = resolve(repoRoot, "..", "shared", "domain", "wordcount-vectors.tsv");

function unescapeCell(s: string): string {
  return s.replace(/\\n|\\u([0-9a-fA-F]{4})/g, (_m, hex: string | undefined) =>
    hex === undefined ? "\n" : String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

interface Vector {
  line: number;
  text: string;
  words: number;
  chars: number | undefined;
  source: string;
}

function readVectors(): Vector[] {
  const rows = readFileSync(vectorsPath, "utf8").split("\n");
  const out: Vector[] = [];
  rows.forEach((row, i) => {
    if (row.trim() === "" || row.startsWith("#")) return;
    const [text = "", words = "", chars = "", source = ""] = row.split("\t");
    out.push({
      line: i + 1,
      text: unescapeCell(text),
      words: Number(words),
      chars: chars.trim() === "" ? undefined : Number(chars),
      source,
    });
  });
  return out;
}

describe("countWords: 以word统计为准 (every row of wordcount-vectors.tsv)", () => {
  assert.ok(existsSync(vectorsPath), `vectors not found at ${vectorsPath}`);
  const vectors = readVectors();
  it("reads a non-trivial vector file", () => {
    assert.ok(vectors.length >= 30);
  });
  for (const v of vectors) {
    it(`line ${v.line}: ${JSON.stringify(v.text)} (${v.source})`, () => {
      const got = countWords(v.text);
      assert.equal(got.words, v.words, "字数");
      if (v.chars !== undefined) assert.equal(got.chars, v.chars, "字符数(不计空格)");
      assert.equal(got.words, got.eastAsian + got.nonChineseWords);
    });
  }
});

describe("countWords: details", () => {
  it("ambiguous-width punctuation counts as East Asian by default and can be switched off", () => {
    const text = "他说：“我们走吧……”";
    assert.equal(countWords(text).words, 11);
    assert.equal(countWords(text, { ambiguousIsEastAsian: true }).words, 11);
    // Off: “ stands alone between EA characters (1), ……” is one Western run (1): 3 + 1 + 4 + 1.
    assert.equal(countWords(text, { ambiguousIsEastAsian: false }).words, 9);
    assert.equal(countWords("——", { ambiguousIsEastAsian: false }).words, 1);
    assert.equal(countWords("温度是37℃左右", { ambiguousIsEastAsian: false }).words, 6);
    // Characters do not depend on the option.
    assert.equal(countWords(text, { ambiguousIsEastAsian: false }).chars, 11);
  });

  it("counts by code point: supplementary-plane Han and emoji are one character each", () => {
    const r = countWords("𠀀𠀁a🙂");
    assert.equal(r.chars, 4);
    assert.equal(r.eastAsian, 2);
    assert.equal(r.words, 3);
  });

  it("an emoji with a skin-tone modifier is ordinary text like any emoji, not 字 (👍👎👏 is one word)", () => {
    assert.equal(countWords("👍🏽👍🏽👍🏽").words, 1);
    assert.equal(countWords("我👍🏻了").words, 3);
    assert.equal(countWords("🧑🏽‍💻").words, 1);
    assert.equal(countWords("👍🏽".repeat(400)).words, 1, "no 800-字 kill post of thumbs");
  });

  it("treats U+3000 as whitespace and ignores zero-width marks", () => {
    const r = countWords("\u3000\u3000你好\u200b世界\ufeff");
    assert.equal(r.words, 4);
    assert.equal(r.chars, 4);
    assert.equal(r.charsWithSpaces, 6);
  });

  it("counts paragraphs with text, and spaces but not line breaks in 字符数(计空格)", () => {
    const r = countWords("第一段 文字\n\n\r\n  \n第二段。\r\n第三段");
    assert.equal(r.paragraphs, 3);
    assert.equal(r.chars, 12);
    assert.equal(r.charsWithSpaces, 12 + 3);
    assert.equal(countWords("").paragraphs, 0);
  });

  it("weights covered ranges: covered plus uncovered equals the total", () => {
    const text = "abc中文 de，好";
    const total = countWords(text).words;
    const a = countWordsInRanges(text, [[1, 4]]);
    const b = countWordsInRanges(text, [
      [0, 1],
      [4, text.length],
    ]);
    assert.ok(Math.abs(a + b - total) < 1e-9);
    assert.ok(Math.abs(a - (2 / 3 + 1)) < 1e-9);
  });
});

describe("countWords: properties", () => {
  const textArb = fc.string({ unit: "binary", maxLength: 60 });
  const mixedArb = fc
    .array(
      fc.constantFrom(
        "中",
        "文",
        "a",
        "b",
        "1",
        " ",
        "\u3000",
        "，",
        "“",
        "—",
        "🙂",
        "\u200b",
        "\n",
        "𠀀",
        ".",
      ),
      {
        maxLength: 60,
      },
    )
    .map((a) => a.join(""));
  const anyText = fc.oneof(textArb, mixedArb);

  it("appending text never lowers the count", () => {
    fc.assert(
      fc.property(anyText, anyText, fc.boolean(), (a, b, amb) => {
        const opts = { ambiguousIsEastAsian: amb };
        return countWords(a + b, opts).words >= countWords(a, opts).words;
      }),
    );
  });

  it("counting the two halves of a text split at whitespace adds up", () => {
    fc.assert(
      fc.property(
        anyText,
        fc.constantFrom(" ", "\u3000", "\n", "\t"),
        anyText,
        fc.boolean(),
        (a, ws, b, amb) => {
          const opts = { ambiguousIsEastAsian: amb };
          return countWords(a + ws + b, opts).words === countWords(a, opts).words + countWords(b, opts).words;
        },
      ),
    );
  });
});
