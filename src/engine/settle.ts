// What follows by itself after any change: alliances whose triggers now hold, then the end of the game.

import { nextAlliance } from "./alliances.ts";
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import type { Instant } from "./contract.ts";
import { contestedEndings, endingNow } from "./end.ts";
import { mergedTurnOrders } from "./groups.ts";
import { pendingDecisions } from "./pending.ts";
import { scoreEndingAfterRound } from "./score/end.ts";
import { endWaits } from "./what-if.ts";

/** `round`: the round whose business caused the change (round k's vote closes after round k+1 has opened). */
export function settle(b: Batch, at: Instant, round: number = b.state.current): void {
  if (b.state.status !== "running") return;
  for (let a = nextAlliance(b.state); a !== null; a = nextAlliance(b.state)) {
    const turnOrder = mergedTurnOrders(b.state, a.id);
    emit(b, {
      type: "AllianceFormed",
      at,
      round: allianceRound(b, round),
      alliance: a.id,
      name: a.name,
      ...(turnOrder !== undefined ? { turnOrder } : {}),
    });
  }
  // A contest the referee was asked about that no longer holds (a revival undid an out): the question is withdrawn,
  // and what holds now (one winner, or none) is read below like every other ending.
  if (b.state.endingToReferee && !contestedEndings(b.state)) {
    emit(b, { type: "EndingContestWithdrawn", at, round });
  }
  // A score game's end that waited at a results post for the referee's decisions: read again once none is open.
  const deferred = b.state.scoreEndDeferred;
  if (deferred !== undefined && b.state.status === "running" && pendingDecisions(b.state).length === 0) {
    const e = scoreEndingAfterRound(b.state, deferred);
    if (e) emit(b, { type: "GameEnded", at, winner: e.winner, reason: e.reason, why: e.why });
    else emit(b, { type: "ScoreEndDeferred", at, round: null });
    return;
  }
  const ending = endingNow(b.state);
  const contested = b.state.endingToReferee ? null : contestedEndings(b.state);
  if (!ending && !contested) return;
  // A tie, a 领票人 or a filed complaint the referee has yet to decide, or an IOU not yet completed, could still put
  // someone out or bring someone back and change the winner (a tied bomb taking the last seat of a side): the end
  // waits, and is read again once it is answered (settle follows every command and deadline). A question no answer of
  // which changes the winner does not hold the end back. A score game's points move with every out, so there any open
  // decision waits.
  if (endWaits(b.state, at, round)) return;
  if (ending) {
    emit(b, { type: "GameEnded", at, winner: ending.winner, reason: ending.reason, why: ending.why });
    return;
  }
  // Asked once: the referee's inbox holds it until the referee ends the game, or it no longer holds (above).
  if (contested) emit(b, { type: "EndingLeftToReferee", at, round, candidates: contested });
}

/**
 * The round an alliance is announced with (its results post): `round`, except in the second between round k+1's
 * opening and round k's close, or during round k's 加时, when round k is still being settled: 风云's 「五轮结束后」
 * fires as round 6 opens, and round 5's results post says so.
 */
function allianceRound(b: Batch, round: number): number {
  if (round !== b.state.current) return round;
  const unsettled = b.state.rounds.find((r) => r !== undefined && r.round < round && !r.closed);
  return unsettled?.round ?? round;
}
