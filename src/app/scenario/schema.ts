// The scenario file's shape as written (zod, strict): a public contract shared by referees and our tests.
import { z } from "zod";
import { OFFENCE_KINDS } from "../../engine/night/types.ts";

/** ISO 8601 with an explicit offset (or Z): a scenario never depends on the machine's time zone. */
const isoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export const ScenarioTime = z
  .string()
  .regex(isoWithOffset, 'must be an ISO time with an offset, such as "2026-12-01T21:00:00+08:00"')
  .refine((s) => Number.isFinite(Date.parse(s)), "is not a valid time");

const AliasRef = z.string().min(1);
const Words = z.int().nonnegative();
const Reason = z.string().min(1);

export const SeatEntry = z.strictObject({
  alias: AliasRef,
  /** A role id of the rule set; leave every role out and give `seed` for seeded random seating. */
  role: z.string().min(1).optional(),
  /** 代号; given out in seat order when left out. */
  code: z.string().min(1).optional(),
  /** 两府制: the house (vote thread) the seat plays in, 1 or 2. */
  house: z.union([z.literal(1), z.literal(2)]).optional(),
});

/** One code guess for a one-vote ballot, or one per name in `for` (null where none). */
const VoteCodes = z.union([z.string().min(1), z.array(z.string().min(1).nullable())]);

export const VoteEntry = z.strictObject({
  by: AliasRef,
  for: z.array(AliasRef),
  code: VoteCodes.optional(),
});

export const PostEntry = z.strictObject({
  by: AliasRef,
  target: AliasRef,
  length: Words.optional(),
  text: z.string().optional(),
  code: z.string().min(1).optional(),
  /** A name for this post, unique in the file, for a later complaint to name it by. */
  label: z.string().min(1).optional(),
});

export const CompleteEntry = z.strictObject({
  by: AliasRef,
  length: Words.optional(),
  text: z.string().optional(),
});

export const ComplaintEntry = z.strictObject({
  /** The poster; may be left out when `post` names the post (its poster is then the one). */
  against: AliasRef.optional(),
  /** The `label` of an earlier post: the ruling is on that post, not on the poster's latest. */
  post: z.string().min(1).optional(),
  upheld: z.boolean(),
  reason: Reason.optional(),
  /** 字数不够按白条处理: the post becomes an open 白条 (`upheld` is not read then). */
  asIou: z.literal(true).optional(),
  /** With `asIou`: the 白条's deadline (required once the round's own has passed). */
  iouDeadline: ScenarioTime.optional(),
});

/** A player's complaint (举报) against an earlier post, before the referee rules on it (`complaint`). */
export const FileComplaintEntry = z.strictObject({
  /** The `label` of the post complained about. */
  post: z.string().min(1),
  /** Who complains, for the reader (the engine does not record it). */
  by: AliasRef.optional(),
  /**
   * 录入举报: when the 哨群 received it off the site; its window is judged by this time, not the event's `at` (the
   * referee's entry, maybe after the deadline).
   */
  receivedAt: ScenarioTime.optional(),
});

const PostCounts = z.record(z.string().min(1), z.int().nonnegative());

