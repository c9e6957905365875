// 我的身份: the role card as told, teammates, team rooms, my posts, what is due, open 白条, and 举报.
import { type FormEvent, useState } from "react";
import type { RolePowers } from "../../../src/server/api-types.ts";
import { api, errorText, requestId } from "../api/client.ts";
import type { LiveGame } from "../api/use-game.ts";
import { Countdown } from "../components/Countdown.tsx";
import { Notice } from "../components/Notice.tsx";
import { RefereeMessages } from "../components/RefereeMessages.tsx";
import { RoomChat } from "../components/RoomChat.tsx";
import { m } from "../i18n/index.ts";
import { dueDeadlines } from "../lib/due-deadlines.ts";
import { engineOf } from "../lib/engine-view.ts";
import { enteredPostIds } from "../lib/entered-posts.ts";
import { dateTime, seatLabel, statedAt } from "../lib/format.ts";
import { type ComplaintState, myComplaints } from "../lib/my-complaints.ts";
import { offenceText } from "../lib/offence-text.ts";
import { editorLink, postRightState } from "../lib/post-right.ts";
import { termsOf } from "../lib/terms.ts";
import { Link } from "../router.tsx";
import { SeatCard } from "./Board.tsx";
import { NightActions } from "./NightActions.tsx";

export function MyRole({ game }: { game: LiveGame }) {
  const data = game.data!;
  const view = game.view;
  const t = termsOf(data.game);
  const card = view?.roleCard ?? null;
  const you = engineOf(view)?.you ?? null;
  const seats = view?.seats ?? [];
  const id = data.game.id;
  const entered = enteredPostIds(game.events);
  const roomVersion = game.events.filter(
    (e) => e.type === "app.RoomMessagePosted" || e.type === "AllianceFormed",
  ).length;

  if (data.viewer.memberKind !== "player") return <Notice kind="info">{m.me.notPlayer}</Notice>;
  if (!card)
    return (
      <div className="stack">
        <Notice kind="info">
          {data.viewer.kind === "dead-player" ? m.board.viewerReplaced : m.board.notStarted}
        </Notice>
        {/* Before the start too: an appeal of a 报道 ruling, a question about the rules. */}
        <RefereeMessages game={game} />
      </div>
    );

  const alive = seats.find((s) => s.seat === card.seat)?.alive ?? false;
  // Why: what the board says of the seat (no cause where the rules publish none, as in 7kill).
  const myOut = engineOf(view)?.seats.find((s) => s.seat === card.seat)?.out ?? null;
  // 7kill has no kill posts: no 白条, no own posts, no 举报 of a post.
  const killPosts = data.game.killPosts;
  const openIous = (you?.ious ?? []).filter((i) => i.status === "open");
  const due = dueDeadlines(view?.deadlines ?? [], you, view?.round ?? null);
  const right = postRightState(card.postsDue, you?.posts ?? [], view?.round ?? null);
  const editor = editorLink(right, alive, card.powers.post !== null);

  return (
    <div className="stack">
      <section className={`card role-card camp-${card.camp}`} data-testid="role-card">
        <div className="role-name" data-testid="role-name">
          {card.roleName}
        </div>
        <dl className="role-facts">
          <dt>{m.me.camp}</dt>
          <dd>{t.camp(card.camp)}</dd>
          {card.code ? (
            <>
              <dt>{m.me.code}</dt>
              <dd data-testid="role-code">{card.code}</dd>
            </>
          ) : null}
        </dl>
        <RolePowersList powers={card.powers} killPostMin={data.game.killPostMin} />
        <p className="muted small">{m.me.hiddenNote}</p>
      </section>

      {!alive && myOut ? (
        <Notice kind="info">
          <span data-testid="my-out">
            {m.me.youAreOut(
              t.outWhen(myOut.round, myOut.night === true),
              myOut.cause && m.board.outCause(myOut.cause),
            )}
          </span>
        </Notice>
      ) : null}
      <NightActions game={game} />
      <MyWarnings game={game} seat={card.seat} />
      {data.game.scoreRule && alive ? (
        <ExtensionRequestCard game={game} refusal={card.extensionRefusal ?? null} />
      ) : null}

      <section className="card">
        <h2>{m.me.teammates}</h2>
        {card.knows.length === 0 ? <p className="empty small">{m.me.noTeammates}</p> : null}
        <ul className="seat-grid" data-testid="teammates">
          {card.knows.map((s) => (
            <SeatCard key={s.seat} seat={s} />
          ))}
        </ul>
      </section>

      {killPosts ? (
        <section className="card" data-testid="due">
          <h2>{m.me.dueDates}</h2>
          <p>
            {right === "due"
              ? m.me.postsDue(card.postsDue)
              : right === "posted"
                ? m.me.postedThisRound
                : card.powers.post === null
                  ? m.write.noRightRole
                  : m.write.noRight}
            {/* Once posted there is no turn left to tell of: the line says 已出帖. */}
            {you?.postRight && right !== "posted" ? (
              <span className="muted small">
                {" "}
                · {turnText(you.postRight, (card.powers.group?.members ?? 0) > 1)}
              </span>
            ) : null}
          </p>
          {due.map((d) => (
            <Countdown key={d.key} at={statedAt(d.key, d.at)} label={t.deadline(d.key)} />
          ))}
          {editor === "write" ? (
            <Link to={`/games/${id}/write?kind=kill`} className="btn primary">
              {m.me.writeKill}
            </Link>
          ) : editor === "draft" ? (
            <Link to={`/games/${id}/write?kind=kill`} className="btn">
              {m.me.draftKill}
            </Link>
          ) : null}
        </section>
      ) : null}

      {killPosts ? (
        <section className="card" data-testid="ious">
          <h2>{m.me.ious}</h2>
          {openIous.length === 0 ? <p className="empty small">{m.me.noIous}</p> : null}
          <ul className="plain">
            {openIous.map((i) => (
              <li key={`${i.round}-${i.post}`}>
                {m.me.iouLine(seatLabel(seats, i.target), dateTime(i.deadline))}{" "}
                <Link to={`/games/${id}/write?kind=iou`} className="btn small primary">
                  {m.me.completeIou}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {card.rooms.length === 0 ? (
        <section className="card">
          <h2>{m.me.rooms}</h2>
          <p className="empty small">{m.me.noRooms}</p>
        </section>
      ) : (
        <h2 className="section-title">{m.me.rooms}</h2>
      )}
      {card.rooms.map((r) => (
        <RoomChat key={r.id} gameId={id} room={r} seats={seats} version={roomVersion} canWrite={alive} />
      ))}

      {killPosts ? (
        <section className="card" data-testid="my-posts">
          <h2>{m.me.myPosts}</h2>
          {(you?.posts ?? []).length === 0 ? <p className="empty small">{m.me.noPosts}</p> : null}
          <ul className="plain">
            {/* An unreleased post has no number (its place in the hand-ins is secret): keyed by its place in the list. */}
            {(you?.posts ?? []).map((p, i) => (
              <li key={`${p.round}-${p.index ?? `u${i}`}`}>
                {t.round(p.round)} {m.threads.killPostLine(seatLabel(seats, p.target), p.words)}
                {p.voided ? <span className="badge">{m.threads.lapsed}</span> : null}
                {p.postId !== null && entered.has(p.postId) ? (
                  <span className="badge" title={m.me.enteredByRefereeHint}>
                    {m.me.enteredByReferee}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {killPosts ? <MyComplaints game={game} seat={card.seat} /> : null}
      {/* An out player complains too: a post's victim has the most reason to report it copied (the server takes it). */}
      {killPosts && game.status === "running" ? <ComplaintForm game={game} /> : null}
      <RefereeMessages game={game} />
    </div>
  );
}

function ComplaintForm({ game }: { game: LiveGame }) {
  const seats = game.view?.seats ?? [];
  // A complaint names a released post (round and index), never its poster, whom players do not know.
  const posts = (engineOf(game.view)?.rounds ?? []).flatMap((r) =>
    (r.posts ?? []).map((p) => ({ round: r.round, index: p.index, target: p.target })),
  );
  const [against, setAgainst] = useState("");
  const picked = posts.find((p) => `${p.round}:${p.index}` === against);
  const [text, setText] = useState("");
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setOk(null);
    setError(null);
    try {
      const [round, post] = against.split(":").map(Number);
      await api.complaint(game.data!.game.id, { requestId: requestId(), round: round!, post: post!, text });
      setOk(m.me.complaintSent);
      setText("");
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <details className="card">
      <summary>{m.me.complaintTitle}</summary>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field-label">{m.me.complaintAgainst}</span>
          <select value={against} onChange={(e) => setAgainst(e.target.value)} required>
            <option value="" disabled>
              {m.me.complaintChoosePost}
            </option>
            {posts.map((p) => (
              <option key={`${p.round}:${p.index}`} value={`${p.round}:${p.index}`}>
                {m.me.complaintPost(p.round, p.index, seatLabel(seats, p.target))}
              </option>
            ))}
          </select>
        </label>
        {picked ? (
          <span className="small" data-testid="complaint-picked">
            {m.me.complaintPickedTarget(seatLabel(seats, picked.target))}
          </span>
        ) : null}
        <label className="field">
          <span className="field-label">{m.me.complaintText}</span>
          <textarea value={text} onChange={(e) => setText(e.target.value)} rows={3} required />
        </label>
        <Notice kind="error">{error}</Notice>
        <Notice kind="ok">{ok}</Notice>
        <button type="submit" className="btn">
          {m.me.complaint}
        </button>
      </form>
    </details>
  );
}

/**
 * 我的举报: what became of each complaint this player filed (the form's 「举报已交给哨群」 goes with a reload). Read from
 * the player's own events (my-complaints.ts): nobody else's complaints, and of a ruling only what is public.
 */
function MyComplaints({ game, seat }: { game: LiveGame; seat: number }) {
  const seats = game.view?.seats ?? [];
  const t = termsOf(game.data?.game);
  const list = myComplaints(game.events, seat, engineOf(game.view)?.rounds ?? []);
  if (list.length === 0) return null;
  return (
    <section className="card" data-testid="my-complaints">
      <h2>{m.me.myComplaints}</h2>
      <ul className="plain">
        {list.map((c) => (
          <li key={c.seq} data-testid="my-complaint" data-state={c.state.kind}>
            <div>
              {c.round !== null && c.post !== null
                ? m.me.myComplaintPost(
                    t.round(c.round),
                    c.post,
                    c.target === null ? null : seatLabel(seats, c.target),
                  )
                : m.me.myComplaintUnknownPost}{" "}
              <span className="muted small">
                {c.receivedAt === undefined
                  ? m.me.myComplaintFiled(dateTime(c.at))
                  : m.me.myComplaintEntered(dateTime(c.receivedAt))}
              </span>
            </div>
            <div className="small">{m.me.myComplaintText(c.text)}</div>
            <div
              className={
                c.state.kind === "upheld" || c.state.kind === "as-iou"
                  ? "notice notice-ok"
                  : "notice notice-info"
              }
            >
              {complaintStateText(c.state)}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function complaintStateText(s: ComplaintState): string {
  switch (s.kind) {
    case "waiting":
      return m.me.myComplaintWaiting(s.deadline === null ? null : dateTime(s.deadline));
    case "upheld":
      return m.me.myComplaintUpheld(dateTime(s.at), s.reason);
    case "dismissed":
      return m.me.myComplaintDismissed(dateTime(s.at), s.reason);
    case "as-iou":
      return m.me.myComplaintAsIou(
        dateTime(s.at),
        s.reason,
        s.deadline === null ? null : dateTime(s.deadline),
      );
    case "expired":
      return m.me.myComplaintExpired(dateTime(s.at), s.why);
    case "voided":
      return m.me.myComplaintVoided(dateTime(s.at), s.why);
  }
}

/**
 * Whether this seat may post now: in code order (按代号序), or as its group decides (集团自定的顺序); a group of one
 * (工兵) has nobody to decide with.
 */
function turnText(right: { yourTurn: boolean; groupChoice: boolean }, shared: boolean): string {
  if (right.yourTurn) return right.groupChoice && shared ? m.me.groupChoice : m.me.yourTurn;
  return m.me.notYourTurn;
}

/** What the role can do, said from the rule set (as told: the 暗弹's card reads as a ranger's). */
function RolePowersList({ powers, killPostMin }: { powers: RolePowers; killPostMin: number }) {
  const lines: string[] = [];
  if (powers.post === "kill") lines.push(m.me.powerKillPost(killPostMin));
  if (powers.post === "engineer") lines.push(m.me.powerEngineerPost(killPostMin));
  // A group of one (工兵) is the seat itself: nothing to say about turns.
  if (powers.group && powers.group.members > 1)
    lines.push(m.me.powerGroup(powers.group.name, powers.group.rotation));
  if (powers.post === "kill" && !powers.victimsHalfVote) lines.push(m.me.powerNoHalfVote);
  if (powers.bomb) {
    if (powers.bomb.takesPoster) lines.push(m.me.powerBombPost(powers.bomb.activeThroughRound));
    if (powers.bomb.takesLeadVoter) lines.push(m.me.powerBombVote(powers.bomb.votesThroughRound));
    lines.push(m.me.powerBombEnds(powers.bomb.activeThroughRound));
  }
  for (const a of powers.abilities)
    lines.push(m.me.powerAbility(a.ability, a.phase, a.together, a.uses ?? null));
  if (lines.length === 0) lines.push(m.me.powerNone);
  return (
    <div className="role-powers" data-testid="role-powers">
      <h3 className="small">{m.me.powers}</h3>
      <ul className="plain small">
        {lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * 7kill's warnings on this seat (seed 001 4.2): "累积两次警告，将被判罚出局", so the player must be able to see them. The
 * view already holds the seat's own offences, hidden ones included ("此种情况处罚时不公开" hides them from others only).
 */
function MyWarnings({ game, seat }: { game: LiveGame; seat: number }) {
  const offences = (engineOf(game.view)?.dayNight?.offences ?? []).filter((o) => o.seat === seat);
  if (offences.length === 0) return null;
  // A withdrawn warning is listed (marked, with why) but no longer counts toward the two that put a player out.
  const warnings = offences.filter((o) => o.warning && !o.withdrawn).length;
  return (
    <section className="card" data-testid="my-warnings">
      <h2>{m.me.warnings}</h2>
      <p className={warnings > 0 ? "notice notice-error" : "muted"}>{m.me.warningCount(warnings)}</p>
      <ul className="plain small">
        {offences.map((o) => (
          <li key={`${o.round}-${o.offence}-${o.at}`}>
            {offenceText(o, termsOf(game.data?.game).round(o.round), null)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 白条延期 (score rule): while a 白条 hangs, a player may ask the referee to run the round one day longer ("对方阵营有权
 * 申请当轮延长一天…该申请必须在白条补齐前提出"). `refusal`: why this seat may not ask now (the server's own check, read
 * from public facts and the seat's role only): the form says so and cannot be sent.
 */
function ExtensionRequestCard({ game, refusal }: { game: LiveGame; refusal: string | null }) {
  const id = game.data!.game.id;
  const [note, setNote] = useState("");
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = (engineOf(game.view)?.rounds ?? []).some((r) =>
    (r.posts ?? []).some((p) => p.iouStatus === "open"),
  );
  if (!open) return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setOk(null);
    setError(null);
    try {
      await api.extensionRequest(id, { requestId: requestId(), ...(note ? { note } : {}) });
      setOk(m.me.extensionSent);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <section className="card" data-testid="extension-request-card">
      <h2>{m.me.extensionTitle}</h2>
      <p className="muted small">{m.me.extensionHint}</p>
      {refusal !== null ? (
        <Notice kind="info">
          <span data-testid="extension-refused">{m.me.extensionRefused(refusal)}</span>
        </Notice>
      ) : null}
      <form className="form" onSubmit={submit}>
        <input
          value={note}
          placeholder={m.vote.proxyNote}
          disabled={refusal !== null}
          onChange={(e) => setNote(e.target.value)}
        />
        <Notice kind="error">{error}</Notice>
        <Notice kind="ok">{ok}</Notice>
        <button type="submit" className="btn" disabled={refusal !== null}>
          {m.me.extensionSend}
        </button>
      </form>
    </section>
  );
}
