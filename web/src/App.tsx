// The app shell: header, routes, and the game pages sharing one live connection per game.
import { Suspense } from "react";
import { api } from "./api/client.ts";
import { SessionProvider, useSession } from "./api/session.tsx";
import { ResendNotice } from "./components/ResendNotice.tsx";
import { m } from "./i18n/index.ts";
import { AccountPage } from "./pages/AccountPage.tsx";
import { AdminPage } from "./pages/AdminPage.tsx";
import { AuthPage } from "./pages/AuthPage.tsx";
import { GameShell } from "./pages/GameShell.tsx";
import { Lobby } from "./pages/Lobby.tsx";
import { ResetPasswordPage } from "./pages/ResetPasswordPage.tsx";
import { Link, navigate, useRoute } from "./router.tsx";

export function App() {
  return (
    <SessionProvider>
      <Header />
      <ResendNotice />
      <main className="main">
        <Routes />
      </main>
    </SessionProvider>
  );
}

function Header() {
  const { account, setAccount } = useSession();
  // Inside a game only the alias is shown: a screenshot of a game page must never carry the real account (曝ID).
  const inGame = "id" in useRoute();
  const logout = async () => {
    try {
      await api.logout();
    } finally {
      setAccount(null);
      navigate("/");
    }
  };
  return (
    <header className="topbar">
      <Link to="/" className="brand">
        {m.app.title}
      </Link>
      <nav className="topnav">
        <Link to="/">{m.nav.lobby}</Link>
        {account ? (
          <>
            {inGame ? null : (
              <span className="muted me-name" title={m.nav.account}>
                <Link to="/account" testId="me-name">
                  {m.nav.hello(account.username)}
                </Link>
              </span>
            )}
            {/* Not inside a game either: a screenshot showing it would tell that this alias is the site admin. */}
            {account.isAdmin && !inGame ? (
              <Link to="/admin" testId="nav-admin">
                {m.nav.admin}
              </Link>
            ) : null}
            <button type="button" className="link-button" onClick={logout}>
              {m.nav.logout}
            </button>
          </>
        ) : (
          <>
            <Link to="/login">{m.nav.login}</Link>
            <Link to="/register">{m.nav.register}</Link>
          </>
        )}
      </nav>
    </header>
  );
}

function Routes() {
  const route = useRoute();
  switch (route.page) {
    case "lobby":
      return <Lobby />;
    case "login":
    case "register":
      return <AuthPage mode={route.page} />;
    case "setup":
      return <AuthPage mode="setup" token={route.token} />;
    case "reset-password":
      return <ResetPasswordPage token={route.token} />;
    case "admin":
      return <AdminPage />;
    case "account":
      return <AccountPage />;
    case "not-found":
      return <p className="empty">{m.app.notFound}</p>;
    default:
      return (
        <Suspense fallback={<p className="empty">{m.app.loading}</p>}>
          <GameShell key={route.id} route={route} />
        </Suspense>
      );
  }
}
