// Writing a kill post (target, code guess, posting window) or completing an IOU (补白条), in the shared editor.
import { type FormEvent, useState } from "react";
import { countWords } from "../../../src/text/wordcount.ts";
import { api, errorText, requestId } from "../api/client.ts";
import { useServerNow } from "../api/server-time.ts";
import type { LiveGame } from "../api/use-game.ts";
import { CodeSelect } from "../components/CodeSelect.tsx";
import { Countdown } from "../components/Countdown.tsx";
import { Notice } from "../components/Notice.tsx";
import { PostEditor } from "../components/PostEditor.tsx";
import { m } from "../i18n/index.ts";
import { useDraft } from "../lib/drafts.ts";
import { currentRound, engineOf } from "../lib/engine-view.ts";
import { dateTime, seatLabel } from "../lib/format.ts";
import { iouPage } from "../lib/iou-page.ts";
import { postRightState } from "../lib/post-right.ts";
import { termsOf } from "../lib/terms.ts";
import { Link } from "../router.tsx";

export function WritePage({ game, kind }: { game: LiveGame; kind: "kill" | "iou" }) {
  // Only a seat posts: others (the public, referees, players of other games) get no form to fill in vain.
  if (game.data?.viewer.memberKind !== "player") return <Notice kind="info">{m.me.notPlayer}</Notice>;
  // Out is out for posts on the site: a kill post, and an open IOU's text too, which goes to the referee privately
  // (the referee enters it, RefereeManual.tsx), since an out player's post in the thread would be 诈尸.
  if (game.data.viewer.kind === "dead-player")
    return <Notice kind="info">{kind === "kill" ? m.write.outNoPost : m.write.outIouToReferee}</Notice>;
  return kind === "kill" ? <KillPost game={game} /> : <IouPost game={game} />;
}

function KillPost({ game }: { game: LiveGame }) {
  const data = game.data!;
  const view = game.view;
  const round = currentRound(view);
  const now = useServerNow();
  const id = data.game.id;
  const draft = useDraft(`kill:${id}:${round?.round ?? 0}`);
  const [target, setTarget] = useState("");
  const [code, setCode] = useState("");
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const card = view?.roleCard ?? null;
  // A guess at the target's code (被贴杀人代号的猜想): any living scored seat's but the poster's own.
  const offered = data.game.codeGuesses
    ? (view?.postCodes ?? []).filter((c) => c !== (card?.code ?? null))
    : [];
  const codeGuesses = offered.length > 0;
  const seats = view?.seats ?? [];
  const mySeat = data.viewer.seat;
  const open = round !== null && now >= round.postingOpensAt && now <= round.postingClosesAt + 999;
  const right = card
    ? postRightState(card.postsDue, engineOf(view)?.you?.posts ?? [], round?.round ?? null)
    : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // A short post is taken at once as an IOU (白条) that must be completed by its deadline: ask first.
    const words = countWords(draft.text, { ambiguousIsEastAsian: data.game.ambiguousIsEastAsian }).words;
    if (
      words < data.game.killPostMin &&
      !window.confirm(m.write.confirmIou(words, data.game.killPostMin, data.game.iouMin))
    )
      return;
    setBusy(true);
    setOk(null);
    setError(null);
    try {
      const res = await api.killPost(id, {
        requestId: requestId(),
        target: Number(target),
        text: draft.text,
        ...(codeGuesses && code.trim() ? { code: code.trim() } : {}),
      });
      setOk(res.iou ? m.write.sentIou(res.words) : m.write.sent(res.words));
      draft.clear();
      await game.reload();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" onSubmit={submit} data-testid="kill-form">
      <h2>{m.write.killTitle}</h2>
      {round ? (
        <>
          <p className="muted small" data-testid="posting-window">
            {m.write.window(dateTime(round.postingOpensAt), dateTime(round.postingClosesAt))}
          </p>
          <Countdown
            at={open ? round.postingClosesAt : round.postingOpensAt}
            label={m.board.deadline(open ? "posting-closes" : "posting-opens")}
            starts={!open}
          />
        </>
      ) : null}
      {!open ? <Notice kind="info">{m.write.windowClosed}</Notice> : null}
      {right === "posted" ? (
        <Notice kind="info">
          <span data-testid="posted-this-round">
            {m.write.posted} <Link to={`/games/${id}/me`}>{m.write.postedWhere}</Link>
          </span>
        </Notice>
      ) : right === "none" ? (
        <Notice kind="info">{card?.powers.post === null ? m.write.noRightRole : m.write.noRight}</Notice>
      ) : null}
      <label className="field">
        <span className="field-label">{m.write.target}</span>
        <select name="target" value={target} onChange={(e) => setTarget(e.target.value)} required>
          <option value="" disabled>
            {m.write.chooseTarget}
          </option>
          {seats
            .filter((s) => s.alive && s.seat !== mySeat)
            .map((s) => (
              <option key={s.seat} value={s.seat}>
                {m.app.seat(s.seat)} {s.alias}
              </option>
            ))}
        </select>
      </label>
      {codeGuesses ? (
        <label className="field">
          <span className="field-label">{m.write.code}</span>
          <CodeSelect name="code" value={code} codes={offered} onChange={setCode} />
        </label>
      ) : null}
      <PostEditor
        draft={draft}
        min={data.game.killPostMin}
        ambiguousIsEastAsian={data.game.ambiguousIsEastAsian}
        gameId={id}
        shortIsIou
        label={m.write.body}
        scriptCheck
      />
      <Notice kind="error">{error}</Notice>
      <Notice kind="ok">{ok}</Notice>
      {/* Without a post this round the box still keeps a draft for a later one; only sending is held back. */}
      <button type="submit" className="btn primary" disabled={busy || !draft.text || card?.postsDue === 0}>
        {m.write.submit}
      </button>
    </form>
  );
}

