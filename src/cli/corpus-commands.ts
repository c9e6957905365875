// `bansha corpus import <path> | --poetry`: adds reference texts and their fingerprints to the site's database.
import { basename, resolve } from "node:path";
import type { Command } from "commander";
import { TEXT_DOCUMENTS_CHANNEL } from "../app/originality-service.ts";
import { openStorage } from "../storage/open-storage.ts";
import type { Storage, TextDocumentInput } from "../storage/storage.ts";
import { createFingerprinter, DEFAULT_FINGERPRINT_PARAMS, encodeFingerprints } from "../text/fingerprint.ts";
import { type CorpusEntry, pathSource, poetrySource } from "../text/node/corpus-sources.ts";
import { normalise } from "../text/normalise.ts";

/** Rows per transaction: short enough that a running server's writes wait at most a few tens of ms. */
const BATCH = 1000;

function progress(done: number, total: number, docs: number, skipped: number): void {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
  const already = skipped > 0 ? `, ${skipped} already there` : "";
  process.stderr.write(
    `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${pct}% ${done}/${total} files, ${docs} documents${already}`,
  );
}

/** The row's ref: unique within its corpus (re-imports skip it) and readable by a referee. */
function refOf(e: CorpusEntry): string {
  return e.label === undefined || e.id.endsWith(e.label) ? e.id : `${e.label} · ${e.id}`;
}

/** Refs already stored for a corpus, so importing it again adds only what is new. */
async function storedRefs(storage: Storage, source: string): Promise<Set<string>> {
  const refs = new Set<string>();
  await storage.streamTextDocuments(5000, (batch) => {
    for (const d of batch) if (d.kind === "reference" && d.source === source && d.ref) refs.add(d.ref);
  });
  return refs;
}

export function registerCorpusCommands(program: Command): void {
  const corpus = program.command("corpus").description("Reference corpora for the originality check");

  corpus
    .command("import [path]")
    .description(
      'import a folder of .txt files or a .jsonl file ({"text", "id"?, "title"?, "author"?} per line) into ' +
        "the database (DATABASE_URL, default ./data/bansha.sqlite)",
    )
    .option("--poetry", "import Tang and Song poems and Song ci from the chinese-poetry package")
    .option(
      "--name <name>",
      "corpus name stored as each document's source (default: the folder or file name)",
    )
    .action(async (path: string | undefined, opts: { poetry?: boolean; name?: string }) => {
      const sources: { name: string; source: ReturnType<typeof pathSource> }[] = [];
      if (opts.poetry) sources.push({ name: "chinese-poetry", source: poetrySource() });
      if (path !== undefined)
        sources.push({ name: opts.name ?? basename(resolve(path)), source: pathSource(path) });
      if (sources.length === 0)
        throw new Error("corpus import: give a folder of .txt files, a .jsonl file, or --poetry");
      const fingerprinter = await createFingerprinter(DEFAULT_FINGERPRINT_PARAMS);
      const storage = await openStorage(process.env.DATABASE_URL);
      try {
        const total = sources.reduce((n, s) => n + s.source.units.length, 0);
        let done = 0;
        let docs = 0;
        let skipped = 0;
        let pending: TextDocumentInput[] = [];
        const flush = async () => {
          if (pending.length === 0) return;
          const ids = await storage.insertTextDocuments(pending);
          docs += ids.length;
          pending = [];
          // Reaches servers on PostgreSQL at once; a server on SQLite finds the rows by its poll.
          await storage.notify(TEXT_DOCUMENTS_CHANNEL, `${ids[0]},${ids.at(-1)}`);
        };
        progress(0, total, 0, 0);
        for (const { name, source } of sources) {
          const seen = await storedRefs(storage, name);
          for (const unit of source.units) {
            for await (const e of source.read(unit)) {
              const ref = refOf(e);
              if (seen.has(ref)) {
                skipped++;
                continue;
              }
              seen.add(ref);
              const nm = normalise(e.text);
              pending.push({
                kind: "reference",
                source: name,
                ref,
                gameId: null,
                ownerKey: null,
                body: e.text,
                fingerprints: encodeFingerprints(
                  fingerprinter.fingerprints(nm.codes, nm.length),
                  fingerprinter.params,
                ),
                createdAt: Date.now(),
              });
              if (pending.length >= BATCH) await flush();
            }
            done++;
            progress(done, total, docs + pending.length, skipped);
          }
        }
        await flush();
        process.stderr.write("\n");
        console.log(
          `imported ${docs} documents${skipped > 0 ? ` (${skipped} already imported)` : ""} into ${storage.dialect}`,
        );
      } finally {
        await storage.close();
      }
    });
}
