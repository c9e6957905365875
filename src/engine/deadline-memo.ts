// The pending deadlines remembered per state (src/engine/deadlines.ts computes them). Its own module so that evolve can
// hand a state's list on to the state a vote folds into: a ballot changes no deadline.
import type { Deadline } from "./deadlines.ts";
import type { GameState } from "./state.ts";

const byState = new WeakMap<GameState, readonly Deadline[]>();

export function rememberedDeadlines(state: GameState): readonly Deadline[] | undefined {
  return byState.get(state);
}

export function rememberDeadlines(state: GameState, deadlines: readonly Deadline[]): void {
  byState.set(state, deadlines);
}

/** `to` has the same pending deadlines as `from` (the caller knows the fold between them changed none). */
export function carryDeadlines(from: GameState, to: GameState): void {
  const known = byState.get(from);
  if (known) byState.set(to, known);
}
