// `bansha corpus import <path> | --poetry`: adds reference texts and their fingerprints to the corpus store.
import type { Command } from "commander";
import type { StoredDoc } from "../text/corpus-store.ts";
import { createFingerprinter, DEFAULT_FINGERPRINT_PARAMS, encodeFingerprints } from "../text/fingerprint.ts";
import { type CorpusSource, pathSource, poetrySource } from "../text/node/corpus-sources.ts";
import { FileCorpusStore } from "../text/node/file-corpus-store.ts";
import { normalise } from "../text/normalise.ts";

const dataDirDefault = process.env.BANSHA_DATA ?? "./data";

function progress(done: number, total: number, docs: number): void {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
  process.stderr.write(
    `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${pct}% ${done}/${total} files, ${docs} documents`,
  );
}

export function registerCorpusCommands(program: Command): void {
  const corpus = program.command("corpus").description("Reference corpora for the originality check");

  corpus
    .command("import [path]")
    .description(
      'import a folder of .txt files or a .jsonl file ({"text", "id"?, "title"?, "author"?} per line)',
    )
    .option("--poetry", "import Tang and Song poems and Song ci from the chinese-poetry package")
    .option("--data <dir>", "data folder to write corpus/ into", dataDirDefault)
    .action(async (path: string | undefined, opts: { poetry?: boolean; data: string }) => {
      const sources: CorpusSource[] = [];
      if (opts.poetry) sources.push(poetrySource());
      if (path !== undefined) sources.push(pathSource(path));
      if (sources.length === 0) throw new Error("give a path or --poetry");
      const fingerprinter = await createFingerprinter(DEFAULT_FINGERPRINT_PARAMS);
      const store = new FileCorpusStore(opts.data);
      const total = sources.reduce((n, s) => n + s.units.length, 0);
      let done = 0;
      let docs = 0;
      progress(0, total, 0);
      for (const source of sources)
        for (const unit of source.units) {
          const batch: StoredDoc[] = [];
          for await (const e of source.read(unit)) {
            const nm = normalise(e.text);
            const blob = encodeFingerprints(
              fingerprinter.fingerprints(nm.codes, nm.length),
              fingerprinter.params,
            );
            const meta = {
              id: e.id,
              ...(e.label !== undefined ? { label: e.label } : {}),
              ...(e.author !== undefined ? { author: e.author } : {}),
            };
            batch.push({ meta, text: e.text, blob });
          }
          await store.put(batch);
          docs += batch.length;
          done++;
          progress(done, total, docs);
        }
      process.stderr.write("\n");
      console.log(`imported ${docs} documents into ${store.path}`);
    });
}
