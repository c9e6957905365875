// zod schemas of every request body and query: malformed input is refused with the offending field named.
import { z } from "zod";
import { OFFENCE_KINDS } from "../engine/night/types.ts";
import { ALIAS_MAX, USERNAME_MAX } from "./field-limits.ts";

const requestId = z.string().min(8).max(80);
const seat = z.int().nonnegative().max(10_000);
const text = (max: number) => z.string().min(1).max(max);
/** A referee's reason for a ruling: it goes on the record and to the players, and a reason of blanks says nothing. */
const reason = z.string().trim().min(1).max(1_000);
/**
 * Characters that show as nothing (zero-width and other format characters, controls, Hangul fillers, the blank
 * braille cell, the combining grapheme joiner, Khmer's and Mongolian's invisible marks, the musical null notehead, and
 * variation selectors except an emoji's own): a name holding one looks like another's (「站长」 and 「站长」 with a
 * zero-width space), so it could pass for the site admin, a referee or another player.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: the combining marks are listed to be matched alone.
  /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800\u034F\u17B4\u17B5\u180B-\u180F\u{1D159}\u{E0100}-\u{E01EF}]|(?<!\p{Extended_Pictographic})[\uFE00-\uFE0F]/u;
const name = (max: number, trim: boolean) =>
  (trim ? z.string().trim() : z.string())
    .min(trim ? 1 : 2)
    .max(max)
    .regex(/^[^\s<>"'&]+$/, "不能包含空白或 <>\"'&")
    .refine((v) => !INVISIBLE.test(v), "不能包含看不见的字符（如零宽空格）");
const username = name(USERNAME_MAX, false);
const alias = name(ALIAS_MAX, true);
const codes = z.array(z.string().max(40).nullable()).max(20).optional();

export const SetupBody = z.strictObject({
  token: z.string().min(1).max(200),
  username,
  password: z.string().min(8).max(200),
});
export const CredentialsBody = z.strictObject({ username, password: z.string().min(8).max(200) });
export const LoginBody = z.strictObject({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(200),
});
export const PasswordChangeBody = z.strictObject({
  currentPassword: z.string().min(1).max(200),
  newPassword: z.string().min(8).max(200),
});
export const PasswordResetBody = z.strictObject({
  token: z.string().min(1).max(200),
  password: z.string().min(8).max(200),
});
export const AdminAccountsQuery = z.strictObject({
  prefix: z.string().max(64).optional(),
  after: z.string().max(64).optional(),
});
export const AdminAccountBody = z.strictObject({ username: z.string().min(1).max(64) });

export const CheckRulesBody = z.strictObject({ text: text(500_000) });
export const CreateGameBody = z
  .strictObject({
    name: text(60),
    preset: z.string().min(1).max(80).optional(),
    rulesText: text(500_000).optional(),
    refereeAlias: alias,
  })
  .refine((b) => (b.preset === undefined) !== (b.rulesText === undefined), {
    message: "只能在预设和上传的规则文本中选一个",
    path: ["preset"],
  });
export const GameListQuery = z.strictObject({
  status: z.enum(["draft", "signup", "closed", "running", "ended"]).optional(),
});

// The report may be empty: whether it is long enough is the rule set's `reportMin` (7kill asks none), checked on join.
export const JoinBody = z.strictObject({ alias, report: z.string().max(200_000) });
export const RedoReportBody = z.strictObject({ requestId, text: text(200_000) });
export const WithdrawBody = z.strictObject({});
export const AddCoRefereeBody = z.strictObject({ username: z.string().min(1).max(64), alias });
export const StartBody = z.strictObject({
  seed: z.string().min(1).max(80).optional(),
  round1At: z.int().nonnegative().optional(),
});

export const VoteBody = z.strictObject({ requestId, targets: z.array(seat).max(20), codes });
export const KillPostBody = z.strictObject({
  requestId,
  target: seat,
  text: text(200_000),
  code: z.string().max(40).nullable().optional(),
});
export const RefereeKillPostBody = z.strictObject({
  requestId,
  poster: seat,
  target: seat,
  text: text(200_000),
  code: z.string().max(40).nullable().optional(),
});
export const IouBody = z.strictObject({ requestId, text: text(200_000) });
export const RefereeIouBody = z.strictObject({ requestId, poster: seat, text: text(200_000) });
export const RoomMessageBody = z.strictObject({ requestId, text: text(5_000) });
export const ComplaintBody = z.strictObject({
  requestId,
  round: z.number().int().min(1),
  post: z.number().int().min(0),
  text: text(5_000),
});
/** 录入举报: `receivedAt` is when the 哨群 received it (epoch ms); the engine refuses one after now or before the post. */
export const RefereeComplaintBody = z.strictObject({
  requestId,
  round: z.number().int().min(1),
  post: z.number().int().min(0),
  text: text(5_000),
  receivedAt: z.int().nonnegative(),
  complainant: seat.optional(),
});
export const ProxyRequestBody = z.strictObject({
  requestId,
  target: seat,
  note: z.string().max(500).optional(),
  code: z.string().max(40).nullable().optional(),
});
export const ExtensionRequestBody = z.strictObject({ requestId, note: z.string().max(500).optional() });
/** 私信: a player's to the referees, a referee's answer to one player; blanks say nothing. */
const messageText = z.string().trim().min(1).max(5_000);
export const RefereeMessageBody = z.strictObject({ requestId, text: messageText });
export const PlayerMessageBody = z.strictObject({
  requestId,
  alias: z.string().trim().min(1).max(ALIAS_MAX),
  text: messageText,
});
export const OriginalityBody = z.strictObject({
  text: text(200_000),
  postId: z.string().min(1).max(100).optional(),
  iouRound: z.int().positive().max(1000).optional(),
  iouSeat: seat.optional(),
});

