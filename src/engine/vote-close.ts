// Closing a vote: the tally (src/engine/vote), the voted out, overtime (平票加时), the final tie-break, non-voters.
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import { activeBomb } from "./bombs.ts";
import { castsOf, hasCast } from "./cast-log.ts";
import { MINUTE } from "./clock.ts";
import type { Instant, Seat } from "./contract.ts";
import { houseCount, houseOfSeat, housesOf, openThreads, threadOf } from "./houses.ts";
import { publishedRole } from "./night/bandit.ts";
import { isDayNight, openDuel, openNight } from "./night/night.ts";
import { closeThread } from "./night/penalties.ts";
import { putOut, revealOuts, voteOut } from "./outs.ts";
import { pendingDecisions } from "./pending.ts";
import { scoreEndingAfterRound } from "./score/end.ts";
import type { GameState, RoundState, VoteState } from "./state.ts";
import { rulesOf } from "./state.ts";
import { tally } from "./vote/tally.ts";
import { afterTie, resolveTie } from "./vote/tie-break.ts";
import type { TallyResult, VoteCast, VoteKind } from "./vote/types.ts";

/** Who may vote in this vote now: the living, plus this round's post victims who keep a vote. */
export function hasVoteRight(state: GameState, r: RoundState, seat: Seat): boolean {
  return state.seats[seat]?.alive === true || r.outVoters.includes(seat);
}

/**
 * Casts as they stand at the close: those of voters who still have a vote. A vote on a seat out since it was cast
 * stays on the ballot: the tally's candidates (the living) void it, and a ballot left with no living choice is a void
 * vote, not a 弃权 (seed 001 「弃权也需要发投票帖」: an abstention names nobody).
 */
function standingCasts(state: GameState, r: RoundState, v: VoteState): VoteCast[] {
  return castsOf(v.casts).filter((c) => hasVoteRight(state, r, c.voter));
}

function runTally(state: GameState, r: RoundState, v: VoteState, kind: VoteKind, house: number): TallyResult {
  const rules = rulesOf(state);
  // 两府制: each house is tallied on its own — its living players, its threshold, its ties.
  const living = state.seats
    .filter((s) => s.alive && houseOfSeat(state, s.seat) === house)
    .map((s) => s.seat);
  const candidates = v.candidates ? v.candidates.filter((s) => state.seats[s]?.alive) : living;
  return tally({
    settings: rules.vote,
    kind,
    votesPerVoter:
      kind === "regular" ? r.plan.votesPerVoter : Math.max(1, Math.min(r.plan.votesPerVoter, v.slots)),
    slots: Math.min(v.slots, candidates.length),
    alive: living.length,
    candidates,
    // RULINGS 10: half votes only in the regular vote; in overtime a full vote.
    halfVoters: new Set(kind === "regular" ? r.halfVoters : []),
    casts: standingCasts(state, r, v),
  });
}

/** The `house` field of a thread's events: only under 两府制, so single-thread logs stay as they were. */
function houseField(b: Batch, house: number): { house?: number } {
  return houseCount(rulesOf(b.state)) > 1 ? { house } : {};
}

function closed(
  b: Batch,
  at: Instant,
  round: number,
  stage: "regular" | "overtime",
  res: TallyResult,
  nonVoters: Seat[],
  house: number,
) {
  emit(b, {
    type: "VoteClosed",
    at,
    round,
    stage,
    entries: res.entries,
    out: res.out,
    halfVotesApplied: res.halfVotesApplied,
    tie: res.tie,
    leadVoters: res.leadVoters,
    ...(res.leadVoterChoices && { leadVoterChoices: res.leadVoterChoices }),
    ...bombVotersOf(b, round, res),
    outCodes: res.outCodes,
    nonVoters,
    ...(res.abstainers.length > 0 ? { abstainers: res.abstainers } : {}),
    ...(res.voided.length > 0 ? { voided: res.voided } : {}),
    ...houseField(b, house),
  });
  voteOut(b, at, round, res.out, res.leadVoters, res.leadVoterChoices);
}

/**
 * The voters of each bomb in the tally that would take its 领票人, kept with the close: the ballots go with the
 * thread, and a 改定领票人 (amend-lead-voter) names one of them. Under leadVoter "referee" `leadVoterChoices` has them.
 */
