// evolve: folds one event into the state. A dumb fold: every decision was made by decide; this only records it.
import { appendCast, castsOf, emptyCastLog, rewriteCastLog } from "./cast-log.ts";
import { SECOND } from "./clock.ts";
import type { Override, Seat } from "./contract.ts";
import { carryDeadlines } from "./deadline-memo.ts";
import type { GameEvent, ReleasedPost } from "./events.ts";
import { recalledFold } from "./fold-memo.ts";
import { housesOf, houseVoteOut, mapThreads, threadOf, withThread } from "./houses.ts";
import { applyDayNightOverride, evolveDayNight, extendPhase, markPenaltyOut } from "./night/evolve.ts";
import type { GameState, RoundState } from "./state.ts";
import { initialState, rulesOf } from "./state.ts";

function withRound(state: GameState, round: number, update: (r: RoundState) => RoundState): GameState {
  const r = state.rounds[round];
  if (!r) return state;
  const rounds = state.rounds.slice();
  rounds[round] = update(r);
  return { ...state, rounds };
}

function withSeat(
  state: GameState,
  seat: number,
  update: (s: GameState["seats"][number]) => GameState["seats"][number],
) {
  const s = state.seats[seat];
  if (!s) return state;
  const seats = state.seats.slice();
  seats[seat] = update(s);
  return { ...state, seats };
}

/** Pure and total: an event that does not apply (unknown round or seat) leaves the state as it was. */
export function evolve(state: GameState, event: GameEvent): GameState {
  return recalledFold(state, event) ?? foldEvent(state, event);
}

/** evolve without asking the last decision's folds (decide's own batch uses it). */
export function foldEvent(state: GameState, event: GameEvent): GameState {
  if (event.type === "VoteCast") return foldVoteCast(state, event);
  const next = apply(state, event);
  return { ...next, version: state.version + 1 };
}

/**
 * The vote endpoint's fold, in one copy of the state instead of two (apply's, then the version's); the same value
 * as apply's VoteCast case followed by the version bump.
 */
function foldVoteCast(state: GameState, e: Extract<GameEvent, { type: "VoteCast" }>): GameState {
  const version = state.version + 1;
  const r = state.rounds[e.round];
  if (!r) return { ...state, version };
  const rounds = state.rounds.slice();
  const house = e.house ?? 1;
  const v = threadOf(r, house);
  if (v) rounds[e.round] = withThread(r, house, { ...v, casts: appendCast(v.casts, e) });
  const next = { ...state, rounds, version };
  // A ballot moves no deadline: the next command's fireDue finds them known.
  carryDeadlines(state, next);
  return next;
}

