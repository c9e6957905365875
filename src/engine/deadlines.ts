// Deadlines: what is due and when (pendingDeadlines), and firing them in time order (Tick and every command's receipt).
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import { SECOND } from "./clock.ts";
import type { Instant } from "./contract.ts";
import { rememberDeadlines, rememberedDeadlines } from "./deadline-memo.ts";
import { failIous } from "./decisions.ts";
import { endLastWords, phaseDeadlines, resolveNight } from "./night/night.ts";
import { hasPosts, planFor, progressionCovers } from "./plan.ts";
import { releasePosts } from "./release.ts";
import { roundClock, roundOpensAt } from "./schedule.ts";
import { settle } from "./settle.ts";
import type { GameState, RoundState } from "./state.ts";
import { rulesOf } from "./state.ts";
import { closeOvertime, closeRegularVote } from "./vote-close.ts";

export type DeadlineKind =
  | "open"
  | "posting"
  | "overtime"
  | "iou"
  | "complaint"
  | "vote"
  /** 7kill's phases after the day (src/engine/night). */
  | "night"
  | "last-words";

export interface Deadline {
  /** Stable key, e.g. "round:3:vote"; the referee's `extend` names it (or just "vote" for the current one). */
  key: string;
  /** The instant it fires: a wall-clock deadline fires one second after its stated time (RULINGS 6). */
  at: Instant;
  round: number;
  kind: DeadlineKind;
}

const ORDER: Record<DeadlineKind, number> = {
  open: 0,
  posting: 1,
  overtime: 2,
  iou: 3,
  complaint: 4,
  vote: 5,
  night: 6,
  "last-words": 7,
};

function deadline(round: number, kind: DeadlineKind, at: Instant): Deadline {
  return { key: `round:${round}:${kind}`, at, round, kind };
}

/**
 * Answers are remembered per state (deadline-memo.ts): every view of a state asks, and so does the next command's
 * fireDue. Callers get their own array; the deadlines in it are shared and never changed.
 */
export function pendingDeadlines(state: GameState): Deadline[] {
  return knownPending(state).slice();
}

function knownPending(state: GameState): readonly Deadline[] {
  let hit = rememberedDeadlines(state);
  if (!hit) {
    hit = computePending(state);
    rememberDeadlines(state, hit);
  }
  return hit;
}

function computePending(state: GameState): readonly Deadline[] {
  if (state.status !== "running" || !state.rules) return [];
  const rules = state.rules;
  const out: Deadline[] = [];
  for (const r of state.rounds) if (r) pushRoundDeadlines(out, r);

  const next = state.current + 1;
  // Day-night games: each phase starts where the one before ended (src/engine/night).
  if (rules.schedule.kind === "day-night") out.push(...phaseDeadlines(state));
  else if (rules.win.kind === "elimination" || progressionCovers(state, rules, next)) {
    const prev = state.rounds[state.current];
    // A referee's extension of the previous vote moves the next round's start with it.
    const scheduled = roundOpensAt(rules, state.start, next);
    out.push(deadline(next, "open", prev ? Math.max(scheduled, prev.voteDeadline) : scheduled));
  }
  return out.sort(byDue);
}

function byDue(a: Deadline, b: Deadline): number {
  return a.at - b.at || a.round - b.round || ORDER[a.kind] - ORDER[b.kind];
}

/** One round's own deadlines, in the order the sort falls back on for equal keys. */
function pushRoundDeadlines(out: Deadline[], r: RoundState): void {
  if (!r.released) out.push(deadline(r.round, "posting", r.postingClosesAt + SECOND));
  // 两府制: the houses share the vote deadline; each house in overtime has its own (the earliest is due first).
  let threads = 0;
  let regular = Number.POSITIVE_INFINITY;
  let overtime = Number.POSITIVE_INFINITY;
  let hasRegular = false;
  let hasOvertime = false;
  if (r.vote) {
    threads++;
    if (r.vote.stage === "regular") {
      hasRegular = true;
      regular = r.vote.closesAt;
    } else {
      hasOvertime = true;
      overtime = r.vote.closesAt;
    }
  }
  if (r.houseVotes) {
    for (const vote of Object.values(r.houseVotes)) {
      if (!vote) continue;
      threads++;
      if (vote.stage === "regular") {
        hasRegular = true;
        regular = Math.min(regular, vote.closesAt);
      } else {
        hasOvertime = true;
        overtime = Math.min(overtime, vote.closesAt);
      }
    }
  }
  if (hasRegular) out.push(deadline(r.round, "vote", regular));
  if (hasOvertime) out.push(deadline(r.round, "overtime", overtime));
  if (threads === 0 && !r.voteOpened) out.push(deadline(r.round, "vote", r.voteDeadline + SECOND));
  let iou = Number.POSITIVE_INFINITY;
  let openIous = false;
  for (const i of r.ious) {
    if (i.status !== "open") continue;
    openIous = true;
    iou = Math.min(iou, i.deadline);
  }
  if (openIous) out.push(deadline(r.round, "iou", iou + SECOND));
  if (r.complaintsOpen && r.complaintDeadline !== null)
    out.push(deadline(r.round, "complaint", r.complaintDeadline + SECOND));
}

/** Fires one deadline and everything it causes. */
function fire(b: Batch, d: Deadline): void {
  const at = d.at;
  switch (d.kind) {
    case "open": {
      const rules = rulesOf(b.state);
      const plan = planFor(b.state, rules, d.round);
      const clock = roundClock(rules, at);
      emit(b, { type: "RoundOpened", at, round: d.round, plan, ...clock });
      // With no posts to wait for, the vote opens with the round.
      if (!hasPosts(plan)) emit(b, { type: "VoteOpened", at, round: d.round });
      break;
    }
    case "posting":
      releasePosts(b, at, d.round);
      break;
    case "vote": {
      const r = b.state.rounds[d.round];
      // A vote that never opened (its posts were held back past the deadline) opens and closes at once.
      if (r && !r.voteOpened) emit(b, { type: "VoteOpened", at, round: d.round });
      closeRegularVote(b, at, d.round);
      break;
    }
    case "overtime":
      closeOvertime(b, at, d.round);
      break;
    case "iou": {
      const r = b.state.rounds[d.round];
      failIous(
        b,
        at,
        d.round,
        (r?.ious ?? []).filter((iou) => iou.status === "open" && iou.deadline + SECOND <= at),
      );
      break;
    }
    case "complaint":
      emit(b, { type: "ComplaintWindowClosed", at, round: d.round, keepsFiled: true });
      break;
    case "night":
      resolveNight(b, at, d.round);
      break;
    case "last-words":
      endLastWords(b, at, d.round, false);
      break;
  }
  settle(b, at, d.round);
}

/** Fires, in time order, every deadline due at or before `now` (and whatever those cause). */
export function fireDue(b: Batch, now: Instant): void {
  for (let guard = 0; guard < 10_000; guard++) {
    if (b.state.status !== "running") return;
    // The caller's state is remembered (it outlives the decision); the states the batch passes through are not, as
    // they live for microseconds and remembering them would cost the collector more than computing does.
    const d = (
      b.events.length === 0
        ? knownPending(b.state)
        : (rememberedDeadlines(b.state) ?? computePending(b.state))
    )[0];
    if (!d || d.at > now) return;
    fire(b, d);
  }
  throw new Error("engine invariant: deadlines did not settle");
}
