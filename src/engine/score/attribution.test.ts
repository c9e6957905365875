// Seed 000 【分值计算】: where a dead scored player's point goes, sentence by sentence, and 力量冲抵 with the seed's example.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Force } from "./attribution.ts";
import { attribute, forceFor } from "./attribution.ts";

const death = (victimCamp: "black" | "white", ...forces: Force[]) =>
  attribute({ victimCamp, scored: true, activated: true, forces });

describe("「分值人员自杀、被同阵营贴杀（俗称乌龙）、烟花、被判罚出局、票楼被同阵营玩家带走，分值归对方阵营」", () => {
  for (const camp of ["black", "white"] as const) {
    const other = camp === "black" ? "white" : "black";
    test(`自杀: a ${camp} suicide scores for ${other}`, () => {
      assert.deepEqual(pick(death(camp, { kind: "suicide" })), { to: other, reason: "suicide" });
    });
    test(`乌龙: a ${camp} post on its own camp scores for ${other}, whatever the code`, () => {
      for (const code of ["right", "wrong", "none"] as const) {
        assert.deepEqual(pick(death(camp, { kind: "post", posterCamp: camp, code })), {
          to: other,
          reason: "own-goal",
        });
      }
    });
    test(`烟花: a ${camp} scored player taken by a bomb scores for ${other}`, () => {
      assert.deepEqual(pick(death(camp, { kind: "firework" })), { to: other, reason: "firework" });
    });
    test(`「被固定带走的分值玩家（如领票人），比照烟花处理」: a ${camp} 领票人 scores for ${other}, named as 领票人`, () => {
      assert.deepEqual(pick(death(camp, { kind: "firework", leadVoter: true })), {
        to: other,
        reason: "lead-voter",
      });
    });
    test(`被判罚出局: a ${camp} penalty scores for ${other}`, () => {
      assert.deepEqual(pick(death(camp, { kind: "penalty" })), { to: other, reason: "penalty" });
    });
    test(`票楼被同阵营玩家带走: ${camp} taken along by ${camp} scores for ${other}`, () => {
      assert.deepEqual(pick(death(camp, { kind: "take-along", byCamp: camp, code: "right" })), {
        to: other,
        reason: "own-camp-take-along",
      });
    });
  }
});

describe("「白道分值人员被票杀或被黑道以正确代号票楼带走，分值归黑道」", () => {
  test("a white voted out scores for black, code or not", () => {
    for (const code of ["right", "wrong", "none"] as const) {
      assert.deepEqual(pick(death("white", { kind: "vote", code })), {
        to: "black",
        reason: "white-voted-out",
      });
    }
  });
  test("a white taken along by black with the right code scores for black", () => {
    assert.deepEqual(pick(death("white", { kind: "take-along", byCamp: "black", code: "right" })), {
      to: "black",
      reason: "taken-along-code-right",
    });
  });
  test("「未被扣代号的，等同代号错误」: taken along by black without the right code, the point stays white", () => {
    assert.equal(death("white", { kind: "take-along", byCamp: "black", code: "none" }).to, "white");
    assert.equal(death("white", { kind: "take-along", byCamp: "black", code: "wrong" }).to, "white");
  });
});

describe("「黑道分值人员被票杀或被白道票楼带走，如果代号正确，分值归白道，代号错误，分值归黑道」", () => {
  test("voted out with the right out code: white", () => {
    assert.deepEqual(pick(death("black", { kind: "vote", code: "right" })), {
      to: "white",
      reason: "black-voted-out-code-right",
    });
  });
  test("voted out with a wrong out code, or none chosen: black", () => {
    assert.equal(death("black", { kind: "vote", code: "wrong" }).to, "black");
    assert.deepEqual(pick(death("black", { kind: "vote", code: "none" })), {
      to: "black",
      reason: "black-voted-out-code-wrong",
    });
  });
  test("taken along by white: right code white, wrong code black", () => {
    assert.equal(death("black", { kind: "take-along", byCamp: "white", code: "right" }).to, "white");
    assert.equal(death("black", { kind: "take-along", byCamp: "white", code: "wrong" }).to, "black");
  });
});