function apply(state: GameState, e: GameEvent): GameState {
  switch (e.type) {
    case "GameStarted":
      return {
        ...state,
        status: "running",
        rules: e.rules,
        start: e.start,
        seed: e.seed,
        seats: e.seats.map((s, seat) => ({ seat, ...s, alive: true, revealed: false, out: null })),
      };
    case "RoundOpened": {
      const rounds = state.rounds.slice();
      rounds[e.round] = {
        round: e.round,
        plan: e.plan,
        openedAt: e.at,
        postingOpensAt: e.postingOpensAt,
        postingClosesAt: e.postingClosesAt,
        voteDeadline: e.voteDeadline,
        submissions: [],
        released: null,
        iouDeadline: null,
        complaintDeadline: null,
        complaintsOpen: false,
        ious: [],
        vote: null,
        voteOpened: false,
        votes: [],
        halfVoters: [],
        outVoters: [],
        tieBreak: null,
        outs: [],
        revived: [],
        closed: false,
      };
      return { ...state, rounds, current: Math.max(state.current, e.round) };
    }
    case "VoteOpened":
      // 两府制: every house's thread opens at once (src/engine/houses.ts).
      return withRound(state, e.round, (r) =>
        housesOf(rulesOf(state)).reduce<RoundState>(
          (acc, house) =>
            withThread(acc, house, {
              stage: "regular",
              casts: emptyCastLog,
              candidates: null,
              slots: houseVoteOut(rulesOf(state), r.plan.voteOut, house),
              closesAt: r.voteDeadline + SECOND,
            }),
          { ...r, voteOpened: true },
        ),
      );
    case "VoteCast":
      return withRound(state, e.round, (r) => {
        const v = threadOf(r, e.house ?? 1);
        if (!v) return r;
        return withThread(r, e.house ?? 1, { ...v, casts: appendCast(v.casts, e) });
      });
    case "KillPostSubmitted":
      return withRound(state, e.round, (r) => ({
        ...r,
        submissions: [
          ...r.submissions,
          {
            index: r.submissions.length,
            at: e.at,
            poster: e.poster,
            target: e.target,
            unit: e.unit,
            kind: e.kind,
            words: e.words,
            code: e.code,
            postId: e.postId,
            voided: false,
          },
        ],
      }));
    case "PostsReleased":
      return withRound({ ...state, rotation: { ...state.rotation, ...e.rotation } }, e.round, (r) => ({
        ...r,
        released: e.posts,
        ...forfeitedOf(e.forfeited),
        ...(e.withdrawn ? { withdrawn: e.withdrawn } : {}),
        iouDeadline: e.iouDeadline,
        complaintDeadline: e.complaintDeadline,
        releasedAt: e.at,
        complaintsOpen: e.posts.length > 0,
      }));
    case "IouOpened":
      return withRound(state, e.round, (r) => ({
        ...r,
        ious: [
          ...r.ious,
          { post: e.post, poster: e.poster, target: e.target, deadline: e.deadline, status: "open" },
        ],
      }));
    case "IouCompleted":
      return setIou(state, e.round, e.post, "completed");
    case "IouFailed":
      return owedIfOut(voidReleased(setIou(state, e.round, e.post, "failed"), e.round, e.post), e, "iou");
    case "ComplaintFiled":
      // A player's complaint on a post already ruled on reaches the inbox but waits for nothing (else one player
      // could hold a decided game until the window closes); one the referee entered (录入举报, `receivedAt`, never in
      // logs stored before it) waits for its ruling like the first, or it could never be ruled once the window closed.
      return withRound(state, e.round, (r) =>
        r.complaintsFiled?.includes(e.post) ||
        (r.complaintsRuled?.includes(e.post) && e.receivedAt === undefined)
          ? r
          : { ...r, complaintsFiled: [...(r.complaintsFiled ?? []), e.post] },
      );
    case "ComplaintUpheld":
      return owedIfOut(
        voidReleased(setIou(ruled(state, e.round, e.post), e.round, e.post, "voided"), e.round, e.post),
        e,
        "complaint",
      );
    case "ComplaintDismissed":
      return ruled(state, e.round, e.post);
    case "ComplaintRuledIou":
      // 字数不够按白条处理: the post is a 白条 now (its IouOpened follows).
      return withRound(ruled(state, e.round, e.post), e.round, (r) => ({
        ...r,
        released: r.released?.map((p) => (p.index === e.post ? { ...p, iou: true } : p)) ?? null,
      }));
    case "ComplaintWindowClosed":
      // No complaint is taken past the window (RULINGS 16); one filed in it still waits for the referee's ruling
      // (seed 000 「…至次日16点前哨群受理举报」: 受理, taken in, not ruled on, by then; 「一经查证…当即宣判」).
      // A log stored before carries no `keepsFiled`: there the unruled complaints lapsed, and replay must agree.
      return withRound(state, e.round, (r) =>
        e.keepsFiled ? { ...r, complaintsOpen: false } : { ...r, complaintsOpen: false, complaintsFiled: [] },
      );
    case "PlayerOut": {
      // Any out serves what the seat owed (outs.ts reviveTargetOf puts it out for it when it comes back).
      const s = withSeat(state, e.seat, ({ owes: _served, ...seat }) => ({
        ...seat,
        alive: false,
        out: { round: e.round, cause: e.cause, at: e.at, ...(e.night ? { night: true } : {}) },
      }));
      const marked = e.cause === "penalty" ? markPenaltyOut(s, e.seat, e.at) : s;
      return withRound(marked, e.round, (r) => ({
        ...r,
        outs: [
          ...r.outs,
          {
            seat: e.seat,
            cause: e.cause,
            by: e.by,
            post: e.post,
            ...(e.night ? { night: true as const } : {}),
          },
        ],
        aliveChanges: [
          ...(r.aliveChanges ?? []),
          { seat: e.seat, out: true, ...(e.night ? { night: true as const } : {}) },
        ],
        halfVoters: e.halfVote ? [...r.halfVoters, e.seat] : r.halfVoters,
        outVoters: e.keepsVote ? [...r.outVoters, e.seat] : r.outVoters,
      }));
    }
    case "PostOutRejudged":
      return withRound(state, e.round, (r) => {
        // The seat's out in the round's record is now down to the post that holds it out (decide judged which).
        const i = r.outs.findLastIndex((o) => o.seat === e.seat);
        const without = (seats: Seat[]) => seats.filter((v) => v !== e.seat);
        return {
          ...r,
          outs: r.outs.map((o, j) => (j === i ? { ...o, by: e.by, post: e.post } : o)),
          halfVoters: e.halfVote ? [...without(r.halfVoters), e.seat] : without(r.halfVoters),
          outVoters: e.keepsVote ? [...without(r.outVoters), e.seat] : without(r.outVoters),
        };
      });
    case "PlayerRevived": {
      // 哨子最大: the referee's revive forgives an owed out; a revival by the rules keeps it owed (reviveTargetOf).
      const s = withSeat(state, e.seat, ({ owes, ...seat }) => ({
        ...seat,
        alive: true,
        out: null,
        ...(owes && e.reason !== "referee" ? { owes } : {}),
      }));
      // RULINGS 10: a revived target has a full vote.
      return withRound(s, e.round, (r) => ({
        ...r,
        revived: [...r.revived, e.seat],
        revivedWhy: { ...r.revivedWhy, [e.seat]: e.reason },
        aliveChanges: [...(r.aliveChanges ?? []), { seat: e.seat, out: false }],
        halfVoters: r.halfVoters.filter((v) => v !== e.seat),
        outVoters: r.outVoters.filter((v) => v !== e.seat),
      }));
    }
    case "PostFiringVoided":
      return withoutPostFiring(state, e);
    case "BombFired":
      return {
        ...state,
        bombsFired: [...state.bombsFired, e.bomb],
        fireworks: [...state.fireworks, { round: e.round, bomb: e.bomb, victim: e.victim, via: e.via }],
      };
    case "LeadVoterLeftToReferee":
      return withRound(state, e.round, (r) => ({
        ...r,
        leadVoterDecisions: [...(r.leadVoterDecisions ?? []), { bomb: e.bomb, voters: e.voters }],
      }));
    case "IdentityRevealed":
      return withSeat(state, e.seat, (seat) => ({ ...seat, revealed: true }));
    case "VoteClosed":
      return withRound(state, e.round, (r) => {
        const closesAt = threadOf(r, e.house ?? 1)?.closesAt;
        return {
          ...withThread(r, e.house ?? 1, null),
          votes: [
            ...r.votes,
            {
              stage: e.stage,
              entries: e.entries,
              out: e.out,
              halfVotesApplied: e.halfVotesApplied,
              tie: e.tie,
              outCodes: e.outCodes,
              leadVoters: e.leadVoters,
              ...(e.leadVoterChoices !== undefined ? { leadVoterChoices: e.leadVoterChoices } : {}),
              ...(e.bombVoters !== undefined ? { bombVoters: e.bombVoters } : {}),
              abstainers: e.abstainers ?? [],
              nonVoters: e.nonVoters,
              ...(e.voided !== undefined ? { voided: e.voided } : {}),
              ...(e.house !== undefined ? { house: e.house } : {}),
              ...(closesAt !== undefined ? { closesAt } : {}),
            },
          ],
        };
      });
    case "OvertimeOpened":
      return withRound(state, e.round, (r) =>
        withThread(r, e.house ?? 1, {
          stage: "overtime",
          casts: emptyCastLog,
          candidates: e.tied,
          slots: e.slots,
          closesAt: e.deadline + SECOND,
        }),
      );
    case "TieBroken": {
      const tb = { rule: e.rule, out: e.out, tied: e.tied, ...(e.referee ? { referee: e.referee } : {}) };
      return withRound(state, e.round, (r) =>
        (e.house ?? 1) === 1
          ? { ...r, tieBreak: tb }
          : { ...r, houseTieBreaks: { ...r.houseTieBreaks, [e.house ?? 1]: tb } },
      );
    }
    case "RoundClosed":
      return withRound(state, e.round, (r) => ({ ...r, closed: true }));
    case "AllianceFormed":
      return {
        ...state,
        alliances: [
          ...state.alliances,
          {
            id: e.alliance,
            name: e.name,
            round: e.round,
            at: e.at,
            ...(e.turnOrder !== undefined ? { turnOrder: e.turnOrder } : {}),
          },
        ],
      };
    case "OverrideApplied":
      return applyOverride(state, e.round, e.override, e.reason);
    case "GameEnded":
      return {
        ...state,
        status: "ended",
        // A later GameEnded is the referee's 改判结果: the game ended when it first did.
        result: { winner: e.winner, reason: e.reason, why: e.why ?? null, at: state.result?.at ?? e.at },
      };
    case "IouExtensionGranted":
      return withRound(extend(state, `round:${e.round}:vote`, e.voteDeadline), e.round, (r) => ({
        ...r,
        iouExtended: true as const,
      }));
    case "EndingLeftToReferee":
      return {
        ...state,
        endingToReferee: { at: e.at, round: e.round, candidates: e.candidates },
      };
    case "ScoreEndDeferred": {
      const { scoreEndDeferred: _read, ...rest } = state;
      return e.round === null ? rest : { ...rest, scoreEndDeferred: e.round };
    }
    case "EndingContestWithdrawn": {
      const { endingToReferee: _withdrawn, ...rest } = state;
      return rest;
    }
    default:
      return evolveDayNight(state, e);
  }
}

