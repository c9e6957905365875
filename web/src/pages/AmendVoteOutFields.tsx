// The desk's 改判票杀 fields: the closed round (and house), and the seats its vote puts out after the ruling; the
// closed-round picker 改定领票人 shares.

import { formatVotes } from "../../../src/app/results-post.ts";
import { m } from "../i18n/index.ts";
import { amendableRounds, amendCandidates, tallyHouses } from "../lib/amend-vote-out.ts";
import type { EngineView } from "../lib/engine-view.ts";

export interface AmendChoice {
  round: number;
  house: number;
  /** null: not touched yet, so the seats out now by that vote stand ticked. */
  out: number[] | null;
}

/** The seats the ruling puts out: the ticks, or the round's voted out while none was touched. */
export function amendOut(engine: EngineView | null, choice: AmendChoice): number[] {
  if (choice.out !== null) return choice.out;
  if (!engine) return [];
  return amendCandidates(engine, choice.round, choice.house)
    .filter((c) => c.votedOut)
    .map((c) => c.seat);
}

export function AmendVoteOutFields(props: {
  engine: EngineView | null;
  choice: AmendChoice;
  label: (seat: number) => string;
  onChange: (choice: AmendChoice) => void;
}) {
  const { engine, choice } = props;
  const rounds = engine ? amendableRounds(engine.rounds) : [];
  if (!engine || rounds.length === 0) return <p className="muted small">{m.referee.amendVoteOutNone}</p>;
  const houses = tallyHouses(engine.rounds.find((r) => r.round === choice.round));
  const chosen = amendOut(engine, choice);
  const toggle = (seat: number) =>
    props.onChange({
      ...choice,
      out: chosen.includes(seat) ? chosen.filter((s) => s !== seat) : [...chosen, seat],
    });
  return (
    <>
      <ClosedRoundSelect
        rounds={rounds}
        value={choice.round}
        name="amend-round"
        onChange={(round) => props.onChange({ round, house: 1, out: null })}
      />
      {houses.length > 1 ? (
        <label className="field inline">
          <span className="field-label">{m.referee.amendVoteOutHouse}</span>
          <select
            value={choice.house}
            onChange={(e) => props.onChange({ ...choice, house: Number(e.target.value), out: null })}
            name="amend-house"
          >
            {houses.map((h) => (
              <option key={h} value={h}>
                {m.referee.amendVoteOutHouseOption(h)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p className="muted small">{m.referee.amendVoteOutHint}</p>
      <div className="actions" data-testid="amend-vote-out-seats">
        {amendCandidates(engine, choice.round, choice.house).map((c) => (
          <label key={c.seat} className="check">
            <input
              type="checkbox"
              checked={chosen.includes(c.seat)}
              disabled={c.outOtherwise}
              onChange={() => toggle(c.seat)}
            />{" "}
            {m.referee.amendVoteOutSeat(
              props.label(c.seat),
              formatVotes(c.votes),
              c.votedOut,
              c.outOtherwise,
            )}
          </label>
        ))}
      </div>
    </>
  );
}

/** Which closed round a correction is about (改判票杀, 改定领票人): newest first. */
export function ClosedRoundSelect(props: {
  rounds: readonly number[];
  value: number;
  name: string;
  onChange: (round: number) => void;
}) {
  return (
    <label className="field inline">
      <span className="field-label">{m.referee.amendVoteOutRound}</span>
      <select value={props.value} onChange={(e) => props.onChange(Number(e.target.value))} name={props.name}>
        {props.rounds.map((r) => (
          <option key={r} value={r}>
            {m.referee.amendVoteOutRoundOption(r)}
          </option>
        ))}
      </select>
    </label>
  );
}
