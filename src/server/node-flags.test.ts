// npm start and the vote-rush bench run the server with the same V8 flags.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";
import { SERVER_NODE_FLAGS } from "./node-flags.ts";

test("npm start passes every server V8 flag to node, before the entry point", () => {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    scripts: Record<string, string>;
  };
  const start = pkg.scripts.start ?? "";
  const args = start.split(/\s+/);
  assert.equal(args[0], "node");
  const entry = args.indexOf("src/server/main.ts");
  assert.ok(entry > 0, start);
  for (const flag of SERVER_NODE_FLAGS) {
    const at = args.indexOf(flag);
    assert.ok(at > 0 && at < entry, `${flag} in "${start}"`);
  }
});
