// Reads reference corpora for import: a folder of .txt files, a JSON Lines file, or the chinese-poetry package.
import { createReadStream, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, extname, join, relative } from "node:path";
import { createInterface } from "node:readline";

export interface CorpusEntry {
  id: string;
  text: string;
  label?: string;
  author?: string;
}

/** A corpus as a list of units of work (files), so an importer can show progress. */
export interface CorpusSource {
  units: string[];
  read(unit: string): AsyncIterable<CorpusEntry>;
}

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (extname(name).toLowerCase() === ".txt") out.push(p);
  }
  return out;
}

/** A folder of .txt files (one document each) or a .jsonl file ({"text", "id"?, "title"?, "author"?} per line). */
export function pathSource(path: string): CorpusSource {
  if (statSync(path).isDirectory()) {
    return {
      units: walk(path, []),
      async *read(file) {
        const rel = relative(path, file);
        yield { id: `file:${rel}`, text: readFileSync(file, "utf8"), label: rel };
      },
    };
  }
  return {
    units: [path],
    async *read(file) {
      const rl = createInterface({
        input: createReadStream(file, "utf8"),
        crlfDelay: Number.POSITIVE_INFINITY,
      });
      let n = 0;
      for await (const raw of rl) {
        n++;
        if (raw.trim() === "") continue;
        const o = JSON.parse(raw) as {
          id?: unknown;
          text?: unknown;
          title?: unknown;
          label?: unknown;
          author?: unknown;
        };
        if (typeof o.text !== "string") throw new Error(`${file}:${n}: no "text" string`);
        const label =
          typeof o.title === "string" ? o.title : typeof o.label === "string" ? o.label : undefined;
        yield {
          id:
            typeof o.id === "string" || typeof o.id === "number"
              ? `jsonl:${String(o.id)}`
              : `jsonl:${file}:${n}`,
          text: o.text,
          ...(label !== undefined ? { label } : {}),
          ...(typeof o.author === "string" ? { author: o.author } : {}),
        };
      }
    },
  };
}

interface Poem {
  id?: string;
  author?: string;
  title?: string;
  rhythmic?: string;
  paragraphs?: string[];
}

/** Tang and Song poems (全唐诗, 全宋诗) and Song ci (全宋词) from the chinese-poetry package. */
export function poetrySource(): CorpusSource {
  const dist = join(dirname(createRequire(import.meta.url).resolve("chinese-poetry/package.json")), "dist");
  const tang = join(dist, "quantangshi");
  const ci = join(dist, "songci");
  const units = [
    ...readdirSync(tang)
      .filter((f) => /^poet\.(tang|song)\.\d+\.json$/.test(f))
      .map((f) => join(tang, f)),
    ...readdirSync(ci)
      .filter((f) => /^ci\.song\.\d+\.json$/.test(f))
      .map((f) => join(ci, f)),
  ].sort();
  return {
    units,
    async *read(file) {
      const base = file.slice(dist.length + 1).replace(/\.json$/, "");
      const poems = JSON.parse(readFileSync(file, "utf8")) as Poem[];
      for (const [i, p] of poems.entries()) {
        const text = (p.paragraphs ?? []).join("\n");
        if (text.trim() === "") continue;
        const title = p.title ?? p.rhythmic ?? "";
        yield {
          id: `poetry:${base}:${p.id ?? i}`,
          text,
          label: `${p.author ?? "佚名"}《${title}》`,
          ...(p.author !== undefined ? { author: p.author } : {}),
        };
      }
    },
  };
}
