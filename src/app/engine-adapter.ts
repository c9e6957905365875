// Binds the app's EnginePort to src/engine and maps the engine's per-viewer view to the API's GameView.
import { type CastLog, standingBallots } from "../engine/cast-log.ts";
import { SECOND } from "../engine/clock.ts";
import type { Command } from "../engine/contract.ts";
import { proxyCutoffFor, standingBallotOf } from "../engine/decide-vote.ts";
import { campNamesOf, endingText } from "../engine/ending-text.ts";
import { ownUnit, resolveUnit, roomsJoinedLate, roomsOf, rotationOf } from "../engine/groups.ts";
import { threadOf } from "../engine/houses.ts";
import {
  type BallotMarks,
  decide,
  type GameView as EngineGameView,
  endingWaitsOf,
  evolve,
  type GameEvent,
  type GameState,
  initialState,
  liveViewFor,
  pendingDeadlines,
  redactEvent,
  replay,
  summarize,
  viewFor,
} from "../engine/index.ts";
import { banditHiddenFrom } from "../engine/night/bandit.ts";
import { pointsPerSeat } from "../engine/night/points.ts";
import { pendingDecisions } from "../engine/pending.ts";
import { postIndexOfPublic, publicPostNumber } from "../engine/public-posts.ts";
import { extensionRequestRefusal } from "../engine/score/extension.ts";
import { offeredCodes, postCodes } from "../engine/score/ledger.ts";
import { scoreSummary } from "../engine/score/summary.ts";
import type { RoundState, VoteState } from "../engine/state.ts";
import { changeFreezeFrom } from "../engine/vote/check-cast.ts";
import { hasVoteRight } from "../engine/vote-close.ts";
import type { RuleSet } from "../rules/schema.ts";
import type { GameView, RoleCard, RolePowers, SeatView, TallyView } from "../server/api-types.ts";
import type {
  EngineEvent,
  EnginePort,
  EngineViewer,
  RoomInfo,
  SeatInfo,
  SentBallots,
} from "./engine-port.ts";
import { rolePowers } from "./role-powers.ts";
import { unitNamesOf } from "./unit-names.ts";

const seatInfos = new WeakMap<object, SeatInfo[]>();
/** Each live stream's ballot marks (see SentBallots), dropped with the stream. */
const sentMarks = new WeakMap<SentBallots, BallotMarks>();
const noMarks: BallotMarks = new Map();

