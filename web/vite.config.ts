// Vite config for the web app: root web/, output web/dist/, /api proxied to the dev server on :3000.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { precompressDir } from "../scripts/precompress.ts";

const here = fileURLToPath(new URL(".", import.meta.url));
const outDir = fileURLToPath(new URL("./dist", import.meta.url));

/**
 * Brotli and gzip copies of the build's text files, which the server sends to browsers that accept them. In the
 * directory the build actually wrote: `vite build --outDir …` overrides the config's.
 */
let builtDir = outDir;
const precompress: Plugin = {
  name: "bansha-precompress",
  apply: "build",
  configResolved(config) {
    // Relative to the root, as Vite itself reads it.
    builtDir = resolve(config.root, config.build.outDir);
  },
  closeBundle() {
    const files = precompressDir(builtDir);
    const bytes = files.reduce((n, f) => n + f.bytes, 0);
    const brotli = files.reduce((n, f) => n + f.brotli, 0);
    this.info(`precompressed ${files.length} files: ${bytes} bytes, ${brotli} with brotli`);
  },
};

export default defineConfig({
  root: here,
  plugins: [react(), precompress],
  build: {
    outDir,
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 400,
  },
  server: {
    fs: { allow: [fileURLToPath(new URL("..", import.meta.url))] },
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
});