function bombVotersOf(b: Batch, round: number, res: TallyResult): { bombVoters?: Record<Seat, Seat[]> } {
  if (res.leadVoterChoices) return {};
  const voters: Record<Seat, Seat[]> = {};
  for (const e of res.entries) {
    if (!activeBomb(b.state, e.seat, round, "vote")?.takesLeadVoter) continue;
    voters[e.seat] = [
      ...new Set(res.votes.filter((v) => v.seat === e.seat && v.counted).map((v) => v.voter)),
    ];
  }
  return Object.keys(voters).length > 0 ? { bombVoters: voters } : {};
}

/** The final tie-break (先到先出 and its options, RULINGS 11). What the rule leaves open is the referee's to decide. */
function breakTie(
  b: Batch,
  at: Instant,
  round: number,
  kind: VoteKind,
  res: TallyResult,
  house: number,
): void {
  const rules = rulesOf(b.state);
  const tb = resolveTie(rules.vote, kind, res);
  // Left to the referee, the places stay open until a `decide-tie` override fills them (哨子最大).
  emit(b, {
    type: "TieBroken",
    at,
    round,
    rule: tb.rule,
    out: tb.out,
    tied: res.tie?.seats ?? [],
    referee: tb.referee,
    ...houseField(b, house),
  });
  voteOut(b, at, round, tb.out, res.leadVoters, res.leadVoterChoices);
}

/**
 * The regular vote's deadline has passed (RULINGS 6: received by hh:mm:ss.999 counts). Under 两府制 every house's
 * thread closes, each on its own; the round closes once no house has an overtime left.
 */
export function closeRegularVote(b: Batch, at: Instant, round: number): void {
  for (const house of housesOf(rulesOf(b.state))) closeHouseVote(b, at, round, house);
  const r = b.state.rounds[round];
  if (r && !r.closed && openThreads(r).length === 0) closeRound(b, at, round);
}

/** One house's regular vote: tally, non-voters, then its tie (overtime, duel or the final tie-break). */
function closeHouseVote(b: Batch, at: Instant, round: number, house: number): void {
  const rules = rulesOf(b.state);
  const r = b.state.rounds[round];
  const v = r ? threadOf(r, house) : null;
  if (!r || !v || v.stage !== "regular") return;
  const res = runTally(b.state, r, v, "regular", house);
  const nonVoters = b.state.seats
    .filter((s) => s.alive && houseOfSeat(b.state, s.seat) === house && !hasCast(v.casts, s.seat))
    .map((s) => s.seat);
  const present = livingSeats(b);
  closed(b, at, round, "regular", res, nonVoters, house);
  // 7kill: the day's discussion and vote threads close; 潜水 is counted (src/engine/night/penalties.ts), for the seats
  // that played the day, those the vote has just put out too.
  closeThread(b, at, round, "regular", nonVoters, present);

  // Seed 000: "不投票者或迟到者算自杀，不得参加后续游戏，自杀者身份立即公布。" (RULINGS 8; excused rounds are an option)
  const nv = rules.vote.nonVoting;
  if (nv.outcome === "suicide" && !nv.excusedRounds.includes(round)) {
    for (const seat of nonVoters) {
      if (!putOut(b, at, round, seat, "suicide")) continue;
      const s = b.state.seats[seat];
      // 7kill's bandit as the role it counts as ("出局时公布水民"), as every other reveal publishes it.
      if (s)
        emit(b, { type: "IdentityRevealed", at, seat, role: publishedRole(b.state, seat), code: s.code });
    }
  }

  if (res.tie) {
    // A tied seat may have gone out since the tally (a non-voter's suicide just above): the places are contested
    // among the living tied only. When no more of them are left than places, they take the places as the vote would
    // have, with no overtime: an overtime for two seats and two places puts nobody out (a place is filled by votes).
    // With none of them left, the places stay empty: no other seat had the votes for them.
    const tied = res.tie.seats.filter((s) => b.state.seats[s]?.alive);
    if (tied.length <= res.tie.slots) {
      emit(b, {
        type: "TieBroken",
        at,
        round,
        rule: "tied-fill-places",
        out: tied,
        tied: res.tie.seats,
        referee: null,
        ...houseField(b, house),
      });
      voteOut(b, at, round, tied, res.leadVoters, res.leadVoterChoices);
      return;
    }
    const living =
      tied.length === res.tie.seats.length ? res : { ...res, tie: { seats: tied, slots: res.tie.slots } };
    const next = afterTie(rules.vote, "regular");
    if (next === "overtime" && rules.vote.overtimeMinutes !== null) {
      emit(b, {
        type: "OvertimeOpened",
        at,
        round,
        tied,
        slots: res.tie.slots,
        // Seed 000: "以发出加时投票贴开始计，时间15分钟" — counted from the deadline the tie arose at.
        deadline: r.voteDeadline + rules.vote.overtimeMinutes * MINUTE,
        ...houseField(b, house),
      });
      return;
    }
    // 7kill 高票对决: a second day voting only between the tied (src/engine/night/night.ts).
    if (next === "duel" && openDuel(b, at, round, living.tie?.seats ?? [])) return;
    breakTie(b, at, round, "regular", living, house);
  }
}

