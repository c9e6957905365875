// Folding 7kill's events and rulings into the state's `dayNight` slice (a dumb fold: decide made every choice).
import { castsOf, rewriteCastLog } from "../cast-log.ts";
import type { Instant, Seat } from "../contract.ts";
import type { GameState } from "../state.ts";
import type { DayNightEvent, DayNightOverride, DayNightState } from "./types.ts";
import { initialDayNight } from "./types.ts";

export function dayNightOf(state: GameState): DayNightState {
  return state.dayNight ?? initialDayNight;
}

function withDn(state: GameState, update: (dn: DayNightState) => DayNightState): GameState {
  return { ...state, dayNight: update(dayNightOf(state)) };
}

export function evolveDayNight(state: GameState, e: DayNightEvent): GameState {
  switch (e.type) {
    case "NightOpened":
      return withDn(state, (dn) => ({
        ...dn,
        nights: {
          ...dn.nights,
          [e.round]: { round: e.round, endsAt: e.endsAt, actions: {}, resolved: false, result: null },
        },
      }));
    case "AbilityUsed":
      return withDn(state, (dn) => {
        const night = dn.nights[e.round];
        if (!night || e.ability === "shoot") return dn;
        const actions = { ...night.actions, [e.ability]: { by: e.seat, target: e.target, at: e.at } };
        return { ...dn, nights: { ...dn.nights, [e.round]: { ...night, actions } } };
      });
    case "BanditShot":
      return withDn(state, (dn) => {
        const bandit = dn.bandit ?? { seat: e.seat, shot: null, became: null };
        const shot = { round: e.round, target: e.target, at: e.at, by: e.by };
        const night = dn.nights[e.round];
        const nights =
          e.by === "night" && night
            ? {
                ...dn.nights,
                [e.round]: {
                  ...night,
                  actions: { ...night.actions, shoot: { by: e.seat, target: e.target, at: e.at } },
                },
              }
            : dn.nights;
        return { ...dn, nights, bandit: { ...bandit, shot } };
      });
    case "BanditConverted":
      return withDn(state, (dn) => ({
        ...dn,
        bandit: { ...(dn.bandit ?? { seat: e.seat, shot: null }), became: e.became, becameAt: e.at },
      }));
    case "NightResolved":
      return withDn(state, (dn) => {
        const night = dn.nights[e.round];
        const needles = e.emptyNeedle
          ? { ...dn.needles, [e.emptyNeedle.seat]: e.emptyNeedle.count }
          : dn.needles;
        return {
          ...dn,
          needles,
          nights: night
            ? {
                ...dn.nights,
                [e.round]: {
                  ...night,
                  resolved: true,
                  result: { protected: e.protected, saved: e.saved, emptyNeedle: e.emptyNeedle },
                },
              }
            : dn.nights,
        };
      });
    case "CheckResult":
      return withDn(state, (dn) => ({
        ...dn,
        checks: [...dn.checks, { round: e.round, target: e.target, result: e.result }],
      }));
    case "LastWordsOpened":
      return withDn(state, (dn) => ({
        ...dn,
        lastWords: {
          ...dn.lastWords,
          [e.round]: { round: e.round, due: e.due, posted: [], endsAt: e.endsAt, endedAt: null },
        },
      }));
    case "LastWordsPosted":
      return withDn(state, (dn) => {
        const lw = dn.lastWords[e.round];
        if (!lw) return dn;
        return {
          ...dn,
          lastWords: { ...dn.lastWords, [e.round]: { ...lw, posted: [...lw.posted, e.seat] } },
        };
      });
    case "LastWordsEnded":
      return withDn(state, (dn) => {
        const lw = dn.lastWords[e.round];
        if (!lw) return dn;
        return { ...dn, lastWords: { ...dn.lastWords, [e.round]: { ...lw, endedAt: e.at } } };
      });
    case "DiscussionPosted":
      return withDn(state, (dn) => {
        const thread = dn.threads[e.thread] ?? {};
        return {
          ...dn,
          threads: { ...dn.threads, [e.thread]: { ...thread, [e.seat]: (thread[e.seat] ?? 0) + 1 } },
        };
      });
    case "ThreadClosed":
      return withDn(state, (dn) => ({ ...dn, streaks: { ...dn.streaks, ...e.streaks } }));
    case "PostRefused":
      return state;
    case "LurkingExcused":
      return withDn(state, (dn) => ({
        ...dn,
        exemptions: [...dn.exemptions, { seat: e.seat, round: e.round, thread: e.thread }],
      }));
    case "OffenceRecorded":
      return withDn(state, (dn) => ({
        ...dn,
        offences: [
          ...dn.offences,
          {
            round: e.round,
            seat: e.seat,
            offence: e.offence,
            reasons: e.reasons,
            warning: e.warning,
            public: e.public,
            withdrawn: false,
            at: e.at,
            ...(e.banned ? { banned: true as const } : {}),
          },
        ],
        banned: e.banned && !dn.banned.includes(e.seat) ? [...dn.banned, e.seat] : dn.banned,
      }));
  }
}

