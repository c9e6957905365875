// The 讨论帖 tab: the game's threads, their posts (aliases, server times) kept live from the stream, and a composer.
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { DiscussionPost, DiscussionThread } from "../../../src/server/api-types.ts";
import { countWords } from "../../../src/text/wordcount.ts";
import { api, errorText, requestId } from "../api/client.ts";
import type { LiveGame } from "../api/use-game.ts";
import { Notice } from "../components/Notice.tsx";
import { m } from "../i18n/index.ts";
import { useDraft } from "../lib/drafts.ts";
import { engineOf } from "../lib/engine-view.ts";
import { clock, dateTime } from "../lib/format.ts";

const PAGE = 50;

export function Discussion({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  const [threads, setThreads] = useState<DiscussionThread[]>([]);
  const [current, setCurrent] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A dead player who owes last words starts on the last-words thread: the day's thread would make any post 诈尸.
  const due = lastWordsDue(game);
  const selected = chosen ?? (due !== null ? `last-words-${due}` : current);

  // The list changes with new posts and with the phase (a day's thread opens or closes).
  const talk = game.events.filter((e) => e.type === "app.DiscussionPosted").length;
  const phaseKey = `${game.view?.round ?? ""}:${game.view?.phase ?? ""}:${game.status ?? ""}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: talk and phaseKey are refetch triggers
  useEffect(() => {
    api
      .discussionThreads(id)
      .then((r) => {
        setThreads(r.threads);
        setCurrent(r.current);
        setError(null);
      })
      .catch((e) => setError(errorText(e)));
  }, [id, talk, phaseKey]);

  const thread = threads.find((t) => t.id === selected) ?? null;
  return (
    <section className="card discussion" data-testid="discussion">
      <h2>{m.discussion.title}</h2>
      <Notice kind="error">{error}</Notice>
      <label className="field">
        <span className="field-label">{m.discussion.thread}</span>
        <select
          value={selected ?? ""}
          onChange={(e) => setChosen(e.target.value)}
          data-testid="discussion-thread"
        >
          {threads.map((t) => (
            <option key={t.id} value={t.id}>
              {m.discussion.threadName(t.kind, t.round)} · {m.discussion.postCount(t.posts)} ·{" "}
              {t.open ? m.discussion.open : m.discussion.closed}
            </option>
          ))}
        </select>
      </label>
      {thread ? <ThreadPosts key={thread.id} game={game} gameId={id} thread={thread} /> : null}
    </section>
  );
}

function ThreadPosts({ game, gameId, thread }: { game: LiveGame; gameId: string; thread: DiscussionThread }) {
  const [posts, setPosts] = useState<DiscussionPost[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lastSeq = useRef(0);
  const [loaded, setLoaded] = useState(false);

  // Posts may come from the stream and from our own send at once: merged by seq.
  const append = useCallback((fresh: DiscussionPost[]) => {
    const last = fresh.at(-1);
    if (!last) return;
    lastSeq.current = Math.max(lastSeq.current, last.seq);
    setPosts((prev) => {
      const seen = new Set(prev.map((p) => p.seq));
      return [...prev, ...fresh.filter((p) => !seen.has(p.seq))].sort((a, b) => a.seq - b.seq);
    });
  }, []);
  // The newest post of this thread the stream has reported: when it moves, fetch what came after the last one shown.
  let latest = 0;
  for (const e of game.events)
    if (e.type === "app.DiscussionPosted" && e.data.thread === thread.id) latest = Math.max(latest, e.seq);

  useEffect(() => {
    let stale = false;
    api
      .discussionPosts(gameId, thread.id, `?limit=${PAGE}`)
      .then((r) => {
        if (stale) return;
        setPosts(r.posts);
        setHasOlder(r.hasOlder);
        lastSeq.current = r.posts.at(-1)?.seq ?? 0;
        setLoaded(true);
      })
      .catch((e) => setError(errorText(e)));
    return () => {
      stale = true;
    };
  }, [gameId, thread.id]);

  useEffect(() => {
    if (!loaded || latest <= lastSeq.current) return;
    api
      .discussionPosts(gameId, thread.id, `?after=${lastSeq.current}&limit=200`)
      .then((r) => append(r.posts))
      .catch((e) => setError(errorText(e)));
  }, [loaded, latest, gameId, thread.id, append]);

  const loadOlder = async () => {
    const first = posts[0];
    if (!first) return;
    try {
      const r = await api.discussionPosts(gameId, thread.id, `?limit=${PAGE}&before=${first.seq}`);
      setPosts((prev) => [...r.posts, ...prev]);
      setHasOlder(r.hasOlder);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const onPosted = (p: DiscussionPost) => append([p]);

  return (
    <div className="stack">
      <Notice kind="error">{error}</Notice>
      {hasOlder ? (
        <button type="button" className="link-button" onClick={loadOlder}>
          {m.discussion.older}
        </button>
      ) : null}
      {posts.length === 0 ? <p className="empty small">{m.discussion.empty}</p> : null}
      <ol className="posts" data-testid="discussion-posts">
        {posts.map((p) => (
          <li key={p.seq} className="post" data-testid="discussion-post">
            <div className="post-head">
              <strong className="discussion-alias">{p.alias}</strong>{" "}
              {p.referee ? <span className="badge">{m.discussion.referee}</span> : null}{" "}
              <span className="muted small">{dateTime(p.at)}</span>{" "}
              <span className="badge">{m.app.words(p.words)}</span>
            </div>
            <div className="post-text">{p.text}</div>
          </li>
        ))}
      </ol>
      <Composer game={game} gameId={gameId} thread={thread} onPosted={onPosted} />
    </div>
  );
}

function Composer({
  game,
  gameId,
  thread,
  onPosted,
}: {
  game: LiveGame;
  gameId: string;
  thread: DiscussionThread;
  onPosted: (p: DiscussionPost) => void;
}) {
  const draft = useDraft(`discussion.${gameId}.${thread.id}`);
  // Counted as the server counts a discussion post: by the rule set's ambiguous-width setting.
  const ambiguousIsEastAsian = game.data?.game.ambiguousIsEastAsian ?? true;
  const words = useMemo(
    () => countWords(draft.text, { ambiguousIsEastAsian }).words,
    [draft.text, ambiguousIsEastAsian],
  );
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const viewer = game.data!.viewer;
  const dayNight = isDayNight(game);
  const dead = viewer.kind === "dead-player";

  if (!viewer.memberKind) return <p className="muted small">{m.discussion.signInToPost}</p>;
  if (dead && !dayNight) return <p className="muted small">{m.discussion.deadDaily}</p>;
  if (!thread.open && !dead) return <p className="muted small">{m.discussion.closedNote}</p>;
  // The 场外总帖 takes a dead player's posts where the rule set leaves 诈尸 there to the referee.
  const chat = dead && thread.kind === "general" && game.data!.game.deadMayPostInGeneral;
  // Anywhere else but the last-words thread a dead player's post is 诈尸 (seed 001 4.2): a warning, the second bans
  // the ID. No box is offered there; the page points to the last words if they are due.
  if (dead && thread.kind !== "last-words" && !chat) {
    const due = lastWordsDue(game);
    return (
      <Notice kind="error">
        <span data-testid="dead-no-composer">
          {m.discussion.deadZhashi}
          {due !== null ? ` ${m.discussion.lastWordsDue(due)}` : ""}
        </span>
      </Notice>
    );
  }

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft.text.trim() || sending) return;
    setSending(true);
    setError(null);
    setDone(null);
    try {
      const r = await api.discussionPost(gameId, thread.id, { requestId: requestId(), text: draft.text });
      draft.clear();
      setDone(m.discussion.sent(clock(r.receivedAt)));
      onPosted(r.post);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="editor discussion-composer" onSubmit={send}>
      {chat ? (
        <Notice kind="info">
          <span data-testid="dead-chat-hint">{m.discussion.deadChatHint}</span>
        </Notice>
      ) : dead ? (
        <Notice kind="info">{m.discussion.lastWordsHint}</Notice>
      ) : null}
      <label className="field">
        <span className="field-label">{m.discussion.composer}</span>
        <textarea
          className="editor-text"
          value={draft.text}
          placeholder={m.discussion.placeholder}
          onChange={(e) => draft.setText(e.target.value)}
          // The box's scroll-margin keeps the line being typed above the tab bar and the word-count bar.
          onInput={(e) => e.currentTarget.scrollIntoView({ block: "nearest" })}
          rows={4}
          data-testid="discussion-text"
        />
      </label>
      <div className="editor-bar">
        <span className="wordcount ok" data-testid="discussion-wordcount">
          {m.editor.words(words)}
        </span>
        {draft.restored ? <span className="muted small">{m.editor.draftRestored}</span> : null}
        <button
          type="submit"
          className="btn small primary"
          disabled={sending || !draft.text.trim()}
          data-testid="discussion-send"
        >
          {sending ? m.discussion.sending : m.discussion.send}
        </button>
      </div>
      <Notice kind="error">{error}</Notice>
      {done ? <p className="muted small">{done}</p> : null}
    </form>
  );
}

/** The night whose last words the viewer owes and has not posted while that phase runs, or null. */
export function lastWordsDue(game: LiveGame): number | null {
  const seat = game.data?.viewer.seat ?? null;
  if (seat === null || seat === undefined) return null;
  const open = (engineOf(game.view)?.dayNight?.lastWords ?? []).find(
    (l) => l.endedAt === null && l.due.includes(seat) && !l.posted.includes(seat),
  );
  return open ? open.round : null;
}

/** 7kill (day-night) games: a dead player's post is recorded as 诈尸 rather than simply refused. */
function isDayNight(game: LiveGame): boolean {
  return (engineOf(game.view)?.dayNight ?? null) !== null;
}
