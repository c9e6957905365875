// 哨子台: seats with real accounts, lifecycle, 报道 review, 进程 editor, 托票箱 and complaints, overrides, results, log.
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import type {
  GameEventDto,
  InboxItem,
  OffenceKind,
  OriginalityResponse,
  OverrideBody,
  ReportInfo,
  ResultsPart,
  RosterEntry,
  ScriptMixInfo,
  SeatNo,
} from "../../../src/server/api-types.ts";
import { ALIAS_MAX, USERNAME_MAX } from "../../../src/server/field-limits.ts";

import { api, errorText, requestId } from "../api/client.ts";
import { serverNow, siteLocalToMs, siteTimeZone, useServerNow } from "../api/server-time.ts";
import type { LiveGame } from "../api/use-game.ts";
import type { Inbox as InboxState } from "../api/use-inbox.ts";
import { useLogFollower } from "../api/use-log-follower.ts";
import { LengthHint } from "../components/LengthHint.tsx";
import { Notice } from "../components/Notice.tsx";
import { RoomChat } from "../components/RoomChat.tsx";
import { PostScriptBadges, ScriptHint } from "../components/ScriptHint.tsx";
import { useAction } from "../components/use-action.tsx";
import { useFollowNewest } from "../components/use-follow-newest.ts";
import { m } from "../i18n/index.ts";
import { leadVoterChoices } from "../lib/amend-lead-voter.ts";
import { amendableRounds } from "../lib/amend-vote-out.ts";
import { copyText, toBBCode, toPlainText } from "../lib/bbcode.ts";
import { complainedPost } from "../lib/complained-post.ts";
import { currentRound, engineOf, type RoundView, votingRound } from "../lib/engine-view.ts";
import { enteredBy } from "../lib/entered-posts.ts";
import {
  clock,
  clockOn,
  dateClock,
  dateTime,
  deadlineKind,
  remaining,
  seatLabel,
  statedAt,
} from "../lib/format.ts";
import { type InboxRuling, inboxRuling } from "../lib/inbox-ruling.ts";
import { editedPosts, formatPostLines, parsePostLines, postsInForce } from "../lib/progression-edit.ts";
import { type LiveBallot, openBallots, proxyRequestState } from "../lib/proxy-request.ts";
import { reviewPending } from "../lib/report-notice.ts";
import { rosterReloadKey } from "../lib/roster-reload.ts";
import { openIouPosts, standingPosts, voidedPosts } from "../lib/standing-posts.ts";
import { localInputValue, nextRoundStart } from "../lib/start-time.ts";
import { type Terms, termsOf } from "../lib/terms.ts";
import { AmendLeadVoterFields, type LeadVoterPick } from "./AmendLeadVoterFields.tsx";
import { type AmendChoice, AmendVoteOutFields, amendOut } from "./AmendVoteOutFields.tsx";
import { AssignTurnFields, resolveTurnPick, type TurnPick } from "./AssignTurnFields.tsx";
import { ComplaintIouButton } from "./ComplaintIouButton.tsx";
import { describeEvent, endingOf, type LogNames, logNames } from "./log-text.ts";
import { RefereeAwards } from "./RefereeAwards.tsx";
import { ManualRulings } from "./RefereeManual.tsx";

/** The console's sections, for the jump links at its top (a phone would scroll several screens to reach them). */
const SECTIONS = [
  "referee-inbox",
  "referee-results",
  "referee-overrides",
  "referee-roster",
  "referee-log",
] as const;

export function Referee({ game, inbox }: { game: LiveGame; inbox: InboxState }) {
  const data = game.data!;
  if (data.viewer.kind !== "referee") return <Notice kind="info">{m.referee.notReferee}</Notice>;
  const present = SECTIONS.filter((s) => game.view || (s !== "referee-results" && s !== "referee-overrides"));
  return (
    <div className="stack referee" data-testid="referee">
      <h2>{m.referee.title}</h2>
      <nav className="jump-links" aria-label={m.referee.title}>
        {present.map((s) => (
          <button
            key={s}
            type="button"
            className="btn small ghost"
            onClick={() => document.getElementById(s)?.scrollIntoView({ block: "start" })}
          >
            {m.referee.sections[s]}
            {s === "referee-inbox" && inbox.waiting > 0 ? ` (${inbox.waiting})` : ""}
          </button>
        ))}
      </nav>
      <OvertimeNotice game={game} />
      <EndingWaitsNotice game={game} />
      <Lifecycle game={game} inbox={inbox} />
      {game.status !== "ended" ? <ReviewReports game={game} /> : null}
      {/* Before the start too: a 报道 over the copied-share limit waits here for a ruling. */}
      <Inbox game={game} inbox={inbox} />
      {game.view && game.status === "running" ? <ManualRulings game={game} /> : null}
      {game.view && game.status === "ended" ? <RefereeAwards game={game} /> : null}
      <RoundPosts game={game} />
      {game.view ? (
        <>
          <Results game={game} />
          <Overrides game={game} />
          {data.game.killPosts ? <ProgressionEditor game={game} /> : null}
          <NightRecord game={game} />
          {data.game.scoreRule && game.status === "running" ? <IouExtension game={game} /> : null}
        </>
      ) : null}
      <Roster game={game} />
      <Members game={game} />
      {game.view ? <TeamRooms game={game} /> : null}
      <EventLog game={game} />
    </div>
  );
}

/**
 * The team rooms (小黑屋, 剑群…), read-only: the referee judges 串联 and leaks from them, and used to have to ask. Loaded
 * only once opened.
 */
function TeamRooms({ game }: { game: LiveGame }) {
  const [open, setOpen] = useState(false);
  const id = game.data!.game.id;
  const seats = game.view?.seats ?? [];
  // The rule set comes with the page's full view (the referee's state); live views leave it out.
  const rules = engineOf(game.data?.view ?? null)?.referee?.rules;
  const rooms = rules?.rooms ?? [];
  const version = game.events.filter((e) => e.type === "app.RoomMessagePosted").length;
  if (rooms.length === 0) return null;
  const membersOf = (room: string) => {
    const roles = new Set((rules?.roles ?? []).filter((r) => r.room === room).map((r) => r.id));
    return seats.filter((s) => typeof s.role === "string" && roles.has(s.role)).map((s) => s.seat);
  };
  return (
    <details className="card" data-testid="referee-rooms" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{m.referee.rooms}</summary>
      {open
        ? rooms.map((r) => (
            <RoomChat
              key={r.id}
              gameId={id}
              room={{ id: r.id, name: r.name, seats: membersOf(r.id) }}
              seats={seats}
              version={version}
              canWrite={false}
            />
          ))
        : null}
    </details>
  );
}

/**
 * The posting window from the desk: per posting unit, what was sent (poster → target, 字数, 白条) and what is still
 * due. Posts stay private until the window closes; the referee, who sees them as they come, had only the raw log.
 */
