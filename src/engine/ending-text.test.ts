// Why a game ended, said in Chinese: each kind of ending, with the rule set's role names.
import assert from "node:assert/strict";
import { test } from "node:test";
import { campNamesOf, endingText, winnerText } from "./ending-text.ts";
import { preset } from "./test-kit.ts";

const roleNames = { killer: "联合杀手", lover: "情侣", assassin: "联合刺客" };

test("elimination names the roles and camps that are all out, by their display names", () => {
  assert.equal(
    endingText({ kind: "all-out", roles: ["killer", "lover", "assassin"], camps: [] }, roleNames),
    "联合杀手、情侣、联合刺客全部出局",
  );
  assert.equal(endingText({ kind: "all-out", roles: [], camps: ["white"] }, roleNames), "白道全部出局");
  assert.equal(
    endingText({ kind: "all-out", roles: ["bandit"], camps: ["black"] }, roleNames),
    "bandit、黑道全部出局",
    "a role the names do not cover is shown by its id",
  );
});

test("score endings: 团灭, the progression's last round, and 提前结束 with both bounds", () => {
  assert.equal(endingText({ kind: "camp-wiped-out", camp: "black" }, {}), "黑道全部出局，按总分定胜负");
  assert.equal(
    endingText({ kind: "progression-ended", round: 7 }, {}),
    "第7轮为进程的最后一轮，按总分定胜负",
  );
  assert.equal(
    endingText(
      {
        kind: "decided-early",
        round: 3,
        leader: "black",
        trailing: "white",
        best: "271/43",
        guaranteed: "10",
      },
      {},
    ),
    // A fraction reads as the results post writes it, with its approximate value.
    "第3轮后白道最多还能得到271/43分（约6.30分），少于黑道至少会有的10分，已不可能扳平或反超，提前结束",
  );
});

test("a game the referee ended says so, with the referee's reason", () => {
  assert.equal(
    endingText({ kind: "referee", reason: "侠05贴出身份短信，白道判负" }, {}),
    "哨子判定结束：侠05贴出身份短信，白道判负",
  );
});

test("a rule set's campNames name the camps in the ending and the winner; the rest keep 黑道 / 白道 / 中立", () => {
  const sevenkill = campNamesOf(preset("sevenkill-16"));
  assert.deepEqual(sevenkill, { black: "杀手方", white: "好人方", neutral: "中立" });
  assert.equal(endingText({ kind: "all-out", roles: [], camps: ["black"] }, {}, sevenkill), "杀手方全部出局");
  assert.equal(winnerText("white", sevenkill), "好人方胜利");
  assert.equal(winnerText("black", campNamesOf(preset("fengyun-57"))), "黑道胜利");
  assert.equal(winnerText("draw", sevenkill), "平局");
  assert.equal(winnerText(null), "游戏结束");
});
