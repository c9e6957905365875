// Deciding on CastVote / EnterProxyVote: which vote (and, under 两府制, which house's thread) it belongs to; the ballot's
// rules themselves are the vote machine's one checker (src/engine/vote/check-cast.ts).
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import { latestCastBy, sharedTargets } from "./cast-log.ts";
import { SECOND } from "./clock.ts";
import type { Instant, Refusal, Seat } from "./contract.ts";
import { houseCount, houseOfSeat, threadOf } from "./houses.ts";
import { memoOn } from "./memo.ts";
import { offeredCodes } from "./score/ledger.ts";
import type { GameState, RoundState, VoteState } from "./state.ts";
import { rulesOf } from "./state.ts";
import { checkCast, proxyCutoff, voteKind } from "./vote/check-cast.ts";
import type { VoteCast } from "./vote/types.ts";

export interface BallotCommand {
  at: Instant;
  voter: Seat;
  targets: Seat[];
  codes?: (string | null)[];
  round?: number;
  proxy: boolean;
}

/** A refusal's house, for the deadline its message names (两府制; absent for house 1, the usual only one). */
function houseOf(house: number): { house?: number } {
  return house === 1 ? {} : { house };
}

/**
 * The vote a ballot goes to: the named round's, else the earliest vote still open (an overtime before the next day). Under
 * 两府制 it is the voter's own house's thread: a player votes only in their own house.
 */
function openVote(
  b: Batch,
  round: number | undefined,
  house: number,
): { r: RoundState; v: VoteState } | Refusal {
  if (round !== undefined) {
    const r = b.state.rounds[round];
    if (!r)
      return {
        code: "vote.no-such-round",
        message: `round ${round} has not opened`,
        details: { round, ...houseOf(house) },
      };
    const v = threadOf(r, house);
    if (!v) {
      return r.voteOpened
        ? {
            code: "vote.after-deadline",
            message: `round ${round}'s vote has closed`,
            details: { round, ...houseOf(house) },
          }
        : {
            code: "vote.not-open",
            message: `round ${round}'s vote opens when its posts are out`,
            details: { round, ...houseOf(house) },
          };
    }
    return { r, v };
  }
  for (const r of b.state.rounds) {
    const v = r ? threadOf(r, house) : null;
    if (r && v) return { r, v };
  }
  const rounds = b.state.rounds.filter((r): r is RoundState => r !== undefined);
  const last = rounds[rounds.length - 1];
  const closed = rounds.filter((r) => r.voteOpened).at(-1);
  if (last && !last.voteOpened && closed) {
    // RULINGS 6: past the deadline (and before the next vote opens) a ballot is late. It names the vote that
    // closed, and when the next one opens: with its round's posts (RULINGS 19), not at the round's start.
    return {
      code: "vote.after-deadline",
      message: `no vote is open: round ${closed.round}'s vote has closed, round ${last.round}'s opens when its posts are out`,
      details: {
        round: closed.round,
        nextRound: last.round,
        opensAt: last.postingClosesAt,
        ...houseOf(house),
      },
    };
  }
  if (last?.voteOpened) {
    // 7kill: the day's vote (and its duel) has closed and the round goes on into its night; the next day's vote
    // opens with the next round. A ballot now is late, not early.
    return {
      code: "vote.after-deadline",
      message: `no vote is open: round ${last.round}'s vote has closed`,
      details: { round: last.round, ...houseOf(house) },
    };
  }
  return { code: "vote.not-open", message: "no vote is open", details: {} };
}

/**
 * From when a 托票 for `voter` is refused (RULINGS 12, check-cast.ts `proxyCutoff`): with `round`, that round's regular
 * vote's cut-off; without, the cut-off of the vote a proxy entered now would go to (the voter's open thread, else the
 * latest round's vote still to open). Null where no such vote is known. An overtime takes none: its cut-off is the
 * day's, already past (check-cast.ts); 7kill's duel has its own, from the duel's deadline.
 */
export function proxyCutoffFor(state: GameState, voter: Seat, round?: number): Instant | null {
  const rules = state.rules;
  if (!rules) return null;
  if (round !== undefined) {
    const r = state.rounds[round];
    return r ? proxyCutoff(rules.vote, r.voteDeadline) : null;
  }
  const house = houseOfSeat(state, voter);
  for (const r of state.rounds) {
    const v = r ? threadOf(r, house) : null;
    if (!r || !v) continue;
    // The thread closes a second after its stated deadline (RULINGS 6), as decideBallot reads it.
    const deadline = voteKind(rules.vote, v.stage) === "overtime" ? r.voteDeadline : v.closesAt - SECOND;
    return proxyCutoff(rules.vote, deadline);
  }
  const last = state.rounds.filter((r): r is RoundState => r !== undefined).at(-1);
  return last && !last.voteOpened ? proxyCutoff(rules.vote, last.voteDeadline) : null;
}

/**
 * The voter's standing ballot in the vote open to it now (its house's thread), as decideBallot judges a new one
 * against it (vote.unchanged, proxy.same-as-own): after 作废投票 there is none, after 7kill's 无效票 the rewritten one.
 */
export function standingBallotOf(
  state: GameState,
  voter: Seat,
): { targets: readonly Seat[]; codes?: readonly (string | null)[]; proxy: boolean } | null {
  const house = houseOfSeat(state, voter);
  for (const r of state.rounds) {
    const v = r ? threadOf(r, house) : null;
    if (v) return latestCastBy(v.casts, voter);
  }
  return null;
}

/** Seat sets every ballot is checked against, per seats (or voters) array: a vote changes none of them. */
const aliveMemo = memoOn<GameState["seats"], ReadonlySet<Seat>>();
const houseSeatsMemo = memoOn<GameState["seats"], ReadonlyMap<number, ReadonlySet<Seat>>>();