function RoundPosts({ game }: { game: LiveGame }) {
  const round = currentRound(game.view);
  const plan = game.view?.postPlan;
  if (!round || !plan || round.posts !== null) return null;
  const due = { ...plan.posts };
  for (const [u, n] of Object.entries(plan.extraPosts)) due[u] = (due[u] ?? 0) + n;
  const units = Object.entries(due).filter(([, n]) => n > 0);
  if (units.length === 0) return null;
  const seats = game.view?.seats ?? [];
  const label = (s: unknown) => (typeof s === "number" ? seatLabel(seats, s) : "");
  const min = game.data!.game.killPostMin;
  const sent = game.events.filter((e) => e.type === "KillPostSubmitted" && e.data.round === round.round);
  // 录入杀帖: the referee who entered a post sent off the site, by its post id.
  const entered = enteredBy(game.events);
  const t = termsOf(game.data?.game);
  return (
    <section className="card" data-testid="round-posts">
      <h3>{m.referee.roundPosts(t.round(round.round))}</h3>
      <ul className="plain small">
        {units.map(([unit, n]) => {
          const mine = sent.filter((e) => e.data.unit === unit);
          // A poster out before the release posts nothing (「几方同步发帖」): the post stays listed, marked, and its
          // slot is free again for the rest of the unit.
          const out = (e: (typeof mine)[number]) =>
            typeof e.data.poster === "number" && seats.find((s) => s.seat === e.data.poster)?.alive === false;
          return (
            <li key={unit} data-unit={unit}>
              <strong>{game.view?.unitNames[unit] ?? unit}</strong>{" "}
              {m.referee.unitPosts(mine.filter((e) => !out(e)).length, n)}
              {mine.map((e) => (
                <div key={e.seq} className="muted">
                  {clock(e.at)} {label(e.data.poster)} → {label(e.data.target)} ·{" "}
                  {m.app.words(Number(e.data.words))}
                  {Number(e.data.words) < min ? <span className="badge iou">{m.threads.iou}</span> : null}
                  {typeof e.data.postId === "string" && entered.has(e.data.postId) ? (
                    <span className="badge" data-testid="post-entered">
                      {m.referee.postEntered(entered.get(e.data.postId) ?? "")}
                    </span>
                  ) : null}
                  {out(e) ? (
                    <span className="badge" data-testid="post-withdrawn">
                      {m.referee.postWithdrawn}
                    </span>
                  ) : null}
                  {typeof e.data.postId === "string" ? (
                    <PostScriptBadges gameId={game.data!.game.id} postId={e.data.postId} />
                  ) : null}
                </div>
              ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A 加时 (or 7kill's 高票对决) in progress: its round's results wait for it, so the desk says so first. */
function OvertimeNotice({ game }: { game: LiveGame }) {
  const voting = votingRound(game.view);
  const vote = voting?.vote;
  if (!voting || vote?.stage !== "overtime") return null;
  const seats = game.view?.seats ?? [];
  const t = termsOf(game.data?.game);
  const tied = m.app.list((vote.candidates ?? []).map((s) => seatLabel(seats, s)));
  return (
    <Notice kind="info">
      <span data-testid="referee-overtime">
        {m.referee.overtimeRunning(
          t.round(voting.round),
          tied,
          clock(vote.closesAt - 1000),
          game.data!.game.duel,
        )}
      </span>
    </Notice>
  );
}

/**
 * Win conditions hold but the end waits for a decision or a 白条 that could change the winner: without this the
 * referee would see the game go on and not know why (the results post says so only at the round's close).
 */
function EndingWaitsNotice({ game }: { game: LiveGame }) {
  const waits = game.view?.endingWaits;
  if (!waits || game.status !== "running") return null;
  const t = termsOf(game.data?.game);
  const holds = waits.candidates.map((c) => m.referee.endingHolds(t.winner(c.winner), c.message));
  const on = waits.on.map((q) => m.referee.endingWaitsOn(t.round(q.round), q.kind));
  return (
    <Notice kind="info">
      <span data-testid="referee-ending-waits">
        {m.referee.endingWaits(m.app.list(holds), m.app.list(on))}
      </span>
    </Notice>
  );
}

function Lifecycle({ game, inbox }: { game: LiveGame; inbox: InboxState }) {
  const id = game.data!.game.id;
  const [seed, setSeed] = useState("");
  // Round 1's start: by default the rule set's next round start (21:00, 7kill's day 20:00), so every later round and
  // posting window keeps the rule set's hours; emptied, the game starts at once. The default is worked out afresh
  // when 开始游戏 is pressed (a desk left open overnight would start a day in the past); null: not edited.
  const [startAt, setStartAt] = useState<string | null>(null);
  const defaultStart = () =>
    nextRoundStart(serverNow(), game.data!.game.roundStart, game.data!.game.timeZone);
  const { notice, run } = useAction();
  const status = game.status;
  if (status === "running" || status === "ended") return null;
  return (
    <section className="card">
      <h3>{m.referee.lifecycle}</h3>
      <div className="actions">
        {status === "draft" ? (
          <button type="button" className="btn primary" onClick={() => run(() => api.openSignup(id))}>
            {m.referee.openSignup}
          </button>
        ) : null}
        {status === "signup" ? (
          <button type="button" className="btn" onClick={() => run(() => api.closeSignup(id))}>
            {m.referee.closeSignup}
          </button>
        ) : null}
        {status === "closed" ? (
          <>
            {/* Closed too early (a seat left empty, a 报道 to redo first): the server opens it again until the start. */}
            <button type="button" className="btn" onClick={() => run(() => api.openSignup(id))}>
              {m.referee.reopenSignup}
            </button>
            <input
              value={seed}
              onChange={(e) => setSeed(e.target.value)}
              placeholder={m.referee.seed}
              name="seed"
            />
            <label className="field inline">
              <span className="field-label">{m.referee.round1At}</span>
              <input
                type="datetime-local"
                value={startAt ?? localInputValue(defaultStart(), siteTimeZone())}
                onChange={(e) => setStartAt(e.target.value)}
                name="round1-at"
              />
            </label>
            <button
              type="button"
              className="btn primary"
              onClick={() => {
                // A 报道 flagged as copied and not yet ruled on: starting deals it a seat as it stands, so ask first.
                const unruled = inbox.items.filter(
                  (it) => it.kind === "report-flagged" && it.handled === undefined,
                ).length;
                if (unruled > 0 && !window.confirm(m.referee.confirmStartUnruled(unruled))) return;
                const round1At = startAt === null ? defaultStart() : startAt ? siteLocalToMs(startAt) : null;
                void run(() =>
                  api.start(id, { ...(seed ? { seed } : {}), ...(round1At !== null ? { round1At } : {}) }),
                );
              }}
            >
              {m.referee.start}
            </button>
          </>
        ) : null}
      </div>
      {notice}
    </section>
  );
}

function Roster({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  const [roster, setRoster] = useState<RosterEntry[]>([]);
  const [error, setError] = useState<string | null>(null);
  const seats = game.view?.seats ?? [];
  const reloadKey = rosterReloadKey(game.data!.members.length, game.status, seats);
  const started = game.status === "running" || game.status === "ended";
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey is the refetch trigger (sign-ups, the start, 替补)
  useEffect(() => {
    api
      .roster(id)
      .then((r) => setRoster(r.members))
      .catch((e) => setError(errorText(e)));
  }, [id, reloadKey]);
  return (
    <section className="card" id="referee-roster">
      <h3>{m.referee.roster}</h3>
      <Notice kind="error">{error}</Notice>
      <div className="table-wrap">
        <table className="table roster-table" data-testid="roster">
          <thead>
            <tr>
              <th>#</th>
              <th>{m.referee.alias}</th>
              <th className="wide-only">{m.referee.account}</th>
              <th>{m.referee.role}</th>
              <th>{m.referee.code}</th>
              <th>{m.referee.alive}</th>
            </tr>
          </thead>
          <tbody>
            {[...roster]
              // Referees first, then players by seat (before the start: in the order they signed up).
              .sort(
                (a, b) =>
                  Number(a.kind === "player") - Number(b.kind === "player") ||
                  (a.seat ?? Number.MAX_SAFE_INTEGER) - (b.seat ?? Number.MAX_SAFE_INTEGER) ||
                  a.joinedAt - b.joinedAt,
              )
              .map((r) => {
                const s = r.seat !== null ? seats.find((x) => x.seat === r.seat) : undefined;
                return (
                  <tr key={r.alias} className={s && !s.alive ? "dead" : ""}>
                    <td>
                      {r.seat !== null
                        ? m.app.seat(r.seat)
                        : r.kind === "co-referee"
                          ? m.referee.coRefereeLabel
                          : r.kind !== "player"
                            ? m.board.referee
                            : // After the start every player is seated: one without a seat handed it to a 替补.
                              started
                              ? m.referee.replacedLabel
                              : m.referee.noSeatYet}
                    </td>
                    <td className="alias-cell">
                      {r.alias}
                      {/* A phone has no room for the account column, and the card promises 真身: under the alias. */}
                      <span className="narrow-only muted small roster-account" data-testid="roster-account">
                        {r.username}
                      </span>
                    </td>
                    <td className="wide-only">{r.username}</td>
                    <td className={s?.camp ? `camp-${s.camp}` : ""}>{s?.roleName ?? s?.role ?? ""}</td>
                    <td>{s?.code ?? ""}</td>
                    <td>{s ? (s.alive ? m.referee.alive : m.referee.out) : ""}</td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * 替补 (a new account takes over a seat under a new alias, the seat keeping its role and record) once the game has
 * started, and 副哨 (another account referees with this one) at any time. The account is named by its username: the
 * referees are the ones who may know who stands behind an alias.
 */
function Members({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  const seats = game.view?.seats ?? [];
  const started = game.view !== null && game.view !== undefined && game.status !== "ended";
  const [seat, setSeat] = useState("");
  const [subUser, setSubUser] = useState("");
  const [subAlias, setSubAlias] = useState("");
  const [subReason, setSubReason] = useState("");
  const [coUser, setCoUser] = useState("");
  const [coAlias, setCoAlias] = useState("");
  const sub = useAction();
  const co = useAction();
  const substitute = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await sub.run(() =>
      api.substitute(id, {
        requestId: requestId(),
        seat: Number(seat),
        username: subUser,
        alias: subAlias,
        // Left blank, the server records 「替补」: the field is optional, the ruling still has a reason.
        ...(subReason.trim() ? { reason: subReason.trim() } : {}),
      }),
    );
    if (ok) {
      setSubUser("");
      setSubAlias("");
      setSubReason("");
      game.reload();
    }
  };
  const addCo = async (e: FormEvent) => {
    e.preventDefault();
    if (await co.run(() => api.addCoReferee(id, { username: coUser, alias: coAlias }))) {
      setCoUser("");
      setCoAlias("");
      game.reload();
    }
  };
  return (
    <details className="card" data-testid="referee-members">
      <summary>{m.referee.members}</summary>
      {started ? (
        <form className="form" onSubmit={substitute} data-testid="substitute-form">
          <h4>{m.referee.substitute}</h4>
          <p className="muted small">{m.referee.substituteHint}</p>
          <label className="field">
            <span className="field-label">{m.referee.substituteSeat}</span>
            <select name="substitute-seat" value={seat} onChange={(e) => setSeat(e.target.value)} required>
              <option value="">{m.referee.pickSeat}</option>
              {seats
                .filter((s) => s.alive)
                .map((s) => (
                  <option key={s.seat} value={s.seat}>
                    {/* By number too: a referee's notes and the players' say 「3号」. */}
                    {m.app.seat(s.seat)} {seatLabel(seats, s.seat)}
                  </option>
                ))}
            </select>
          </label>
          <AccountAndAlias
            name="substitute"
            aliasLabel={m.referee.newAlias}
            user={[subUser, setSubUser]}
            alias={[subAlias, setSubAlias]}
          />
          <input
            name="substitute-reason"
            value={subReason}
            onChange={(e) => setSubReason(e.target.value)}
            placeholder={m.referee.substituteReason}
            maxLength={1000}
          />
          {sub.notice}
          <button type="submit" className="btn small">
            {m.referee.substitute}
          </button>
        </form>
      ) : null}
      <form className="form" onSubmit={addCo} data-testid="co-referee-form">
        <h4>{m.referee.coReferee}</h4>
        <p className="muted small">{m.referee.coRefereeHint}</p>
        <AccountAndAlias
          name="co-referee"
          aliasLabel={m.referee.alias}
          user={[coUser, setCoUser]}
          alias={[coAlias, setCoAlias]}
        />
        {co.notice}
        <button type="submit" className="btn small">
          {m.referee.coReferee}
        </button>
      </form>
    </details>
  );
}

/** A required one-line text field with its label (the 替补与副哨 forms). */
/** Who joins (替补, 副哨): the account's username and the alias it takes, each as long as the server accepts. */
function AccountAndAlias(props: {
  name: string;
  aliasLabel: string;
  user: [string, (v: string) => void];
  alias: [string, (v: string) => void];
}) {
  return (
    <>
      <TextField
        label={m.referee.username}
        name={`${props.name}-username`}
        value={props.user[0]}
        onChange={props.user[1]}
        maxLength={USERNAME_MAX}
      />
      <TextField
        label={props.aliasLabel}
        name={`${props.name}-alias`}
        value={props.alias[0]}
        onChange={props.alias[1]}
        maxLength={ALIAS_MAX}
      />
    </>
  );
}

function TextField(props: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  maxLength: number;
}) {
  return (
    <label className="field">
      <span className="field-label">{props.label}</span>
      <input
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        required
        maxLength={props.maxLength}
      />
      <LengthHint value={props.value} max={props.maxLength} />
    </label>
  );
}

/**
 * 白条延期 (score rule): "对方阵营有权申请当轮延长一天…哨子批准后应予公告". The referee enters who asked (a swordsman
 * for white; with none alive every living full-vote ranger; any black seat for black); the engine checks the rest.
 */
function IouExtension({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  const seats = (game.view?.seats ?? []).filter((s) => s.alive);
  const [by, setBy] = useState<string[]>([]);
  const [reason, setReason] = useState("");
  const { notice, run } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => api.iouExtension(id, { requestId: requestId(), requestedBy: by.map(Number), reason }));
  };
  return (
    <details className="card" data-testid="iou-extension">
      <summary>{m.referee.iouExtension}</summary>
      <p className="muted small">{m.referee.iouExtensionHint}</p>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field-label">{m.referee.iouExtensionBy}</span>
          <select
            multiple
            size={6}
            name="extension-by"
            value={by}
            onChange={(e) => setBy([...e.target.selectedOptions].map((o) => o.value))}
            required
          >
            {seats.map((s) => (
              <option key={s.seat} value={String(s.seat)}>
                {m.log.seat(s.seat, s.alias)}
                {s.roleName ? ` · ${s.roleName}` : ""}
              </option>
            ))}
          </select>
        </label>
        <input
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={m.referee.rejectReason}
          required
        />
        {notice}
        <button type="submit" className="btn">
          {m.referee.iouExtensionGrant}
        </button>
      </form>
    </details>
  );
}

/** The events after which the list of reports is asked again. */
const REPORT_EVENTS: ReadonlySet<string> = new Set([
  "app.PlayerJoined",
  "app.PlayerWithdrawn",
  "app.ReportRejected",
  "app.ReportApproved",
  "app.ReportRedone",
]);

/**
 * 报道审核: every report with its 字数 and copied share, the ruling that one is non-compliant (RULINGS 24), and before
 * the start 移除报名 of a player who dropped out or signed up twice.
 */
function ReviewReports({ game }: { game: LiveGame }) {
  const gameId = game.data!.game.id;
  const [reports, setReports] = useState<ReportInfo[]>([]);
  const [alias, setAlias] = useState("");
  const [reason, setReason] = useState("");
  const [hours, setHours] = useState("24");
  const { notice, run } = useAction();
  const version = game.events.filter((e) => REPORT_EVENTS.has(e.type)).length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the refetch trigger
  useEffect(() => {
    api
      .reports(gameId)
      .then((r) => setReports(r.reports))
      .catch(() => {});
  }, [gameId, version]);
  const now = useServerNow(30_000);
  // Flagged and not yet ruled on either way: what the referee still has to look at.
  const pending = reports.filter((r) => r.flagged && r.status !== "rejected" && !r.approved).length;
  const approve = () => {
    if (!alias || !reason.trim()) return;
    void run(() => api.approveReport(gameId, { alias, reason }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() =>
      api.rejectReport(gameId, { alias, reason, redoDeadline: serverNow() + Number(hours) * 3_600_000 }),
    );
  };
  // Before the start always; after it only while a redo is still due or a flag waits for a ruling.
  const started = game.status !== "draft" && game.status !== "signup" && game.status !== "closed";
  if (started && !reviewPending(reports, now)) return null;
  return (
    <details className="card" data-testid="review-reports">
      <summary>
        {m.referee.reports} <span className="count">{reports.length}</span>
        {pending > 0 ? <span className="badge iou">{m.referee.reportsFlagged(pending)}</span> : null}
      </summary>
      <ol className="plain small">
        {reports.map((r) => (
          <li key={r.postId}>
            <strong>{r.alias}</strong> · {m.app.words(r.words)}
            {/* The separator outside the badge: a badge (inline-block) drops a leading space, 「330字· 与…」. */}
            {typeof r.copiedPercent === "number" ? (
              <>
                {" · "}
                <span className={r.flagged ? "badge iou" : "muted"} data-testid="review-copied">
                  {m.threads.copiedShare(r.copiedPercent)}
                </span>
              </>
            ) : null}{" "}
            · {m.threads.reportStatus(r.status)}
            {r.approved ? <> · {m.referee.reportApproved(r.approved.reason)}</> : null}
            {started ? null : <RemoveSignup gameId={gameId} alias={r.alias} />}
            {/* The text, and for a flag its passages and sources: every ruling is made with the 报道 in front of it. */}
            <ComplainedPost gameId={gameId} postId={r.postId} />
          </li>
        ))}
      </ol>
      <form className="form" onSubmit={submit}>
        <select value={alias} onChange={(e) => setAlias(e.target.value)} name="report-alias" required>
          <option value="" disabled>
            {m.referee.alias}
          </option>
          {reports.map((r) => (
            <option key={r.alias} value={r.alias}>
              {r.alias}
            </option>
          ))}
        </select>
        <input
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={m.referee.rejectReason}
          required
        />
        <label className="field inline">
          <span className="field-label">{m.referee.redoDeadline}</span>
          <input type="number" min={1} value={hours} onChange={(e) => setHours(e.target.value)} />
        </label>
        {/* The moment it makes, with its date, as the player will be told it (「明晚9点前」 is how referees say it). */}
        {Number(hours) > 0 ? (
          <span className="muted small" data-testid="redo-deadline-at">
            {m.referee.redoDeadlineAt(dateTime(now + Number(hours) * 3_600_000))}
          </span>
        ) : null}
        {notice}
        <div className="actions">
          <button type="submit" className="btn">
            {m.referee.reject}
          </button>
          <button type="button" className="btn ghost" onClick={approve} disabled={!alias || !reason.trim()}>
            {m.referee.approve}
          </button>
        </div>
      </form>
    </details>
  );
}

/**
 * 移除报名 of one sign-up, asking for the reason first (it goes into the log, signed). The report list is fetched
 * again on the withdrawal's event, and the row goes with it.
 */
function RemoveSignup({ gameId, alias }: { gameId: string; alias: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const { notice, run } = useAction();
  if (!open)
    return (
      <>
        {" "}
        <button
          type="button"
          className="link-button small"
          onClick={() => setOpen(true)}
          data-testid="remove-signup"
        >
          {m.referee.removeSignup}
        </button>
      </>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim()) void run(() => api.removeSignup(gameId, { alias, reason: reason.trim() }));
  };
  return (
    <form className="form" onSubmit={submit} data-testid="remove-signup-form">
      <input
        name="remove-signup-reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={m.referee.removeSignupReason(alias)}
        required
      />
      <div className="actions">
        <button type="submit" className="btn small danger" disabled={!reason.trim()}>
          {m.referee.removeSignupConfirm}
        </button>
        <button type="button" className="btn small ghost" onClick={() => setOpen(false)}>
          {m.app.cancel}
        </button>
      </div>
      {notice}
    </form>
  );
}

function Inbox({ game, inbox }: { game: LiveGame; inbox: InboxState }) {
  const id = game.data!.game.id;
  const seats = game.view?.seats ?? [];
  const names = logNames(game.view, game.events);
  const { items } = inbox;
  // The open threads' ballots as the live view has them: a player's own vote after a 托票 supersedes it at once.
  const ballots = openBallots(engineOf(game.view)?.rounds ?? []);
  return (
    <section className="card" data-testid="inbox" id="referee-inbox">
      <h3>
        {m.referee.inbox}
        {inbox.waiting > 0 ? <span className="badge">{m.referee.waiting(inbox.waiting)}</span> : null}
      </h3>
      <Notice kind="error">{inbox.error}</Notice>
      {items.length === 0 ? <p className="empty small">{m.referee.inboxEmpty}</p> : null}
      <ol className="plain inbox">
        {items.map((it) => (
          <InboxRow
            key={it.seq}
            gameId={id}
            item={it}
            label={(s) => seatLabel(seats, s)}
            terms={termsOf(game.data?.game)}
            alive={(s) => seats.find((x) => x.seat === s)?.alive ?? false}
            events={game.events}
            rounds={engineOf(game.view)?.rounds ?? []}
            ending={(why) => endingOf(why, names) ?? ""}
            ballots={ballots}
            onEntered={inbox.refresh}
          />
        ))}
      </ol>
    </section>
  );
}

function InboxRow(props: {
  gameId: string;
  item: InboxItem;
  label: (s: SeatNo) => string;
  terms: Terms;
  alive: (s: SeatNo) => boolean;
  events: GameEventDto[];
  rounds: RoundView[];
  /** Why an ending held, in Chinese (the inbox's 胜负待裁定). */
  ending: (why: unknown) => string;
  /** The open vote threads' ballots, for a 托票 the player has since overridden by voting himself. */
  ballots: readonly LiveBallot[];
  onEntered: () => void;
}) {
  const { gameId, item, label } = props;
  const [reason, setReason] = useState("");
  const { notice, run } = useAction();
  if (item.kind === "proxy-request" && item.fromSeat !== null && item.target !== undefined) {
    return (
      <ProxyRequestRow
        gameId={gameId}
        item={item}
        voter={item.fromSeat}
        target={item.target}
        label={label}
        ballots={props.ballots}
        onEntered={props.onEntered}
      />
    );
  }
  if (item.handled) {
    // Done already: shown for the record, without the buttons that would handle it a second time.
    const what =
      item.kind === "message"
        ? m.referee.messageItem(item.fromAlias)
        : item.kind === "extension-request"
          ? m.referee.extensionItem(item.fromAlias)
          : item.kind === "report-flagged"
            ? m.referee.reportFlaggedItem(item.fromAlias, item.copiedPercent ?? null)
            : item.kind === "tie-decision"
              ? tieItemText(item, label, props.terms)
              : item.kind === "lead-voter-decision"
                ? leadVoterItemText(item, label, props.terms)
                : item.kind === "ending-decision"
                  ? m.referee.endingItem(item.round === undefined ? "" : props.terms.round(item.round))
                  : m.referee.complaintItem(
                      complaintFrom(item),
                      item.against !== undefined ? label(item.against) : "",
                      complaintPostText(item, props.rounds, label, props.terms),
                    );
    const ruling = inboxRuling(item, props.events);
    const ruled = ruling ? rulingText(ruling, label, props.terms) : "";
    return (
      <li className="inbox-item done" data-testid="inbox-done">
        <span className="muted small">{dateTime(item.at)}</span> {what}{" "}
        <span className="badge">{m.referee.handled(item.handled.outcome, dateTime(item.handled.at))}</span>
        <ComplaintEntered item={item} />
        {item.kind === "message" ? <p className="quote">{item.text}</p> : null}
        {item.kind === "message"
          ? (item.replies ?? []).map((reply, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the answers are in order and never reordered
              <p key={i} className="quote inbox-reply" data-testid="inbox-reply">
                <span className="muted">{m.referee.messageAnsweredBy(reply.referee ?? "")}</span>
                {reply.text}
              </p>
            ))
          : null}
        {ruled ? (
          <div className="small" data-testid="inbox-ruling">
            {ruled}
          </div>
        ) : null}
      </li>
    );
  }
  if (item.kind === "message") {
    // 私信哨子: read, and answered to that player alone (the answer marks it 已回复).
    return (
      <li className="inbox-item" data-testid="inbox-message">
        <div>
          <span className="muted small">{dateTime(item.at)}</span> {m.referee.messageItem(item.fromAlias)}
        </div>
        <p className="quote">{item.text}</p>
        <textarea
          name="message-reply"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={m.referee.messageReply}
          rows={2}
        />
        <button
          type="button"
          className="btn small"
          disabled={!reason.trim()}
          onClick={async () => {
            if (
              await run(
                () =>
                  api.messagePlayer(gameId, { requestId: requestId(), alias: item.fromAlias, text: reason }),
                m.referee.messageReplied,
              )
            )
              props.onEntered();
          }}
        >
          {m.referee.messageReplySend}
        </button>
        {notice}
      </li>
    );
  }
  if (item.kind === "extension-request" && item.fromSeat !== null) {
    const by = item.fromSeat;
    return (
      <li className="inbox-item" data-testid="extension-request">
        <div>
          <span className="muted small">{dateTime(item.at)}</span> {m.referee.extensionItem(item.fromAlias)}
          {item.text ? <span className="muted"> · {item.text}</span> : null}
        </div>
        <p className="muted small">{m.referee.extensionItemHint}</p>
        <button
          type="button"
          className="btn small"
          onClick={async () => {
            if (
              await run(() =>
                api.iouExtension(gameId, {
                  requestId: requestId(),
                  requestedBy: [by],
                  reason: m.referee.extensionGrantReason(item.fromAlias),
                }),
              )
            )
              props.onEntered();
          }}
        >
          {m.referee.iouExtensionGrant}
        </button>
        {notice}
      </li>
    );
  }
  if (item.kind === "tie-decision" && item.round !== undefined) {
    return (
      <TieDecision
        gameId={gameId}
        item={item}
        round={item.round}
        label={label}
        terms={props.terms}
        alive={props.alive}
        onDecided={props.onEntered}
      />
    );
  }
  if (item.kind === "lead-voter-decision" && item.round !== undefined && item.bomb !== undefined) {
    return (
      <LeadVoterDecision
        gameId={gameId}
        item={item}
        round={item.round}
        bomb={item.bomb}
        label={label}
        terms={props.terms}
        alive={props.alive}
        onDecided={props.onEntered}
      />
    );
  }
  if (item.kind === "ending-decision") {
    return (
      <EndingDecision
        gameId={gameId}
        item={item}
        terms={props.terms}
        ending={props.ending}
        onDecided={props.onEntered}
      />
    );
  }
  if (item.kind === "report-flagged") {
    const alias = item.fromAlias;
    return (
      <li className="inbox-item" data-testid="inbox-report-flagged">
        <div>
          <span className="muted small">{dateTime(item.at)}</span>{" "}
          {m.referee.reportFlaggedItem(alias, item.copiedPercent ?? null)}
        </div>
        <p className="muted small">{m.referee.reportFlaggedHint}</p>
        <ComplainedPost gameId={gameId} postId={item.postId} />
        <ReasonInput value={reason} onChange={setReason} />
        <button
          type="button"
          className="btn small"
          disabled={!reason.trim()}
          onClick={async () => {
            if (await run(() => api.approveReport(gameId, { alias, reason }))) props.onEntered();
          }}
        >
          {m.referee.approve}
        </button>
        {notice}
      </li>
    );
  }
  const against = item.against ?? null;
  // The complaint names its post: a poster with two posts in a round is ruled on the right one.
  const named =
    item.round !== undefined && item.post !== undefined ? { round: item.round, post: item.post } : {};
  const rule = (upheld: boolean) => {
    if (against === null) return;
    // 举报成立 puts the poster out and revives the target at once (seed 000), and no button takes it back: asked first.
    const targetSeat = complainedPost(item, props.rounds)?.target ?? item.target;
    const target = targetSeat !== undefined ? label(targetSeat) : null;
    if (upheld && !window.confirm(m.referee.confirmUphold(label(against), target))) return;
    void run(() => api.ruleComplaint(gameId, { requestId: requestId(), against, upheld, reason, ...named }));
  };
  return (
    <li className="inbox-item">
      <div>
        <span className="muted small">{dateTime(item.at)}</span>{" "}
        {m.referee.complaintItem(
          complaintFrom(item),
          against !== null ? label(against) : "",
          complaintPostText(item, props.rounds, label, props.terms),
        )}
      </div>
      <ComplaintEntered item={item} />
      <p className="quote">{item.text}</p>
      {against !== null ? (
        <ComplainedPost
          gameId={gameId}
          postId={postIdOf(props.rounds, item.round, item.post) ?? latestPostId(props.events, against)}
        />
      ) : null}
      <ReasonInput value={reason} onChange={setReason} />
      <div className="actions">
        <button
          type="button"
          className="btn small danger"
          onClick={() => rule(true)}
          disabled={!reason.trim()}
        >
          {m.referee.uphold}
        </button>
        <button type="button" className="btn small" onClick={() => rule(false)} disabled={!reason.trim()}>
          {m.referee.dismiss}
        </button>
        {against !== null ? (
          <ComplaintIouButton
            events={props.events}
            round={item.round ?? null}
            poster={label(against)}
            disabled={!reason.trim()}
            onRule={(iouDeadline) =>
              void run(() =>
                api.ruleComplaint(gameId, {
                  requestId: requestId(),
                  against,
                  upheld: true,
                  asIou: true,
                  ...(iouDeadline !== undefined && { iouDeadline }),
                  reason,
                  ...named,
                }),
              )
            }
          />
        ) : null}
      </div>
      {notice}
    </li>
  );
}

/**
 * A 托票 request: 代投 while it can still be entered, with its cut-off and the time left; else what became of it. The
 * cut-off passes and the player's own ballot arrives without an inbox event, so both are also read live here.
 */
function ProxyRequestRow(props: {
  gameId: string;
  item: InboxItem;
  voter: SeatNo;
  target: SeatNo;
  label: (s: SeatNo) => string;
  ballots: readonly LiveBallot[];
  onEntered: () => void;
}) {
  const { gameId, item, voter, target } = props;
  const now = useServerNow();
  const { notice, run } = useAction();
  const handled = proxyRequestState(item, now, props.ballots);
  const what = (
    <>
      <span className="muted small">{dateTime(item.at)}</span>{" "}
      {m.referee.proxyItem(item.fromAlias, props.label(target))}
      {item.code ? <span className="badge">{m.threads.codeGuess(item.code)}</span> : null}
    </>
  );
  if (handled) {
    return (
      <li className="inbox-item done" data-testid="inbox-done">
        {what}{" "}
        <span className="badge" data-testid="inbox-outcome">
          {handled.outcome === "after-cutoff"
            ? m.referee.proxyAfterCutoff(clockOn(handled.at, item.at))
            : handled.castOtherwise
              ? m.referee.proxyCastOtherwise(
                  m.app.list(handled.castOtherwise.map(props.label)),
                  dateTime(handled.at),
                )
              : m.referee.handled(handled.outcome, dateTime(handled.at))}
        </span>
      </li>
    );
  }
  return (
    <li className="inbox-item" data-testid="inbox-proxy">
      <div>
        {what}
        {item.text ? <span className="muted"> · {item.text}</span> : null}
      </div>
      {item.cutoff !== undefined ? (
        <p className="muted small" data-testid="proxy-cutoff">
          {m.referee.proxyCutoff(clockOn(item.cutoff, now), remaining(item.cutoff - now))}
        </p>
      ) : null}
      <button
        type="button"
        className="btn small"
        onClick={async () => {
          if (
            await run(() =>
              api.proxyVote(gameId, {
                requestId: requestId(),
                voter,
                targets: [target],
                ...(item.code ? { codes: [item.code] } : {}),
              }),
            )
          )
            props.onEntered();
        }}
      >
        {m.referee.castProxy}
      </button>
      {notice}
    </li>
  );
}

/** The decision on a handled 平票, 领票人, 胜负 or 举报 item, in Chinese. */
function rulingText(r: InboxRuling, label: (s: SeatNo) => string, terms: Terms): string {
  switch (r.kind) {
    case "out":
      return m.referee.rulingOut(m.app.list(r.seats.map(label)), r.reason);
    case "lead-voter":
      return m.referee.rulingLeadVoter(label(r.seat), r.reason);
    case "ending":
      return m.referee.rulingEnding(terms.winner(r.winner), r.reason);
    case "complaint":
      return m.referee.rulingComplaint(
        r.reason,
        r.posterOut === null ? null : label(r.posterOut),
        r.revived === null ? null : label(r.revived),
      );
    case "complaint-iou":
      return m.referee.rulingComplaintIou(r.reason, r.deadline === null ? "?" : dateTime(r.deadline));
  }
}

function tieItemText(item: InboxItem, label: (s: SeatNo) => string, terms: Terms): string {
  const round = item.round === undefined ? "" : terms.round(item.round);
  const seats = m.app.list((item.tied ?? []).map(label));
  return m.referee.tieItem(round, seats, item.slots ?? 1, item.tieReason ?? "");
}

/**
 * A tie the rule left to the referee (RULINGS 11): tick exactly `slots` of the tied and give a reason. The chosen go
 * out as voted out (decide-tie), so the 领票人 and the results post follow without a second ruling.
 */
function TieDecision(props: {
  gameId: string;
  item: InboxItem;
  round: number;
  label: (s: SeatNo) => string;
  terms: Terms;
  alive: (s: SeatNo) => boolean;
  onDecided: () => void;
}) {
  const { item } = props;
  // Tied seats out since the tie cannot fill a place (decide-tie in the engine): at most the living tied, maybe none.
  const slots = Math.min(item.slots ?? 1, (item.tied ?? []).filter(props.alive).length);
  const [chosen, setChosen] = useState<SeatNo[]>([]);
  const [reason, setReason] = useState("");
  const { notice, run } = useAction();
  const toggle = (s: SeatNo) => setChosen((c) => (c.includes(s) ? c.filter((x) => x !== s) : [...c, s]));
  const decide = async () => {
    const override = {
      action: "decide-tie" as const,
      round: props.round,
      out: chosen,
      ...(item.house !== undefined && { house: item.house }),
    };
    if (await run(() => api.override(props.gameId, { requestId: requestId(), override, reason })))
      props.onDecided();
  };
  return (
    <li className="inbox-item" data-testid="inbox-tie">
      <div>
        <span className="muted small">{dateTime(item.at)}</span> {tieItemText(item, props.label, props.terms)}
      </div>
      <p className="muted small">{m.referee.tieItemHint(slots)}</p>
      {/* Nobody left to choose: no ticks to offer, and the button says nothing goes out. */}
      <div className="actions" hidden={slots === 0}>
        {(item.tied ?? []).map((s) => (
          <label key={s} className="check">
            <input
              type="checkbox"
              checked={chosen.includes(s)}
              disabled={!props.alive(s)}
              onChange={() => toggle(s)}
            />{" "}
            {props.label(s)}
            {/* Why the box cannot be ticked, in words: a greyed box alone does not say it. */}
            {props.alive(s) ? null : <span className="muted small"> {m.referee.tiedOut}</span>}
          </label>
        ))}
      </div>
      <RulingFooter
        reason={reason}
        onReason={setReason}
        ready={chosen.length === slots}
        label={slots === 0 ? m.referee.decideTieNobody : m.referee.decideTie}
        onDecide={decide}
        notice={notice}
      />
    </li>
  );
}

/**
 * Win conditions naming different winners held at once: the referee picks the result (one of them, or a draw) and
 * gives a reason, and the game ends with it (end-game), announced as the referee's ruling.
 */
function EndingDecision(props: {
  gameId: string;
  item: InboxItem;
  terms: Terms;
  ending: (why: unknown) => string;
  onDecided: () => void;
}) {
  const { item } = props;
  const options = [
    ...(item.endings ?? []).map((e) => ({
      winner: e.winner ?? "draw",
      text: m.referee.endingChoice(props.terms.winner(e.winner), props.ending(e.why)),
    })),
  ];
  if (!options.some((o) => o.winner === "draw"))
    options.push({ winner: "draw", text: props.terms.winner("draw") });
  const [winner, setWinner] = useState<EndGameWinner | null>(null);
  const [reason, setReason] = useState("");
  const { notice, run } = useAction();
  const decide = async () => {
    if (winner === null) return;
    const override = { action: "end-game" as const, winner };
    if (await run(() => api.override(props.gameId, { requestId: requestId(), override, reason })))
      props.onDecided();
  };
  return (
    <li className="inbox-item" data-testid="inbox-ending">
      <div>
        <span className="muted small">{dateTime(item.at)}</span>{" "}
        {m.referee.endingItem(item.round === undefined ? "" : props.terms.round(item.round))}
      </div>
      <p className="muted small">{m.referee.endingItemHint}</p>
      <RadioChoices
        name={`ending-${item.seq}`}
        options={options.map((o) => ({ value: o.winner, text: o.text }))}
        chosen={winner}
        onChoose={setWinner}
      />
      <RulingFooter
        reason={reason}
        onReason={setReason}
        ready={winner !== null}
        label={m.referee.decideEnding}
        onDecide={decide}
        notice={notice}
      />
    </li>
  );
}

function leadVoterItemText(item: InboxItem, label: (s: SeatNo) => string, terms: Terms): string {
  const round = item.round === undefined ? "" : terms.round(item.round);
  return m.referee.leadVoterItem(round, item.bomb === undefined ? "" : label(item.bomb));
}

/**
 * A bomb voted out under leadVoter "referee" (RULINGS 13): pick one of its voters and give a reason. The bomb then
 * takes that voter along as its 领票人 (decide-lead-voter). An out voter may be named: the bomb then takes nobody more.
 */
function LeadVoterDecision(props: {
  gameId: string;
  item: InboxItem;
  round: number;
  bomb: SeatNo;
  label: (s: SeatNo) => string;
  terms: Terms;
  alive: (s: SeatNo) => boolean;
  onDecided: () => void;
}) {
  const { item } = props;
  const [chosen, setChosen] = useState<SeatNo | null>(null);
  const [reason, setReason] = useState("");
  const { notice, run } = useAction();
  const decide = async () => {
    if (chosen === null) return;
    const override = {
      action: "decide-lead-voter" as const,
      round: props.round,
      bomb: props.bomb,
      leadVoter: chosen,
    };
    if (await run(() => api.override(props.gameId, { requestId: requestId(), override, reason })))
      props.onDecided();
  };
  return (
    <li className="inbox-item" data-testid="inbox-lead-voter">
      <div>
        <span className="muted small">{dateTime(item.at)}</span>{" "}
        {leadVoterItemText(item, props.label, props.terms)}
      </div>
      <p className="muted small">{m.referee.leadVoterItemHint}</p>
      <RadioChoices
        name={`lead-voter-${item.seq}`}
        options={(item.voters ?? []).map((s) => ({
          value: s,
          text: `${props.label(s)}${props.alive(s) ? "" : m.referee.voterOut}`,
        }))}
        chosen={chosen}
        onChoose={setChosen}
      />
      <RulingFooter
        reason={reason}
        onReason={setReason}
        ready={chosen !== null}
        label={m.referee.decideLeadVoter}
        onDecide={decide}
        notice={notice}
      />
    </li>
  );
}

/** One choice among several (radio buttons side by side with their words), for a ruling from the inbox. */
function RadioChoices<T extends string | number>(props: {
  name: string;
  options: { value: T; text: string }[];
  chosen: T | null;
  onChoose: (value: T) => void;
}) {
  return (
    <div className="actions">
      {props.options.map((o) => (
        <label key={o.value} className="check">
          <input
            type="radio"
            name={props.name}
            checked={props.chosen === o.value}
            onChange={() => props.onChoose(o.value)}
          />{" "}
          {o.text}
        </label>
      ))}
    </div>
  );
}

/** The foot of a ruling from the inbox: its reason (required), the button that sends it once `ready`, the answer. */
function RulingFooter(props: {
  reason: string;
  onReason: (v: string) => void;
  ready: boolean;
  label: string;
  onDecide: () => void;
  notice: ReactNode;
}) {
  return (
    <>
      <ReasonInput value={props.reason} onChange={props.onReason} />
      <button
        type="button"
        className="btn small danger"
        disabled={!props.reason.trim() || !props.ready}
        onClick={props.onDecide}
      >
        {props.label}
      </button>
      {props.notice}
    </>
  );
}

/** Every ruling from the inbox carries its reason (裁定理由), recorded with it. */
function ReasonInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <input value={value} onChange={(e) => onChange(e.target.value)} placeholder={m.referee.rulingReason} />
  );
}

/** Who complained: the player, or for a 录入举报 naming nobody the 哨群 itself. */
function complaintFrom(item: InboxItem): string {
  return item.fromSeat === null && item.enteredBy !== undefined ? m.referee.complaintByGroup : item.fromAlias;
}

/** 录入举报: when the 哨群 received it, which its deadline was judged by (the item's own time is the entry). */
function ComplaintEntered({ item }: { item: InboxItem }) {
  if (item.kind !== "complaint" || item.receivedAt === undefined) return null;
  return (
    <p className="muted small" data-testid="complaint-entered">
      {m.referee.complaintEnteredLine(dateTime(item.receivedAt), item.enteredBy ?? "")}
    </p>
  );
}

/** The complained-about post's body with the originality report (sources shown: referees only) beside it. */
/** 「第1轮」 and the target of the post a complaint names, for its inbox line. */
function complaintPostText(
  item: InboxItem,
  rounds: RoundView[],
  label: (s: SeatNo) => string,
  terms: Terms,
): { round: string; target: string } | null {
  const post = complainedPost(item, rounds);
  return post ? { round: terms.round(post.round), target: label(post.target) } : null;
}

/** The released post a complaint names, from the referee's view of the rounds (which carries each body's id). */
function postIdOf(
  rounds: RoundView[],
  round: number | undefined,
  post: number | undefined,
): string | undefined {
  if (round === undefined || post === undefined) return undefined;
  return rounds.find((r) => r.round === round)?.posts?.find((p) => p.index === post)?.postId ?? undefined;
}

/** A complaint filed before complaints named their post: the poster's latest. */
function latestPostId(events: GameEventDto[], poster: SeatNo): string | undefined {
  return [...events]
    .reverse()
    .find(
      (e) => e.type === "KillPostSubmitted" && e.data.poster === poster && typeof e.data.postId === "string",
    )?.data.postId as string | undefined;
}

function ComplainedPost({ gameId, postId }: { gameId: string; postId: string | undefined }) {
  const [report, setReport] = useState<{
    text: string;
    res: OriginalityResponse;
    script: ScriptMixInfo | undefined;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!postId) return null;
  const check = async () => {
    try {
      const body = await api.post(gameId, postId);
      setReport({
        text: body.text,
        res: await api.originality(gameId, body.text, { postId }),
        script: body.script,
      });
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <div className="side-by-side">
      <button type="button" className="btn small ghost" onClick={check}>
        {m.referee.checkPost}
      </button>
      <Notice kind="error">{error}</Notice>
      {report ? (
        <div className="originality" data-testid="complaint-originality">
          <div className={report.res.flagged ? "notice notice-error" : "notice notice-ok"}>
            {report.res.available
              ? report.res.flagged
                ? m.editor.refereeCheckFlagged(report.res.copiedPercent)
                : m.editor.refereeCheckClean(report.res.copiedPercent)
              : m.editor.checkUnavailable}
          </div>
          <ScriptHint info={report.script} />
          <pre className="post-text">{report.text}</pre>
          <ul className="plain small">
            {report.res.spans.map((s) => (
              <li key={`${s.start}-${s.end}`}>
                <mark>{report.text.slice(s.start, s.end)}</mark>{" "}
                {s.source ? m.editor.source(s.source.kind, s.source.title ?? s.source.ref ?? "") : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function ProgressionEditor({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  const round = currentRound(game.view);
  const [r, setR] = useState(String(round?.round ?? 1));
  // Blank fields keep the rule set's plan: only what the referee fills in is changed.
  const [votes, setVotes] = useState("");
  const [out, setOut] = useState("");
  const [posts, setPosts] = useState("");
  const [extra, setExtra] = useState("");
  const [reason, setReason] = useState("");
  // Only a rule set with posts outside the kill total (空军's 工兵) has extra posts to edit.
  const rules = engineOf(game.data?.view ?? null)?.referee?.rules;
  const hasExtraPosts = [
    ...(rules?.progression ?? []),
    ...(rules?.defaultRound ? [rules.defaultRound] : []),
  ].some((p) => Object.keys(p.extraPosts ?? {}).length > 0);
  const { notice, run } = useAction();
  const same = round !== null && Number(r) === round.round;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      // The server replaces the round's posts whole: the groups left out go with the counts in force, read afresh
      // (the page's copy of the full state is not refreshed by rulings: an earlier 微调, this referee's or a 副哨's,
      // would be undone by a stale count).
      const fresh = engineOf((await api.game(id)).view)?.referee ?? null;
      const sent = editedPosts(postsInForce(fresh, Number(r)), parsePostLines(posts));
      const sentExtra = editedPosts(postsInForce(fresh, Number(r), "extraPosts"), parsePostLines(extra));
      const override: OverrideBody = {
        action: "set-progression",
        round: Number(r),
        ...(votes !== "" && { votesPerVoter: Number(votes) }),
        ...(out !== "" && { voteOut: Number(out) }),
        ...(sent !== undefined && { posts: sent }),
        ...(sentExtra !== undefined && { extraPosts: sentExtra }),
      };
      await api.override(id, { requestId: requestId(), override, reason });
    });
  };
  return (
    <details className="card" data-testid="progression-editor">
      <summary>{m.referee.progression}</summary>
      <form className="form grid-2" onSubmit={submit}>
        <label className="field">
          <span className="field-label">{m.referee.progressionRound}</span>
          <input name="round" type="number" min={1} value={r} onChange={(e) => setR(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">{m.referee.votesPerVoter}</span>
          <input
            name="votes-per-voter"
            type="number"
            min={0}
            value={votes}
            placeholder={same ? String(round.plan.votesPerVoter) : ""}
            onChange={(e) => setVotes(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field-label">{m.referee.voteOut}</span>
          <input
            name="vote-out"
            type="number"
            min={0}
            value={out}
            placeholder={same ? String(round.plan.voteOut) : ""}
            onChange={(e) => setOut(e.target.value)}
          />
        </label>
        <PostLinesField
          name="posts"
          label={m.referee.posts}
          rows={3}
          value={posts}
          onChange={setPosts}
          inForce={same ? round.plan.posts : null}
        />
        {hasExtraPosts ? (
          <PostLinesField
            name="extra-posts"
            label={m.referee.extraPosts}
            rows={2}
            value={extra}
            onChange={setExtra}
            inForce={same ? round.plan.extraPosts : null}
          />
        ) : null}
        <label className="field span-2">
          <span className="field-label">{m.referee.overrideReason}</span>
          <input name="reason" value={reason} onChange={(e) => setReason(e.target.value)} required />
        </label>
        {notice}
        <button type="submit" className="btn primary">
          {m.referee.apply}
        </button>
      </form>
    </details>
  );
}

/** One 「组=数」 box of 进程编辑, showing the current round's counts in force as its placeholder. */
function PostLinesField(props: {
  name: string;
  label: string;
  rows: number;
  value: string;
  onChange: (text: string) => void;
  inForce: Record<string, number> | null;
}) {
  return (
    <label className="field span-2">
      <span className="field-label">{props.label}</span>
      <textarea
        name={props.name}
        rows={props.rows}
        value={props.value}
        placeholder={props.inForce ? formatPostLines(props.inForce) : ""}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

type OverrideAction = OverrideBody["action"];
type EndGameWinner = Extract<OverrideBody, { action: "end-game" }>["winner"];
const END_GAME_WINNERS: readonly EndGameWinner[] = ["white", "black", "draw"];

function Overrides({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  const terms = termsOf(game.data?.game);
  const seats = game.view?.seats ?? [];
  const deadlines = game.view?.deadlines ?? [];
  const engine = engineOf(game.view);
  // 7kill's rulings only fit a day-night rule set; the engine view carries its slice only then.
  const dayNight = engine?.dayNight ?? null;
  // The full state comes with the page's GET view only: live views leave it out (it holds every ballot).
  const range = engineOf(game.data?.view ?? null)?.referee?.rules?.penalties?.reputation ?? {
    min: -30,
    max: -10,
  };
  // 作废杀帖, 恢复杀帖, 认定字数足够 and 指定出帖人 have nothing to act on in a game without kill posts (7kill).
  const {
    "void-post": _voidPost,
    "reinstate-post": _reinstate,
    "accept-iou": _acceptIou,
    "assign-turn": _assignTurn,
    ...withoutPosts
  } = m.referee.overrideActions;
  const common = game.data!.game.killPosts ? m.referee.overrideActions : withoutPosts;
  // An ended game is not played on (every role is public by then): only its result can still be ruled on.
  const ended = game.status === "ended";
  const result = game.view?.result?.winner ?? null;
  const actions: Record<string, string> = ended
    ? { "end-game": m.referee.amendResultAction }
    : dayNight
      ? { ...common, ...m.referee.dayNightActions }
      : common;
  const [chosenAction, setAction] = useState<OverrideAction>("eliminate");
  const action: OverrideAction = ended ? "end-game" : chosenAction;
  const [target, setTarget] = useState("");
  const [key, setKey] = useState("");
  const [minutes, setMinutes] = useState("30");
  const [offence, setOffence] = useState<OffenceKind>("negative-play");
  const [severe, setSevere] = useState(false);
  const [secret, setSecret] = useState(false);
  const [round, setRound] = useState(String(engine?.current ?? 1));
  const [points, setPoints] = useState(String(range.max));
  const [chosenWinner, setWinner] = useState<EndGameWinner | null>(null);
  // 改判结果 starts on a result other than the one standing.
  const winner = chosenWinner ?? (ended && result === "white" ? "black" : "white");
  const [which, setWhich] = useState("");
  // 改判票杀 starts on the latest closed round, with its voted out ticked (AmendVoteOutFields).
  const [amend, setAmend] = useState<AmendChoice | null>(null);
  const latestClosed = amendableRounds(engine?.rounds ?? [])[0] ?? 1;
  const amendChoice: AmendChoice = amend ?? { round: latestClosed, house: 1, out: null };
  const [leadPick, setLeadPick] = useState<LeadVoterPick | null>(null);
  const lead: LeadVoterPick = leadPick ?? { round: latestClosed, bomb: -1, leadVoter: -1 };
  // The full state (the page's GET view): the bombs' voters are kept with each close, not in the live view.
  const fullState = engineOf(game.data?.view ?? null)?.referee ?? null;
  const [turnPick, setTurnPick] = useState<TurnPick>({ unit: "", from: -1, seat: -1 });
  const [reason, setReason] = useState("");
  const { notice, run, clear } = useAction();
  // The rulings made here: a missed 报道 redo's out is the deadline's (RULINGS 24), not one of them.
  const done = game.events.filter(
    (e) =>
      e.type === "OverrideApplied" &&
      (e.data.override as { missedRedo?: unknown } | undefined)?.missedRedo !== true,
  );
  // 作废杀帖: the chosen seat's released posts that still stand, any round (a copy found after later rounds).
  const voidable =
    action === "void-post" && target !== ""
      ? standingPosts(engine?.rounds ?? []).filter((p) => p.poster === Number(target))
      : [];
  // 恢复杀帖: every voided post of the game, picked by round and place (its poster is the referee's to see).
  const reinstatable = action === "reinstate-post" ? voidedPosts(engine?.rounds ?? []) : [];
  // 认定字数足够: every post whose 白条 is open, picked the same way.
  const acceptable = action === "accept-iou" ? openIouPosts(engine?.rounds ?? []) : [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const t = Number(target);
    const d = deadlines.find((x) => x.key === key);
    const override = ((): OverrideBody | null => {
      switch (action) {
        case "extend": {
          // A negative number brings the deadline forward ("导演有权对时间临时做出调整"); asked first, since a slip
          // would close a vote early.
          const shift = Number(minutes);
          if (!Number.isFinite(shift) || shift === 0) return null;
          const until = (d ? statedAt(d.key, d.at) : serverNow()) + shift * 60_000;
          if (shift < 0 && !window.confirm(m.referee.confirmShorten(-shift, dateClock(until)))) return null;
          return { action, deadline: key, until };
        }
        case "void-vote":
        case "invalid-vote":
          return { action, voter: t };
        case "void-post": {
          const picked = voidable.find((p) => `${p.round}:${p.index}` === which);
          return picked
            ? { action, poster: t, round: picked.round, post: picked.index }
            : { action, poster: t };
        }
        case "eliminate":
        case "revive":
          return { action, target: t };
        case "accept-iou": {
          const picked = acceptable.find((p) => `${p.round}:${p.index}` === which);
          return picked ? { action, round: picked.round, post: picked.index } : null;
        }
        case "reinstate-post": {
          const picked = reinstatable.find((p) => `${p.round}:${p.index}` === which);
          return picked ? { action, round: picked.round, post: picked.index } : null;
        }
        case "amend-lead-voter": {
          const bomb = lead.bomb >= 0 ? lead.bomb : leadVoterChoices(fullState, lead.round)[0]?.bomb;
          if (bomb === undefined || lead.leadVoter < 0) return null;
          return { action, round: lead.round, bomb, leadVoter: lead.leadVoter };
        }
        case "assign-turn": {
          const picked = resolveTurnPick(fullState, turnPick);
          if (!picked || picked.seat < 0) return null;
          return { action, unit: picked.unit, seat: picked.seat, from: picked.from };
        }
        case "amend-vote-out": {
          const out = amendOut(engine, amendChoice);
          const before = amendOut(engine, { ...amendChoice, out: null });
          const names = (list: number[]) =>
            list.length > 0 ? m.app.list(list.map((s) => seatLabel(seats, s))) : m.log.nobody;
          const asked = m.referee.confirmAmendVoteOut(amendChoice.round, names(before), names(out));
          if (!window.confirm(asked)) return null;
          return {
            action,
            round: amendChoice.round,
            out,
            ...(amendChoice.house !== 1 ? { house: amendChoice.house } : {}),
          };
        }
        case "warn":
          return {
            action,
            target: t,
            offence,
            ...(severe ? { severe: true } : {}),
            ...(secret && offence === "lurking" ? { secret: true } : {}),
          };
        case "excuse":
          return { action, target: t, round: Number(round) };
        case "withdraw-warning":
          return { action, target: t, round: Number(round), offence };
        case "reputation":
          return { action, target: t, points: Number(points) };
        case "end-game": {
          const asked = ended
            ? m.referee.confirmAmendResult(terms.winner(result), terms.winner(winner))
            : m.referee.confirmEndGame(terms.winner(winner));
          return window.confirm(asked) ? { action, winner } : null;
        }
        default:
          return null;
      }
    })();
    if (!override) return;
    // A reason is for one ruling: kept, it would be sent again with the next by a slip. A 改判结果's choice goes too:
    // the form then starts again on a result other than the one now standing.
    void run(() => api.override(id, { requestId: requestId(), override, reason })).then((done) => {
      if (!done) return;
      setReason("");
      setWinner(null);
      setAmend(null);
      setLeadPick(null);
      setTurnPick({ unit: "", from: -1, seat: -1 });
      // The 改定领票人 and 指定出帖人 fields read the full state, which only the page's GET carries: fetched again after
      // the ruling.
      if (override.action === "amend-lead-voter" || override.action === "assign-turn") void game.reload();
    });
  };
  return (
    <section className="card" data-testid="overrides" id="referee-overrides">
      <h3>{m.referee.overrides}</h3>
      {ended ? <p className="muted small">{m.referee.amendResultHint}</p> : null}
      <form className="form" onSubmit={submit}>
        <select
          value={action}
          onChange={(e) => {
            setAction(e.target.value as OverrideAction);
            // 已执行并记录 was the last action's: under another it would read as done already.
            clear();
            // 指定出帖人 reads the turns off the full state the page's GET carries: fresh posts and rounds matter.
            if (e.target.value === "assign-turn") void game.reload();
          }}
          name="override-action"
        >
          {Object.entries(actions).map(([k, v]) => (
            <option key={k} value={k}>
              {v}
            </option>
          ))}
        </select>
        {action === "extend" ? (
          <>
            <select value={key} onChange={(e) => setKey(e.target.value)} required>
              <option value="" disabled>
                {m.referee.extendKey}
              </option>
              {deadlines
                .filter((d) => deadlineKind(d.key) !== "open")
                .map((d) => (
                  <option key={d.key} value={d.key}>
                    {/* The stated time with its date, as the board shows it: 白条 10:00 and 投票 21:00 are other days. */}
                    {terms.deadline(d.key)} · {dateClock(statedAt(d.key, d.at))}
                  </option>
                ))}
            </select>
            <label className="field inline">
              <span className="field-label">{m.referee.extendUntil}</span>
              <input
                type="number"
                value={minutes}
                onChange={(e) => setMinutes(e.target.value)}
                name="override-minutes"
              />
            </label>
          </>
        ) : action === "accept-iou" ? (
          acceptable.length === 0 ? (
            <p className="muted small">{m.referee.acceptIouNone}</p>
          ) : (
            <select value={which} onChange={(e) => setWhich(e.target.value)} name="accept-iou" required>
              <option value="" disabled>
                {m.referee.acceptIouWhich}
              </option>
              {acceptable.map((p) => (
                <option key={`${p.round}:${p.index}`} value={`${p.round}:${p.index}`}>
                  {m.referee.acceptIouOption(p.round, seatLabel(seats, p.poster), seatLabel(seats, p.target))}
                </option>
              ))}
            </select>
          )
        ) : action === "reinstate-post" ? (
          reinstatable.length === 0 ? (
            <p className="muted small">{m.referee.reinstateNone}</p>
          ) : (
            <select value={which} onChange={(e) => setWhich(e.target.value)} name="reinstate-post" required>
              <option value="" disabled>
                {m.referee.reinstateWhich}
              </option>
              {reinstatable.map((p) => (
                <option key={`${p.round}:${p.index}`} value={`${p.round}:${p.index}`}>
                  {m.referee.reinstateOption(p.round, seatLabel(seats, p.poster), seatLabel(seats, p.target))}
                </option>
              ))}
            </select>
          )
        ) : action === "amend-lead-voter" ? (
          <AmendLeadVoterFields
            state={fullState}
            rounds={engine ? amendableRounds(engine.rounds) : []}
            pick={lead}
            label={(s) => seatLabel(seats, s)}
            alive={(s) => seats.find((x) => x.seat === s)?.alive === true}
            onChange={setLeadPick}
          />
        ) : action === "assign-turn" ? (
          <AssignTurnFields
            state={fullState}
            pick={turnPick}
            label={(s) => seatLabel(seats, s)}
            unitName={(u) => game.view?.unitNames[u] ?? u}
            onChange={setTurnPick}
          />
        ) : action === "amend-vote-out" ? (
          <AmendVoteOutFields
            engine={engine}
            choice={amendChoice}
            label={(s) => seatLabel(seats, s)}
            onChange={setAmend}
          />
        ) : action === "end-game" ? (
          <label className="field inline">
            <span className="field-label">{m.referee.endGameWinner}</span>
            <select
              value={winner}
              onChange={(e) => setWinner(e.target.value as EndGameWinner)}
              name="override-winner"
            >
              {END_GAME_WINNERS.map((w) => (
                <option key={w} value={w}>
                  {terms.winner(w)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <select
            value={target}
            onChange={(e) => {
              setTarget(e.target.value);
              setWhich("");
            }}
            required
            name="override-target"
          >
            <option value="" disabled>
              {m.referee.overrideTarget}
            </option>
            {seats.map((s) => (
              <option key={s.seat} value={s.seat}>
                {m.app.seat(s.seat)} {s.alias}
              </option>
            ))}
          </select>
        )}
        {voidable.length > 0 ? (
          <label className="field inline">
            <span className="field-label">{m.referee.voidPostWhich}</span>
            <select value={which} onChange={(e) => setWhich(e.target.value)} name="override-post">
              <option value="">{m.referee.voidPostLatest}</option>
              {voidable.map((p) => (
                <option key={`${p.round}:${p.index}`} value={`${p.round}:${p.index}`}>
                  {m.referee.voidPostOption(p.round, seatLabel(seats, p.target))}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {action === "reinstate-post" ? <p className="muted small">{m.referee.reinstateHint}</p> : null}
        {action === "accept-iou" ? <p className="muted small">{m.referee.acceptIouHint}</p> : null}
        {action === "assign-turn" ? <p className="muted small">{m.referee.assignTurnHint}</p> : null}
        {action === "void-vote" || action === "invalid-vote" ? (
          // What each does to the voter differs (RULINGS 7/8, seed 001 「否则视为弃权」): said before it is applied.
          <p className="muted small" data-testid="override-vote-hint">
            {action === "void-vote" ? m.referee.voidVoteHint(dayNight !== null) : m.referee.invalidVoteHint}
          </p>
        ) : null}
        {action === "warn" || action === "withdraw-warning" ? (
          <>
            <label className="field inline">
              <span className="field-label">{m.referee.offence}</span>
              <select
                value={offence}
                onChange={(e) => setOffence(e.target.value as OffenceKind)}
                name="override-offence"
              >
                {Object.entries(m.referee.offenceKinds).map(([k, v]) => (
                  <option key={k} value={k}>
                    {v}
                  </option>
                ))}
              </select>
            </label>
            {action === "warn" ? (
              <label className="field inline">
                <input
                  type="checkbox"
                  checked={severe}
                  onChange={(e) => setSevere(e.target.checked)}
                  name="override-severe"
                />
                <span className="field-label">{m.referee.severe}</span>
              </label>
            ) : null}
            {action === "warn" && offence === "lurking" ? (
              <label className="field inline">
                <input
                  type="checkbox"
                  checked={secret}
                  onChange={(e) => setSecret(e.target.checked)}
                  name="override-secret"
                />
                <span className="field-label">{m.referee.secretWarning}</span>
              </label>
            ) : null}
          </>
        ) : null}
        {action === "excuse" || action === "withdraw-warning" ? (
          <label className="field inline">
            <span className="field-label">
              {action === "excuse" ? m.referee.excuseRound : m.referee.warningRound}
            </span>
            <input
              type="number"
              min={1}
              value={round}
              onChange={(e) => setRound(e.target.value)}
              name="override-round"
              required
            />
          </label>
        ) : null}
        {action === "reputation" ? (
          <label className="field inline">
            <span className="field-label">{m.referee.reputationPoints(range.min, range.max)}</span>
            <input
              type="number"
              min={range.min}
              max={range.max}
              value={points}
              onChange={(e) => setPoints(e.target.value)}
              name="override-points"
              required
            />
          </label>
        ) : null}
        <input
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={m.referee.overrideReason}
          required
        />
        {notice}
        <button type="submit" className="btn danger">
          {m.referee.apply}
        </button>
      </form>
      <ol className="plain small">
        {done.map((e) => (
          <li key={e.seq}>
            {dateTime(e.at)} · {overrideName(e.data.override, terms)}
            {overrideSubject(e.data.override, (x) => seatLabel(seats, x), terms)} ·{" "}
            {String(e.data.reason ?? "")}
            {typeof e.data.referee === "string" ? m.log.signedBy(e.data.referee) : null}
          </li>
        ))}
      </ol>
      {dayNight ? <Offences game={game} /> : null}
    </section>
  );
}

/** Whom or what the ruling was about ("· 云中鹤1", "· 第2轮投票截止 → 22:00:00"), or nothing. */
function overrideSubject(o: unknown, label: (s: SeatNo) => string, terms: Terms): string {
  const x = (o ?? {}) as {
    target?: unknown;
    voter?: unknown;
    poster?: unknown;
    seat?: unknown;
    deadline?: unknown;
    until?: unknown;
    out?: unknown;
    bomb?: unknown;
    leadVoter?: unknown;
    alias?: unknown;
    previous?: unknown;
    round?: unknown;
    post?: unknown;
    unit?: unknown;
    from?: unknown;
  };
  // substitute: the seat, the alias it leaves (when the event names it) and the new one.
  if (typeof x.seat === "number" && typeof x.alias === "string")
    return ` · ${m.app.seat(x.seat)}${typeof x.previous === "string" ? ` ${x.previous}` : ""} → ${x.alias}`;
  // decide-lead-voter: the bomb and the voter named its 领票人.
  if (typeof x.bomb === "number" && typeof x.leadVoter === "number")
    return ` · ${label(x.bomb)} → ${label(x.leadVoter)}`;
  // reinstate-post, accept-iou: the round, the poster and the target of the post ruled on.
  if (typeof x.post === "number" && typeof x.round === "number" && typeof x.target === "number") {
    const poster = typeof x.poster === "number" ? `${label(x.poster)} ` : "";
    return ` · ${terms.round(x.round)} ${poster}→ ${label(x.target)}`;
  }
  // assign-turn: the seat whose turn it was and the member given it.
  if (typeof x.unit === "string" && typeof x.from === "number" && typeof x.seat === "number")
    return ` · ${label(x.from)} → ${label(x.seat)}`;
  const seat = [x.target, x.voter, x.poster, x.seat].find((v) => typeof v === "number");
  if (typeof seat === "number") return ` · ${label(seat)}`;
  // amend-vote-out: the round, whom its vote had put out and whom it puts out now.
  if (Array.isArray(x.out) && Array.isArray(x.previous) && typeof x.round === "number") {
    const names = (list: unknown[]) => {
      const seats = list.filter((v) => typeof v === "number");
      return seats.length > 0 ? m.app.list(seats.map(label)) : m.log.nobody;
    };
    return ` · ${terms.round(x.round)} ${names(x.previous)} → ${names(x.out)}`;
  }
  // decide-tie: the seats the referee put out.
  if (Array.isArray(x.out)) return ` · ${m.app.list(x.out.filter((v) => typeof v === "number").map(label))}`;
  if (typeof x.deadline === "string")
    // With the date: an extension by a day (白条延期) would read as no change with the time alone.
    return ` · ${terms.deadline(x.deadline)}${typeof x.until === "number" ? ` → ${dateTime(x.until)}` : ""}`;
  return "";
}

/** The ruling's Chinese name, with the offence for a warning and the result for an ended game. */
function overrideName(o: unknown, terms: Terms): string {
  const x = (o ?? {}) as { action?: string; offence?: string; winner?: string };
  const action = x.action ?? "";
  // `previous` marks an end-game ruled after the end (改判结果).
  const name =
    (action === "end-game" && o !== null && typeof o === "object" && "previous" in o
      ? m.referee.amendResultAction
      : undefined) ??
    m.referee.overrideActions[action] ??
    m.referee.dayNightActions[action] ??
    m.referee.otherOverrideActions[action] ??
    action;
  if (x.winner) return `${name} · ${terms.winner(x.winner)}`;
  return x.offence ? `${name} · ${m.referee.offenceKinds[x.offence] ?? x.offence}` : name;
}

/** 7kill's warnings and offences as the referee sees them (hidden ones too), with each seat's standing count. */
/**
 * 7kill at a glance for the director: each night's standing choices and dawn, empty needles per patient, the bandit's
 * bullet and path, who still owes last words. All of it is in the referee's view (`dayNight.record`); without this
 * the director read it out of the full log.
 */
function NightRecord({ game }: { game: LiveGame }) {
  const dn = engineOf(game.view)?.dayNight;
  const record = dn?.record;
  if (!record) return null;
  const seats = game.view?.seats ?? [];
  const label = (s: SeatNo | null | undefined) =>
    s === null || s === undefined ? m.referee.nightPassed : seatLabel(seats, s);
  const nights = Object.values(record.nights).sort((a, b) => b.round - a.round);
  const needles = Object.entries(record.needles).filter(([, n]) => n > 0);
  const bandit = record.bandit;
  const owing = Object.values(record.lastWords).filter((l) => l.endedAt === null);
  return (
    <details className="card" data-testid="night-record">
      <summary>{m.referee.nightRecord}</summary>
      <ol className="plain small">
        {nights.map((n) => (
          <li key={n.round}>
            <strong>{m.referee.nightTitle(n.round, n.resolved)}</strong>{" "}
            {(["kill", "check", "protect", "shoot"] as const)
              .filter((a) => n.actions[a] !== undefined)
              .map((a) => `${m.night.ability(a)} → ${label(n.actions[a]?.target)}`)
              .join(m.log.comma) || m.referee.nightNoActions}
            {n.result
              ? ` · ${m.referee.nightDawn(
                  n.result.saved.map((s) => label(s)),
                  n.result.emptyNeedle ? label(n.result.emptyNeedle.seat) : null,
                )}`
              : null}
          </li>
        ))}
      </ol>
      {needles.length > 0 ? (
        <p className="small">
          {m.referee.needles(m.app.list(needles.map(([s, n]) => `${label(Number(s))} ${n}`)))}
        </p>
      ) : null}
      {bandit ? (
        <p className="small">
          {m.referee.banditState(
            label(bandit.seat),
            bandit.shot ? label(bandit.shot.target) : null,
            bandit.became ? m.night.roleName(bandit.became) : null,
          )}
        </p>
      ) : null}
      {owing.map((l) => (
        <p className="small" key={l.round}>
          {m.referee.lastWordsOwed(
            l.round,
            l.due.filter((s) => !l.posted.includes(s)).map((s) => label(s)),
            dateTime(l.endsAt),
          )}
        </p>
      ))}
    </details>
  );
}

function Offences({ game }: { game: LiveGame }) {
  const seats = game.view?.seats ?? [];
  const dn = engineOf(game.view)?.dayNight;
  const offences = dn?.offences ?? [];
  const reputation = dn?.record?.reputation ?? {};
  const warned = [...new Set(offences.map((o) => o.seat))];
  const active = (seat: SeatNo) =>
    offences.filter((o) => o.seat === seat && o.warning && !o.withdrawn).length;
  return (
    <div data-testid="offences">
      <h4>{m.referee.offences}</h4>
      {offences.length === 0 ? <p className="muted small">{m.referee.offencesEmpty}</p> : null}
      <ol className="plain small">
        {offences.map((o) => (
          <li key={`${o.seat}-${o.at}-${o.offence}`}>
            {m.referee.offenceLine(
              termsOf(game.data?.game).round(o.round),
              seatLabel(seats, o.seat),
              m.referee.offenceKinds[o.offence] ?? o.offence,
            )}
            {o.reasons.length > 0
              ? m.referee.reasonList(o.reasons.map((r) => m.referee.lurkingReasons[r] ?? r))
              : null}
            {o.public ? null : ` · ${m.referee.offenceHidden}`}
            {o.withdrawn ? ` · ${m.referee.offenceWithdrawn}` : null}
          </li>
        ))}
      </ol>
      <ul className="plain small">
        {warned.map((s) => (
          <li key={s}>
            {seatLabel(seats, s)} · {m.referee.warnings(active(s))}
            {reputation[s] !== undefined ? ` · ${m.referee.reputationGiven(reputation[s])}` : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Results({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  // The latest round with results (its vote closed), which is what a results post is written for; the round that
  // runs now has none yet. It follows the game until the referee picks a round.
  const rounds = engineOf(game.view)?.rounds ?? [];
  const closed = rounds.filter((r) => r.closed).at(-1)?.round;
  // Before any round has closed, the first one still open: during round 1's 加时 round 2 has opened already, and
  // offering it said 「第2轮的投票（含加时）尚未结束」 about the wrong round (phone audit).
  const latest = closed ?? rounds.find((r) => !r.closed)?.round ?? currentRound(game.view)?.round ?? 1;
  const [picked, setRound] = useState<string | null>(null);
  const round = picked ?? String(latest);
  // 7kill: each round has its day's post and, from dawn, its night's; the night's once its dawn has come, until the
  // referee picks.
  const dayNight = game.data?.game.dayNight ?? false;
  const dawned =
    engineOf(game.view)?.dayNight?.nights.find((n) => n.round === Number(round))?.resolved ?? false;
  const [pickedPart, setPart] = useState<ResultsPart | null>(null);
  const part: ResultsPart | undefined = dayNight ? (pickedPart ?? (dawned ? "night" : "day")) : undefined;
  // The text with the round and part it was previewed for: it is published as that post, whatever the card shows by
  // then (dawn coming while the referee edits the day's text flips the card's default to the night).
  const [draft, setDraft] = useState<{ text: string; round: number; part: ResultsPart | undefined } | null>(
    null,
  );
  const text = draft?.text ?? null;
  const setText = (t: string | null) =>
    setDraft((d) => (t === null ? null : d ? { ...d, text: t } : { text: t, round: Number(round), part }));
  const [copied, setCopied] = useState<string | null>(null);
  const { notice, run } = useAction();
  const preview = () =>
    run(async () => {
      const r = Number(round);
      setDraft({ text: (await api.resultsPreview(id, r, part)).text, round: r, part });
    }, m.referee.previewReady);
  const publish = () =>
    draft !== null &&
    run(
      () =>
        api.publishResults(id, {
          requestId: requestId(),
          round: draft.round,
          ...(draft.part && { part: draft.part }),
          text: draft.text,
        }),
      m.referee.published,
    );
  const copy = async (kind: "bb" | "plain") => {
    if (text === null) return;
    const ok = await copyText(kind === "bb" ? toBBCode(text) : toPlainText(text));
    setCopied(ok ? m.app.copied : null);
  };
  return (
    <section className="card" data-testid="results-editor" id="referee-results">
      <h3>{m.referee.results}</h3>
      <div className="actions">
        <label className="field inline">
          <span className="field-label">{m.referee.resultsRound}</span>
          <input type="number" min={1} value={round} onChange={(e) => setRound(e.target.value)} />
        </label>
        {part ? (
          <label className="field inline">
            <span className="field-label">{m.referee.resultsPart}</span>
            <select
              value={part}
              data-testid="results-part"
              onChange={(e) => {
                setPart(e.target.value === "night" ? "night" : "day");
                setText(null);
              }}
            >
              {(["day", "night"] as const).map((p) => (
                <option key={p} value={p}>
                  {m.referee.resultsPartName(p, Number(round))}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="button" className="btn" onClick={preview}>
          {m.referee.preview}
        </button>
      </div>
      {text !== null ? (
        <>
          <textarea
            className="editor-text"
            rows={12}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="actions">
            <button type="button" className="btn primary" onClick={publish}>
              {m.referee.publish}
            </button>
            <button type="button" className="btn ghost" onClick={() => copy("bb")}>
              {m.referee.copyBBCode}
            </button>
            <button type="button" className="btn ghost" onClick={() => copy("plain")}>
              {m.referee.copyText}
            </button>
          </div>
          <Notice kind="ok">{copied}</Notice>
        </>
      ) : null}
      {notice}
    </section>
  );
}

/** Log entries shown at first, and how many more each "earlier" click shows: a late game has tens of thousands. */
/** Discussion posts and their counts, and room messages: kept in the log, shown on request. */
const CHATTER: ReadonlySet<string> = new Set([
  "app.DiscussionPosted",
  "DiscussionPosted",
  "app.RoomMessagePosted",
]);

const LOG_WINDOW = 300;
const LOG_MORE = 1000;

function EventLog({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [shown, setShown] = useState(LOG_WINDOW);
  // The stream leaves ballots out of game.events; lastSeq moves with every event, ballots included. One follower per
  // game, made when the log is first opened and kept while it is closed (useLogFollower).
  const { events, error } = useLogFollower((after) => api.log(id, after), id, opened, open, game.lastSeq);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new follower (another game, first opening) starts the window again
  useEffect(() => {
    setShown(LOG_WINDOW);
  }, [id, opened]);
  // 7kill's discussion writes two lines a post (hundreds a day): left out unless asked for, so the rulings show.
  const [chatter, setChatter] = useState(false);
  const listed = chatter ? events : events.filter((e) => !CHATTER.has(e.type));
  const hidden = Math.max(0, listed.length - shown);
  // Opened at the newest entry (oldest first, as it reads, with the earlier ones loaded above), following new ones
  // while the referee is at the end: what just happened is what the log is opened for.
  const { ref: logRef } = useFollowNewest<HTMLOListElement>(listed.at(-1)?.seq, open);
  const latestSeq = Math.max(events.at(-1)?.seq ?? 0, game.lastSeq);
  // Before the start the log has no rule set of its own: the game's info names it.
  const names = { rulesName: game.data?.game.rulesName, ...logNames(game.view, events) };
  return (
    <details
      className="card"
      onToggle={(e) => {
        const isOpen = e.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) setOpened(true);
      }}
      data-testid="referee-log"
      id="referee-log"
    >
      <summary>
        {m.referee.log} <span className="count">{latestSeq}</span>
      </summary>
      <Notice kind="error">{error}</Notice>
      {open && events.length === 0 && !error ? <p className="empty small">{m.referee.logEmpty}</p> : null}
      {open && events.some((e) => CHATTER.has(e.type)) ? (
        <label className="check small">
          <input type="checkbox" checked={chatter} onChange={(e) => setChatter(e.target.checked)} />{" "}
          {m.referee.logChatter}
        </label>
      ) : null}
      {hidden > 0 ? (
        <button
          type="button"
          className="btn ghost small"
          onClick={() => setShown((n) => n + LOG_MORE)}
          data-testid="log-earlier"
        >
          {m.referee.logEarlier(Math.min(hidden, LOG_MORE), hidden)}
        </button>
      ) : null}
      <ol className="log" ref={logRef}>
        {listed.slice(hidden).map((e) => (
          <LogLine key={e.seq} event={e} names={names} />
        ))}
      </ol>
    </details>
  );
}

/**
 * One log entry: what happened as a sentence, the raw data behind a toggle (shown at once when the event could not
 * be described). A button, not a nested <details>: the log is itself a <details>, and its one <summary> is what
 * opens and closes it.
 */
function LogLine({ event: e, names }: { event: GameEventDto; names: LogNames }) {
  const [raw, setRaw] = useState(false);
  const text = describeEvent(e, names);
  return (
    <li>
      <span className="muted small">
        #{e.seq} {dateTime(e.at)}
      </span>{" "}
      {/* The event's type id (VoteCast…) sits with its raw data: the line itself is for Chinese readers. */}
      <strong>{m.referee.eventName(e.type)}</strong>{" "}
      {text ? (
        <>
          {text}{" "}
          <button
            type="button"
            className="link-button small"
            aria-expanded={raw}
            onClick={() => setRaw((x) => !x)}
          >
            {m.log.raw}
          </button>
          {raw ? (
            <>
              {" "}
              <code>
                {e.type} {JSON.stringify(e.data)}
              </code>
            </>
          ) : null}
        </>
      ) : (
        <code>
          {e.type} {JSON.stringify(e.data)}
        </code>
      )}
    </li>
  );
}