/**
 * An alias that names an existing player, not a new one: matched as stored, so a player who joined before invisible
 * characters were refused can still be ruled on.
 */
const existingAlias = z.string().trim().min(1).max(ALIAS_MAX);
export const RejectReportBody = z.strictObject({
  alias: existingAlias,
  reason,
  redoDeadline: z.int().nonnegative(),
});
export const ApproveReportBody = z.strictObject({ alias: existingAlias, reason });
// A removal always says why.
export const RemoveSignupBody = z.strictObject({ alias: existingAlias, reason });
export const IouExtensionBody = z.strictObject({
  requestId,
  requestedBy: z.array(seat).min(1).max(60),
  reason,
});
export const ProxyVoteBody = z.strictObject({
  requestId,
  voter: seat,
  targets: z.array(seat).max(20),
  codes,
});
export const ComplaintRulingBody = z.strictObject({
  requestId,
  against: seat,
  upheld: z.boolean(),
  reason,
  // The post ruled on (the inbox item's); absent: the poster's latest.
  round: z.int().positive().max(1000).optional(),
  post: z.int().nonnegative().max(1000).optional(),
  // 字数不够按白条处理: the post becomes a 白条 (`upheld` true with it), due by `iouDeadline` when given (required once
  // the round's own 白条 deadline has passed: the engine's call).
  asIou: z.literal(true).optional(),
  iouDeadline: z.int().nonnegative().optional(),
});

