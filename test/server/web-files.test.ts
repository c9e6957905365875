// The web app's files: compressed copies written at build time, sent by Accept-Encoding, with cache headers by kind.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { precompressDir } from "../../scripts/precompress.ts";
import type { ApiError } from "../../src/server/api-types.ts";
import { makeHarness } from "./harness.ts";

const SCRIPT = "const 马甲 = ['风雨夜归人', '剑气满江湖'];\n".repeat(400);
const INDEX = '<!doctype html><html lang="zh-CN"><div id="root"></div></html>';

function builtWebApp(): string {
  const root = mkdtempSync(join(tmpdir(), "bansha-web-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "assets", "index-Ab12Cd34.js"), SCRIPT);
  writeFileSync(join(root, "index.html"), INDEX);
  return root;
}

test("precompress: brotli and gzip copies of the build's text files that decompress to the file; small files left", () => {
  const root = builtWebApp();
  try {
    const done = precompressDir(root);
    assert.deepEqual(
      done.map((f) => f.file),
      ["assets/index-Ab12Cd34.js"],
      "index.html is under the size worth compressing",
    );
    const js = join(root, "assets", "index-Ab12Cd34.js");
    assert.equal(brotliDecompressSync(readFileSync(`${js}.br`)).toString(), SCRIPT);
    assert.equal(gunzipSync(readFileSync(`${js}.gz`)).toString(), SCRIPT);
    assert.ok(done[0]!.brotli < done[0]!.bytes / 5, `brotli: ${done[0]!.brotli} of ${done[0]!.bytes} bytes`);
    assert.equal(existsSync(join(root, "index.html.br")), false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("web files: brotli or gzip as the browser accepts, else the file; hashed assets kept for good, the page revalidated", async () => {
  const root = builtWebApp();
  precompressDir(root);
  const h = await makeHarness({ webRoot: root });
  try {
    const get = (url: string, acceptEncoding?: string) =>
      h.app.inject({
        method: "GET",
        url,
        headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
      });
    const url = "/assets/index-Ab12Cd34.js";

    const br = await get(url, "gzip, deflate, br");
    assert.equal(br.statusCode, 200);
    assert.equal(br.headers["content-encoding"], "br");
    assert.match(String(br.headers["content-type"]), /javascript/);
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), SCRIPT);
    assert.equal(br.headers["cache-control"], "public, max-age=31536000, immutable");
    assert.equal(br.headers.vary, "accept-encoding");

    const gz = await get(url, "gzip");
    assert.equal(gz.headers["content-encoding"], "gzip");
    assert.equal(gunzipSync(gz.rawPayload).toString(), SCRIPT);

    const plain = await get(url);
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.equal(plain.body, SCRIPT);
    assert.equal(plain.headers["cache-control"], "public, max-age=31536000, immutable");

    // The page names the current assets: a browser must ask again, whether it came as / or as an app path.
    for (const path of ["/", "/games/abc/vote"]) {
      const page = await get(path, "gzip, deflate, br");
      assert.equal(page.statusCode, 200, path);
      assert.equal(page.body, INDEX, path);
      assert.equal(page.headers["cache-control"], "no-cache", path);
    }
    const api = await get("/api/nothing-here", "br");
    assert.equal(api.statusCode, 404);
    assert.equal(api.json<ApiError>().error.code, "not-found");
  } finally {
    await h.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test("a missing file is a 404, not the page: a script of an older build asked after a rebuild, a stray .ico", async () => {
  const root = builtWebApp();
  const h = await makeHarness({ webRoot: root });
  try {
    const get = (url: string) => h.app.inject({ method: "GET", url });
    for (const page of ["/", "/games/abc/vote", "/games/abc?tab=kills", "/setup/token-1"]) {
      const res = await get(page);
      assert.equal(res.statusCode, 200, page);
      assert.match(String(res.headers["content-type"]), /text\/html/, page);
    }
    for (const file of ["/assets/index-Old00000.js", "/favicon.ico", "/games/abc/x.map", "/api/nothing"]) {
      const res = await get(file);
      assert.equal(res.statusCode, 404, file);
      assert.equal(res.json<ApiError>().error.code, "not-found", file);
    }
  } finally {
    await h.close();
    rmSync(root, { recursive: true, force: true });
  }
});
