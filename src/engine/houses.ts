// 两府制 (two houses): which vote thread a seat votes in, each house's open thread in a round, and its vote-out count.
import type { RuleSet } from "../rules/schema.ts";
import type { Seat } from "./contract.ts";
import type { GameState, RoundState, VoteState } from "./state.ts";

/** How many vote threads run side by side: 2 under 两府制 (score rule `win.houses`), else 1. */
export function houseCount(rules: RuleSet): number {
  return rules.win.kind === "score" ? rules.win.houses : 1;
}

/** The house a seat votes in (1 when the game has one thread or the seat names none). */
export function houseOfSeat(state: GameState, seat: Seat): number {
  const rules = state.rules;
  if (!rules || houseCount(rules) === 1) return 1;
  return state.seats[seat]?.house ?? 1;
}

/** Every house number of the game: [1] or [1, 2]. */
export function housesOf(rules: RuleSet): number[] {
  return Array.from({ length: houseCount(rules) }, (_, i) => i + 1);
}

/** The house's thread in a round: house 1 is `r.vote` (so single-thread readers keep working), others `r.houseVotes`. */
export function threadOf(r: RoundState, house: number): VoteState | null {
  return house === 1 ? r.vote : (r.houseVotes?.[house] ?? null);
}

/** The round with the house's thread replaced. */
export function withThread(r: RoundState, house: number, vote: VoteState | null): RoundState {
  return house === 1 ? { ...r, vote } : { ...r, houseVotes: { ...r.houseVotes, [house]: vote } };
}

/** Every thread of the round still open, by house. */
export function openThreads(r: RoundState): { house: number; vote: VoteState }[] {
  const out: { house: number; vote: VoteState }[] = [];
  if (r.vote) out.push({ house: 1, vote: r.vote });
  for (const [h, v] of Object.entries(r.houseVotes ?? {})) if (v) out.push({ house: Number(h), vote: v });
  return out;
}

/** The round's threads, each changed by `f` (an override or an extension that applies to every house). */
export function mapThreads(r: RoundState, f: (v: VoteState, house: number) => VoteState): RoundState {
  let next = r;
  for (const { house, vote } of openThreads(r)) next = withThread(next, house, f(vote, house));
  return next;
}

/** How many the house votes out this round (`win.houseVoteOut`): the whole count, or its share of a split. */
export function houseVoteOut(rules: RuleSet, voteOut: number, house: number): number {
  const n = houseCount(rules);
  if (n === 1 || rules.win.kind !== "score" || rules.win.houseVoteOut === "each") return voteOut;
  const base = Math.floor(voteOut / n);
  return base + (house <= voteOut % n ? 1 : 0);
}
