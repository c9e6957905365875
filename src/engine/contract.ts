// The engine's public contract: the commands it decides on, the refusals it returns, and the per-round summary it reports.
import type { RuleSet } from "../rules/schema.ts";
import type { EndingWhy } from "./events.ts";
import type { DayNightCommand, DayNightOverride } from "./night/types.ts";
import type { RevivedWhy } from "./state.ts";
import type { Seat } from "./vote/types.ts";

export type { Seat } from "./vote/types.ts";

/** Epoch milliseconds: the server's receipt time. The engine never reads a clock. */
export type Instant = number;

/** A seat as fixed at the start: who plays it (alias), its role and code name. */
export interface SeatSpec {
  alias: string;
  role: string;
  /** 代号; when absent the role's codes are given out in seat order. */
  code?: string | null;
  /** 两府制: the house (vote thread, 1 or 2) the seat plays in; absent = house 1. */
  house?: number;
}

/** Every command carries `at`, the server's receipt time. Commands are imperative; events are past tense. */
export type Command =
  /** Fix the seats and the rule set; round 1 opens at `start`. Either explicit seats or aliases + seed (seeded random roles). */
  | {
      type: "StartGame";
      at: Instant;
      rules: RuleSet;
      start: Instant;
      seats: SeatSpec[] | { aliases: string[]; seed: string };
    }
  /** 投票 / 改票: one target per vote the round grants; [] abstains where allowed. */
  | {
      type: "CastVote";
      at: Instant;
      voter: Seat;
      targets: Seat[];
      codes?: (string | null)[];
      /** The round whose vote this is; absent: the earliest vote still open (an overtime comes before the next day). */
      round?: number;
    }
  /** 托票: entered by the referee for `voter`. */
  | {
      type: "EnterProxyVote";
      at: Instant;
      voter: Seat;
      targets: Seat[];
      codes?: (string | null)[];
      round?: number;
      /** The referee or co-referee who acted, by alias: recorded on the events it makes (see `Signed` in events.ts). */
      referee?: string;
    }
  /** 杀帖: submitted privately in the posting window; `words` is its 字数 as counted by src/text. */
  | {
      type: "SubmitKillPost";
      at: Instant;
      poster: Seat;
      target: Seat;
      words: number;
      code?: string | null;
      /** Storage id of the post body, if any (bodies live beside the events). */
      postId?: string;
      /** 录入杀帖: the referee who entered the post its poster sent off the site; the engine judges it alike. */
      referee?: string;
    }
  /** 补白条: completes the poster's open IOU; `referee` when a referee entered the text sent to them. */
  | { type: "CompleteIou"; at: Instant; poster: Seat; words: number; postId?: string; referee?: string }
  /**
   * A complaint (举报) filed against the released kill post `post` (its index in `round`), awaiting the referee's
   * ruling: an ending the ruling could change waits for it (what-if.ts), as it waits for an open IOU.
   */
  | {
      type: "FileComplaint";
      at: Instant;
      round: number;
      post: number;
      /**
       * 录入举报: when the complaint reached the referees off the site (QQ, the 哨群), which the window is judged by
       * instead of `at` (seed 000 「至次日16点前哨群受理举报」: taken in by the 哨群, wherever). Never after `at`, never
       * before the post's release.
       */
      receivedAt?: Instant;
      /** 录入举报: the referee or co-referee who entered it, by alias (recorded on ComplaintFiled). */
      referee?: string;
    }
  /**
   * The referee's ruling on a complaint (举报) against a poster's kill post: the one `round` and `post` (its index in
   * the round) name, or without them the poster's latest (a poster with two posts in a round needs them).
   */
  | {
      type: "RuleComplaint";
      at: Instant;
      against: Seat;
      upheld: boolean;
      reason?: string;
      round?: number;
      post?: number;
      /**
       * Seed 000 「字数不够按白条处理」: the complaint holds on the post's 字数 alone (the counter read it as long enough):
       * the post becomes an open 白条 instead of void, to be completed like any (or failing: poster out, target
       * revived). `upheld` is ignored with it.
       */
      asIou?: true;
      /**
       * With `asIou`: the 白条's deadline. Absent, the round's own 白条 deadline (RULINGS 15); required once that has
       * passed. Never one already past.
       */
      iouDeadline?: Instant;
      /** The referee or co-referee who acted, by alias: recorded on the events it makes (see `Signed` in events.ts). */
      referee?: string;
    }
  /** 哨子最大: an override always wins over a rule, and always carries a reason. */
  | { type: "Override"; at: Instant; override: Override; reason: string; referee?: string }
  /**
   * 白条延期 (score rule): the referee grants the other camp's request to run the round one day longer while an IOU is
   * open; `requestedBy` are the requesting seats (a swordsman for white, or every living full-vote ranger).
   */
  | { type: "GrantIouExtension"; at: Instant; requestedBy: Seat[]; reason?: string; referee?: string }
  /** Fire every deadline due at or before `at`. */
  | { type: "Tick"; at: Instant }
  /** 7kill (issue 8): a night ability or the bandit's bullet, and a post in a game thread. */
  | DayNightCommand;

