// The rule-set format: one game design as validated data (zod), with named built-in behaviours for what is not plain data.
import { z } from "zod";

/** A kebab-case identifier for roles, groups, rooms and alliances. */
export const Id = z.string().regex(/^[a-z][a-z0-9-]*$/, "must be a kebab-case id such as killer-a");
export type Id = z.infer<typeof Id>;

/** 黑道 / 白道 / 中立. */
export const Camp = z.enum(["black", "white", "neutral"]);
export type Camp = z.infer<typeof Camp>;

/** A wall-clock time of day in the rule set's time zone, "HH:MM" or "HH:MM:SS". */
export const ClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "must be a time such as 21:00");

/** 0 = Sunday … 6 = Saturday, as Date.getDay(). */
export const Weekday = z.int().min(0).max(6);

// ---------------------------------------------------------------- roles

/** 蛋: a bomb's effects, each ending after the posts of `activeThroughRound` (RULINGS.md point 2). */
export const BombBehaviour = z.strictObject({
  /** 同归: a kill post on the bomb takes its poster along. */
  takesPoster: z.boolean().default(true),
  /** 上票房带走领票人: voted out, it takes the lead voter along (see vote.leadVoter). */
  takesLeadVoter: z.boolean().default(false),
  /** The round whose posts are the last the bomb's power covers; afterwards it is a plain seat of its camp. */
  activeThroughRound: z.int().positive(),
  /**
   * The last round whose vote the lead-voter power covers. Absent: the round before `activeThroughRound`, since a
   * round's vote closes after its posts (RULINGS 2's reading). Set it to `activeThroughRound` where 「前四轮有效…如被票出，
   * 带走领票人」 is read as covering round 4's vote too.
   */
  votesThroughRound: z.int().positive().optional(),
});

/** A night (or day) ability of a role, for day-night games such as 7kill. */
export const Ability = z.strictObject({
  ability: z.enum(["kill", "check", "protect", "shoot"]),
  /** The phase in which it is used; `any` = day or night (the secret bandit may also shoot by day: RULINGS.md point 22). */
  phase: z.enum(["night", "day", "any"]).default("night"),
  /** All living holders act as one (killers kill together, police check together). */
  together: z.boolean().default(false),
  /** May be left unused without offence. */
  maySkip: z.boolean().default(true),
  /** May target the holder itself. */
  maySelf: z.boolean().default(false),
  /** Total uses in the game (the bandit's one bullet); absent means once per phase, unlimited. */
  uses: z.int().positive().optional(),
  /** For `check`: what the result shows. */
  reveals: z.enum(["good-or-killer", "role"]).optional(),
  /** For `protect`: the empty needles (空针) on one patient that put that patient out (RULINGS.md point 21). */
  emptyNeedleLimit: z.int().positive().optional(),
  /**
   * For `protect`: which attack on the patient keeps the needle from being empty. `any` (when absent): the killers' kill
   * or the bandit's shot, since either way the needle saved a life. `killers`: only the killers' kill, as seed 001
   * words it ("被救治的当晚如没有被杀手杀到，则产生一次空针"); the patient shot by the bandit is still saved.
   */
  emptyNeedleUnless: z.enum(["any", "killers"]).optional(),
});

/** 秘匪: the built-in conversion behaviour `secret-bandit`. */
export const Conversion = z.strictObject({
  behaviour: z.literal("secret-bandit"),
  /** The ability whose use decides the path (the bullet). */
  ability: z.enum(["shoot"]).default("shoot"),
  /** 前三天: the number of day phases within which using it converts to `ifUsed`. */
  withinDays: z.int().positive(),
  /** Role id it becomes if it used the ability in time (水民). */
  ifUsed: Id,
  /** Role id it becomes if it did not (杀手): it then knows and acts with that role's holders. */
  ifNotUsed: Id,
  /** Role id it counts as when out before either happened. */
  beforeConversion: Id,
});