export const realEngine: EnginePort<GameState> = {
  replay: (events) => replay(events as readonly GameEvent[]),
  evolve: (state, event) => evolve(state, event as GameEvent),
  decide(state, command: Command) {
    const d = decide(state, command);
    return d.ok ? { ok: true, events: d.events as EngineEvent[] } : d;
  },
  pendingDeadlines: (state) => pendingDeadlines(state).map((d) => ({ key: d.key, at: d.at })),
  view(state, viewer, sent) {
    if (state.status === "idle") return null;
    if (!sent) return toApiView(state, viewFor(state, viewer), viewer);
    const live = liveViewFor(state, viewer, sentMarks.get(sent) ?? noMarks);
    sentMarks.set(sent, live.marks);
    return toApiView(state, live.view, viewer);
  },
  redact: (event, state, viewer) => redactEvent(event as GameEvent, viewer, state) as EngineEvent | null,
  seats(state) {
    // Asked on every request (who is this viewer?); a seats array is replaced, never changed, so remember it.
    let infos = seatInfos.get(state.seats);
    if (!infos) {
      infos = state.seats.map((s) => ({ seat: s.seat, alias: s.alias, alive: s.alive }));
      seatInfos.set(state.seats, infos);
    }
    return infos;
  },
  roomsOf(state, seat): RoomInfo[] {
    if (!state.rules || !state.seats[seat]) return [];
    const rules = state.rules;
    const hidden = banditHiddenFrom(state, seat);
    return roomsOf(state, seat).map((id) => ({
      id,
      name: rules.rooms.find((r) => r.id === id)?.name ?? id,
      seats: state.seats
        .filter((s) => s.seat !== hidden && roomsOf(state, s.seat).includes(id))
        .map((s) => s.seat),
    }));
  },
  hiddenRoomMemberOf: (state, seat) => banditHiddenFrom(state, seat),
  roomIdsOf: (state, seat) => (state.rules && state.seats[seat] ? roomsOf(state, seat) : []),
  roomsJoinedLate: (state, seat) => (state.rules ? roomsJoinedLate(state, seat) : null),
  started: (state) => state.status !== "idle",
  ended: (state) => state.status === "ended",
  roundsAwaitingDecision: (state) =>
    pendingDecisions(state)
      .filter((d) => d.kind !== "complaint")
      .map((d) => d.round),
  posterOf: (state, round, post) =>
    state.rounds[round]?.released?.find((p) => p.index === post)?.poster ?? null,
  postIndexOfPublic: (state, round, n) => postIndexOfPublic(state.rounds[round], n),
  publicPostNumber: (state, round, post) => publicPostNumber(state.rounds[round], post),
  proxyCutoffOf: (state, voter, round) => proxyCutoffFor(state, voter, round),
  standingBallotOf: (state, voter) => standingBallotOf(state, voter),
  extensionRequestRefusal: (state, seat, asReferee) => extensionRequestRefusal(state, seat, asReferee),
  summarize: (state) => summarize(state),
  roundPlan(state, round) {
    const r = round > 0 ? state.rounds[round] : undefined;
    if (!r) return null;
    const plan = postPlanOf(state, round);
    return {
      votesPerVoter: r.plan.votesPerVoter,
      voteOut: r.plan.voteOut,
      posts: plan?.posts ?? {},
      extraPosts: plan?.extraPosts ?? {},
    };
  },
  publicPostIds(state) {
    const ids = new Map<string, { round: number; at: number }>();
    for (const r of state.rounds) {
      if (!r?.released) continue;
      const released = new Set(r.released.map((p) => p.index));
      const at = r.releasedAt ?? r.postingClosesAt + 1000;
      for (const s of r.submissions)
        if (s.postId && released.has(s.index)) ids.set(s.postId, { round: r.round, at });
    }
    return ids;
  },
  deadlineOf(state, code, details) {
    const round = typeof details?.round === "number" ? details.round : state.current;
    const r = state.rounds[round];
    if (!r) return null;
    if (code.startsWith("vote.")) {
      // The voter's own house's thread (两府制); closed, the deadline the last of its votes to close had, a 加时's or
      // a duel's rather than the day's.
      const house = typeof details?.house === "number" ? details.house : 1;
      const closesAt =
        threadOf(r, house)?.closesAt ?? r.votes.filter((x) => (x.house ?? 1) === house).at(-1)?.closesAt;
      return closesAt !== undefined ? closesAt - 1000 : r.voteDeadline;
    }
    if (code === "post.outside-window") return r.postingClosesAt;
    if (code === "complaint.after-deadline") return r.complaintDeadline;
    return null;
  },
};

export { initialState };

interface TallyMemo {
  stage: string;
  round: RoundState;
  seats: GameState["seats"];
  tally: TallyView[];
}

const tallies = new WeakMap<CastLog, TallyMemo>();

/**
 * The live tally of one vote thread, counted as the close will count it (vote-close.ts `standingCasts`): each
 * voter's standing ballot, half votes apart in the regular stage, without the ballots of voters who have lost
 * their vote (judged out, a failed IOU, an upheld complaint) and without votes on seats already out. Read from
 * the thread's whole log (a live view lists only new ballots), once per log, round and seats, not once per
 * viewer: every open stream of a game reads the same log after a batch.
 */
function tallyOf(state: GameState, round: RoundState | undefined, vote: VoteState | null): TallyView[] {
  if (!vote || !round) return [];
  const hit = tallies.get(vote.casts);
  if (hit && hit.stage === vote.stage && hit.round === round && hit.seats === state.seats) return hit.tally;
  const tally = countStanding(state, round, vote);
  tallies.set(vote.casts, { stage: vote.stage, round, seats: state.seats, tally });
  return tally;
}