export type Override =
  /**
   * `missedRedo`: set by the server's redo timer, never by a referee's request: the seat's 报道 redo was not in by its
   * deadline, which counts as a suicide (RULINGS 24): out with cause `redo`, its identity published at once.
   */
  | { action: "eliminate"; target: Seat; missedRedo?: true }
  /**
   * The referee fills the places a final tie-break left open (RULINGS 11's "referee decides", or a tie the rule could
   * not decide): `out`, chosen among the tied seats, go out as voted out, so a bomb among them takes its 领票人.
   * `house`: 两府制, the house whose thread tied (absent = house 1).
   */
  | { action: "decide-tie"; round: number; out: Seat[]; house?: number }
  /**
   * Under leadVoter "referee" (RULINGS 13), the referee names the 领票人 of a bomb voted out in `round`, among the
   * voters whose counted vote named it; the bomb takes that seat along.
   */
  | { action: "decide-lead-voter"; round: number; bomb: Seat; leadVoter: Seat }
  | { action: "revive"; target: Seat }
  /**
   * Change the plan of a round (进程微调): each field given replaces the plan's, `posts` and `extraPosts` whole (a group
   * left out has no posts that round).
   */
  | {
      action: "set-progression";
      round: number;
      votesPerVoter?: number;
      voteOut?: number;
      posts?: Record<string, number>;
      extraPosts?: Record<string, number>;
    }
  /**
   * 改判票杀: after a round's vote has closed, the referee corrects whom it put out (a ballot counted that should not
   * have been, a 托票 entered too late, a tally read wrong). Seats the vote put out that `out` leaves out come back,
   * with the 领票人 their bombs took; seats `out` adds go out as voted out, each bomb among them taking its 领票人 from
   * the round's own ballots. `house`: 两府制, the house whose thread it corrects (absent = house 1).
   */
  | {
      action: "amend-vote-out";
      round: number;
      out: Seat[];
      house?: number;
      /** Set by the engine on the event, never by the command: whom the vote had put out until now. */
      previous?: Seat[];
    }
  /**
   * 改定领票人: the referee names another 领票人 for a bomb voted out in `round` (a 领票人 counted wrongly): the one it took
   * comes back, and the bomb takes `leadVoter`, one of the voters whose counted vote named it. `previous`: set by the
   * engine on the event, never by the command: the seat it had taken, or null.
   */
  | { action: "amend-lead-voter"; round: number; bomb: Seat; leadVoter: Seat; previous?: Seat | null }
  /**
   * 指定出帖人 (「按代号顺序轮流出帖」, 哨子最大): in the current round's posting window, a turn of `unit`'s rotation
   * goes to `seat`, another living member of the unit (the member whose turn it is is absent). `from`: the seat whose
   * turn is given; absent in the command, the first turn not yet taken. The engine always sets it on the event. The
   * rotation carries on as it would have: the turn given away is spent (RULINGS 19), `seat` keeps its own turn.
   */
  | { action: "assign-turn"; unit: string; seat: Seat; from?: Seat }
  /** Move a deadline of the current round (vote, posting window, IOU, complaint…) to `until`. */
  | { action: "extend"; deadline: string; until: Instant }
  | { action: "void-vote"; voter: Seat }
  /**
   * Void a kill post: the one at `post` (its index in `round`) when named, else the poster's latest. The stored event
   * always names both.
   */
  | { action: "void-post"; poster: Seat; round?: number; post?: number }
  /**
   * 恢复杀帖: a released kill post voided by an upheld 举报 or by 作废杀帖 stands again (the ruling is withdrawn): its
   * poster, out for it, comes back, and its target, if living, goes out again as 帖杀 by it. `poster` and `target`
   * are set by the engine on the event, never by the command.
   */
  | { action: "reinstate-post"; round: number; post: number; poster?: Seat; target?: Seat }
  /**
   * 认定字数足够: the referee accepts a released post the counter made a 白条 (Word versions count a 字 or two
   * differently) as full: its open 白条 closes as if completed, nothing fails. `poster` and `target` are set by the
   * engine on the event, never by the command.
   */
  | { action: "accept-iou"; round: number; post: number; poster?: Seat; target?: Seat }
  /** 替补: a new person takes over the seat under a new alias. */
  | {
      action: "substitute";
      seat: Seat;
      alias: string;
      /**
       * Set by the engine on the event, never by the command: the alias the seat had until now, so the log can say
       * who was replaced (aliases are public; the account behind them is not). Absent on events stored before it was set.
       */
      previous?: string;
    }
  /**
   * 判定胜负: the referee ends the game now with this result, e.g. "违者立即宣布其身份所在的一方失败，游戏终止"
   * (seeds 000 and 002) or "游戏中哨子最大" when the table can no longer play on.
   */
  | {
      action: "end-game";
      winner: "black" | "white" | "draw";
      /**
       * Set by the engine, never by the command, when the game had ended already (改判结果): the result the ruling
       * replaces, so the log can say what was changed.
       */
      previous?: "black" | "white" | "draw" | null;
    }
  /** 7kill rulings: invalid votes, warnings, lurking exemptions, reputation penalties. */
  | DayNightOverride;

