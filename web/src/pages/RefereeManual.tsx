// 哨子台: entering what reached the referee off the site, a 托票 by QQ, 短信 or phone, a kill post or a 白条's text sent
// privately and a 举报 in the 哨群 or the referee's own finding, which the inbox offers only for what players filed here;
// in 7kill, a night choice sent to the director.
import { type FormEvent, useState } from "react";
import type { NightAbility } from "../../../src/server/api-types.ts";
import { countWords } from "../../../src/text/wordcount.ts";
import { api, requestId } from "../api/client.ts";
import { siteLocalToMs, siteTimeZone, useServerNow } from "../api/server-time.ts";
import type { LiveGame } from "../api/use-game.ts";
import { CodeSelect } from "../components/CodeSelect.tsx";
import { PostEditor } from "../components/PostEditor.tsx";
import { SeatSelect } from "../components/SeatSelect.tsx";
import { useAction } from "../components/use-action.tsx";
import { m } from "../i18n/index.ts";
import { useDraft } from "../lib/drafts.ts";
import { currentRound, engineOf } from "../lib/engine-view.ts";
import { standingPosts } from "../lib/standing-posts.ts";
import { localInputValue } from "../lib/start-time.ts";
import { ComplaintIouButton } from "./ComplaintIouButton.tsx";

export function ManualRulings({ game }: { game: LiveGame }) {
  const info = game.data!.game;
  return (
    <section className="card" data-testid="manual-rulings" id="referee-manual">
      <h3>{info.dayNight ? m.referee.manual.titleDayNight : m.referee.manual.title}</h3>
      <p className="muted small">{info.dayNight ? m.referee.manual.hintDayNight : m.referee.manual.hint}</p>
      <ManualProxyVote game={game} />
      {info.dayNight ? <ManualNightAction game={game} /> : null}
      {info.killPosts ? <ManualKillPost game={game} /> : null}
      {info.killPosts ? <ManualIou game={game} /> : null}
      {info.killPosts ? <ManualComplaintEntry game={game} /> : null}
      {info.killPosts ? <ManualComplaint game={game} /> : null}
    </section>
  );
}

/** A living seat as the desk names it: 「3号 云中鹤」. */
function livingSeats(game: LiveGame): { seat: number; label: string }[] {
  return (game.view?.seats ?? [])
    .filter((s) => s.alive)
    .map((s) => ({ seat: s.seat, label: `${m.app.seat(s.seat)} ${s.alias}` }));
}

function ManualProxyVote({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  const offered = game.data!.game.codeGuesses ? (game.view?.offeredCodes ?? []) : [];
  const [voter, setVoter] = useState("");
  const [target, setTarget] = useState("");
  const [code, setCode] = useState("");
  const { notice, run } = useAction();
  const seats = livingSeats(game);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const entered = await run(
      () =>
        api.proxyVote(id, {
          requestId: requestId(),
          voter: Number(voter),
          targets: [Number(target)],
          ...(code ? { codes: [code] } : {}),
        }),
      m.referee.manual.proxyEntered,
    );
    if (entered) {
      setVoter("");
      setTarget("");
      setCode("");
    }
  };
  return (
    <form className="form" onSubmit={submit} data-testid="manual-proxy">
      <h4>{m.referee.manual.proxyTitle}</h4>
      <p className="muted small">{m.referee.manual.proxyHint(game.data!.game.proxyCutoffMinutes)}</p>
      <SeatSelect
        name="manual-proxy-voter"
        value={voter}
        onChange={setVoter}
        prompt={m.referee.manual.voter}
        seats={seats}
      />
      <SeatSelect
        name="manual-proxy-target"
        value={target}
        onChange={setTarget}
        prompt={m.referee.manual.target}
        seats={seats.filter((s) => String(s.seat) !== voter)}
      />
      {offered.length > 0 ? (
        <CodeSelect name="manual-proxy-code" value={code} codes={offered} onChange={setCode} />
      ) : null}
      {notice}
      <button type="submit" className="btn small">
        {m.referee.castProxy}
      </button>
    </form>
  );
}

/**
 * 录入夜间行动: a night choice (or the bandit's shot) a player sent the referee off the site, entered for that seat. The
 * server judges it as the player's own (whose ability, when, on whom), so every ability is offered and a wrong pairing
 * is refused with its reason.
 */
