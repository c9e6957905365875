// `bansha text count|check <file>`: Word-compatible 字数 and the originality check from the command line.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { kindOf, loadOriginalityIndex } from "../app/originality-service.ts";
import { openStorage } from "../storage/open-storage.ts";
import type { OriginalityReport } from "../text/originality-report.ts";
import { searchLinks } from "../text/search-links.ts";
import { countWords } from "../text/wordcount.ts";

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
    .description(
      "check a text against every document in the database (DATABASE_URL, default ./data/bansha.sqlite)",
    )
    .option("--json", "print JSON")
    .option("--limit <percent>", "copied share above which the text is flagged", "20")
    .action(async (file: string, opts: { json?: boolean; limit: string }) => {
      const body = readFileSync(file, "utf8");
      const storage = await openStorage(process.env.DATABASE_URL);
      const started = performance.now();
      let r: OriginalityReport;
      try {
        const loaded = await loadOriginalityIndex(storage);
        if (!opts.json)
          console.log(
            `loaded ${loaded.index.size} documents in ${((performance.now() - started) / 1000).toFixed(1)} s` +
              (loaded.skipped > 0 ? ` (${loaded.skipped} made with other parameters skipped)` : ""),
          );
        r = await loaded.check(body, { limitPercent: Number(opts.limit) });
      } finally {
        await storage.close();
      }
      // The CLI is a referee's tool: sources are shown.
      if (opts.json) {
        const spans = r.spans.map((s) => ({ start: s.start, end: s.end, source: s.source.label ?? null }));
        console.log(JSON.stringify({ share: r.share, flagged: r.flagged, spans }));
        return;
      }
      console.log(`words (字数) ${r.words}, copied ${r.copiedWords.toFixed(1)}`);
      console.log(
        `copied share ${(r.share * 100).toFixed(1)}% (limit ${r.limitPercent}%)${r.flagged ? "  FLAGGED" : ""}`,
      );
      for (const s of r.spans)
        console.log(
          `  [${s.start}, ${s.end}) ${s.text.replace(/\s+/g, " ")}\n      from ${kindOf(s.source.docId)} ${s.source.label ?? s.source.docId}`,
        );
      const links = searchLinks(body);
      if (links.length > 0) {
        console.log("search the web for:");
        for (const l of links) console.log(`  ${l.url}`);
      }
    });
}
