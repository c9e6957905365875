// viewFor / redactEvent: exactly what a seat, the referee or the public may know (boardgame.io playerView style).

import { type BallotMark, ballotsSince, markOf } from "./cast-log.ts";
import type { Instant, OutCause, Seat } from "./contract.ts";
import { pendingDeadlines } from "./deadlines.ts";
import type { GameEvent, ReleasedPost, RoundPlan } from "./events.ts";
import { ownTurns, type PostRight, postRightOf, roomsOf, rotationOf } from "./groups.ts";
import { houseCount, houseOfSeat, housesOf, threadOf } from "./houses.ts";
import { actingRole, banditHiddenFrom, countsAs, publishedRole } from "./night/bandit.ts";
import type { DayNightView, NightYouView } from "./night/redact.ts";
import {
  dayNightView,
  hideCause,
  isDayNightEvent,
  nightYouView,
  redactDayNightEvent,
  withdrawsSecretWarning,
} from "./night/redact.ts";
import { publicNumbering } from "./public-posts.ts";
import { roleById } from "./roles.ts";
import type { GameState, IouState, RoundState, Submission, VoteState } from "./state.ts";
import { abstainAllowed, voteKind } from "./vote/check-cast.ts";

export type Viewer = { kind: "seat"; seat: Seat } | { kind: "referee" } | { kind: "public" };

export interface SeatView {
  seat: Seat;
  alias: string;
  alive: boolean;
  /**
   * `cause` is null where the rule set hides causes ("所有出局者公布身份，不公布死因"), until the game ends. `night`:
   * 7kill, out at dawn of night `round` ("天亮公布结果" says who, so when is public).
   */
  out: { round: number; cause: OutCause | null; night?: boolean } | null;
  /**
   * Null unless this viewer may know it (revealed, a teammate, a room-mate, the referee, or anyone once the game has
   * ended). A seat known only by its reveal shows the role it was published as (the secret bandit as 水民 or 杀手).
   */
  role: string | null;
  camp: string | null;
  code: string | null;
}

export interface RoundView {
  round: number;
  plan: RoundPlan;
  postingOpensAt: Instant;
  postingClosesAt: Instant;
  voteDeadline: Instant;
  /**
   * Released posts; the poster is shown only to the poster itself and the referee. `postId` names the body, public
   * once released (GET /api/games/:id/posts/:postId), so every player can read the posts a complaint may name.
   * `index` is the engine's (hand-in order) for the referee only; every other viewer gets the public post number
   * (public-posts.ts), and the list in that order.
   */
  posts:
    | (Omit<ReleasedPost, "poster"> & {
        poster: Seat | null;
        iouStatus: IouState["status"] | null;
        postId: string | null;
        /** The code guess, public with the post ("附于杀帖之后同步发出"); null when none was given. */
        code: string | null;
      })[]
    | null;
  /**
   * Ballots in the open vote (a forum vote thread is public); codes only for one's own ballot. Under 两府制 this is the
   * viewer's own house's thread (house 1 for the public and the referee, who read every thread in `houses`).
   */
  vote: VoteView | null;
  /** The house `vote` and `tieBreak` belong to (1 when the game has one thread). */
  house: number;
  /** 两府制 only: every house's thread side by side (the threads are public); null with one thread. */
  houses: { house: number; vote: VoteView | null; tieBreak: { rule: string; out: Seat[] } | null }[] | null;
  results: {
    stage: "regular" | "overtime";
    tally: { seat: Seat; halves: number }[];
    out: Seat[];
    tie: Seat[] | null;
    /** 两府制: the house whose thread this was (absent = house 1, or the only thread). */
    house?: number;
  }[];
  halfVoters: Seat[];
  tieBreak: { rule: string; out: Seat[] } | null;
  closed: boolean;
}

export interface VoteView {
  stage: "regular" | "overtime";
  closesAt: Instant;
  candidates: Seat[] | null;
  /** The ballots from index `castsFrom` on, in receipt order: all of them unless the caller holds the earlier ones. */
  casts: BallotView[];
  /** 0 for the whole list; N when the caller holds the first N ballots already (liveViewFor). */
  castsFrom: number;
  /** How many ballots the thread holds in all. */
  castCount: number;
  /** Whether an empty ballot (弃权) is taken in this vote (the rule set's `abstainAllowed`, the duel's own for 7kill's duel). */
  abstainAllowed: boolean;
}

