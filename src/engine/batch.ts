// A decision in progress: events emitted so far and the state they fold into, so each step sees what came before.
import { type GameEvent, isSigned } from "./events.ts";
import { foldEvent } from "./evolve.ts";
import type { GameState } from "./state.ts";

export interface Batch {
  state: GameState;
  readonly events: GameEvent[];
  /** The state before each event, then the last: decide hands these folds on to evolve (fold-memo.ts). */
  readonly states: GameState[];
  /** While a referee's command is decided: the alias its acts are signed with (events.ts `Signed`). */
  signedBy?: string | undefined;
}

export function newBatch(state: GameState): Batch {
  return { state, events: [], states: [state] };
}

/** Records an event and folds it at once. */
export function emit(batch: Batch, emitted: GameEvent): void {
  const by = batch.signedBy;
  // Only a referee's command sets signedBy, so the ballots it signs are its 托票.
  const event = by !== undefined && isSigned(emitted) ? { ...emitted, referee: by } : emitted;
  batch.events.push(event);
  batch.state = foldEvent(batch.state, event);
  batch.states.push(batch.state);
}
