// The HTTP API's request and response shapes: pure types shared by the server and the web app (no runtime imports).
//
// Conventions
// - JSON only. Every write is POST with `Content-Type: application/json` (an empty body reads as {}) and must
//   come from the site's own Origin (checked on writes). Cookie: `bansha_session` (HttpOnly, SameSite=Lax),
//   an opaque token.
// - Times are epoch milliseconds measured by the server clock. `GET /api/time` gives the server's now, so
//   countdowns can be corrected: `offset = serverNow - (clientSend + clientReceive) / 2`.
// - Every failure answers `ApiError` with a stable `code` and a Chinese `message` (see src/server/messages-zh.ts).
//   400 invalid-body (fields named) or bad-url, 401 unauthenticated, 403 forbidden, 404 not-found,
//   409 conflict/refused by the game, 413 body-too-large (over 1 MiB), 414 url-too-long,
//   415 unsupported-media-type (not JSON), 422 rules-invalid, 429 rate-limited, 503 server-closing (nothing
//   was done: send it again).
// - Seats are 0-based numbers fixed for the whole game; aliases (马甲) are the only names shown for players.
//   The account behind an alias is only ever in `/referee/*` responses, and only for that game's referees.
// - Player writes carry a client `requestId` (uuid): a retried request is stored once and answers the original.
//
// Route table (R = referee or co-referee of the game, P = living player of the game, A = site admin, * = anyone)
//   GET  /api/time                                   *  TimeResponse
//   GET  /api/setup                                  *  SetupStatusResponse
//   POST /api/setup                                  *  SetupRequest → MeResponse (one-time admin link token)
//   POST /api/auth/register                          *  RegisterRequest → MeResponse
//   POST /api/auth/login                             *  LoginRequest → MeResponse
//   POST /api/auth/logout                            signed in → OkResponse
//   POST /api/auth/password                          signed in  PasswordChangeRequest → OkResponse (other sessions end)
//   GET  /api/auth/me                                *  MeResponse (account null when signed out)
//   POST /api/password-reset                         *  PasswordResetRequest → OkResponse (the reset link's token)
//   GET  /api/admin/accounts?prefix=&after=          A  AdminAccountsResponse (no ids, nothing about games)
//   POST /api/admin/accounts/password-reset          A  AdminAccountRequest → ResetLinkResponse
//   POST /api/admin/accounts/disable                 A  AdminAccountRequest → AccountStatusResponse
//   POST /api/admin/accounts/enable                  A  AdminAccountRequest → AccountStatusResponse
//   GET  /api/presets                                *  PresetListResponse
//   GET  /api/presets/:id/yaml                       *  PresetYamlResponse (a preset as YAML, to start a rule set from)
//   GET  /api/docs/rulesets.md                       *  docs/rulesets.md as plain text (the rule-set authoring guide)
//   POST /api/rules/check                            signed in: CheckRulesRequest → CheckRulesResponse
//   GET  /api/games?status=signup                    *  GameListResponse (a draft only to its R)
//   POST /api/games                                  signed in: CreateGameRequest → GameCreatedResponse | 422
//   GET  /api/games/:id                              *  GameViewResponse (filtered for the viewer)
//   GET  /api/games/:id/events?after=N               *  EventListResponse (filtered for the viewer)
//                                                      (&type=A,B keeps only those types, as shown to the viewer)
//   GET  /api/games/:id/stream                       *  text/event-stream of StreamMessage (Last-Event-ID resumes;
//                                                      ?omit=VoteCast leaves the ballot events out)
//   POST /api/games/:id/signup/open                  R  OkResponse
//   POST /api/games/:id/signup/close                 R  OkResponse
//   POST /api/games/:id/join                         signed in: JoinRequest → JoinResponse (alias + 报道)
//   GET  /api/games/:id/reports                      *  ReportListResponse
//   POST /api/games/:id/reports                      member: RedoReportRequest → ReportResponse (600-字 redo)
//   POST /api/games/:id/withdraw                     signed-up player: {} → CommandResponse (退出报名, before the start)
//   POST /api/games/:id/co-referees                  R  AddCoRefereeRequest → OkResponse
//   POST /api/games/:id/start                        R  StartGameRequest → CommandResponse (roles assigned, seed logged)
//   POST /api/games/:id/votes                        P  VoteRequest → CommandResponse
//   POST /api/games/:id/kill-posts                   P  KillPostRequest → PostResponse
//   POST /api/games/:id/iou                          P  IouRequest → PostResponse
//   GET  /api/games/:id/posts/:postId                *  PostBodyResponse (only once released / visible; script: R)
//   GET  /api/games/:id/rooms/:roomId/messages       room member or R: RoomMessagesResponse
//   POST /api/games/:id/rooms/:roomId/messages       room member: RoomMessageRequest → CommandResponse
//   POST /api/games/:id/complaints                   P  ComplaintRequest → CommandResponse (to the referee room)
//   POST /api/games/:id/proxy-requests               P  ProxyRequest → CommandResponse (private to R)
//   POST /api/games/:id/extension-requests           P  ExtensionRequest → CommandResponse (白条延期, private to R)
//   POST /api/games/:id/originality                  member or R: OriginalityRequest → OriginalityResponse
//   POST /api/games/:id/night-actions                P  NightActionRequest → CommandResponse (day-night games)
//   GET  /api/games/:id/discussion                   *  DiscussionThreadsResponse (the game's 讨论帖 threads)
//   GET  /api/games/:id/discussion/:thread/posts     *  DiscussionPostsResponse (?before=&after=&limit=)
//   POST /api/games/:id/discussion/:thread/posts     P or R: DiscussionPostRequest → DiscussionPostResponse
//   GET  /api/games/:id/referee/roster               R  RosterResponse (aliases with real accounts)
//   GET  /api/games/:id/referee/log                  R  EventListResponse (unredacted)
//   GET  /api/games/:id/referee/inbox                R  InboxResponse (complaints, proxy requests)
//   POST /api/games/:id/referee/reports/reject       R  RejectReportRequest → CommandResponse
//   POST /api/games/:id/referee/reports/approve      R  ApproveReportRequest → CommandResponse
//   POST /api/games/:id/referee/signups/remove       R  RemoveSignupRequest → CommandResponse (移除报名, before the start)
//   POST /api/games/:id/referee/proxy-votes          R  ProxyVoteRequest → CommandResponse
//   POST /api/games/:id/referee/iou-extensions       R  IouExtensionRequest → CommandResponse (白条延期, score rule)
//   POST /api/games/:id/referee/iou-completions      R  RefereeIouRequest → PostResponse (补白条 sent to the referee)
//   POST /api/games/:id/referee/kill-posts           R  RefereeKillPostRequest → PostResponse (录入杀帖, sent off-site)
//   POST /api/games/:id/referee/night-actions        R  RefereeNightActionRequest → CommandResponse (录入夜间行动)
//   POST /api/games/:id/referee/complaints           R  RefereeComplaintRequest → CommandResponse (录入举报, 哨群)
//   POST /api/games/:id/referee-messages             P  RefereeMessageRequest → CommandResponse (私信哨子)
//   POST /api/games/:id/referee/messages             R  PlayerMessageRequest → CommandResponse (a 私信's answer)
//   POST /api/games/:id/referee/complaint-rulings    R  ComplaintRulingRequest → CommandResponse
//   POST /api/games/:id/referee/overrides            R  OverrideRequest → CommandResponse (every override)
//   POST /api/games/:id/referee/substitutes          R  SubstituteRequest → CommandResponse (替补)
//   GET  /api/games/:id/referee/results?round=N      R  ResultsPreviewResponse (day-night games: &part=day|night,
//                                                      第N天结果 / 第N夜结果; absent = day)
//   POST /api/games/:id/referee/results              R  PublishResultsRequest → CommandResponse
//   POST /api/games/:id/referee/awards               R  AwardsRequest → CommandResponse (评奖, once the game has ended)