function countStanding(state: GameState, round: RoundState, vote: VoteState): TallyView[] {
  const standing = standingBallots(vote.casts);
  const half = new Set(round.halfVoters);
  const byTarget = new Map<number, TallyView>();
  for (const [voter, cast] of standing) {
    if (!hasVoteRight(state, round, voter)) continue;
    for (const t of new Set(cast.targets)) {
      if (!state.seats[t]?.alive) continue;
      const e = byTarget.get(t) ?? { seat: t, votes: 0, proxy: 0, half: 0 };
      if (half.has(voter) && vote.stage === "regular") e.half++;
      else e.votes++;
      if (cast.proxy) e.proxy++;
      byTarget.set(t, e);
    }
  }
  return [...byTarget.values()].sort((a, b) => b.votes - a.votes || a.seat - b.seat);
}

function toApiView(state: GameState, v: EngineGameView, viewer: EngineViewer): GameView {
  const rules = state.rules;
  const roleName = (id: string | null): string | null =>
    id === null ? null : (rules?.roles.find((r) => r.id === id)?.name ?? id);
  const seats: SeatView[] = v.seats.map((s) => ({
    seat: s.seat,
    alias: s.alias,
    alive: s.alive,
    role: s.role,
    roleName: roleName(s.role),
    camp: (s.camp as SeatView["camp"]) ?? null,
    code: s.code,
  }));
  const current = v.rounds.find((r) => r.round === v.current) ?? null;
  // The vote in progress: a round's 加时 runs after the next round has opened (its posts come at 21:30), and its
  // tally, phase and the viewer's ballot are the live ones until it closes.
  // Under 两府制 any house's open thread counts: with only house 2 in overtime, the public and the referee (who read
  // house 1's thread) saw the next round's posting phase and no tally (两府制 audit).
  const voting =
    v.rounds.find((r) => r.vote !== null || (r.houses ?? []).some((h) => h.vote !== null)) ?? current;
  const liveVote = voting?.vote ?? voting?.houses?.find((h) => h.vote !== null)?.vote ?? null;
  const round = state.rounds[voting?.round ?? v.current];
  const thread = (house: number) => (round ? threadOf(round, house) : null);
  // The viewer's own house's thread (the only one without 两府制); each house's for the `houses` list.
  const tally = voting ? tallyOf(state, round, thread(voting.house)) : [];
  const houses = voting?.houses
    ? voting.houses.map((h) => ({
        house: h.house,
        tally: tallyOf(state, round, thread(h.house)),
      }))
    : null;
  let phase: string;
  if (v.status === "ended") phase = "ended";
  else if (!current) phase = "waiting";
  else if (liveVote) phase = liveVote.stage === "overtime" ? "overtime" : "vote";
  // 7kill: after the day's vote come the night and the last words, not a results wait.
  else if (v.dayNight?.nights.some((n) => !n.resolved)) phase = "night";
  else if (v.dayNight?.lastWords.some((l) => l.endedAt === null)) phase = "last-words";
  else if (!current.posts) phase = "posting";
  else phase = current.closed ? "results" : "waiting";

  let roleCard: RoleCard | null = null;
  if (v.you) {
    const you = v.you;
    const role = rules?.roles.find((r) => r.id === you.role);
    // 秘匪 turned 杀手 (or 水民): the card says so and takes the camp it now plays for.
    const acting = you.night && you.night.actingAs !== you.role ? you.night.actingAs : null;
    const actingRole = acting ? rules?.roles.find((r) => r.id === acting) : undefined;
    roleCard = {
      seat: you.seat,
      role: you.role,
      roleName: actingRole
        ? `${role?.name ?? you.role}（已转为${actingRole.name}）`
        : (role?.name ?? you.role),
      camp: actingRole?.camp ?? role?.camp ?? "white",
      code: you.code,
      knows: seats.filter((s) => you.teammates.includes(s.seat)),
      rooms: you.rooms.map((r) => ({ id: r.id, name: r.name, seats: r.members })),
      // The seat's own share still to write, not the group's: a code-order group's other members have none.
      postsDue: you.postRight?.yourTurn ? you.postRight.ownLeft : 0,
      powers:
        rules && role
          ? mergedPowers(state, you.seat, rolePowers(rules, actingRole ?? role))
          : { post: null, group: null, victimsHalfVote: true, bomb: null, abilities: [] },
      ...(rules?.win.kind === "score" && {
        extensionRefusal: extensionRequestRefusal(state, you.seat)?.code ?? null,
      }),
    };
  }
  const mySeat = viewer.kind === "seat" ? viewer.seat : null;
  const myThread = voting ? thread(voting.house) : null;
  // The standing ballots the tally has just read (standingBallots keeps them per thread).
  const mine = myThread && mySeat !== null ? standingBallots(myThread.casts).get(mySeat) : undefined;
  return {
    round: v.current > 0 ? v.current : null,
    unitNames: rules ? unitNamesOf(rules) : {},
    postPlan: postPlanOf(viewer.kind === "referee" ? state : asPlayersKnowIt(state)),
    ...runningScoresOf(state),
    ...(viewer.kind === "referee" ? endingWaitsView(state) : {}),
    phase,
    seats,
    deadlines: pendingDeadlines(state).map((d) => ({ key: d.key, at: d.at })),
    tally,
    houses,
    offeredCodes: state.rules ? offeredCodes(state) : null,
    postCodes: state.rules ? postCodes(state) : null,
    roleCard,
    myVote: mine && myThread && mySeat !== null ? myVoteOf(rules, myThread, mySeat, mine) : null,
    voteChanges:
      myThread && mySeat !== null && voting?.vote
        ? { max: rules?.vote.changes.max ?? null, frozenFrom: frozenFromOf(rules, myThread) }
        : null,
    result: v.result
      ? {
          ended: true,
          winner: v.result.winner,
          reason: v.result.reason,
          why: v.result.why,
          message: v.result.why
            ? endingText(
                v.result.why,
                Object.fromEntries((rules?.roles ?? []).map((r) => [r.id, r.name])),
                campNamesOf(rules),
              )
            : null,
          ...endOfGameFigures(state),
        }
      : null,
    engine: v,
  };
}

