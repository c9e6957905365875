// A decision in progress: events emitted so far and the state they fold into, so each step sees what came before.
import type { GameEvent } from "./events.ts";
import { evolve } from "./evolve.ts";
import type { GameState } from "./state.ts";

export interface Batch {
  state: GameState;
  readonly events: GameEvent[];
}

export function newBatch(state: GameState): Batch {
  return { state, events: [] };
}

/** Records an event and folds it at once. */
export function emit(batch: Batch, event: GameEvent): void {
  batch.events.push(event);
  batch.state = evolve(batch.state, event);
}