export const Role = z.strictObject({
  id: Id,
  /** Display name in Chinese, e.g. 杀手A组. */
  name: z.string().min(1),
  camp: Camp,
  count: z.int().nonnegative(),
  /** 代号: one per seat, in rotation order. Absent for roles without code names. */
  codes: z.array(z.string().min(1)).optional(),
  /** What the holder is told it is (暗蛋 is told 游侠): a role id. Absent means the truth. */
  toldAs: Id.optional(),
  /** Role ids whose holders this role knows from the start (its own id for 互知 groups). */
  knows: z.array(Id).default([]),
  /** The posting group (出帖组) the role belongs to, if any. */
  group: Id.optional(),
  /** The team room (小黑屋 / 剑群 / 刺群) the role's holders share, if any. */
  room: Id.optional(),
  /** 出帖权: `kill` posts kill their target; `engineer` posts only find bombs. */
  post: z.enum(["kill", "engineer"]).optional(),
  /** Whether this role's post victims keep a half vote (半票) that round (RULINGS.md point 10). */
  victimsHalfVote: z.boolean().default(true),
  /** 分值人员: carries a point under the score rule. Default: has a post right from the start. */
  scored: z.boolean().optional(),
  bomb: BombBehaviour.optional(),
  abilities: z.array(Ability).default([]),
  conversion: Conversion.optional(),
});
export type Role = z.infer<typeof Role>;

// ---------------------------------------------------------------- groups, rooms and alliances

/**
 * Who of a group posts its kill posts: `code-order`, 按代号序轮流出帖 (the living members in code-name order, the turn
 * going on across rounds); `group-choice`, 本身所属集团自定的顺序 (any living member, the group deciding among itself,
 * so long as no member takes more than its even share of the round's posts).
 */
export const Rotation = z.enum(["code-order", "group-choice"]);
export type Rotation = z.infer<typeof Rotation>;

export const Group = z.strictObject({
  id: Id,
  name: z.string().min(1),
  rotation: Rotation.default("code-order"),
  /** 若双剑阵亡，未出的剑帖随之消失: the group's remaining posts lapse once it is wiped out (RULINGS.md 18). */
  lapseWhenWiped: z.boolean().default(false),
  /** Counts toward the kill total (false for 工兵's bomb-finding posts). */
  countsTowardKills: z.boolean().default(true),
});

export const Room = z.strictObject({
  id: Id,
  name: z.string().min(1),
});

export type Trigger =
  | { kind: "out-count"; roles: string[]; atLeast: number }
  | { kind: "after-round-posts"; round: number }
  | { kind: "after-round"; round: number }
  | { kind: "bomb-fired-or-out"; role: string }
  | { kind: "alliance-fired"; alliance: string }
  | { kind: "any"; of: Trigger[] }
  | { kind: "all"; of: Trigger[] };

/** When an alliance fires. It fires the moment its trigger holds. */
export const Trigger: z.ZodType<Trigger> = z.lazy(() =>
  z.discriminatedUnion("kind", [
    /** N of the listed roles are out (杀手出局总数4人). */
    z.strictObject({ kind: z.literal("out-count"), roles: z.array(Id).min(1), atLeast: z.int().positive() }),
    /** The posts of the given round have been released (空军 「第四轮出帖后」). */
    z.strictObject({ kind: z.literal("after-round-posts"), round: z.int().positive() }),
    /** The given round has ended: the next round has opened, or its vote has closed (风云 「五轮结束后」). */
    z.strictObject({ kind: z.literal("after-round"), round: z.int().positive() }),
    /** A bomb of the given role has gone off (烟花) or is out. */
    z.strictObject({ kind: z.literal("bomb-fired-or-out"), role: Id }),
    /** Another alliance has fired (黑弹…且杀刺达到大联合条件). */
    z.strictObject({ kind: z.literal("alliance-fired"), alliance: Id }),
    z.strictObject({ kind: z.literal("any"), of: z.array(Trigger).min(1) }),
    z.strictObject({ kind: z.literal("all"), of: z.array(Trigger).min(1) }),
  ]),
);

