// Sign-up under an alias: the 报道 in the shared editor, the 600-字 redo when a referee rejects it, 退出报名 before the start.

import { type FormEvent, useEffect, useState } from "react";
import type { GameStatus, ReportInfo } from "../../../src/server/api-types.ts";
import { ALIAS_MAX } from "../../../src/server/field-limits.ts";
import { api, errorText, requestId } from "../api/client.ts";
import { useServerNow } from "../api/server-time.ts";
import { useSession } from "../api/session.tsx";
import type { LiveGame } from "../api/use-game.ts";
import { LengthHint } from "../components/LengthHint.tsx";
import { Notice } from "../components/Notice.tsx";
import { PostEditor } from "../components/PostEditor.tsx";
import { m } from "../i18n/index.ts";
import { useDraft } from "../lib/drafts.ts";
import { dateTime } from "../lib/format.ts";
import { redoState, refereeJoinText, reportNotice, signupFull } from "../lib/report-notice.ts";
import { Link } from "../router.tsx";

export function JoinPage({ game }: { game: LiveGame }) {
  const { account } = useSession();
  const data = game.data!;
  const id = data.game.id;
  const draft = useDraft(`report:${id}`);
  const [alias, setAlias] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mine, setMine] = useState<ReportInfo | null>(null);
  // The alias just withdrawn, told above the form that comes back.
  const [left, setLeft] = useState<string | null>(null);
  const now = useServerNow(10_000);
  const member = data.viewer.memberKind !== null;
  const isPlayer = data.viewer.memberKind === "player";

  useEffect(() => {
    if (!isPlayer || !data.viewer.alias) return;
    api
      .reports(id)
      .then((r) => setMine(r.reports.find((x) => x.alias === data.viewer.alias) ?? null))
      .catch(() => {});
  }, [id, isPlayer, data.viewer.alias]);

  if (!account) {
    return (
      <Notice kind="info">
        <Link to={`/login?next=/games/${id}/join`}>{m.join.loginFirst}</Link>
      </Notice>
    );
  }
  if (member && !isPlayer) {
    // A referee or 副哨 signs up nobody and has no 报道: their page is the 哨子台.
    return (
      <Notice kind="info">
        <span data-testid="join-referee">
          {refereeJoinText(data.viewer.memberKind ?? "referee", data.viewer.alias)}{" "}
          <Link to={`/games/${id}/referee`}>{m.join.toReferee}</Link>
        </span>
      </Notice>
    );
  }
  if (member) {
    // Until the start the sign-up is the player's to take back, whatever the referee ruled on its 报道.
    const withdraw =
      game.status === "signup" || game.status === "closed" ? (
        <WithdrawSignup
          game={game}
          onWithdrawn={(alias) => {
            setLeft(alias);
            setMine(null);
          }}
        />
      ) : null;
    const redo = redoState(mine, now, playerOut(game));
    if (redo === "due" && mine?.rejection)
      return (
        <>
          <Redo
            gameId={id}
            rejection={mine.rejection}
            ambiguousIsEastAsian={data.game.ambiguousIsEastAsian}
            status={game.status}
          />
          {withdraw}
        </>
      );
    if ((redo === "closed" || redo === "out") && mine?.rejection)
      return (
        <>
          <Notice kind={redo === "out" ? "info" : "error"}>
            <span data-testid="redo-closed">
              {redo === "out"
                ? m.join.redoOut
                : m.join.redoClosed(mine.rejection.reason, dateTime(mine.rejection.redoDeadline))}
            </span>
          </Notice>
          {withdraw}
        </>
      );
    const told = reportNotice(mine, game.status);
    return (
      <>
        <Notice kind={told.kind}>
          <span data-testid="join-done">{told.text}</span>
        </Notice>
        {withdraw}
      </>
    );
  }
  const withdrawn =
    left === null ? null : (
      <Notice kind="info">
        <span data-testid="join-withdrawn">{m.join.withdrawn(left)}</span>
      </Notice>
    );
  if (game.status !== "signup")
    return (
      <>
        {withdrawn}
        <Notice kind="info">{game.status === "draft" ? m.join.notOpen : m.join.closed}</Notice>
      </>
    );
  const signedUp = data.members.filter((x) => x.kind === "player").length;
  if (signupFull(data.game.players, signedUp))
    return (
      <Notice kind="info">
        <span data-testid="join-full">{m.join.full(data.game.players)}</span>
      </Notice>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // The answer says whether the 报道 is flagged as copied: told at once, not after the list is fetched again.
      const res = await api.join(id, { alias, report: draft.text });
      setMine(res.report);
      draft.clear();
      await game.reload();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" onSubmit={submit}>
      {withdrawn}
      <h2>{m.join.title(data.game.name)}</h2>
      <label className="field">
        <span className="field-label">{m.join.alias}</span>
        <input
          name="alias"
          value={alias}
          onChange={(e) => setAlias(e.target.value)}
          required
          maxLength={ALIAS_MAX}
        />
        <LengthHint value={alias} max={ALIAS_MAX} testId="alias-length" />
        <span className="field-hint">{m.join.aliasHint}</span>
      </label>
      <PostEditor
        draft={draft}
        min={data.game.reportMin}
        ambiguousIsEastAsian={data.game.ambiguousIsEastAsian}
        gameId={null}
        label={m.join.reportLabel}
        hint={m.join.reportHint(data.game.reportMin)}
      />
      <Notice kind="error">{error}</Notice>
      <button type="submit" className="btn primary" disabled={busy}>
        {m.join.submit}
      </button>
    </form>
  );
}

