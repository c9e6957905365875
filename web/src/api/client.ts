// Typed fetch wrapper over the bansha HTTP API (src/server/api-types.ts): JSON in, JSON out, ApiError as ApiFailure.
import type {
  AccountStatusResponse,
  AddCoRefereeRequest,
  AdminAccountsResponse,
  ApiError,
  ApproveReportRequest,
  AwardsRequest,
  CheckRulesResponse,
  CommandResponse,
  ComplaintRequest,
  ComplaintRulingRequest,
  CreateGameRequest,
  DiscussionPostRequest,
  DiscussionPostResponse,
  DiscussionPostsResponse,
  DiscussionThreadsResponse,
  EventListResponse,
  ExtensionRequest,
  GameCreatedResponse,
  GameListResponse,
  GameStatus,
  GameViewResponse,
  InboxResponse,
  IouExtensionRequest,
  IouRequest,
  JoinRequest,
  JoinResponse,
  KillPostRequest,
  LoginRequest,
  MeResponse,
  NightActionRequest,
  OkResponse,
  OriginalityResponse,
  OverrideRequest,
  PasswordChangeRequest,
  PasswordResetRequest,
  PlayerMessageRequest,
  PostBodyResponse,
  PostResponse,
  PresetListResponse,
  PresetYamlResponse,
  ProxyRequest,
  ProxyVoteRequest,
  PublishResultsRequest,
  RedoReportRequest,
  RefereeComplaintRequest,
  RefereeIouRequest,
  RefereeKillPostRequest,
  RefereeMessageRequest,
  RefereeNightActionRequest,
  RegisterRequest,
  RejectReportRequest,
  RemoveSignupRequest,
  ReportListResponse,
  ReportResponse,
  ResetLinkResponse,
  ResultsPart,
  ResultsPreviewResponse,
  RoomMessageRequest,
  RoomMessagesResponse,
  RosterResponse,
  SetupRequest,
  SetupStatusResponse,
  StartGameRequest,
  SubstituteRequest,
  TimeResponse,
  VoteRequest,
} from "../../../src/server/api-types.ts";
import { m } from "../i18n/index.ts";
import {
  hasRequestId,
  NOT_ANSWERED,
  ResendsInProgress,
  sendUntilAnswered,
  UnansweredWrites,
} from "./resend.ts";

/** A refused or failed request, carrying the server's Chinese message. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: ApiError | null,
  ) {
    super(message);
  }
}

/** Writes sent without an answer, so that sending one again reuses its request id (see resend.ts). */
const unanswered = new UnansweredWrites();
/** Writes being sent again now: the app shows a notice meanwhile (ResendNotice). */
export const resends = new ResendsInProgress();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const send = (b: unknown) =>
    fetch(path, {
      method,
      credentials: "same-origin",
      headers: b === undefined ? { accept: "application/json" } : { "content-type": "application/json" },
      body: b === undefined ? undefined : JSON.stringify(b),
    });
  let res: Response | null;
  if (method === "POST" && hasRequestId(body)) {
    const prepared = unanswered.prepare(path, body);
    let endResend: (() => void) | undefined;
    const attempt = await sendUntilAnswered(prepared.body, {
      send,
      sleep,
      onResend: () => {
        endResend ??= resends.begin();
      },
    }).finally(() => endResend?.());
    unanswered.settle(path, prepared, attempt.answered);
    if (!attempt.answered)
      throw new ApiFailure(attempt.res?.status ?? 0, "unanswered", m.app.writeUnanswered, null);
    res = attempt.res;
  } else {
    try {
      res = await send(body);
    } catch {
      res = null;
    }
  }
  if (res === null) throw new ApiFailure(0, "network", m.app.networkError, null);
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const err = isApiError(json) ? json : null;
    const wait = res.status === 429 ? retryAfterSeconds(res.headers.get("retry-after")) : null;
    throw new ApiFailure(
      res.status,
      err?.error.code ?? "http",
      // Too many tries: how long to wait, as the server's Retry-After says, rather than a bare 「稍后」.
      wait !== null
        ? m.app.rateLimited(wait)
        : (err?.error.message ??
            (NOT_ANSWERED.has(res.status) ? m.app.serverUnavailable : m.app.unknownError)),
      err,
    );
  }
  return json as T;
}

/** Retry-After in seconds (the server sends whole seconds); null when absent or an HTTP date. */
export function retryAfterSeconds(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Math.max(1, Number(header.trim()));
}

function isApiError(x: unknown): x is ApiError {
  return (
    typeof x === "object" && x !== null && "error" in x && typeof (x as ApiError).error?.message === "string"
  );
}

