// The rule-set authoring doc over HTTP: the lobby's 自定义规则 links to it, so a deployed site must serve it.
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { test } from "node:test";
import { ManualClock } from "../../src/app/clock.ts";
import { realEngine } from "../../src/app/engine-adapter.ts";
import { builtinRulesCatalog } from "../../src/app/rules-catalog.ts";
import { buildApp } from "../../src/server/app.ts";
import { openStorage } from "../../src/storage/storage.ts";

async function get(rulesDoc: string | undefined) {
  const storage = await openStorage(":memory:");
  const built = await buildApp({
    storage,
    clock: new ManualClock(0),
    engine: realEngine,
    rules: builtinRulesCatalog(),
    ...(rulesDoc !== undefined && { rulesDoc }),
  });
  try {
    return await built.app.inject({ method: "GET", url: "/api/docs/rulesets.md" });
  } finally {
    await built.app.close();
    await storage.close();
  }
}

test("docs/rulesets.md is served as UTF-8 text, to anyone (rule sets are public)", async () => {
  const res = await get(resolve("docs/rulesets.md"));
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers["content-type"], "text/plain; charset=utf-8");
  assert.match(res.body, /^# Rule sets \/ 规则集/);
  assert.match(res.body, /^## 规则集（中文）$/m);
});

test("a server not given the doc, or given a path that is not there, answers 404", async () => {
  assert.equal((await get(undefined)).statusCode, 404);
  assert.equal((await get(resolve("docs/no-such-doc.md"))).statusCode, 404);
});
