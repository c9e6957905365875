// A CorpusStore in one JSON Lines file (data/corpus/docs.jsonl) until the database layer holds the corpus.
import { createReadStream, existsSync, mkdirSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import type { CorpusStore, StoredDoc } from "../corpus-store.ts";

interface Line {
  id: string;
  lineage?: string;
  label?: string;
  author?: string;
  time?: number;
  text: string;
  fp: string;
}

export class FileCorpusStore implements CorpusStore {
  readonly path: string;

  constructor(dataDir: string) {
    this.path = join(dataDir, "corpus", "docs.jsonl");
  }

  async put(docs: readonly StoredDoc[]): Promise<void> {
    if (docs.length === 0) return;
    mkdirSync(dirname(this.path), { recursive: true });
    const lines = docs.map((d) => {
      const line: Line = { ...d.meta, text: d.text, fp: Buffer.from(d.blob).toString("base64") };
      return `${JSON.stringify(line)}\n`;
    });
    await appendFile(this.path, lines.join(""), "utf8");
  }

  async *all(): AsyncIterable<StoredDoc> {
    if (!existsSync(this.path)) return;
    // Later lines replace earlier ones with the same id, so read everything before yielding.
    const latest = new Map<string, Line>();
    const rl = createInterface({
      input: createReadStream(this.path, "utf8"),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    for await (const raw of rl) {
      if (raw.trim() === "") continue;
      const line = JSON.parse(raw) as Line;
      latest.delete(line.id);
      latest.set(line.id, line);
    }
    for (const { text, fp, ...meta } of latest.values())
      yield { meta, text, blob: new Uint8Array(Buffer.from(fp, "base64")) };
  }
}
