// Every UI string lives in the catalog: no component or helper outside i18n/ carries Chinese text outside comments.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { zhCN } from "./zh-CN.ts";

const SRC = fileURLToPath(new URL("..", import.meta.url));
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/u;
// Forum markup conversion swaps brackets for full-width ones: a format rule, not UI text.
const EXEMPT = new Set(["lib/bbcode.ts"]);

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== "i18n") sources(p, out);
    } else if (/\.tsx?$/.test(name) && !name.endsWith(".test.ts")) out.push(p);
  }
  return out;
}

function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

test("components and helpers contain no literal Chinese; the catalog has it all", () => {
  const offenders = sources(SRC)
    .map((p) => p.slice(SRC.length))
    .filter((rel) => !EXEMPT.has(rel))
    .flatMap((rel) =>
      withoutComments(readFileSync(join(SRC, rel), "utf8"))
        .split("\n")
        .filter((line) => CJK.test(line))
        .map((line) => `${rel}: ${line.trim()}`),
    );
  assert.deepEqual(offenders, []);
});

test("the catalog speaks the seeds' vocabulary", () => {
  assert.equal(zhCN.nav.vote, "投票机");
  assert.equal(zhCN.join.reportLabel, "报道");
  assert.equal(zhCN.vote.halfMark, "半");
  assert.equal(zhCN.vote.proxyMark, "托");
  assert.equal(zhCN.board.deadline("round:3:vote"), "第3轮投票截止");
  assert.equal(zhCN.vote.tieBreak("first-reached", "甲"), "先到先出：甲");
  assert.equal(zhCN.app.list(["甲", "乙"]), "甲、乙");
});