function ManualNightAction({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  const [seat, setSeat] = useState("");
  const [ability, setAbility] = useState("");
  const [target, setTarget] = useState("");
  const { notice, run } = useAction();
  const seats = livingSeats(game);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const entered = await run(
      () =>
        api.refereeNightAction(id, {
          requestId: requestId(),
          seat: Number(seat),
          action: ability as NightAbility,
          target: target === PASS ? null : Number(target),
        }),
      m.referee.manual.nightEntered,
    );
    if (entered) {
      setSeat("");
      setAbility("");
      setTarget("");
    }
  };
  return (
    <form className="form" onSubmit={submit} data-testid="manual-night-action">
      <h4>{m.referee.manual.nightTitle}</h4>
      <p className="muted small">{m.referee.manual.nightHint}</p>
      <SeatSelect
        name="manual-night-seat"
        value={seat}
        onChange={setSeat}
        prompt={m.referee.manual.nightSeat}
        seats={seats}
      />
      <select
        name="manual-night-ability"
        value={ability}
        onChange={(e) => setAbility(e.target.value)}
        required
      >
        <option value="" disabled>
          {m.referee.manual.nightAbility}
        </option>
        {NIGHT_ABILITIES.map((a) => (
          <option key={a} value={a}>
            {m.night.ability(a)}
          </option>
        ))}
      </select>
      <select name="manual-night-target" value={target} onChange={(e) => setTarget(e.target.value)} required>
        <option value="" disabled>
          {m.referee.manual.nightTarget}
        </option>
        <option value={PASS}>{m.night.pass}</option>
        {seats
          .filter((s) => String(s.seat) !== seat)
          .map((s) => (
            <option key={s.seat} value={s.seat}>
              {s.label}
            </option>
          ))}
      </select>
      {notice}
      <button type="submit" className="btn small" disabled={!seat || !ability || !target}>
        {m.referee.manual.nightSubmit}
      </button>
    </form>
  );
}

const PASS = "pass";
const NIGHT_ABILITIES: readonly NightAbility[] = ["kill", "check", "protect", "shoot"];

/**
 * 录入杀帖: a kill post a player sent the referee off the site during the posting window (the site down, or out of
 * the player's reach), entered for that seat. The server judges it as the player's own (window, turn, post right);
 * the form asks before a short one as the kill-post page does, since it is taken as a 白条 at once.
 */
function ManualKillPost({ game }: { game: LiveGame }) {
  const info = game.data!.game;
  const round = currentRound(game.view);
  const now = useServerNow();
  const seats = game.view?.seats ?? [];
  const living = livingSeats(game);
  const [poster, setPoster] = useState("");
  const [target, setTarget] = useState("");
  const [code, setCode] = useState("");
  const draft = useDraft(`referee-kill:${info.id}:${round?.round ?? 0}:${poster}`);
  const { notice, run } = useAction();
  const open =
    round !== null &&
    round.posts === null &&
    now >= round.postingOpensAt &&
    now <= round.postingClosesAt + 999;
  if (!open) return null;
  // The guess may name any living scored seat's code but the poster's own, as on the poster's page.
  const posterCode = seats.find((s) => String(s.seat) === poster)?.code ?? null;
  const offered = info.codeGuesses ? (game.view?.postCodes ?? []).filter((c) => c !== posterCode) : [];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const words = countWords(draft.text, { ambiguousIsEastAsian: info.ambiguousIsEastAsian }).words;
    if (
      words < info.killPostMin &&
      !window.confirm(m.referee.manual.killConfirmIou(words, info.killPostMin, info.iouMin))
    )
      return;
    const entered = await run(
      () =>
        api.refereeKillPost(info.id, {
          requestId: requestId(),
          poster: Number(poster),
          target: Number(target),
          text: draft.text,
          ...(offered.length > 0 && code ? { code } : {}),
        }),
      (res) => m.referee.manual.killEntered(res.words, res.iou),
    );
    if (entered) {
      draft.clear();
      setPoster("");
      setTarget("");
      setCode("");
    }
  };
  return (
    <form className="form" onSubmit={submit} data-testid="manual-kill-post">
      <h4>{m.referee.manual.killTitle}</h4>
      <p className="muted small">{m.referee.manual.killHint}</p>
      <SeatSelect
        name="manual-kill-poster"
        value={poster}
        onChange={setPoster}
        prompt={m.referee.manual.killPoster}
        seats={living}
      />
      <SeatSelect
        name="manual-kill-target"
        value={target}
        onChange={setTarget}
        prompt={m.write.chooseTarget}
        seats={living.filter((s) => String(s.seat) !== poster)}
      />
      {offered.length > 0 ? (
        <CodeSelect name="manual-kill-code" value={code} codes={offered} onChange={setCode} />
      ) : null}
      <PostEditor
        draft={draft}
        min={info.killPostMin}
        ambiguousIsEastAsian={info.ambiguousIsEastAsian}
        gameId={info.id}
        shortIsIou
        label={m.write.body}
        scriptCheck
      />
      {notice}
      <button type="submit" className="btn small" disabled={!poster || !target || !draft.text}>
        {m.referee.manual.killSubmit}
      </button>
    </form>
  );
}

