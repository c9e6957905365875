// The folds of the last decision: decide folds each event it emits, and its caller folds the same events into the
// same state again; evolve answers those from here instead of folding twice. Still pure: a fold of a state and an
// event is a value, so the remembered result is the one a fresh fold would give (events are never mutated).
import type { GameEvent } from "./events.ts";
import type { GameState } from "./state.ts";

/** `states[i]` is the state events[i] was folded into; `states[i + 1]` what it gave. Only the last decision is kept. */
let last: { events: readonly GameEvent[]; states: readonly GameState[] } | null = null;

export function rememberFolds(events: readonly GameEvent[], states: readonly GameState[]): void {
  last = events.length > 0 ? { events: events.slice(), states } : null;
}

/** The fold of `event` into `state` if the last decision made exactly that fold, else undefined. */
export function recalledFold(state: GameState, event: GameEvent): GameState | undefined {
  if (last === null) return undefined;
  const { events, states } = last;
  for (let i = 0; i < events.length; i++) {
    if (events[i] === event) return states[i] === state ? states[i + 1] : undefined;
  }
  return undefined;
}