/** A refusal: a value with a stable code, never a thrown string. */
export interface Refusal {
  code: string;
  /** Plain English, for logs and the CLI. The UI renders its own Chinese text from `code` and `details`. */
  message: string;
  details?: Record<string, string | number | boolean | null>;
}

/** Why a seat went out (the scenario output's `cause`). */
export type OutCause =
  | "vote"
  | "post"
  | "bomb"
  | "suicide"
  | "iou"
  | "complaint"
  | "night"
  | "shot"
  | "needle"
  | "referee"
  | "penalty"
  /** A 报道 redo not in by its deadline: RULINGS 24 「a missed redo counts as a suicide」 (scored as one). */
  | "redo";

/** The per-round report behind `npx bansha replay --format json` (seats, not aliases: the runner maps them). */
export interface RoundSummary {
  round: number;
  /**
   * Who went out in the round, each seat once (its last cause): `out` and `revived` add up to the round's net change
   * (a seat out, revived and out again is out once and not revived; out and revived, it is in both).
   */
  out: {
    seat: Seat;
    role: string;
    camp: string;
    cause: OutCause;
    /** Score rule: where the seat's point went and why (src/engine/score). */
    points?: ScorePoints<Seat>;
    /**
     * Score rule, cause `vote`: the code most named by the ballots that put the seat out (出局代号), null when none
     * named one; what "代号正确 / 代号错误" is judged on.
     */
    outCode?: string | null;
    /** Score rule: the seat's own 代号, published with its identity, so 「代号正确」/「代号错误」 can be checked. */
    code?: string;
    /**
     * Cause `bomb` only: how the bomb took the seat. `post`: the seat posted on it (同归); `vote`: the seat was the
     * 领票人 of a bomb voted out ("如被票出，带走领票人").
     */
    via?: "post" | "vote";
    /**
     * Cause `post` only: the seat's own post set a bomb off in the same release (同归), but another post put it out
     * first (release.ts), so it is out as 帖杀; the results post still says the bomb took it.
     */
    alsoBomb?: true;
    /**
     * Cause `vote`, a bomb that takes its 领票人 when voted out but took nobody, and why: its power over the vote ended
     * after round `through` (「前四轮有效」, RULINGS 2), it went off in an earlier round, or no voter of it was left.
     */
    bombTookNobody?: { why: "expired"; through: number } | { why: "spent" } | { why: "no-lead-voter" };
    /**
     * The identity published, where it is not the role: 7kill's bandit is published as 水民 or 杀手 ("转为水民（出局
     * 时公布水民）", "此时公布为水民"). A results post shows this one.
     */
    published?: { role: string; camp: string };
    /**
     * The identity was never published: out and back (revived) before its round's results post published the round's
     * outs, or the rule set publishes none. The results post then names the seat without it.
     */
    unpublished?: true;
    /**
     * 7kill: out at dawn with the night's dead (PlayerOut's `night`), announced in the night's post (第N夜结果); the
     * round's other outs are its day's (第N天结果).
     */
    night?: true;
  }[];
  /** Score rule: each camp's running score after this round's results, per house. */
  scores?: HouseScores[];
  /** Posts of the round's plan nobody submitted in the window, per posting unit (RULINGS 19); absent when none. */
  forfeited?: Record<string, number>;
  /**
   * Posts sent but not released because their poster went out before the release (a 加时, a referee's ruling), per
   * posting unit; absent when none. They count as sent, not as `forfeited`; their slots were free again for the rest
   * of the unit.
   */
  withdrawn?: Record<string, number>;
  /**
   * Seats brought back in the round, each once; not one that went out again after (see `out`). `why`: PlayerRevived's
   * reason (its last of the round), so the results post can tell a 白条's target from the referee's 复活.
   */
  revived: { seat: Seat; why?: RevivedWhy }[];
  /** Living seats after the round's results. */
  alive: number;
  /** Day-night games: living seats after the round's day, before its night's dead (`out` marked `night`). */
  dayAlive?: number;
  /** The round's final tally; `votes` may be a half, e.g. 10.5. */
  tally: { seat: Seat; votes: number; proxy?: number; half?: number }[];
  /**
   * The regular vote's empty ballots (弃权) and living voters who cast none, where there were any: 7kill counts an
   * abstention as a vote ("弃权也需要发投票帖"), and its non-voters are lurking, not out.
   */
  abstained?: Seat[];
  notVoted?: Seat[];
  /**
   * A daily vote by the top count that put out fewer seats than the round's 票杀 with nothing tied: fewer seats had
   * votes than there were places. How many places stayed empty; absent otherwise.
   */
  placesUnfilled?: number;
  /** The regular vote's void ballots: each named only players out since it was cast (not a 弃权); absent when none. */
  voided?: Seat[];
  /**
   * `referee`: after overtime the final tie-break left `slots` of `seats` to the referee (rule `referee`, times equal to
   * the millisecond, or nobody voted: `reason`); absent when the rule decided. `decided`: whom the referee then put
   * out (a `decide-tie` override), absent while it waits.
   */
  overtime: {
    tied: Seat[];
    /** The tied who went out at the close for another reason (a non-voter's suicide): not in the overtime. */
    gone?: Seat[];
    /** `reachedAt`: when the seat's final count was reached (先到先出), for a seat with votes; `proxy`: its 托票. */
    tally: { seat: Seat; votes: number; proxy?: number; reachedAt?: Instant }[];
    referee?: TieToReferee;
    /** Its void ballots (on a tied player out since), as the round's `voided`; absent when none. */
    voided?: Seat[];
  } | null;
  /** The same for a regular vote's tie when the rule set has no overtime (`overtimeMinutes: null`). */
  tieToReferee?: TieToReferee;
  /**
   * A regular vote's tie some of whose seats went out at the close (a non-voter's suicide): the living `out` were no
   * more than the places and took them, with no overtime (TieBroken rule `tied-fill-places`). Absent otherwise.
   */
  tieFilled?: TieFilled;
  /**
   * leadVoter "referee" (RULINGS 13): bombs voted out this round whose 领票人 the referee names among `voters`;
   * `decided` once named (`decide-lead-voter`). Absent when there were none.
   */
  leadVoterToReferee?: { bomb: Seat; voters: Seat[]; decided?: Seat }[];
  /**
   * 改判票杀 (`amend-vote-out`) rulings on the round's vote, in order: whom the vote had put out (`previous`), whom it
   * puts out after the ruling, and the referee's reason. Absent when there were none.
   */
  voteOutAmended?: { previous: Seat[]; out: Seat[]; reason: string; house?: number }[];
  /** 改定领票人 rulings on the round's bombs, in order: the bomb, the seat it had taken (or null), the one named, why. */
  leadVoterAmended?: { bomb: Seat; previous: Seat | null; leadVoter: Seat; reason: string }[];
  /**
   * 指定出帖人 rulings in the round's posting window, in order: the unit, the seat whose turn it was, the member given
   * that turn, and the reason. Absent when there were none.
   */
  turnsAssigned?: { unit: string; from: Seat; to: Seat; reason: string }[];
  /** 恢复杀帖 rulings on the round's released posts, in order: the post, its poster and target, and the reason. */
  postsReinstated?: { post: number; poster: Seat; target: Seat; reason: string }[];
  /** 认定字数足够: the round's 白条 the referee accepted as full posts (each post's index, poster and target), and why. */
  iousAccepted?: { post: number; poster: Seat; target: Seat; reason: string }[];
  /**
   * The round's vote (or its 加时) has not closed and the game goes on: what is listed so far (its posts' 帖杀) is not
   * the round's result yet, and no results post is due. Absent once the round has closed.
   */
  running?: true;
  /**
   * 两府制 only: each house's own thread — its tally, who went out in that house (any cause; their points are settled
   * there), and its overtime. The round's `tally` above then lists both houses' entries, house 1 first, and `overtime`
   * is the first house's that had one.
   */
  houses?: HouseRound[];
}

