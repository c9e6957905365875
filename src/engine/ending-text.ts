// Says why a game ended in Chinese, for the board and the results post; the engine's `reason` says it in English.
import type { EndingWhy } from "./events.ts";

/** Camp id → its name in posts and on the pages. */
export const CAMP: Readonly<Record<string, string>> = { black: "黑道", white: "白道", neutral: "中立" };

/** `roleNames`: role id → display name (杀手, 游侠…); an id without one is shown as is. */
export function endingText(why: EndingWhy, roleNames: Readonly<Record<string, string>>): string {
  switch (why.kind) {
    case "all-out": {
      const parts = [...why.roles.map((r) => roleNames[r] ?? r), ...why.camps.map((c) => CAMP[c] ?? c)];
      return `${parts.join("、")}全部出局`;
    }
    case "camp-wiped-out":
      return `${CAMP[why.camp]}全部出局，按总分定胜负`;
    case "progression-ended":
      return `第${why.round}轮为进程的最后一轮，按总分定胜负`;
    case "referee":
      return `哨子判定结束：${why.reason}`;
    case "decided-early":
      // "游戏中当一方的分值，另一方在后面轮次无论怎样都不可能扳平或反超时），视为已分出胜负，游戏结束。"
      return (
        `第${why.round}轮后${CAMP[why.trailing]}最多还能得到${why.best}分，` +
        `少于${CAMP[why.leader]}至少会有的${why.guaranteed}分，已不可能扳平或反超，提前结束`
      );
  }
}
