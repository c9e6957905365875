// The 处罚公告 line: the warning and what followed it (a penalty out, a banned ID), a withdrawal with its reason.
import assert from "node:assert/strict";
import { test } from "node:test";
import { offenceText } from "./offence-text.ts";

const base = { reasons: [] as string[], warning: true, withdrawn: false };

test("a warning says what followed it: 情节严重 puts the player out, the second 诈尸 bans the ID", () => {
  assert.equal(
    offenceText({ ...base, offence: "cheating" }, "第1天", "花满楼1"),
    "第1天 · 花满楼1 · 作弊 · 记警告",
  );
  assert.equal(
    offenceText({ ...base, offence: "cheating", out: true }, "第1天", "花满楼1"),
    "第1天 · 花满楼1 · 作弊 · 记警告 · 判罚出局",
  );
  assert.equal(
    offenceText({ ...base, offence: "zhashi", banned: true, out: true }, "第2天", "花满楼2"),
    "第2天 · 花满楼2 · 诈尸 · 记警告 · 判罚出局 · 封ID",
  );
  assert.equal(
    offenceText({ ...base, offence: "lurking", reasons: ["posts"] }, "第1天", null),
    "第1天 · 潜水（讨论帖发帖不足） · 记警告",
  );
});

test("a withdrawn warning says so, with the ruling's reason when the viewer has it", () => {
  assert.equal(
    offenceText({ ...base, offence: "abuse", withdrawn: true, withdrawnReason: "误判" }, "第1天", "楚留香1"),
    "第1天 · 楚留香1 · 不当发言 · 记警告 · 已撤销（理由：误判）",
  );
  assert.equal(
    offenceText({ ...base, offence: "abuse", withdrawn: true }, "第1天", "楚留香1"),
    "第1天 · 楚留香1 · 不当发言 · 记警告 · 已撤销",
  );
});
