// 改判票杀 on the referee's desk: which closed rounds it can correct, and the seats to tick with their votes.
import type { EngineView, RoundView } from "./engine-view.ts";

export interface AmendCandidate {
  seat: number;
  /** The seat's votes in the thread's last tally (half votes as .5), 0 when the tally named it not at all. */
  votes: number;
  /** Out now as voted out in this round: ticked to start with, since the ruling keeps whom it does not drop. */
  votedOut: boolean;
  /** Out for something else (a post, a penalty): the ruling cannot put it out as voted out. */
  outOtherwise: boolean;
}

/** The rounds whose vote has closed, newest first: the ones a 改判票杀 may name. */
export function amendableRounds(rounds: readonly RoundView[]): number[] {
  return rounds
    .filter((r) => r.closed && r.results.length > 0)
    .map((r) => r.round)
    .reverse();
}

/** The houses whose thread the round tallied: [1], or each house under 两府制. */
export function tallyHouses(round: RoundView | undefined): number[] {
  const houses = [...new Set((round?.results ?? []).map((r) => r.house ?? 1))];
  return houses.length > 0 ? houses.sort((a, b) => a - b) : [1];
}

/**
 * The seats the house's thread tallied, most votes first (the overtime's count where there was one), then those out
 * by this vote that it did not tally: the ruling is about them. Any other living seat may still be added by the
 * engine's rules, but a correction of a count names seats the count named.
 */
export function amendCandidates(engine: EngineView, roundNo: number, house: number): AmendCandidate[] {
  const round = engine.rounds.find((r) => r.round === roundNo);
  const votes = new Map<number, number>();
  for (const res of round?.results ?? []) {
    if ((res.house ?? 1) !== house) continue;
    // A later stage (the 加时) replaces the counts of the seats it tallied.
    for (const t of res.tally) votes.set(t.seat, t.halves / 2);
  }
  const votedOut = (seat: number) => {
    const out = engine.seats.find((s) => s.seat === seat)?.out;
    return out?.round === roundNo && out.cause === "vote";
  };
  const tallied = [...votes.entries()].filter(([, v]) => v > 0).map(([seat]) => seat);
  const outOnly = engine.seats
    .filter((s) => votedOut(s.seat) && !tallied.includes(s.seat))
    .map((s) => s.seat);
  return [...tallied, ...outOnly]
    .map((seat) => {
      const s = engine.seats.find((x) => x.seat === seat);
      return {
        seat,
        votes: votes.get(seat) ?? 0,
        votedOut: votedOut(seat),
        outOtherwise: s !== undefined && !s.alive && !votedOut(seat),
      };
    })
    .sort((a, b) => b.votes - a.votes || a.seat - b.seat);
}