export const Effect = z.discriminatedUnion("kind", [
  /**
   * The groups' rooms and post rotations merge into one new group from then on. A listed group that has already
   * merged into another is taken with everything it merged into (风云: A+B killers, later all 杀刺).
   * `into` is a new group id: progression rounds and takeovers may name it; `room` must be listed in `rooms`.
   */
  z.strictObject({
    kind: z.literal("merge-groups"),
    groups: z.array(Id).min(2),
    into: Id,
    name: z.string().min(1),
    room: Id,
    /** The merged group's rotation (综合一起轮流出帖); code order when absent. */
    rotation: Rotation.optional(),
  }),
  /** The role's holders join a room (明蛋与双剑联合), without gaining a post right. */
  z.strictObject({ kind: z.literal("join-room"), role: Id, room: Id }),
]);
export type Effect = z.infer<typeof Effect>;

export const Alliance = z.strictObject({
  id: Id,
  name: z.string().min(1),
  when: Trigger,
  effects: z.array(Effect).min(1),
});

/** Who takes over a wiped group's posts (顶上出帖), tried in order. */
export const Takeover = z.strictObject({
  wiped: Id,
  by: z.array(z.union([z.strictObject({ group: Id }), z.strictObject({ role: Id })])).min(1),
});

// ---------------------------------------------------------------- progression

/** 进程: one round's plan. */
export const ProgressionRound = z.strictObject({
  round: z.int().positive(),
  /** 票N: votes each voter casts (RULINGS.md point 20). */
  votesPerVoter: z.int().positive().default(1),
  /** 出N: players voted out. For threshold games this is the most that can go out. */
  voteOut: z.int().nonnegative(),
  /** Kill posts per group id (a merged group's id once an alliance has formed it). */
  posts: z.record(Id, z.int().nonnegative()).default({}),
  /** Posts that do not count toward the kill total, per group id (工兵). */
  extraPosts: z.record(Id, z.int().nonnegative()).default({}),
  /** The round's total as the document states it (共杀N), checked against vote + posts; informative only. */
  totalKills: z.int().nonnegative().optional(),
  /** The survivors after the round as the document states them (存活N / 余N), checked; informative only. */
  survivors: z.int().nonnegative().optional(),
});
export type ProgressionRound = z.infer<typeof ProgressionRound>;

// ---------------------------------------------------------------- the vote machine

