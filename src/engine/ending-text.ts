// Says why a game ended in Chinese, for the board and the results post; the engine's `reason` says it in English.
import type { RuleSet } from "../rules/schema.ts";
import type { EndingWhy } from "./events.ts";

/** Camp id → its name in posts and on the pages, where the rule set names none. */
export const CAMP: Readonly<Record<string, string>> = { black: "黑道", white: "白道", neutral: "中立" };

/** The camps' names in a game: the rule set's `campNames` (7kill: 杀手方 / 好人方) over the defaults. */
export function campNamesOf(rules: Pick<RuleSet, "campNames"> | null | undefined): Record<string, string> {
  return { ...CAMP, ...rules?.campNames };
}

/** "黑道胜利", "杀手方胜利", "平局"; `camps` as from `campNamesOf`. */
export function winnerText(winner: string | null, camps: Readonly<Record<string, string>> = CAMP): string {
  if (winner === "draw") return "平局";
  if (winner === null || camps[winner] === undefined) return "游戏结束";
  return `${camps[winner]}胜利`;
}

/**
 * `roleNames`: role id → display name (杀手, 游侠…); an id without one is shown as is. `camps`: camp id → name, as from
 * `campNamesOf`.
 */
export function endingText(
  why: EndingWhy,
  roleNames: Readonly<Record<string, string>>,
  camps: Readonly<Record<string, string>> = CAMP,
): string {
  switch (why.kind) {
    case "all-out": {
      const parts = [...why.roles.map((r) => roleNames[r] ?? r), ...why.camps.map((c) => camps[c] ?? c)];
      return `${parts.join("、")}全部出局`;
    }
    case "camp-wiped-out":
      return `${camps[why.camp]}全部出局，按总分定胜负`;
    case "progression-ended":
      return `第${why.round}轮为进程的最后一轮，按总分定胜负`;
    case "referee":
      return `哨子判定结束：${why.reason}`;
    case "decided-early":
      // "游戏中当一方的分值，另一方在后面轮次无论怎样都不可能扳平或反超时），视为已分出胜负，游戏结束。"
      return (
        `第${why.round}轮后${camps[why.trailing]}最多还能得到${points(why.best)}，` +
        `少于${camps[why.leader]}至少会有的${points(why.guaranteed)}，已不可能扳平或反超，提前结束`
      );
  }
}

/** "271/43" → "271/43分（约6.30分）", as the results post writes a fraction; "10" → "10分". */
function points(exact: string): string {
  const [n, d] = exact.split("/").map(Number);
  if (d === undefined || !Number.isFinite(n) || !Number.isFinite(d) || d === 0) return `${exact}分`;
  return `${exact}分（约${((n ?? 0) / d).toFixed(2)}分）`;
}
