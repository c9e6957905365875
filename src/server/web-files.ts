// The built web app (web/dist): compressed copies when the browser takes them, and cache headers by file kind.
import { relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Vite names each file under assets/ by a hash of its content, so a browser may keep it for good. */
const HASHED_ASSET_CACHE = "public, max-age=31536000, immutable";
/** Everything else (index.html, which names the current assets) is asked for again on every load. */
const PAGE_CACHE = "no-cache";

function cacheControlFor(webRoot: string, path: string): string {
  return relative(webRoot, path).startsWith(`assets${sep}`) ? HASHED_ASSET_CACHE : PAGE_CACHE;
}

/**
 * Serves `webRoot`, sending `<file>.br` or `<file>.gz` (written by the build, scripts/precompress.ts) to a browser
 * that accepts that encoding, else the file itself. The index page served for the app's own paths
 * (`reply.sendFile("index.html")`) goes through the same options.
 */
export async function registerWebFiles(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    preCompressed: true,
    // The plugin's own header would say max-age=0 for every file, and would be written over ours.
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader("cache-control", cacheControlFor(webRoot, path));
      // The same URL is sent with different bodies by Accept-Encoding: a shared cache must keep them apart.
      res.setHeader("vary", "accept-encoding");
    },
  });
}
