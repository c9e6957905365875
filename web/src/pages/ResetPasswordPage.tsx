// The page behind a password reset link from the site admin: choose a new password, then sign in with it.
import { type FormEvent, useState } from "react";
import { api, errorText } from "../api/client.ts";
import { NewPasswordFields } from "../components/NewPasswordFields.tsx";
import { Notice } from "../components/Notice.tsx";
import { m } from "../i18n/index.ts";
import { Link } from "../router.tsx";

export function ResetPasswordPage({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) {
      setError(m.reset.mismatch);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.resetPassword({ token, password });
      setDone(true);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card narrow">
      <h1>{m.reset.title}</h1>
      {done ? (
        <div className="stack">
          <Notice kind="ok">{m.reset.done}</Notice>
          <Link to="/login" className="btn primary">
            {m.reset.toLogin}
          </Link>
        </div>
      ) : token === "" ? (
        <Notice kind="error">{m.reset.noToken}</Notice>
      ) : (
        <form onSubmit={submit} className="form">
          <p className="muted small">{m.reset.hint}</p>
          <NewPasswordFields
            labels={m.reset}
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
          />
          <Notice kind="error">{error}</Notice>
          <button type="submit" className="btn primary" disabled={busy}>
            {m.reset.button}
          </button>
        </form>
      )}
    </section>
  );
}
