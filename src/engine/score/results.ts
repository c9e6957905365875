// The score part of a round's results post (结果帖): each camp's score and, for every point that moved, why.
import type { FinalScores, ScoreParts } from "../contract.ts";
import type { Reason, Side } from "./attribution.ts";
import { REASON_ZH } from "./attribution.ts";

export interface ScoreValue {
  /** Exact, e.g. "37/43". */
  exact: string;
  /** Two decimals, e.g. 0.86. */
  value: number;
}

export interface ScorePostInput {
  /** Each dead scored player of the round whose point was at stake. */
  moves: {
    alias: string;
    code: string | null;
    house: number;
    to: Side | null;
    reason: Reason | string;
    /** A voted-out seat's 出局代号, which the reason's 代号正确 / 错误 is about (undefined: not a vote). */
    outCode?: string | null;
    /** On a 冲抵: each force with its camp and the alias behind it (poster, bomb). */
    forces?: MoveForce[];
  }[];
  /** Running totals per house (one entry when there is one house). */
  houses: {
    house: number;
    black: ScoreValue;
    white: ScoreValue;
    parts?: Record<Side, ScoreParts>;
  }[];
  /** 买猎: points bought, published with their camp only ("买猎所获分值只公布归属哪方，不公布归属原因"). */
  purchases?: { to: Side; points: string }[];
  /** Totals including survival points (the game is over). */
  final?: boolean;
  /** Display names of the posting units (groups, merged groups, role takeovers), for the forces of a 冲抵. */
  unitNames?: Readonly<Record<string, string>>;
}

export interface MoveForce {
  for: Side | null;
  reason: Reason | string;
  /** A bomb's or a taker's alias. */
  by?: string;
  /** A post's posting unit (its id; ScorePostInput.unitNames names it). */
  unit?: string;
}

const CAMP_ZH: Record<Side, string> = { black: "黑道", white: "白道" };

/**
 * One force in a 冲抵 line, short and comma-free like the seed's own example 「杀贴剑代号错，剑贴蛋烟花」: the victim is
 * named at the head of the line, so a force names only who acted and how. A post is named by its posting unit, as the
 * seed's 「杀贴」「剑贴」 and the released post do: the poster's alias would tell the players who posts.
 */
const FORCE_ZH: Record<string, (by: string, outCode: string) => string> = {
  suicide: () => "自杀",
  "own-goal": (by) => `${by}贴杀乌龙`,
  firework: (by) => `贴${by}烟花`,
  "lead-voter": (by) => `随${by}出局的领票人比照烟花处理`,
  penalty: () => "被判罚出局",
  "own-camp-take-along": (by) => `被同阵营${by}票楼带走`,
  "white-voted-out": () => "被票杀",
  "black-voted-out-code-right": (_, code) => `被票杀代号正确${code}`,
  "black-voted-out-code-wrong": (_, code) => `被票杀代号错误${code}`,
  "taken-along-code-right": (by) => `被${by}票楼带走代号正确`,
  "taken-along-code-wrong": (by) => `被${by}票楼带走代号错误`,
  "post-code-right": (by) => `${by}贴杀代号正确`,
  "post-code-wrong": (by) => `${by}贴杀代号错误`,
  "post-no-code": (by) => `${by}贴杀未附代号`,
  "neutral-force": (by) => `${by}中立力量`,
};

/**
 * 「（黑道力量2份：刺1贴杀代号正确、贴黑蛋烟花；白道力量1份：A1贴杀代号错误）」: what met in a 冲抵, per camp, so the
 * referee can count the forces (the seed: "需先进行黑白双方得分力量的冲抵").
 */
function forcesText(
  forces: MoveForce[],
  outCode: string | null | undefined,
  unitNames: Readonly<Record<string, string>>,
): string {
  const code = outCode === undefined ? "" : `（票楼代号：${outCode ?? "无"}）`;
  const who = (f: MoveForce) => (f.unit !== undefined ? (unitNames[f.unit] ?? f.unit) : (f.by ?? ""));
  const label = (f: MoveForce) => FORCE_ZH[f.reason]?.(who(f), code) ?? f.reason;
  const sides = (["black", "white"] as const).map((side) => {
    const mine = forces.filter((f) => f.for === side);
    return `${CAMP_ZH[side]}力量${mine.length}份${mine.length > 0 ? `：${mine.map(label).join("、")}` : ""}`;
  });
  // A neutral's force (a hunter's right-code post) counts for neither camp, but was there.
  const neutral = forces.filter((f) => f.for === null);
  if (neutral.length > 0) sides.push(`不计入：${neutral.map(label).join("、")}`);
  return `（${sides.join("；")}）`;
}
const HOUSE_ZH = ["", "一府", "二府"];

const fmt = (v: ScoreValue) =>
  v.exact.includes("/") ? `${v.exact}分（约${v.value.toFixed(2)}分）` : `${v.exact}分`;

/**
 * "双方最后分数总和=游戏过程中从双方死亡分值人员身上抢得的分数+己方存活分值人员身上已被激活的分值+个人存活分", term by term,
 * exact, so the sum can be checked: 「抢得4分＋存活已激活0分＋个人存活分9人×14/43分＝126/43分」.
 */
