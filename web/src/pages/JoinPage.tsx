// Sign-up under an alias: the 报道 written in the shared editor, plus the 600-字 redo when a referee rejects it.

import { type FormEvent, useEffect, useState } from "react";
import type { ReportInfo } from "../../../src/server/api-types.ts";
import { ALIAS_MAX } from "../../../src/server/field-limits.ts";
import { api, errorText, requestId } from "../api/client.ts";
import { useSession } from "../api/session.tsx";
import type { LiveGame } from "../api/use-game.ts";
import { LengthHint } from "../components/LengthHint.tsx";
import { Notice } from "../components/Notice.tsx";
import { PostEditor } from "../components/PostEditor.tsx";
import { m } from "../i18n/index.ts";
import { useDraft } from "../lib/drafts.ts";
import { dateTime } from "../lib/format.ts";
import { reportNotice } from "../lib/report-notice.ts";
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
  const member = data.viewer.memberKind !== null;

  useEffect(() => {
    if (!member || !data.viewer.alias) return;
    api
      .reports(id)
      .then((r) => setMine(r.reports.find((x) => x.alias === data.viewer.alias) ?? null))
      .catch(() => {});
  }, [id, member, data.viewer.alias]);

  if (!account) {
    return (
      <Notice kind="info">
        <Link to={`/login?next=/games/${id}/join`}>{m.join.loginFirst}</Link>
      </Notice>
    );
  }
  if (member) {
    if (mine?.status === "rejected" && mine.rejection)
      return (
        <Redo gameId={id} rejection={mine.rejection} ambiguousIsEastAsian={data.game.ambiguousIsEastAsian} />
      );
    const told = reportNotice(mine);
    return (
      <Notice kind={told.kind}>
        <span data-testid="join-done">{told.text}</span>
      </Notice>
    );
  }
  if (game.status !== "signup")
    return <Notice kind="info">{game.status === "draft" ? m.join.notOpen : m.join.closed}</Notice>;

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
  if (hide || mine?.status !== "rejected" || !mine.rejection) return null;
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

function Redo({
  gameId,
  rejection,
  ambiguousIsEastAsian,
}: {
  gameId: string;
  rejection: NonNullable<ReportInfo["rejection"]>;
  ambiguousIsEastAsian: boolean;
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
    const told = reportNotice(done);
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
