// Where a dead scored player's point goes (seed 000 【分值计算】): each force on the death, then 力量冲抵 between the camps.
import type { Camp } from "../../rules/schema.ts";
import type { Seat } from "../contract.ts";

export type Side = "black" | "white";

/** A code-name guess against the victim's real code: right, wrong, or none given (未被扣代号的，等同代号错误). */
export type CodeGuess = "right" | "wrong" | "none";

/**
 * One thing that acted on the death, in the round it happened. `poster`, `bomb` and `by` name the seat behind it, which
 * a 冲抵 line lists; they never change where the point goes.
 */
export type Force =
  /**
   * A kill post (贴杀) by a poster of `posterCamp` with its guess; `unit`, the posting unit the released post shows
   * everyone (the poster stays hidden until the game ends).
   */
  | { kind: "post"; posterCamp: Camp; code: CodeGuess; poster?: Seat; unit?: string }
  /** Voted out (票杀); `code` is the out code (most chosen among the votes that put the seat out). */
  | { kind: "vote"; code: CodeGuess }
  /** Taken along from the vote thread by a special-power holder of `byCamp` who chose the victim (票楼带走). */
  | { kind: "take-along"; byCamp: Camp; code: CodeGuess; by?: Seat }
  /**
   * 烟花: a bomb took the victim along; `leadVoter`, a fixed take-along (the 领票人 of a bomb voted out), which the seed
   * treats the same (比照烟花处理) and the results post names as such.
   */
  | { kind: "firework"; leadVoter?: boolean; bomb?: Seat }
  | { kind: "suicide" }
  /** 被判罚出局: a plagiarised post upheld, an IOU not completed, the referee's penalty. */
  | { kind: "penalty" };

/** Why a point went where it went; stable ids for the scenario output, Chinese labels in `REASON_ZH`. */
export type Reason =
  | "not-scored"
  | "not-activated"
  | "no-force"
  | "suicide"
  | "own-goal"
  | "firework"
  | "lead-voter"
  | "penalty"
  | "own-camp-take-along"
  | "white-voted-out"
  | "black-voted-out-code-right"
  | "black-voted-out-code-wrong"
  | "taken-along-code-right"
  | "taken-along-code-wrong"
  | "post-code-right"
  | "post-code-wrong"
  | "post-no-code"
  | "neutral-force"
  | "cancelled"
  | "cancellation";

export const REASON_ZH: Record<Reason, string> = {
  "not-scored": "非分值人员",
  "not-activated": "分值未激活",
  "no-force": "无得分力量",
  suicide: "分值人员自杀，分值归对方阵营",
  "own-goal": "被同阵营贴杀（乌龙），分值归对方阵营",
  firework: "烟花，分值归对方阵营",
  // Seed 000's own words: "被固定带走的分值玩家（如领票人），比照烟花处理".
  "lead-voter": "领票人，比照烟花处理，分值归对方阵营",
  penalty: "被判罚出局，分值归对方阵营",
  "own-camp-take-along": "票楼被同阵营玩家带走，分值归对方阵营",
  "white-voted-out": "白道分值人员被票杀，分值归黑道",
  "black-voted-out-code-right": "黑道分值人员被票杀，代号正确，分值归白道",
  "black-voted-out-code-wrong": "黑道分值人员被票杀，代号错误，分值归黑道",
  "taken-along-code-right": "票楼被对方以正确代号带走，分值归带走方",
  "taken-along-code-wrong": "票楼被对方带走，代号错误，分值归被带走方",
  "post-code-right": "被贴杀，代号正确，分值归出帖方",
  "post-code-wrong": "被贴杀，代号错误，分值归被贴杀方",
  "post-no-code": "被贴杀，未提供代号猜想，等同代号错误，分值归被贴杀方",
  "neutral-force": "中立力量，不产生分值",
  cancelled: "黑白双方力量冲抵后均不得分",
  cancellation: "黑白双方力量冲抵后，余力一方得分",
};

export interface ForceResult {
  force: Force;
  /** The camp this force scores for, or null (a neutral's force). */
  for: Side | null;
  reason: Reason;
}

