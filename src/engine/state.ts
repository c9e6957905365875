// The engine's state: what the event log folds into. Plain data, never mutated in place.
import type { RuleSet } from "../rules/schema.ts";
import type { CastLog } from "./cast-log.ts";
import type { Instant, OutCause, Seat } from "./contract.ts";
import type { EndingWhy, ReleasedPost, RoundPlan, VoteStage } from "./events.ts";
import type { DayNightState } from "./night/types.ts";
import type { TallyEntry } from "./vote/types.ts";

export interface SeatState {
  seat: Seat;
  alias: string;
  role: string;
  code: string | null;
  alive: boolean;
  /** Role and code are public (revealed by the results post or at once for a suicide). */
  revealed: boolean;
  /** `night`: 7kill, out at dawn of night `round`. */
  out: { round: number; cause: OutCause; at: Instant; night?: boolean } | null;
  /** 两府制: the vote thread (house 1 or 2) the seat votes in; absent = house 1 (score rule, issue 7). */
  house?: number;
  /**
   * An out the seat owes for a post of its own that no longer stands (白条 failed, 举报属实) and could not serve because
   * it was out already: if the post that put it out is undone, it goes out for this instead of coming back. Served by
   * its next out; forgiven by the referee's revive. Absent when nothing is owed.
   */
  owes?: {
    cause: "iou" | "complaint";
    post: number;
    round: number;
    /** The vote the seat kept as a post victim and lost for it (outVoters; `half`: halfVoters too): 恢复杀帖 gives it back. */
    vote?: "full" | "half";
  };
}

export interface Submission {
  index: number;
  at: Instant;
  poster: Seat;
  target: Seat;
  unit: string;
  kind: "kill" | "engineer";
  words: number;
  code: string | null;
  postId: string | null;
  voided: boolean;
}

export interface IouState {
  post: number;
  poster: Seat;
  target: Seat;
  deadline: Instant;
  status: "open" | "completed" | "failed" | "voided";
  /** 认定字数足够 (accept-iou): closed as completed by the referee's ruling, not by a completion. */
  accepted?: true;
}

export interface VoteState {
  stage: VoteStage;
  /** Every accepted cast in receipt order (changes included), as a persistent list (see castsOf). */
  casts: CastLog;
  /** Overtime and duel: only these may receive votes. */
  candidates: Seat[] | null;
  slots: number;
  /** Instant at which the vote closes (received before it counts). */
  closesAt: Instant;
}

export interface VoteRecord {
  stage: VoteStage;
  entries: TallyEntry[];
  out: Seat[];
  halfVotesApplied: boolean;
  tie: { seats: Seat[]; slots: number } | null;
  /** Per seat in the tally: the code most chosen among its votes (score rule). */
  outCodes: Record<Seat, string | null>;
  /** Per seat in the tally: its 领票人 (RULINGS 13), for a tie the referee decides later (`decide-tie`). */
  leadVoters: Record<Seat, Seat | null>;
  /** leadVoter "referee" only: per seat in the tally, the voters the referee may name its 领票人. */
  leadVoterChoices?: Record<Seat, Seat[]>;
  /** Per bomb in the tally that takes its 领票人: the voters whose counted vote named it (VoteClosed's `bombVoters`). */
  bombVoters?: Record<Seat, Seat[]>;
  /** Who cast an empty ballot (弃权) and who cast none, for the results post. */
  abstainers: Seat[];
  nonVoters: Seat[];
  /** Who voted only for players out since: a void vote, not a 弃权 (absent in logs from before it was kept). */
  voided?: Seat[];
  /** 两府制: the house whose thread this was (absent = house 1, or the only thread). */
  house?: number;
  /** The closing instant the vote had (VoteState.closesAt): a late ballot names its deadline, a 加时's included. */
  closesAt?: Instant;
}

/** 指定出帖人: the referee gives a turn of a unit's rotation to another living member of the unit. */
export interface TurnAssigned {
  unit: string;
  from: Seat;
  to: Seat;
  reason: string;
}

