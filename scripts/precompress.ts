// Writes brotli and gzip copies beside the web build's text files, so the server sends them compressed at no cost per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Below this a file gains too little to be worth a copy (index.html, a few hundred bytes). */
export const MIN_BYTES = 1024;
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;

export interface Precompressed {
  /** The file's path relative to the folder. */
  file: string;
  bytes: number;
  brotli: number;
  gzip: number;
}

/**
 * Compresses every text file of at least MIN_BYTES under `dir` to `<file>.br` (brotli, best) and `<file>.gz` (gzip,
 * best); a copy no smaller than its file is not written. Build time only: a build is compressed once, and the
 * best settings cost seconds there rather than CPU on every request (docs/deploy.md § Page weight).
 */
export function precompressDir(dir: string): Precompressed[] {
  const done: Precompressed[] = [];
  const walk = (sub: string): void => {
    for (const name of readdirSync(join(dir, sub)).sort()) {
      const rel = sub === "" ? name : `${sub}/${name}`;
      const path = join(dir, rel);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(rel);
      else if (TEXT_FILE.test(name) && stat.size >= MIN_BYTES) done.push(compressFile(path, rel));
    }
  };
  walk("");
  return done;
}

function compressFile(path: string, rel: string): Precompressed {
  const data = readFileSync(path);
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gzip = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
  // Without a smaller copy the server sends the file itself (@fastify/static falls back to it).
  if (brotli.length < data.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < data.length) writeFileSync(`${path}.gz`, gzip);
  return { file: rel, bytes: data.length, brotli: brotli.length, gzip: gzip.length };
}
