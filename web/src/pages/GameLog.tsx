// The game's public log (日志 tab) for every viewer: what happened and each ruling's reason, from the viewer's own feed.
import { useEffect, useState } from "react";
import type { GameEventDto } from "../../../src/server/api-types.ts";
import { api } from "../api/client.ts";
import type { LiveGame } from "../api/use-game.ts";
import { useLogFollower } from "../api/use-log-follower.ts";
import { Notice } from "../components/Notice.tsx";
import { m } from "../i18n/index.ts";
import { dateTime } from "../lib/format.ts";
import { type LogFilter, logItems, mergeBySeq, viewerLogNames } from "../lib/game-log.ts";

/** Lines shown at first and added by each "earlier" click: a finished game has thousands. */
const PAGE = 200;

const FILTERS: readonly LogFilter[] = ["important", "all", "votes"];

export function GameLog({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  const [filter, setFilter] = useState<LogFilter>("important");
  const [shown, setShown] = useState(PAGE);
  const ballots = useBallots(id, filter === "votes", game.lastSeq);
  // The stream's events are everything this viewer may see but the ballots, which are fetched (the same feed, GET
  // /events as this viewer) only when asked for. Nothing here comes from a referee route.
  const events = filter === "votes" ? mergeBySeq(game.events, ballots.events) : game.events;
  const names = viewerLogNames(game.view, game.events, game.data?.game);
  const items = logItems(events, names, filter);
  return (
    <section className="card stack" data-testid="game-log">
      <h3>{m.gameLog.title}</h3>
      <p className="muted small">{m.gameLog.hint}</p>
      <div className="segmented">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className={filter === f ? "seg active" : "seg"}
            onClick={() => {
              setFilter(f);
              setShown(PAGE);
            }}
            data-testid={`log-filter-${f}`}
          >
            {m.gameLog.filters[f]}
          </button>
        ))}
      </div>
      <Notice kind="error">{ballots.error}</Notice>
      {items.length === 0 ? <p className="empty small">{m.gameLog.empty}</p> : null}
      <ol className="plain small game-log">
        {items.slice(0, shown).map((l) => (
          <li key={l.seq} data-testid="log-line">
            <span className="muted">{dateTime(l.at)}</span> {l.text}
          </li>
        ))}
      </ol>
      {items.length > shown ? (
        <button
          type="button"
          className="btn ghost small"
          onClick={() => setShown((n) => n + PAGE)}
          data-testid="log-more"
        >
          {m.gameLog.earlier(Math.min(PAGE, items.length - shown), items.length - shown)}
        </button>
      ) : null}
    </section>
  );
}

/**
 * The viewer's ballots (VoteCast), which the live stream leaves out: fetched once when first wanted, then only
 * what is new as the game moves on (`version`: the last seq this page has heard of).
 */
function useBallots(
  id: string,
  wanted: boolean,
  version: number,
): { events: readonly GameEventDto[]; error: string | null } {
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (wanted) setAsked(true);
  }, [wanted]);
  return useLogFollower((after) => api.events(id, after, ["VoteCast"]), id, asked, wanted, version);
}