export interface BallotView {
  voter: Seat;
  targets: readonly Seat[];
  at: Instant;
  proxy: boolean;
  codes?: (string | null)[];
}

/**
 * What a reader of live views holds of each vote thread's ballots, by thread key (`round/house`). Opaque to the
 * reader: it passes back what liveViewFor returned.
 */
export type BallotMarks = ReadonlyMap<string, BallotMark>;

const NO_MARKS: BallotMarks = new Map();

export interface YouView {
  seat: Seat;
  /** The role as told: the hidden bomb is told it is a ranger. */
  role: string;
  code: string | null;
  rooms: { id: string; name: string; members: Seat[] }[];
  /** Seats whose role this seat knows (互知 teammates and room-mates). */
  teammates: Seat[];
  /**
   * The seat's own posts, hand-in order. `index`: the public post number of a released one (as `rounds[].posts`
   * give it), null for one not released (yet, or ever): its place in the round's hand-ins is not the seat's to read.
   */
  posts: (Omit<Submission, "index"> & { index: number | null; round: number })[];
  /** The seat's own 白条; `post` is the public post number, as everywhere a player reads it. */
  ious: (IouState & { round: number })[];
  /**
   * This round's post right, while the posting window is open. `yourTurn`: this seat may still post this round;
   * `groupChoice`: the group picks its own posters (rotation `group-choice`) rather than going in code order.
   */
  /**
   * The unit's posts this round (`quota`, `used`) and this seat's own share of them still to write (`ownLeft`: its
   * turns in code order, or its even share in a group choice).
   */
  postRight: {
    unit: string;
    quota: number;
    used: number;
    ownLeft: number;
    yourTurn: boolean;
    groupChoice: boolean;
  } | null;
  /** 7kill: this seat's night record (its group's actions, the police's results, the bandit's bullet); else null. */
  night: NightYouView | null;
}

export interface GameView {
  viewer: Viewer;
  status: GameState["status"];
  rulesId: string | null;
  start: Instant;
  current: number;
  seats: SeatView[];
  you: YouView | null;
  rounds: RoundView[];
  alliances: { id: string; name: string; round: number }[];
  result: GameState["result"];
  /** What is due next and when (deadline times are public: they are in the vote thread). */
  deadlines: { key: string; at: Instant }[];
  /** 7kill's public record (phases, last words, announced warnings; everything once the game has ended); else null. */
  dayNight: DayNightView | null;
  /** The referee's view only: the full state (viewFor's; null in liveViewFor's). */
  referee: GameState | null;
}

/**
 * Seats whose role (and code) `seat` knows: roles its role knows, and members of its rooms. Roles as they act now: a
 * secret bandit turned killer and the killers know each other ("转成杀手（与存活的杀手互知共同杀人）").
 */
export function knownSeats(state: GameState, seat: Seat, rooms: RoomMap = roomMap(state)): Set<Seat> {
  const rules = state.rules;
  const known = new Set<Seat>();
  const me = state.seats[seat];
  if (!rules || !me) return known;
  const role = roleById(rules, actingRole(state, seat));
  const mine = new Set(rooms.get(seat) ?? []);
  const hidden = banditHiddenFrom(state, seat);
  for (const s of state.seats) {
    if (s.seat === seat || s.seat === hidden) continue;
    const knows = role.knows.includes(s.role) || role.knows.includes(actingRole(state, s.seat));
    if (knows || (rooms.get(s.seat) ?? []).some((r) => mine.has(r))) known.add(s.seat);
  }
  return known;
}

type RoomMap = Map<Seat, string[]>;

/** Every seat's rooms, computed once per view. */
function roomMap(state: GameState): RoomMap {
  return new Map(state.rules ? state.seats.map((s) => [s.seat, roomsOf(state, s.seat)]) : []);
}

/** Everything the viewer may know, every ballot of each open thread included (and the referee's full state). */
export function viewFor(state: GameState, viewer: Viewer): GameView {
  return buildView(state, viewer, NO_MARKS, true).view;
}

