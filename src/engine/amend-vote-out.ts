// 改判票杀: the referee corrects whom a closed round's vote put out, bombs' 领票人 included (哨子最大).
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import { takenByVote } from "./bombs.ts";
import type { Instant, Override, Refusal, Seat } from "./contract.ts";
import { ballotsLeadVoters } from "./decisions.ts";
import { houseOfSeat, housesOf, openThreads, threadOf } from "./houses.ts";
import { publishedRole } from "./night/bandit.ts";
import { putOut, reviveAmended, reviveLeadVoter, voteOut } from "./outs.ts";
import type { GameState } from "./state.ts";
import { rulesOf } from "./state.ts";
import { rereadScoreEnd } from "./vote-close.ts";

type AmendVoteOut = Extract<Override, { action: "amend-vote-out" }>;

/** The seats out now as voted out in `round`'s thread of `house`, in the order they went out. */
export function votedOutIn(state: GameState, round: number, house: number): Seat[] {
  const outs = state.rounds[round]?.outs ?? [];
  const order = (s: Seat) => outs.map((o) => o.seat).lastIndexOf(s);
  return state.seats
    .filter(
      (s) =>
        !s.alive && s.out?.cause === "vote" && s.out.round === round && houseOfSeat(state, s.seat) === house,
    )
    .map((s) => s.seat)
    .sort((a, b) => order(a) - order(b));
}

/**
 * Refused: a round whose vote has not closed (the vote, 作废选票 and the tie's decision serve then), a round with a tie
 * or a 领票人 still waiting for the referee (those decisions come first), a seat named twice, of another house, or
 * out for something else, and a ruling that changes nothing.
 */
export function decideAmendVoteOut(
  b: Batch,
  at: Instant,
  round: number,
  o: AmendVoteOut,
  reason: string,
): Refusal | null {
  const state = b.state;
  const house = o.house ?? 1;
  if (!housesOf(rulesOf(state)).includes(house))
    return { code: "override.unknown-house", message: `no house ${house}`, details: { house } };
  const r = state.rounds[o.round];
  if (!r) return { code: "override.no-round", message: `no round ${o.round}`, details: { round: o.round } };
  if (!r.closed) {
    // 两府制: the house's own thread may be over while another house's overtime runs; the round's outs and its score
    // reading settle only when every house has closed, so the ruling waits, but not for the vote it names.
    const waitingOn = r.voteOpened && threadOf(r, house) === null ? openThreads(r)[0]?.house : undefined;
    if (waitingOn !== undefined)
      return {
        code: "override.house-vote-open",
        message: `round ${o.round}'s vote in house ${waitingOn} has not closed`,
        details: { round: o.round, house: waitingOn },
      };
    return {
      code: "override.vote-not-closed",
      message: `round ${o.round}'s vote has not closed`,
      details: { round: o.round },
    };
  }
  const tb = house === 1 ? r.tieBreak : r.houseTieBreaks?.[house];
  if (tb?.referee && tb.referee.decided === undefined)
    return {
      code: "override.tie-waiting",
      message: `round ${o.round}'s tie waits for the referee's decision first`,
      details: { round: o.round },
    };
  if (r.leadVoterDecisions?.some((d) => d.decided === undefined && houseOfSeat(state, d.bomb) === house))
    return {
      code: "override.lead-voter-waiting",
      message: `a bomb of round ${o.round} waits for its lead voter first`,
      details: { round: o.round },
    };
  if (new Set(o.out).size !== o.out.length)
    return { code: "override.duplicate-seat", message: "each seat may be named once" };
  const missing = o.out.find((s) => state.seats[s] === undefined);
  if (missing !== undefined)
    return { code: "override.unknown-seat", message: `no seat ${missing}`, details: { seat: missing } };
  const stranger = o.out.find((s) => houseOfSeat(state, s) !== house);
  if (stranger !== undefined)
    return {
      code: "override.other-house",
      message: `seat ${stranger} votes in another house`,
      details: { seat: stranger },
    };
  const previous = votedOutIn(state, o.round, house);
  const dropped = previous.filter((s) => !o.out.includes(s));
  const added = o.out.filter((s) => !previous.includes(s));
  if (dropped.length === 0 && added.length === 0)
    return {
      code: "override.same-vote-out",
      message: `round ${o.round}'s vote already put out exactly those`,
    };
  // The 领票人 a dropped bomb took come back with it, so one of them may be named in its place.
  const comingBack = new Set(dropped.flatMap((s) => [s, ...takenByVote(state, o.round, s)]));
  const gone = added.find((s) => !state.seats[s]?.alive && !comingBack.has(s));
  if (gone !== undefined)
    return { code: "override.already-out", message: "the seat is already out", details: { seat: gone } };

  const override: AmendVoteOut = { action: "amend-vote-out", round: o.round, out: o.out, previous };
  if (o.house !== undefined) override.house = o.house;
  const victims = dropped.flatMap((s) => takenByVote(state, o.round, s));
  // Read before the fold takes the dropped bombs' firings back: a kept bomb's still stand.
  const keptFiring = (seat: Seat) =>
    state.fireworks.find(
      (f) => f.round === o.round && f.via === "vote" && f.victim === seat && !dropped.includes(f.bomb),
    );
  const suicides = nonVotersPutOut(state, o.round, house);
  // The ruling first: its fold takes the dropped bombs' firings back (evolve.ts), so they can go off again.
  emit(b, { type: "OverrideApplied", at, round, override, reason });
  for (const s of dropped) {
    if (!reviveAmended(b, at, o.round, s)) continue;
    // Out by the vote, a seat that was also a kept bomb's 领票人, or did not vote where that is suicide, went out
    // for that as well at the close (putOut let the second out pass): it is out for it now.
    const firing = keptFiring(s);
    if (firing) putOut(b, at, o.round, s, "bomb", { by: firing.bomb });
    else if (suicides.has(s)) suicideOut(b, at, o.round, s);
  }
  for (const s of victims) reviveLeadVoter(b, at, o.round, s);
  const { leadVoters, choices } = ballotsLeadVoters(b.state.rounds[o.round], house, added);
  voteOut(b, at, o.round, added, leadVoters, choices);
  rereadScoreEnd(b, at, o.round);
  return null;
}

/**
 * The round's non-voters of the house's regular vote, where not voting was suicide that round (RULINGS 8; seed 000
 * 「不投票者或迟到者算自杀」); empty where it was not (an excused round, 7kill's 潜水).
 */
function nonVotersPutOut(state: GameState, round: number, house: number): Set<Seat> {
  const nv = rulesOf(state).vote.nonVoting;
  if (nv.outcome !== "suicide" || nv.excusedRounds.includes(round)) return new Set();
  const record = state.rounds[round]?.votes.find((v) => v.stage === "regular" && (v.house ?? 1) === house);
  return new Set(record?.nonVoters ?? []);
}

/** The non-voter's suicide, its identity published at once (「自杀者身份立即公布」) unless it is public already. */
function suicideOut(b: Batch, at: Instant, round: number, seat: Seat): void {
  if (!putOut(b, at, round, seat, "suicide")) return;
  const s = b.state.seats[seat];
  if (s && !s.revealed)
    emit(b, { type: "IdentityRevealed", at, seat, role: publishedRole(b.state, seat), code: s.code });
}
