// The desk's 改定领票人 fields: the closed round, the bomb its vote put out, and the voter it takes instead.
import type { GameState } from "../../../src/engine/state.ts";
import { m } from "../i18n/index.ts";
import { leadVoterChoices } from "../lib/amend-lead-voter.ts";
import { ClosedRoundSelect } from "./AmendVoteOutFields.tsx";

export interface LeadVoterPick {
  round: number;
  /** -1 until chosen: the first bomb of the round is offered. */
  bomb: number;
  /** -1 until chosen. */
  leadVoter: number;
}

export function AmendLeadVoterFields(props: {
  state: GameState | null;
  rounds: readonly number[];
  pick: LeadVoterPick;
  label: (seat: number) => string;
  alive: (seat: number) => boolean;
  onChange: (pick: LeadVoterPick) => void;
}) {
  const { pick } = props;
  const bombs = leadVoterChoices(props.state, pick.round);
  const chosen = bombs.find((b) => b.bomb === pick.bomb) ?? bombs[0];
  return (
    <>
      <ClosedRoundSelect
        rounds={props.rounds}
        value={pick.round}
        name="lead-round"
        onChange={(round) => props.onChange({ round, bomb: -1, leadVoter: -1 })}
      />
      {chosen ? (
        <>
          <label className="field inline">
            <span className="field-label">{m.referee.amendLeadVoterBomb}</span>
            <select
              value={chosen.bomb}
              onChange={(e) => props.onChange({ ...pick, bomb: Number(e.target.value), leadVoter: -1 })}
              name="lead-bomb"
            >
              {bombs.map((b) => (
                <option key={b.bomb} value={b.bomb}>
                  {m.referee.amendLeadVoterBombOption(
                    props.label(b.bomb),
                    b.taken === null ? null : props.label(b.taken),
                  )}
                </option>
              ))}
            </select>
          </label>
          <label className="field inline">
            <span className="field-label">{m.referee.amendLeadVoterVoter}</span>
            <select
              value={pick.leadVoter}
              onChange={(e) =>
                props.onChange({ ...pick, bomb: chosen.bomb, leadVoter: Number(e.target.value) })
              }
              name="lead-voter"
              required
            >
              <option value={-1} disabled>
                {m.referee.amendLeadVoterChoose}
              </option>
              {chosen.voters
                .filter((v) => v !== chosen.taken)
                .map((v) => (
                  <option key={v} value={v} disabled={!props.alive(v)}>
                    {props.alive(v) ? props.label(v) : m.referee.amendLeadVoterOut(props.label(v))}
                  </option>
                ))}
            </select>
          </label>
        </>
      ) : (
        <p className="muted small">{m.referee.amendLeadVoterNone}</p>
      )}
      <p className="muted small">{m.referee.amendLeadVoterHint}</p>
    </>
  );
}