/**
 * A released post that no longer stands (its 白条 failed, a complaint upheld), as void-post marks it: a post without a
 * 白条 is otherwise recorded nowhere as void, and another post on the same target would count it as still killing.
 */
function voidReleased(state: GameState, round: number, post: number): GameState {
  return withRound(state, round, (r) => ({ ...r, released: voidedIn(r.released, post) }));
}

/**
 * A released post voided (白条 failed, 举报 upheld, 作废杀帖) never hit its target: a bomb it set off (同归) did not
 * go off on its poster, and is unspent unless it went off otherwise, so posted on or voted out later it fires.
 */
function withoutPostFiring(state: GameState, e: { round: number; bomb: Seat; victim: Seat }): GameState {
  return withoutFirings(
    state,
    (f) => f.round === e.round && f.via === "post" && f.bomb === e.bomb && f.victim === e.victim,
  );
}

/** The firings `taken` picks taken back: their bombs are unspent unless another firing of theirs stands. */
function withoutFirings(state: GameState, taken: (f: GameState["fireworks"][number]) => boolean): GameState {
  const fireworks = state.fireworks.filter((f) => !taken(f));
  const gone = new Set(state.fireworks.filter(taken).map((f) => f.bomb));
  const bombsFired = state.bombsFired.filter((b) => !gone.has(b) || fireworks.some((f) => f.bomb === b));
  return { ...state, fireworks, bombsFired };
}