function IouPost({ game }: { game: LiveGame }) {
  const data = game.data!;
  const view = game.view;
  const id = data.game.id;
  const t = termsOf(data.game);
  const you = engineOf(view)?.you ?? null;
  const page = iouPage(you?.ious ?? [], game.events, data.viewer.seat ?? -1);
  const iou = page.state === "open" ? page.iou : null;
  const draft = useDraft(`iou:${id}:${iou ? `${iou.round}:${iou.post}` : "none"}`);
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const seats = view?.seats ?? [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setOk(null);
    setError(null);
    try {
      await api.iou(id, { requestId: requestId(), text: draft.text });
      setOk(m.write.iouDone);
      draft.clear();
      await game.reload();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  // Nothing left to complete: the server would refuse a text (iou.none-open), so no editor is offered.
  if (!iou)
    return (
      <section className="card" data-testid="iou-form">
        <h2>{m.write.iouTitle}</h2>
        {page.state === "completed" ? (
          <Notice kind="ok">
            <span data-testid="iou-completed">
              {page.iou.accepted
                ? m.write.iouAccepted(t.round(page.iou.round), seatLabel(seats, page.iou.target))
                : m.write.iouCompleted(
                    t.round(page.iou.round),
                    seatLabel(seats, page.iou.target),
                    page.words,
                    page.at === null ? null : dateTime(page.at),
                  )}
            </span>
          </Notice>
        ) : (
          <Notice kind="info">{m.me.noIous}</Notice>
        )}
      </section>
    );

  return (
    <form className="card form" onSubmit={submit} data-testid="iou-form">
      <h2>{m.write.iouTitle}</h2>
      <p>{m.write.iouFor(seatLabel(seats, iou.target), dateTime(iou.deadline))}</p>
      <Countdown at={iou.deadline} label={m.board.deadline("iou")} />
      <PostEditor
        draft={draft}
        min={data.game.iouMin}
        ambiguousIsEastAsian={data.game.ambiguousIsEastAsian}
        gameId={id}
        label={m.write.body}
        scriptCheck
        iouRound={iou.round}
      />
      <Notice kind="error">{error}</Notice>
      <Notice kind="ok">{ok}</Notice>
      <button type="submit" className="btn primary" disabled={busy || !draft.text}>
        {m.write.submitIou}
      </button>
    </form>
  );
}