/**
 * A penalty out (cause `penalty`) comes right after the warning that triggered it, in the same batch (recordOffence):
 * that warning is marked, so the 处罚公告 can say the player was put out for it.
 */
export function markPenaltyOut(state: GameState, seat: Seat, at: Instant): GameState {
  if (!state.dayNight) return state;
  return withDn(state, (dn) => {
    const i = dn.offences.findLastIndex((x) => x.seat === seat && x.at === at && x.warning && !x.withdrawn);
    return i < 0 ? dn : { ...dn, offences: dn.offences.map((x, k) => (k === i ? { ...x, out: true } : x)) };
  });
}

/**
 * The plain record of a 7kill ruling; warnings and outs it causes follow as their own events. `reason`: the ruling's,
 * kept on a warning it takes back.
 */
export function applyDayNightOverride(
  state: GameState,
  round: number,
  o: DayNightOverride,
  reason: string,
): GameState {
  switch (o.action) {
    case "invalid-vote":
      return invalidVote(state, round, o.voter, o.correctable === true);
    case "warn":
      return state;
    case "excuse":
      return withDn(state, (dn) => ({
        ...dn,
        exemptions: [...dn.exemptions, { seat: o.target, round: o.round }],
        // An exemption granted after the count withdraws that round's lurking warning.
        offences: dn.offences.map((x) =>
          x.seat === o.target && x.round === o.round && x.offence === "lurking" && !x.withdrawn
            ? { ...x, withdrawn: true, withdrawnReason: reason }
            : x,
        ),
      }));
    case "withdraw-warning":
      return withDn(state, (dn) => {
        // One warning per ruling: the latest standing one of that offence in that round.
        const i = dn.offences.findLastIndex(
          (x) =>
            x.seat === o.target &&
            x.round === o.round &&
            x.offence === o.offence &&
            x.warning &&
            !x.withdrawn,
        );
        return {
          ...dn,
          offences: dn.offences.map((x, k) =>
            k === i ? { ...x, withdrawn: true, withdrawnReason: reason } : x,
          ),
        };
      });
    case "reputation":
      return withDn(state, (dn) => ({ ...dn, reputation: { ...dn.reputation, [o.target]: o.points } }));
  }
}

/**
 * "出现无效票时…否则视为弃权（如果是改票无效则以原投票计）": the voter's latest cast becomes an abstention if it was the
 * first. An invalid change is taken out (`correctable`): the first vote stands with its date and the change is the
 * voter's again, for the correction 「玩家可及时联系导演进行更正」; in rulings stored before, it repeats the first vote
 * (keeping its date) and the change stays used.
 */
function invalidVote(state: GameState, round: number, voter: Seat, correctable: boolean): GameState {
  const r = state.rounds[round];
  if (!r?.vote) return state;
  const casts = castsOf(r.vote.casts);
  const mine = casts.map((c, i) => ({ c, i })).filter((x) => x.c.voter === voter);
  const last = mine[mine.length - 1];
  if (!last) return state;
  const before = mine[mine.length - 2];
  const replaced = before
    ? { ...last.c, targets: before.c.targets, ...(before.c.codes ? { codes: before.c.codes } : {}) }
    : { ...last.c, targets: [] };
  const next =
    before && correctable
      ? casts.filter((_, i) => i !== last.i)
      : casts.map((c, i) => (i === last.i ? replaced : c));
  const rounds = state.rounds.slice();
  rounds[round] = { ...r, vote: { ...r.vote, casts: rewriteCastLog(r.vote.casts, next) } };
  return { ...state, rounds };
}

/** The referee shifts a 7kill phase ("导演有权对时间临时做出调整"): the night's or the last words' end. */
export function extendPhase(state: GameState, round: number, kind: string, until: number): GameState {
  return withDn(state, (dn) => {
    const night = dn.nights[round];
    if (kind === "night" && night)
      return { ...dn, nights: { ...dn.nights, [round]: { ...night, endsAt: until } } };
    const lw = dn.lastWords[round];
    if (kind === "last-words" && lw)
      return { ...dn, lastWords: { ...dn.lastWords, [round]: { ...lw, endsAt: until } } };
    return dn;
  });
}
