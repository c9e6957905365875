// Events the app itself records beside the engine's (sign-up, 报道, rooms, complaints), their fold and visibility.
import type { Seat } from "../engine/contract.ts";
import type { GameStatus } from "../server/api-types.ts";
import type { EngineEvent } from "./engine-port.ts";

/** App events carry this prefix so the engine never sees them. */
export const APP_PREFIX = "app.";

export type AppEvent =
  | { type: "app.GameCreated"; at: number; name: string; rulesId: string; refereeAlias: string }
  | { type: "app.SignupOpened"; at: number }
  | { type: "app.SignupClosed"; at: number }
  | {
      type: "app.PlayerJoined";
      at: number;
      alias: string;
      postId: string;
      words: number;
      /** Copied share of the 报道 in percent, null when no index was available. */
      copiedPercent?: number | null;
      /** Over the rule set's limit when checked; absent in events recorded before it was kept. */
      copiedFlagged?: boolean;
    }
  /**
   * A sign-up undone before the start: by the player (退出报名), or by a referee (移除报名), who gives a reason and
   * signs it (`referee`, the acting referee's alias). The alias and its account are free to sign up again.
   */
  | { type: "app.PlayerWithdrawn"; at: number; alias: string; reason: string | null; referee?: string }
  | { type: "app.CoRefereeAdded"; at: number; alias: string }
  | {
      type: "app.ReportRejected";
      at: number;
      alias: string;
      reason: string;
      redoDeadline: number;
      redoMin: number;
    }
  /** The referee rules a 报道 compliant: a flagged share is cleared, a non-compliant ruling withdrawn. */
  | { type: "app.ReportApproved"; at: number; alias: string; reason: string }
  | {
      type: "app.ReportRedone";
      at: number;
      alias: string;
      postId: string;
      words: number;
      /** The redo's own copied share (absent in events recorded before redos were checked). */
      copiedPercent?: number | null;
      copiedFlagged?: boolean;
    }
  | { type: "app.RoomMessagePosted"; at: number; room: string; seat: Seat; alias: string; text: string }
  | {
      type: "app.ComplaintFiled";
      at: number;
      /**
       * The complainant and its alias then. 录入举报 naming nobody (the 哨群's own, or a referee's finding): null, and
       * `alias` empty.
       */
      seat: Seat | null;
      alias: string;
      /** The poster, for the referees only (a player names the released post, never a seat). */
      against: Seat;
      round?: number;
      post?: number;
      text: string;
      /** 录入举报: when the 哨群 received it off the site (the engine's ComplaintFiled carries it too). */
      receivedAt?: number;
      /** 录入举报: the referee or co-referee who entered it. */
      referee?: string;
    }
  | {
      type: "app.ProxyRequested";
      at: number;
      seat: Seat;
      alias: string;
      target: Seat;
      note: string;
      /** Score rule: the code guess asked for with the ballot. */
      code?: string | null;
    }
  /**
   * 私信: a player's private word to the referees (a question, an appeal, a leak seen), or a referee's answer to that
   * player; `alias` is the player's either way, `referee` signs an answer. Only the referees and that alias see it.
   */
  | {
      type: "app.RefereeMessage";
      at: number;
      alias: string;
      text: string;
      fromReferee: boolean;
      referee?: string;
    }
  /**
   * 录入杀帖: the kill post `postId` was entered by a referee (`referee`, its alias) for `seat`, whose player sent it off
   * the site (QQ, 站内信) when the site could not be reached. Written beside the engine's KillPostSubmitted, which
   * is the post as the game counts it, exactly as if the player had sent it: only the referees and that player (by
   * alias, as `app.ProxyRequested`) see who entered it.
   */
  | {
      type: "app.KillPostEntered";
      at: number;
      round: number;
      seat: Seat;
      alias: string;
      postId: string;
      referee?: string;
    }
  /** 白条延期 asked of the referee by a player (score rule); the referee grants it with GrantIouExtension. */
  | { type: "app.ExtensionRequested"; at: number; seat: Seat; alias: string; note: string }
  /**
   * `referee`: who published it, by alias (absent in events stored before it was kept). `part`: which of a day-night
   * round's two posts (第N天结果 / 第N夜结果); absent for a daily game's round and in events stored before a day-night
   * round had two, which read as its day's. `correction`: a day-night round's part published again with other text.
   */
  | {
      type: "app.ResultsPublished";
      at: number;
      round: number;
      part?: "day" | "night";
      text: string;
      correction?: true;
      referee?: string;
    }
  /** A discussion post (讨论帖); its body is stored beside the events. `seat` is null for a referee's post. */
  | {
      type: "app.DiscussionPosted";
      at: number;
      thread: string;
      seat: Seat | null;
      alias: string;
      referee: boolean;
      postId: string;
      words: number;
    }
  | { type: "app.GameEnded"; at: number }
  /**
   * 评奖 after the end (seed 001 「评出MVP、最佳演绎、最佳文字、最佳投入四个单项奖」): each award given to one seat,
   * public. A later one replaces the earlier (a correction); an empty list takes the awards back.
   */
  | { type: "app.AwardsGiven"; at: number; awards: GivenAward[]; note: string; referee?: string };

