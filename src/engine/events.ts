// The engine's events: past-tense facts, each carrying `at`. A game is its event log; evolve folds them.
import type { RuleSet } from "../rules/schema.ts";
import type { Instant, OutCause, Override, Seat } from "./contract.ts";
import type { DayNightEvent } from "./night/types.ts";
import type { TallyEntry } from "./vote/types.ts";

/** A round's plan (进程) as in force: votes per voter, places voted out, posts per group id. */
export interface RoundPlan {
  votesPerVoter: number;
  voteOut: number;
  posts: Record<string, number>;
  extraPosts: Record<string, number>;
}

/** A seat as fixed by GameStarted. */
export interface StartedSeat {
  alias: string;
  role: string;
  code: string | null;
  /** 两府制: house 1 or 2; absent = house 1. */
  house?: number;
}

/** One kill post as released (几方同步发帖). `index` is its place in the round's submissions. */
export interface ReleasedPost {
  index: number;
  poster: Seat;
  target: Seat;
  /** The posting unit (a group id, a merged group id, or `role:<id>` for a role takeover). */
  unit: string;
  kind: "kill" | "engineer";
  words: number;
  iou: boolean;
  /** Why the post did nothing, if it did nothing (its target was already out, or it was voided). */
  lapsed: "target-out" | "voided" | null;
  /** State only: a voided post that had lapsed on an out target before (恢复杀帖 puts `lapsed` back to it). */
  lapsedBefore?: "target-out";
}

/** Which vote a cast or a close belongs to. */
export type VoteStage = "regular" | "overtime";

/**
 * Why a game ended, as data: the pages and the results post say it in Chinese (ending-text.ts); `reason` says it in
 * English for logs and the CLI.
 */
export type EndingWhy =
  /** Elimination: every seat of these roles and camps is out (the branch of the win condition that held). */
  | { kind: "all-out"; roles: string[]; camps: string[] }
  /** Score rule: a camp with no living seat. */
  | { kind: "camp-wiped-out"; camp: "black" | "white" }
  /** Score rule: the progression has no round after `round`. */
  | { kind: "progression-ended"; round: number }
  /** The referee ended the game (the `end-game` override), for this reason. */
  | { kind: "referee"; reason: string }
  /** Score rule, 提前结束: after `round`, `trailing` can reach at most `best`, below `leader`'s least (`guaranteed`). */
  | {
      kind: "decided-early";
      round: number;
      leader: "black" | "white";
      trailing: "black" | "white";
      best: string;
      guaranteed: string;
    };

