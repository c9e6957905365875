// The 进程 card's heading: the current round, or, between 开始游戏 and the first round's start, when that comes.
import type { DeadlineView, GameStatus } from "../../../src/server/api-types.ts";
import { m } from "../i18n/index.ts";
import { clockOn, deadlineKind } from "./format.ts";
import type { Terms } from "./terms.ts";

/**
 * Once started, a game waits for round 1's start (空军: 开始游戏 at 20:00, round 1 at 21:00) with no current round. The
 * heading said 「游戏尚未开始」 under a 「进行中」 badge then; it now says the game has started and when round 1 opens
 * (the engine's `round:N:open` deadline, which fires at the stated time).
 */
export function progressionTitle(
  round: number | null,
  status: GameStatus | null,
  deadlines: readonly DeadlineView[],
  terms: Pick<Terms, "round">,
  now: number,
): string {
  if (round !== null) return terms.round(round);
  if (status !== "running") return m.board.notStarted;
  const open = deadlines
    .filter((d) => deadlineKind(d.key) === "open")
    .sort((a, b) => a.at - b.at)
    .at(0);
  const first = open ? Number(/^round:(\d+):/.exec(open.key)?.[1] ?? Number.NaN) : Number.NaN;
  return open && Number.isInteger(first)
    ? m.board.startedOpensAt(terms.round(first), clockOn(open.at, now))
    : m.board.started;
}
