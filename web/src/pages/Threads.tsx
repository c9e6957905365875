// The threads: 报道帖, kill posts (released together per round), 结果帖; post bodies load on demand.
import { useEffect, useState } from "react";
import type {
  GameEventDto,
  GameInfo,
  ReportInfo,
  ScriptMixInfo,
  SeatView,
} from "../../../src/server/api-types.ts";
import { api, errorText } from "../api/client.ts";
import type { LiveGame } from "../api/use-game.ts";
import { Notice } from "../components/Notice.tsx";
import { PostBadges } from "../components/PostBadges.tsx";
import { ScriptHint } from "../components/ScriptHint.tsx";
import { m } from "../i18n/index.ts";
import { engineOf } from "../lib/engine-view.ts";
import { dateTime, seatLabel } from "../lib/format.ts";
import { postVoid } from "../lib/post-void.ts";
import { termsOf } from "../lib/terms.ts";
import { Discussion } from "./Discussion.tsx";

type Tab = "reports" | "kills" | "results" | "discussion";

export function Threads({ game }: { game: LiveGame }) {
  const killPosts = game.data?.game.killPosts ?? true;
  // Before the game starts the 报道帖 is the only thread with anything in it.
  const status = game.status ?? game.data?.game.status;
  const started = status === "running" || status === "ended";
  const [tab, setTab] = useState<Tab>(!started ? "reports" : killPosts ? "kills" : "discussion");
  const tabs: [Tab, string][] = [
    ...(killPosts ? [["kills", m.threads.killPosts] as [Tab, string]] : []),
    ["results", m.threads.results],
    ["reports", m.threads.reports],
    ["discussion", m.threads.discussion],
  ];
  return (
    <div className="stack">
      <div className="segmented">
        {tabs.map(([t, label]) => (
          <button
            key={t}
            type="button"
            className={tab === t ? "seg active" : "seg"}
            onClick={() => setTab(t)}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === "reports" ? <Reports game={game} /> : null}
      {tab === "kills" ? <KillPosts game={game} /> : null}
      {tab === "results" ? <ResultsPosts events={game.events} info={game.data?.game} /> : null}
      {tab === "discussion" ? <Discussion game={game} /> : null}
    </div>
  );
}

function Reports({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  const [reports, setReports] = useState<ReportInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const joined = game.events.filter((e) => e.type.startsWith("app.")).length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch when app events (joins, rejections) arrive
  useEffect(() => {
    api
      .reports(id)
      .then((r) => setReports(r.reports))
      .catch((e) => setError(errorText(e)));
  }, [id, joined]);
  return (
    <section className="card">
      <h2>{m.threads.reports}</h2>
      <Notice kind="error">{error}</Notice>
      {reports?.length === 0 ? <p className="empty small">{m.threads.noReports}</p> : null}
      <ol className="posts">
        {(reports ?? []).map((r) => (
          <li key={r.postId} className="post">
            <div className="post-head">
              <strong>{r.alias}</strong> <span className="muted small when">{dateTime(r.submittedAt)}</span>{" "}
              <span className="badge">{m.app.words(r.words)}</span>{" "}
              <span className={`badge report-${r.status}`}>{m.threads.reportStatus(r.status)}</span>
              {typeof r.copiedPercent !== "number" ? null : r.flagged && !r.approved ? (
                <span className="badge iou" data-testid="report-flagged">
                  {m.threads.copiedFlagged(r.copiedPercent)}
                </span>
              ) : (
                <span className="muted small"> {m.threads.copiedShare(r.copiedPercent)}</span>
              )}
              {r.approved ? (
                <span className="muted small"> · {m.referee.reportApproved(r.approved.reason)}</span>
              ) : null}
            </div>
            <PostBody gameId={id} postId={r.postId} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function KillPosts({ game }: { game: LiveGame }) {
  const engine = engineOf(game.view);
  const seats: SeatView[] = game.view?.seats ?? [];
  const id = game.data!.game.id;
  const rounds = (engine?.rounds ?? []).filter((r) => r.posts !== null && r.posts.length > 0);
  const postIds = new Map<string, string>();
  for (const e of game.events) {
    if (e.type === "KillPostSubmitted" && typeof e.data.postId === "string") {
      postIds.set(`${e.data.round}:${e.data.poster}:${e.data.target}`, e.data.postId);
    }
  }
  if (rounds.length === 0) return <p className="empty">{m.threads.noPosts}</p>;
  return (
    <>
      {rounds.map((r) => (
        <section key={r.round} className="card" data-testid={`kill-posts-${r.round}`}>
          <h2>
            {termsOf(game.data?.game).round(r.round)} · {m.threads.killPosts}
          </h2>
          <ol className="posts">
            {(r.posts ?? []).map((p) => {
              const lapsed = postVoid({ ...p, round: r.round }, game.events);
              const postId =
                p.postId ??
                (p.poster !== null ? postIds.get(`${r.round}:${p.poster}:${p.target}`) : undefined);
              return (
                <li key={p.index} className="post">
                  <div className="post-head">
                    <strong>{game.view?.unitNames[p.unit] ?? p.unit}</strong>{" "}
                    {m.threads.killPostLine(seatLabel(seats, p.target), p.words)}
                    <PostBadges code={p.code} iou={p.iou} iouStatus={p.iouStatus} lapsed={lapsed} />
                  </div>
                  {postId ? <PostBody gameId={id} postId={postId} killPost /> : null}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </>
  );
}

export function ResultsPosts({ events, info }: { events: GameEventDto[]; info?: GameInfo | undefined }) {
  const posts = events.filter((e) => e.type === "app.ResultsPublished");
  if (posts.length === 0) return <p className="empty">{m.threads.noResults}</p>;
  return (
    <>
      {posts.map((e) => (
        <section key={e.seq} className="card" data-testid="results-post">
          <h2>
            {resultsTitle(e, info)} · {m.threads.results}{" "}
            <span className="muted small when">{dateTime(e.at)}</span>
          </h2>
          <ResultsText text={String(e.data.text ?? "")} />
        </section>
      ))}
    </>
  );
}

/** 「第2天」, or 7kill's night post 「第2夜」 (`part`), with 「（更正）」 when it was published again with other text. */
function resultsTitle(e: GameEventDto, info: GameInfo | undefined): string {
  const round = e.data.round;
  if (typeof round !== "number") return "";
  const when = e.data.part === "night" ? m.board.night(round) : termsOf(info).round(round);
  return `${when}${e.data.correction === true ? m.threads.correction : ""}`;
}

/** `killPost`: seed 002's 外文帖 / 繁体字帖 rule is about kill posts, so only they show its hint. */
function PostBody({ gameId, postId, killPost }: { gameId: string; postId: string; killPost?: boolean }) {
  const [text, setText] = useState<string | null>(null);
  // Only the referee's reads carry the 繁体字帖 / 外文帖 figures.
  const [script, setScript] = useState<ScriptMixInfo | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const toggle = async () => {
    if (open) return setOpen(false);
    setOpen(true);
    if (text !== null) return;
    try {
      const body = await api.post(gameId, postId);
      setText(body.text);
      setScript(body.script);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <div>
      <button type="button" className="link-button" onClick={toggle}>
        {open ? m.threads.hide : m.threads.read}
      </button>
      {open ? (
        <>
          <Notice kind="error">{error}</Notice>
          {killPost ? <ScriptHint info={script} /> : null}
          {text !== null ? <pre className="post-text">{text}</pre> : null}
        </>
      ) : null}
    </div>
  );
}

/** Results posts are written in light Markdown ("## heading", "**bold**"): shown formatted, never as raw marks. */
function ResultsText({ text }: { text: string }) {
  return (
    <div className="post-text">
      {text.split("\n").map((line, i) => {
        const heading = line.match(/^#{1,6}\s+(.*)$/);
        if (heading) {
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of one immutable text
            <strong key={i} className="post-heading">
              {heading[1]}
            </strong>
          );
        }
        const parts = line.split(/\*\*(.+?)\*\*/g);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of one immutable text
          <div key={i}>
            {parts.map((p, j) =>
              // biome-ignore lint/suspicious/noArrayIndexKey: odd parts are the bold runs
              j % 2 === 1 ? <strong key={j}>{p}</strong> : p || (parts.length === 1 ? "\u00a0" : ""),
            )}
          </div>
        );
      })}
    </div>
  );
}
