// Tests the text and corpus commands end to end through bin/bansha.mjs (few, small inputs).
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { syntheticText } from "../../src/text/synthetic.ts";

const bin = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "bin", "bansha.mjs");
describe("bansha text / corpus", () => {
  const dir = mkdtempSync(join(tmpdir(), "bansha-text-"));
  // The commands use the site's database; a fresh SQLite file per run keeps the test apart from ./data.
  const env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, "site.sqlite")}` };
  const run = (cwd: string, ...args: string[]) =>
    execFileSync(process.execPath, [bin, ...args], { cwd, encoding: "utf8", env });

  it("a missing file or argument is one line on stderr naming it, exit code 1, no stack trace", () => {
    const fails = (...args: string[]) => {
      const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: "utf8", env });
      return { status: r.status, stderr: r.stderr };
    };
    for (const [args, line] of [
      [["text", "check", "missing.txt"], `bansha: cannot read missing.txt: no such file or folder\n`],
      [
        ["corpus", "import", "no-such-folder"],
        `bansha: cannot read no-such-folder: no such file or folder\n`,
      ],
      [
        ["corpus", "import"],
        "bansha: corpus import: give a folder of .txt files, a .jsonl file, or --poetry\n",
      ],
    ] as const) {
      const r = fails(...args);
      assert.equal(r.status, 1, args.join(" "));
      assert.equal(r.stderr, line);
    }
  });

  it("text count --json prints exactly the issue's fields, and --no-ambiguous switches the option", () => {
    writeFileSync(join(dir, "a.txt"), "他说：“我们走吧……”\n\nHello 世界");
    const out = JSON.parse(run(dir, "text", "count", "a.txt", "--json"));
    assert.deepEqual(out, {
      words: 14,
      chars: 18,
      charsWithSpaces: 19,
      eastAsian: 13,
      nonChineseWords: 1,
      paragraphs: 2,
    });
    const off: { words: number } = JSON.parse(run(dir, "text", "count", "a.txt", "--json", "--no-ambiguous"));
    assert.equal(off.words, 12);
  });

  it("corpus import into the database, then text check --json: the copied share and spans with sources", () => {
    mkdirSync(join(dir, "corpus-src"));
    const source = syntheticText(42, 600);
    writeFileSync(join(dir, "corpus-src", "old.txt"), source);
    writeFileSync(join(dir, "corpus-src", "other.txt"), syntheticText(43, 600));
    const import_ = run(dir, "corpus", "import", "corpus-src");
    assert.match(import_, /imported 2 documents/);
    const copied = source.slice(0, 400);
    writeFileSync(join(dir, "post.txt"), `${copied}\n${syntheticText(44, 600)}`);
    const out: { share: number; flagged: boolean; spans: { source: string }[] } = JSON.parse(
      run(dir, "text", "check", "post.txt", "--json"),
    );
    assert.deepEqual(Object.keys(out), ["share", "flagged", "spans"]);
    assert.ok(Math.abs(out.share - 0.4) < 0.02, `share ${out.share}`);
    assert.equal(out.flagged, true);
    assert.deepEqual(Object.keys(out.spans[0] ?? {}), ["start", "end", "source"]);
    assert.equal(out.spans[0]?.source, "file:old.txt");
    // Importing the same folder again adds nothing: each document is stored once.
    assert.match(run(dir, "corpus", "import", "corpus-src"), /imported 0 documents \(2 already imported\)/);
    const human = run(dir, "text", "check", "post.txt");
    assert.match(human, /loaded 2 documents/);
    assert.match(human, /FLAGGED/);
    assert.match(human, /from reference file:old\.txt/);
  });
});