/**
 * viewFor for a reader that holds what it was given before (a live stream): each vote thread lists only the
 * ballots after those in `held`, so a view costs the same however many ballots a thread holds. `marks` is what
 * the reader holds after this view, to pass next time. `referee` is null for every viewer: the full state holds
 * every ballot of every round, which is what a live view must not carry (a referee reads it from viewFor).
 */
export function liveViewFor(
  state: GameState,
  viewer: Viewer,
  held: BallotMarks,
): { view: GameView; marks: BallotMarks } {
  return buildView(state, viewer, held, false);
}

function buildView(
  state: GameState,
  viewer: Viewer,
  held: BallotMarks,
  withState: boolean,
): { view: GameView; marks: BallotMarks } {
  const rules = state.rules;
  const isRef = viewer.kind === "referee";
  // "A finished game's full record, with roles revealed" (issue 6): after GameEnded every viewer sees what the referee does.
  const all = isRef || state.status === "ended";
  const mySeat = viewer.kind === "seat" ? viewer.seat : null;
  const rooms = mySeat !== null ? roomMap(state) : new Map<Seat, string[]>();
  const known = mySeat !== null ? knownSeats(state, mySeat, rooms) : new Set<Seat>();
  const hideCauses = !all && rules?.disclosure.cause === false;

  const seats: SeatView[] = state.seats.map((s) => {
    const role = rules ? roleById(rules, s.role) : null;
    const knowsTrue = all || s.seat === mySeat || known.has(s.seat);
    const visible = knowsTrue || s.revealed;
    let shownRole = s.role;
    let shownCode = s.code;
    if (!knowsTrue && s.revealed && rules) {
      // "出局时公布水民": a seat known only by its reveal shows the identity it was published as.
      shownRole = publishedRole(state, s.seat);
    } else if (s.seat === mySeat && !all && role?.toldAs && !s.revealed) {
      shownRole = role.toldAs;
      shownCode = null;
    }
    // The camp the seat counts in now (a converted bandit counts as what it became).
    const campRole = visible && rules ? (shownRole === s.role ? countsAs(state, s.seat) : shownRole) : null;
    return {
      seat: s.seat,
      alias: s.alias,
      alive: s.alive,
      out: s.out
        ? {
            round: s.out.round,
            cause: hideCauses ? null : s.out.cause,
            ...(s.out.night ? { night: true } : {}),
          }
        : null,
      role: visible ? shownRole : null,
      camp: campRole !== null && rules ? roleById(rules, campRole).camp : null,
      code: visible ? shownCode : null,
    };
  });

  const iouOf = (round: number, post: number) =>
    state.rounds[round]?.ious.find((i) => i.post === post)?.status ?? null;
  // Every viewer but the referee names a released post by its public number: the engine index is its hand-in order.
  const numberings = new Map<number, ReadonlyMap<number, number>>();
  const shownIndex = (r: RoundState, index: number): number | null => {
    if (isRef) return index;
    let n = numberings.get(r.round);
    if (!n) {
      n = publicNumbering(r);
      numberings.set(r.round, n);
    }
    return n.get(index) ?? null;
  };
  const publicOrder = (r: RoundState) =>
    r.released
      ? [...r.released].sort((a, b) => (shownIndex(r, a.index) ?? 0) - (shownIndex(r, b.index) ?? 0))
      : null;
  const marks = new Map<string, BallotMark>();
  // A thread can appear twice in one view (house 1 as `vote` and in `houses`): both list the same ballots.
  const listed = new Map<string, { from: number; casts: BallotView[] }>();
  const voteView = (round: number, house: number, v: VoteState | null): VoteView | null => {
    if (!v) return null;
    const key = `${round}/${house}`;
    let list = listed.get(key);
    if (!list) {
      const since = ballotsSince(v.casts, held.get(key));
      list = {
        from: since.from,
        casts: since.casts.map((c) => ({
          voter: c.voter,
          targets: c.targets,
          at: c.at,
          proxy: c.proxy,
          ...(c.codes && (all || c.voter === mySeat) ? { codes: c.codes } : {}),
        })),
      };
      listed.set(key, list);
      marks.set(key, markOf(v.casts));
    }
    return {
      stage: v.stage,
      closesAt: v.closesAt,
      candidates: v.candidates,
      casts: list.casts,
      castsFrom: list.from,
      castCount: v.casts.count,
      abstainAllowed: rules ? abstainAllowed(rules.vote, voteKind(rules.vote, v.stage)) : false,
    };
  };
  // 两府制: a seat reads its own house's thread; the public and the referee read house 1 there and both in `houses`.
  const myHouse = mySeat !== null ? houseOfSeat(state, mySeat) : 1;
  const multiHouse = rules !== null && houseCount(rules) > 1;
  const tieBreakOf = (r: RoundState, house: number) => {
    const t = house === 1 ? r.tieBreak : (r.houseTieBreaks?.[house] ?? null);
    return t ? { rule: t.rule, out: t.out } : null;
  };

  // A daily game ends at a vote's close, a second after the next round opened (RULINGS 6's grace second): that round
  // never held anything, so the finished game is shown as ending with the round whose close ended it.
  const phantom = state.status === "ended" && state.current > 1 && isUntouched(state.rounds[state.current]);
  const current = phantom ? state.current - 1 : state.current;
  const rounds: RoundView[] = state.rounds
    .filter((r) => r !== undefined && !(phantom && r.round === state.current))
    .map((r) => ({
      round: r.round,
      plan: r.plan,
      postingOpensAt: r.postingOpensAt,
      postingClosesAt: r.postingClosesAt,
      voteDeadline: r.voteDeadline,
      posts:
        (isRef ? r.released : publicOrder(r))?.map((p) => {
          const submitted = r.submissions.find((x) => x.index === p.index);
          return {
            ...p,
            index: shownIndex(r, p.index) ?? p.index,
            poster: all || p.poster === mySeat ? p.poster : null,
            iouStatus: iouOf(r.round, p.index),
            postId: submitted?.postId ?? null,
            code: submitted?.code ?? null,
          };
        }) ?? null,
      vote: voteView(r.round, myHouse, threadOf(r, myHouse)),
      house: myHouse,
      houses:
        multiHouse && rules
          ? housesOf(rules).map((house) => ({
              house,
              vote: voteView(r.round, house, threadOf(r, house)),
              tieBreak: tieBreakOf(r, house),
            }))
          : null,
      results: r.votes.map((v) => ({
        stage: v.stage,
        tally: v.entries.map((e) => ({ seat: e.seat, halves: e.halves })),
        out: v.out,
        tie: v.tie?.seats ?? null,
        ...(v.house !== undefined ? { house: v.house } : {}),
      })),
      halfVoters: r.halfVoters,
      tieBreak: tieBreakOf(r, myHouse),
      closed: r.closed,
    }));

  let you: YouView | null = null;
  const me = mySeat !== null ? state.seats[mySeat] : undefined;
  if (me && rules && mySeat !== null) {
    const role = roleById(rules, me.role);
    const told = me.revealed || all ? role : role.toldAs ? roleById(rules, role.toldAs) : role;
    const hiddenMember = all ? null : banditHiddenFrom(state, mySeat);
    const current = state.rounds[state.current];
    const right = current && !current.released && me.alive ? postRightOf(state, current, mySeat) : null;
    you = {
      seat: mySeat,
      role: told.id,
      code: told.id === role.id ? me.code : null,
      rooms: (rooms.get(mySeat) ?? []).map((id) => ({
        id,
        name: rules.rooms.find((r) => r.id === id)?.name ?? id,
        members: state.seats
          .filter((s) => s.seat !== hiddenMember && rooms.get(s.seat)?.includes(id))
          .map((s) => s.seat),
      })),
      teammates: [...known].sort((a, b) => a - b),
      // A released post voided since (its 白条 failed, a complaint upheld) is void on the poster's list too; before,
      // only the referee's 作废 marked it there.
      posts: state.rounds.flatMap((r) =>
        r
          ? r.submissions
              .filter((s) => s.poster === mySeat)
              .map((s) => ({
                ...s,
                index: shownIndex(r, s.index),
                voided:
                  s.voided || r.released?.some((p) => p.index === s.index && p.lapsed === "voided") === true,
                round: r.round,
              }))
          : [],
      ),
      ious: state.rounds.flatMap((r) =>
        r
          ? r.ious
              .filter((i) => i.poster === mySeat)
              .map((i) => ({ ...i, post: shownIndex(r, i.post) ?? i.post, round: r.round }))
          : [],
      ),
      postRight:
        right && right.quota > 0 && current !== undefined
          ? {
              unit: right.unit,
              quota: right.quota,
              used: right.used,
              ownLeft: right.used < right.quota ? ownLeft(right, current, mySeat) : 0,
              yourTurn: right.used < right.quota && ownLeft(right, current, mySeat) > 0,
              groupChoice: rotationOf(state, right.unit) === "group-choice",
            }
          : null,
      night: nightYouView(state, mySeat),
    };
  }

  const view: GameView = {
    viewer,
    status: state.status,
    rulesId: rules?.id ?? null,
    start: state.start,
    current,
    seats,
    you,
    rounds,
    alliances: state.alliances.map((a) => ({ id: a.id, name: a.name, round: a.round })),
    result: state.result,
    deadlines: pendingDeadlines(state).map((x) => ({ key: x.key, at: x.at })),
    dayNight: dayNightView(state, mySeat, all),
    referee: isRef && withState ? state : null,
  };
  return { view, marks };
}

