// 指定出帖人 on the referee's desk: the units posting in turn this round, their turns, and the members who may take one.
import { type Turn, unitMembers, unitQuotas, unitTurns } from "../../../src/engine/groups.ts";
import type { GameState } from "../../../src/engine/state.ts";

export interface UnitTurnChoice {
  unit: string;
  /** The unit's turns this round in rotation order, the referee's rulings applied, each taken or open. */
  turns: Turn[];
  /** The unit's living members in code order (a merged group's turns may go in another): the seats a turn may go to. */
  members: number[];
}

/**
 * From the full state the referee's page holds: each unit with posts in the current round's window, going in code
 * order (not one choosing its own posters), that still has an open turn. Empty once the round's posts are out.
 */
export function turnChoices(state: GameState | null): UnitTurnChoice[] {
  const r = state?.rounds[state.current];
  if (!state?.rules || !r || r.released) return [];
  const out: UnitTurnChoice[] = [];
  for (const unit of unitQuotas(state, r.plan).keys()) {
    const turns = unitTurns(state, r, unit);
    if (!turns?.some((t) => !t.taken)) continue;
    out.push({ unit, turns, members: unitMembers(state, unit) });
  }
  return out;
}
