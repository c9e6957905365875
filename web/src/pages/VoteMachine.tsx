// 投票机: pick targets (and code guesses), change the vote, live tally with 半票/托票 marks, overtime mode, 托票.
import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import type { GameView, MyVoteView, SeatNo, TallyView, VoteRequest } from "../../../src/server/api-types.ts";
import { api, errorText, requestId } from "../api/client.ts";
import { useServerNow } from "../api/server-time.ts";
import type { LiveGame } from "../api/use-game.ts";
import { CodeSelect } from "../components/CodeSelect.tsx";
import { Countdown } from "../components/Countdown.tsx";
import { MyProxyNotice } from "../components/MyProxyNotice.tsx";
import { Notice } from "../components/Notice.tsx";
import { useAction } from "../components/use-action.tsx";
import { VoteOutcome } from "../components/VoteOutcome.tsx";
import { m } from "../i18n/index.ts";
import { currentRound, engineOf, type RoundView, votingRound } from "../lib/engine-view.ts";
import { ballotTime, clock, clockOn, dateTime, seatLabel } from "../lib/format.ts";
import { type ProxyCutoff, proxyCutoff, proxyWindow } from "../lib/proxy-window.ts";
import { termsOf } from "../lib/terms.ts";
import { proxyTargets, sameAsStanding, standingCodes, unusedVotesNote } from "../lib/vote-choices.ts";
import { type NonVotingCost, nonVotingCost } from "../lib/vote-reminder.ts";