/** An event as a viewer may see it: null when it is none of the viewer's business. */
export type RedactedEvent = GameEvent | { type: string; at: Instant; [key: string]: unknown };

/**
 * Filters one event for a viewer (the server streams only this). `state` is the state after the event, for what the
 * viewer knows at that moment.
 */
export function redactEvent(event: GameEvent, viewer: Viewer, state: GameState): RedactedEvent | null {
  // The referee sees everything; so does everyone once the game has ended (the archive's full record), except that
  // posts keep the public numbers they were named by while the game ran (complaints, discussion, the archive agree).
  if (viewer.kind === "referee") return event;
  const shown = state.status === "ended" ? event : redactLive(event, viewer, state);
  return shown === null ? null : withPublicPostNumbers(shown, state);
}

function redactLive(event: GameEvent, viewer: Viewer, state: GameState): RedactedEvent | null {
  const mySeat = viewer.kind === "seat" ? viewer.seat : null;
  // 7kill: night actions to their group only, check results to the police, no causes (src/engine/night/redact.ts).
  if (isDayNightEvent(event)) return redactDayNightEvent(event, mySeat, state);
  switch (event.type) {
    case "GameStarted": {
      const me = mySeat !== null ? viewFor(state, viewer).you : null;
      return {
        type: event.type,
        at: event.at,
        start: event.start,
        rulesId: event.rules.id,
        seats: event.seats.map((s, seat) => ({ seat, alias: s.alias })),
        ...(me ? { you: { seat: me.seat, role: me.role, code: me.code } } : {}),
      };
    }
    case "KillPostSubmitted":
      return event.poster === mySeat ? event : null;
    case "PostsReleased":
      return {
        type: event.type,
        at: event.at,
        round: event.round,
        posts: event.posts.map((p) => ({ ...p, poster: p.poster === mySeat ? p.poster : null })),
        // Withdrawn posts counted as not sent: per unit they tell which group a seat put out in the window belonged
        // to, a day before the close publishes its identity (seed 000 「投票结束后，由哨子公布…身份」), and left out
        // alone they could be worked back from the plan, the posts released and the forfeits. The results post tells
        // them apart at the close.
        forfeited: withWithdrawn(event.forfeited, event.withdrawn),
        iouDeadline: event.iouDeadline,
        complaintDeadline: event.complaintDeadline,
      };
    case "VoteCast":
      return event.voter === mySeat || !event.codes ? event : { ...event, codes: undefined };
    case "VoteClosed":
      return withPublishedClose(event, state);
    case "AllianceFormed": {
      // Its turn order lists the merged group's seats: the black groups' members, to everyone.
      const { turnOrder: _members, ...announced } = event;
      return announced;
    }
    case "IouCompleted": {
      if (event.poster === mySeat) return event;
      // Who entered it goes too: a referee enters the text an out poster sent (RefereeManual.tsx), so a signed
      // completion would tell that the hidden poster of that post is probably out.
      const { referee: _entered, ...rest } = event;
      return { ...rest, poster: null };
    }
    case "IouOpened":
    case "ComplaintDismissed":
    // 字数不够按白条处理: a 白条 like any, whose poster stays hidden (it goes out only if the 白条 fails).
    case "ComplaintRuledIou":
      return event.poster === mySeat ? event : { ...event, poster: null };
    case "IouFailed":
    case "ComplaintUpheld":
      // The poster goes out for it, publicly; the target is already public from the released post.
      return event;
    case "PlayerOut":
      if (state.rules?.disclosure.cause === false) return hideCause(event, state);
      return event.cause === "post" && event.by !== mySeat ? { ...event, by: null } : event;
    case "PostOutRejudged":
      // As PlayerOut's: whose post holds the seat out is the poster's to know (and the referees'). Where the rules
      // publish no causes, the event itself would say the seat was 帖杀: it goes to nobody (halfVoters still shows).
      if (state.rules?.disclosure.cause === false) return null;
      return event.by === mySeat ? event : { ...event, by: null };
    case "IouExtensionGranted":
      // Announced publicly ("哨子批准后应予公告"), but who asked would reveal a swordsman.
      return event.requestedBy.includes(mySeat ?? -1) ? event : { ...event, requestedBy: [] };
    case "EndingLeftToReferee":
    case "EndingContestWithdrawn":
    case "ScoreEndDeferred":
    // Complaints go to the referees (the app tells their author, never who else complained). The results post names a
    // pending one only when it holds the end, as it names an open 白条.
    case "ComplaintFiled":
      return null;
    case "OverrideApplied":
      // 作废杀帖: the poster stays the poster's and the referees'. Which post it was is public once the post is out
      // (the released list marks it void anyway), so the pages need not guess it. A post voided before the release
      // is never released: that one was handed in at all is its poster's secret (几方同步发帖), so the ruling goes
      // to nobody else. A ruling stored before posts were named (no `post`) was about a released one.
      if (event.override.action === "void-post" && event.override.poster !== mySeat) {
        const { round, post } = event.override;
        if (round === undefined || post === undefined)
          return { ...event, override: { action: "void-post", poster: null } };
        if (state.rounds[round]?.released?.some((p) => p.index === post) !== true) return null;
        return { ...event, override: { action: "void-post", poster: null, round, post } };
      }
      // As for 作废杀帖: whose post it is stays the poster's and the referees' (its target is public with the post).
      if (event.override.action === "reinstate-post" && event.override.poster !== mySeat) {
        const { poster: _hidden, ...rest } = event.override;
        return { ...event, override: rest };
      }
      // 认定字数足够: as for 恢复杀帖, the post's target is public, its poster the poster's and the referees'.
      if (event.override.action === "accept-iou" && event.override.poster !== mySeat) {
        const { poster: _hidden, ...rest } = event.override;
        return { ...event, override: rest };
      }
      // 指定出帖人 tells who posts for a group: the seat given the turn and the seat whose turn it was only, each
      // without the other (an independent assassin does not know the others, 「只知道自己的身份」).
      if (event.override.action === "assign-turn") {
        const { from, seat, ...rest } = event.override;
        if (seat === mySeat) return { ...event, override: { ...rest, seat } };
        if (from === mySeat) return { ...event, override: { ...rest, from } };
        return null;
      }
      // A secret warning's ruling is as secret as the warning (OffenceRecorded): its seat and the referees only.
      if (event.override.action === "warn" && event.override.secret && event.override.target !== mySeat)
        return null;
      // Like the secret warning itself (OffenceRecorded): only its seat learns it was taken back.
      if (event.override.action === "withdraw-warning" && event.override.target !== mySeat)
        return withdrawsSecretWarning(event.override, state) ? null : event;
      return event;
    default:
      return event;
  }
}

