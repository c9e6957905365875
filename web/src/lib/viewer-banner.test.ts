// viewerBanner: an out post victim still voting is told so, not only 「你已出局，可以继续围观」.
import assert from "node:assert/strict";
import { test } from "node:test";
import { viewerBanner } from "./viewer-banner.ts";

const out = { kind: "dead-player" as const, alias: "燕南天1", seat: 3 };

test("a post victim out this round, while the vote is open, is told it still has a half vote", () => {
  const banner = viewerBanner(out, { halfVoters: [3], vote: { stage: "regular" } });
  assert.equal(banner, "你本轮被帖杀，已出局；本轮仍可投半票（只在平票时有效）");
});

test("in the overtime the same seat votes a whole vote", () => {
  assert.match(viewerBanner(out, { halfVoters: [3], vote: { stage: "overtime" } }), /加时中仍可投票/);
});

test("out without a vote: another round's victim, or the vote not open", () => {
  assert.equal(viewerBanner(out, { halfVoters: [5], vote: { stage: "regular" } }), "你已出局，可以继续围观");
  assert.equal(viewerBanner(out, { halfVoters: [3], vote: null }), "你已出局，可以继续围观");
  assert.equal(viewerBanner(out, null), "你已出局，可以继续围观");
});

test("the other viewers keep their lines", () => {
  assert.equal(
    viewerBanner({ kind: "dead-player", alias: "x", seat: null }, null),
    "你的座位已由替补接手，可以继续围观",
  );
  assert.equal(viewerBanner({ kind: "player", alias: "甲", seat: 1 }, null), "你的马甲：甲");
  assert.equal(viewerBanner({ kind: "referee", alias: "总哨", seat: null }, null), "你是本局哨子：总哨");
  assert.equal(viewerBanner({ kind: "public", alias: null, seat: null }, null), "你正在围观");
});