function seatsByHouse(state: GameState): Map<number, Set<Seat>> {
  const out = new Map<number, Set<Seat>>();
  for (const s of state.seats) {
    const house = houseOfSeat(state, s.seat);
    const seats = out.get(house) ?? new Set<Seat>();
    seats.add(s.seat);
    out.set(house, seats);
  }
  return out;
}
const outVotersMemo = memoOn<readonly Seat[], ReadonlySet<Seat>>();
/** Shared empty values for every ballot's check: the engine keeps the casts' count itself (`castsBy`). */
const NO_SEATS: ReadonlySet<Seat> = new Set();
const NO_CASTS: readonly VoteCast[] = [];

/** A counter made by a call, not bound to a property name: tsx names property closures at a cost on every ballot. */
function castCounter(v: VoteState): (seat: Seat) => number {
  return (seat) => v.casts.byVoter[seat] ?? 0;
}

/** The same targets (in any order), each with the same code guess, and the same proxy mark. */
/** The same seats with the same code guesses, in any order; whether either is a proxy is not compared. */
function sameChoice(
  a: { targets: readonly Seat[]; codes?: readonly (string | null)[] },
  b: { targets: readonly Seat[]; codes?: readonly (string | null)[] },
): boolean {
  if (a.targets.length !== b.targets.length) return false;
  const pairs = (x: typeof a) => x.targets.map((t, i) => `${t}:${x.codes?.[i] ?? ""}`).sort();
  const pa = pairs(a);
  const pb = pairs(b);
  return pa.every((p, i) => p === pb[i]);
}

export function decideBallot(b: Batch, cmd: BallotCommand): Refusal | null {
  const rules = rulesOf(b.state);
  const voter = b.state.seats[cmd.voter];
  if (!voter)
    return { code: "vote.unknown-seat", message: `no seat ${cmd.voter}`, details: { seat: cmd.voter } };
  for (const t of cmd.targets) {
    if (!b.state.seats[t])
      return { code: "vote.unknown-seat", message: `no seat ${t}`, details: { seat: t } };
  }
  const house = houseOfSeat(b.state, cmd.voter);
  const found = openVote(b, cmd.round, house);
  if ("code" in found) return found;
  const { r, v } = found;
  const kind = voteKind(rulesOf(b.state).vote, v.stage);
  const state = b.state;
  const alive = aliveMemo.get(
    state.seats,
    [],
    () => new Set(state.seats.filter((s) => s.alive).map((s) => s.seat)),
  );
  const houseSeats =
    houseCount(rules) > 1
      ? (houseSeatsMemo.get(state.seats, [rules], () => seatsByHouse(state)).get(house) ?? new Set<Seat>())
      : null;
  const violation = checkCast(
    {
      settings: rules.vote,
      kind,
      votesPerVoter:
        kind === "regular" ? r.plan.votesPerVoter : Math.max(1, Math.min(r.plan.votesPerVoter, v.slots)),
      // The thread closes a second after its stated deadline (RULINGS 6): the vote machine takes the stated one.
      deadline: v.closesAt - SECOND,
      opensAt: null,
      // An overtime opened at the day's deadline: its 托票 are refused against the day's cut-off (check-cast.ts).
      dayDeadline: kind === "overtime" ? r.voteDeadline : null,
      alive,
      // This round's post victims who keep a vote (RULINGS 10: a half vote, a full one in overtime).
      halfVoters: outVotersMemo.get(r.outVoters, [], () => new Set(r.outVoters)),
      noVote: NO_SEATS,
      candidates: v.candidates,
      codeChoices: offeredCodes(b.state),
      ...(houseSeats ? { house: { house, seats: houseSeats } } : {}),
      previous: NO_CASTS,
      castsBy: castCounter(v),
    },
    {
      voter: cmd.voter,
      targets: cmd.targets,
      at: cmd.at,
      proxy: cmd.proxy,
      ...(cmd.codes ? { codes: cmd.codes } : {}),
    },
  );
  if (violation) return { ...violation, details: { ...violation.details, round: r.round } };
  // The same ballot again would be stored as a change at a later time: the voter would lose the place its vote holds
  // for 先到先出 (RULINGS 11) and as 领票人 (RULINGS 13), and 7kill's one change would be spent on nothing.
  const standing = latestCastBy(v.casts, cmd.voter);
  if (standing && sameChoice(standing, cmd)) {
    if (standing.proxy === cmd.proxy)
      return {
        code: "vote.unchanged",
        message: "the ballot is the one standing already",
        details: { round: r.round, voter: cmd.voter },
      };
    // A 托票 for what the voter has cast itself changes nothing but the time, and the time is the vote's place. The
    // other way round (the voter casting itself what the referee cast for it) is taken: it makes the vote its own.
    if (cmd.proxy)
      return {
        code: "proxy.same-as-own",
        message: "the voter has cast this very ballot itself",
        details: { round: r.round, voter: cmd.voter },
      };
  }
  // A plain ballot's event is this one literal of exactly its fields. Built by spreads, it had room for the two it
  // lacks, and a server holds every ballot's event for the game's life (16 bytes each, on every full collection).
  const cast = {
    type: "VoteCast" as const,
    at: cmd.at,
    round: r.round,
    stage: v.stage,
    voter: cmd.voter,
    targets: sharedTargets(cmd.targets),
    proxy: cmd.proxy,
  };
  emit(
    b,
    !cmd.codes && !houseSeats
      ? cast
      : { ...cast, ...(cmd.codes ? { codes: cmd.codes } : {}), ...(houseSeats ? { house } : {}) },
  );
  return null;
}