import type { Override, ScoreParts } from "../engine/contract.ts";
import type { EndingWhy } from "../engine/events.ts";

/** Epoch milliseconds by the server clock. */
export type Millis = number;
/** 0-based seat number, fixed for the whole game. */
export type SeatNo = number;

// ---------------------------------------------------------------- errors

export interface FieldProblem {
  /** Dotted path of the offending field, e.g. "targets.0". */
  path: string;
  message: string;
}

export interface ApiError {
  error: {
    /** Stable machine code, e.g. "vote-closed", "invalid-body", "forbidden". */
    code: string;
    /** Chinese message for the user, e.g. "投票已截止（截止时间 21:00:00，收到时间 21:00:02）". */
    message: string;
    details?: Record<string, string | number | boolean | null>;
    /** For invalid-body: which fields are wrong. */
    fields?: FieldProblem[];
    /** For rules-invalid: the checker's problems. */
    problems?: RuleProblem[];
  };
}

export interface OkResponse {
  ok: true;
}

// ---------------------------------------------------------------- time, setup, auth

export interface TimeResponse {
  now: Millis;
  /** The site's display time zone, e.g. "Asia/Shanghai". */
  timeZone: string;
}

export interface SetupStatusResponse {
  /** True while the one-time admin link printed at first start has not been used. */
  pending: boolean;
}

export interface SetupRequest {
  token: string;
  username: string;
  password: string;
}

export interface RegisterRequest {
  /** 2–32 characters; Chinese allowed. */
  username: string;
  /** At least 8 characters. */
  password: string;
}

export type LoginRequest = RegisterRequest;

export interface PasswordChangeRequest {
  currentPassword: string;
  /** At least 8 characters. */
  newPassword: string;
}

export interface AccountInfo {
  id: number;
  username: string;
  isAdmin: boolean;
}

export interface MeResponse {
  account: AccountInfo | null;
}

/** Sets a new password through the link the site admin handed out; the account's sessions all end. */
export interface PasswordResetRequest {
  token: string;
  /** At least 8 characters. */
  password: string;
}

// ---------------------------------------------------------------- site admin

/**
 * An account as the site admin sees it. No id and nothing about games: the admin is not every game's referee, so
 * it must not learn which aliases an account plays.
 */
export interface AdminAccount {
  username: string;
  /** The start of the day (Beijing time) the account was made: the day only, never the moment. */
  createdAt: Millis;
  isAdmin: boolean;
  disabled: boolean;
  disabledAt: Millis | null;
}

export interface AdminAccountsResponse {
  /** Ordered by username, a page at a time. */
  accounts: AdminAccount[];
  /** Pass as `after` for the next page; null on the last. */
  next: string | null;
}

export interface AdminAccountRequest {
  username: string;
}

export interface ResetLinkResponse {
  username: string;
  /** The page to hand to the account's owner, with its one-time token: `/reset-password?token=…`. */
  path: string;
  expiresAt: Millis;
}

export interface AccountStatusResponse {
  username: string;
  disabled: boolean;
}

// ---------------------------------------------------------------- lobby and rule sets

export type GameStatus = "draft" | "signup" | "closed" | "running" | "ended";

export interface PresetInfo {
  id: string;
  name: string;
  players: number;
}

export interface PresetListResponse {
  presets: PresetInfo[];
}