export const VoteSettings = z.strictObject({
  /** Vote changes (RULINGS.md 7): at most `max` (null = free), none in the last `freezeMinutes`. */
  changes: z
    .strictObject({
      max: z.int().nonnegative().nullable().default(null),
      freezeMinutes: z.int().nonnegative().default(0),
    })
    .default({ max: null, freezeMinutes: 0 }),
  /** Not voting (RULINGS.md 8). */
  nonVoting: z
    .strictObject({
      outcome: z.enum(["suicide", "abstain", "abstain-warning"]).default("suicide"),
      /** Rounds in which not voting is excused (空军 round 1). */
      excusedRounds: z.array(z.int().positive()).default([]),
    })
    .default({ outcome: "suicide", excusedRounds: [] }),
  /** A ballot may name nobody (投票对象：无) and still count as a vote. */
  abstainAllowed: z.boolean().default(false),
  /** 半票 (RULINGS.md 10): victims' votes count 0.5 only to break a top tie; a full vote in overtime. */
  halfVotes: z.boolean().default(true),
  /** 平票加时: minutes of overtime among the tied, or null for none. */
  overtimeMinutes: z.int().positive().nullable().default(15),
  /** The final tie-break after overtime (RULINGS.md 11). */
  finalTieBreak: z
    .enum(["first-reached", "first-vote-earliest", "all-out", "nobody-out", "referee"])
    .default("first-reached"),
  /** Who may go out: the top count, or only a top count reaching a share of the living (7kill 40%). */
  threshold: z
    .discriminatedUnion("kind", [
      z.strictObject({ kind: z.literal("plurality") }),
      z.strictObject({ kind: z.literal("percent"), percent: z.int().min(1).max(100) }),
    ])
    .default({ kind: "plurality" }),
  /** 高票对决: two tied at the threshold → a second day voting only between them. */
  duel: z
    .strictObject({
      abstainAllowed: z.boolean().default(false),
      tieOutcome: z.enum(["nobody-out"]).default("nobody-out"),
    })
    .nullable()
    .default(null),
  /** 托票 (RULINGS.md 12): refused later than `cutoffMinutes` before the deadline; 7kill: void unless published `publishMinutes` before. */
  proxy: z
    .strictObject({
      cutoffMinutes: z.int().nonnegative().default(20),
      publishMinutes: z.int().nonnegative().nullable().default(null),
    })
    .default({ cutoffMinutes: 20, publishMinutes: null }),
  /** 领票人 (RULINGS.md 13). */
  leadVoter: z
    .enum(["earliest-standing", "earliest-ever", "last-voter", "referee"])
    .default("earliest-standing"),
});
export type VoteSettings = z.infer<typeof VoteSettings>;

// ---------------------------------------------------------------- text requirements

export const TextSettings = z.strictObject({
  /** 报道 minimum 字 (RULINGS.md 24). */
  reportMin: z.int().nonnegative(),
  /** A redone report's minimum (违规报道…按600字计重新跟帖报道). */
  reportRedoMin: z.int().nonnegative().default(600),
  /** Kill post minimum; shorter becomes an IOU (白条). */
  killPostMin: z.int().nonnegative(),
  /** The length an IOU must be completed to. */
  iouMin: z.int().nonnegative(),
  /** 百度内容不得超过20%: the copied share above which a post is flagged. */
  copiedShareLimitPercent: z.int().min(0).max(100).default(20),
  /** Runs of at least this many normalised characters count as copied (RULINGS.md 17). */
  minCopiedRun: z.int().positive().default(13),
  /** Whether East-Asian-ambiguous punctuation counts as East Asian in 字数 (RULINGS.md 5). */
  ambiguousIsEastAsian: z.boolean().default(true),
});

// ---------------------------------------------------------------- schedule

/** A deadline on a later day: `daysAfter` days after the reference day, at `at` (local time). */
export const DayTime = z.strictObject({ daysAfter: z.int().nonnegative(), at: ClockTime });

/** 每日21：00：00——次日21：00：00: one round a day, kill posts in a window at the round's start. */
export const DailySchedule = z.strictObject({
  kind: z.literal("daily-rounds"),
  timeZone: z.string().default("Asia/Shanghai"),
  /** Round start = the previous round's vote deadline. */
  roundStart: ClockTime,
  /** The vote deadline, `daysAfter` the round's start day. */
  voteDeadline: DayTime,
  /** RULINGS.md 19: kill posts are submitted from `opensAfterMinutes` after the round's start for `minutes`, then released together. */
  postingWindow: z.strictObject({
    opensAfterMinutes: z.int().nonnegative().default(0),
    minutes: z.int().positive(),
  }),
  /** An IOU's deadline, counted from the day the posts were released. */
  iouDeadline: DayTime,
  /** The complaint (举报) deadline, counted from the day the posts were released. */
  complaintDeadline: DayTime,
});

export const PhaseName = z.enum(["day", "duel", "night", "last-words"]);

/** 7kill's phases: each with a start and an end `daysAfter` the start day. */
export const PhaseTimes = z.strictObject({ start: ClockTime, end: DayTime });

