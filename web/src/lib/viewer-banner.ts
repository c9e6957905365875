// The game frame's line on who you are here: referee, player, out (still with a half vote), replaced, or onlooker.
import type { GameViewResponse, SeatNo } from "../../../src/server/api-types.ts";
import { m } from "../i18n/index.ts";

/** The open vote this viewer's seat may still cast in as a post victim (RULINGS 10), as the vote machine reads it. */
export interface HalfVoteRound {
  halfVoters: readonly SeatNo[];
  vote: { stage: "regular" | "overtime" } | null;
}

/**
 * An out seat killed by this round's post keeps a half vote (RULINGS 10): the banner said 「你已出局，可以继续围观」
 * while the 投票机 offered a ballot. While that vote is open the banner says both: out, and still voting.
 */
export function viewerBanner(
  viewer: Pick<GameViewResponse["viewer"], "kind" | "alias" | "seat">,
  voting: HalfVoteRound | null,
): string {
  switch (viewer.kind) {
    case "referee":
      return m.board.viewerReferee(viewer.alias ?? "");
    case "player":
      return m.board.viewerPlayer(viewer.alias ?? "");
    case "dead-player": {
      // A player with no seat once the game runs was replaced by a substitute (替补), not put out.
      if (viewer.seat === null) return m.board.viewerReplaced;
      const stage = voting?.vote?.stage;
      if (stage && voting?.halfVoters.includes(viewer.seat))
        return stage === "overtime" ? m.board.viewerDeadVotingOvertime : m.board.viewerDeadHalfVote;
      return m.board.viewerDead;
    }
    default:
      return m.board.viewerPublic;
  }
}
