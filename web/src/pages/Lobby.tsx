// The lobby: games open for sign-up, running and finished; opening a new game for signed-in users.

import { type FormEvent, useEffect, useState } from "react";
import type { GameListItem, PresetInfo, RuleProblem } from "../../../src/server/api-types.ts";
import { ALIAS_MAX } from "../../../src/server/field-limits.ts";
import { ApiFailure, api, errorText } from "../api/client.ts";
import { useSession } from "../api/session.tsx";
import { LengthHint } from "../components/LengthHint.tsx";
import { Notice } from "../components/Notice.tsx";
import { m } from "../i18n/index.ts";
import { dateTime } from "../lib/format.ts";
import { signupFull } from "../lib/report-notice.ts";
import { Link, navigate } from "../router.tsx";

// 筹备中 games come only to their own referees (the server lists a draft to nobody else): shown when there are any.
const GROUPS: { title: string; statuses: GameListItem["status"][]; onlyIfAny?: boolean }[] = [
  { title: m.lobby.drafts, statuses: ["draft"], onlyIfAny: true },
  { title: m.lobby.signup, statuses: ["signup"] },
  { title: m.lobby.running, statuses: ["closed", "running"] },
  { title: m.lobby.ended, statuses: ["ended"] },
];

/** docs/rulesets.md as the server sends it (src/server/app.ts). */
const RULES_DOC = "/api/docs/rulesets.md";

export function Lobby() {
  const [games, setGames] = useState<GameListItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api
      .games()
      .then((r) => setGames(r.games))
      .catch((e) => setError(errorText(e)));
  }, []);
  return (
    <div className="stack">
      <h1>{m.lobby.title}</h1>
      <Notice kind="error">{error}</Notice>
      {games === null && !error ? <p className="empty">{m.app.loading}</p> : null}
      {games
        ? GROUPS.map((g) => {
            const list = games.filter((x) => g.statuses.includes(x.status));
            if (g.onlyIfAny && list.length === 0) return null;
            return (
              <section key={g.title} className="stack" data-testid={`lobby-${g.statuses[0]}`}>
                <h2>
                  {g.title} <span className="count">{list.length}</span>
                </h2>
                {list.length === 0 ? <p className="empty small">{m.lobby.empty}</p> : null}
                <ul className="game-list">
                  {list.map((x) => (
                    <GameRow key={x.id} game={x} />
                  ))}
                </ul>
              </section>
            );
          })
        : null}
      <CreateGame />
    </div>
  );
}

function GameRow({ game }: { game: GameListItem }) {
  // Every seat taken: the server refuses any further 报道, so none is invited.
  const full = game.status === "signup" && signupFull(game.players, game.signedUp);
  return (
    <li className="game-row card">
      <div className="game-row-main">
        <Link to={`/games/${game.id}`} className="game-name">
          {game.name}
        </Link>
        <div className="muted small">
          {m.lobby.rules} {game.rulesName} · {m.lobby.players(game.signedUp, game.players)} ·{" "}
          {m.lobby.createdAt(dateTime(game.createdAt))}
        </div>
      </div>
      <div className="game-row-actions">
        <span className={`badge status-${game.status}`}>{m.lobby.status(game.status)}</span>
        {full ? (
          <span className="badge" data-testid="lobby-full">
            {m.lobby.full}
          </span>
        ) : null}
        {game.status === "signup" && !full ? (
          <Link to={`/games/${game.id}/join`} className="btn small primary">
            {m.lobby.join}
          </Link>
        ) : game.status === "ended" ? (
          <Link to={`/games/${game.id}/archive`} className="btn small">
            {m.lobby.archive}
          </Link>
        ) : (
          <Link to={`/games/${game.id}`} className="btn small">
            {m.lobby.enter}
          </Link>
        )}
      </div>
    </li>
  );
}

