// `bansha rules check|schema|show`: the presets' survivor chains, the JSON Schema, round-tripping a preset as YAML.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";

const bin = join(import.meta.dirname, "..", "..", "bin", "bansha.mjs");
const run = (...args: string[]) => spawnSync(process.execPath, [bin, "rules", ...args], { encoding: "utf8" });

describe("bansha rules check on the presets", () => {
  // Seed 000 "三、游戏进程": "存活55人" … "存活44人" … "存活,34人" … "存活23人" … "存活16人" … "存活8人" … "存活2人"
  // Seed 002 "游戏进程": "余39人" … "余30人" … "余22人" … "余13人" … "余7人" … "余1人"
  const chains: [string, string][] = [
    ["fengyun-57", "survivors: 57 → 55 → 44 → 34 → 23 → 16 → 8 → 2"],
    ["airforce-40", "survivors: 40 → 39 → 30 → 22 → 13 → 7 → 1"],
    ["sevenkill-16", "fewest survivors: 16 → 14 → 12 → 10 → 8 → 6 → 4 → 2"],
  ];
  for (const [id, chain] of chains) {
    it(`${id} prints its table with "${chain}" and exits 0`, () => {
      const res = run("check", id);
      assert.equal(res.status, 0, res.stderr);
      assert.ok(res.stdout.split("\n").includes(chain), res.stdout);
      assert.match(res.stdout, /^round\s+votes\s+vote out/m);
      assert.match(res.stdout, /OK: no problems found/);
    });
  }

  it("an unknown preset or missing file exits non-zero and names the presets", () => {
    const res = run("check", "no-such-game");
    assert.equal(res.status, 1);
    assert.match(
      res.stderr,
      /cannot read "no-such-game": no such file or preset \(presets: fengyun-57, airforce-40, sevenkill-16\)/,
    );
  });
});

describe("bansha rules schema", () => {
  it("prints a JSON Schema that rejects unknown keys and lists every top-level section", () => {
    const res = run("schema");
    assert.equal(res.status, 0);
    const schema = JSON.parse(res.stdout) as {
      additionalProperties: boolean;
      properties: Record<string, unknown>;
    };
    assert.equal(schema.additionalProperties, false);
    for (const key of [
      "roles",
      "groups",
      "rooms",
      "alliances",
      "takeovers",
      "progression",
      "vote",
      "text",
      "schedule",
      "win",
    ]) {
      assert.ok(key in schema.properties, key);
    }
  });
});

describe("bansha rules show --yaml", () => {
  it("prints a preset as YAML that checks clean as a file", () => {
    const shown = run("show", "fengyun-57", "--yaml");
    assert.equal(shown.status, 0);
    // Clock times quoted, as docs/rulesets.md asks: a YAML 1.1 tool reads a bare 21:00 as the number 1260.
    assert.match(shown.stdout, /^ {2}roundStart: "21:00"$/m);
    assert.doesNotMatch(shown.stdout, /: \d{1,2}:\d{2}$/m);
    const dir = mkdtempSync(join(tmpdir(), "bansha-rules-"));
    try {
      const file = join(dir, "fengyun.yaml");
      writeFileSync(file, shown.stdout);
      const res = run("check", file);
      assert.equal(res.status, 0, res.stderr);
      assert.ok(res.stdout.includes("survivors: 57 → 55 → 44 → 34 → 23 → 16 → 8 → 2"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