/** The message to show for any thrown value. */
export function errorText(e: unknown): string {
  if (e instanceof ApiFailure) {
    // A malformed body's message already says each field's problem.
    if (e.body?.error.code === "invalid-body") return e.message;
    const fields = e.body?.error.fields?.map((f) => f.message) ?? [];
    return fields.length > 0 ? m.app.withFields(e.message, fields) : e.message;
  }
  return m.app.unknownError;
}

export function requestId(): string {
  return crypto.randomUUID();
}

const g = (id: string) => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  time: () => call<TimeResponse>("GET", "/api/time"),
  setupStatus: () => call<SetupStatusResponse>("GET", "/api/setup"),
  setup: (b: SetupRequest) => call<MeResponse>("POST", "/api/setup", b),
  me: () => call<MeResponse>("GET", "/api/auth/me"),
  login: (b: LoginRequest) => call<MeResponse>("POST", "/api/auth/login", b),
  register: (b: RegisterRequest) => call<MeResponse>("POST", "/api/auth/register", b),
  logout: () => call<OkResponse>("POST", "/api/auth/logout", {}),
  resetPassword: (b: PasswordResetRequest) => call<OkResponse>("POST", "/api/password-reset", b),
  changePassword: (b: PasswordChangeRequest) => call<OkResponse>("POST", "/api/auth/password", b),
  /** The site admin's account list: a page from `after`, only names starting with `prefix` if given. */
  adminAccounts: (q: { prefix?: string; after?: string }) => {
    const params = new URLSearchParams();
    if (q.prefix) params.set("prefix", q.prefix);
    if (q.after !== undefined) params.set("after", q.after);
    const qs = params.toString();
    return call<AdminAccountsResponse>("GET", `/api/admin/accounts${qs ? `?${qs}` : ""}`);
  },
  adminResetLink: (username: string) =>
    call<ResetLinkResponse>("POST", "/api/admin/accounts/password-reset", { username }),
  adminSetDisabled: (username: string, disabled: boolean) =>
    call<AccountStatusResponse>("POST", `/api/admin/accounts/${disabled ? "disable" : "enable"}`, {
      username,
    }),
  presets: () => call<PresetListResponse>("GET", "/api/presets"),
  presetYaml: (id: string) => call<PresetYamlResponse>("GET", `/api/presets/${encodeURIComponent(id)}/yaml`),
  /** Checks a rule set's YAML or JSON text; the problems carry Chinese messages with their lines. */
  checkRules: (text: string) => call<CheckRulesResponse>("POST", "/api/rules/check", { text }),
  games: (status?: GameStatus) =>
    call<GameListResponse>("GET", status ? `/api/games?status=${status}` : "/api/games"),
  createGame: (b: CreateGameRequest) => call<GameCreatedResponse>("POST", "/api/games", b),
  game: (id: string) => call<GameViewResponse>("GET", g(id)),
  /** The events this viewer may see after `after`; with `types`, only those (the archive's ballots). */
  events: (id: string, after = 0, types?: readonly string[]) =>
    call<EventListResponse>(
      "GET",
      `${g(id)}/events?after=${after}${types ? `&type=${encodeURIComponent(types.join(","))}` : ""}`,
    ),
  openSignup: (id: string) => call<CommandResponse>("POST", `${g(id)}/signup/open`, {}),
  closeSignup: (id: string) => call<CommandResponse>("POST", `${g(id)}/signup/close`, {}),
  join: (id: string, b: JoinRequest) => call<JoinResponse>("POST", `${g(id)}/join`, b),
  reports: (id: string) => call<ReportListResponse>("GET", `${g(id)}/reports`),
  redoReport: (id: string, b: RedoReportRequest) => call<ReportResponse>("POST", `${g(id)}/reports`, b),
  withdraw: (id: string) => call<CommandResponse>("POST", `${g(id)}/withdraw`, {}),
  start: (id: string, b: StartGameRequest) => call<CommandResponse>("POST", `${g(id)}/start`, b),
  vote: (id: string, b: VoteRequest) => call<CommandResponse>("POST", `${g(id)}/votes`, b),
  killPost: (id: string, b: KillPostRequest) => call<PostResponse>("POST", `${g(id)}/kill-posts`, b),
  iou: (id: string, b: IouRequest) => call<PostResponse>("POST", `${g(id)}/iou`, b),
  post: (id: string, postId: string) =>
    call<PostBodyResponse>("GET", `${g(id)}/posts/${encodeURIComponent(postId)}`),
  roomMessages: (id: string, room: string) =>
    call<RoomMessagesResponse>("GET", `${g(id)}/rooms/${encodeURIComponent(room)}/messages`),
  sendRoomMessage: (id: string, room: string, b: RoomMessageRequest) =>
    call<CommandResponse>("POST", `${g(id)}/rooms/${encodeURIComponent(room)}/messages`, b),
  complaint: (id: string, b: ComplaintRequest) => call<CommandResponse>("POST", `${g(id)}/complaints`, b),
  messageReferee: (id: string, b: RefereeMessageRequest) =>
    call<CommandResponse>("POST", `${g(id)}/referee-messages`, b),
  messagePlayer: (id: string, b: PlayerMessageRequest) =>
    call<CommandResponse>("POST", `${g(id)}/referee/messages`, b),
  proxyRequest: (id: string, b: ProxyRequest) => call<CommandResponse>("POST", `${g(id)}/proxy-requests`, b),
  originality: (
    id: string,
    text: string,
    exclude: { postId?: string; iouRound?: number; iouSeat?: number } = {},
  ) => call<OriginalityResponse>("POST", `${g(id)}/originality`, { text, ...exclude }),
  roster: (id: string) => call<RosterResponse>("GET", `${g(id)}/referee/roster`),
  substitute: (id: string, b: SubstituteRequest) =>
    call<CommandResponse>("POST", `${g(id)}/referee/substitutes`, b),
  addCoReferee: (id: string, b: AddCoRefereeRequest) => call<OkResponse>("POST", `${g(id)}/co-referees`, b),
  log: (id: string, after = 0) => call<EventListResponse>("GET", `${g(id)}/referee/log?after=${after}`),
  inbox: (id: string) => call<InboxResponse>("GET", `${g(id)}/referee/inbox`),
  rejectReport: (id: string, b: RejectReportRequest) =>
    call<CommandResponse>("POST", `${g(id)}/referee/reports/reject`, b),
  extensionRequest: (id: string, b: ExtensionRequest) =>
    call<CommandResponse>("POST", `${g(id)}/extension-requests`, b),
  iouExtension: (id: string, b: IouExtensionRequest) =>
    call<CommandResponse>("POST", `${g(id)}/referee/iou-extensions`, b),
  approveReport: (id: string, b: ApproveReportRequest) =>
    call<CommandResponse>("POST", `${g(id)}/referee/reports/approve`, b),
  removeSignup: (id: string, b: RemoveSignupRequest) =>
    call<CommandResponse>("POST", `${g(id)}/referee/signups/remove`, b),
  proxyVote: (id: string, b: ProxyVoteRequest) =>
    call<CommandResponse>("POST", `${g(id)}/referee/proxy-votes`, b),
  refereeIou: (id: string, b: RefereeIouRequest) =>
    call<PostResponse>("POST", `${g(id)}/referee/iou-completions`, b),
  refereeKillPost: (id: string, b: RefereeKillPostRequest) =>
    call<PostResponse>("POST", `${g(id)}/referee/kill-posts`, b),
  /** 录入举报: a complaint the 哨群 received off the site. */
  refereeComplaint: (id: string, b: RefereeComplaintRequest) =>
    call<CommandResponse>("POST", `${g(id)}/referee/complaints`, b),
  ruleComplaint: (id: string, b: ComplaintRulingRequest) =>
    call<CommandResponse>("POST", `${g(id)}/referee/complaint-rulings`, b),
  override: (id: string, b: OverrideRequest) =>
    call<CommandResponse>("POST", `${g(id)}/referee/overrides`, b),
  /** `part`: a day-night game's 第N天 / 第N夜 post; left out for a daily game. */
  resultsPreview: (id: string, round: number, part?: ResultsPart) =>
    call<ResultsPreviewResponse>(
      "GET",
      `${g(id)}/referee/results?round=${round}${part ? `&part=${part}` : ""}`,
    ),
  publishResults: (id: string, b: PublishResultsRequest) =>
    call<CommandResponse>("POST", `${g(id)}/referee/results`, b),
  discussionThreads: (id: string) => call<DiscussionThreadsResponse>("GET", `${g(id)}/discussion`),
  discussionPosts: (id: string, thread: string, q = "") =>
    call<DiscussionPostsResponse>("GET", `${g(id)}/discussion/${encodeURIComponent(thread)}/posts${q}`),
  discussionPost: (id: string, thread: string, b: DiscussionPostRequest) =>
    call<DiscussionPostResponse>("POST", `${g(id)}/discussion/${encodeURIComponent(thread)}/posts`, b),
  nightAction: (id: string, b: NightActionRequest) =>
    call<CommandResponse>("POST", `${g(id)}/night-actions`, b),
  giveAwards: (id: string, b: AwardsRequest) => call<CommandResponse>("POST", `${g(id)}/referee/awards`, b),
  refereeNightAction: (id: string, b: RefereeNightActionRequest) =>
    call<CommandResponse>("POST", `${g(id)}/referee/night-actions`, b),
  /** The game pages' stream: ballots come in its views, not as events (StreamMessage). */
  streamUrl: (id: string, after: number) => `${g(id)}/stream?after=${after}&omit=VoteCast`,
};