/** Overtime's deadline has passed: plurality among the tied, then the final tie-break (each house in overtime). */
export function closeOvertime(b: Batch, at: Instant, round: number): void {
  const r0 = b.state.rounds[round];
  for (const { house, vote } of r0 ? openThreads(r0) : []) {
    if (vote.stage === "overtime" && vote.closesAt <= at) closeHouseOvertime(b, at, round, house);
  }
  const r = b.state.rounds[round];
  if (r && !r.closed && openThreads(r).length === 0) closeRound(b, at, round);
}

function closeHouseOvertime(b: Batch, at: Instant, round: number, house: number): void {
  const r = b.state.rounds[round];
  const v = r ? threadOf(r, house) : null;
  if (!r || !v || v.stage !== "overtime") return;
  // 7kill's duel day runs as the round's second vote: "高票对决后如仍平票，则无人出局进入夜晚。"
  const kind = rulesOf(b.state).vote.duel !== null ? "duel" : "overtime";
  const res = runTally(b.state, r, v, kind, house);
  // Seed 000: "加时投票由所有活着的玩家投票进入加时的玩家，得票最多的出局，不投票不算自杀。" The duel's vote thread is
  // a vote like the day's (seed 001 "b. 没有在导演指定的投票帖投票").
  const nonVoters =
    kind === "duel"
      ? b.state.seats.filter((s) => s.alive && !hasCast(v.casts, s.seat)).map((s) => s.seat)
      : [];
  const present = livingSeats(b);
  closed(b, at, round, "overtime", res, nonVoters, house);
  closeThread(b, at, round, "overtime", nonVoters, present);
  if (res.tie) breakTie(b, at, round, kind, res, house);
}

function livingSeats(b: Batch): ReadonlySet<Seat> {
  return new Set(b.state.seats.filter((s) => s.alive).map((s) => s.seat));
}

/** Results post: identities of this round's dead are published (seed 000: "由哨子公布被票杀者身份以及被帖杀者身份"). */
export function closeRound(b: Batch, at: Instant, round: number): void {
  const rules = rulesOf(b.state);
  revealOuts(b, at, round);
  emit(b, { type: "RoundClosed", at, round, alive: b.state.seats.filter((s) => s.alive).length });
  if (rules.win.kind === "score") scoreEndAtResults(b, at, round);
  // 7kill: "I.白天讨论、投票 -> II.夜晚行使特权".
  if (isDayNight(b.state) && b.state.status === "running") openNight(b, at, round);
}

/**
 * The results post is where a score game ends: the progression's end, or 提前结束 (src/engine/score/end.ts). A tie or a
 * 领票人 still to be decided could move points: the end then waits for it (settle reads it again).
 */
function scoreEndAtResults(b: Batch, at: Instant, round: number): void {
  if (b.state.status !== "running" || b.state.scoreEndDeferred !== undefined) return;
  const e = scoreEndingAfterRound(b.state, round);
  if (e && pendingDecisions(b.state).length > 0) emit(b, { type: "ScoreEndDeferred", at, round });
  else if (e) emit(b, { type: "GameEnded", at, winner: e.winner, reason: e.reason, why: e.why });
}

/**
 * A ruling that corrects a round whose results are out (改判票杀, 恢复杀帖) changes the points those results were read
 * with: a score game is read again as at the latest results post, and ends if the corrected record decides it.
 */
export function rereadScoreEnd(b: Batch, at: Instant, corrected: number): void {
  if (rulesOf(b.state).win.kind !== "score" || !b.state.rounds[corrected]?.closed) return;
  const latest = b.state.rounds.findLast((r) => r?.closed)?.round;
  if (latest !== undefined) scoreEndAtResults(b, at, latest);
}