function voidedIn(released: RoundState["released"], post: number): RoundState["released"] {
  // A post that had lapsed on an out target keeps that, for 恢复杀帖 to put back: it did nothing then either.
  return (
    released?.map((p) =>
      p.index === post
        ? {
            ...p,
            lapsed: "voided" as const,
            ...(p.lapsed === "target-out" ? { lapsedBefore: "target-out" as const } : {}),
          }
        : p,
    ) ?? null
  );
}

/** A voided post made to stand again (恢复杀帖): as it was before the voiding, lapsed on an out target or not at all. */
function standingAgain({ lapsedBefore, ...p }: ReleasedPost): ReleasedPost {
  return { ...p, lapsed: lapsedBefore ?? null };
}

/** The vote firings of `bombs` in `round` taken back (改判票杀, 改定领票人): the bombs are unspent unless they went off otherwise. */
function withoutVoteFirings(state: GameState, round: number, bombs: readonly Seat[]): GameState {
  return withoutFirings(state, (f) => f.round === round && f.via === "vote" && bombs.includes(f.bomb));
}

/**
 * The poster of a post voided by its own fault owes the out if it is out already and cannot serve it now. Out by a
 * post this round, it also loses the vote it kept (半票): seed 002 「过时未补，出帖者出局当轮无票权」, as a living
 * poster put out for it has none (RULINGS 10); its ballot then no longer counts.
 */
