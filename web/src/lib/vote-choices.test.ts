// proxyTargets and unusedVotesNote: the 托票 list by seat number without the voter; a note on a ballot short of votes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { proxyTargets, sameAsStanding, standingCodes, unusedVotesNote } from "./vote-choices.ts";

const seats = [
  { seat: 0, alias: "云中鹤1", alive: true },
  { seat: 1, alias: "云中鹤2", alive: false },
  { seat: 2, alias: "云中鹤3", alive: true },
  { seat: 3, alias: "叶孤城1", alive: true },
];

test("a 托票 names living seats other than the voter's own, each with its seat number", () => {
  assert.deepEqual(proxyTargets(seats, 2), [
    { seat: 0, label: "1号 云中鹤1" },
    { seat: 3, label: "4号 叶孤城1" },
  ]);
  assert.equal(proxyTargets(seats, null).length, 3);
});

test("one vote of two is noted as legal and counted as one", () => {
  assert.equal(unusedVotesNote(2, [5]), "本轮每人2票，你只投了1票（合规，按1票计）");
});

test("no note for a full ballot, a one-vote round or an abstention", () => {
  assert.equal(unusedVotesNote(2, [5, 6]), null);
  assert.equal(unusedVotesNote(1, [5]), null);
  assert.equal(unusedVotesNote(2, []), null);
});

test("seed 000 「在票杀和贴杀时需同步提交…代号猜想」: a 改票 form starts from the standing ballot's guesses, not empty", () => {
  assert.deepEqual(standingCodes({ targets: [3, 7], codes: ["苍龙斧", null] }), { 3: "苍龙斧" });
  assert.deepEqual(standingCodes({ targets: [3] }), {});
  assert.deepEqual(standingCodes(null), {});
});

test("the ballot as picked is the standing one: same seats in any order and the same guesses, never a 托票", () => {
  const mine = {
    targets: [3, 7],
    codes: ["疯魔拳", null],
    at: 0,
    changesLeft: null,
    changesFrozenFrom: null,
  };
  assert.equal(sameAsStanding(mine, [7, 3], { 3: "疯魔拳" }), true);
  assert.equal(sameAsStanding(mine, [7, 3], { 3: " 疯魔拳 " }), true, "the guess is sent trimmed");
  assert.equal(sameAsStanding(mine, [7, 3], { 3: "追魂枪" }), false, "another guess is a change");
  assert.equal(sameAsStanding(mine, [7, 4], { 3: "疯魔拳" }), false);
  assert.equal(sameAsStanding(mine, [7], {}), false);
  assert.equal(
    sameAsStanding({ ...mine, proxy: true }, [7, 3], { 3: "疯魔拳" }),
    false,
    "one's own vote replaces a 托票",
  );
  assert.equal(sameAsStanding(null, [], {}), false, "a first vote");
  assert.equal(sameAsStanding({ ...mine, targets: [], codes: [] }, [], {}), true, "弃权 again");
});
