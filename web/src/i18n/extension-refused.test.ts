// The 白条延期 form's reasons: every refusal the server gives a player's own request has its own text.
import assert from "node:assert/strict";
import { test } from "node:test";
import { zhCN } from "./zh-CN.ts";

test("each request refusal (src/engine/score/extension.ts) is told in its own words, the rest by a general one", () => {
  const codes = [
    "iou-extension.no-open-iou",
    "iou-extension.not-swordsman",
    "iou-extension.neutral",
    "iou-extension.vote-closed",
    "iou-extension.already-extended",
  ];
  const texts = codes.map((c) => zhCN.me.extensionRefused(c));
  const general = zhCN.me.extensionRefused("iou-extension.something-else");
  assert.equal(new Set([...texts, general]).size, codes.length + 1);
  // A ranger is told the rule, never whether a swordsman is alive (that is public only once all are published out).
  assert.doesNotMatch(
    zhCN.me.extensionRefused("iou-extension.not-swordsman"),
    /存活的剑侠|剑侠尚在|仍有剑侠/,
  );
});