/** The single awards a referee may give once a game has ended (seed 001 4.1). */
export const AWARD_KINDS = ["mvp", "acting", "writing", "devotion"] as const;
export type AwardKind = (typeof AWARD_KINDS)[number];
export interface GivenAward {
  award: AwardKind;
  seat: Seat;
}

export function isAppEvent(event: { type: string }): boolean {
  return event.type.startsWith(APP_PREFIX);
}

export interface ReportState {
  alias: string;
  postId: string;
  words: number;
  submittedAt: number;
  status: "accepted" | "rejected" | "redone";
  rejection: { reason: string; redoDeadline: number; redoMin: number } | null;
  copiedPercent: number | null;
  /** Null where the event predates the flag: readers then compare the share with the rule set's limit. */
  copiedFlagged: boolean | null;
  /** The referee's ruling that this text is compliant; cleared by a later rejection or redo. */
  approved: { at: number; reason: string } | null;
}

export interface AppState {
  readonly status: GameStatus;
  readonly reports: ReadonlyMap<string, ReportState>;
  /** The text last published for each results post, by `resultsKey` (a round and its part). */
  readonly published?: ReadonlyMap<string, string>;
  /**
   * When each alias whose last sign-up event is a withdrawal was withdrawn: a member row of that alias made before
   * then is the withdrawn one's, left behind by a process that died before removing it.
   */
  readonly withdrawn?: ReadonlyMap<string, number>;
}

export const initialAppState: AppState = { status: "draft", reports: new Map() };

/** A results post's key in AppState.published: its round and part ("day" for a daily game's round). */
export function resultsKey(round: number, part: "day" | "night" | undefined): string {
  return `${round}:${part ?? "day"}`;
}

export function evolveApp(state: AppState, raw: EngineEvent): AppState {
  const event = raw as AppEvent;
  switch (event.type) {
    case "app.SignupOpened":
      return { ...state, status: "signup" };
    case "app.SignupClosed":
      return { ...state, status: "closed" };
    case "app.GameEnded":
      return { ...state, status: "ended" };
    case "app.ResultsPublished": {
      const published = new Map(state.published);
      published.set(resultsKey(event.round, event.part), event.text);
      return { ...state, published };
    }
    case "app.PlayerJoined": {
      const reports = new Map(state.reports);
      reports.set(event.alias, {
        alias: event.alias,
        postId: event.postId,
        words: event.words,
        submittedAt: event.at,
        status: "accepted",
        rejection: null,
        copiedPercent: event.copiedPercent ?? null,
        copiedFlagged: event.copiedFlagged ?? null,
        approved: null,
      });
      if (!state.withdrawn?.has(event.alias)) return { ...state, reports };
      const withdrawn = new Map(state.withdrawn);
      withdrawn.delete(event.alias);
      return { ...state, reports, withdrawn };
    }
    case "app.PlayerWithdrawn": {
      const reports = new Map(state.reports);
      reports.delete(event.alias);
      const withdrawn = new Map(state.withdrawn);
      withdrawn.set(event.alias, event.at);
      return { ...state, reports, withdrawn };
    }
    case "app.ReportApproved":
      return withReport(state, event.alias, (prior) => ({
        // A withdrawn rejection leaves the text as it was posted; no redo is due.
        status: prior.status === "rejected" ? "accepted" : prior.status,
        rejection: null,
        approved: { at: event.at, reason: event.reason },
      }));
    case "app.ReportRejected":
      return withReport(state, event.alias, () => ({
        status: "rejected",
        rejection: { reason: event.reason, redoDeadline: event.redoDeadline, redoMin: event.redoMin },
        approved: null,
      }));
    case "app.ReportRedone":
      return withReport(state, event.alias, () => ({
        postId: event.postId,
        words: event.words,
        submittedAt: event.at,
        status: "redone",
        // A redo recorded before redos were checked has no share of its own: the old one was the rejected text's.
        copiedPercent: event.copiedPercent ?? null,
        copiedFlagged: event.copiedFlagged ?? null,
        approved: null,
      }));
    default:
      return state;
  }
}

