// What the app needs from the game engine, in the app's terms; src/app/engine-adapter.ts binds it to src/engine.
import type { Command, GameSummary, Refusal, Seat } from "../engine/contract.ts";
import type { GameView } from "../server/api-types.ts";

/** An engine event as stored: a `type`, the receipt time `at`, and its own fields. */
export interface EngineEvent {
  readonly type: string;
  readonly at: number;
  readonly [key: string]: unknown;
}

/** Who is looking, in the engine's terms (the app maps accounts to seats through aliases). */
export type EngineViewer = { kind: "public" } | { kind: "seat"; seat: Seat } | { kind: "referee" };

export interface SeatInfo {
  readonly seat: Seat;
  readonly alias: string;
  readonly alive: boolean;
}

export interface RoomInfo {
  readonly id: string;
  readonly name: string;
  readonly seats: readonly Seat[];
}

/**
 * What one live stream has sent of each vote thread's ballots, so its next view lists only the newer ones. The
 * engine port keeps what is inside; a stream makes one and passes it with every view it asks for.
 */
export class SentBallots {
  /** The game whose stream this is. The port keys what it keeps by this object, not by the game. */
  readonly gameId: string;
  constructor(gameId: string) {
    this.gameId = gameId;
  }
}

export type Decision = { ok: true; events: EngineEvent[] } | { ok: false; refusal: Refusal };

export interface RoundPlanInfo {
  votesPerVoter: number;
  voteOut: number;
  posts: Record<string, number>;
  extraPosts: Record<string, number>;
}

/** Pure functions over an opaque state; none may read a clock or do I/O. */
export interface EnginePort<S = unknown> {
  /** State after the given events, from the empty game. */
  replay(events: readonly EngineEvent[]): S;
  evolve(state: S, event: EngineEvent): S;
  decide(state: S, command: Command): Decision;
  /** Every deadline still to fire, keyed stably (a moved deadline keeps its key). */
  pendingDeadlines(state: S): { key: string; at: number }[];
  /**
   * The viewer's projection, in the API's shape. Null before the game has started. With `sent` (a live stream),
   * each vote thread's `casts` lists only the ballots after those already sent with it (`castsFrom` says from
   * where), and `sent` then counts these too.
   */
  view(state: S, viewer: EngineViewer, sent?: SentBallots): GameView | null;
  /** The event as the viewer may see it, or null when it is hidden from them. */
  redact(event: EngineEvent, state: S, viewer: EngineViewer): EngineEvent | null;
  /** Seats with their current alias, empty before the game has started (shared: do not modify). */
  seats(state: S): readonly SeatInfo[];
  /** The team rooms (小黑屋) the seat belongs to now. */
  roomsOf(state: S, seat: Seat): RoomInfo[];
  /** The ids of roomsOf alone, without each room's members (asked for every viewer of every live batch). */
  roomIdsOf?(state: S, seat: Seat): readonly string[];
  /** Rooms the seat joined after the start, with when: it reads their messages from then on. Null when none. */
  roomsJoinedLate?(state: S, seat: Seat): ReadonlyMap<string, number> | null;
  /**
   * A room member `seat` must not know of (7kill: a bandit turned killer after this seat went out, 「与存活的杀手互知」):
   * left out of roomsOf's members, and its room messages are not shown to this seat. Null when there is none.
   */
  hiddenRoomMemberOf?(state: S, seat: Seat): Seat | null;
  /** Whether the game has been started (seats fixed). */
  started(state: S): boolean;
  /** The poster of a released post (round, index as the referee's view lists it); null when no such post is out. */
  posterOf?(state: S, round: number, post: number): Seat | null;
  /**
   * The engine index of the released post players call `n` in `round` (its public number, src/engine/public-posts.ts:
   * every viewer but a referee reads posts by it, the engine index being the hand-in order); null when none is out.
   */
  postIndexOfPublic(state: S, round: number, n: number): number | null;
  /** The public number of the released post at engine index `post` in `round`; null when no such post is out. */
  publicPostNumber(state: S, round: number, post: number): number | null;
  /**
   * From when a 托票 for `voter` is refused (RULINGS 12): with `round`, that round's regular vote's cut-off; without,
   * the cut-off of the vote a proxy entered now would go to (an overtime's is the day's, past). Null when there is none.
   */
  proxyCutoffOf?(state: S, voter: Seat, round?: number): number | null;
  /** The voter's standing ballot in the vote open to it now, as the engine judges a new ballot against it. */
  standingBallotOf?(
    state: S,
    voter: Seat,
  ): { targets: readonly Seat[]; codes?: readonly (string | null)[]; proxy: boolean } | null;
  /**
   * 白条延期 (score rule): the refusal `seat`'s own request would get now, computed from what the seat may know
   * (src/engine/score/extension.ts `extensionRequestRefusal`); null when it may ask. `asReferee`: by the seat's real
   * role, as the referee's grant will judge it (the seat itself is answered as the role it was told).
   */
  extensionRequestRefusal?(state: S, seat: Seat, asReferee?: boolean): Refusal | null;
  /** Whether the game is over; cheaper than a summary when the engine knows it directly. */
  ended?(state: S): boolean;
  /**
   * The rounds whose tie or bomb's 领票人 waits for the referee and can still put someone out (src/engine/pending.ts
   * `pendingDecisions`): their results post would promise an out it does not yet name.
   */
  roundsAwaitingDecision?(state: S): number[];
  summarize(state: S): GameSummary;
  /**
   * A round's plan (进程) as it goes now: votes per voter, how many are voted out, and posts per posting unit with
   * alliances' merges and takeovers applied. Null for a round not opened yet.
   */
  roundPlan?(state: S, round: number): RoundPlanInfo | null;
  /**
   * Post ids whose text is public now (kill posts after their release), each with its round and when it became
   * public (the window's close): its hand-in time is its poster's and the referees' (几方同步发帖).
   */
  publicPostIds?(state: S): ReadonlyMap<string, { round: number; at: number }>;
  /** The deadline a refusal is about (for the message "截止时间 …"), when the state knows it. */
  deadlineOf?(state: S, code: string, details: Record<string, unknown> | undefined): number | null;
}