function partsText(p: ScoreParts): string {
  const terms = [`抢得${p.taken.exact}分`, `存活已激活${p.living.exact}分`];
  const s = p.survival;
  if (s) terms.push(`个人存活分${s.seats}人×${s.each.exact}分＝${s.total.exact}分`);
  return terms.join("＋");
}

/** A total with its terms in one bracket: 「298/43分（约6.93分；抢得…）」, 「15分（抢得…）」. */
function withParts(v: ScoreValue, p: ScoreParts | undefined): string {
  if (!p) return fmt(v);
  const approx = v.exact.includes("/") ? `约${v.value.toFixed(2)}分；` : "";
  return `${v.exact}分（${approx}${partsText(p)}）`;
}

/**
 * "每轮结果帖里，勺子…另外还公布黑白两道各自得分情况及分值归属原因". Pure; the renderer in src/app calls it.
 */
export function renderScoreLines(input: ScorePostInput): string[] {
  const lines: string[] = [];
  const twoHouses = input.houses.length > 1;
  for (const h of input.houses) {
    const house = twoHouses ? `${HOUSE_ZH[h.house] ?? `${h.house}府`}` : "";
    const moves = input.moves.filter((m) => !twoHouses || m.house === h.house);
    for (const m of moves) {
      const who = `${m.alias}${m.code ? `（${m.code}）` : ""}`;
      const where = m.to === null ? "双方均不得分" : `1分归${CAMP_ZH[m.to]}`;
      const why = (REASON_ZH as Record<string, string>)[m.reason] ?? m.reason;
      const named = m.forces
        ? forcesText(m.forces, m.outCode, input.unitNames ?? {})
        : m.outCode === undefined
          ? ""
          : `（票楼代号：${m.outCode ?? "无"}）`;
      lines.push(`${house}分值：${who} ${where}——${why}${named}。`);
    }
    // "双方最后分数总和=游戏过程中从双方死亡分值人员身上抢得的分数+己方存活分值人员身上已被激活的分值+个人存活分":
    // a running total gives its first two parts, so the sum can be checked against the lines above.
    const camp = (side: Side) =>
      `${CAMP_ZH[side]} ${withParts(h[side], input.final ? undefined : h.parts?.[side])}`;
    lines.push(`${house}${input.final ? "最终得分" : "当前得分"}：${camp("black")}，${camp("white")}。`);
  }
  for (const p of input.purchases ?? []) lines.push(`买猎：${p.points}分归${CAMP_ZH[p.to]}。`);
  return lines;
}

/** A results-post round as the summary gives it: outs with their points, running scores per house. */
export interface ScoredRound {
  out: {
    alias: string;
    code?: string | null;
    house?: number;
    points?: { to: Side | null; reason: string; forces?: MoveForce[] };
    outCode?: string | null;
  }[];
  scores?: ScorePostInput["houses"];
}

/** The lines for one round: every death whose point was at stake (not the unscored or never activated), then the scores. */
export function scoreLinesOfRound(
  round: ScoredRound,
  unitNames: Readonly<Record<string, string>> = {},
): string[] {
  if (!round.scores) return [];
  const moves = round.out.flatMap((o) =>
    o.points && o.points.reason !== "not-scored" && o.points.reason !== "not-activated"
      ? [
          {
            alias: o.alias,
            code: o.code ?? null,
            house: o.house ?? 1,
            to: o.points.to,
            reason: o.points.reason,
            ...(o.outCode !== undefined &&
              (o.points.reason.startsWith("black-voted-out") ||
                o.points.forces?.some((f) => f.reason.startsWith("black-voted-out"))) && {
                outCode: o.outCode,
              }),
            ...(o.points.forces && { forces: o.points.forces }),
          },
        ]
      : [],
  );
  return renderScoreLines({ moves, houses: round.scores, unitNames });
}

/** The game's final line, survival points included, with each total's terms when the summary gives them. */
export function finalScoreLine(scores: FinalScores): string {
  const camp = (side: Side) => `${CAMP_ZH[side]} ${withParts(scores[side], scores.parts?.[side])}`;
  return `最终得分（含存活分）：${camp("black")}，${camp("white")}。`;
}

/**
 * The game's final lines. Under 两府制 ("两府制算分时，分数不跨票楼归属…结果发布时分值始终不跨楼归属") each house first with
 * its own terms, then the overall total as the sum of the houses', which is what the camps compare.
 */
export function finalScoreLines(scores: FinalScores): string[] {
  const houses = scores.houses ?? [];
  if (houses.length < 2) return [finalScoreLine(scores)];
  const houseName = (n: number) => HOUSE_ZH[n] ?? `${n}府`;
  const lines = houses.map((h) => {
    const camp = (side: Side) => `${CAMP_ZH[side]} ${withParts(h[side], h.parts?.[side])}`;
    return `${houseName(h.house)}最终得分（含存活分）：${camp("black")}，${camp("white")}。`;
  });
  const sum = (side: Side) => {
    const v = scores[side];
    const approx = v.exact.includes("/") ? `约${v.value.toFixed(2)}分；` : "";
    const terms = houses.map((h) => `${houseName(h.house)}${h[side].exact}分`).join("＋");
    return `${CAMP_ZH[side]} ${v.exact}分（${approx}${terms}）`;
  };
  lines.push(`最终得分（含存活分，两府合计）：${sum("black")}，${sum("white")}。`);
  return lines;
}