/** 补白条 sent to the referee privately (an out poster, a site it could not reach): the referee enters its text. */
function ManualIou({ game }: { game: LiveGame }) {
  const info = game.data!.game;
  const seats = game.view?.seats ?? [];
  const label = (s: number) => `${m.app.seat(s)} ${seats.find((x) => x.seat === s)?.alias ?? ""}`;
  // A completion goes to the poster's earliest open 白条 (decide-post.ts), so one entry per poster: that one.
  const open = (engineOf(game.view)?.rounds ?? [])
    .flatMap((r) =>
      (r.posts ?? [])
        .filter((p) => p.iouStatus === "open" && p.poster !== null)
        .map((p) => ({ round: r.round, poster: p.poster as number, target: p.target })),
    )
    .filter((x, i, all) => all.findIndex((y) => y.poster === x.poster) === i);
  const [poster, setPoster] = useState("");
  const chosen = open.find((i) => String(i.poster) === poster);
  const draft = useDraft(`referee-iou:${info.id}:${poster}`);
  const { notice, run } = useAction();
  if (open.length === 0) return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const entered = await run(
      () => api.refereeIou(info.id, { requestId: requestId(), poster: Number(poster), text: draft.text }),
      m.referee.manual.iouEntered,
    );
    if (entered) draft.clear();
  };
  return (
    <form className="form" onSubmit={submit} data-testid="manual-iou">
      <h4>{m.referee.manual.iouTitle}</h4>
      <p className="muted small">{m.referee.manual.iouHint}</p>
      <select value={poster} onChange={(e) => setPoster(e.target.value)} required name="manual-iou-poster">
        <option value="" disabled>
          {m.referee.manual.poster}
        </option>
        {open.map((i) => (
          <option key={i.poster} value={i.poster}>
            {m.referee.manual.iouOption(label(i.poster), i.round, label(i.target))}
          </option>
        ))}
      </select>
      <PostEditor
        draft={draft}
        min={info.iouMin}
        ambiguousIsEastAsian={info.ambiguousIsEastAsian}
        gameId={info.id}
        label={m.write.body}
        scriptCheck
        {...(chosen && { iouRound: chosen.round, iouSeat: chosen.poster })}
      />
      {notice}
      <button type="submit" className="btn small" disabled={!poster || !draft.text}>
        {m.referee.manual.iouSubmit}
      </button>
    </form>
  );
}

/**
 * 录入举报: a complaint a player made in the 哨群 (QQ) by the deadline, entered perhaps after it: the server judges it
 * by when the 哨群 received it, which defaults to now (to the second: a release comes at hh:mm:01). Named, it is that
 * player's complaint; else the 哨群's own. It lands in the inbox to be ruled on there.
 */
