// 站点管理: the site admin's account list, with password reset links and disabling; nothing about games.
import { type FormEvent, useCallback, useEffect, useState } from "react";
import type { AdminAccount, ResetLinkResponse } from "../../../src/server/api-types.ts";
import { api, errorText } from "../api/client.ts";
import { useSession } from "../api/session.tsx";
import { Notice } from "../components/Notice.tsx";
import { m } from "../i18n/index.ts";
import { dateTime, fullDate } from "../lib/format.ts";

export function AdminPage() {
  const { account, loaded } = useSession();
  const [prefix, setPrefix] = useState("");
  const [accounts, setAccounts] = useState<AdminAccount[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [link, setLink] = useState<ResetLinkResponse | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (query: string, after?: string) => {
    setError(null);
    try {
      const res = await api.adminAccounts({ prefix: query, ...(after !== undefined && { after }) });
      setAccounts((old) => (after !== undefined && old ? [...old, ...res.accounts] : res.accounts));
      setNext(res.next);
    } catch (e) {
      setError(errorText(e));
    }
  }, []);

  useEffect(() => {
    if (account?.isAdmin) void load("");
  }, [account, load]);

  if (!loaded) return <p className="empty">{m.app.loading}</p>;
  // The server refuses everyone else anyway; this only spares them an empty page with an error.
  if (!account?.isAdmin) return <p className="empty">{m.app.notFound}</p>;

  const search = (e: FormEvent) => {
    e.preventDefault();
    void load(prefix.trim());
  };

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const resetLink = (username: string) =>
    act(async () => {
      setLink(await api.adminResetLink(username));
    });

  const setDisabled = (a: AdminAccount, disabled: boolean) => {
    const question = disabled ? m.admin.confirmDisable(a.username) : m.admin.confirmEnable(a.username);
    if (!window.confirm(question)) return;
    void act(async () => {
      await api.adminSetDisabled(a.username, disabled);
      setDone(disabled ? m.admin.disabledDone(a.username) : m.admin.enabledDone(a.username));
      // Read the changed row back rather than guess its time: the list shows when it was disabled.
      const fresh = await api.adminAccounts({ prefix: a.username });
      const row = fresh.accounts.find((x) => x.username === a.username);
      if (row) setAccounts((old) => old?.map((x) => (x.username === a.username ? row : x)) ?? old);
    });
  };

  return (
    <div className="stack">
      <h1>{m.admin.title}</h1>
      <p className="muted small">{m.admin.hint}</p>
      <form onSubmit={search} className="actions">
        <input
          name="prefix"
          aria-label={m.admin.search}
          placeholder={m.admin.search}
          value={prefix}
          onChange={(e) => setPrefix(e.target.value)}
          maxLength={64}
        />
        <button type="submit" className="btn small">
          {m.admin.searchButton}
        </button>
      </form>
      <Notice kind="error">{error}</Notice>
      <Notice kind="ok">{done}</Notice>
      {/* Keyed by the link, so a new one starts un-copied. */}
      {link ? <ResetLinkBox key={link.path} link={link} /> : null}
      {accounts === null && !error ? <p className="empty">{m.app.loading}</p> : null}
      {accounts && accounts.length === 0 ? <p className="empty small">{m.admin.none}</p> : null}
      {accounts && accounts.length > 0 ? (
        <div className="table-wrap">
          <table className="table" data-testid="admin-accounts">
            <thead>
              <tr>
                <th>{m.admin.username}</th>
                <th className="wide-only">{m.admin.createdAt}</th>
                <th>{m.admin.state}</th>
                <th>{m.admin.actions}</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((a) => (
                <tr key={a.username} data-testid={`account-${a.username}`}>
                  <td>
                    {a.username} {a.isAdmin ? <span className="badge">{m.admin.adminBadge}</span> : null}
                  </td>
                  <td className="wide-only">{fullDate(a.createdAt)}</td>
                  <td>
                    {a.disabledAt !== null ? m.admin.disabledSince(dateTime(a.disabledAt)) : m.admin.active}
                  </td>
                  <td>
                    {a.isAdmin ? null : (
                      <span className="actions">
                        <button
                          type="button"
                          className="btn small"
                          disabled={busy}
                          onClick={() => void resetLink(a.username)}
                        >
                          {m.admin.reset}
                        </button>
                        <button
                          type="button"
                          className={a.disabled ? "btn small" : "btn small danger"}
                          disabled={busy}
                          onClick={() => setDisabled(a, !a.disabled)}
                        >
                          {a.disabled ? m.admin.enable : m.admin.disable}
                        </button>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {next !== null ? (
        <button type="button" className="btn small" onClick={() => void load(prefix.trim(), next)}>
          {m.admin.more}
        </button>
      ) : null}
    </div>
  );
}

function ResetLinkBox({ link }: { link: ResetLinkResponse }) {
  const url = `${window.location.origin}${link.path}`;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (plain http, an old browser): the link stays selectable in the box.
    }
  };
  return (
    <section className="card stack" data-testid="reset-link">
      <h3>{m.admin.linkFor(link.username)}</h3>
      <input readOnly value={url} onFocus={(e) => e.target.select()} data-testid="reset-link-url" />
      <p className="muted small">{m.admin.linkHint(dateTime(link.expiresAt))}</p>
      <div className="actions">
        <button type="button" className="btn small" onClick={() => void copy()}>
          {copied ? m.admin.copied : m.admin.copy}
        </button>
      </div>
    </section>
  );
}