function owedIfOut(
  state: GameState,
  e: { round: number; post: number; poster: Seat },
  cause: "iou" | "complaint",
): GameState {
  if (state.seats[e.poster]?.alive !== false) return state;
  const r = state.rounds[e.round];
  const vote = r?.outVoters.includes(e.poster) ? (r.halfVoters.includes(e.poster) ? "half" : "full") : null;
  const owing = withSeat(state, e.poster, (seat) => ({
    ...seat,
    owes: { cause, post: e.post, round: e.round, ...(vote ? { vote } : {}) },
  }));
  if (vote === null) return owing;
  return withRound(owing, e.round, (r) => ({
    ...r,
    outVoters: r.outVoters.filter((s) => s !== e.poster),
    halfVoters: r.halfVoters.filter((s) => s !== e.poster),
  }));
}

/** A ruling answers every complaint filed against the post, and any filed after it. */
function ruled(state: GameState, round: number, post: number): GameState {
  return withRound(state, round, (r) => ({
    ...r,
    complaintsFiled: (r.complaintsFiled ?? []).filter((p) => p !== post),
    complaintsRuled: r.complaintsRuled?.includes(post)
      ? r.complaintsRuled
      : [...(r.complaintsRuled ?? []), post],
  }));
}

function setIou(
  state: GameState,
  round: number,
  post: number,
  status: "completed" | "failed" | "voided",
): GameState {
  return withRound(state, round, (r) => ({
    ...r,
    ious: r.ious.map((i) => (i.post === post && i.status === "open" ? { ...i, status } : i)),
  }));
}