/** The events that name a released post by its engine index in `post` (PostsReleased and OverrideApplied apart). */
const NAMES_A_POST = new Set([
  "IouOpened",
  "IouCompleted",
  "IouFailed",
  "ComplaintFiled",
  "ComplaintUpheld",
  "ComplaintRuledIou",
  "ComplaintDismissed",
  "PlayerOut",
  "PostOutRejudged",
]);

/**
 * An event as a non-referee reads it: every released post named by its public number (public-posts.ts), not by the
 * engine index, which is its hand-in order (who posted first, and by a gap that a post was voided before the release).
 */
function withPublicPostNumbers(e: RedactedEvent, state: GameState): RedactedEvent {
  const d: { type: string; [key: string]: unknown } = e;
  const numbersIn = (round: unknown): ReadonlyMap<number, number> | null => {
    const r = typeof round === "number" ? state.rounds[round] : undefined;
    return r ? publicNumbering(r) : null;
  };
  if (d.type === "OverrideApplied" && typeof d.override === "object" && d.override !== null) {
    const o: { action?: unknown; round?: unknown; post?: unknown } = d.override;
    const named = o.action === "void-post" || o.action === "reinstate-post" || o.action === "accept-iou";
    if (!named || typeof o.round !== "number" || typeof o.post !== "number") return e;
    const n = numbersIn(o.round)?.get(o.post);
    if (n !== undefined) return { ...d, at: e.at, override: { ...o, post: n } };
    // A post voided before the release has no public number (the game has ended, or the viewer would not get it): the
    // ruling names no post rather than one it never was.
    const { round: _round, post: _post, ...rest } = o;
    return { ...d, at: e.at, override: rest };
  }
  // Most events (every ballot) name no post: they are passed through without numbering the round.
  if (d.type !== "PostsReleased" && !(NAMES_A_POST.has(d.type) && typeof d.post === "number")) return e;
  const numbers = numbersIn(d.round);
  if (!numbers) return e;
  if (d.type === "PostsReleased" && Array.isArray(d.posts)) {
    const posts = (d.posts as ReleasedPost[]).map((p) => ({ ...p, index: numbers.get(p.index) ?? p.index }));
    return { ...d, at: e.at, posts: posts.sort((a, b) => a.index - b.index) };
  }
  if (NAMES_A_POST.has(d.type) && typeof d.post === "number")
    return { ...d, at: e.at, post: numbers.get(d.post) ?? null };
  return e;
}