export const RefereeEntry = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("eliminate"), target: AliasRef, reason: Reason }),
  z.strictObject({ action: z.literal("revive"), target: AliasRef, reason: Reason }),
  z.strictObject({
    action: z.literal("decide-tie"),
    round: z.int().positive(),
    out: z.array(AliasRef),
    house: z.int().positive().optional(),
    reason: Reason,
  }),
  z.strictObject({
    action: z.literal("amend-vote-out"),
    round: z.int().positive(),
    out: z.array(AliasRef),
    house: z.int().positive().optional(),
    reason: Reason,
  }),
  z.strictObject({
    action: z.literal("amend-lead-voter"),
    round: z.int().positive(),
    bomb: AliasRef,
    leadVoter: AliasRef,
    reason: Reason,
  }),
  /** 指定出帖人: `unit` is a posting unit's id (a group, a merged group, `role:<id>`); `from` the seat whose turn goes. */
  z.strictObject({
    action: z.literal("assign-turn"),
    unit: z.string().min(1),
    seat: AliasRef,
    from: AliasRef.optional(),
    reason: Reason,
  }),
  z.strictObject({
    action: z.literal("decide-lead-voter"),
    round: z.int().positive(),
    bomb: AliasRef,
    leadVoter: AliasRef,
    reason: Reason,
  }),
  z.strictObject({
    action: z.literal("set-progression"),
    round: z.int().positive(),
    votesPerVoter: z.int().positive().optional(),
    voteOut: z.int().nonnegative().optional(),
    posts: PostCounts.optional(),
    extraPosts: PostCounts.optional(),
    reason: Reason,
  }),
  z.strictObject({
    action: z.literal("extend"),
    deadline: z.string().min(1),
    until: ScenarioTime,
    reason: Reason,
  }),
  z.strictObject({ action: z.literal("void-vote"), target: AliasRef, reason: Reason }),
  z.strictObject({ action: z.literal("void-post"), target: AliasRef, reason: Reason }),
  /** 恢复杀帖: `post` is the label of the voided post that stands again. */
  z.strictObject({ action: z.literal("reinstate-post"), post: z.string().min(1), reason: Reason }),
  /** 认定字数足够: `post` is the label of the post whose open 白条 the referee accepts as full. */
  z.strictObject({ action: z.literal("accept-iou"), post: z.string().min(1), reason: Reason }),
  z.strictObject({ action: z.literal("substitute"), target: AliasRef, alias: AliasRef, reason: Reason }),
  z.strictObject({
    action: z.literal("end-game"),
    winner: z.enum(["black", "white", "draw"]),
    reason: Reason,
  }),
  // 7kill rulings: an invalid ballot, a warning, a lurking exemption, a reputation penalty.
  z.strictObject({ action: z.literal("invalid-vote"), target: AliasRef, reason: Reason }),
  z.strictObject({
    action: z.literal("warn"),
    target: AliasRef,
    offence: z.enum(OFFENCE_KINDS),
    severe: z.boolean().optional(),
    reason: Reason,
  }),
  z.strictObject({
    action: z.literal("excuse"),
    target: AliasRef,
    round: z.int().positive(),
    reason: Reason,
  }),
  z.strictObject({
    action: z.literal("withdraw-warning"),
    target: AliasRef,
    round: z.int().positive(),
    offence: z.enum(OFFENCE_KINDS),
    reason: Reason,
  }),
  z.strictObject({ action: z.literal("reputation"), target: AliasRef, points: z.int(), reason: Reason }),
]);

/** 7kill: a post in a game thread (counted for 潜水; last words; 诈尸 when out). `count` posts at once. */
export const SayEntry = z.strictObject({
  by: AliasRef,
  thread: z.enum(["discussion", "vote", "last-words"]).default("discussion"),
  count: z.int().positive().optional(),
});

/** 7kill: many discussion posts at the same moment, alias → number of posts. */
export const SaysEntry = z.record(AliasRef, z.int().positive());

/** 7kill: a night ability (or the bandit's bullet, by day too); no target = pass. */
export const NightEntry = z.strictObject({
  by: AliasRef,
  action: z.enum(["kill", "check", "protect", "shoot"]),
  target: AliasRef.nullable().optional(),
});

/** 白条延期 (score rule): the referee grants the other camp's one-day extension, asked by these seats. */
export const ExtensionEntry = z.strictObject({
  by: z.array(AliasRef).min(1),
  reason: Reason.optional(),
});

/** Our addition: many ballots received at the same moment, voter → target(s), cast in the order written. */
export const VotesEntry = z.record(AliasRef, z.union([AliasRef, z.array(AliasRef)]));

export const EVENT_KINDS = [
  "vote",
  "votes",
  "proxy",
  "post",
  "complete",
  "file-complaint",
  "complaint",
  "extension",
  "referee",
  "say",
  "says",
  "night",
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const EventEntry = z.strictObject({
  at: ScenarioTime,
  vote: VoteEntry.optional(),
  votes: VotesEntry.optional(),
  proxy: VoteEntry.optional(),
  post: PostEntry.optional(),
  complete: CompleteEntry.optional(),
  "file-complaint": FileComplaintEntry.optional(),
  complaint: ComplaintEntry.optional(),
  extension: ExtensionEntry.optional(),
  referee: RefereeEntry.optional(),
  say: SayEntry.optional(),
  says: SaysEntry.optional(),
  night: NightEntry.optional(),
  /** A free note for the reader; ignored by the runner. */
  note: z.string().optional(),
});

export const ScenarioFile = z.strictObject({
  /** A free title for the reader. */
  name: z.string().optional(),
  /** A preset id, or a path to a rule-set file relative to the scenario file. */
  rules: z.string().min(1),
  /** Round 1 opens. */
  start: ScenarioTime,
  /** Seeded random seating when the seats give no roles. */
  seed: z.string().min(1).optional(),
  seats: z.array(SeatEntry).min(1),
  events: z.array(EventEntry).default([]),
  /** Run the clock to here; every deadline up to it fires by itself. */
  until: ScenarioTime,
});
export type ScenarioFile = z.infer<typeof ScenarioFile>;
export type EventEntry = z.infer<typeof EventEntry>;
export type RefereeEntry = z.infer<typeof RefereeEntry>;
