// 7kill's state slice and events: night actions, dawn, the secret bandit, last words, discussion posts, offences.
import type { Instant, Seat } from "../contract.ts";

export type AbilityName = "kill" | "check" | "protect" | "shoot";
export type ThreadName = "discussion" | "vote" | "last-words";
/**
 * 潜水 is the machine's; the rest are the referee's rulings on what no machine can see (seed 001 4.2). As values
 * too, so the request and scenario schemas validate against this one list.
 */
export const OFFENCE_KINDS = [
  "lurking",
  "zhashi",
  "expose-id",
  "evidence",
  "negative-play",
  "abuse",
  "cheating",
  "other",
] as const;
export type OffenceKind = (typeof OFFENCE_KINDS)[number];

export interface NightAction {
  by: Seat;
  /** null: the group passes (允许放弃). */
  target: Seat | null;
  at: Instant;
}

export interface NightState {
  round: number;
  endsAt: Instant;
  /** The standing action per ability: a group acts as one, its latest choice stands. */
  actions: Partial<Record<AbilityName, NightAction>>;
  resolved: boolean;
  /** Dawn's outcome, for the referee's report. */
  result: {
    protected: Seat | null;
    saved: Seat[];
    emptyNeedle: { seat: Seat; count: number } | null;
  } | null;
}

export interface LastWordsState {
  round: number;
  due: Seat[];
  posted: Seat[];
  endsAt: Instant;
  /** When the phase ended (by its deadline, early, or by the referee), null while it runs. */
  endedAt: Instant | null;
}

export interface Offence {
  round: number;
  seat: Seat;
  offence: OffenceKind;
  /** For lurking: which of the seed's cases (posts, not-voting, streak, night-action). */
  reasons: string[];
  warning: boolean;
  /** "此种情况处罚时不公开": a missed night action is not announced. */
  public: boolean;
  withdrawn: boolean;
  at: Instant;
  /**
   * What the warning brought with it, for the 处罚公告: 「封玩家ID」 (a second 诈尸), and the penalty out it triggered
   * (情节严重, or the warning that reached the limit). Set only when true, so older records read the same.
   */
  banned?: true;
  out?: true;
  /** The reason of the ruling that took the warning back (撤销警告, or an exemption granted after the count). */
  withdrawnReason?: string;
}

export interface BanditState {
  seat: Seat;
  shot: { round: number; target: Seat; at: Instant; by: "day" | "night" } | null;
  /** The role it became (秘匪转为水民 / 转为杀手), null before either. */
  became: string | null;
  /** When it became it (BanditConverted's time). */
  becameAt?: Instant;
}

export interface DayNightState {
  nights: Record<number, NightState>;
  lastWords: Record<number, LastWordsState>;
  bandit: BanditState | null;
  /** 空针 per patient (RULINGS 21). */
  needles: Record<Seat, number>;
  /** Posts per discussion thread ("3:day", "3:duel") and seat. */
  threads: Record<string, Record<Seat, number>>;
  /** Discussion threads in a row each with fewer than the streak's posts, per seat. */
  streaks: Record<Seat, number>;
  offences: Offence[];
  /**
   * Seats excused from lurking in a round (the seed's exemptions, ruled by the referee): the whole round, or with
   * `thread` only that discussion thread (a late substitute's day, LurkingExcused).
   */
  exemptions: { seat: Seat; round: number; thread?: string }[];
  checks: { round: number; target: Seat; result: "good" | "killer" }[];
  /** -10～-30, set by the referee for a seat put out by penalties. */
  reputation: Record<Seat, number>;
  banned: Seat[];
}

export const initialDayNight: DayNightState = {
  nights: {},
  lastWords: {},
  bandit: null,
  needles: {},
  threads: {},
  streaks: {},
  offences: [],
  exemptions: [],
  checks: [],
  reputation: {},
  banned: [],
};

/** 7kill commands: a night (or the bandit's day) ability, and a post in a game thread (counted for 潜水). */
export type DayNightCommand =
  | {
      type: "UseAbility";
      at: Instant;
      actor: Seat;
      ability: AbilityName;
      target: Seat | null;
      /** 录入夜间行动: the referee who entered a choice the player sent off the site; judged alike. */
      referee?: string;
    }
  | { type: "Say"; at: Instant; seat: Seat; thread: ThreadName };

