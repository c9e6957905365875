// What is still open and could still change who is out: the referee's decisions the rules left to it, and IOUs.
import type { Seat } from "./contract.ts";
import type { GameState } from "./state.ts";

/**
 * A tie's places (`decide-tie`), a voted-out bomb's 领票人 (`decide-lead-voter`), or a complaint filed against a
 * released post (RuleComplaint), still to be decided.
 */
export type PendingDecision =
  | { kind: "tie"; round: number; house?: number }
  | { kind: "lead-voter"; round: number; bomb: Seat }
  | { kind: "complaint"; round: number; post: number };

/**
 * Open decisions that can still change who is out. A tie none of whose tied seats is alive puts nobody out (its places
 * shrink to the living tied, see decide-tie), and a 领票人 all of whose voters are out takes nobody along: neither can
 * change the outcome, so the end does not wait on them. A complaint filed in its round's window waits past it for the
 * referee's ruling; it lapses with its post, once voided another way.
 */
export function pendingDecisions(state: GameState): PendingDecision[] {
  const alive = (s: Seat) => state.seats[s]?.alive === true;
  const open: PendingDecision[] = [];
  for (const r of state.rounds) {
    if (!r) continue;
    const ties: [number, NonNullable<typeof r.tieBreak>][] = [
      ...(r.tieBreak ? [[1, r.tieBreak] as [number, NonNullable<typeof r.tieBreak>]] : []),
      ...Object.entries(r.houseTieBreaks ?? {}).map(([h, tb]) => [Number(h), tb] as [number, typeof tb]),
    ];
    for (const [house, tb] of ties) {
      const left = tb.referee;
      if (!left || left.decided || left.slots === 0) continue;
      // With none of the tied alive the decision can put nobody out.
      if (!left.seats.some(alive)) continue;
      open.push({ kind: "tie", round: r.round, ...(house !== 1 ? { house } : {}) });
    }
    for (const d of r.leadVoterDecisions ?? []) {
      if (d.decided === undefined && d.voters.some(alive))
        open.push({ kind: "lead-voter", round: r.round, bomb: d.bomb });
    }
    // Filed in the window, a complaint waits for its ruling past it too (decide-post.ts ruleOn).
    for (const post of r.complaintsFiled ?? []) {
      if (r.released?.some((p) => p.index === post && p.lapsed !== "voided"))
        open.push({ kind: "complaint", round: r.round, post });
    }
  }
  return open;
}

/**
 * An IOU not yet completed: failing it would put its poster out and bring its target back. Or a released post still
 * open to complaints that nobody has complained of yet (`complaint-window`): one filed and upheld before the deadline
 * would do the same (seed 000 「自杀贴发出至次日16点前哨群受理举报」, 「一经查证举报属实…当即宣判出帖者出局，被帖者复活」;
 * RULINGS 16). An ending that rested on such a post used to end the game at the release and shut the window.
 */
export type OpenQuestion =
  | PendingDecision
  | { kind: "iou"; round: number; post: number }
  | { kind: "complaint-window"; round: number; post: number };

/**
 * The referee's open decisions, then the open IOUs (seed 000 「如未按时补齐，则出贴者出局被帖者复活」), then the posts
 * still open to a first complaint. A post already complained of is a decision (above) or, once ruled on, no longer
 * holds an ending (a dismissed post complained of again is not waited for); a void post takes no complaint.
 */
export function openQuestions(state: GameState): OpenQuestion[] {
  const ious: OpenQuestion[] = [];
  const windows: OpenQuestion[] = [];
  for (const r of state.rounds) {
    if (!r) continue;
    for (const i of r.ious) if (i.status === "open") ious.push({ kind: "iou", round: r.round, post: i.post });
    if (!r.complaintsOpen) continue;
    for (const p of r.released ?? []) {
      // A post voided since its release (白条 failed, 举报 upheld, 作废杀帖) carries lapsed "voided" (evolve.ts).
      if (p.lapsed === "voided") continue;
      if (r.complaintsFiled?.includes(p.index) || r.complaintsRuled?.includes(p.index)) continue;
      windows.push({ kind: "complaint-window", round: r.round, post: p.index });
    }
  }
  return [...pendingDecisions(state), ...ious, ...windows];
}
