// Deadlines: what is due and when (pendingDeadlines), and firing them in time order (Tick and every command's receipt).
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import { SECOND } from "./clock.ts";
import type { Instant } from "./contract.ts";
import { openThreads } from "./houses.ts";
import { endLastWords, phaseDeadlines, resolveNight } from "./night/night.ts";
import { putOut, reviveTargetOf } from "./outs.ts";
import { hasPosts, planFor, progressionCovers } from "./plan.ts";
import { releasePosts } from "./release.ts";
import { roundClock, roundOpensAt } from "./schedule.ts";
import { settle } from "./settle.ts";
import type { GameState } from "./state.ts";
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

/** Every deadline still to fire, sorted by time (then round, then kind). Pure. */
export function pendingDeadlines(state: GameState): Deadline[] {
  if (state.status !== "running" || !state.rules) return [];
  const rules = state.rules;
  const out: Deadline[] = [];
  const add = (round: number, kind: DeadlineKind, at: Instant) =>
    out.push({ key: `round:${round}:${kind}`, at, round, kind });

  for (const r of state.rounds) {
    if (!r) continue;
    if (!r.released) add(r.round, "posting", r.postingClosesAt + SECOND);
    // 两府制: the houses share the vote deadline; each house in overtime has its own (the earliest is due first).
    const threads = openThreads(r);
    for (const stage of ["regular", "overtime"] as const) {
      const due = threads.filter((t) => t.vote.stage === stage).map((t) => t.vote.closesAt);
      if (due.length > 0) add(r.round, stage === "overtime" ? "overtime" : "vote", Math.min(...due));
    }
    if (threads.length === 0 && !r.voteOpened) add(r.round, "vote", r.voteDeadline + SECOND);
    const open = r.ious.filter((i) => i.status === "open");
    if (open.length > 0) add(r.round, "iou", Math.min(...open.map((i) => i.deadline)) + SECOND);
    if (r.complaintsOpen && r.complaintDeadline !== null)
      add(r.round, "complaint", r.complaintDeadline + SECOND);
  }

  const next = state.current + 1;
  // Day-night games: each phase starts where the one before ended (src/engine/night).
  if (rules.schedule.kind === "day-night") out.push(...phaseDeadlines(state));
  else if (rules.win.kind === "elimination" || progressionCovers(rules, next)) {
    const prev = state.rounds[state.current];
    // A referee's extension of the previous vote moves the next round's start with it.
    const scheduled = roundOpensAt(rules, state.start, next);
    add(next, "open", prev ? Math.max(scheduled, prev.voteDeadline) : scheduled);
  }
  return out.sort((a, b) => a.at - b.at || a.round - b.round || ORDER[a.kind] - ORDER[b.kind]);
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
      for (const iou of r?.ious ?? []) {
        if (iou.status !== "open" || iou.deadline + SECOND > at) continue;
        // Seed 000: "如未按时补齐，则出贴者出局被帖者复活。"
        emit(b, {
          type: "IouFailed",
          at,
          round: d.round,
          post: iou.post,
          poster: iou.poster,
          target: iou.target,
        });
        putOut(b, at, d.round, iou.poster, "iou", { post: iou.post });
        reviveTargetOf(b, at, d.round, iou.post, "iou");
      }
      break;
    }
    case "complaint":
      emit(b, { type: "ComplaintWindowClosed", at, round: d.round });
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
    const d = pendingDeadlines(b.state)[0];
    if (!d || d.at > now) return;
    fire(b, d);
  }
  throw new Error("engine invariant: deadlines did not settle");
}