export type GameEvent =
  | {
      type: "GameStarted";
      at: Instant;
      rules: RuleSet;
      /** Round 1 opens here. */
      start: Instant;
      /** The seed used to deal roles, or null for a fixed assignment. */
      seed: string | null;
      seats: StartedSeat[];
    }
  | {
      type: "RoundOpened";
      at: Instant;
      round: number;
      plan: RoundPlan;
      postingOpensAt: Instant;
      postingClosesAt: Instant;
      voteDeadline: Instant;
    }
  /** The round's vote thread opens (under 两府制, every house's): when its posts are out, or at once without posts. */
  | { type: "VoteOpened"; at: Instant; round: number }
  | {
      type: "VoteCast";
      at: Instant;
      round: number;
      stage: VoteStage;
      voter: Seat;
      targets: readonly Seat[];
      codes?: (string | null)[];
      proxy: boolean;
      /** 两府制: the house whose thread this is (absent = house 1, or the only thread). */
      house?: number;
      /** A 托票's: the referee who entered it (Signed). */
      referee?: string;
    }
  | {
      type: "KillPostSubmitted";
      at: Instant;
      round: number;
      poster: Seat;
      target: Seat;
      unit: string;
      kind: "kill" | "engineer";
      words: number;
      code: string | null;
      postId: string | null;
      /**
       * 录入杀帖: the referee who entered it (since the thirty-second session; before, an `app.KillPostEntered` beside
       * it said so, one more event hidden from the other players than a player's own post).
       */
      referee?: string;
    }
  | {
      type: "PostsReleased";
      at: Instant;
      round: number;
      posts: ReleasedPost[];
      /** Posts of the plan nobody submitted in the window (forfeited, RULINGS 19), per unit. */
      forfeited: Record<string, number>;
      /**
       * Posts submitted but not released because their poster went out before the release (voted out in a 加时 that
       * closed inside the window, a referee's ruling), per unit; absent in logs written before it was recorded.
       */
      withdrawn?: Record<string, number>;
      /** Where each unit's rotation now stands (the last seat whose turn it was). */
      rotation: Record<string, Seat>;
      /** When the round's IOUs and complaints are due (counted from the release day). */
      iouDeadline: Instant;
      complaintDeadline: Instant;
    }
  | {
      type: "IouOpened";
      at: Instant;
      round: number;
      post: number;
      poster: Seat;
      target: Seat;
      deadline: Instant;
    }
  | {
      type: "IouCompleted";
      at: Instant;
      round: number;
      post: number;
      poster: Seat;
      words: number;
      postId: string | null;
      /** The referee who entered the text a poster sent them (an out poster, a site it could not reach). */
      referee?: string;
    }
  | { type: "IouFailed"; at: Instant; round: number; post: number; poster: Seat; target: Seat }
  /** A complaint filed against a released post (the referee's business only; who filed it is the app's). */
  | {
      type: "ComplaintFiled";
      at: Instant;
      round: number;
      post: number;
      poster: Seat;
      /** 录入举报: when the 哨群 received it off the site; absent for a complaint filed on the site (`at`). */
      receivedAt?: Instant;
      /** 录入举报: the referee who entered it; absent for a player's own. */
      referee?: string;
    }
  | {
      type: "ComplaintUpheld";
      at: Instant;
      round: number;
      post: number;
      poster: Seat;
      target: Seat;
      reason: string | null;
      referee?: string;
    }
  /**
   * Seed 000 「字数不够按白条处理」: a complaint held on the post's 字数 alone; the post is a 白条 from now (its
   * IouOpened follows, with `deadline`), not void.
   */
  | {
      type: "ComplaintRuledIou";
      at: Instant;
      round: number;
      post: number;
      poster: Seat;
      target: Seat;
      deadline: Instant;
      reason: string | null;
      referee?: string;
    }
  | {
      type: "ComplaintDismissed";
      at: Instant;
      round: number;
      post: number;
      poster: Seat;
      reason: string | null;
      referee?: string;
    }
  /**
   * `keepsFiled`: complaints filed in the window wait past it for their ruling (RULINGS 16; since the thirty-first
   * session). Absent in logs stored before: the complaints still unruled lapsed with the window, and replay keeps that.
   */
  | { type: "ComplaintWindowClosed"; at: Instant; round: number; keepsFiled?: true }
  | {
      type: "PlayerOut";
      at: Instant;
      round: number;
      seat: Seat;
      cause: OutCause;
      /** Who did it, where there is one: the poster, the bomb, the vote's 领票人 chain. */
      by: Seat | null;
      /** For a post death: the post's index in the round. */
      post: number | null;
      /** Whether the victim keeps a half vote this round (半票; RULINGS 10). */
      halfVote: boolean;
      /** Whether the victim may still vote this round at all (a post victim of a role without half votes may not). */
      keepsVote: boolean;
      /** 7kill: out at dawn, in night `round` (第N夜), not in day `round`; absent otherwise. */
      night?: true;
    }
  /**
   * A seat posts put out in `round`, still held out by a post after the posts on it changed (a crossed post's 白条
   * failed, a 举报 upheld, 作废杀帖, 恢复杀帖): its out is now down to post `post` of `by`, and RULINGS 10 is judged
   * again over the posts standing on it, as at the release (a half vote only if every one of them grants one). While
   * the round's vote is to come or open; after it only the attribution moves, the vote right as it was.
   */
  | {
      type: "PostOutRejudged";
      at: Instant;
      round: number;
      seat: Seat;
      by: Seat;
      post: number;
      /** As PlayerOut's: the half vote the seat has this round from now on. */
      halfVote: boolean;
      /** As PlayerOut's: whether the seat may vote this round at all from now on. */
      keepsVote: boolean;
    }
  | {
      type: "PlayerRevived";
      at: Instant;
      round: number;
      seat: Seat;
      /** `amended`: a 改判票杀 or 恢复杀帖 undid the out; unlike the referee's own 复活, it keeps an owed out owed. */
      reason: "iou" | "complaint" | "referee" | "void-post" | "amended";
    }
  /** 烟花: a bomb went off and took `victim` along. */
  | { type: "BombFired"; at: Instant; round: number; bomb: Seat; victim: Seat; via: "post" | "vote" }
  /**
   * The BombFired of a post now void (白条 failed, 举报 upheld, 作废杀帖) taken back: the post never hit the bomb, so
   * the bomb is unspent unless it went off otherwise (since the thirty-first session; before, it stayed spent).
   */
  | { type: "PostFiringVoided"; at: Instant; round: number; bomb: Seat; victim: Seat }
  /**
   * A bomb voted out under leadVoter "referee" (RULINGS 13): its 领票人 is the referee's to name among `voters`
   * (a `decide-lead-voter` override), and the bomb goes off then.
   */
  | { type: "LeadVoterLeftToReferee"; at: Instant; round: number; bomb: Seat; voters: Seat[] }
  /** The seat's role and code are now public (results post, or a suicide revealed at once). */
  | { type: "IdentityRevealed"; at: Instant; seat: Seat; role: string; code: string | null }
  | {
      type: "VoteClosed";
      at: Instant;
      round: number;
      stage: VoteStage;
      entries: TallyEntry[];
      out: Seat[];
      halfVotesApplied: boolean;
      tie: { seats: Seat[]; slots: number } | null;
      leadVoters: Record<Seat, Seat | null>;
      /** leadVoter "referee" only: per seat in the tally, the voters the referee may name its 领票人. */
      leadVoterChoices?: Record<Seat, Seat[]>;
      /**
       * Per bomb in the tally that takes its 领票人 (other than under leadVoter "referee", where `leadVoterChoices`
       * has them): the voters whose counted vote named it, earliest first; the seats a 改定领票人 may name.
       */
      bombVoters?: Record<Seat, Seat[]>;
      /** Per seat in the tally: the code most chosen among its votes (score rule). */
      outCodes: Record<Seat, string | null>;
      /** Living voters who did not vote (suicide, or excused / no offence). */
      nonVoters: Seat[];
      /** Voters whose standing ballot is empty (弃权, where the rule set takes one); absent when none. */
      abstainers?: Seat[];
      /** Voters whose standing ballot named only players out since (a void vote, not a 弃权); absent when none. */
      voided?: Seat[];
      /** 两府制: the house whose thread this is (absent = house 1, or the only thread). */
      house?: number;
    }
  | {
      type: "OvertimeOpened";
      at: Instant;
      round: number;
      tied: Seat[];
      slots: number;
      deadline: Instant;
      /** 两府制: the house whose thread this is (absent = house 1, or the only thread). */
      house?: number;
    }
  /** The final tie-break (先到先出 and its options) after overtime. */
  | {
      type: "TieBroken";
      at: Instant;
      round: number;
      rule: string;
      out: Seat[];
      tied: Seat[];
      /** What the rule leaves to the referee (rule "referee", or times equal to the millisecond): `slots` of `seats`. */
      referee?: { seats: Seat[]; slots: number; reason: string } | null;
      /** 两府制: the house whose thread this is (absent = house 1, or the only thread). */
      house?: number;
    }
  | { type: "RoundClosed"; at: Instant; round: number; alive: number }
  | {
      type: "AllianceFormed";
      at: Instant;
      round: number;
      alliance: string;
      name: string;
      /**
       * Set by the engine: per group the alliance merges into (`into`) with code-order posting, its members' turn order,
       * those who posted longest ago (or never) first, then in code order (groups.ts `expectedPosters`). Absent in
       * logs from before it was kept: those merged groups go in code order from the first code.
       */
      turnOrder?: Record<string, Seat[]>;
    }
  | {
      type: "OverrideApplied";
      at: Instant;
      round: number;
      override: Override;
      reason: string;
      referee?: string;
    }
  | {
      type: "GameEnded";
      at: Instant;
      winner: "black" | "white" | "draw" | null;
      reason: string;
      /** Absent from events stored before the eighteenth session. */
      why?: EndingWhy;
    }
  /**
   * Win conditions naming different winners hold at once (src/engine/end.ts `contestedEndings`): the game goes on
   * until the referee ends it (`end-game`). Referees only: the winner is announced with GameEnded.
   */
  | {
      type: "EndingLeftToReferee";
      at: Instant;
      round: number;
      candidates: { winner: "black" | "white" | "draw" | null; reason: string; why: EndingWhy }[];
    }
  /**
   * The contest EndingLeftToReferee asked about no longer holds (a revival undid an out): the question is withdrawn.
   * What holds now is read as every ending is (a GameEnded may follow at once). Referees only, as the question was.
   */
  | { type: "EndingContestWithdrawn"; at: Instant; round: number }
  /**
   * A score game's end at round `round`'s results post (the progression's end, 提前结束) waits for a tie or a 领票人
   * the referee has yet to decide, whose outs could move points; `round` null: read again once decided, it no longer
   * holds (the game goes on). Referees only, as the decisions are.
   */
  | { type: "ScoreEndDeferred"; at: Instant; round: number | null }
  /** 7kill (issue 8): nights, dawn, the bandit, last words, thread posts, offences. */
  | DayNightEvent
  /** 白条延期: the round's vote deadline moves one day (the next rounds follow it). */
  | {
      type: "IouExtensionGranted";
      at: Instant;
      round: number;
      camp: "black" | "white";
      requestedBy: Seat[];
      voteDeadline: Instant;
      reason: string | null;
      referee?: string;
    };

export type EventType = GameEvent["type"];

/**
 * The referee's own acts, signed with the alias of the referee or co-referee whose command made them (`referee`), so
 * a game with several referees keeps who ruled what. Unsigned: the server's own acts (a missed 报道 redo), scenario
 * replays, and events stored before signing.
 */
export type Signed = Extract<GameEvent, { type: (typeof SIGNED)[number] }>;

const SIGNED = [
  "OverrideApplied",
  "ComplaintUpheld",
  "ComplaintDismissed",
  "ComplaintRuledIou",
  "IouExtensionGranted",
  "VoteCast",
] as const satisfies readonly EventType[];
const SIGNED_TYPES: ReadonlySet<EventType> = new Set(SIGNED);

export function isSigned(event: GameEvent): event is Signed {
  return SIGNED_TYPES.has(event.type);
}