export function VoteMachine({ game }: { game: LiveGame }) {
  const data = game.data!;
  const view = game.view;
  const t = termsOf(data.game);
  const round = votingRound(view);
  const vote = round?.vote ?? null;
  const seats = view?.seats ?? [];
  const overtime = vote?.stage === "overtime";
  const candidates = vote?.candidates ?? null;
  const slots = useMemo(() => overtimeSlots(game, round?.round ?? null), [game, round?.round]);
  const perVoter = round
    ? overtime
      ? Math.max(1, Math.min(round.plan.votesPerVoter, slots))
      : round.plan.votesPerVoter
    : 1;
  // The engine offers codes only after the first black kill post, and only living black scored seats' codes.
  const offered = data.game.codeGuesses ? (view?.offeredCodes ?? []) : [];
  const mySeat = data.viewer.seat;
  const halfVoter =
    mySeat !== null &&
    seats.find((s) => s.seat === mySeat)?.alive !== true &&
    (round?.halfVoters ?? []).includes(mySeat);
  const canVote =
    data.viewer.memberKind === "player" &&
    mySeat !== null &&
    (seats.find((s) => s.seat === mySeat)?.alive === true || halfVoter);

  const tally = (view?.tally ?? [])
    .filter((t) => candidates === null || candidates.includes(t.seat))
    .sort((a, b) => b.votes - a.votes || a.seat - b.seat);
  const shownTally: TallyView[] =
    overtime && candidates
      ? candidates.map((c) => tally.find((t) => t.seat === c) ?? { seat: c, votes: 0, proxy: 0, half: 0 })
      : tally;
  const maxVotes = Math.max(1, ...shownTally.map((t) => t.votes));
  // A round with kill posts opens its vote when they are released (RULINGS 19), not at the round's start.
  const current = currentRound(view);
  const plan = current
    ? [...Object.values(current.plan.posts), ...Object.values(current.plan.extraPosts)]
    : [];
  const waitingForPosts =
    !vote && current && current.posts === null && plan.some((n) => n > 0) && game.status === "running"
      ? current
      : null;
  // Between a vote's close and the next vote's opening the page shows how the last vote ended.
  const lastClosed = vote
    ? null
    : (engineOf(view)
        ?.rounds.filter((r) => r.results.length > 0)
        .at(-1) ?? null);
  const label = (s: SeatNo) => seatLabel(seats, s);
  const percent = data.game.voteThresholdPercent;
  const alive = seats.filter((s) => s.alive).length;
  const threshold = percent !== null ? { percent, alive, need: Math.ceil((alive * percent) / 100) } : null;
  // 7kill's duel takes 托票 by its own deadline; a 风云/空军 overtime takes none (the day's cut-off is past).
  const proxy =
    vote && round
      ? proxyCutoff(vote, round.voteDeadline, {
          cutoffMinutes: data.game.proxyCutoffMinutes,
          duel: data.game.duel,
        })
      : null;

  // The last submission's answer lives here, not in the Ballot: a live update that closes the vote or opens the next
  // one unmounts the Ballot, and a refusal that went with it left the player thinking they had voted.
  const sent = useAction();
  const ballotKey = vote && canVote ? `${round?.round}-${vote.stage}` : null;
  const [sentFor, setSentFor] = useState<string | null>(null);
  // A refusal stands until dismissed or voted over; 投票成功 only beside the ballot it confirms, never a later one's.
  const outcome = sent.outcome?.kind === "ok" && sentFor !== ballotKey ? null : sent.outcome;
  const cast = async (body: VoteRequest) => {
    sent.clear();
    setSentFor(ballotKey);
    const ok = await sent.run(
      () => api.vote(data.game.id, body),
      (res) => m.vote.accepted(clock(res.receivedAt)),
    );
    if (ok) await game.reload();
  };
  const dropConfirmation = () => {
    if (sent.outcome?.kind === "ok") sent.clear();
  };

  return (
    <div className={overtime ? "stack vote overtime-mode" : "stack vote"} data-testid="vote-machine">
      <section className="card vote-head">
        <h2>
          {m.vote.title}
          {round ? <span className="badge">{t.round(round.round)}</span> : null}
          {round?.houses ? (
            <span className="badge" data-testid="vote-house">
              {m.vote.house(round.house)}
            </span>
          ) : null}
          {overtime ? (
            <span className="badge overtime" data-testid="overtime-badge">
              {data.game.duel ? m.vote.duel : m.vote.overtime}
            </span>
          ) : null}
        </h2>
        {overtime ? (
          <p className="overtime-hint">{data.game.duel ? m.vote.duelHint : m.vote.overtimeHint}</p>
        ) : null}
        {vote ? (
          <Countdown
            at={vote.closesAt - 1000}
            label={overtime ? t.deadline("overtime") : t.deadline("vote")}
          />
        ) : null}
        {!vote ? (
          <Notice kind="info">
            {waitingForPosts
              ? m.vote.opensWithPosts(waitingForPosts.round, clock(waitingForPosts.postingClosesAt))
              : m.vote.notOpen}
          </Notice>
        ) : null}
      </section>

      {vote && canVote && halfVoter ? (
        <Notice kind="info">
          <span data-testid="half-voter-note">{overtime ? m.vote.halfVoterOvertime : m.vote.halfVoter}</span>
        </Notice>
      ) : null}

      {vote && canVote ? (
        <Ballot
          key={ballotKey}
          perVoter={perVoter}
          // A tied seat out since the overtime or duel opened (a day shot) can no longer be voted for.
          // In seat order, as the board lists them (the engine lists an overtime's tied seats by votes).
          choices={(candidates ?? seats.map((s) => s.seat))
            .filter((c) => seats.find((s) => s.seat === c)?.alive)
            .sort((a, b) => a - b)}
          label={label}
          offered={offered}
          myVote={view?.myVote ?? null}
          changes={view?.voteChanges ?? null}
          abstainAllowed={vote.abstainAllowed ?? false}
          cast={cast}
          onPick={dropConfirmation}
          outcome={<VoteOutcome outcome={outcome} pinned={false} onDismiss={sent.clear} />}
        />
      ) : vote ? (
        <Notice kind="info">
          {data.viewer.kind === "dead-player" ? m.vote.deadPlayer : m.vote.notPlayer}
        </Notice>
      ) : null}

      <section className="card" data-testid="tally">
        <h2>
          {m.vote.tally}
          {round?.houses ? <span className="badge">{m.vote.house(round.house)}</span> : null}
        </h2>
        {threshold && !overtime ? (
          <p className="muted small" data-testid="vote-threshold">
            {m.vote.threshold(threshold.need, threshold.alive, threshold.percent)}
          </p>
        ) : null}
        {shownTally.length === 0 ? <p className="empty small">{m.vote.tallyEmpty}</p> : null}
        <ol className="tally">
          {shownTally.map((t) => (
            <li key={t.seat} className="tally-row" data-seat={t.seat}>
              <TallyName seat={t.seat} label={label} />
              <span className="tally-bar">
                <span style={{ width: `${(t.votes / maxVotes) * 100}%` }} />
              </span>
              <span className="tally-votes">{m.vote.votes(t.votes)}</span>
              <span className="tally-marks">
                {t.half > 0 ? (
                  <span className="mark half" title={m.vote.legendHalf}>
                    {m.vote.half(t.half)}
                  </span>
                ) : null}
                {t.proxy > 0 ? (
                  <span className="mark proxy" title={m.vote.legendProxy}>
                    {m.vote.proxy(t.proxy)}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
        <p className="muted small">
          {/* Half votes belong to this round's post victims, and count in the regular vote only (RULINGS 10). */}
          {data.game.killPosts && !overtime && (round?.halfVoters.length ?? 0) > 0 ? (
            <>
              <span className="mark half">{m.vote.halfMark}</span> {m.vote.legendHalf}
              <br />
            </>
          ) : null}
          <span className="mark proxy">{m.vote.proxyMark}</span> {m.vote.legendProxy}
        </p>
      </section>

      {!vote && lastClosed ? (
        <FinalTally round={lastClosed} label={label} duel={data.game.duel} dayNight={data.game.dayNight} />
      ) : null}

      {/* The other houses' tallies are public (a visitor sees them), so a seated player sees them too. */}
      {round?.houses
        ? (view?.houses ?? [])
            .filter((h) => h.house !== round.house)
            .map((h) => (
              <section className="card" key={h.house} data-testid={`tally-house-${h.house}`}>
                <h2>
                  {m.vote.tally}
                  <span className="badge">{m.vote.house(h.house)}</span>
                </h2>
                {h.tally.length === 0 ? <p className="empty small">{m.vote.tallyEmpty}</p> : null}
                <ol className="tally">
                  {h.tally.map((t) => (
                    <li key={t.seat} className="tally-row" data-seat={t.seat}>
                      <TallyName seat={t.seat} label={label} />
                      <span className="tally-votes">{m.vote.votes(t.votes)}</span>
                      {t.half > 0 ? <span className="mark half">{m.vote.half(t.half)}</span> : null}
                    </li>
                  ))}
                </ol>
              </section>
            ))
        : null}

      {vote && !overtime && !round?.houses ? (
        <NotYetVoted
          seats={seats}
          voted={new Set(vote.casts.map((c) => c.voter))}
          mySeat={canVote ? mySeat : null}
          label={label}
          consequence={nonVotingCost(data.game.nonVoting, round?.round ?? 0)}
        />
      ) : null}

      {vote && vote.casts.length > 0 ? (
        <section className="card">
          <h2>{m.vote.ballots}</h2>
          <ol className="ballots">
            {vote.casts.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: casts are an append-only list
              <li key={i}>
                <span className="muted small">{ballotTime(c.at, vote.closesAt)}</span>{" "}
                {m.vote.ballotLine(
                  label(c.voter),
                  c.targets.length ? m.app.list(c.targets.map(label)) : m.vote.abstain,
                )}
                {c.proxy ? <span className="mark proxy">{m.vote.proxyMark}</span> : null}
                {(round?.halfVoters ?? []).includes(c.voter) && !overtime ? (
                  <span className="mark half">{m.vote.halfMark}</span>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {round && round.results.length > 0 ? (
        <section className="card">
          <h2>{m.vote.results}</h2>
          {round.results.map((r) => (
            <p key={`${r.house ?? 1}-${r.stage}`}>
              {round.houses ? <span className="badge">{m.vote.house(r.house ?? 1)}</span> : null}
              {r.stage === "overtime" ? `${m.vote.overtime} · ` : ""}
              {r.out.length > 0 || !r.tie ? m.vote.outBy(m.app.list(r.out.map(label)) || m.app.none) : null}
              {r.tie && r.out.length === 0 ? m.vote.tied(m.app.list(r.tie.map(label)), data.game.duel) : null}
            </p>
          ))}
          {round.tieBreak ? (
            <p>{m.vote.tieBreak(round.tieBreak.rule, m.app.list(round.tieBreak.out.map(label)))}</p>
          ) : null}
        </section>
      ) : null}

      {vote && canVote && mySeat !== null && proxy && !proxy.overtime ? (
        <MyProxyNotice
          events={game.events}
          seat={mySeat}
          ballots={vote.casts}
          cutoff={proxy.cutoff}
          deadline={vote.closesAt - 1000}
          label={label}
        />
      ) : null}
      {vote && canVote && proxy ? (
        <ProxyForm
          gameId={data.game.id}
          choices={proxyTargets(seats, mySeat)}
          offered={offered}
          cutoff={proxy}
          deadline={vote.closesAt - 1000}
        />
      ) : null}

      {ballotKey === null ? <VoteOutcome outcome={outcome} pinned onDismiss={sent.clear} /> : null}
    </div>
  );
}

/**
 * The living who have no ballot yet in the regular vote (the vote thread is public, so this is too): a referee chases
 * them (催票) and a player sees it before the deadline rather than in the results post. Not in an overtime, where not
 * voting is no offence (RULINGS 11).
 */
function NotYetVoted(props: {
  seats: readonly { seat: SeatNo; alive: boolean }[];
  voted: ReadonlySet<SeatNo>;
  mySeat: SeatNo | null;
  label: (s: SeatNo) => string;
  consequence: NonVotingCost | null;
}) {
  const waiting = props.seats.filter((s) => s.alive && !props.voted.has(s.seat)).map((s) => s.seat);
  if (waiting.length === 0) return null;
  const me = props.mySeat !== null && waiting.includes(props.mySeat);
  return (
    <section className="card" data-testid="not-yet-voted">
      <h2>{m.vote.notYetVoted(waiting.length)}</h2>
      {/* Styled as a notice, not a Notice: it is a reminder, not the answer to something the player sent. */}
      {me && props.consequence ? (
        <p className="notice notice-error" data-testid="my-vote-missing">
          {m.vote.youHaveNotVoted(props.consequence)}
        </p>
      ) : null}
      <p className="small">{m.app.list(waiting.map(props.label))}</p>
      {props.consequence ? <p className="muted small">{m.vote.notVotingCost(props.consequence)}</p> : null}
    </section>
  );
}

function overtimeSlots(game: LiveGame, round: number | null): number {
  for (let i = game.events.length - 1; i >= 0; i--) {
    const e = game.events[i]!;
    if (e.type === "OvertimeOpened" && e.data.round === round && typeof e.data.slots === "number")
      return e.data.slots;
  }
  return 1;
}

/** A closed round's final counts, each stage (the vote, then its overtime) with who went out. */
function FinalTally({
  round,
  label,
  duel,
  dayNight,
}: {
  round: RoundView;
  label: (s: SeatNo) => string;
  /** 7kill: the second stage is the 高票对决, not an overtime. */
  duel: boolean;
  /** 7kill: a round is a day (第N天). */
  dayNight: boolean;
}) {
  return (
    <section className="card" data-testid="final-tally">
      <h2>{m.vote.finalTally(round.round, dayNight)}</h2>
      {round.results.map((r) => (
        <div key={`${r.stage}-${r.house ?? 1}`}>
          {r.stage === "overtime" ? <h3>{duel ? m.vote.duel : m.vote.overtime}</h3> : null}
          <ol className="tally">
            {r.tally.map((t) => (
              <li key={t.seat} className="tally-row" data-seat={t.seat}>
                <TallyName seat={t.seat} label={label} />
                <span className="tally-votes">{m.vote.votes(t.halves / 2)}</span>
              </li>
            ))}
          </ol>
          <p>{m.vote.outBy(m.app.list(r.out.map(label)) || m.app.none)}</p>
        </div>
      ))}
    </section>
  );
}

/**
 * A tally row's 「N号 马甲」. A wide screen clamps it to two lines, so the full name is its hover title there; a phone
 * shows it whole (styles.css).
 */
function TallyName({ seat, label }: { seat: SeatNo; label: (s: SeatNo) => string }) {
  const text = m.vote.tallyName(seat, label(seat));
  return (
    <span className="tally-name" title={text}>
      {text}
    </span>
  );
}

interface BallotProps {
  perVoter: number;
  choices: SeatNo[];
  label: (s: SeatNo) => string;
  /** Codes a ballot may guess now; empty when the rule set asks for none or none are offered yet. */
  offered: string[];
  myVote: MyVoteView | null;
  /** The thread's rule on changes, said before the first vote too, so nobody learns it only once it binds them. */
  changes: GameView["voteChanges"];
  /** Whether this vote takes an empty ballot (弃权): the button is offered only then. */
  abstainAllowed: boolean;
  /** Sends the ballot; the page keeps and shows the answer (it outlives this Ballot). */
  cast: (body: VoteRequest) => Promise<void>;
  /** A new pick: a 投票成功 shown for the standing ballot no longer answers what is picked. */
  onPick: () => void;
  /** The last answer, kept in the sticky bar by the button, where the player's eyes are. */
  outcome: ReactNode;
}

/** A long list of names gets a filter box (a 57-seat table is several phone screens of buttons). */
const FILTER_FROM = 16;

/** By alias (any part) or seat number ("12" or "12号"). */
function matches(seat: SeatNo, alias: string, filter: string): boolean {
  const f = filter.trim();
  if (f === "") return true;
  return alias.includes(f) || m.app.seat(seat) === f || (/^\d+$/.test(f) && Number(f) - 1 === seat);
}

function Ballot({
  perVoter,
  choices,
  label,
  offered,
  myVote,
  changes,
  abstainAllowed,
  cast,
  onPick,
  outcome,
}: BallotProps) {
  const codeGuesses = offered.length > 0;
  const [picked, setPicked] = useState<SeatNo[]>(() =>
    myVote ? myVote.targets.filter((t) => choices.includes(t)) : [],
  );
  // The standing ballot's guesses, so that a 改票 keeps them unless the player changes them (风云 audit: they reset).
  const [codes, setCodes] = useState<Record<number, string>>(() => standingCodes(myVote));
  const [filter, setFilter] = useState("");
  const [busy, setBusy] = useState(false);
  const now = useServerNow();
  // The server refuses a change past the limit or inside the freeze (seed 001 「投票后，有一次改票机会」,
  // 「白天结束前1个小时不得改票」): the page does not offer one. A first vote is never frozen.
  const frozenFrom = myVote?.changesFrozenFrom ?? null;
  const spent = myVote !== null && myVote.changesLeft === 0;
  const frozen = myVote !== null && frozenFrom !== null && now >= frozenFrom;
  const locked = spent || frozen;
  const fewer = myVote ? unusedVotesNote(perVoter, myVote.targets) : null;
  // The server would refuse the very ballot standing (vote.unchanged): 改票 waits for another choice.
  const unchanged = sameAsStanding(myVote, picked, codeGuesses ? codes : {});

  const toggle = (s: SeatNo) => {
    onPick();
    setPicked((p) =>
      p.includes(s) ? p.filter((x) => x !== s) : p.length >= perVoter ? [...p.slice(1), s] : [...p, s],
    );
  };
  const send = async (targets: SeatNo[]) => {
    setBusy(true);
    try {
      await cast({
        requestId: requestId(),
        targets,
        ...(codeGuesses ? { codes: targets.map((t) => codes[t]?.trim() || null) } : {}),
      });
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(picked);
  };

  return (
    <form className="card ballot" onSubmit={submit} data-testid="ballot">
      <h3>
        {m.vote.choose(perVoter)}{" "}
        <span className="muted small">{m.vote.chosen(picked.length, perVoter)}</span>
      </h3>
      {myVote ? (
        <p className="my-vote" data-testid="my-vote">
          {m.vote.myVote(
            myVote.targets.length
              ? m.app.list(myVote.targets.map((t, i) => m.vote.withCode(label(t), myVote.codes?.[i] ?? null)))
              : m.vote.abstain,
          )}
          {/* A ballot on a seat out since counts for nobody (a void vote, not a 弃权): said, with the way out. */}
          {myVote.targets.some((t) => !choices.includes(t)) ? (
            <span className="err small" data-testid="my-vote-void">
              {" "}
              ·{" "}
              {m.vote.votedForOut(m.app.list(myVote.targets.filter((t) => !choices.includes(t)).map(label)))}
              {spent || frozen ? "" : m.vote.votedForOutChange}
            </span>
          ) : null}
          {spent || frozen ? null : (
            <>
              {myVote.changesLeft !== null ? (
                <span className="muted small"> · {m.vote.changesLeft(myVote.changesLeft)}</span>
              ) : null}
              {frozenFrom !== null ? (
                <span className="muted small"> · {m.vote.changesFreezeAt(clockOn(frozenFrom, now))}</span>
              ) : null}
            </>
          )}
        </p>
      ) : changes && (changes.max !== null || changes.frozenFrom !== null) ? (
        <p className="muted small" data-testid="change-rule">
          {m.vote.changeRule(
            changes.max,
            changes.frozenFrom === null ? null : clockOn(changes.frozenFrom, now),
            changes.frozenFrom !== null && now >= changes.frozenFrom,
          )}
        </p>
      ) : null}
      {fewer ? (
        <p className="muted small" data-testid="fewer-votes">
          {fewer}
        </p>
      ) : null}
      {locked ? (
        <p className="muted small" data-testid="no-change">
          {spent ? m.vote.noChangesLeft : m.vote.changesFrozen(clockOn(frozenFrom ?? now, now))}
        </p>
      ) : null}
      {choices.length > FILTER_FROM ? (
        <input
          className="choice-filter"
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={m.vote.filter}
          aria-label={m.vote.filter}
          data-testid="choice-filter"
        />
      ) : null}
      <div className="choices">
        {choices
          .filter((s) => matches(s, label(s), filter) || picked.includes(s))
          .map((s) => {
            const i = picked.indexOf(s);
            return (
              <button
                type="button"
                key={s}
                className={i >= 0 ? "choice picked" : "choice"}
                aria-pressed={i >= 0}
                onClick={() => toggle(s)}
                data-seat={s}
              >
                {i >= 0 && perVoter > 1 ? <span className="order">{i + 1}</span> : null}
                <span className="choice-seat">{m.app.seat(s)}</span>
                {label(s)}
              </button>
            );
          })}
      </div>
      {codeGuesses && picked.length > 0 ? (
        <div className="codes">
          {picked.map((s) => (
            <label key={s} className="field inline">
              <span className="field-label">
                {label(s)} · {m.vote.codeGuess}
              </span>
              <CodeSelect
                name={`code-${s}`}
                value={codes[s] ?? ""}
                codes={offered}
                onChange={(code) => setCodes((c) => ({ ...c, [s]: code }))}
              />
            </label>
          ))}
        </div>
      ) : null}
      {/* Kept in reach under the list: with 40–60 names the button was screens below the chosen one on a phone. */}
      <div className="actions ballot-bar">
        {outcome}
        {picked.length > 0 ? (
          <span className="ballot-picked" data-testid="ballot-picked">
            {m.app.list(picked.map(label))}
          </span>
        ) : null}
        {unchanged && picked.length > 0 ? (
          <span className="muted small" data-testid="ballot-unchanged">
            {m.vote.unchangedHint}
          </span>
        ) : null}
        <button
          type="submit"
          className="btn primary"
          disabled={busy || locked || picked.length === 0 || unchanged}
          data-testid="cast"
        >
          {myVote ? m.vote.change : m.vote.cast}
        </button>
        {abstainAllowed ? (
          <button
            type="button"
            className="btn ghost"
            disabled={busy || locked || sameAsStanding(myVote, [], {})}
            onClick={() => void send([])}
            data-testid="abstain"
          >
            {m.vote.abstain}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function ProxyForm({
  gameId,
  choices,
  offered,
  cutoff,
  deadline,
}: {
  gameId: string;
  /** Each possible target with its label (seat number and alias, as on the ballot). */
  choices: { seat: SeatNo; label: string }[];
  /** The codes a ballot may guess now (score rule); empty when none are offered. */
  offered: string[];
  /** The instant from which 托票 are refused (the deadline less the rule set's cut-off), and whether in overtime. */
  cutoff: ProxyCutoff;
  /** The stated deadline of the open vote, by which the player can still vote in person. */
  deadline: number;
}) {
  const [target, setTarget] = useState<string>("");
  const [code, setCode] = useState("");
  const [note, setNote] = useState("");
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The server refuses a request from the cut-off on (proxy.after-cutoff): the form closes with it, by its clock.
  const taking = proxyWindow(cutoff, useServerNow());
  const closed = taking !== "open";
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setOk(null);
    try {
      await api.proxyRequest(gameId, {
        requestId: requestId(),
        target: Number(target),
        ...(note ? { note } : {}),
        ...(code ? { code } : {}),
      });
      setOk(m.vote.proxySent);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <details className="card" data-testid="proxy-form">
      <summary>
        {m.vote.proxyTitle}
        {closed ? <span className="badge">{m.vote.proxyClosedBadge}</span> : null}
      </summary>
      <form className="form" onSubmit={submit}>
        {closed ? (
          <Notice kind="info">
            <span data-testid="proxy-closed">
              {taking === "overtime"
                ? m.vote.proxyOvertime(dateTime(cutoff.cutoff))
                : m.vote.proxyClosed(dateTime(cutoff.cutoff), dateTime(deadline))}
            </span>
          </Notice>
        ) : (
          <p className="muted small" data-testid="proxy-hint">
            {m.vote.proxyHint(dateTime(cutoff.cutoff))}
          </p>
        )}
        {/* Disabled, not hidden: the player sees that 托票 exists and why it is not taken now. */}
        <select
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          required
          name="proxy-target"
          disabled={closed}
        >
          <option value="" disabled>
            {m.write.chooseTarget}
          </option>
          {choices.map((c) => (
            <option key={c.seat} value={c.seat}>
              {c.label}
            </option>
          ))}
        </select>
        {offered.length > 0 && !closed ? (
          <CodeSelect name="proxy-code" value={code} codes={offered} onChange={setCode} />
        ) : null}
        <input
          value={note}
          placeholder={m.vote.proxyNote}
          onChange={(e) => setNote(e.target.value)}
          disabled={closed}
        />
        <Notice kind="error">{error}</Notice>
        <Notice kind="ok">{ok}</Notice>
        <button type="submit" className="btn" disabled={closed}>
          {m.vote.proxySend}
        </button>
      </form>
    </details>
  );
}