/** A built-in rule set written out as YAML, as `npx bansha rules show <id> --yaml` prints it. */
export interface PresetYamlResponse {
  id: string;
  text: string;
}

export interface RuleProblem {
  /** Dotted path into the rule set, e.g. "roles.3.count"; "" for the whole document. */
  path: string;
  /** Chinese message. */
  message: string;
}

export interface CheckRulesRequest {
  /** YAML or JSON text of a rule set. */
  text: string;
}

export interface CheckRulesResponse {
  ok: boolean;
  problems: RuleProblem[];
  /** Present when ok. */
  summary?: { id: string; name: string; players: number };
}

export interface GameListItem {
  id: string;
  name: string;
  status: GameStatus;
  rulesName: string;
  players: number;
  /** Aliases signed up so far. */
  signedUp: number;
  createdAt: Millis;
}

export interface GameListResponse {
  games: GameListItem[];
}

/** Exactly one of `preset` and `rulesText`. */
export interface CreateGameRequest {
  name: string;
  preset?: string;
  rulesText?: string;
  /** The referee's alias in this game (shown to players). */
  refereeAlias: string;
}

export interface GameCreatedResponse {
  game: GameInfo;
}

export interface GameInfo {
  id: string;
  name: string;
  status: GameStatus;
  rulesId: string;
  rulesName: string;
  players: number;
  createdAt: Millis;
  /** Minimum 字数 of a 报道 and of a redone one. */
  reportMin: number;
  reportRedoMin: number;
  killPostMin: number;
  iouMin: number;
  /**
   * The rule set's `text.ambiguousIsEastAsian`: whether ambiguous-width characters (“” … · ○) count as 字, so the
   * pages' live 字数 is the server's.
   */
  ambiguousIsEastAsian: boolean;
  timeZone: string;
  /** Score rule with 代号 guesses (`win.codeGuesses`): ballots and kill posts may name a code once codes are offered. */
  codeGuesses: boolean;
  /** The score rule (分值): 白条延期 and the score lines apply. */
  scoreRule: boolean;
  /** 7kill: out only at this share of the living (大于等于未出局人数的40%); null where the top count goes out. */
  voteThresholdPercent: number | null;
  /** 7kill's 高票对决 takes the place of overtime (no half votes, no abstaining unless the rule set allows it). */
  duel: boolean;
  /** Whether any role posts kill posts (杀帖, 白条, 举报): false for 7kill's day-night games. */
  killPosts: boolean;
  /** Camp id → name: 黑道 / 白道 / 中立 unless the rule set names them (7kill: 杀手方 / 好人方). */
  campNames: Record<string, string>;
  /** 7kill's day-night schedule: a round is a day and its night, named 第N天 / 第N夜 on the pages. */
  dayNight: boolean;
  /** 托票 are taken until this many minutes before the vote deadline (空军 「20:45分后不接受任何形式的托票」). */
  proxyCutoffMinutes: number;
  /** A dead player may post in the 场外总帖 (`penalties.zhashiInGeneral: referee`); the referee judges 诈尸 there. */
  deadMayPostInGeneral: boolean;
  /**
   * What not voting costs (RULINGS 8, `vote.nonVoting`): `suicide` (风云, 空军), `abstain-warning` (7kill: counted
   * as 潜水), `abstain`; and the rounds that excuse it (空军 round 1).
   */
  nonVoting: { outcome: "suicide" | "abstain" | "abstain-warning"; excusedRounds: number[] };
  /** When a round starts by the rule set's clock ("21:00"; 7kill: the day's "20:00"), local to `timeZone`. */
  roundStart: string;
  /** The rule set's roles and 进程, for the game page before the start (a custom rule set is read nowhere else). */
  rulesSummary: RulesSummary;
}

/** A rule set as players read it before signing up (rule sets are public): src/app/rules-summary.ts. */
export interface RulesSummary {
  /** Roles in the rule set's order, with their camp id (GameInfo.campNames names it). */
  roles: { name: string; camp: string; count: number }[];
  /**
   * The 进程 as `npx bansha rules check` prints it: per round the votes each, how many the vote puts out, the kill
   * posts per posting unit (named), extra posts (工兵) and the survivors if every planned kill happens. A day-night
   * game has no progression of its own: its rows are the fastest pace, the vote putting out at most `voteOut` and
   * `nightKills` dying each night.
   */
  progression: {
    round: number;
    votesPerVoter: number;
    voteOut: number;
    posts: { unit: string; count: number }[];
    extraPosts: { unit: string; count: number }[];
    nightKills?: number;
    survivors: number;
  }[];
}

// ---------------------------------------------------------------- membership, 报道

export type MemberKind = "player" | "referee" | "co-referee";

export interface MemberInfo {
  alias: string;
  kind: MemberKind;
  joinedAt: Millis;
}

export interface JoinRequest {
  alias: string;
  /** 报道: the sign-up report text; its 字数 must reach the rule set's reportMin. */
  report: string;
}

export interface JoinResponse {
  member: MemberInfo;
  report: ReportInfo;
}

export interface ReportInfo {
  alias: string;
  postId: string;
  words: number;
  submittedAt: Millis;
  status: "accepted" | "rejected" | "redone";
  /** Set when a referee ruled it non-compliant: a redo of at least `redoMin` 字 is due by `redoDeadline`. */
  rejection?: { reason: string; redoDeadline: Millis; redoMin: number } | null;
  /** Copied share in percent, when the originality index is available. */
  copiedPercent?: number | null;
  /**
   * The copied share is over the rule set's limit (RULINGS.md 17): shown to everyone as 疑似抄袭 until the referee
   * rules. The referee decides; a flag alone never rejects a 报道.
   */
  flagged: boolean;
  /** The referee ruled this text compliant (clearing a flag, or withdrawing a non-compliant ruling). */
  approved: { at: Millis; reason: string } | null;
}

