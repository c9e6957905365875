// The desk's 指定出帖人 fields: the unit posting in turn, the open turn it gives away, and the member who takes it.
import type { GameState } from "../../../src/engine/state.ts";
import { m } from "../i18n/index.ts";
import { turnChoices } from "../lib/assign-turn.ts";

export interface TurnPick {
  /** "" until chosen: the first unit with an open turn is offered. */
  unit: string;
  /** -1 until chosen: the unit's first open turn. */
  from: number;
  /** -1 until chosen. */
  seat: number;
}

/** The pick with its defaults filled in from the choices (the first unit, its first open turn), or null for none. */
export function resolveTurnPick(
  state: GameState | null,
  pick: TurnPick,
): { unit: string; from: number; seat: number } | null {
  const units = turnChoices(state);
  const chosen = units.find((u) => u.unit === pick.unit) ?? units[0];
  const from = pick.from >= 0 ? pick.from : chosen?.turns.find((t) => !t.taken)?.seat;
  if (!chosen || from === undefined) return null;
  return { unit: chosen.unit, from, seat: pick.seat };
}

export function AssignTurnFields(props: {
  state: GameState | null;
  pick: TurnPick;
  label: (seat: number) => string;
  unitName: (unit: string) => string;
  onChange: (pick: TurnPick) => void;
}) {
  const units = turnChoices(props.state);
  const resolved = resolveTurnPick(props.state, props.pick);
  const chosen = units.find((u) => u.unit === resolved?.unit);
  if (!chosen || !resolved) return <p className="muted small">{m.referee.assignTurnNone}</p>;
  // One option per seat holding an open turn (a seat with two turns gives the first).
  const open = chosen.turns.filter(
    (t, i) => !t.taken && chosen.turns.findIndex((x) => !x.taken && x.seat === t.seat) === i,
  );
  return (
    <>
      <label className="field inline">
        <span className="field-label">{m.referee.assignTurnUnit}</span>
        <select
          value={chosen.unit}
          onChange={(e) => props.onChange({ unit: e.target.value, from: -1, seat: -1 })}
          name="turn-unit"
        >
          {units.map((u) => (
            <option key={u.unit} value={u.unit}>
              {props.unitName(u.unit)}
            </option>
          ))}
        </select>
      </label>
      <label className="field inline">
        <span className="field-label">{m.referee.assignTurnFrom}</span>
        <select
          value={resolved.from}
          onChange={(e) => props.onChange({ unit: chosen.unit, from: Number(e.target.value), seat: -1 })}
          name="turn-from"
        >
          {open.map((t) => (
            <option key={t.seat} value={t.seat}>
              {m.referee.assignTurnFromOption(
                props.label(t.seat),
                t.assignedFrom === undefined ? null : props.label(t.assignedFrom),
              )}
            </option>
          ))}
        </select>
      </label>
      <label className="field inline">
        <span className="field-label">{m.referee.assignTurnSeat}</span>
        <select
          value={props.pick.seat}
          onChange={(e) =>
            props.onChange({ unit: chosen.unit, from: resolved.from, seat: Number(e.target.value) })
          }
          name="turn-seat"
          required
        >
          <option value={-1} disabled>
            {m.referee.assignTurnChoose}
          </option>
          {chosen.members
            .filter((s) => s !== resolved.from)
            .map((s) => (
              <option key={s} value={s}>
                {props.label(s)}
              </option>
            ))}
        </select>
      </label>
    </>
  );
}