/**
 * The viewer's standing ballot with what is left of the rule set's changes (seed 001 「投票后，有一次改票机会」,
 * 「白天结束前1个小时不得改票」), counted as the vote machine counts them (check-cast.ts), so the page greys its 改票
 * and 弃权 exactly when the server would refuse them.
 */
function myVoteOf(
  rules: RuleSet | null,
  thread: VoteState,
  seat: number,
  mine: { targets: readonly number[]; at: number; codes?: readonly (string | null)[]; proxy?: boolean },
): NonNullable<GameView["myVote"]> {
  const max = rules?.vote.changes.max ?? null;
  const changesMade = (thread.casts.byVoter[seat] ?? 1) - 1;
  return {
    targets: [...mine.targets],
    ...(mine.codes?.some((c) => c !== null) ? { codes: [...mine.codes] } : {}),
    at: mine.at,
    ...(mine.proxy ? { proxy: true as const } : {}),
    changesLeft: max === null ? null : Math.max(0, max - changesMade),
    changesFrozenFrom: frozenFromOf(rules, thread),
  };
}

/** From when the thread takes no change (null: no freeze), as the vote machine's check-cast.ts refuses one. */
function frozenFromOf(rules: RuleSet | null, thread: VoteState): number | null {
  // The thread closes a second after its stated deadline (RULINGS 6); the freeze counts back from the stated one.
  return rules ? changeFreezeFrom(rules.vote, thread.closesAt - SECOND) : null;
}

/**
 * What a finished game adds to its result: the score rule's totals and each round's, 7kill's points per seat. Both
 * come from the same summary the results posts and `bansha replay` use, so the pages cannot disagree with them.
 */
function endOfGameFigures(state: GameState): Pick<NonNullable<GameView["result"]>, "scores" | "points"> {
  const summary = summarize(state);
  const out: Pick<NonNullable<GameView["result"]>, "scores" | "points"> = {};
  if (summary.result.scores) {
    out.scores = {
      black: summary.result.scores.black,
      white: summary.result.scores.white,
      ...(summary.result.scores.parts && { parts: summary.result.scores.parts }),
      rounds: summary.rounds.flatMap((r) => (r.scores ? [{ round: r.round, houses: r.scores }] : [])),
    };
  }
  // Only where the rule set awards points (7kill's 奖励); elsewhere every seat would read 0.
  const win = state.rules?.win;
  const points = win?.kind === "elimination" && win.rewards.length > 0 ? pointsPerSeat(state) : null;
  if (points) out.points = points;
  return out;
}

/**
 * A round's posts per unit as they go now (merges, takeovers, lapses): the current round's is the board's 本轮进程,
 * the next round's the results post's 下一轮进程.
 */