/** The plain record of an override; its consequences (outs, revivals) follow as their own events. */
function applyOverride(state: GameState, round: number, o: Override, reason: string): GameState {
  switch (o.action) {
    case "eliminate":
    case "revive":
    case "end-game":
      return state;
    case "decide-tie":
      return withRound(state, o.round, (r) => {
        const house = o.house ?? 1;
        const tb = house === 1 ? r.tieBreak : (r.houseTieBreaks?.[house] ?? null);
        if (!tb?.referee) return r;
        const decided = { ...tb, referee: { ...tb.referee, decided: o.out } };
        return house === 1
          ? { ...r, tieBreak: decided }
          : { ...r, houseTieBreaks: { ...r.houseTieBreaks, [house]: decided } };
      });
    case "decide-lead-voter":
      return withRound(state, o.round, (r) => ({
        ...r,
        leadVoterDecisions: r.leadVoterDecisions?.map((d) =>
          d.bomb === o.bomb ? { ...d, decided: o.leadVoter } : d,
        ),
      }));
    case "amend-vote-out": {
      // 改判票杀: a bomb the ruling no longer has voted out has not gone off (its 领票人 come back by their own events).
      const dropped = (o.previous ?? []).filter((s) => !o.out.includes(s));
      const amended = {
        previous: o.previous ?? [],
        out: o.out,
        reason,
        ...(o.house !== undefined && o.house !== 1 ? { house: o.house } : {}),
      };
      // A dropped bomb's 领票人 question (leadVoter "referee") goes with it: voted out again, it is asked afresh.
      return withRound(
        withoutVoteFirings(state, o.round, dropped),
        o.round,
        ({ leadVoterDecisions, ...r }) => {
          const decisions = leadVoterDecisions?.filter((d) => !dropped.includes(d.bomb)) ?? [];
          return {
            ...r,
            ...(decisions.length > 0 ? { leadVoterDecisions: decisions } : {}),
            voteOutAmended: [...(r.voteOutAmended ?? []), amended],
          };
        },
      );
    }
    case "amend-lead-voter": {
      // 改定领票人: the bomb's vote firing is taken back (its victim comes back by its own event), to go off again.
      const amended = { bomb: o.bomb, previous: o.previous ?? null, leadVoter: o.leadVoter, reason };
      return withRound(withoutVoteFirings(state, o.round, [o.bomb]), o.round, (r) => ({
        ...r,
        leadVoterAmended: [...(r.leadVoterAmended ?? []), amended],
        ...(r.leadVoterDecisions && {
          leadVoterDecisions: r.leadVoterDecisions.map((d) =>
            d.bomb === o.bomb ? { ...d, decided: o.leadVoter } : d,
          ),
        }),
      }));
    }
    case "assign-turn": {
      // 指定出帖人: the turn `from` held goes to `seat` (groups.ts reads the round's rulings with its rotation).
      if (o.from === undefined) return state;
      const assigned = { unit: o.unit, from: o.from, to: o.seat, reason };
      return withRound(state, round, (r) => ({
        ...r,
        turnsAssigned: [...(r.turnsAssigned ?? []), assigned],
      }));
    }
    case "reinstate-post": {
      // 恢复杀帖: the post stands again, and what its voiding owed or marked goes with it (its poster's owed out).
      const owed = o.poster === undefined ? undefined : state.seats[o.poster]?.owes;
      const ownOwed = owed && owed.round === o.round && owed.post === o.post ? owed : undefined;
      // The vote the poster kept as a post victim, lost with the voiding, comes back while the round's vote is to come.
      const vote = !state.rounds[o.round]?.closed && o.poster !== undefined ? ownOwed?.vote : undefined;
      const poster = o.poster ?? -1;
      const reinstated = withRound(state, o.round, (r) => ({
        ...r,
        released: r.released?.map((p) => (p.index === o.post ? standingAgain(p) : p)) ?? null,
        submissions: r.submissions.map((s) => (s.index === o.post ? { ...s, voided: false } : s)),
        // The ruling withdrawn no longer answers the post's complaints: one filed now waits for a ruling of its own. One
        // filed before was answered by the voiding (the inbox closed it then): it does not come back as waiting.
        complaintsRuled: r.complaintsRuled?.filter((p) => p !== o.post),
        complaintsFiled: r.complaintsFiled?.filter((p) => p !== o.post),
        reinstated: [...(r.reinstated ?? []), { post: o.post, reason }],
        ...(vote
          ? {
              outVoters: [...r.outVoters, poster],
              halfVoters: vote === "half" ? [...r.halfVoters, poster] : r.halfVoters,
            }
          : {}),
      }));
      if (!ownOwed) return reinstated;
      return withSeat(reinstated, poster, ({ owes: _served, ...s }) => s);
    }
    case "accept-iou":
      // 认定字数足够: the open 白条 closes as if completed.
      return withRound(state, o.round, (r) => ({
        ...r,
        ious: r.ious.map((i) =>
          i.post === o.post && i.status === "open"
            ? { ...i, status: "completed" as const, accepted: true as const }
            : i,
        ),
        iousAccepted: [...(r.iousAccepted ?? []), { post: o.post, reason }],
      }));
    case "substitute":
      return withSeat(state, o.seat, (s) => ({ ...s, alias: o.alias }));
    case "set-progression": {
      const change = {
        ...(o.votesPerVoter !== undefined ? { votesPerVoter: o.votesPerVoter } : {}),
        ...(o.voteOut !== undefined ? { voteOut: o.voteOut } : {}),
        ...(o.posts !== undefined ? { posts: o.posts } : {}),
        ...(o.extraPosts !== undefined ? { extraPosts: o.extraPosts } : {}),
      };
      const withPlan = {
        ...state,
        planOverrides: { ...state.planOverrides, [o.round]: { ...state.planOverrides[o.round], ...change } },
      };
      const voteOut = o.voteOut;
      return withRound(withPlan, o.round, (r) =>
        mapThreads({ ...r, plan: { ...r.plan, ...change } }, (v, house) =>
          v.stage === "regular" && voteOut !== undefined
            ? { ...v, slots: houseVoteOut(rulesOf(state), voteOut, house) }
            : v,
        ),
      );
    }
    case "extend":
      return extend(state, o.deadline, o.until);
    case "void-vote":
      return withRound(state, round, (r) =>
        mapThreads(r, (v) => ({
          ...v,
          casts: rewriteCastLog(
            v.casts,
            castsOf(v.casts).filter((c) => c.voter !== o.voter),
          ),
        })),
      );
    case "void-post": {
      // Events since the post was named carry it; older ones meant the poster's latest in the round.
      const latest = [...(state.rounds[round]?.submissions ?? [])]
        .reverse()
        .find((s) => s.poster === o.poster && !s.voided && (o.post === undefined || s.index === o.post));
      if (!latest) return state;
      return withRound(state, round, (r) => ({
        ...r,
        submissions: r.submissions.map((s) => (s.index === latest.index ? { ...s, voided: true } : s)),
        released: voidedIn(r.released, latest.index),
        ious: r.ious.map((i) =>
          i.post === latest.index && i.status === "open" ? { ...i, status: "voided" as const } : i,
        ),
      }));
    }
    default:
      return applyDayNightOverride(state, round, o, reason);
  }
}