export interface ReportListResponse {
  reports: ReportInfo[];
}

export interface RedoReportRequest {
  requestId: string;
  text: string;
}

export interface ReportResponse {
  report: ReportInfo;
}

export interface AddCoRefereeRequest {
  /** The site account to add (referees may know each other). */
  username: string;
  alias: string;
}

export interface StartGameRequest {
  /** Seed for role assignment; generated and logged when absent. */
  seed?: string;
  /** When round 1 opens; defaults to now. */
  round1At?: Millis;
}

// ---------------------------------------------------------------- the game view

export interface SeatView {
  seat: SeatNo;
  alias: string;
  alive: boolean;
  /** Role id and display name, only when this viewer may see them (own seat, known teammates, revealed, referee). */
  role?: string | null;
  roleName?: string | null;
  camp?: "black" | "white" | "neutral" | null;
  /** 代号, when visible. */
  code?: string | null;
}

export interface RoomView {
  id: string;
  name: string;
  /** Seats in the room, as this viewer may see them. */
  seats: SeatNo[];
}

export interface DeadlineView {
  /** Stable key, e.g. "vote", "posting-window", "iou:12", "complaint". */
  key: string;
  at: Millis;
}

export interface TallyView {
  seat: SeatNo;
  /** May be a half, e.g. 10.5. */
  votes: number;
  proxy: number;
  half: number;
}

export interface MyVoteView {
  targets: SeatNo[];
  /**
   * Score rule: the 代号 guessed with each target, in the order of `targets` (null: none); absent when the ballot
   * guessed none. The page fills its code boxes from it, so a 改票 does not silently drop a guess.
   */
  codes?: (string | null)[];
  at: Millis;
  /** The referee entered it as the seat's 托票: the seat's own ballot naming the same is a change, not the same one. */
  proxy?: true;
  /** Changes still allowed under the rule set's limit (RULINGS 7); null where changes are unlimited. */
  changesLeft: number | null;
  /** From this instant no change is accepted (7kill: the vote's last hour); null where there is no freeze. */
  changesFrozenFrom: Millis | null;
}

export interface RoleCard {
  seat: SeatNo;
  role: string;
  roleName: string;
  camp: "black" | "white" | "neutral";
  code: string | null;
  /** Teammates this role knows from the start. */
  knows: SeatView[];
  rooms: RoomView[];
  /** Whether this seat has a post right (出帖权) this round, and how many posts are due. */
  postsDue: number;
  /** What the role (as told) can do, for the card to explain (src/app/role-powers.ts). */
  powers: RolePowers;
  /**
   * Score rule only: the refusal code a 白条延期 request by this seat would get now (`iou-extension.*`), null when it
   * may ask. Read from public facts and the seat's own role only: a ranger is told `not-swordsman` until every
   * swordsman has been published out, whether one is in fact alive or not (src/engine/score/extension.ts).
   */
  extensionRefusal?: string | null;
}

export interface RolePowers {
  /** 出帖权: `kill` posts kill their target; `engineer` posts only find bombs; null without one. */
  post: "kill" | "engineer" | null;
  /** The posting group, how its members take turns, and how many seats it starts with. */
  group: { name: string; rotation: "code-order" | "group-choice"; members: number } | null;
  /** Whether the role's post victims keep a half vote (半票) that round. */
  victimsHalfVote: boolean;
  /** 蛋: 同归 with a poster through round `activeThroughRound`'s posts; its 领票人 when voted out through that vote. */
  bomb: {
    takesPoster: boolean;
    takesLeadVoter: boolean;
    activeThroughRound: number;
    votesThroughRound: number;
  } | null;
  /** 7kill's night (or day) abilities. */
  abilities: { ability: string; phase: string; together: boolean; uses?: number }[];
}