/** 逢周末相应阶段的时间延长24小时: a phase that falls on a weekend runs from one weekday time to another. */
export const WeekendRule = z.strictObject({
  phase: PhaseName,
  start: z.strictObject({ weekday: Weekday, at: ClockTime }),
  end: z.strictObject({ weekday: Weekday, at: ClockTime }),
});

export const DayNightSchedule = z.strictObject({
  kind: z.literal("day-night"),
  timeZone: z.string().default("Asia/Shanghai"),
  phases: z.strictObject({ day: PhaseTimes, duel: PhaseTimes, night: PhaseTimes, "last-words": PhaseTimes }),
  weekend: z.array(WeekendRule).default([]),
  /** Last words end as soon as every dead player due them has posted (死者遗言结束即进入白天). */
  lastWordsEndEarly: z.boolean().default(true),
  /**
   * Where a dawn leaves nobody due last words (nobody died, or past the nights that have them), the phase ends at
   * dawn and the next day opens then. The seed does not say: "死者遗言结束即进入白天讨论、投票阶段（而无须等到遗言截止时间）"
   * can be read as already met with no dead to wait for. Default false: the phase runs to its time (20:00), and
   * discussion may open during it ("允许导演视实际情况提前开帖讨论").
   */
  lastWordsSkipWhenNoneDue: z.boolean().default(false),
  /**
   * 遗言: players out during the first `nights` nights get last words; a conversion outcome may change the number
   * (7kill: 秘匪转为水民 → 3, 转为杀手 → 4). Absent: nobody gets last words.
   */
  lastWords: z
    .strictObject({
      nights: z.int().nonnegative(),
      ifConverted: z
        .array(z.strictObject({ role: Id, became: Id, nights: z.int().nonnegative() }))
        .default([]),
    })
    .optional(),
});

export const Schedule = z.discriminatedUnion("kind", [DailySchedule, DayNightSchedule]);
export type Schedule = z.infer<typeof Schedule>;

// ---------------------------------------------------------------- winning

export type Condition =
  | { allOut: { roles?: string[]; camps?: Camp[] } }
  | { any: Condition[] }
  | { all: Condition[] };

export const Condition: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    /** Every seat of the listed roles and/or camps is out (roles as converted, e.g. the bandit as villager). */
    z.strictObject({
      allOut: z.strictObject({
        roles: z.array(Id).min(1).optional(),
        camps: z.array(Camp).min(1).optional(),
      }),
    }),
    z.strictObject({ any: z.array(Condition).min(1) }),
    z.strictObject({ all: z.array(Condition).min(1) }),
  ]),
);

/** Conditions are tried in order; when several hold with different winners, the referee decides (EndingLeftToReferee). */
export const WinCondition = z.strictObject({
  winner: z.enum(["black", "white", "draw"]),
  when: Condition,
  /**
   * Applies only when a conversion went this way (秘匪转为水民 / 转为杀手). Before the conversion is decided,
   * the converting role counts as its `beforeConversion` role.
   */
  ifConverted: z.strictObject({ role: Id, became: Id }).optional(),
});

/** Points a seat gains when its side wins (7kill 2.2), optionally only for a conversion outcome. */
export const Reward = z.strictObject({
  role: Id,
  points: z.int(),
  ifConverted: z.strictObject({ became: Id, used: z.boolean().optional() }).optional(),
});

export const EliminationWin = z.strictObject({
  kind: z.literal("elimination"),
  conditions: z.array(WinCondition).min(1),
  rewards: z.array(Reward).default([]),
});