function CreateGame() {
  const { account } = useSession();
  const [presets, setPresets] = useState<PresetInfo[]>([]);
  const [name, setName] = useState("");
  const [preset, setPreset] = useState("");
  // A rule set of the referee's own (YAML or JSON, docs/rulesets.md) instead of a preset.
  const [custom, setCustom] = useState(false);
  const [rulesText, setRulesText] = useState("");
  const [checked, setChecked] = useState<{ problems: RuleProblem[]; summary: string | null } | null>(null);
  const [alias, setAlias] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!account) return;
    api
      .presets()
      .then((r) => {
        setPresets(r.presets);
        setPreset((p) => p || r.presets[0]?.id || "");
      })
      .catch((e) => setError(errorText(e)));
  }, [account]);
  if (!account) return <p className="muted small">{m.lobby.loginToCreate}</p>;
  // A refusal is about the source it was sent with: it would read as the other source's fault after switching.
  const chooseSource = (toCustom: boolean) => {
    setCustom(toCustom);
    setError(null);
  };
  const check = async () => {
    setError(null);
    try {
      const res = await api.checkRules(rulesText);
      setChecked({
        problems: res.problems,
        summary: res.summary ? m.lobby.presetOption(res.summary.name, res.summary.players) : null,
      });
    } catch (err) {
      setError(errorText(err));
    }
  };
  const load = async (file: File | undefined) => {
    if (!file) return;
    setRulesText(await file.text());
    setChecked(null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const res = await api.createGame(
        custom ? { name, rulesText, refereeAlias: alias } : { name, preset, refereeAlias: alias },
      );
      navigate(`/games/${res.game.id}/referee`);
    } catch (err) {
      // A rule set the checker refused: its problems, line by line, where the referee can fix them.
      if (err instanceof ApiFailure && err.body?.error.problems)
        setChecked({ problems: err.body.error.problems, summary: null });
      setError(errorText(err));
    }
  };
  return (
    <details className="card">
      <summary>{m.lobby.createTitle}</summary>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field-label">{m.lobby.gameName}</span>
          <input name="game-name" value={name} onChange={(e) => setName(e.target.value)} required />
        </label>
        <div className="actions">
          <label className="check">
            <input type="radio" name="rules-source" checked={!custom} onChange={() => chooseSource(false)} />{" "}
            {m.lobby.preset}
          </label>
          <label className="check">
            <input type="radio" name="rules-source" checked={custom} onChange={() => chooseSource(true)} />{" "}
            {m.lobby.customRules}
          </label>
        </div>
        {custom ? (
          <>
            <p className="muted small">
              {m.lobby.customRulesHint}{" "}
              <a href={RULES_DOC} target="_blank" rel="noreferrer" data-testid="rules-doc">
                {m.lobby.rulesDocLink}
              </a>
            </p>
            {/* A preset written out as YAML to edit: most rule sets are a preset with a few changes. */}
            <div className="actions">
              <select
                name="start-from-preset"
                value={preset}
                onChange={(e) => setPreset(e.target.value)}
                aria-label={m.lobby.startFromPreset}
              >
                {presets.map((p) => (
                  <option key={p.id} value={p.id}>
                    {m.lobby.presetOption(p.name, p.players)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn small"
                disabled={!preset}
                onClick={async () => {
                  if (rulesText.trim() !== "" && !window.confirm(m.lobby.confirmReplaceRules)) return;
                  try {
                    setRulesText((await api.presetYaml(preset)).text);
                    setChecked(null);
                  } catch (err) {
                    setError(errorText(err));
                  }
                }}
              >
                {m.lobby.startFromPreset}
              </button>
            </div>
            <label className="field">
              <span className="field-label">{m.lobby.rulesFile}</span>
              <input
                type="file"
                name="rules-file"
                accept=".yaml,.yml,.json,text/yaml,application/json"
                onChange={(e) => void load(e.target.files?.[0])}
              />
            </label>
            <label className="field">
              <span className="field-label">{m.lobby.rulesText}</span>
              <textarea
                name="rules-text"
                rows={10}
                value={rulesText}
                onChange={(e) => {
                  setRulesText(e.target.value);
                  setChecked(null);
                }}
                required
              />
            </label>
            <button type="button" className="btn small" onClick={check} disabled={rulesText.trim() === ""}>
              {m.lobby.checkRules}
            </button>
            {checked ? (
              checked.problems.length === 0 ? (
                <Notice kind="info">
                  <span data-testid="rules-ok">{m.lobby.rulesOk(checked.summary ?? "")}</span>
                </Notice>
              ) : (
                <div data-testid="rules-problems">
                  <p className="small">{m.lobby.rulesProblems(checked.problems.length)}</p>
                  <ul className="small">
                    {checked.problems.map((p) => (
                      <li key={`${p.path}:${p.message}`}>{m.lobby.rulesProblem(p.path, p.message)}</li>
                    ))}
                  </ul>
                </div>
              )
            ) : null}
          </>
        ) : (
          <label className="field">
            <span className="field-label">{m.lobby.preset}</span>
            <select name="preset" value={preset} onChange={(e) => setPreset(e.target.value)}>
              {presets.map((p) => (
                <option key={p.id} value={p.id}>
                  {m.lobby.presetOption(p.name, p.players)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="field">
          <span className="field-label">{m.lobby.refereeAlias}</span>
          <input
            name="referee-alias"
            value={alias}
            onChange={(e) => setAlias(e.target.value)}
            required
            maxLength={ALIAS_MAX}
          />
          <LengthHint value={alias} max={ALIAS_MAX} />
        </label>
        <Notice kind="error">{error}</Notice>
        <button type="submit" className="btn primary">
          {m.lobby.createButton}
        </button>
      </form>
    </details>
  );
}
