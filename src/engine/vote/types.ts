// The vote machine's (投票机) data contract: casts in, a tally out. Pure data; the tally functions live beside it.
import type { VoteSettings } from "../../rules/schema.ts";

/** A seat number, 0-based, fixed for the whole game (a substitute keeps the seat). */
export type Seat = number;

/** One accepted ballot as received; a later cast by the same voter replaces the earlier one (改票). */
export interface VoteCast {
  voter: Seat;
  /** The seats voted for, in the order given; empty = abstain (投票对象：无) where allowed. */
  targets: readonly Seat[];
  /** Code-name guesses (代号) per target, same order as `targets`, null where none (score rule). */
  codes?: (string | null)[];
  /** Server receipt time, epoch ms. For a proxy vote: the referee's entry time. */
  at: number;
  /** 托票: entered by the referee for this voter. */
  proxy: boolean;
}

/** Which vote this is: the round's vote, its overtime (平票加时), or 7kill's duel day (高票对决). */
export type VoteKind = "regular" | "overtime" | "duel";

export interface TallyInput {
  settings: VoteSettings;
  kind: VoteKind;
  /** Votes each voter casts this round (票N). */
  votesPerVoter: number;
  /** How many go out in this vote (出N; in overtime: the places still open). */
  slots: number;
  /** Living players when the vote closes, for a percentage threshold. */
  alive: number;
  /** Overtime and duel: only these seats may receive votes. Null: every seat voted for. When given, votes on other seats are
   *  dropped (a regular vote passes the living seats, so a vote on a player out since is void); in overtime and duel every
   *  candidate is ranked, even with 0 votes. */
  candidates: Seat[] | null;
  /** Voters whose vote is a half vote (半票) this round; ignored in overtime and duel. */
  halfVoters: ReadonlySet<Seat>;
  /** Every accepted cast in receipt order (changes included), all at or before the deadline. */
  casts: VoteCast[];
}

export interface TallyEntry {
  seat: Seat;
  /** Votes ×2, so half votes stay integers (RULINGS.md 4): 21 means 10.5. Half votes included only if applied. */
  halves: number;
  fullVotes: number;
  halfVotes: number;
  proxyVotes: number;
  /** Receipt time at which this seat's final count was reached (先到先出). */
  reachedAt: number;
  /** Index in `TallyInput.casts` of the cast that brought the final count (orders equal `reachedAt`); -1 when no counted vote. */
  reachedIndex: number;
  /** Date of the earliest counted standing vote on this seat (first-vote-earliest); 0 when no counted vote. */
  firstAt: number;
  /** Index in `TallyInput.casts` of that vote's cast; -1 when no counted vote. */
  firstIndex: number;
  /** Half votes standing on this seat that were not added (no tie to break here); not in `halves`. */
  halfVotesUnused: number;
}

/** One voter's standing vote on one seat, as the tally dated and weighed it. */
export interface StandingVote {
  voter: Seat;
  seat: Seat;
  /** The code-name guess carried with this vote, or null. */
  code: string | null;
  /** Date of this vote: the first of the voter's consecutive casts that all counted a vote on `seat` (a changed vote is dated at its change; re-casting it unchanged keeps its date). */
  at: number;
  /** Index in `TallyInput.casts` of that cast. */
  index: number;
  /** Same as `at`, for the code: the first of the consecutive casts that all carried this code on this seat. */
  codeAt: number;
  codeIndex: number;
  proxy: boolean;
  /** Weight in halves: 2 = a full vote, 1 = a half vote (半票). */
  weight: 1 | 2;
  /** In the seat's count: false only for a half vote that was not applied. */
  counted: boolean;
}

export interface TallyResult {
  /** Every seat that received a standing vote, highest first. */
  entries: TallyEntry[];
  /** Seats out by this vote (possibly fewer than `slots` when a tie is left open or the threshold is not met). */
  out: Seat[];
  /** Whether half votes were added to break a tie (RULINGS.md 10). */
  halfVotesApplied: boolean;
  /** A tie for the last open places that this vote could not settle: the caller runs overtime, a duel or the final tie-break. */
  tie: { seats: Seat[]; slots: number } | null;
  /** For each seat out: its 领票人 under settings.leadVoter (null when "referee" decides or nobody qualifies). Filled for every seat in `entries`, so a seat put out later by the final tie-break has one too. */
  leadVoters: Record<Seat, Seat | null>;
  /** leadVoter "referee" only: for each seat in `entries`, the voters whose counted standing vote names it, earliest first. */
  leadVoterChoices?: Record<Seat, Seat[]>;
  /** For each seat out: the code name most chosen among the standing votes on it (score rule), or null. Filled for every seat in `entries`. */
  outCodes: Record<Seat, string | null>;
  /** Every standing vote on a seat, ordered by date (`at`, then `index`). */
  votes: StandingVote[];
  /** Voters whose standing ballot names nobody (投票对象：无): they voted. */
  abstainers: Seat[];
  /** Voters whose standing ballot names only seats outside `candidates` (out since it was cast): they voted, void. */
  voided: Seat[];
}
