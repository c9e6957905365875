// `bansha text count|check <file>`: Word-compatible 字数 and the originality check from the command line.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { FileCorpusStore } from "../text/node/file-corpus-store.ts";
import { loadIndex } from "../text/node/load-index.ts";
import { searchLinks } from "../text/search-links.ts";
import { countWords } from "../text/wordcount.ts";

const dataDirDefault = process.env.BANSHA_DATA ?? "./data";

export function registerTextCommands(program: Command): void {
  const text = program.command("text").description("Word count (字数) and originality checks");

  text
    .command("count <file>")
    .description("count 字数 as Microsoft Word does")
    .option("--json", "print JSON")
    .option("--no-ambiguous", "do not count ambiguous-width punctuation (“ ” — …) as East Asian")
    .action((file: string, opts: { json?: boolean; ambiguous: boolean }) => {
      const c = countWords(readFileSync(file, "utf8"), { ambiguousIsEastAsian: opts.ambiguous });
      if (opts.json) {
        const { words, chars, charsWithSpaces, eastAsian, nonChineseWords, paragraphs } = c;
        console.log(
          JSON.stringify({ words, chars, charsWithSpaces, eastAsian, nonChineseWords, paragraphs }),
        );
        return;
      }
      console.log(`words (字数)                  ${c.words}`);
      console.log(`characters, no spaces        ${c.chars}`);
      console.log(`characters, with spaces      ${c.charsWithSpaces}`);
      console.log(`East Asian characters        ${c.eastAsian}`);
      console.log(`non-Chinese words            ${c.nonChineseWords}`);
      console.log(`paragraphs                   ${c.paragraphs}`);
    });

  text
    .command("check <file>")
    .description("check a text against the imported corpus: copied share and copied passages")
    .option("--json", "print JSON")
    .option("--limit <percent>", "copied share above which the text is flagged", "20")
    .option("--data <dir>", "data folder holding corpus/", dataDirDefault)
    .action(async (file: string, opts: { json?: boolean; limit: string; data: string }) => {
      const body = readFileSync(file, "utf8");
      const index = await loadIndex(new FileCorpusStore(opts.data));
      const r = index.check(body, { limitPercent: Number(opts.limit) });
      if (opts.json) {
        const spans = r.spans.map((s) => ({ start: s.start, end: s.end, source: s.source.docId }));
        console.log(JSON.stringify({ share: r.share, flagged: r.flagged, spans }));
        return;
      }
      console.log(`checked against ${index.size} documents`);
      console.log(`words (字数) ${r.words}, copied ${r.copiedWords.toFixed(1)}`);
      console.log(
        `copied share ${(r.share * 100).toFixed(1)}% (limit ${r.limitPercent}%)${r.flagged ? "  FLAGGED" : ""}`,
      );
      for (const s of r.spans) {
        const label = s.source.label !== undefined ? ` ${s.source.label}` : "";
        console.log(
          `  [${s.start}, ${s.end}) ${s.text.replace(/\s+/g, " ")}\n      from ${s.source.docId}${label}`,
        );
      }
      const links = searchLinks(body);
      if (links.length > 0) {
        console.log("search the web for:");
        for (const l of links) console.log(`  ${l.url}`);
      }
    });
}
