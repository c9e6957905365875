// The tally: standing ballots in, counts, who goes out, the open tie, lead voters and out codes (RULINGS.md 4, 7, 9–11, 13).
import type { VoteSettings } from "../../rules/schema.ts";
import { byDate, countedTargets, standingBallots } from "./ballot.ts";
import type { Seat, StandingVote, TallyEntry, TallyInput, TallyResult } from "./types.ts";

/**
 * Whether `halves` (votes ×2) reach the rule set's threshold with `alive` living players. Pure, integers only.
 * Plurality: every vote counts. Percent (seed 001, RULINGS.md 4): `votes*100 >= alive*percent`, i.e. `halves*100 >= alive*percent*2`.
 */
export function meetsThreshold(settings: VoteSettings, halves: number, alive: number): boolean {
  if (halves <= 0) return false;
  const t = settings.threshold;
  return t.kind === "plurality" || halves * 100 >= alive * t.percent * 2;
}

interface Ranked {
  seat: Seat;
  halves: number;
}

/** Fills `slots` places from the top; a tie across the last open place is left open. Ranked must be sorted, highest first. */
function fillPlaces(
  ranked: Ranked[],
  slots: number,
): { out: Seat[]; tie: { seats: Seat[]; slots: number } | null } {
  if (slots <= 0) return { out: [], tie: null };
  if (ranked.length <= slots) return { out: ranked.map((r) => r.seat), tie: null };
  const boundary = ranked[slots - 1]!.halves;
  const above = ranked.filter((r) => r.halves > boundary).map((r) => r.seat);
  const tied = ranked.filter((r) => r.halves === boundary).map((r) => r.seat);
  const open = slots - above.length;
  if (tied.length <= open) return { out: [...above, ...tied], tie: null };
  return { out: above, tie: { seats: tied, slots: open } };
}

/**
 * Counts a vote. Pure, deterministic, total.
 * - Standing ballot per voter: the last cast (RULINGS.md 7). Counted seats per ballot: see `countedTargets` (RULINGS.md 9).
 * - Full votes decide first. Half votes (半票, RULINGS.md 10) are added only when a tie straddles the last open place, only
 *   to the seats in that tie, and only in a regular vote with `settings.halfVotes`; what they leave tied stays tied.
 *   In overtime and duel every vote is full.
 * - Regular vote: a seat may go out only with a full vote count meeting the threshold. Overtime and duel: plurality among
 *   the candidates, 0 votes included, so a 0–0 overtime is a tie; the duel's top seat goes out only if it also meets the
 *   threshold. Nobody goes out with no vote (a lone candidate left when the others went out during the overtime).
 * - `reachedAt` is the date of the last counted vote on the seat in date order: the moment its final count was reached.
 */
export function tally(input: TallyInput): TallyResult {
  const { settings, kind } = input;
  const regular = kind === "regular";
  const candidates = input.candidates === null ? null : new Set(input.candidates);
  const { votes: dated, abstainers, voided } = standingBallots(input.casts, input.votesPerVoter, candidates);

  const votes: StandingVote[] = dated.map((v) => {
    const half = regular && input.halfVoters.has(v.voter);
    return { ...v, weight: half ? 1 : 2, counted: !half };
  });

  const seats = new Set<Seat>(votes.map((v) => v.seat));
  if (!regular && input.candidates !== null) for (const s of input.candidates) seats.add(s);

  const countOf = (seat: Seat): number =>
    votes.reduce((sum, v) => (v.seat === seat && v.counted ? sum + v.weight : sum), 0);
  const rank = (list: Iterable<Seat>): Ranked[] =>
    [...list]
      .map((seat) => ({ seat, halves: countOf(seat) }))
      .sort((a, b) => b.halves - a.halves || a.seat - b.seat);

  const eligible = rank(seats).filter((r) => !regular || meetsThreshold(settings, r.halves, input.alive));
  let { out, tie } = fillPlaces(eligible, input.slots);
  // A place is filled by votes, never by the other candidates leaving: nobody goes out with none. The duel is the
  // day's vote again (seed 001 「再次进行投票」), so its winner needs what a day's vote needs: 「被投票数最高，且大于等于
  // 未出局人数的40%者，将被投出局」. Ties are found first, among all candidates, as 「高票对决后如仍平票」 reads.
  const halvesOf = new Map(eligible.map((r) => [r.seat, r.halves]));
  out = out.filter((seat) => {
    const halves = halvesOf.get(seat) ?? 0;
    return halves > 0 && (kind !== "duel" || meetsThreshold(settings, halves, input.alive));
  });

  let halfVotesApplied = false;
  if (tie !== null && regular && settings.halfVotes) {
    const tied = new Set(tie.seats);
    for (const v of votes) {
      if (v.weight === 1 && tied.has(v.seat)) {
        v.counted = true;
        halfVotesApplied = true;
      }
    }
    if (halfVotesApplied) {
      const settled = fillPlaces(rank(tied), tie.slots);
      out = [...out, ...settled.out];
      tie = settled.tie;
    }
  }

  const entries = [...seats].map((seat) => entryFor(seat, votes)).sort(byRank);
  const position = new Map(entries.map((e, i) => [e.seat, i]));
  const inRankOrder = (list: Seat[]): Seat[] => [...list].sort((a, b) => position.get(a)! - position.get(b)!);

  const leadVoters: Record<Seat, Seat | null> = {};
  const outCodes: Record<Seat, string | null> = {};
  for (const e of entries) {
    leadVoters[e.seat] = leadVoterFor(e.seat, settings, votes, input);
    outCodes[e.seat] = outCodeFor(e.seat, votes);
  }

  return {
    entries,
    out: inRankOrder(out),
    halfVotesApplied,
    tie: tie === null ? null : { seats: inRankOrder(tie.seats), slots: tie.slots },
    leadVoters,
    ...(settings.leadVoter === "referee" && { leadVoterChoices: leadVoterChoicesOf(entries, votes) }),
    outCodes,
    votes,
    abstainers,
    voided,
  };
}