export interface GameView {
  round: number | null;
  /**
   * Display names of the rule set's posting units, by the ids that plans and kill posts carry: groups ("killer" →
   * 联合杀手), merged groups ("black" → 杀刺) and roles taking over posts ("role:black-bomb" → 黑弹).
   */
  unitNames: Record<string, string>;
  /**
   * The current round's posts as they go now, per posting unit: after alliances merged groups (杀刺 takes 联合杀手's
   * and 情侣刺客's posts together) and takeovers, lapsed posts left out; extra posts (工兵) apart. Null before the
   * first round and for rule sets without kill posts.
   */
  postPlan?: { posts: Record<string, number>; extraPosts: Record<string, number> } | null;
  /**
   * Score rule, while the game runs: each camp's score after the latest round with results, per house, as that
   * round's results post gives it (absent before the first results, for other rule sets and once the game is over,
   * when `result.scores` has the final totals).
   */
  runningScores?: {
    round: number;
    houses: {
      house: number;
      black: { exact: string; value: number };
      white: { exact: string; value: number };
    }[];
  };
  /** Free text phase name from the engine, e.g. "vote", "overtime", "ended". */
  phase: string | null;
  seats: SeatView[];
  deadlines: DeadlineView[];
  /** Live tally of the current vote (public on the vote thread); under 两府制, of the viewer's own house. */
  tally: TallyView[];
  /** 两府制 only: each house's live tally, house 1 first; null with one thread. */
  houses?: { house: number; tally: TallyView[] }[] | null;
  /**
   * The codes a ballot may guess now: null until the first black kill post is released (or without code guesses),
   * then every living black scored seat's code (src/engine/score/ledger.ts).
   */
  offeredCodes?: string[] | null;
  /**
   * The codes a kill post's guess may name: every living scored seat's code, both camps, from the first posts on;
   * null without code guesses.
   */
  postCodes?: string[] | null;
  /**
   * Referees only, while the game runs: win conditions hold but the end waits for open questions one answer of which
   * would change the winner (a tie, 领票人 or filed complaint the referee has yet to decide, a 白条 not yet completed), so the 哨子台 can
   * say why the game goes on. `candidates`: what holds now, each with its Chinese reason; `on`: each open question's
   * kind and round. Absent otherwise (and always for players: that an ending holds is not theirs to know yet).
   */
  endingWaits?: {
    candidates: { winner: "black" | "white" | "draw" | null; message: string | null }[];
    on: { kind: "tie" | "lead-voter" | "iou" | "complaint" | "complaint-window"; round: number }[];
  };
  /** The viewer's own role card; null for the public and referees. */
  roleCard: RoleCard | null;
  myVote: MyVoteView | null;
  /**
   * The rule on changing a ballot in the viewer's vote thread, told before the first vote as well (seed 001
   * 「投票后，有一次改票机会」「白天结束前1个小时不得改票」): how many changes a ballot allows (null: unlimited) and from
   * when none is accepted (null: no freeze). Null for viewers without a seat, and while no vote thread is open.
   */
  voteChanges: { max: number | null; frozenFrom: Millis | null } | null;
  result: {
    ended: boolean;
    winner: "black" | "white" | "draw" | null;
    /** The engine's reason, in English, as logs and the CLI give it. */
    reason: string | null;
    /** Why the game ended, as data (src/engine/events.ts `EndingWhy`); null for a game ended before it was kept. */
    why: EndingWhy | null;
    /** The same in Chinese, as the board shows it: "联合杀手、情侣、联合刺客全部出局". */
    message: string | null;
    /**
     * Score rule: the final totals with survival points, and each round's running totals (house 1, or every house
     * under 两府制), as the results posts give them. Absent otherwise.
     */
    scores?: {
      black: { exact: string; value: number };
      white: { exact: string; value: number };
      /**
       * Each camp's total term by term (抢得＋存活已激活＋个人存活分), as the results post's final line gives it; absent
       * when the summary has none.
       */
      parts?: Record<"black" | "white", ScoreParts>;
      rounds: {
        round: number;
        houses: {
          house: number;
          black: { exact: string; value: number };
          white: { exact: string; value: number };
        }[];
      }[];
    };
    /** 7kill (seed 001 2.2): each seat's game points once the game is over. Absent otherwise. */
    points?: { seat: SeatNo; points: number }[];
  } | null;
  /** The engine's own view object for this viewer, for details not modelled above. */
  engine: unknown;
}

export type ViewerKind = "public" | "player" | "dead-player" | "referee";

export interface GameViewResponse {
  game: GameInfo;
  viewer: {
    kind: ViewerKind;
    alias: string | null;
    seat: SeatNo | null;
    memberKind: MemberKind | null;
  };
  members: MemberInfo[];
  view: GameView | null;
  /**
   * The last event seq included that this viewer may see (not the game's last, which moves with hidden events);
   * pass as Last-Event-ID / `after` to continue.
   */
  lastSeq: number;
  serverTime: Millis;
}

// ---------------------------------------------------------------- events and the stream

/** One event as this viewer may see it (redacted). `type` is the event's type, e.g. "VoteCast". */
export interface GameEventDto {
  seq: number;
  type: string;
  at: Millis;
  /** The rest of the (redacted) event. */
  data: Record<string, unknown>;
}

export interface EventListResponse {
  events: GameEventDto[];
  /**
   * The last event seq this viewer may see (the referee's log: the game's last); before a `type` filter, so it
   * may be later than the last event listed.
   */
  lastSeq: number;
}

/**
 * SSE message. `id:` is the seq; `event:` is "game-event" for events and "view" after a batch, at most once a
 * second (the viewer's refreshed GameView, so tallies update live). A ": ping" comment is sent every 15 s. A batch
 * of events all hidden from the viewer sends nothing, unless they changed what its view says (then a view).
 *
 * In a stream's views, each open vote thread of `view.engine` lists only the ballots this stream has not sent
 * before: `casts` holds the ballots from index `castsFrom` on, and `castCount` is the thread's total. A client
 * keeps each thread's list (key: round and house) and appends; `castsFrom` 0 starts the list again (the first
 * view of a connection, a new overtime, or an override that removed or changed a ballot). GET views list every
 * ballot (`castsFrom` 0). `tally` and `myVote` always count every ballot. A stream's views leave out the
 * referee's full state (`view.engine.referee` is null): it holds every ballot of every round. GET views carry it.
 *
 * With `?omit=VoteCast` (as the game pages open it) no `VoteCast` event is sent: the views list the ballots. A
 * view's `lastSeq` is the last seq the viewer may see, those left out included, so a client may resume after it;
 * it does not move with events hidden from the viewer.
 */
export type StreamMessage =
  | { kind: "game-event"; event: GameEventDto }
  | { kind: "view"; lastSeq: number; view: GameView | null; status: GameStatus; serverTime: Millis };

// ---------------------------------------------------------------- player actions

export interface CommandResponse {
  ok: true;
  /** Last seq written (or of the original write for a retried requestId). */
  seq: number;
  /** Server receipt time: the time the game judged the command by. */
  receivedAt: Millis;
  /** True when this requestId had been stored before: nothing new was written. */
  replayed: boolean;
}