/** The state with one player's report changed; unchanged when the alias has none. */
function withReport(
  state: AppState,
  alias: string,
  change: (prior: ReportState) => Partial<ReportState>,
): AppState {
  const prior = state.reports.get(alias);
  if (!prior) return state;
  const reports = new Map(state.reports);
  reports.set(alias, { ...prior, ...change(prior) });
  return { ...state, reports };
}

/** What the app knows about the viewer when deciding what they may see of an app event. */
export interface AppViewer {
  readonly referee: boolean;
  readonly seat: Seat | null;
  /** The viewer's own alias when it is a player member (seated or not), for its 私信 with the referees. */
  readonly alias?: string | null;
  /** When the viewer took that alias: a withdrawn alias taken again is another player, who reads none of the first's. */
  readonly aliasSince?: number | null;
  /** Rooms the viewer's seat belongs to now. */
  readonly rooms: ReadonlySet<string>;
  /** A room member whose messages this viewer must not see (EnginePort.hiddenRoomMemberOf). */
  readonly hiddenMember?: Seat | null;
  /** Rooms the viewer's seat joined late, with when (EnginePort.roomsJoinedLate): earlier talk is not its to read. */
  readonly roomsSince?: ReadonlyMap<string, number> | null;
  /**
   * A non-referee's name for a released post (EnginePort.publicPostNumber): app events store the engine index, which
   * is the hand-in order. Absent for a referee, who reads engine indices.
   */
  readonly publicPost?: (round: number, post: number) => number | null;
}

/** Whether a room message is one the viewer (not a referee) may read: its room's, from when it joined, not hidden. */
export function roomMessageReadable(
  e: { room: string; seat: Seat; at: number },
  viewer: Pick<AppViewer, "rooms" | "hiddenMember" | "roomsSince">,
): boolean {
  if (!viewer.rooms.has(e.room) || e.seat === viewer.hiddenMember) return false;
  const since = viewer.roomsSince?.get(e.room);
  return since === undefined || e.at >= since;
}

/**
 * An app event as a visible viewer sees it: a complaint's author sees it without the poster it was mapped to, and
 * names its post by the public number the author picked it by (as the view and the engine's events give it).
 */
export function appEventShown(raw: EngineEvent, viewer: AppViewer): EngineEvent {
  const event = raw as AppEvent;
  if (event.type === "app.ComplaintFiled" && !viewer.referee) {
    const { against: _poster, post, ...rest } = event;
    if (post === undefined || rest.round === undefined) return rest;
    return { ...rest, post: viewer.publicPost?.(rest.round, post) ?? null };
  }
  return raw;
}

/** Room talk stays in the room, complaints and proxy requests go to the referees (and back to their author). */
export function appEventVisible(raw: EngineEvent, viewer: AppViewer): boolean {
  const event = raw as AppEvent;
  switch (event.type) {
    case "app.RoomMessagePosted":
      return viewer.referee || roomMessageReadable(event, viewer);
    case "app.ComplaintFiled":
    case "app.ProxyRequested":
    case "app.ExtensionRequested":
    case "app.KillPostEntered":
      // Back to their author: the seat's player who asked, not a 替补 who took the seat since (a new alias).
      return (
        viewer.referee ||
        (viewer.seat !== null &&
          viewer.seat === event.seat &&
          viewer.alias != null &&
          viewer.alias === event.alias &&
          event.at >= (viewer.aliasSince ?? 0))
      );
    // By alias, not seat: before the start nobody has a seat, and a 替补's new alias is not the old player's.
    case "app.RefereeMessage":
      return (
        viewer.referee ||
        (viewer.alias != null && viewer.alias === event.alias && event.at >= (viewer.aliasSince ?? 0))
      );
    default:
      return true;
  }
}
