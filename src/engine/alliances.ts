// 联合: alliance triggers, evaluated against the state; an alliance fires the moment its trigger holds.
import type { Trigger } from "../rules/schema.ts";
import { mergesAlreadyDone } from "./groups.ts";
import { memoOn } from "./memo.ts";
import type { GameState } from "./state.ts";
import { rulesOf } from "./state.ts";

/** A trigger kind that reads any other part of the state must be added to nextAlliance's remembered inputs. */
export function triggerHolds(state: GameState, t: Trigger): boolean {
  switch (t.kind) {
    case "out-count":
      return state.seats.filter((s) => !s.alive && t.roles.includes(s.role)).length >= t.atLeast;
    case "after-round-posts":
      return state.rounds.some((r) => r !== undefined && r.round >= t.round && r.released !== null);
    case "after-round":
      // Round k has ended once its vote has closed, or once round k+1 has opened: that opens at the stated deadline
      // while round k's vote may still run (加时, its closing second), and its posts need the merged unit.
      return (
        state.current > t.round || state.rounds.some((r) => r !== undefined && r.round >= t.round && r.closed)
      );
    case "bomb-fired-or-out":
      return state.seats.some((s) => s.role === t.role && (!s.alive || state.bombsFired.includes(s.seat)));
    case "alliance-fired":
      return state.alliances.some((a) => a.id === t.alliance);
    case "any":
      return t.of.some((x) => triggerHolds(state, x));
    case "all":
      return t.of.every((x) => triggerHolds(state, x));
  }
}

/**
 * Triggers read the seats, the bombs fired, the alliances formed, which rounds' posts are out and which rounds have
 * ended; settle asks after every command, and a vote changes none of them. "after-round-posts" holds iff the latest
 * round with its posts out is at or after the named round, and "after-round" iff the latest round ended is, so those
 * two round numbers stand for the rounds.
 */
const nextMemo = memoOn<GameState["seats"], { id: string; name: string } | null>();

function latestReleasedRound(state: GameState): number {
  for (let i = state.rounds.length - 1; i >= 0; i--) {
    const r = state.rounds[i];
    if (r !== undefined && r.released !== null) return r.round;
  }
  return -1;
}

function latestClosedRound(state: GameState): number {
  for (let i = state.rounds.length - 1; i >= 0; i--) {
    const r = state.rounds[i];
    if (r?.closed) return r.round;
  }
  return -1;
}

/** The first alliance, in rule-set order, that has not fired and whose trigger holds now. */
export function nextAlliance(state: GameState): { id: string; name: string } | null {
  const rules = rulesOf(state);
  if (rules.alliances.length === 0) return null;
  const next = nextMemo.get(
    state.seats,
    [
      rules,
      state.bombsFired,
      state.alliances,
      latestReleasedRound(state),
      latestClosedRound(state),
      state.current,
    ],
    () => firstAllianceDue(state),
  );
  return next && { ...next };
}

function firstAllianceDue(state: GameState): { id: string; name: string } | null {
  for (const a of rulesOf(state).alliances) {
    if (state.alliances.some((f) => f.id === a.id)) continue;
    // Already inside a larger merge: firing it would split nothing off, but rename the group (losing its turn
    // order, 「综合一起轮流出帖」) and announce a 联合 that changes nothing.
    if (mergesAlreadyDone(state, a.effects)) continue;
    if (triggerHolds(state, a.when)) return { id: a.id, name: a.name };
  }
  return null;
}
