// 7kill penalties (seed 001 4.2, 4.3): 潜水 counted from thread posts and votes, 诈尸, warnings and the penalty out.
import type { Batch } from "../batch.ts";
import { emit } from "../batch.ts";
import type { Instant, Seat } from "../contract.ts";
import { putOut } from "../outs.ts";
import type { GameState } from "../state.ts";
import { rulesOf } from "../state.ts";
import { publishedRole } from "./bandit.ts";
import { dayNightOf } from "./evolve.ts";
import type { OffenceKind } from "./types.ts";

export function warningsOf(state: GameState, seat: Seat): number {
  return dayNightOf(state).offences.filter((o) => o.seat === seat && o.warning && !o.withdrawn).length;
}

/**
 * Seed 001 4.3 「累积两次警告，将被判罚出局，并对玩家给予-10～-30的负信誉度，该玩家也不会获得游戏奖励、分数」: put out by
 * penalties, or already out when its warnings reached the limit (a dead player warned, then 诈尸): the out cannot
 * happen again, but the penalty's other consequences apply all the same.
 */
export function penaltyJudged(state: GameState, seat: Seat): boolean {
  if (state.seats[seat]?.out?.cause === "penalty") return true;
  const limit = state.rules?.penalties?.warningsToOut ?? 2;
  return state.rules?.penalties !== undefined && warningsOf(state, seat) >= limit;
}

/** Less than this before the discussion closes, a substitute is not counted for 潜水 that day (seed 001 4.2 b). */
const LATE_SUBSTITUTE_MS = 12 * 3600 * 1000;

/**
 * Seed 001 4.2 「出现以下情况时可以不计潜水：…b. 替补玩家替补上场时，距讨论结束时间少于12个小时」: the one exemption the
 * engine can judge by itself (the others need the referee's knowledge). A day's discussion closes with its vote (or the
 * duel's), so a seat taken over less than 12 hours before the open vote's close is excused from that thread only.
 */
export function excuseLateSubstitute(b: Batch, at: Instant, seat: Seat): void {
  const rules = rulesOf(b.state);
  if (!rules.penalties || rules.schedule.kind !== "day-night") return;
  for (const r of b.state.rounds) {
    if (!r?.vote || r.vote.closesAt - at >= LATE_SUBSTITUTE_MS) continue;
    const thread = threadKey(r.round, r.vote.stage === "overtime" ? "overtime" : "regular");
    if (isExcused(b.state, seat, r.round, thread)) continue;
    emit(b, { type: "LurkingExcused", at, round: r.round, seat, thread, reason: "late-substitute" });
  }
}

/** `thread`: the discussion thread being counted; without it (the night's duties) only whole-round exemptions count. */
export function isExcused(state: GameState, seat: Seat, round: number, thread?: string): boolean {
  return dayNightOf(state).exemptions.some(
    (x) => x.seat === seat && x.round === round && (x.thread === undefined || x.thread === thread),
  );
}

/**
 * One offence with its warning. "累积两次警告，将被判罚出局" (and "情节严重者" at once when `severe`): the player goes out
 * with cause `penalty`. "对于玩家诈尸的情况…第二次诈尸，再次给予警告的同时，封玩家ID": a second 诈尸 bans the ID.
 */
export function recordOffence(
  b: Batch,
  at: Instant,
  round: number,
  seat: Seat,
  offence: OffenceKind,
  o: { reasons?: string[]; public?: boolean; severe?: boolean; deferOut?: boolean } = {},
): boolean {
  const rules = rulesOf(b.state);
  const zhashiBefore = dayNightOf(b.state).offences.filter(
    (x) => x.seat === seat && x.offence === "zhashi" && !x.withdrawn,
  ).length;
  emit(b, {
    type: "OffenceRecorded",
    at,
    round,
    seat,
    offence,
    reasons: o.reasons ?? [],
    warning: true,
    public: o.public ?? true,
    banned: offence === "zhashi" && zhashiBefore >= 1,
  });
  const limit = rules.penalties?.warningsToOut ?? 2;
  const goesOut = o.severe === true || warningsOf(b.state, seat) >= limit;
  // The night's own outs are emitted by the night, in seat order among its deaths (night.ts).
  if (o.deferOut) return goesOut;
  if (goesOut && putOut(b, at, round, seat, "penalty")) {
    // "所有出局者公布身份": a penalty out is announced when it is judged, not at the round's close, which a 高票对决
    // can put two days later (the duel's voters would not know who left).
    const s = b.state.seats[seat];
    if (rules.disclosure.identity && s && !s.revealed)
      emit(b, { type: "IdentityRevealed", at, seat, role: publishedRole(b.state, seat), code: s.code });
  }
  return goesOut;
}

export function threadKey(round: number, stage: "regular" | "overtime"): string {
  return `${round}:${stage === "regular" ? "day" : "duel"}`;
}

/**
 * A discussion thread closes with its vote. 潜水 (seed 001 4.2):
 * "a. 在一个白天的讨论帖中，发帖数少于5帖；" "b. 没有在导演指定的投票帖投票；"
 * "c. 在连续三次的讨论帖中（含高票对决阶段的讨论帖），发帖数均少于10帖；"
 * Any of them makes the day's lurking: one offence per seat and thread, its reasons listed. Only living seats are
 * counted, and not a seat the referee excused for the round.
 */
export function closeThread(
  b: Batch,
  at: Instant,
  round: number,
  stage: "regular" | "overtime",
  nonVoters: readonly Seat[],
  present: ReadonlySet<Seat>,
): void {
  const rules = rulesOf(b.state);
  const p = rules.penalties;
  if (!p || rules.schedule.kind !== "day-night") return;
  const key = threadKey(round, stage);
  const dn = dayNightOf(b.state);
  const posts = dn.threads[key] ?? {};
  const streaks: Record<Seat, number> = {};
  const found: { seat: Seat; reasons: string[] }[] = [];
  const excusedVote = rules.vote.nonVoting.excusedRounds.includes(round);
  for (const s of b.state.seats) {
    // Seats in the game while the thread ran, a seat its own vote has just put out included: its duties were missed
    // while it played (seed 001 4.2 「b. 没有在导演指定的投票帖投票」), and warnings count after an out (4.3).
    if (!present.has(s.seat) || isExcused(b.state, s.seat, round, key)) continue;
    const n = posts[s.seat] ?? 0;
    const reasons: string[] = [];
    if (p.minPostsPerDay !== undefined && n < p.minPostsPerDay) reasons.push("posts");
    // The rule set's excused rounds (vote.nonVoting.excusedRounds) excuse the warning as they excuse the suicide.
    if (p.notVoting && nonVoters.includes(s.seat) && !excusedVote) reasons.push("not-voting");
    if (p.streak) {
      const run = n < p.streak.minPosts ? (dn.streaks[s.seat] ?? 0) + 1 : 0;
      // A run that made an offence starts again.
      streaks[s.seat] = run >= p.streak.threads ? 0 : run;
      if (run >= p.streak.threads) reasons.push("streak");
    }
    if (reasons.length > 0) found.push({ seat: s.seat, reasons });
  }
  emit(b, { type: "ThreadClosed", at, round, thread: key, streaks });
  for (const f of found) recordOffence(b, at, round, f.seat, "lurking", { reasons: f.reasons });
}
