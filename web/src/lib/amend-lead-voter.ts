// 改定领票人 on the referee's desk: the bombs voted out in a round that take a 领票人, and the voters it may take.
import { takenByVote } from "../../../src/engine/bombs.ts";
import type { GameState } from "../../../src/engine/state.ts";

export interface LeadVoterChoice {
  bomb: number;
  /** The seat the bomb's vote firing took and that is out for it now, or null. */
  taken: number | null;
  /** The voters whose counted vote named the bomb, as its round's close recorded them. */
  voters: number[];
}

/**
 * Per round, from the full state the referee's page holds: each bomb out by that round's vote whose role takes a
 * 领票人 and whose voters were kept (a live bomb at the vote). Under leadVoter "referee", only one named already.
 */
export function leadVoterChoices(state: GameState | null, round: number): LeadVoterChoice[] {
  const r = state?.rounds[round];
  if (!state?.rules || !r) return [];
  const rules = state.rules;
  const out: LeadVoterChoice[] = [];
  for (const s of state.seats) {
    if (s.out?.cause !== "vote" || s.out.round !== round) continue;
    if (!rules.roles.find((x) => x.id === s.role)?.bomb?.takesLeadVoter) continue;
    const asked = r.leadVoterDecisions?.find((d) => d.bomb === s.seat);
    if (asked && asked.decided === undefined) continue;
    const kept = [...r.votes].reverse().find((v) => v.bombVoters?.[s.seat] !== undefined)?.bombVoters?.[
      s.seat
    ];
    const voters = asked?.voters ?? kept;
    if (!voters) continue;
    out.push({ bomb: s.seat, taken: takenByVote(state, round, s.seat)[0] ?? null, voters });
  }
  return out;
}