/**
 * Under leadVoter "referee": per seat, the voters the referee may name its 领票人, earliest standing vote first. Counted
 * votes only, so a half voter qualifies only if half votes were applied (RULINGS 13).
 */
function leadVoterChoicesOf(entries: TallyEntry[], votes: StandingVote[]): Record<Seat, Seat[]> {
  const choices: Record<Seat, Seat[]> = {};
  for (const e of entries) {
    choices[e.seat] = [...new Set(votes.filter((v) => v.seat === e.seat && v.counted).map((v) => v.voter))];
  }
  return choices;
}

function entryFor(seat: Seat, votes: StandingVote[]): TallyEntry {
  const on = votes.filter((v) => v.seat === seat);
  const counted = on.filter((v) => v.counted);
  // `votes` is in date order, so the first and last counted votes are the first vote and the one that reached the count.
  const first = counted[0];
  const last = counted[counted.length - 1];
  const fullVotes = counted.filter((v) => v.weight === 2).length;
  const halfVotes = counted.length - fullVotes;
  return {
    seat,
    halves: fullVotes * 2 + halfVotes,
    fullVotes,
    halfVotes,
    proxyVotes: counted.filter((v) => v.proxy).length,
    reachedAt: last?.at ?? 0,
    reachedIndex: last?.index ?? -1,
    firstAt: first?.at ?? 0,
    firstIndex: first?.index ?? -1,
    halfVotesUnused: on.length - counted.length,
  };
}

function byRank(a: TallyEntry, b: TallyEntry): number {
  return (
    b.halves - a.halves || a.reachedAt - b.reachedAt || a.reachedIndex - b.reachedIndex || a.seat - b.seat
  );
}

/**
 * 领票人 (RULINGS.md 13). Only votes in the seat's count qualify, so a half voter qualifies only where half votes were applied.
 * - earliest-standing: the earliest-dated counted standing vote on the seat.
 * - earliest-ever: the earliest cast that ever counted a vote on the seat this vote, even if its voter later changed away;
 *   a half voter's cast qualifies only if half votes were applied to this seat.
 * - last-voter: the latest-dated counted standing vote (the one that reached the final count).
 * - referee: null, the referee names one.
 */
function leadVoterFor(
  seat: Seat,
  settings: VoteSettings,
  votes: StandingVote[],
  input: TallyInput,
): Seat | null {
  const counted = votes.filter((v) => v.seat === seat && v.counted);
  switch (settings.leadVoter) {
    case "referee":
      return null;
    case "earliest-standing":
      return counted[0]?.voter ?? null;
    case "last-voter":
      return counted[counted.length - 1]?.voter ?? null;
    case "earliest-ever": {
      if (counted.length === 0) return null;
      const halfApplied = counted.some((v) => v.weight === 1);
      const candidates = input.candidates === null ? null : new Set(input.candidates);
      const halfVoter = (voter: Seat) => input.kind === "regular" && input.halfVoters.has(voter);
      const casts = input.casts
        .map((cast, index) => ({ cast, at: cast.at, index }))
        .filter(({ cast }) => !halfVoter(cast.voter) || halfApplied)
        .filter(({ cast }) =>
          countedTargets(cast, input.votesPerVoter, candidates).some((t) => t.seat === seat),
        )
        .sort(byDate);
      return casts[0]?.cast.voter ?? null;
    }
  }
}

/**
 * The seat's out code (seed 000 【分值计算】): the code most chosen among its counted votes, weighted in halves (a half
 * vote counts half); equal weight goes to the code that arrived first; votes without a code are ignored. Null if none.
 */
function outCodeFor(seat: Seat, votes: StandingVote[]): string | null {
  const byCode = new Map<string, { weight: number; at: number; index: number }>();
  for (const v of votes) {
    if (v.seat !== seat || !v.counted || v.code === null) continue;
    const c = byCode.get(v.code);
    if (!c) byCode.set(v.code, { weight: v.weight, at: v.codeAt, index: v.codeIndex });
    else {
      c.weight += v.weight;
      if (byDate({ at: v.codeAt, index: v.codeIndex }, c) < 0)
        Object.assign(c, { at: v.codeAt, index: v.codeIndex });
    }
  }
  let best: { code: string; weight: number; at: number; index: number } | null = null;
  for (const [code, c] of byCode) {
    if (best === null || c.weight > best.weight || (c.weight === best.weight && byDate(c, best) < 0))
      best = { code, ...c };
  }
  return best?.code ?? null;
}