/** A tie filled by its living seats: `tied`, all the tied at the count; `out`, those left, who took the places. */
export interface TieFilled {
  tied: Seat[];
  out: Seat[];
}

/** Places a final tie-break left to the referee (RULINGS 11), and whom the referee chose, once chosen. */
export interface TieToReferee {
  seats: Seat[];
  slots: number;
  reason: string;
  decided?: Seat[];
}

/** One house's part of a round under 两府制. */
export interface HouseRound {
  house: number;
  tally: RoundSummary["tally"];
  out: RoundSummary["out"];
  overtime: RoundSummary["overtime"];
  tieToReferee?: TieToReferee;
  tieFilled?: TieFilled;
}

export interface GameSummary {
  rounds: RoundSummary[];
  /** 7kill (src/engine/night): nights, checks, the bandit, last words, offences, points; seats, not aliases. */
  dayNight?: Record<string, unknown>;
  alliances: { round: number; name: string }[];
  result: {
    ended: boolean;
    winner: "black" | "white" | "draw" | null;
    /** The engine's reason, in English (logs, the CLI). */
    reason: string | null;
    /** Why, as data (src/engine/ending-text.ts says it in Chinese); null until the game ends. */
    why: EndingWhy | null;
    /**
     * Win conditions naming different winners held at once, in `round`, and the referee has yet to end the game
     * (`end-game`): each winner with its condition. Absent otherwise.
     */
    toReferee?: {
      round: number;
      candidates: { winner: "black" | "white" | "draw" | null; reason: string; why: EndingWhy }[];
    };
    /**
     * While the game runs: win conditions hold (one winner, or several for the referee), but a tie or a 领票人 left
     * to the referee, an IOU not yet completed, or a post whose complaint window is open (`complaint-window`, RULINGS
     * 16), is still open and one of its answers would change the winner, so the end waits for it (`on`) and is read
     * again once it is answered. `candidates`: what
     * holds now; `on`: the kind and round of each open question whose answers lead to different outcomes (a score
     * game's: every open question; the round's `tieToReferee`, `overtime.referee`,
     * `leadVoterToReferee` or IOUs say whose). `since`: the round in which the ending came to hold (the round of the
     * last out it rests on, or the round a score game's end was read at): its results post and every later one say
     * so, none before it. Absent otherwise.
     */
    endingWaits?: {
      candidates: { winner: "black" | "white" | "draw" | null; reason: string; why: EndingWhy }[];
      on: { kind: "tie" | "lead-voter" | "iou" | "complaint" | "complaint-window"; round: number }[];
      since: number;
    };
    /**
     * Score rule: each camp's total (survival points included once the game is over), with its `parts` (`survival`
     * in them once it is over) and, under 两府制, each house's.
     */
    scores?: FinalScores;
  };
}

