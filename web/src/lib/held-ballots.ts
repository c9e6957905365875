// Rebuilds each vote thread's whole ballot list from a live stream's views, which list only the new ballots.
import type { GameView } from "../../../src/server/api-types.ts";
import type { BallotView, EngineView, RoundView, VoteView } from "./engine-view.ts";

/** Each thread's ballots as this page holds them, by thread key (`round/house`, as the server keys them). */
export type HeldBallots = ReadonlyMap<string, BallotView[]>;

export const noBallotsHeld: HeldBallots = new Map();

/**
 * The stream's view with every thread's whole list (the held ballots, then the view's new ones), and what to
 * hold for the next view of the same stream. Null when the view lists ballots after some this page does not
 * hold: it cannot be shown whole, and the page should fetch the whole view instead.
 */
export function fillBallots(
  view: GameView | null,
  held: HeldBallots,
): { view: GameView | null; held: HeldBallots } | null {
  const engine = view?.engine as EngineView | undefined;
  if (!view || !engine || !Array.isArray(engine.rounds)) return { view, held: noBallotsHeld };
  const next = new Map<string, BallotView[]>();
  const fill = (round: number, house: number, vote: VoteView | null): VoteView | null | undefined => {
    if (!vote) return vote;
    const key = `${round}/${house}`;
    const done = next.get(key);
    // House 1's thread is both `vote` and the first of `houses`: the second time, it lists the same new ballots.
    if (done) return { ...vote, casts: done, castsFrom: 0 };
    const from = vote.castsFrom;
    const before = from === 0 ? [] : held.get(key);
    if (!before || before.length !== from) return undefined;
    const casts = from === 0 ? vote.casts : [...before, ...vote.casts];
    next.set(key, casts);
    return { ...vote, casts, castsFrom: 0 };
  };
  const rounds: RoundView[] = [];
  for (const r of engine.rounds) {
    const vote = fill(r.round, r.house, r.vote);
    if (vote === undefined) return null;
    let houses = r.houses;
    if (houses) {
      const filled: NonNullable<RoundView["houses"]> = [];
      for (const h of houses) {
        const v = fill(r.round, h.house, h.vote);
        if (v === undefined) return null;
        filled.push({ ...h, vote: v });
      }
      houses = filled;
    }
    rounds.push({ ...r, vote, houses });
  }
  return { view: { ...view, engine: { ...engine, rounds } }, held: next };
}
