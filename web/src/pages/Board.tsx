// The game board: round timeline, this round's 进程, countdowns, and the living and the dead.
import type { GameInfo, SeatView } from "../../../src/server/api-types.ts";
import { useServerNow } from "../api/server-time.ts";
import type { LiveGame } from "../api/use-game.ts";
import { AwardsCard } from "../components/AwardsCard.tsx";
import { Countdown } from "../components/Countdown.tsx";
import { m } from "../i18n/index.ts";
import { currentRound, engineOf } from "../lib/engine-view.ts";
import { dateTime, deadlineKind, seatLabel, statedAt } from "../lib/format.ts";
import { offenceText } from "../lib/offence-text.ts";
import { progressionTitle } from "../lib/progression-title.ts";
import { signupFull } from "../lib/report-notice.ts";
import { termsOf } from "../lib/terms.ts";
import { Link } from "../router.tsx";

export function Board({ game }: { game: LiveGame }) {
  const data = game.data!;
  const view = game.view;
  const engine = engineOf(view);
  const round = currentRound(view);
  const now = useServerNow(5000);
  const t = termsOf(data.game);

  if (!view) {
    const status = game.status ?? data.game.status;
    const signedUp = data.members.filter((x) => x.kind === "player").length;
    // The lobby is not the only way in: a link to the game itself must lead to 报道 too.
    const canJoin = status === "signup" && data.viewer.memberKind === null;
    return (
      <div className="stack">
        <section className="card">
          <h2>{m.board.notStarted}</h2>
          {canJoin ? (
            signupFull(data.game.players, signedUp) ? (
              <p className="muted" data-testid="board-full">
                {m.join.full(data.game.players)}
              </p>
            ) : (
              <p className="actions">
                <Link to={`/games/${data.game.id}/join`} className="btn primary" testId="board-join">
                  {m.board.joinThis(signedUp, data.game.players)}
                </Link>
              </p>
            )
          ) : null}
          <h3>{m.board.members}</h3>
          <ul className="chips" data-testid="members">
            {data.members.map((x) => (
              <li key={x.alias} className={x.kind === "player" ? "chip" : "chip referee"}>
                {x.alias}
                {x.kind !== "player" ? <small> · {m.board.referee}</small> : null}
              </li>
            ))}
          </ul>
        </section>
        <RulesSummaryCard info={data.game} />
      </div>
    );
  }

  const living = view.seats.filter((s) => s.alive);
  const dead = view.seats.filter((s) => !s.alive);
  const outInfo = new Map(engine?.seats.map((s) => [s.seat, s.out]) ?? []);
  // A game without kill posts (7kill) has no posting window to count down to.
  const killPosts = game.data?.game.killPosts ?? true;
  // Nor does a round whose plan has no posts (风云's round 1), though the engine still closes its empty window.
  const postless = new Set(
    (engine?.rounds ?? [])
      .filter((r) =>
        [...Object.values(r.plan.posts), ...Object.values(r.plan.extraPosts)].every((n) => n === 0),
      )
      .map((r) => r.round),
  );
  // Once the posts are out, what came of the plan: posts not sent in the window are forfeited (RULINGS 19).
  const released = (unit: string, planned: number) => {
    if (!round?.posts || planned === 0) return null;
    const out = round.posts.filter((p) => p.unit === unit).length;
    return <span className="muted small"> {m.board.releasedOf(Math.min(out, planned), planned)}</span>;
  };
  const deadlines = [...view.deadlines]
    .filter(
      (d) =>
        d.at > now - 60_000 &&
        (deadlineKind(d.key) !== "posting" || (killPosts && !postless.has(roundOfKey(d.key)))),
    )
    .sort((a, b) => a.at - b.at);

  return (
    <div className="stack">
      {view.result?.ended ? (
        <div className="banner" data-testid="result">
          {t.winner(view.result.winner)}
          {view.result.message ? <small> · {view.result.message}</small> : null}
          {view.result.scores ? (
            <small data-testid="result-scores">
              {" "}
              ·{" "}
              {m.archive.finalScore(
                m.archive.score(view.result.scores.black),
                m.archive.score(view.result.scores.white),
              )}
            </small>
          ) : null}
        </div>
      ) : null}
      {view.result?.ended ? <AwardsCard events={game.events} seats={view.seats} /> : null}

      {engine && engine.rounds.length > 0 ? (
        <section className="card">
          <h2>{m.board.timeline}</h2>
          <ol className="timeline">
            {engine.rounds.map((r) => (
              // The round's deadline in words, not in a hover title a phone never shows.
              <li
                key={r.round}
                className={r.round === engine.current ? "tl current" : r.closed ? "tl closed" : "tl"}
              >
                {t.round(r.round)}
                <span className="tl-at">{m.board.timelineEnds(dateTime(r.voteDeadline))}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section className="card" data-testid="progression">
        <h2>
          {progressionTitle(view.round, game.status ?? data.game.status, view.deadlines, t, now)}
          {view.phase ? (
            <span className="badge phase">{m.board.phase(view.phase, game.data?.game.duel ?? false)}</span>
          ) : null}
        </h2>
        {view.runningScores ? (
          <p className="small" data-testid="running-scores">
            {m.board.runningScore(
              t.round(view.runningScores.round),
              view.runningScores.houses.map((h) => ({
                house: view.runningScores!.houses.length > 1 ? m.vote.house(h.house) : "",
                black: m.archive.score(h.black),
                white: m.archive.score(h.white),
              })),
            )}
          </p>
        ) : null}
        {round ? (
          <>
            <h3>{m.board.progression}</h3>
            <ul className="plan">
              <li>{m.board.voteKills(round.plan.voteOut)}</li>
              <li>{m.board.votesPerVoter(round.plan.votesPerVoter)}</li>
              {/* As the posts go now (after 联合 and takeovers), where the server says; else the plan as written. */}
              {Object.entries(view.postPlan?.posts ?? round.plan.posts).map(([unit, n]) => (
                <li key={unit}>
                  {m.board.postKills(view.unitNames[unit] ?? unit, n)}
                  {released(unit, n)}
                </li>
              ))}
              {Object.entries(view.postPlan?.extraPosts ?? round.plan.extraPosts).map(([unit, n]) => (
                <li key={`x-${unit}`}>
                  {m.board.extraPosts(view.unitNames[unit] ?? unit, n)}
                  {released(unit, n)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {deadlines.length > 0 ? (
          <div className="deadlines">
            {deadlines.map((d) => (
              <Countdown
                key={d.key}
                at={statedAt(d.key, d.at)}
                label={t.deadline(d.key)}
                starts={deadlineKind(d.key) === "open"}
              />
            ))}
          </div>
        ) : null}
      </section>

      {engine && engine.alliances.length > 0 ? (
        <section className="card">
          <h2>{m.board.alliances}</h2>
          <ul className="plain">
            {engine.alliances.map((a) => (
              <li key={a.id}>{m.board.allianceFormed(a.name, a.round)}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <PublicPenalties game={game} />

      <section className="card">
        <h2>{m.board.living(living.length)}</h2>
        <ul className="seat-grid" data-testid="living">
          {living.map((s) => (
            <SeatCard key={s.seat} seat={s} />
          ))}
        </ul>
      </section>
      <section className="card">
        <h2>{m.board.dead(dead.length)}</h2>
        <ul className="seat-grid" data-testid="dead">
          {dead.map((s) => {
            const out = outInfo.get(s.seat);
            return (
              <SeatCard
                key={s.seat}
                seat={s}
                note={out ? m.board.outIn(t.outWhen(out.round, out.night === true), out.cause) : null}
              />
            );
          })}
        </ul>
      </section>
      <RulesSummaryCard info={data.game} folded />
    </div>
  );
}

/**
 * 7kill's announced penalties (seed 001 4.2–4.3): every warning but the hidden kind ("夜晚要求必须行使特权的，没有在规定时间内
 * 行使（此种情况处罚时不公开）"), so players know who stands one warning from "累积两次警告，将被判罚出局".
 */
function PublicPenalties({ game }: { game: LiveGame }) {
  const seats = game.view?.seats ?? [];
  const t = termsOf(game.data?.game);
  // Withdrawn ones stay listed, marked with the ruling's reason: the withdrawal is as public as the warning was.
  const shown = (engineOf(game.view)?.dayNight?.offences ?? []).filter((o) => o.public);
  if (shown.length === 0) return null;
  return (
    <section className="card" data-testid="public-penalties">
      <h2>{m.board.penalties}</h2>
      <ul className="plain small">
        {shown.map((o) => (
          <li key={`${o.seat}-${o.round}-${o.offence}-${o.at}`}>
            {offenceText(o, t.round(o.round), seatLabel(seats, o.seat))}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SeatCard({ seat, note }: { seat: SeatView; note?: string | null }) {
  return (
    <li
      className={`seat ${seat.alive ? "alive" : "dead"} camp-${seat.camp ?? "unknown"}`}
      data-seat={seat.seat}
    >
      <span className="seat-no">{m.app.seat(seat.seat)}</span>
      <span className="seat-alias">{seat.alias}</span>
      <span className="seat-role">
        {seat.roleName ?? seat.role ?? m.board.hiddenRole}
        {seat.code ? ` · ${seat.code}` : ""}
      </span>
      {note ? <span className="seat-note">{note}</span> : null}
    </li>
  );
}

/** "round:3:posting" → 3 (0 for a key without a round). */
function roundOfKey(key: string): number {
  return Number(key.match(/^round:(\d+):/)?.[1] ?? 0);
}

/**
 * The rule set: roles by camp with their counts, and the 进程 round by round. Open before the start; during and after
 * the game folded under the board, since the rounds' own 进程 above may differ where the referee adjusted it.
 */
function RulesSummaryCard({ info, folded = false }: { info: GameInfo; folded?: boolean }) {
  const title = m.board.rulesSummary(info.rulesName, info.players);
  if (folded)
    return (
      <details className="card" data-testid="rules-summary-folded">
        <summary>{title}</summary>
        <p className="muted small">{m.board.rulesSummaryPlanned}</p>
        <RulesSummaryBody info={info} />
      </details>
    );
  return (
    <section className="card" data-testid="rules-summary">
      <h2>{title}</h2>
      <RulesSummaryBody info={info} />
    </section>
  );
}

function RulesSummaryBody({ info }: { info: GameInfo }) {
  const t = termsOf(info);
  const { roles, progression } = info.rulesSummary;
  const camps = [...new Set(roles.map((r) => r.camp))];
  return (
    <>
      <h3>{m.board.rulesRoles}</h3>
      <ul className="plain small" data-testid="rules-roles">
        {camps.map((camp) => {
          const of = roles.filter((r) => r.camp === camp);
          return (
            <li key={camp}>
              {m.board.rulesCamp(
                m.board.camp(camp, info.campNames),
                of.map((r) => m.board.rulesRole(r.name, r.count)),
                of.reduce((n, r) => n + r.count, 0),
              )}
            </li>
          );
        })}
      </ul>
      <h3>{info.dayNight ? m.board.rulesPace : m.board.rulesProgression}</h3>
      <div className="table-wrap">
        <table className="table" data-testid="rules-progression">
          <thead>
            <tr>
              <th>{m.board.rulesRoundHead(info.dayNight)}</th>
              <th>{m.board.rulesVotesHead}</th>
              <th>{m.board.rulesVoteOutHead(info.dayNight)}</th>
              <th>{info.dayNight ? m.board.rulesNightHead : m.board.rulesPostsHead}</th>
              <th>{m.board.rulesSurvivorsHead(info.dayNight)}</th>
            </tr>
          </thead>
          <tbody>
            {progression.map((r) => (
              <tr key={r.round}>
                <td>{t.round(r.round)}</td>
                <td>{r.votesPerVoter}</td>
                <td>{r.voteOut}</td>
                <td className="wrap-cell">
                  {info.dayNight
                    ? (r.nightKills ?? 0)
                    : m.board.rulesPosts(
                        r.posts.map((p) => m.board.rulesRole(p.unit, p.count)),
                        r.extraPosts.map((p) => m.board.rulesRole(p.unit, p.count)),
                      )}
                </td>
                <td>{r.survivors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