function withWithdrawn(
  forfeited: Record<string, number>,
  withdrawn: Record<string, number> | undefined,
): Record<string, number> {
  if (!withdrawn) return forfeited;
  const out = { ...forfeited };
  for (const [unit, n] of Object.entries(withdrawn)) out[unit] = (out[unit] ?? 0) + n;
  return out;
}

/**
 * A vote's close as a player may read it. Its most-chosen 出局代号 only for the seats it put out, whose code the
 * results post names; for any other seat it would tell what the hidden codes of the ballots against it said
 * (VoteCast). Its `bombVoters` likewise only for the bombs it put out: the field names every bomb in the tally that
 * takes a 领票人, so a hidden bomb (风云's 黑蛋, 空军's 暗弹, which is told it is a ranger) that got one vote would be
 * named to everyone, itself included. A tied seat counts once a tie-break or the referee has put it out and this was
 * its deciding vote (the one the results post reads).
 */
function withPublishedClose(e: Extract<GameEvent, { type: "VoteClosed" }>, state: GameState): GameEvent {
  const r = state.rounds[e.round];
  const decided = (seat: Seat): boolean => {
    if (e.out.includes(seat)) return true;
    if (!r?.outs.some((o) => o.seat === seat && o.cause === "vote")) return false;
    const last = r.votes.findLast((v) => v.outCodes[seat] !== undefined);
    return last !== undefined && last.stage === e.stage && (last.house ?? 1) === (e.house ?? 1);
  };
  const seats = Object.keys(e.outCodes).map(Number);
  const bombs = Object.keys(e.bombVoters ?? {}).map(Number);
  if (seats.every(decided) && bombs.every(decided)) return e;
  const { bombVoters, ...rest } = e;
  const shownBombs = bombs.filter(decided);
  return {
    ...rest,
    outCodes: Object.fromEntries(seats.filter(decided).map((s) => [s, e.outCodes[s] ?? null])),
    ...(bombVoters && shownBombs.length > 0
      ? { bombVoters: Object.fromEntries(shownBombs.map((s) => [s, bombVoters[s] ?? []])) }
      : {}),
  };
}

function ownLeft(right: PostRight, round: RoundState, seat: Seat): number {
  const { turns, used } = ownTurns(right, round, seat);
  return Math.max(0, turns - used);
}

/** A round that opened and then saw nothing: no post, no ballot, no vote, nobody out. */
function isUntouched(r: RoundState | undefined): boolean {
  return (
    r !== undefined &&
    r.submissions.length === 0 &&
    r.released === null &&
    !r.voteOpened &&
    r.votes.length === 0 &&
    r.outs.length === 0
  );
}
