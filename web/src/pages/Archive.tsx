// Archive of a finished game: roles revealed, the living per camp by round (SVG), every vote over time, every post.

import { useEffect, useState } from "react";
import type { GameEventDto, SeatNo } from "../../../src/server/api-types.ts";
import { api, errorText } from "../api/client.ts";
import type { LiveGame } from "../api/use-game.ts";
import { AwardsCard } from "../components/AwardsCard.tsx";
import { CampChart } from "../components/CampChart.tsx";
import { Notice } from "../components/Notice.tsx";
import { PostBadges } from "../components/PostBadges.tsx";
import { m } from "../i18n/index.ts";
import { engineOf } from "../lib/engine-view.ts";
import { dateClock, seatLabel } from "../lib/format.ts";
import { type LifeEvent, livingByCamp } from "../lib/living-by-camp.ts";
import { postVoid } from "../lib/post-void.ts";
import { termsOf } from "../lib/terms.ts";
import { SeatCard } from "./Board.tsx";
import { ResultsPosts } from "./Threads.tsx";

export function Archive({ game }: { game: LiveGame }) {
  const view = game.view;
  const ballots = useBallots(game.data?.game.id, game.status === "ended");
  if (game.status !== "ended" || !view) return <Notice kind="info">{m.archive.notEnded}</Notice>;
  const engine = engineOf(view);
  const seats = view.seats;
  const label = (s: SeatNo) => seatLabel(seats, s);
  const camps = new Map(seats.filter((s) => s.camp).map((s) => [s.seat, s.camp as string]));
  const life: LifeEvent[] = game.events
    .filter((e) => e.type === "PlayerOut" || e.type === "PlayerRevived")
    .map((e) => ({ type: e.type, round: Number(e.data.round), seat: Number(e.data.seat) }));
  const lastRound = Math.max(0, ...(engine?.rounds.map((r) => r.round) ?? [0]), ...life.map((e) => e.round));
  const series = livingByCamp(camps, life, lastRound);
  const byRound = groupBy(ballots.votes ?? [], (e) => Number(e.data.round));
  const posts = (engine?.rounds ?? []).flatMap((r) => (r.posts ?? []).map((p) => ({ ...p, round: r.round })));

  const scoreParts = view.result?.scores?.parts;

  return (
    <div className="stack" data-testid="archive">
      <h2>{m.archive.title}</h2>
      {view.result ? (
        <div className="banner">{termsOf(game.data?.game).winner(view.result.winner)}</div>
      ) : null}
      {view.result?.scores ? (
        <section className="card" data-testid="archive-scores">
          <h3>{m.archive.scores}</h3>
          <p>
            <strong>
              {m.archive.finalScore(
                m.archive.score(view.result.scores.black),
                m.archive.score(view.result.scores.white),
              )}
            </strong>
          </p>
          {scoreParts ? (
            <ul className="plain small" data-testid="archive-score-parts">
              {(["black", "white"] as const).map((camp) => (
                <li key={camp}>{m.archive.scoreParts(camp, scoreParts[camp])}</li>
              ))}
            </ul>
          ) : null}
          <ol className="plain small">
            {view.result.scores.rounds.flatMap((r) =>
              r.houses.map((h) => (
                <li key={`${r.round}-${h.house}`}>
                  {m.archive.roundScore(
                    r.round,
                    r.houses.length > 1 ? ` · ${m.vote.house(h.house)}` : "",
                    m.archive.score(h.black),
                    m.archive.score(h.white),
                  )}
                </li>
              )),
            )}
          </ol>
        </section>
      ) : null}
      <AwardsCard events={game.events} seats={seats} />
      {view.result?.points ? (
        <section className="card" data-testid="archive-points">
          <h3>{m.archive.points}</h3>
          <ol className="plain small">
            {[...view.result.points]
              .sort((a, b) => b.points - a.points || a.seat - b.seat)
              .map((p) => (
                <li key={p.seat}>{m.archive.pointsOf(label(p.seat), p.points)}</li>
              ))}
          </ol>
        </section>
      ) : null}
      <section className="card">
        <h3>{m.archive.chart}</h3>
        <CampChart series={series} camp={termsOf(game.data?.game).camp} />
      </section>
      <section className="card">
        <h3>{m.archive.roles}</h3>
        <ul className="seat-grid">
          {seats.map((s) => (
            <SeatCard key={s.seat} seat={s} />
          ))}
        </ul>
      </section>
      <section className="card" data-testid="archive-votes">
        <h3>{m.archive.votes}</h3>
        <Notice kind="error">{ballots.error}</Notice>
        {ballots.votes === null && ballots.error === null ? (
          <p className="muted small">{m.app.loading}</p>
        ) : null}
        {[...byRound.entries()].map(([round, list]) => (
          <details key={round}>
            <summary>{termsOf(game.data?.game).round(round)}</summary>
            <ol className="ballots">
              {list.map((e) => (
                <li key={e.seq}>
                  {m.archive.voteAt(
                    // A round's vote spans two evenings: the time alone would read as one day's.
                    dateClock(e.at),
                    label(Number(e.data.voter)),
                    m.app.list(targetsOf(e).map(label)) || m.vote.abstain,
                  )}
                  {e.data.proxy ? m.archive.proxy : ""}
                  {e.data.stage === "overtime" ? m.archive.overtime : ""}
                </li>
              ))}
            </ol>
          </details>
        ))}
      </section>
      {game.data?.game.killPosts === false ? null : (
        <section className="card" data-testid="archive-posts">
          <h3>{m.archive.posts}</h3>
          <ol className="plain">
            {posts.map((p) => {
              const lapsed = postVoid(p, game.events);
              return (
                <li key={`${p.round}-${p.index}`}>
                  {termsOf(game.data?.game).round(p.round)} ·{" "}
                  {m.archive.postBy(
                    game.view?.unitNames[p.unit] ?? p.unit,
                    p.poster === null ? null : label(p.poster),
                  )}{" "}
                  {m.threads.killPostLine(label(p.target), p.words)}
                  <PostBadges code={p.code} iou={p.iou} iouStatus={p.iouStatus} lapsed={lapsed} />
                </li>
              );
            })}
          </ol>
        </section>
      )}
      <ResultsPosts events={game.events} info={game.data?.game} />
    </div>
  );
}

/**
 * Every ballot of a finished game, fetched once it has ended: the page's stream leaves the ballot events out
 * (use-game.ts), and a finished game's ballots no longer change.
 */
function useBallots(
  gameId: string | undefined,
  ended: boolean,
): { votes: GameEventDto[] | null; error: string | null } {
  const [votes, setVotes] = useState<GameEventDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (gameId === undefined || !ended) return;
    let current = true;
    setVotes(null);
    setError(null);
    api.events(gameId, 0, ["VoteCast"]).then(
      (r) => {
        if (current) setVotes(r.events);
      },
      (e: unknown) => {
        if (current) setError(errorText(e));
      },
    );
    return () => {
      current = false;
    };
  }, [gameId, ended]);
  return { votes, error };
}

function targetsOf(e: GameEventDto): SeatNo[] {
  return Array.isArray(e.data.targets) ? (e.data.targets as SeatNo[]) : [];
}

function groupBy<T, K>(list: T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const x of list) {
    const k = key(x);
    out.set(k, [...(out.get(k) ?? []), x]);
  }
  return out;
}
