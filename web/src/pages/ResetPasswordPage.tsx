// The page behind a password reset link from the site admin: choose a new password, then sign in with it.
import { type FormEvent, useState } from "react";
import { api } from "../api/client.ts";
import { useSubmit } from "../api/use-submit.ts";
import { NewPasswordFields } from "../components/NewPasswordFields.tsx";
import { Notice } from "../components/Notice.tsx";
import { m } from "../i18n/index.ts";
import { Link } from "../router.tsx";

export function ResetPasswordPage({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [done, setDone] = useState(false);
  const { busy, error, setError, run } = useSubmit();

  const submit = (e: FormEvent) => {
    if (password === confirm)
      return run(e, async () => {
        await api.resetPassword({ token, password });
        setDone(true);
      });
    e.preventDefault();
    setError(m.reset.mismatch);
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