export interface RoundState {
  round: number;
  plan: RoundPlan;
  openedAt: Instant;
  postingOpensAt: Instant;
  /** Wall time the window closes; submissions received before the next second count. */
  postingClosesAt: Instant;
  voteDeadline: Instant;
  submissions: Submission[];
  released: ReleasedPost[] | null;
  /** Posts of the plan nobody submitted in the window, per unit (PostsReleased's `forfeited`); absent before. */
  forfeited?: Record<string, number>;
  /** Posts withdrawn because their poster went out before the release, per unit (PostsReleased's); absent if none. */
  withdrawn?: Record<string, number>;
  iouDeadline: Instant | null;
  complaintDeadline: Instant | null;
  /** When the round's posts were released (PostsReleased's `at`); absent before. */
  releasedAt?: Instant;
  complaintsOpen: boolean;
  /** Posts (their index in the round) with a complaint filed and not yet ruled on; absent when none ever was. */
  complaintsFiled?: readonly number[];
  /**
   * Posts the referee has ruled on: a complaint filed again after a dismissal reaches the referee's inbox but does not
   * hold the end again (else one player could keep a decided game waiting until the window closes).
   */
  complaintsRuled?: readonly number[];
  /** 白条延期 granted this round (once per round); a referee's own `extend` of the deadline is not one. */
  iouExtended?: true;
  ious: IouState[];
  /** The vote in progress (regular, then possibly overtime), null before it opens and after it closes. */
  vote: VoteState | null;
  /** 两府制: the threads of houses 2+, side by side with `vote` (house 1); see src/engine/houses.ts. */
  houseVotes?: Record<number, VoteState | null>;
  voteOpened: boolean;
  votes: VoteRecord[];
  /** Post victims with a half vote this round (半票). */
  halfVoters: Seat[];
  /** Out this round but still voting this round (post victims). */
  outVoters: Seat[];
  /** `referee`: what the rule left to the referee (TieBroken's), absent when it decided everything. */
  tieBreak: {
    rule: string;
    out: Seat[];
    tied: Seat[];
    /** `decided`: the seats the referee put out among `seats` (a `decide-tie` override); absent while it waits. */
    referee?: { seats: Seat[]; slots: number; reason: string; decided?: Seat[] };
  } | null;
  /** 两府制: the final tie-break of houses 2+, by house (house 1's is `tieBreak`). */
  houseTieBreaks?: Record<number, NonNullable<RoundState["tieBreak"]>>;
  /**
   * Bombs voted out whose 领票人 the referee names (leadVoter "referee"): `decided`, once named (a
   * `decide-lead-voter` override); absent when there were none.
   */
  leadVoterDecisions?: { bomb: Seat; voters: Seat[]; decided?: Seat }[];
  /** 改判票杀 rulings on this round's vote, in order: whom it had put out, whom it puts out now, and why. */
  voteOutAmended?: VoteOutAmended[];
  /** 改定领票人 rulings on this round's bombs, in order: the bomb, the seat it had taken (or null), the one named, why. */
  leadVoterAmended?: { bomb: Seat; previous: Seat | null; leadVoter: Seat; reason: string }[];
  /**
   * 指定出帖人 rulings in this round's posting window, in order: the unit, the seat whose turn the rotation gave it
   * (`from`), the member the referee gave that turn to (`to`), and why.
   */
  turnsAssigned?: TurnAssigned[];
  /** 恢复杀帖 rulings: released posts of this round voided and then made to stand again, in order, with the reason. */
  reinstated?: { post: number; reason: string }[];
  /** 认定字数足够 rulings: released 白条 of this round the referee accepted as full, in order, with the reason. */
  iousAccepted?: { post: number; reason: string }[];
  /** Every PlayerOut and PlayerRevived of this round, in order: who was in after the round, whatever came later. */
  aliveChanges?: { seat: Seat; out: boolean; night?: true }[];
  /**
   * Every PlayerOut of this round, in order (a later revival does not remove it). `night`: 7kill, out at dawn with
   * the night's dead (PlayerOut's `night`); the round's other outs are its day's.
   */
  outs: { seat: Seat; cause: OutCause; by: Seat | null; post: number | null; night?: true }[];
  revived: Seat[];
  /** Why each seat of `revived` came back, by its last PlayerRevived of the round (since the thirty-second session). */
  revivedWhy?: Readonly<Record<number, RevivedWhy>>;
  closed: boolean;
}

/** PlayerRevived's reason: a void post's target (白条, 举报, 作废杀帖), the referee's 复活, or an amended ruling. */
export type RevivedWhy = "iou" | "complaint" | "referee" | "void-post" | "amended";

/** One 改判票杀 (`amend-vote-out`): `house` only under 两府制 for a house other than 1. */
export interface VoteOutAmended {
  previous: Seat[];
  out: Seat[];
  reason: string;
  house?: number;
}

export interface GameState {
  status: "idle" | "running" | "ended";
  rules: RuleSet | null;
  start: Instant;
  seed: string | null;
  seats: SeatState[];
  /** Rounds by number; index 0 is unused. */
  rounds: RoundState[];
  /** The latest round opened (0 before round 1). */
  current: number;
  alliances: { id: string; name: string; round: number; at: Instant; turnOrder?: Record<string, Seat[]> }[];
  /** Bombs (seats) that have gone off. */
  bombsFired: Seat[];
  /** 烟花: every seat a bomb took along, in order. */
  fireworks: { round: number; bomb: Seat; victim: Seat; via: "post" | "vote" }[];
  /** Where each posting unit's rotation stands: the last seat whose turn it was. */
  rotation: Record<string, Seat>;
  /** The referee's changes to plans of rounds not yet open (进程微调). */
  planOverrides: Record<number, Partial<RoundPlan>>;
  result: {
    winner: "black" | "white" | "draw" | null;
    reason: string;
    /** Null for a game that ended before the engine recorded why as data. */
    why: EndingWhy | null;
    at: Instant;
  } | null;
  /** Win conditions that held at once, waiting for the referee's `end-game` (EndingLeftToReferee); absent before. */
  endingToReferee?: {
    at: Instant;
    round: number;
    candidates: { winner: "black" | "white" | "draw" | null; reason: string; why: EndingWhy }[];
  };
  /** The round whose score end waits for the referee's decisions (ScoreEndDeferred); absent when none does. */
  scoreEndDeferred?: number;
  /** 7kill's slice (src/engine/night); absent until its first event. */
  dayNight?: DayNightState;
  /** Events folded so far. */
  version: number;
}

export const initialState: GameState = {
  status: "idle",
  rules: null,
  start: 0,
  seed: null,
  seats: [],
  rounds: [],
  current: 0,
  alliances: [],
  bombsFired: [],
  fireworks: [],
  rotation: {},
  planOverrides: {},
  result: null,
  version: 0,
};

/** The rule set of a started game. */
export function rulesOf(state: GameState): RuleSet {
  if (!state.rules) throw new Error("engine invariant: the game has no rule set before GameStarted");
  return state.rules;
}

export function roundOf(state: GameState, round: number): RoundState | undefined {
  return state.rounds[round];
}

export function seatOf(state: GameState, seat: Seat): SeatState | undefined {
  return state.seats[seat];
}

export function livingSeats(state: GameState): SeatState[] {
  return state.seats.filter((s) => s.alive);
}