function postPlanOf(state: GameState, which = state.current): GameView["postPlan"] {
  const round = which > 0 ? state.rounds[which] : undefined;
  if (!state.rules || !round || !state.rules.roles.some((r) => r.post !== undefined)) return null;
  const resolved = (plan: Record<string, number>) => {
    const out: Record<string, number> = {};
    for (const [key, n] of Object.entries(plan)) {
      const unit = n > 0 ? resolveUnit(state, key) : null;
      if (unit !== null) out[unit] = (out[unit] ?? 0) + n;
    }
    return out;
  };
  return { posts: resolved(round.plan.posts), extraPosts: resolved(round.plan.extraPosts) };
}

/** The seats array with unpublished outs still alive, kept per seats array so the engine's memos keep hitting. */
/**
 * The card's 出帖组 as it stands now: after an alliance merged the seat's group (风云 「杀刺大联合」, 「综合一起轮流出帖」),
 * the merged group, its rotation and its size, as the 待办 box and the results post's plan name it. Only for a card
 * that shows a group at all (a role told as another, the 暗弹's 游侠, has none to show).
 */
function mergedPowers(state: GameState, seat: number, powers: RolePowers): RolePowers {
  const unit = ownUnit(state, seat);
  const rules = state.rules;
  if (!powers.group || !rules || unit === null || rules.groups.some((g) => g.id === unit)) return powers;
  const members = state.seats.filter((s) => ownUnit(state, s.seat) === unit).length;
  const name = unitNamesOf(rules)[unit] ?? unit;
  return { ...powers, group: { name, rotation: rotationOf(state, unit), members } };
}

const knownSeats = new WeakMap<GameState["seats"], GameState["seats"]>();

/**
 * The state as players know it: an out seat whose identity is unpublished counts as alive. A post victim's group
 * wiped at the release would otherwise re-route that group's posts on the board's 本轮进程 (takeover or lapse),
 * telling everyone the victim's role a vote before the results post publishes it.
 */
function asPlayersKnowIt(state: GameState): GameState {
  let seats = knownSeats.get(state.seats);
  if (!seats) {
    const hidden = state.seats.some((s) => !s.alive && !s.revealed);
    seats = hidden
      ? state.seats.map((s) => (s.alive || s.revealed ? s : { ...s, alive: true }))
      : state.seats;
    knownSeats.set(state.seats, seats);
  }
  return seats === state.seats ? state : { ...state, seats };
}

/** Score after the latest round with results, remembered per seats array and count of closed rounds and posts. */
const runningMemo = new WeakMap<object, { key: string; value: GameView["runningScores"] | undefined }>();

/**
 * A score game's running score for the board. Views are built for every event (votes included), so the score is
 * worked out again only when something it depends on can have changed: an out or revival (the seats array is
 * replaced), a round closing, a kill post (activation).
 */
function runningScoresOf(state: GameState): Pick<GameView, "runningScores"> {
  if (state.rules?.win.kind !== "score" || state.status !== "running") return {};
  let closed = 0;
  let posts = 0;
  for (const r of state.rounds) {
    if (!r) continue;
    if (r.closed) closed = r.round;
    posts += r.submissions.length;
  }
  if (closed === 0) return {};
  const key = `${closed}:${posts}`;
  const hit = runningMemo.get(state.seats);
  if (hit && hit.key === key) return hit.value ? { runningScores: hit.value } : {};
  const houses = scoreSummary(state)
    ?.roundScores(closed)
    .map(({ house, black, white }) => ({ house, black, white }));
  const value = houses ? { round: closed, houses } : undefined;
  runningMemo.set(state.seats, { key, value });
  return value ? { runningScores: value } : {};
}

/** What the end waits on, for the 哨子台 (summary's endingWaits, reasons in Chinese). */
function endingWaitsView(state: GameState): Pick<GameView, "endingWaits"> {
  const waits = endingWaitsOf(state).endingWaits;
  if (!waits) return {};
  const rules = state.rules;
  const roleNames = Object.fromEntries((rules?.roles ?? []).map((r) => [r.id, r.name]));
  return {
    endingWaits: {
      candidates: waits.candidates.map((c) => ({
        winner: c.winner,
        message: endingText(c.why, roleNames, campNamesOf(rules)),
      })),
      on: waits.on,
    },
  };
}