function ManualComplaintEntry({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  const seats = game.view?.seats ?? [];
  const label = (s: number) => `${m.app.seat(s)} ${seats.find((x) => x.seat === s)?.alias ?? ""}`;
  const posts = standingPosts(engineOf(game.view)?.rounds ?? []);
  const [which, setWhich] = useState("");
  const [complainant, setComplainant] = useState("");
  // null: not touched, so it shows (and sends) the server's now.
  const [received, setReceived] = useState<string | null>(null);
  const [text, setText] = useState("");
  const now = useServerNow(30_000);
  const { notice, run } = useAction();
  if (posts.length === 0) return null;
  const receivedText = received ?? localInputValue(now, siteTimeZone(), true);
  const receivedAt = siteLocalToMs(receivedText);
  const picked = posts.find((p) => `${p.round}:${p.index}` === which);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!picked || receivedAt === null) return;
    const entered = await run(
      () =>
        api.refereeComplaint(id, {
          requestId: requestId(),
          round: picked.round,
          post: picked.index,
          text,
          receivedAt,
          ...(complainant !== "" && { complainant: Number(complainant) }),
        }),
      m.referee.manual.complaintEntered,
    );
    if (entered) {
      setWhich("");
      setComplainant("");
      setReceived(null);
      setText("");
    }
  };
  return (
    <form className="form" onSubmit={submit} data-testid="manual-complaint-entry">
      <h4>{m.referee.manual.complaintEntryTitle}</h4>
      <p className="muted small">{m.referee.manual.complaintEntryHint}</p>
      <select value={which} onChange={(e) => setWhich(e.target.value)} required name="entry-complaint-post">
        <option value="" disabled>
          {m.referee.manual.complaintEntryPost}
        </option>
        {posts.map((p) => (
          <option key={`${p.round}:${p.index}`} value={`${p.round}:${p.index}`}>
            {m.referee.manual.complaintEntryPostOption(p.round, label(p.poster), label(p.target))}
          </option>
        ))}
      </select>
      <label className="field">
        <span className="field-label">{m.referee.manual.complaintEntryComplainant}</span>
        <select
          value={complainant}
          onChange={(e) => setComplainant(e.target.value)}
          name="entry-complaint-complainant"
        >
          <option value="">{m.referee.manual.complaintEntryNobody}</option>
          {seats.map((s) => (
            <option key={s.seat} value={s.seat}>
              {label(s.seat)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">{m.referee.manual.complaintEntryReceived}</span>
        <input
          type="datetime-local"
          step={1}
          value={receivedText}
          onChange={(e) => setReceived(e.target.value)}
          required
          name="entry-complaint-received"
        />
      </label>
      <label className="field">
        <span className="field-label">{m.referee.manual.complaintEntryText}</span>
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={3}
          required
          name="entry-complaint-text"
        />
      </label>
      {notice}
      <button type="submit" className="btn small" disabled={!picked || receivedAt === null || !text.trim()}>
        {m.referee.manual.complaintEntrySubmit}
      </button>
    </form>
  );
}

function ManualComplaint({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  const engine = engineOf(game.view);
  const seats = game.view?.seats ?? [];
  const label = (s: number) => `${m.app.seat(s)} ${seats.find((x) => x.seat === s)?.alias ?? ""}`;
  const [poster, setPoster] = useState("");
  const [which, setWhich] = useState("");
  const [reason, setReason] = useState("");
  const { notice, run } = useAction();
  // The released posts that still stand, by poster: only those can be ruled on.
  const posts = standingPosts(engine?.rounds ?? []);
  const posters = [...new Set(posts.map((p) => p.poster))].sort((a, b) => a - b);
  const mine = posts.filter((p) => String(p.poster) === poster);
  const picked = mine.find((p) => `${p.round}:${p.index}` === which) ?? mine.at(-1);
  const rule = (upheld: boolean, iou?: { iouDeadline?: number }) => {
    if (!picked) return;
    // 字数不够按白条处理 asked its own confirmation (ComplaintIouButton).
    if (
      upheld &&
      !iou &&
      !window.confirm(m.referee.confirmUphold(label(picked.poster), label(picked.target)))
    )
      return;
    void run(() =>
      api.ruleComplaint(id, {
        requestId: requestId(),
        against: picked.poster,
        upheld,
        reason,
        round: picked.round,
        post: picked.index,
        ...(iou && { asIou: true as const, ...iou }),
      }),
    );
  };
  if (posters.length === 0) return null;
  return (
    <form className="form" onSubmit={(e) => e.preventDefault()} data-testid="manual-complaint">
      <h4>{m.referee.manual.complaintTitle}</h4>
      <p className="muted small">{m.referee.manual.complaintHint}</p>
      <select
        value={poster}
        onChange={(e) => {
          setPoster(e.target.value);
          setWhich("");
        }}
        required
        name="manual-complaint-poster"
      >
        <option value="" disabled>
          {m.referee.manual.poster}
        </option>
        {posters.map((s) => (
          <option key={s} value={s}>
            {label(s)}
          </option>
        ))}
      </select>
      {mine.length > 0 ? (
        <select value={which} onChange={(e) => setWhich(e.target.value)} name="manual-complaint-post">
          {[...mine].reverse().map((p) => (
            <option key={`${p.round}:${p.index}`} value={`${p.round}:${p.index}`}>
              {m.referee.voidPostOption(p.round, label(p.target))}
            </option>
          ))}
        </select>
      ) : null}
      <input
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={m.referee.overrideReason}
        name="manual-complaint-reason"
        required
      />
      {notice}
      <div className="actions">
        <button
          type="button"
          className="btn small danger"
          onClick={() => rule(true)}
          disabled={!poster || !reason.trim()}
        >
          {m.referee.uphold}
        </button>
        <button
          type="button"
          className="btn small"
          onClick={() => rule(false)}
          disabled={!poster || !reason.trim()}
        >
          {m.referee.dismiss}
        </button>
        <ComplaintIouButton
          events={game.events}
          round={picked?.round ?? null}
          poster={picked ? label(picked.poster) : ""}
          disabled={!poster || !reason.trim()}
          onRule={(iouDeadline) => rule(true, iouDeadline !== undefined ? { iouDeadline } : {})}
        />
      </div>
    </form>
  );
}
