// 改定领票人: the referee names another 领票人 for a bomb voted out, the one it took coming back (哨子最大).
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import { takenByVote } from "./bombs.ts";
import type { Instant, Override, Refusal, Seat } from "./contract.ts";
import { houseOfSeat } from "./houses.ts";
import { fireOnLeadVoter, reviveLeadVoter } from "./outs.ts";
import { roleOfSeat } from "./roles.ts";
import type { GameState } from "./state.ts";
import { rereadScoreEnd } from "./vote-close.ts";

type AmendLeadVoter = Extract<Override, { action: "amend-lead-voter" }>;

/**
 * The voters the referee may name, as the close recorded them for a bomb live at the vote (latest thread first: an
 * overtime's, then the regular vote's); under leadVoter "referee", those its first naming chose among. Null when the
 * bomb was no live bomb at the vote (spent, its power over), or for a log from before the voters were kept.
 */
function votersOf(state: GameState, round: number, bomb: Seat): Seat[] | null {
  const asked = state.rounds[round]?.leadVoterDecisions?.find((d) => d.bomb === bomb);
  if (asked) return asked.voters;
  const house = houseOfSeat(state, bomb);
  const records = (state.rounds[round]?.votes ?? []).filter((v) => (v.house ?? 1) === house).reverse();
  return records.map((v) => v.bombVoters?.[bomb]).find((voters) => voters !== undefined) ?? null;
}

/**
 * Refused: a seat that is no live bomb voted out in `round` (or one that takes no 领票人), a 领票人 still waiting for the
 * referee's first naming (`decide-lead-voter` does that), the seat it took already, a seat that did not vote for it,
 * and a seat out for something else.
 */
export function decideAmendLeadVoter(
  b: Batch,
  at: Instant,
  round: number,
  o: AmendLeadVoter,
  reason: string,
): Refusal | null {
  const state = b.state;
  const bomb = state.seats[o.bomb];
  const voted = bomb?.out?.cause === "vote" && bomb.out.round === o.round;
  const voters = voted ? votersOf(state, o.round, o.bomb) : null;
  if (!bomb || !voted || !roleOfSeat(state, o.bomb).bomb?.takesLeadVoter || voters === null)
    return {
      code: "override.not-a-voted-bomb",
      message: `seat ${o.bomb} is no bomb voted out in round ${o.round}`,
      details: { seat: o.bomb, round: o.round },
    };
  const waiting = state.rounds[o.round]?.leadVoterDecisions?.find((d) => d.bomb === o.bomb);
  if (waiting && waiting.decided === undefined)
    return {
      code: "override.lead-voter-unnamed",
      message: `the bomb's lead voter waits for the referee's first naming`,
      details: { round: o.round },
    };
  const previous = takenByVote(state, o.round, o.bomb)[0] ?? null;
  if (previous === o.leadVoter)
    return {
      code: "override.same-lead-voter",
      message: `seat ${o.leadVoter} is the bomb's lead voter already`,
      details: { seat: o.leadVoter },
    };
  if (!voters.includes(o.leadVoter))
    return {
      code: "override.not-a-voter",
      message: `seat ${o.leadVoter} did not vote for the bomb`,
      details: { seat: o.leadVoter },
    };
  if (!state.seats[o.leadVoter]?.alive)
    return {
      code: "override.already-out",
      message: "the seat is already out",
      details: { seat: o.leadVoter },
    };
  const override: AmendLeadVoter = { ...o, previous };
  emit(b, { type: "OverrideApplied", at, round, override, reason });
  // The fold took the firing back (evolve.ts): the seat it took comes back, and the bomb goes off on the one named.
  if (previous !== null) reviveLeadVoter(b, at, o.round, previous);
  fireOnLeadVoter(b, at, o.round, o.bomb, o.leadVoter);
  rereadScoreEnd(b, at, o.round);
  return null;
}
