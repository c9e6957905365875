// Sign in and sign up.

import { type FormEvent, useEffect, useState } from "react";
import { USERNAME_MAX } from "../../../src/server/field-limits.ts";
import { api } from "../api/client.ts";
import { useSession } from "../api/session.tsx";
import { useSubmit } from "../api/use-submit.ts";
import { Notice } from "../components/Notice.tsx";
import { m } from "../i18n/index.ts";
import { Link, navigate } from "../router.tsx";

export function AuthPage({ mode, token }: { mode: "login" | "register" | "setup"; token?: string }) {
  // The admin link works once: afterwards the site says it is set up rather than offering a form it refuses.
  const [pending, setPending] = useState<boolean | null>(null);
  useEffect(() => {
    if (mode !== "setup") return;
    api
      .setupStatus()
      .then((r) => setPending(r.pending))
      // Unknown: the form, whose answer then says what is wrong.
      .catch(() => setPending(true));
  }, [mode]);
  if (mode === "setup" && pending === null) return <p className="empty">{m.app.loading}</p>;
  if (mode === "setup" && pending === false)
    return (
      <section className="card narrow" data-testid="setup-done">
        <h1>{m.auth.setupTitle}</h1>
        <p>{m.auth.setupDone}</p>
        <Link to="/login">{m.auth.toLoginPlain}</Link>
      </section>
    );
  return <AuthForm mode={mode} token={token} />;
}

function AuthForm({ mode, token }: { mode: "login" | "register" | "setup"; token?: string | undefined }) {
  const { setAccount } = useSession();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const { busy, error, run } = useSubmit();

  const submit = (e: FormEvent) =>
    run(e, async () => {
      const res =
        mode === "login"
          ? await api.login({ username, password })
          : mode === "setup"
            ? await api.setup({ token: token ?? "", username, password })
            : await api.register({ username, password });
      setAccount(res.account);
      const back = new URLSearchParams(window.location.search).get("next");
      navigate(back?.startsWith("/") ? back : "/");
    });

  return (
    <section className="card narrow">
      <h1>
        {mode === "login" ? m.auth.loginTitle : mode === "setup" ? m.auth.setupTitle : m.auth.registerTitle}
      </h1>
      {mode === "setup" ? <p className="muted small">{m.auth.setupHint}</p> : null}
      <form onSubmit={submit} className="form">
        <label className="field">
          <span className="field-label">{m.auth.username}</span>
          <input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
            minLength={2}
            maxLength={USERNAME_MAX}
          />
          {mode !== "login" ? <span className="field-hint">{m.auth.usernameHint}</span> : null}
        </label>
        <label className="field">
          <span className="field-label">{m.auth.password}</span>
          <input
            name="password"
            type="password"
            autoComplete={mode === "login" ? "current-password" : "new-password"}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            minLength={mode === "login" ? 1 : 8}
          />
          {mode !== "login" ? <span className="field-hint">{m.auth.passwordHint}</span> : null}
        </label>
        <Notice kind="error">{error}</Notice>
        <button type="submit" className="btn primary" disabled={busy}>
          {mode === "login"
            ? m.auth.loginButton
            : mode === "setup"
              ? m.auth.setupButton
              : m.auth.registerButton}
        </button>
        {/* For players; the site admin's setup is no sign-up for a game. */}
        {mode !== "setup" ? <p className="muted small">{m.auth.accountSecret}</p> : null}
        {mode === "login" ? (
          <Link to="/register">{m.auth.toRegister}</Link>
        ) : (
          <Link to="/login">{m.auth.toLogin}</Link>
        )}
      </form>
    </section>
  );
}
