// Every refusal code the engine and the app can return has a Chinese message in the catalog.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { clockTime, hasZhMessage, zhMessage } from "../../src/server/messages-zh.ts";

/** Codes in every non-test module under dir, subfolders included (src/engine/night, src/engine/vote…). */
function codesIn(dir: string, pattern: RegExp): Set<string> {
  const out = new Set<string>();
  for (const f of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    if (!f.endsWith(".ts") || f.endsWith(".test.ts")) continue;
    for (const m of readFileSync(join(dir, f), "utf8").matchAll(pattern)) out.add(m[1]!);
  }
  return out;
}

test("the zh catalog covers every refusal code of the engine and of the app", () => {
  const root = join(import.meta.dirname, "../../src");
  const engine = codesIn(join(root, "engine"), /(?:code: |refuse\(|\bno\()"([a-z]+\.[a-z-]+)"/g);
  const app = codesIn(join(root, "app"), /refuse\("([a-z-]+)"/g);
  assert.ok(engine.size > 20 && app.size > 20, `found ${engine.size} engine and ${app.size} app codes`);
  const missing = [...engine, ...app].filter((c) => !hasZhMessage(c));
  assert.deepEqual(missing, []);
  // 7kill's refusals are written no("…") in src/engine/night: the scan must see them.
  assert.ok(engine.has("ability.not-self") && engine.has("say.no-last-words"), "src/engine/night scanned");
});

test("messages name the deadline and the receipt time in Beijing time", () => {
  const deadline = Date.parse("2026-12-02T21:00:00+08:00");
  assert.equal(
    zhMessage("vote.after-deadline", { deadline, at: deadline + 2000 }),
    "投票已截止（截止时间 21:00:00，收到时间 21:00:02）",
  );
  assert.equal(clockTime(Date.parse("2026-12-02T12:34:56Z")), "20:34:56");
  assert.equal(zhMessage("no-such-code"), "操作被拒绝（no-such-code）");
});

test("seed 001 「白天结束前1个小时不得改票」: a frozen change is told the time changes stopped from", () => {
  const deadline = Date.parse("2026-12-02T22:00:00+08:00");
  const receivedAt = Date.parse("2026-12-02T21:30:00+08:00");
  assert.equal(
    zhMessage("vote.change-frozen", {
      freezeFrom: deadline - 3_600_000,
      deadline,
      receivedAt,
      at: receivedAt,
    }),
    "21:00:00 起不得改票（截止时间 22:00:00，收到时间 21:30:00）",
  );
});

test("seats are named by the board's numbers (1号 is seat 0), not the engine's", () => {
  assert.equal(zhMessage("vote.target-dead", { seat: 0 }), "1号已出局，不能投给出局玩家");
  assert.equal(zhMessage("post.target-dead", { seat: 12 }), "13号已出局，不能作为杀帖目标");
  assert.equal(zhMessage("ability.target-out", { target: 3 }), "4号已出局，不能作为目标");
  assert.equal(zhMessage("vote.unknown-seat", { seat: 57 }), "没有58号座位");
  assert.equal(zhMessage("seat-unknown"), "没有?号座位");
});

test("seed 002 「第一轮共杀1==票1出1」: a group with no post this round is told so, not that its posts are used up", () => {
  assert.equal(zhMessage("post.no-posts-left", { unit: "killer", quota: 0 }), "按本轮进程，本组本轮不出杀帖");
  assert.equal(zhMessage("post.no-posts-left", { unit: "killer", quota: 2 }), "本组本轮的杀帖名额已用完");
});