/** The referee's 7kill rulings, carried by the Override command. */
export type DayNightOverride =
  /** 无效票: a first ballot becomes an abstention, an invalid change leaves the first vote standing. */
  | {
      action: "invalid-vote";
      voter: Seat;
      /**
       * Set by the engine on the event, never by the command (since the thirty-second session): an invalid change is
       * taken out rather than repeated, so the change is the voter's again for its correction (「玩家可及时联系导演进行
       * 更正」). Absent on events stored before: there the change stays used, as it did.
       */
      correctable?: true;
    }
  /**
   * A warning for an offence no machine sees; `severe` puts the player out at once (情节严重者). `secret`: known to the
   * seat and the referees only, as seed 001 4.2 keeps a 潜水 of a night duty (「夜晚要求必须行使特权的，没有在规定时间内
   * 行使（此种情况处罚时不公开）」, a void use made on purpose counting as one): announced, it would tell the duty.
   */
  | { action: "warn"; target: Seat; offence: OffenceKind; severe?: boolean; secret?: boolean }
  /** The seed's lurking exemptions (论坛异常, late substitute, 加快进程, 特殊情况): the round is not counted. */
  | { action: "excuse"; target: Seat; round: number }
  /**
   * 撤销警告: the referee takes back a warning of this offence in this round (a 诈尸 post made by mistake, a wrong
   * ruling). What it already caused (a ban, an out) is undone with the rulings for those, such as revive.
   */
  | {
      action: "withdraw-warning";
      target: Seat;
      round: number;
      offence: OffenceKind;
      /**
       * Set by the engine on the event, never by the command: whether the warning taken back was public, so the
       * withdrawal is as secret as the warning. Absent on events stored before it was set.
       */
      public?: boolean;
    }
  /** The reputation penalty of a player put out by penalties (-10～-30). */
  | { action: "reputation"; target: Seat; points: number };

export type DayNightEvent =
  | { type: "NightOpened"; at: Instant; round: number; endsAt: Instant }
  | {
      type: "AbilityUsed";
      at: Instant;
      round: number;
      seat: Seat;
      ability: AbilityName;
      target: Seat | null;
      /** The referee who entered it for the seat (录入夜间行动, since the thirty-second session). */
      referee?: string;
    }
  /** The bandit's bullet (by day it hits at once; by night at dawn, unless the doctor saved the target). */
  | {
      type: "BanditShot";
      at: Instant;
      round: number;
      seat: Seat;
      target: Seat;
      by: "day" | "night";
      /** As AbilityUsed's. */
      referee?: string;
    }
  | { type: "BanditConverted"; at: Instant; round: number; seat: Seat; became: string; used: boolean }
  | {
      type: "NightResolved";
      at: Instant;
      round: number;
      kill: Seat | null;
      shot: Seat | null;
      protected: Seat | null;
      saved: Seat[];
      /** The patient of an empty needle (空针) this night, and its count on that patient after it. */
      emptyNeedle: { seat: Seat; count: number } | null;
    }
  | { type: "CheckResult"; at: Instant; round: number; target: Seat; result: "good" | "killer" }
  | { type: "LastWordsOpened"; at: Instant; round: number; due: Seat[]; endsAt: Instant }
  | { type: "LastWordsPosted"; at: Instant; round: number; seat: Seat }
  | { type: "LastWordsEnded"; at: Instant; round: number; early: boolean }
  | { type: "DiscussionPosted"; at: Instant; round: number; seat: Seat; thread: string }
  /** A discussion thread closed: each living seat's run of low-post threads (潜水 c) after it. */
  | { type: "ThreadClosed"; at: Instant; round: number; thread: string; streaks: Record<Seat, number> }
  /** 诈尸: an out player's post, not published. */
  | { type: "PostRefused"; at: Instant; round: number; seat: Seat; thread: ThreadName }
  /**
   * Seed 001 4.2 「可以不计潜水：b. 替补玩家替补上场时，距讨论结束时间少于12个小时」: the seat is excused from that
   * discussion thread's 潜水 (`thread`, the day's), not the night's duties or a duel after it, which it has time for;
   * `reason` says why (the one case the engine can judge by itself).
   */
  | {
      type: "LurkingExcused";
      at: Instant;
      round: number;
      seat: Seat;
      thread: string;
      reason: "late-substitute";
    }
  | {
      type: "OffenceRecorded";
      at: Instant;
      round: number;
      seat: Seat;
      offence: OffenceKind;
      reasons: string[];
      warning: boolean;
      public: boolean;
      /** 第二次诈尸…封玩家ID. */
      banned: boolean;
    };

export const DAY_NIGHT_EVENT_TYPES: ReadonlySet<string> = new Set([
  "NightOpened",
  "AbilityUsed",
  "BanditShot",
  "BanditConverted",
  "NightResolved",
  "CheckResult",
  "LastWordsOpened",
  "LastWordsPosted",
  "LastWordsEnded",
  "DiscussionPosted",
  "ThreadClosed",
  "PostRefused",
  "LurkingExcused",
  "OffenceRecorded",
]);