/** `deadline` is a full key from pendingDeadlines ("round:3:vote"); decide resolves short names before emitting. */
function extend(state: GameState, key: string, until: number): GameState {
  const m = /^round:(\d+):([\w-]+)$/.exec(key);
  if (!m) return state;
  const round = Number(m[1]);
  switch (m[2]) {
    case "posting":
      return withRound(state, round, (r) => ({ ...r, postingClosesAt: until }));
    case "vote":
      return withRound(state, round, (r) =>
        mapThreads({ ...r, voteDeadline: until }, (v) =>
          v.stage === "regular" ? { ...v, closesAt: until + SECOND } : v,
        ),
      );
    case "overtime":
      return withRound(state, round, (r) =>
        mapThreads(r, (v) => (v.stage === "overtime" ? { ...v, closesAt: until + SECOND } : v)),
      );
    case "iou":
      return withRound(state, round, (r) => ({
        ...r,
        iouDeadline: until,
        ious: r.ious.map((i) => (i.status === "open" ? { ...i, deadline: until } : i)),
      }));
    case "complaint":
      return withRound(state, round, (r) => ({ ...r, complaintDeadline: until }));
    default:
      return extendPhase(state, round, m[2] ?? "", until);
  }
}

/** Folds a whole log from the initial state. */
export function replay(events: readonly GameEvent[]): GameState {
  let state = initialState;
  for (const e of events) state = evolve(state, e);
  return state;
}

/** Only units that forfeited something, and nothing at all when none did (the summary then has no line for it). */
function forfeitedOf(f: Record<string, number>): { forfeited?: Record<string, number> } {
  const some = Object.entries(f).filter(([, n]) => n > 0);
  return some.length > 0 ? { forfeited: Object.fromEntries(some) } : {};
}
