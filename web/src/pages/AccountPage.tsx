// The signed-in account's own page: change the password (the other devices' sessions end, this one stays).
import { type FormEvent, useState } from "react";
import { api } from "../api/client.ts";
import { useSession } from "../api/session.tsx";
import { useSubmit } from "../api/use-submit.ts";
import { NewPasswordFields } from "../components/NewPasswordFields.tsx";
import { Notice } from "../components/Notice.tsx";
import { m } from "../i18n/index.ts";
import { Link } from "../router.tsx";

export function AccountPage() {
  const { account } = useSession();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [done, setDone] = useState(false);
  const { busy, error, setError, run } = useSubmit();

  const submit = (e: FormEvent) => {
    setDone(false);
    if (password === confirm)
      return run(e, async () => {
        await api.changePassword({ currentPassword: current, newPassword: password });
        setDone(true);
        setCurrent("");
        setPassword("");
        setConfirm("");
      });
    e.preventDefault();
    setError(m.account.mismatch);
  };

  return (
    <section className="card narrow">
      <h1>{m.account.title}</h1>
      {!account ? (
        <Notice kind="info">
          <Link to="/login">{m.account.signIn}</Link>
        </Notice>
      ) : (
        <form onSubmit={submit} className="form">
          <p className="muted small">{m.account.hint}</p>
          <label className="field">
            <span className="field-label">{m.account.current}</span>
            <input
              name="current"
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              required
            />
          </label>
          <NewPasswordFields
            labels={m.account}
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
          />
          <Notice kind="error">{error}</Notice>
          {done ? <Notice kind="ok">{m.account.done}</Notice> : null}
          <button type="submit" className="btn primary" disabled={busy}>
            {m.account.button}
          </button>
        </form>
      )}
    </section>
  );
}
