// Bundles the server into one ES module for npm start, so a start loads plain JS instead of compiling TypeScript.
//
//   node --import tsx scripts/build-server.ts            writes dist/server/ (npm run build:server)
//
// Run through tsx, the server took 2.6 to 3.5 s from start to its first answer on the development VM, most of it
// spent compiling and loading its modules one by one; bundled, about 1.6 s (docs/deploy.md § Starting the server).
// A restart is that long without a vote machine. Packages stay outside the bundle and are loaded from
// node_modules as they are, so the output must lie inside the project for Node to find them.
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

export const ROOT = join(import.meta.dirname, "..");
/** Where npm start's bundle goes. */
export const SERVER_DIST = join(ROOT, "dist", "server");
/** The bundle's entry point inside its folder. */
export const SERVER_ENTRY = "main.mjs";

/** Writes `<outDir>/main.mjs` (with its source map) and the SQLite worker it starts beside it. */
export async function buildServer(outDir: string = SERVER_DIST): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  // Chunks are named by their content's hash: an earlier build's would otherwise pile up.
  rmSync(join(outDir, "chunks"), { recursive: true, force: true });
  await build({
    entryPoints: { main: join(ROOT, "src", "server", "main.ts") },
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    // What a start on SQLite never runs (the PostgreSQL adapter, with pg) goes in a chunk loaded on demand.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // Stack traces in the log name the TypeScript source lines (npm start runs node with --enable-source-maps).
    sourcemap: true,
    logLevel: "warning",
  });
  // The storage starts its worker from a file beside the module that asks for it (sqlite-worker-driver.ts).
  copyFileSync(join(ROOT, "src", "storage", "sqlite-worker.mjs"), join(outDir, "sqlite-worker.mjs"));
  return join(outDir, SERVER_ENTRY);
}

if (process.argv[1] === import.meta.filename) {
  const entry = await buildServer();
  console.log(`server bundled: ${entry}`);
}
