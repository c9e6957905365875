// 夜晚行动 (7kill): the seat's abilities as the engine states them — a target among living seats, pass where allowed,
// the group's standing choice, the police's results, the doctor's protections — and the secret bandit's bullet by day.
import { type FormEvent, useState } from "react";
import type { NightYouView } from "../../../src/engine/night/redact.ts";
import type { NightAbility, SeatView } from "../../../src/server/api-types.ts";
import { api, errorText, requestId } from "../api/client.ts";
import type { LiveGame } from "../api/use-game.ts";
import { Countdown } from "../components/Countdown.tsx";
import { Notice } from "../components/Notice.tsx";
import { m } from "../i18n/index.ts";
import { engineOf } from "../lib/engine-view.ts";
import { clock, seatLabel } from "../lib/format.ts";

type Ability = NightYouView["abilities"][number];

const PASS = "pass";

export function NightActions({ game }: { game: LiveGame }) {
  const e = engineOf(game.view);
  const night = e?.you?.night ?? null;
  if (!e || !night || e.status === "ended") return null;
  const seats = game.view?.seats ?? [];
  const mySeat = e.you?.seat ?? null;
  const alive = seats.find((s) => s.seat === mySeat)?.alive === true;
  const open = (e.dayNight?.nights ?? []).find((n) => n.round === e.current && !n.resolved) ?? null;
  const bandit = night.bandit;
  // The bullet is the bandit's whatever the phase ("拥有一发子弹", RULINGS 22); the rest wait for the night.
  const shoot = night.abilities.find((a) => a.ability === "shoot");
  const nightly = night.abilities.filter((a) => a.ability !== "shoot");
  if (nightly.length === 0 && !bandit && night.checks.length === 0) return null;

  return (
    <section className="card night-actions" data-testid="night-actions">
      <h2>{m.night.title}</h2>
      {open ? <Countdown at={open.endsAt} label={m.night.nightEnds} /> : null}
      {!alive ? <Notice kind="info">{m.night.out}</Notice> : null}
      {alive && nightly.length > 0 && !open ? <p className="muted small">{m.night.notNight}</p> : null}
      {alive && open
        ? nightly.map((a) => (
            <AbilityForm
              key={a.ability}
              game={game}
              ability={a}
              seats={seats}
              night={night}
              round={open.round}
            />
          ))
        : null}
      {bandit ? (
        <div className="stack" data-testid="bandit">
          <h3>{m.night.banditTitle}</h3>
          {bandit.shot ? <p>{m.night.bulletSpent(seatLabel(seats, bandit.shot.target))}</p> : null}
          {bandit.became ? (
            <p className="muted small">{m.night.became(m.night.roleName(bandit.became))}</p>
          ) : null}
          {alive && shoot && bandit.bulletLeft ? (
            <>
              <p className="muted small">{m.night.bulletLeft}</p>
              {!bandit.became ? (
                <p className="small" data-testid="bandit-deadline">
                  {m.night.banditDeadline(bandit.decidesAfterDay, e.current)}
                </p>
              ) : null}
              <AbilityForm game={game} ability={shoot} seats={seats} night={night} round={e.current} />
            </>
          ) : null}
        </div>
      ) : null}
      {night.abilities.some((a) => a.ability === "check") || night.checks.length > 0 ? (
        <div data-testid="night-checks">
          <h3>{m.night.checks}</h3>
          {night.checks.length === 0 ? <p className="empty small">{m.night.noChecks}</p> : null}
          <ul className="plain">
            {night.checks.map((c) => (
              <li key={c.round} className={c.result === "killer" ? "check-killer" : "check-good"}>
                {m.night.checkLine(c.round, seatLabel(seats, c.target), c.result === "killer")}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <History night={night} seats={seats} current={open?.round ?? null} />
    </section>
  );
}

function AbilityForm({
  game,
  ability,
  seats,
  night,
  round,
}: {
  game: LiveGame;
  ability: Ability;
  seats: SeatView[];
  night: NightYouView;
  round: number;
}) {
  const [choice, setChoice] = useState("");
  const [busy, setBusy] = useState(false);
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const targets = seats.filter((s) => s.alive && !ability.notTargets.includes(s.seat));
  const standing = night.actions.find((a) => a.round === round && a.ability === ability.ability) ?? null;
  const name = m.night.ability(ability.ability);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (choice === "") return;
    const target = choice === PASS ? null : Number(choice);
    if (
      ability.ability === "shoot" &&
      target !== null &&
      !window.confirm(m.night.confirmShoot(seatLabel(seats, target)))
    )
      return;
    setBusy(true);
    setOk(null);
    setError(null);
    try {
      await api.nightAction(game.data!.game.id, {
        requestId: requestId(),
        action: ability.ability as NightAbility,
        target,
      });
      setOk(m.night.sent);
      void game.reload();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} data-testid={`night-form-${ability.ability}`}>
      <h3>{name}</h3>
      {ability.together ? <p className="muted small">{m.night.together}</p> : null}
      {ability.ability === "kill" ? <p className="muted small">{m.night.noFeedback}</p> : null}
      {!ability.mayPass && ability.ability !== "shoot" ? (
        <p className="muted small">{m.night.mustAct}</p>
      ) : null}
      {ability.ability !== "shoot" ? (
        <p data-testid={`night-standing-${ability.ability}`}>
          {standing === null
            ? m.night.none
            : standing.target === null
              ? m.night.standingPass(seatLabel(seats, standing.by), clock(standing.at))
              : m.night.standing(
                  seatLabel(seats, standing.target),
                  seatLabel(seats, standing.by),
                  clock(standing.at),
                )}
        </p>
      ) : null}
      <label className="field">
        <span className="field-label">{m.night.target}</span>
        <select
          value={choice}
          onChange={(ev) => setChoice(ev.target.value)}
          required
          data-testid={`night-target-${ability.ability}`}
        >
          <option value="" disabled>
            {m.night.chooseTarget}
          </option>
          {ability.mayPass ? <option value={PASS}>{m.night.pass}</option> : null}
          {targets.map((s) => (
            <option key={s.seat} value={String(s.seat)}>
              {seatLabel(seats, s.seat)}
            </option>
          ))}
        </select>
      </label>
      <Notice kind="error">{error}</Notice>
      <Notice kind="ok">{ok}</Notice>
      <button
        type="submit"
        className={ability.ability === "shoot" ? "btn danger" : "btn primary"}
        disabled={busy || choice === ""}
        data-testid={`night-submit-${ability.ability}`}
      >
        {m.night.submit(ability.ability)}
      </button>
    </form>
  );
}

/** Past nights' standing choices: the killers' group choices, the police's checks, the doctor's protections. */
function History({
  night,
  seats,
  current,
}: {
  night: NightYouView;
  seats: SeatView[];
  current: number | null;
}) {
  const past = night.actions.filter((a) => a.round !== current && a.ability !== "shoot");
  if (past.length === 0) return null;
  return (
    <details>
      <summary>{m.night.history}</summary>
      <ul className="plain small">
        {past.map((a) => (
          <li key={`${a.round}-${a.ability}`}>
            {m.night.historyLine(
              a.round,
              m.night.ability(a.ability),
              a.target === null ? m.night.pass : seatLabel(seats, a.target),
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
