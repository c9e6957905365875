// What not voting costs, and whether the viewer still risks it: the vote page's warning and the 投票机 tab's badge.
import type { GameInfo, GameViewResponse, SeatNo } from "../../../src/server/api-types.ts";

export type NonVotingCost = "suicide" | "warning";

/** What not voting costs this round, as the page warns of it; null when nothing (an excused round, plain 弃权). */
export function nonVotingCost(rule: GameInfo["nonVoting"] | undefined, round: number): NonVotingCost | null {
  if (!rule || rule.excusedRounds.includes(round)) return null;
  return rule.outcome === "suicide" ? "suicide" : rule.outcome === "abstain-warning" ? "warning" : null;
}

/**
 * The cost the viewer runs by not having voted yet, or null when there is nothing to flag. Only a living seated player
 * in an open regular vote, with no standing ballot: an overtime's non-voter is no offender (RULINGS 11), and an out
 * seat's half vote (RULINGS 10) is never owed. Phone players land on 进程 and missed the vote page's warning.
 */
export function missingVoteCost(input: {
  viewer: Pick<GameViewResponse["viewer"], "kind" | "memberKind" | "seat">;
  seats: readonly { seat: SeatNo; alive: boolean }[];
  /** The round whose vote is open (engine-view `votingRound`), its vote being the viewer's own house's thread. */
  voting: { round: number; vote: { stage: "regular" | "overtime" } | null } | null;
  /** The viewer's standing ballot in that thread (GameView.myVote, live in the stream's views). */
  myVote: object | null;
  nonVoting: GameInfo["nonVoting"] | undefined;
}): NonVotingCost | null {
  const { viewer, voting } = input;
  if (viewer.kind !== "player" || viewer.memberKind !== "player" || viewer.seat === null) return null;
  const mySeat = viewer.seat;
  if (input.seats.find((s) => s.seat === mySeat)?.alive !== true) return null;
  if (voting?.vote?.stage !== "regular" || input.myVote !== null) return null;
  return nonVotingCost(input.nonVoting, voting.round);
}
