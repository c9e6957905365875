// `bansha replay` end to end: refusals printed either way, --strict exits 1, a malformed file exits 2 naming its line.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const main = join(here, "../../src/cli/main.ts");

function replay(...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", main, "replay", ...args], { encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const refused = join(here, "02-vote-deadline-to-the-second.yaml");

test("a refused command is printed with its code, and is no tool error without --strict", () => {
  const r = replay(refused);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { refusals: { code: string }[]; rounds: unknown[] };
  assert.deepEqual(
    out.refusals.map((x) => x.code),
    ["vote.after-deadline", "vote.after-deadline"],
  );
  assert.match(r.stderr, /line \d+ events\[4\] vote by 侠06 .*: vote\.after-deadline: /);
});

test("--strict turns refusals into exit 1, and still prints them", () => {
  const r = replay(refused, "--strict");
  assert.equal(r.code, 1);
  assert.match(r.stderr, /vote\.after-deadline/);
});

test("--format md prints the results posts in Chinese", () => {
  const r = replay(join(here, "05-overtime-then-first-reached.yaml"), "--format", "md");
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /## 第1轮结果/);
  assert.match(r.stdout, /平票加时：侠20、侠21 平票/);
  assert.match(r.stdout, /加时依然平票，按先到先出。/);
  assert.match(r.stdout, /票杀：侠21（白道·游侠）/);
});

test("a malformed file exits 2 with the line and the problem", () => {
  const dir = mkdtempSync(join(tmpdir(), "bansha-replay-"));
  try {
    const file = join(dir, "bad.yaml");
    writeFileSync(
      file,
      [
        "rules: airforce-40",
        'start: "2026-12-01T21:00:00+08:00"',
        "seats: [{alias: 甲, role: killer}, {alias: 乙, role: ranger}]",
        "events:",
        '  - {at: "2026-12-02T10:00:00+08:00", vote: {by: 乙, for: [丁]}}',
        '  - {at: "2026-12-02T11:00:00+08:00", vot: {by: 乙, for: [甲]}}',
        'until: "2026-12-02T21:10:00+08:00"',
      ].join("\n"),
    );
    const r = replay(file);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /line 6: events\[1\]\.vot: unknown field "vot"/);
    const r2 = replay(file.replace("bad", "missing"));
    assert.equal(r2.code, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
