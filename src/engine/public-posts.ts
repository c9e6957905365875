// Public post numbers: how players name a released kill post without learning when it was handed in.
//
// A post's engine index is its place in the round's submissions (KillPostSubmitted's order), so it tells who posted
// first across groups and, by a gap, that a post was voided before the release (几方同步发帖 keeps both secret). Players
// see instead the post's place among the round's released posts in an order made of public facts only: its unit in
// the plan's order, then its target seat; the hand-in index breaks a tie only between posts of one unit on one target.

import type { ReleasedPost } from "./events.ts";
import type { RoundState } from "./state.ts";

type Round = Pick<RoundState, "plan" | "released">;

/** The round's released posts in public order (position = public number); empty before the release. */
export function publicPostOrder(round: Round): readonly ReleasedPost[] {
  const released = round.released;
  if (!released) return [];
  // The plan is public (the view shows it), and so is the order of its units.
  const units = [...Object.keys(round.plan.posts), ...Object.keys(round.plan.extraPosts)];
  const rank = (unit: string): number => {
    const i = units.indexOf(unit);
    return i < 0 ? units.length : i;
  };
  return [...released].sort(
    (a, b) =>
      rank(a.unit) - rank(b.unit) ||
      (a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : 0) ||
      a.target - b.target ||
      a.index - b.index,
  );
}

/** The public number (0-based) of the released post at engine `index`; null when no such post was released. */
export function publicPostNumber(round: Round | undefined, index: number): number | null {
  if (!round) return null;
  const n = publicPostOrder(round).findIndex((p) => p.index === index);
  return n < 0 ? null : n;
}

/** The engine index of the released post players call `n`; null when the round has no such released post. */
export function postIndexOfPublic(round: Round | undefined, n: number): number | null {
  if (!round || !Number.isInteger(n) || n < 0) return null;
  return publicPostOrder(round)[n]?.index ?? null;
}

/** Engine index → public number for every released post of the round (one sort for many look-ups). */
export function publicNumbering(round: Round | undefined): ReadonlyMap<number, number> {
  return new Map(round ? publicPostOrder(round).map((p, n) => [p.index, n]) : []);
}
