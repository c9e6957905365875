// One game's frame: title, who you are here, tab bar (bottom on phones) and the live connection shared by tabs.
import { lazy } from "react";
import { useGame } from "../api/use-game.ts";
import { type Inbox, useInbox } from "../api/use-inbox.ts";
import { Notice } from "../components/Notice.tsx";
import { m } from "../i18n/index.ts";
import { votingRound } from "../lib/engine-view.ts";
import { viewerBanner } from "../lib/viewer-banner.ts";
import { missingVoteCost } from "../lib/vote-reminder.ts";
import { Link, type Route } from "../router.tsx";
import { Board } from "./Board.tsx";
import { GameLog } from "./GameLog.tsx";
import { JoinPage, RedoReminder } from "./JoinPage.tsx";
import { MyRole } from "./MyRole.tsx";
import { Threads } from "./Threads.tsx";
import { VoteMachine } from "./VoteMachine.tsx";
import { WritePage } from "./WritePage.tsx";

// The referee console and the archive are split out so the vote page's JavaScript stays small.
const Referee = lazy(() => import("./Referee.tsx").then((x) => ({ default: x.Referee })));
const Archive = lazy(() => import("./Archive.tsx").then((x) => ({ default: x.Archive })));

type GameRoute = Extract<Route, { id: string }>;

export function GameShell({ route }: { route: GameRoute }) {
  const game = useGame(route.id);
  const { data } = game;
  // Kept here, not on the referee page, so the 哨子 tab can show what waits while the referee is on another tab.
  const inbox = useInbox(game, data?.viewer.kind === "referee");
  if (!data) {
    return game.error ? <Notice kind="error">{game.error}</Notice> : <p className="empty">{m.app.loading}</p>;
  }
  const viewer = data.viewer;
  const isReferee = viewer.kind === "referee";
  const isPlayer = viewer.memberKind === "player";
  const status = game.status ?? data.game.status;
  const base = `/games/${route.id}`;
  const tabs: { page: GameRoute["page"]; to: string; label: string; show: boolean }[] = [
    { page: "board", to: base, label: m.nav.board, show: true },
    { page: "vote", to: `${base}/vote`, label: m.nav.vote, show: status === "running" || status === "ended" },
    { page: "me", to: `${base}/me`, label: m.nav.me, show: isPlayer },
    { page: "threads", to: `${base}/threads`, label: m.nav.threads, show: true },
    // Every viewer's: outs, rulings with their reasons, results (RULINGS 23), as far as the viewer's feed holds them.
    { page: "log", to: `${base}/log`, label: m.nav.log, show: status === "running" || status === "ended" },
    { page: "referee", to: `${base}/referee`, label: m.nav.referee, show: isReferee },
    { page: "archive", to: `${base}/archive`, label: m.nav.archive, show: status === "ended" },
  ];
  const voting = votingRound(game.view);
  const banner = viewerBanner(viewer, voting);
  // Phone players land on 进程: the vote page's 「你还没有投票」 warning is no use to one who never opens it.
  const voteMissing = missingVoteCost({
    viewer,
    seats: game.view?.seats ?? [],
    voting,
    myVote: game.view?.myVote ?? null,
    nonVoting: data.game.nonVoting,
  });

  return (
    <div className="game">
      <div className="game-head">
        <h1 className="game-title">{data.game.name}</h1>
        <div className="game-sub">
          <span className={`badge status-${status}`}>{m.lobby.status(status)}</span>
          <span className="muted small">{data.game.rulesName}</span>
          {/* A phone has no hover to show the title: there the dot carries a word too; a desk keeps the bare dot. */}
          <span
            className={game.live ? "live on" : "live"}
            role="img"
            aria-label={game.live ? m.app.live : m.app.offline}
            title={game.live ? m.app.live : m.app.offline}
            data-testid="live-state"
          >
            ●{" "}
            <span className="live-word narrow-only">{game.live ? m.app.liveShort : m.app.offlineShort}</span>
          </span>
        </div>
        <div className="viewer-banner" data-testid="viewer-banner">
          {banner}
        </div>
      </div>
      <nav className="tabs" aria-label={m.nav.board}>
        {tabs
          .filter((t) => t.show)
          .map((t) => (
            <Link
              key={t.page}
              to={t.to}
              className={
                t.page === route.page || (t.page === "me" && route.page === "write") ? "tab active" : "tab"
              }
              testId={`tab-${t.page}`}
            >
              {t.label}
              {t.page === "vote" && voteMissing ? (
                <span
                  className="tab-badge warn"
                  role="img"
                  aria-label={m.nav.voteMissingLabel(voteMissing)}
                  title={m.nav.voteMissingLabel(voteMissing)}
                  data-testid="vote-missing-badge"
                >
                  {m.nav.voteMissing}
                </span>
              ) : null}
              {t.page === "referee" && inbox.waiting > 0 ? (
                <span className="tab-badge" data-testid="inbox-waiting">
                  {inbox.waiting}
                </span>
              ) : null}
            </Link>
          ))}
      </nav>
      <div className="game-body">
        {isPlayer ? <RedoReminder game={game} hide={route.page === "join"} /> : null}
        <Page route={route} game={game} inbox={inbox} />
      </div>
    </div>
  );
}

function Page({ route, game, inbox }: { route: GameRoute; game: ReturnType<typeof useGame>; inbox: Inbox }) {
  switch (route.page) {
    case "board":
      return <Board game={game} />;
    case "join":
      return <JoinPage game={game} />;
    case "vote":
      return <VoteMachine game={game} />;
    case "me":
      return <MyRole game={game} />;
    case "threads":
      return <Threads game={game} />;
    case "log":
      return <GameLog game={game} />;
    case "write":
      return <WritePage game={game} kind={route.kind} />;
    case "referee":
      return <Referee game={game} inbox={inbox} />;
    case "archive":
      return <Archive game={game} />;
  }
}