export interface VoteRequest {
  requestId: string;
  /** One seat per vote the round grants; [] abstains where allowed. */
  targets: SeatNo[];
  /** Code-name guesses (代号), score games only. */
  codes?: (string | null)[];
}

export interface KillPostRequest {
  requestId: string;
  target: SeatNo;
  text: string;
  code?: string | null;
}

export interface PostResponse extends CommandResponse {
  postId: string;
  words: number;
  /** The post was shorter than the minimum and is an IOU (白条). */
  iou: boolean;
}

export interface IouRequest {
  requestId: string;
  text: string;
}

/** 私信哨子: a player's private word to the referees (app.RefereeMessage, seen by them and the player only). */
export interface RefereeMessageRequest {
  requestId: string;
  text: string;
}

/** A referee's private answer to one player, by alias. */
export interface PlayerMessageRequest {
  requestId: string;
  alias: string;
  text: string;
}

/** 补白条 entered by a referee for the seat whose IOU is open: the text the poster sent them. */
export interface RefereeIouRequest {
  requestId: string;
  poster: SeatNo;
  text: string;
}

/**
 * 录入杀帖: a kill post the poster sent the referee off the site in the posting window, entered for that seat. Judged
 * like the poster's own at the referee's entry time (window, rotation, post right, 字数, 白条), and the seat's post.
 */
export interface RefereeKillPostRequest extends KillPostRequest {
  poster: SeatNo;
}

/** 评奖 (seed 001 4.1): MVP, 最佳演绎, 最佳文字, 最佳投入, each a seat or null for none; public as app.AwardsGiven. */
export interface AwardsRequest {
  requestId: string;
  awards: { mvp?: SeatNo | null; acting?: SeatNo | null; writing?: SeatNo | null; devotion?: SeatNo | null };
  note?: string;
}

export interface PostBodyResponse {
  postId: string;
  text: string;
  words: number;
  createdAt: Millis;
  /** The referee's only: how much is traditional or foreign (seed 002: 哨群有权拒绝外文帖、繁体字帖). */
  script?: ScriptMixInfo;
}

/** `scriptMix` in percent: a hint for the referee, who decides; nothing is refused by it. */
export interface ScriptMixInfo {
  /** Of the characters written differently in the two scripts, the percent in traditional form. */
  traditionalPercent: number;
  /** Kana, Hangul and other alphabets' words, in percent of those plus Han characters. */
  foreignPercent: number;
  flags: ("traditional" | "foreign")[];
}

export interface RoomMessageRequest {
  requestId: string;
  text: string;
}

export interface RoomMessage {
  seq: number;
  at: Millis;
  /** Author's alias (room members know each other). */
  alias: string;
  text: string;
}

export interface RoomMessagesResponse {
  room: { id: string; name: string };
  messages: RoomMessage[];
}

export interface ComplaintRequest {
  requestId: string;
  /**
   * The released post complained about (举报), as the view lists it: its round and its public post number there
   * (src/engine/public-posts.ts; the server turns it into the engine's index, which only referees read). Players
   * never learn who posted it; the server names the poster to the referees only.
   */
  round: number;
  post: number;
  text: string;
}

/**
 * 录入举报: a complaint the 哨群 received off the site (QQ, the group) by the round's complaint deadline, entered by a
 * referee, perhaps after the deadline. Judged by `receivedAt` (not after now, not before the post's release), then
 * like a player's own: it waits for the ruling, holds the end, and is the complainant's in 我的举报 when one is named.
 */
export interface RefereeComplaintRequest extends ComplaintRequest {
  /** When the 哨群 received it, by the server clock's epoch. */
  receivedAt: Millis;
  /** The complaining seat, if a player complained; absent: the 哨群's own. */
  complainant?: SeatNo;
}

export interface ProxyRequest {
  requestId: string;
  /** 托票 names exactly one target. */
  target: SeatNo;
  note?: string;
  /** Score rule: the code guess to go with the ballot (its 出局代号 counts like a vote's own). */
  code?: string | null;
}

/** 白条延期 asked of the referee (score rule): it lands in the referee's inbox. */
export interface ExtensionRequest {
  requestId: string;
  note?: string;
}

export interface OriginalityRequest {
  text: string;
  /** Referees re-checking a published post: the post (and its IOU completion) is not a source against itself. */
  postId?: string;
  /** A player's IOU completion draft: the round of their own IOU, whose kill post is not a source against it. */
  iouRound?: number;
  /** Referees entering an IOU completion sent to them (with `iouRound`): the seat whose IOU it completes. */
  iouSeat?: SeatNo;
}

export interface CopiedSpan {
  /** UTF-16 offsets into the submitted text. */
  start: number;
  end: number;
  /**
   * Where it was found: only shown to referees, and of a post in a game the caller does not referee only what that
   * game shows the public (no seat or alias, `ref` null; null while the public cannot read the post).
   */
  source?: { kind: string; ref: string | null; title?: string | null } | null;
}

export interface OriginalityResponse {
  available: boolean;
  words: number;
  copiedWords: number;
  copiedPercent: number;
  flagged: boolean;
  spans: CopiedSpan[];
}

// ---------------------------------------------------------------- referee actions

export interface RosterEntry {
  alias: string;
  kind: MemberKind;
  seat: SeatNo | null;
  accountId: number;
  username: string;
  joinedAt: Millis;
}

export interface RosterResponse {
  members: RosterEntry[];
}

