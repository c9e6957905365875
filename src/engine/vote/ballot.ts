// Reading ballots: which seats a cast counts (票N, RULINGS.md 9) and since when each standing vote has stood (先到先出 dating).
import type { Seat, VoteCast } from "./types.ts";

/** One vote a cast counts: a seat and the code-name guess that goes with it. */
export interface CountedTarget {
  seat: Seat;
  code: string | null;
}

/**
 * The votes one cast counts. Pure, total.
 * Each distinct seat counts once, with the code given at its first occurrence (RULINGS.md 9: two votes on one player
 * count once); seats outside `candidates` are dropped; at most `votesPerVoter` seats count, first given first.
 */
export function countedTargets(
  cast: VoteCast,
  votesPerVoter: number,
  candidates: ReadonlySet<Seat> | null,
): CountedTarget[] {
  const out: CountedTarget[] = [];
  const seen = new Set<Seat>();
  cast.targets.forEach((seat, i) => {
    if (out.length >= votesPerVoter || seen.has(seat)) return;
    if (candidates !== null && !candidates.has(seat)) return;
    seen.add(seat);
    out.push({ seat, code: cast.codes?.[i] ?? null });
  });
  return out;
}

/** A standing vote before weighing: who, on whom, with which code, dated by continuity. */
export interface DatedVote {
  voter: Seat;
  seat: Seat;
  code: string | null;
  at: number;
  index: number;
  codeAt: number;
  codeIndex: number;
  proxy: boolean;
}

export interface StandingBallots {
  /** Every counted vote of every standing ballot, ordered by (at, index). */
  votes: DatedVote[];
  /** Voters whose standing ballot names nobody (an abstention, 投票对象：无). Ascending. */
  abstainers: Seat[];
  /**
   * Voters whose standing ballot names seats, none of which counts (each is out of `candidates`: a player who left
   * during the day): a vote cast and void, not an abstention. Ascending.
   */
  voided: Seat[];
}

/**
 * Standing ballots (RULINGS.md 7: the last vote stands). Pure, total.
 * A voter's standing ballot is their last cast in array order (the array is receipt order). Each vote on it is dated at the
 * first of the voter's consecutive casts, ending with the standing one, that all counted that seat (RULINGS.md 11: "a changed
 * vote dated at its change"; re-casting an unchanged vote is no change). A code is dated the same way, per seat and code.
 */
export function standingBallots(
  casts: readonly VoteCast[],
  votesPerVoter: number,
  candidates: ReadonlySet<Seat> | null,
): StandingBallots {
  const byVoter = new Map<Seat, number[]>();
  casts.forEach((cast, i) => {
    const list = byVoter.get(cast.voter);
    if (list) list.push(i);
    else byVoter.set(cast.voter, [i]);
  });

  const votes: DatedVote[] = [];
  const abstainers: Seat[] = [];
  const voided: Seat[] = [];
  for (const [voter, indices] of byVoter) {
    const counted = indices.map((i) => countedTargets(casts[i]!, votesPerVoter, candidates));
    const last = indices.length - 1;
    const standing = counted[last]!;
    // Seed 001 「弃权也需要发投票帖」: 弃权 is a ballot naming nobody, not one whose choice left the game.
    if (standing.length === 0)
      (casts[indices[last]!]!.targets.length === 0 ? abstainers : voided).push(voter);
    for (const { seat, code } of standing) {
      let since = last;
      while (since > 0 && counted[since - 1]!.some((t) => t.seat === seat)) since--;
      let codeSince = last;
      while (codeSince > 0 && counted[codeSince - 1]!.some((t) => t.seat === seat && t.code === code))
        codeSince--;
      const index = indices[since]!;
      const codeIndex = indices[codeSince]!;
      votes.push({
        voter,
        seat,
        code,
        at: casts[index]!.at,
        index,
        codeAt: casts[codeIndex]!.at,
        codeIndex,
        proxy: casts[indices[last]!]!.proxy,
      });
    }
  }
  votes.sort(byDate);
  abstainers.sort((a, b) => a - b);
  voided.sort((a, b) => a - b);
  return { votes, abstainers, voided };
}

/** Orders by receipt time, then receipt order: the server's total order of casts. */
export function byDate(a: { at: number; index: number }, b: { at: number; index: number }): number {
  return a.at - b.at || a.index - b.index;
}