export interface Death {
  victimCamp: Camp;
  /** 分值人员: had a post right from the start (or the rule set says so). */
  scored: boolean;
  /** Activated by the seat's first post (normal, IOU, or later ruled invalid). */
  activated: boolean;
  /** Every force on this death in the round it happened. */
  forces: Force[];
}

export interface Attribution {
  to: Side | null;
  reason: Reason;
  forces: ForceResult[];
  /** Forces per camp before cancellation. */
  black: number;
  white: number;
}

const other = (c: Side): Side => (c === "black" ? "white" : "black");
const side = (c: Camp): Side | null => (c === "neutral" ? null : c);

/** The camp one force scores for. Seed 000's attribution paragraph, sentence by sentence. */
export function forceFor(victimCamp: Camp, f: Force): ForceResult {
  const victim = side(victimCamp);
  const r = (to: Side | null, reason: Reason): ForceResult => ({ force: f, for: to, reason });
  if (victim === null) return r(null, "neutral-force");
  switch (f.kind) {
    // "分值人员自杀、被同阵营贴杀（俗称乌龙）、烟花、被判罚出局、票楼被同阵营玩家带走，分值归对方阵营"
    case "suicide":
      return r(other(victim), "suicide");
    case "firework":
      // "票楼无需特殊身份人挑选，而被固定带走的分值玩家（如领票人），比照烟花处理。"
      return r(other(victim), f.leadVoter ? "lead-voter" : "firework");
    case "penalty":
      return r(other(victim), "penalty");
    case "post": {
      const poster = side(f.posterCamp);
      if (poster === null) {
        // A neutral poster (猎人) takes nothing for itself; "代号错误，分值归被贴杀方" still holds.
        return f.code === "right" ? r(null, "neutral-force") : r(victim, "post-code-wrong");
      }
      if (poster === victim) return r(other(victim), "own-goal");
      // "分值人员被贴杀，代号正确，分值归出帖方，代号错误，分值归被贴杀方"
      if (f.code === "right") return r(poster, "post-code-right");
      // "不提供代号猜想的，不影响杀人，但是，不能抢分。" / "未被扣代号的，等同代号错误。"
      return r(victim, f.code === "none" ? "post-no-code" : "post-code-wrong");
    }
    case "vote":
      // "白道分值人员被票杀…分值归黑道"
      if (victim === "white") return r("black", "white-voted-out");
      // "黑道分值人员被票杀…如果代号正确，分值归白道，代号错误，分值归黑道"
      return f.code === "right"
        ? r("white", "black-voted-out-code-right")
        : r("black", "black-voted-out-code-wrong");
    case "take-along": {
      const by = side(f.byCamp);
      if (by === null) return r(null, "neutral-force");
      if (by === victim) return r(other(victim), "own-camp-take-along");
      // "被黑道以正确代号票楼带走，分值归黑道" / "被白道票楼带走，如果代号正确，分值归白道，代号错误，分值归黑道"
      return f.code === "right" ? r(by, "taken-along-code-right") : r(victim, "taken-along-code-wrong");
    }
  }
}

/**
 * 力量冲抵: each force counts one for the camp it scores for; equal forces cancel (nobody scores), otherwise the camp
 * with forces left over takes the point. "冲抵后如双方力量均为0，则意味着该分值双方均未能获得；冲抵后如一方尚有余力，则该分值归此方。"
 */
export function attribute(d: Death): Attribution {
  const none = (reason: Reason): Attribution => ({ to: null, reason, forces: [], black: 0, white: 0 });
  // "未被激活的分值等同于不存在，黑白双方均无法获得"
  if (!d.scored) return none("not-scored");
  if (!d.activated) return none("not-activated");
  const forces = d.forces.map((f) => forceFor(d.victimCamp, f));
  const black = forces.filter((f) => f.for === "black").length;
  const white = forces.filter((f) => f.for === "white").length;
  const base = { forces, black, white };
  if (forces.length === 0) return { ...base, to: null, reason: "no-force" };
  const first = forces[0];
  const sides = new Set(forces.map((f) => f.for));
  if (first && sides.size === 1) return { ...base, to: first.for, reason: first.reason };
  if (black === white) return { ...base, to: null, reason: "cancelled" };
  return { ...base, to: black > white ? "black" : "white", reason: "cancellation" };
}
