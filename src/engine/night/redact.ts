// What a viewer may see of 7kill's events: "无反馈" for killers, check results for the police only, no causes of death.
import type { Seat } from "../contract.ts";
import type { GameEvent } from "../events.ts";
import { roleById } from "../roles.ts";
import type { GameState } from "../state.ts";
import { actingRole } from "./bandit.ts";
import type { AbilityName, DayNightEvent } from "./types.ts";
import { DAY_NIGHT_EVENT_TYPES } from "./types.ts";

/** An event with fields left out. */
type Shown = { type: string; at: number; [key: string]: unknown };

function holds(state: GameState, seat: Seat | null, ability: AbilityName): boolean {
  if (seat === null || !state.rules || !state.seats[seat]) return false;
  return roleById(state.rules, actingRole(state, seat)).abilities.some((a) => a.ability === ability);
}

export function isDayNightEvent(e: GameEvent): e is DayNightEvent {
  return DAY_NIGHT_EVENT_TYPES.has(e.type);
}

/** A 7kill event for a seat or the public (the referee sees everything); null when it is none of the viewer's business. */
export function redactDayNightEvent(
  e: DayNightEvent,
  seat: Seat | null,
  state: GameState,
): DayNightEvent | Shown | null {
  switch (e.type) {
    case "AbilityUsed":
      return holds(state, seat, e.ability) ? e : null;
    case "CheckResult":
      // "验人结果只显示是好人或杀手" — to the police.
      return holds(state, seat, "check") ? e : null;
    case "NightResolved":
      // Protections, saves and needles are the referee's: "无反馈".
      return null;
    case "BanditShot":
      if (seat === e.seat) return e;
      return e.by === "day" ? { type: e.type, at: e.at, round: e.round, by: "day" } : null;
    case "BanditConverted":
      return seat === e.seat || (e.became !== null && holds(state, seat, "kill") && e.used === false)
        ? e
        : null;
    case "OffenceRecorded":
      // "此种情况处罚时不公开"
      return e.public || seat === e.seat ? e : null;
    default:
      return e;
  }
}

/** "所有出局者公布身份，不公布死因": PlayerOut without cause and actor where the rule set hides causes. */
export function hideCause(e: Extract<GameEvent, { type: "PlayerOut" }>, state: GameState): GameEvent | Shown {
  if (state.rules?.disclosure.cause !== false) return e;
  const { cause: _cause, by: _by, ...rest } = e;
  return rest;
}