/**
 * 退出报名, asked to confirm: the 报道 comes down and the alias is free for anyone at once, so a slip of the finger
 * would cost the player the alias. Only before the start (the server refuses it after); a seat then changes hands
 * with the referee's 替补.
 */
function WithdrawSignup({ game, onWithdrawn }: { game: LiveGame; onWithdrawn: (alias: string) => void }) {
  const data = game.data!;
  const alias = data.viewer.alias ?? "";
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const withdraw = async () => {
    if (!window.confirm(m.join.confirmWithdraw(alias))) return;
    setBusy(true);
    setError(null);
    try {
      await api.withdraw(data.game.id);
      onWithdrawn(alias);
      await game.reload();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="actions">
      <button
        type="button"
        className="btn ghost danger"
        onClick={withdraw}
        disabled={busy}
        data-testid="withdraw-signup"
      >
        {m.join.withdraw}
      </button>
      <Notice kind="error">{error}</Notice>
    </div>
  );
}

/**
 * On every page of the game, for a player whose 报道 the referee ruled non-compliant: the reason, the deadline and a
 * link to the redo form. A missed redo counts as a suicide (RULINGS 24), and the form sat only on the join page.
 */
export function RedoReminder({ game, hide }: { game: LiveGame; hide: boolean }) {
  const data = game.data!;
  const id = data.game.id;
  const alias = data.viewer.memberKind === "player" ? data.viewer.alias : null;
  const [mine, setMine] = useState<ReportInfo | null>(null);
  // Asked again when a report is ruled on or redone, not on every event.
  const version = game.events.filter(
    (e) =>
      e.type === "app.ReportRejected" || e.type === "app.ReportApproved" || e.type === "app.ReportRedone",
  ).length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the refetch trigger
  useEffect(() => {
    if (!alias) return;
    api
      .reports(id)
      .then((r) => setMine(r.reports.find((x) => x.alias === alias) ?? null))
      .catch(() => {});
  }, [id, alias, version]);
  const now = useServerNow(10_000);
  const redo = redoState(mine, now, playerOut(game));
  // Out of the game (the missed redo's suicide, or anything else) or over: nothing is left to nag about.
  if (hide || redo === "none" || redo === "out" || !mine?.rejection) return null;
  if (redo === "closed")
    return (
      <Notice kind="error">
        <span data-testid="redo-reminder">
          {m.join.redoClosed(mine.rejection.reason, dateTime(mine.rejection.redoDeadline))}
        </span>
      </Notice>
    );
  return (
    <Notice kind="error">
      <span data-testid="redo-reminder">
        {m.join.redoReminder(
          mine.rejection.reason,
          mine.rejection.redoMin,
          dateTime(mine.rejection.redoDeadline),
        )}{" "}
        <Link to={`/games/${id}/join`}>{m.join.redoTitle}</Link>
      </span>
    </Notice>
  );
}

/** The viewer's seat is out, or the game is over: a pending redo no longer matters. */
function playerOut(game: LiveGame): boolean {
  if (game.status === "ended") return true;
  // The seat by the alias too: the page's data may predate the start, which dealt the seats.
  const viewer = game.data?.viewer;
  const seat = game.view?.seats.find(
    (s) => s.seat === viewer?.seat || (viewer?.alias !== null && s.alias === viewer?.alias),
  );
  return seat?.alive === false;
}

function Redo({
  gameId,
  rejection,
  ambiguousIsEastAsian,
  status,
}: {
  gameId: string;
  rejection: NonNullable<ReportInfo["rejection"]>;
  ambiguousIsEastAsian: boolean;
  status: GameStatus | null;
}) {
  const draft = useDraft(`redo:${gameId}`);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ReportInfo | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const res = await api.redoReport(gameId, { requestId: requestId(), text: draft.text });
      draft.clear();
      setDone(res.report);
    } catch (err) {
      setError(errorText(err));
    }
  };
  if (done) {
    // A redo is checked for copying like the first 报道 (RULINGS 17), and a flagged one waits for the referee again.
    const told = reportNotice(done, status);
    return (
      <Notice kind={told.kind}>
        <span data-testid="join-done">{told.text}</span>
      </Notice>
    );
  }
  return (
    <form className="card form" onSubmit={submit}>
      <h2>{m.join.redoTitle}</h2>
      <Notice kind="error">{rejection.reason}</Notice>
      <PostEditor
        draft={draft}
        min={rejection.redoMin}
        ambiguousIsEastAsian={ambiguousIsEastAsian}
        gameId={gameId}
        label={m.join.reportLabel}
        hint={m.join.redoHint(rejection.redoMin, dateTime(rejection.redoDeadline))}
      />
      <Notice kind="error">{error}</Notice>
      <button type="submit" className="btn primary">
        {m.join.submit}
      </button>
    </form>
  );
}