/** 分值规则: the score variant (seed 000 【分值计算】), evaluated by the built-in `score-rule` behaviour. */
export const ScoreWin = z.strictObject({
  kind: z.literal("score"),
  /** 两府制: two vote threads run side by side; a death's point is settled in its own house. */
  houses: z.union([z.literal(1), z.literal(2)]).default(1),
  /**
   * 两府制: how a round's vote-out count (the progression's `voteOut`) applies to the houses. The seed does not say:
   * `each` (default) — every house votes out that many in its own thread; `split` — the count is shared, house 1
   * taking the larger half (票杀5人 → 3 and 2).
   */
  houseVoteOut: z.enum(["each", "split"]).default("each"),
  /** Votes and kill posts carry a code-name guess (代号猜想). */
  codeGuesses: z.boolean().default(true),
  /** End early as soon as the trailing camp cannot draw level. */
  endEarly: z.boolean().default(true),
});

export const Win = z.discriminatedUnion("kind", [EliminationWin, ScoreWin]);

// ---------------------------------------------------------------- penalties (7kill)

export const Penalties = z.strictObject({
  /** 潜水: fewer than this many posts in one day's discussion. */
  minPostsPerDay: z.int().nonnegative().optional(),
  /** 潜水: this many discussion threads in a row, each with fewer than `minPosts` posts. */
  streak: z.strictObject({ threads: z.int().positive(), minPosts: z.int().positive() }).optional(),
  /** Not voting is lurking. */
  notVoting: z.boolean().default(false),
  /** A required night action not taken is lurking. */
  missedNightAction: z.boolean().default(false),
  /** 累积两次警告…判罚出局. */
  warningsToOut: z.int().positive().default(2),
  /**
   * A dead player's post in the 场外总帖 (the site's general thread). `referee` (default): it is published, and the
   * referee warns for 诈尸 where it discusses the game, since the seed makes that depend on what is said ("或者在其他帖子中
   * （如旁观帖、灌水帖等）讨论与游戏相关的内容，将被视为诈尸"). `always`: every such post is 诈尸, as in the day's thread.
   */
  zhashiInGeneral: z.enum(["referee", "always"]).default("referee"),
  /** The reputation penalty range the referee chooses from when a player is put out (-10～-30). */
  reputation: z.strictObject({ min: z.int(), max: z.int() }).optional(),
});

// ---------------------------------------------------------------- the rule set

export const RuleSet = z.strictObject({
  /** A JSON file may name its JSON Schema (from `bansha rules schema`) for editors; ignored otherwise. */
  $schema: z.string().optional(),
  /** Stable id, e.g. fengyun-57. */
  id: Id,
  /** Display name in Chinese. */
  name: z.string().min(1),
  version: z.string().min(1),
  /** The seats (游戏人员). */
  players: z.int().positive(),
  roles: z.array(Role).min(1),
  groups: z.array(Group).default([]),
  rooms: z.array(Room).default([]),
  alliances: z.array(Alliance).default([]),
  takeovers: z.array(Takeover).default([]),
  progression: z.array(ProgressionRound).default([]),
  /** The plan for rounds past the progression's end (7kill: one vote a day, at most one out). */
  defaultRound: ProgressionRound.omit({ round: true }).optional(),
  vote: VoteSettings.default(VoteSettings.parse({})),
  text: TextSettings,
  schedule: Schedule,
  win: Win,
  penalties: Penalties.optional(),
  /**
   * What the camps are called in posts and on the pages; absent names read 黑道 / 白道 / 中立. 7kill says 杀手方 / 好人方
   * ("分为杀手、好人两方").
   */
  campNames: z
    .strictObject({
      black: z.string().min(1).optional(),
      white: z.string().min(1).optional(),
      neutral: z.string().min(1).optional(),
    })
    .optional(),
  /** What is published when a player goes out (7kill: 所有出局者公布身份，不公布死因). */
  disclosure: z
    .strictObject({ identity: z.boolean().default(true), cause: z.boolean().default(true) })
    .default({ identity: true, cause: true }),
});

/** A validated rule set, defaults applied. */
export type RuleSet = z.infer<typeof RuleSet>;
/** A rule set as written in a file, before defaults. */
export type RuleSetInput = z.input<typeof RuleSet>;