describe("「分值人员被贴杀，代号正确，分值归出帖方，代号错误，分值归被贴杀方」", () => {
  test("right code: the poster's camp", () => {
    assert.deepEqual(pick(death("white", { kind: "post", posterCamp: "black", code: "right" })), {
      to: "black",
      reason: "post-code-right",
    });
    assert.equal(death("black", { kind: "post", posterCamp: "white", code: "right" }).to, "white");
  });
  test("wrong code: the victim's camp", () => {
    assert.deepEqual(pick(death("white", { kind: "post", posterCamp: "black", code: "wrong" })), {
      to: "white",
      reason: "post-code-wrong",
    });
  });
  test("「不提供代号猜想的，不影响杀人，但是，不能抢分」: no code scores for the victim's camp", () => {
    assert.deepEqual(pick(death("black", { kind: "post", posterCamp: "white", code: "none" })), {
      to: "black",
      reason: "post-no-code",
    });
  });
});

describe("「未被激活的分值等同于不存在」 and non-scored seats", () => {
  test("an unactivated scored player's death moves nothing", () => {
    const a = attribute({
      victimCamp: "white",
      scored: true,
      activated: false,
      forces: [{ kind: "suicide" }],
    });
    assert.deepEqual(pick(a), { to: null, reason: "not-activated" });
  });
  test("「普通游侠、无出帖权的黑白双方身份人员（如炸弹）…其任何形式的死亡都不会引起对抗双方的分值变化」", () => {
    const a = attribute({
      victimCamp: "white",
      scored: false,
      activated: false,
      forces: [{ kind: "suicide" }],
    });
    assert.deepEqual(pick(a), { to: null, reason: "not-scored" });
  });
  test("「中立身份的玩家（如猎人）…其死亡不引起任何一方的分值变化」: a neutral's force scores for nobody", () => {
    assert.equal(forceFor("neutral", { kind: "suicide" }).for, null);
  });
});

describe("力量冲抵: 「如同一轮次杀贴剑代号错，剑贴蛋烟花，则黑白双方力量冲抵后均不得分；如此轮尚有刺贴剑，代号对则黑道可得分，代号错则白道得分。」", () => {
  const killerWrong: Force = { kind: "post", posterCamp: "black", code: "wrong" };
  const firework: Force = { kind: "firework" };
  test("killer's wrong-code post on the swordsman (for white) + the swordsman's firework (for black): nobody", () => {
    const a = death("white", killerWrong, firework);
    assert.deepEqual([a.black, a.white], [1, 1]);
    assert.deepEqual(pick(a), { to: null, reason: "cancelled" });
  });
  test("plus an assassin's right-code post on the swordsman: black scores (2 : 1)", () => {
    const a = death("white", killerWrong, firework, { kind: "post", posterCamp: "black", code: "right" });
    assert.deepEqual([a.black, a.white], [2, 1]);
    assert.deepEqual(pick(a), { to: "black", reason: "cancellation" });
  });
  test("plus an assassin's wrong-code post on the swordsman: white scores (1 : 2)", () => {
    const a = death("white", killerWrong, firework, { kind: "post", posterCamp: "black", code: "wrong" });
    assert.deepEqual([a.black, a.white], [1, 2]);
    assert.deepEqual(pick(a), { to: "white", reason: "cancellation" });
  });
  test("forces all one way keep their own reason", () => {
    const a = death("white", { kind: "post", posterCamp: "black", code: "right" }, firework);
    assert.deepEqual(pick(a), { to: "black", reason: "post-code-right" });
  });
});

function pick(a: { to: unknown; reason: unknown }) {
  return { to: a.to, reason: a.reason };
}