const roundNo = z.int().positive().max(1000);
const counts = z.record(z.string().min(1).max(40), z.int().nonnegative().max(100));
export const OverrideSchema = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("eliminate"), target: seat }),
  z.strictObject({ action: z.literal("revive"), target: seat }),
  z.strictObject({
    action: z.literal("decide-tie"),
    round: roundNo,
    out: z.array(seat).max(60),
    house: z.int().positive().max(10).optional(),
  }),
  z.strictObject({ action: z.literal("decide-lead-voter"), round: roundNo, bomb: seat, leadVoter: seat }),
  // 改判票杀; `previous` is the engine's to set, so a body carrying it is refused like any stray field.
  z.strictObject({
    action: z.literal("amend-vote-out"),
    round: roundNo,
    out: z.array(seat).max(60),
    house: z.int().positive().max(10).optional(),
  }),
  z.strictObject({
    action: z.literal("set-progression"),
    round: roundNo,
    votesPerVoter: z.int().positive().max(20).optional(),
    voteOut: z.int().nonnegative().max(100).optional(),
    posts: counts.optional(),
    extraPosts: counts.optional(),
  }),
  z.strictObject({
    action: z.literal("extend"),
    deadline: z.string().min(1).max(40),
    until: z.int().nonnegative(),
  }),
  z.strictObject({ action: z.literal("void-vote"), voter: seat }),
  z.strictObject({
    action: z.literal("void-post"),
    poster: seat,
    // Which post: its round and its index there (the inbox item's, the referee log's); absent, the poster's latest.
    round: roundNo.optional(),
    post: z.int().nonnegative().max(1000).optional(),
  }),
  // 改定领票人; `previous` is the engine's to set.
  z.strictObject({ action: z.literal("amend-lead-voter"), round: roundNo, bomb: seat, leadVoter: seat }),
  // 指定出帖人: `unit` a posting unit's id (a group, a merged group, `role:<id>`); `from` optional (the first open turn).
  z.strictObject({
    action: z.literal("assign-turn"),
    unit: z.string().min(1).max(80),
    seat,
    from: seat.optional(),
  }),
  // 恢复杀帖; `poster` and `target` are the engine's to set, as `previous` above.
  z.strictObject({
    action: z.literal("reinstate-post"),
    round: roundNo,
    post: z.int().nonnegative().max(1000),
  }),
  // 认定字数足够; `poster` and `target` are the engine's to set.
  z.strictObject({
    action: z.literal("accept-iou"),
    round: roundNo,
    post: z.int().nonnegative().max(1000),
  }),
  z.strictObject({ action: z.literal("end-game"), winner: z.enum(["black", "white", "draw"]) }),
  // 7kill rulings (seed 001 4.2, 4.3); whether a ruling fits the game and its points range is the engine's call.
  z.strictObject({ action: z.literal("invalid-vote"), voter: seat }),
  z.strictObject({
    action: z.literal("warn"),
    target: seat,
    offence: z.enum(OFFENCE_KINDS),
    severe: z.boolean().optional(),
    secret: z.boolean().optional(),
  }),
  z.strictObject({ action: z.literal("excuse"), target: seat, round: roundNo }),
  z.strictObject({
    action: z.literal("withdraw-warning"),
    target: seat,
    round: roundNo,
    offence: z.enum(OFFENCE_KINDS),
  }),
  z.strictObject({ action: z.literal("reputation"), target: seat, points: z.int().min(-1000).max(1000) }),
]);
export const OverrideBody = z.strictObject({ requestId, override: OverrideSchema, reason });
export const SubstituteBody = z.strictObject({
  requestId,
  seat,
  username: z.string().min(1).max(64),
  alias,
  // Optional so older clients keep working: without it the ruling reads 「替补」 (RULINGS 23: every override has one).
  reason: text(1_000).optional(),
});
/** A day-night round's results post comes in two parts; absent reads as "day". */
const resultsPart = z.enum(["day", "night"]);
export const ResultsQuery = z.strictObject({
  round: z.coerce.number().int().positive(),
  part: resultsPart.optional(),
});
export const PublishResultsBody = z.strictObject({
  requestId,
  round: roundNo,
  part: resultsPart.optional(),
  text: text(200_000).optional(),
});

/** 评奖: each award a seat, or null (or left out) for none. */
export const AwardsBody = z.strictObject({
  requestId,
  awards: z.strictObject({
    mvp: seat.nullable().optional(),
    acting: seat.nullable().optional(),
    writing: seat.nullable().optional(),
    devotion: seat.nullable().optional(),
  }),
  note: z.string().max(2_000).optional(),
});

export const AfterQuery = z.strictObject({ after: z.coerce.number().int().nonnegative().default(0) });
/** An event type's name as the API spells it: an engine event (`VoteCast`) or an app event (`app.PlayerJoined`). */
const eventTypeName = /^(app\.)?[A-Z][A-Za-z]*$/;
export const EventsQuery = AfterQuery.extend({
  /** Only these types, comma-separated (`type=PlayerOut,PlayerRevived`); a well-formed unknown name matches none. */
  type: z
    .string()
    .transform((s) => s.split(","))
    .pipe(z.array(z.string().regex(eventTypeName, "不是事件类型名")).min(1).max(50))
    .optional(),
});
export const StreamQuery = z.strictObject({
  /** Tests and crawlers: end the stream after this many game events (and after the backlog when 0). */
  limit: z.coerce.number().int().nonnegative().optional(),
  after: z.coerce.number().int().nonnegative().optional(),
  /** Event types the stream leaves out (StreamOptions.omit); only `VoteCast` so far, whose ballots the views carry. */
  omit: z.enum(["VoteCast"]).optional(),
});