export interface InboxItem {
  seq: number;
  at: Millis;
  /**
   * `report-flagged`: a 报道 (or its redo) over the rule set's copied-share limit, to rule on in 报道审核.
   * `tie-decision`: a vote's final tie-break left `slots` of `tied` to the referee (RULINGS 11), to fill with a
   * `decide-tie` override; `fromSeat` is null and `fromAlias` empty (nobody asked: the rule did).
   * `lead-voter-decision`: a bomb voted out under leadVoter "referee" (RULINGS 13) waits for the referee to name its
   * 领票人 among `voters`, with a `decide-lead-voter` override; `fromSeat` null and `fromAlias` empty, as for a tie.
   * `ending-decision`: win conditions naming different winners held at once (`endings`, each with why); the game goes
   * on until the referee ends it with an `end-game` override. Handled `decided` when the game ends, `withdrawn` when
   * the conditions no longer hold at once (a revival undid an out).
   */
  kind:
    | "complaint"
    | "proxy-request"
    | "extension-request"
    | "report-flagged"
    | "tie-decision"
    | "lead-voter-decision"
    | "ending-decision"
    | "message";
  fromSeat: SeatNo | null;
  fromAlias: string;
  /** A complaint's poster (referees only), and the released post it names. */
  against?: SeatNo;
  /**
   * 录入举报: when the 哨群 received the complaint off the site (its window was judged by it), and the referee who
   * entered it. `fromSeat` null and `fromAlias` empty when it names no complainant.
   */
  receivedAt?: Millis;
  enteredBy?: string;
  round?: number;
  post?: number;
  target?: SeatNo;
  /** A proxy request's code guess (score rule), entered with the ballot. */
  code?: string | null;
  /**
   * A proxy request's cut-off (RULINGS 12: 风云 20:40 for a 21:00 deadline): from this instant the referee can no
   * longer enter it. Given while it waits and once it is `after-cutoff`; absent in an overtime (its proxies are not
   * timed) and before any vote is known.
   */
  cutoff?: Millis;
  /** A flagged 报道's copied share, in percent. */
  copiedPercent?: number;
  /** `report-flagged`: the flagged text's post id, for the referee to see its copied passages (POST originality). */
  postId?: string;
  /** A tie left to the referee: the tied seats, how many go out, why the rule could not decide, the house (两府制). */
  tied?: SeatNo[];
  slots?: number;
  /** `referee-rule`, `times-equal` or `no-votes` (the results post says each in Chinese). */
  tieReason?: string;
  house?: number;
  /** A bomb waiting for its 领票人, and the voters whose counted vote named it (earliest first). */
  bomb?: SeatNo;
  voters?: SeatNo[];
  /** Win conditions that held at once: each winner and why (src/engine/ending-text.ts says it in Chinese). */
  endings?: { winner: "black" | "white" | "draw" | null; why: EndingWhy }[];
  text: string;
  /**
   * `message` once `replied`: the referees' answers, in order (the one that settled it first; a later answer with no
   * message waiting goes with that player's latest), each signed by the referee's alias (absent for an answer stored
   * before answers were signed).
   */
  replies?: { text: string; referee?: string }[];
  /**
   * How the referee dealt with it, once done: a proxy request by a proxy ballot entered for its seat after it, a
   * complaint by a ruling on the post it names (`as-iou`: 字数不够按白条处理, the post made a 白条), a flagged 报道 by 裁定合规 (approved) or a non-compliant ruling
   * (rejected). `expired`: a proxy request whose vote closed without it (it never carries into a later round's vote),
   * a complaint whose round's complaint deadline passed, a 白条延期 request whose round closed, a tie or a 领票人
   * whose game ended undecided. `decided`: a tie the referee filled, a 领票人 the referee named. `withdrawn`: an
   * ending-decision whose conditions no longer held at once (EndingContestWithdrawn). `voided`: a complaint whose post
   * was voided another way before a ruling (its 白条 failed, the referee's 作废杀帖). `after-cutoff`: a proxy request
   * not entered by its vote's cut-off (`cutoff`, the instant it took effect), which the engine now refuses (RULINGS 12
   * keeps the entry time as what counts); it stays so when the vote closes. `self-voted`: a proxy request the player
   * overrode by voting himself after it in the same vote (the referee may still enter a proxy; the inbox no longer
   * offers it). `round-extended`: a 白条延期 request left when another one was granted (once per round).
   * `iou-settled`: a 白条延期 request with no open 白条 of the other camp left to extend for (completed, failed or
   * voided; 「该申请必须在白条补齐前提出」), timed at the event that settled the last one. `signup-withdrawn`: a flagged
   * 报道 whose sign-up was withdrawn or removed before the start. `replied`: a 私信 a referee answered (a later answer to
   * that player). Absent while it waits.
   */
  handled?: {
    at: Millis;
    outcome:
      | "proxy-cast"
      | "upheld"
      | "dismissed"
      | "as-iou"
      | "granted"
      | "approved"
      | "rejected"
      | "expired"
      | "decided"
      | "withdrawn"
      | "voided"
      | "after-cutoff"
      | "self-voted"
      | "same-as-own"
      | "round-extended"
      | "iou-settled"
      | "signup-withdrawn"
      | "replied";
    /** proxy-cast: the seats the referee's 代投 named, when they are not the one asked for. */
    castOtherwise?: SeatNo[];
  };
}

export interface InboxResponse {
  items: InboxItem[];
}

export interface RejectReportRequest {
  alias: string;
  reason: string;
  /** Deadline of the 600-字 redo. */
  redoDeadline: Millis;
}

/** 裁定合规: clears a flagged copied share, or withdraws a non-compliant ruling (no redo is then due). */
export interface ApproveReportRequest {
  alias: string;
  reason: string;
}

