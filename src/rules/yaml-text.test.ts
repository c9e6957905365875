// A rule set written as YAML reads back as the same rule set: every preset, through the parser rule files go through.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "yaml";
import { presetIds, presets } from "./presets/index.ts";
import { ruleSetYaml } from "./yaml-text.ts";

test("every preset round-trips through ruleSetYaml and the YAML 1.2 parser, clock times quoted", () => {
  for (const id of presetIds) {
    const text = ruleSetYaml(presets[id]);
    assert.deepEqual(parse(text), JSON.parse(JSON.stringify(presets[id])), id);
    assert.doesNotMatch(text, /: \d{1,2}:\d{2}$/m, `${id}: a clock time left bare`);
  }
});