/**
 * Where a dead seat's point went and why. `forces`, on a 力量冲抵 only (`cancelled`, `cancellation`): each force on the
 * death with the camp it counted for and the seat behind it (a poster, a bomb), so the post can say what cancelled.
 */
export interface ScorePoints<S = Seat> {
  to: "black" | "white" | null;
  reason: string;
  /**
   * `by`: the bomb or taker behind a force, both public by then. A post's force names its posting `unit` instead, as
   * the released post does: its poster is hidden from the players until the game ends, and results posts are public.
   */
  forces?: { for: "black" | "white" | null; reason: string; by?: S; unit?: string }[];
}

/** An exact score ("37/43") and the same to two decimals. */
export interface ScoreValue {
  exact: string;
  value: number;
}

export interface HouseScores {
  house: number;
  black: ScoreValue;
  white: ScoreValue;
  /**
   * A running total's two parts per camp (a round's scores only): points taken from the dead (抢得) and the activated
   * points of its living scored seats (存活已激活), so a results post's reader can check the sum.
   */
  parts?: Record<"black" | "white", ScoreParts>;
}

/**
 * Seed 000 「双方最后分数总和=…抢得的分数+己方存活分值人员身上已被激活的分值+个人存活分」, term by term. `survival` only in
 * a finished game's totals: `seats` living seats of `each` points.
 */
export interface ScoreParts {
  taken: ScoreValue;
  living: ScoreValue;
  survival?: { seats: number; each: ScoreValue; total: ScoreValue };
}

/** A game's totals: overall, their parts, and each house's under 两府制. */
export interface FinalScores {
  black: ScoreValue;
  white: ScoreValue;
  parts?: Record<"black" | "white", ScoreParts>;
  houses?: HouseScores[];
}
