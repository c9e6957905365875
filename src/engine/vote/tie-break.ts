// After a tie: what comes next (overtime, duel, final tie-break) and the final tie-break itself (RULINGS.md 11, seed 001 duel).
import type { VoteSettings } from "../../rules/schema.ts";
import type { Seat, TallyEntry, TallyResult, VoteKind } from "./types.ts";

/** What the caller runs when a vote of `kind` ends in a tie. Pure, total. */
export type AfterTie = "overtime" | "duel" | "final-tie-break";

/**
 * A regular vote's tie goes to the duel when the rule set has one (7kill 高票对决), else to overtime when it has one
 * (平票加时), else straight to the final tie-break. An overtime's or a duel's tie goes to `resolveTie`.
 */
export function afterTie(settings: VoteSettings, kind: VoteKind): AfterTie {
  if (kind !== "regular") return "final-tie-break";
  if (settings.duel !== null) return "duel";
  if (settings.overtimeMinutes !== null) return "overtime";
  return "final-tie-break";
}

export interface TieBreak {
  /** The rule applied: settings.finalTieBreak, or the duel's tie outcome. */
  rule: VoteSettings["finalTieBreak"] | "duel-nobody-out" | "no-tie";
  /** Tied seats that go out (in addition to `result.out`), in the order the rule put them. */
  out: Seat[];
  /** What is left for the referee to decide: `slots` of `seats`. */
  referee: { seats: Seat[]; slots: number; reason: "referee-rule" | "times-equal" | "no-votes" } | null;
}

/**
 * The final tie-break over `result.tie` (the tally of the last vote held: the overtime's, or the regular vote's when there
 * is no overtime). Pure, total. Uses only that tally's entries, i.e. the votes standing at its deadline:
 * - first-reached (先到先出): earliest `reachedAt` (the date of the vote that brought the seat to its final count, a changed
 *   vote dated at its change), then earliest `reachedIndex` (receipt order);
 * - first-vote-earliest: earliest `firstAt` (the earliest-dated counted standing vote on the seat), then `firstIndex`;
 * - all-out: every tied seat goes out, even beyond the open places; nobody-out: none does;
 * - referee: the referee chooses.
 * A duel's tie is settled by settings.duel.tieOutcome (nobody out). Seats still level on both keys (one multi-vote cast
 * completing both counts) or with no votes at all are left to the referee.
 */
export function resolveTie(settings: VoteSettings, kind: VoteKind, result: TallyResult): TieBreak {
  const tie = result.tie;
  if (tie === null) return { rule: "no-tie", out: [], referee: null };
  if (kind === "duel") return { rule: "duel-nobody-out", out: [], referee: null };
  const rule = settings.finalTieBreak;
  switch (rule) {
    case "all-out":
      return { rule, out: [...tie.seats], referee: null };
    case "nobody-out":
      return { rule, out: [], referee: null };
    case "referee":
      return { rule, out: [], referee: { seats: [...tie.seats], slots: tie.slots, reason: "referee-rule" } };
    case "first-reached":
      return byTimes(rule, tie, result.entries, (e) => [e.reachedAt, e.reachedIndex]);
    case "first-vote-earliest":
      return byTimes(rule, tie, result.entries, (e) => [e.firstAt, e.firstIndex]);
  }
}

function byTimes(
  rule: "first-reached" | "first-vote-earliest",
  tie: { seats: Seat[]; slots: number },
  entries: TallyEntry[],
  key: (e: TallyEntry) => [number, number],
): TieBreak {
  const tied = entries.filter((e) => tie.seats.includes(e.seat));
  if (tied.length === 0 || tied.every((e) => e.halves === 0)) {
    return { rule, out: [], referee: { seats: [...tie.seats], slots: tie.slots, reason: "no-votes" } };
  }
  const cmp = (a: TallyEntry, b: TallyEntry): number => {
    const [at, ai] = key(a);
    const [bt, bi] = key(b);
    return at - bt || ai - bi;
  };
  const ordered = [...tied].sort((a, b) => cmp(a, b) || a.seat - b.seat);
  const boundary = ordered[tie.slots - 1];
  const next = ordered[tie.slots];
  if (boundary === undefined || next === undefined || cmp(boundary, next) !== 0) {
    return { rule, out: ordered.slice(0, tie.slots).map((e) => e.seat), referee: null };
  }
  const level = ordered.filter((e) => cmp(e, boundary) === 0);
  const out = ordered.filter((e) => cmp(e, boundary) < 0).map((e) => e.seat);
  return {
    rule,
    out,
    referee: { seats: level.map((e) => e.seat), slots: tie.slots - out.length, reason: "times-equal" },
  };
}