/** 移除报名: the referee undoes a player's sign-up before the start; the reason is recorded with it. */
export interface RemoveSignupRequest {
  alias: string;
  reason: string;
}

/**
 * 白条延期 (score rule): "对方阵营有权申请当轮延长一天…哨子批准后应予公告". The referee grants the request of
 * `requestedBy`: a living swordsman for white (with none alive, every living full-vote ranger), any black seat for
 * black. Moves the round's vote deadline by one day, once per round, while an IOU of the other camp is open.
 */
export interface IouExtensionRequest {
  requestId: string;
  requestedBy: SeatNo[];
  reason: string;
}

export interface ProxyVoteRequest {
  requestId: string;
  voter: SeatNo;
  targets: SeatNo[];
  codes?: (string | null)[];
}

export interface ComplaintRulingRequest {
  requestId: string;
  against: SeatNo;
  upheld: boolean;
  reason: string;
  /** The post ruled on (the complaint's round and post index); absent: the poster's latest. */
  round?: number;
  post?: number;
  /**
   * 字数不够按白条处理: the complaint holds on the post's 字数 alone; the post becomes an open 白条 (send `upheld: true`).
   */
  asIou?: true;
  /** With `asIou`: the 白条's deadline; absent, the round's own, which once passed makes this required. */
  iouDeadline?: Millis;
}

/**
 * The engine's Override (src/engine/contract.ts), 7kill rulings included (无效票, 警告, 豁免, 信誉度); 替补 has its own
 * route (SubstituteRequest). Derived, not copied, so a new ruling reaches the API's type at once.
 */
export type OverrideBody = Exclude<Override, { action: "substitute" }>;

/** 7kill offences (潜水, 诈尸, 曝ID, 贴证…): the machine records 潜水 and 诈尸, the referee warns for what it cannot see. */
export type { OffenceKind } from "../engine/night/types.ts";

export interface OverrideRequest {
  requestId: string;
  override: OverrideBody;
  /** Every override carries a reason (哨子最大, recorded). */
  reason: string;
}

export interface SubstituteRequest {
  requestId: string;
  seat: SeatNo;
  /** The new player's site account and their new alias. */
  username: string;
  alias: string;
  /** Why the seat changes hands, shown in the public log; absent or blank reads 「替补」. */
  reason?: string;
}

/**
 * A day-night game's round has two results posts: its day's (第N天结果, the vote and the day's outs), once the day's
 * vote and duel are over, and its night's (第N夜结果, 天亮公布结果), once the night has come to dawn (before that:
 * 409 results-night-unresolved). A daily game's round has one; `night` there is 400 results-no-night.
 */
export type ResultsPart = "day" | "night";

export interface ResultsPreviewResponse {
  round: number;
  /** Day-night games only: the part previewed. */
  part?: ResultsPart;
  text: string;
}

export interface PublishResultsRequest {
  requestId: string;
  round: number;
  /** Day-night games: which part (absent = day). */
  part?: ResultsPart;
  /**
   * The text to publish; the preview when absent. In a day-night game the same part of a round published again with
   * the same text is refused (409 results-already-published); with other text it is a correction (the event's
   * `correction`). A daily game's round may be published again, as before.
   */
  text?: string;
}

// ---------------------------------------------------------------- discussion threads (讨论帖)
//   GET  /api/games/:id/discussion                          *  DiscussionThreadsResponse
//   GET  /api/games/:id/discussion/:thread/posts?before=&after=&limit=  *  DiscussionPostsResponse (newest last)
//   POST /api/games/:id/discussion/:thread/posts            P or R: DiscussionPostRequest → DiscussionPostResponse
// Thread ids: "general" (场外总帖), "round-N" (daily rounds), "day-N" / "duel-N" / "last-words-N" (7kill).

export type DiscussionThreadKind = "general" | "round" | "day" | "duel" | "last-words";

export interface DiscussionThread {
  id: string;
  kind: DiscussionThreadKind;
  round: number | null;
  /** Whether posts are taken now. */
  open: boolean;
  posts: number;
  lastPostAt: Millis | null;
}

export interface DiscussionThreadsResponse {
  threads: DiscussionThread[];
  /** The thread a player would post to now (the open round's or day's), else "general". */
  current: string;
}

export interface DiscussionPost {
  seq: number;
  postId: string;
  thread: string;
  /** The alias (马甲); never an account. */
  alias: string;
  seat: SeatNo | null;
  referee: boolean;
  at: Millis;
  words: number;
  text: string;
}

export interface DiscussionPostsResponse {
  thread: DiscussionThread;
  posts: DiscussionPost[];
  /** Older posts exist: ask again with `before` = the first post's seq. */
  hasOlder: boolean;
}

export interface DiscussionPostRequest {
  requestId: string;
  text: string;
}

export interface DiscussionPostResponse extends CommandResponse {
  post: DiscussionPost;
}

// ---------------------------------------------------------------- 7kill abilities (夜晚行动)
//   POST /api/games/:id/night-actions           P: NightActionRequest → CommandResponse
//   POST /api/games/:id/referee/night-actions   R: RefereeNightActionRequest → CommandResponse (录入夜间行动)
// The seat's record (its group's standing choices, police results, the bandit's bullet) is GameView.engine.you.night.

export type NightAbility = "kill" | "check" | "protect" | "shoot";

export interface NightActionRequest {
  requestId: string;
  action: NightAbility;
  /** null: pass ("允许放弃"), where the ability allows it. */
  target: SeatNo | null;
}

/** 录入夜间行动: the referee enters `seat`'s choice, sent off the site; judged as the player's own. */
export interface RefereeNightActionRequest extends NightActionRequest {
  seat: SeatNo;
}
