// Bundles the server into one ES module for npm start, so a start loads plain JS instead of compiling TypeScript.
//
//   node --import tsx scripts/build-server.ts            writes dist/server/ (npm run build:server)
//
// Run through tsx, the server took 2.6 to 3.5 s from start to its first answer on the development VM, most of it
// spent compiling and loading its modules one by one; bundled, about 1.6 s (docs/deploy.md § Starting the server).
// A restart is that long without a vote machine. Most packages stay outside the bundle and are loaded from
// node_modules as they are, so the output must lie inside the project for Node to find them.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

export const ROOT = join(import.meta.dirname, "..");
/** Where npm start's bundle goes. */
export const SERVER_DIST = join(ROOT, "dist", "server");
/** The bundle's entry point inside its folder. */
export const SERVER_ENTRY = "main.mjs";

/**
 * Packages bundled in: ES modules of many small files (kysely 280, zod over 100), which Node otherwise resolves
 * and compiles one by one at every start; bundled, a start on the development VM reached its first answer about
 * 0.17 s sooner. They import nothing but each other's files: no `require` (an ES bundle has none to give a
 * CommonJS package, so yaml, which requires `process`, stays out), no files read beside their code. Every other
 * package is loaded from node_modules as it is: native code (better-sqlite3), optional requires (pg-native) and
 * worker files (pino's transports) need that.
 */
const BUNDLED_PACKAGES = new Set(["kysely", "zod", "get-east-asian-width"]);

function externalPackages(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  return Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((n) => !BUNDLED_PACKAGES.has(n));
}

/** Writes `<outDir>/main.mjs` (with its source map) and the SQLite worker it starts beside it. */
export async function buildServer(outDir: string = SERVER_DIST): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  // Chunks are named by their content's hash: an earlier build's would otherwise pile up.
  rmSync(join(outDir, "chunks"), { recursive: true, force: true });
  const result = await build({
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
    // A package's subpaths (`opencc-js/t2cn`) are external with it.
    external: externalPackages(),
    // Stack traces in the log name the TypeScript source lines (npm start runs node with --enable-source-maps).
    sourcemap: true,
    logLevel: "warning",
  });
  // A warning is a require or import esbuild could not follow (a computed name in a bundled package, say): the
  // bundle would fail at run time, perhaps only on a rare path, so the build fails now.
  if (result.warnings.length > 0)
    throw new Error(`server bundle: ${result.warnings.length} warning(s), see above`);
  // esbuild turns a bundled package's `require` into a stub that throws when it runs; none may be bundled.
  for (const file of readdirSync(outDir, { recursive: true, encoding: "utf8" }).filter((f) =>
    f.endsWith(".mjs"),
  ))
    if (readFileSync(join(outDir, file), "utf8").includes("Dynamic require of"))
      throw new Error(`server bundle: ${file} bundles a package that calls require (see BUNDLED_PACKAGES)`);
  // The storage starts its worker from a file beside the module that asks for it (sqlite-worker-driver.ts).
  copyFileSync(join(ROOT, "src", "storage", "sqlite-worker.mjs"), join(outDir, "sqlite-worker.mjs"));
  return join(outDir, SERVER_ENTRY);
}

if (process.argv[1] === import.meta.filename) {
  const entry = await buildServer();
  console.log(`server bundled: ${entry}`);
}
