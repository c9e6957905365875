// Broken rule sets, one per kind of mistake: each gives exactly its problem (place, code, English message).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { builtinRulesCatalog } from "../../src/app/rules-catalog.ts";
import { loadRuleSet } from "../../src/rules/load-file.ts";
import { describeProblem } from "../../src/rules/problems.ts";

const dir = join(import.meta.dirname, "broken");
const bin = join(import.meta.dirname, "..", "..", "bin", "bansha.mjs");

/** file → the one problem it must produce: code and the CLI line `path (line N): message`. */
const cases: [string, string, string][] = [
  ["misspelled-key", "unknown-key", 'roles[1].cout (line 19): unknown key "cout" (did you mean "count"?)'],
  [
    "count-sum",
    "count-sum",
    "players (line 5): the role counts add up to 9 (killer 2 + sword 1 + ranger 6), not 10 players",
  ],
  [
    "duplicate-code",
    "duplicate-code",
    'roles[1].codes[0] (line 20): code name "甲" is already used by role "killer"',
  ],
  [
    "codes-count",
    "codes-count",
    'roles[0].codes (line 11): role "killer" has 2 seat(s) but 3 code name(s); give one per seat',
  ],
  [
    "unknown-room",
    "unknown-room",
    'roles[0].room (line 14): no room has the id "killer-rom" (list it under rooms)',
  ],
  [
    "survivors-mismatch",
    "survivors-mismatch",
    "progression[1].survivors (line 43): round 2 says 4 survive, but 9 − 4 = 5",
  ],
  [
    "posts-exceed-posters",
    "posts-exceed-posters",
    'progression[1].posts.sword (line 42): round 2 asks group "sword" for 2 post(s), but it has only 1 poster(s)',
  ],
  [
    "deadline-before-start",
    "deadline-before-start",
    "schedule.voteDeadline (line 48): the vote deadline (20:00, 0 day(s) later) is not after the round's start (21:00)",
  ],
  [
    "negative-minutes",
    "too-small",
    "schedule.postingWindow.minutes (line 49): must be more than 0, not the number -30",
  ],
  // A missing field has no line: it is reported at the object that lacks it, the role's entry or the parent's key.
  ["missing-camp", "required", 'roles[1].camp (line 16): is required: one of "black", "white", "neutral"'],
  ["missing-nested", "required", "schedule.postingWindow.minutes (line 49): is required: expected a number"],
  ["wrong-type", "wrong-type", 'roles[2].count (line 26): must be a number, not the text "seven"'],
  [
    "unknown-enum",
    "not-allowed",
    'roles[2].camp (line 25): must be one of "black", "white", "neutral", not the text "grey"',
  ],
  [
    "unreachable-trigger",
    "unreachable-trigger",
    "alliances[0].when.atLeast (line 39): 3 of killer can never be out: there are only 2",
  ],
  [
    "yaml-syntax",
    "syntax",
    "(file) (line 45): not valid YAML or JSON: Flow map in block collection must be sufficiently indented and end with a }",
  ],
];

describe("broken rule sets", () => {
  it("the base they all change is valid", () => {
    const r = loadRuleSet(join(import.meta.dirname, "fixtures", "mini-10.yaml"));
    assert.ok(r.ok, r.ok ? "" : r.problems.map((p) => describeProblem(p)).join("\n"));
  });

  for (const [file, code, line] of cases) {
    const name = file === "yaml-syntax" ? `${file}.yaml.txt` : `${file}.yaml`;
    it(`${name} → ${code}`, () => {
      const r = loadRuleSet(join(dir, name));
      assert.equal(r.ok, false);
      if (r.ok) return;
      assert.deepEqual(
        r.problems.map((p) => [p.code, describeProblem(p)]),
        [[code, line]],
      );
      // Every problem also reads in Chinese for the UI, without the parser's English.
      for (const p of r.problems) {
        assert.match(p.zh, /[\u4e00-\u9fff]/);
        // A syntax error's Chinese says where, not the parser's English ("Flow map in block collection…").
        if (code === "syntax")
          assert.equal(p.zh, "不是有效的 YAML 或 JSON：第1列附近有格式错误（缩进、括号、引号或逗号）");
      }
    });
  }

  for (const file of [
    "misspelled-key",
    "count-sum",
    "posts-exceed-posters",
    "deadline-before-start",
    "missing-nested",
    "missing-camp",
  ]) {
    it(`\`bansha rules check ${file}.yaml\` prints the problem and exits non-zero`, () => {
      const res = spawnSync(process.execPath, [bin, "rules", "check", join(dir, `${file}.yaml`)], {
        encoding: "utf8",
      });
      assert.equal(res.status, 1);
      const expected = cases.find(([f]) => f === file)![2];
      assert.ok(res.stderr.includes(expected), res.stderr);
      assert.equal(res.stdout, "");
    });
  }

  it("missing-fields.json: a missing field is reported at the JSON object that lacks it", () => {
    const r = loadRuleSet(join(dir, "missing-fields.json"));
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.deepEqual(
      r.problems.map((p) => describeProblem(p)),
      [
        'roles[1].camp (line 18): is required: one of "black", "white", "neutral"',
        "schedule.postingWindow.minutes (line 78): is required: expected a number",
      ],
    );
  });

  it("the lobby's check gives the same lines in Chinese", () => {
    const text = readFileSync(join(dir, "missing-camp.yaml"), "utf8");
    const res = builtinRulesCatalog().check(text);
    assert.deepEqual(res.ok ? [] : res.problems, [
      { path: "roles[1].camp", message: '第16行：缺少必填项（应为 "black"、"white"、"neutral" 之一）' },
    ]);
  });
});
