// npm start, the crash test and the vote-rush bench run the server with the same V8 flags.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";
import { SERVER_START_FLAGS } from "./node-flags.ts";

test("npm start builds the server bundle, then passes every server V8 flag to node before the bundle", () => {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    scripts: Record<string, string>;
  };
  const start = pkg.scripts.start ?? "";
  assert.match(
    pkg.scripts.prestart ?? "",
    /npm run build:server/,
    "the bundle npm start runs is built first",
  );
  assert.match(pkg.scripts["build:server"] ?? "", /scripts\/build-server\.ts$/);
  const args = start.split(/\s+/);
  assert.equal(args[0], "node");
  const entry = args.indexOf("dist/server/main.mjs");
  assert.ok(entry > 0, start);
  for (const flag of SERVER_START_FLAGS) {
    const at = args.indexOf(flag);
    assert.ok(at > 0 && at < entry, `${flag} in "${start}"`);
  }
});
