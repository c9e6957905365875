// The shared post editor (报道 / 杀帖 / 补白条): live 字数 by the server's own counter, minimum, originality check,
// and for kill posts a warning when the draft reads as a 繁体字帖 or 外文帖.
import { useMemo, useState } from "react";
import type { OriginalityResponse } from "../../../src/server/api-types.ts";
import { scriptMixPercent } from "../../../src/text/script-mix.ts";
import { countWords } from "../../../src/text/wordcount.ts";
import { api, errorText } from "../api/client.ts";
import { m } from "../i18n/index.ts";
import type { Draft } from "../lib/drafts.ts";
import { markedPieces } from "../lib/marked-pieces.ts";
import { scriptHints } from "./ScriptHint.tsx";

interface Props {
  draft: Draft;
  min: number;
  /** The rule set's text.ambiguousIsEastAsian (GameInfo), so the 字数 shown is the one the server will count. */
  ambiguousIsEastAsian: boolean;
  /** Game whose /originality route checks the text; null hides the check (e.g. before joining). */
  gameId: string | null;
  /** Shown when the text is short: the post still goes in, as an IOU. */
  shortIsIou?: boolean;
  label: string;
  hint?: string;
  /** Completing an IOU: its round, so the IOU's own short post is not a source against the completion. */
  iouRound?: number;
  /** A referee entering another seat's completion: that seat (with `iouRound`). */
  iouSeat?: number;
  /**
   * Kill posts and IOU completions: warn while writing when the draft would be taken for a 繁体字帖 or 外文帖
   * (seed 002 lets the referee refuse those), so the poster can fix it first. Sending stays allowed.
   */
  scriptCheck?: boolean;
}

export function PostEditor(props: Props) {
  const {
    draft,
    min,
    gameId,
    shortIsIou,
    label,
    hint,
    iouRound,
    iouSeat,
    ambiguousIsEastAsian,
    scriptCheck,
  } = props;
  const words = useMemo(
    () => countWords(draft.text, { ambiguousIsEastAsian }).words,
    [draft.text, ambiguousIsEastAsian],
  );
  const scriptWarning = useMemo(() => {
    const hints = scriptCheck ? scriptHints(scriptMixPercent(draft.text)) : [];
    return hints.length > 0 ? m.editor.scriptWarning(m.script.list(hints)) : null;
  }, [draft.text, scriptCheck]);
  const [check, setCheck] = useState<{ text: string; res: OriginalityResponse } | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const short = Math.max(0, min - words);
  const stale = check !== null && check.text !== draft.text;

  const runCheck = async () => {
    if (!gameId) return;
    setChecking(true);
    setError(null);
    try {
      const text = draft.text;
      setCheck({
        text,
        res: await api.originality(gameId, text, {
          ...(iouRound !== undefined && { iouRound }),
          ...(iouSeat !== undefined && { iouSeat }),
        }),
      });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="editor">
      <label className="field">
        <span className="field-label">{label}</span>
        {hint ? <span className="field-hint">{hint}</span> : null}
        <textarea
          className="editor-text"
          value={draft.text}
          placeholder={m.editor.placeholder}
          onChange={(e) => draft.setText(e.target.value)}
          // The box's scroll-margin keeps the line being typed above the tab bar and the word-count bar.
          onInput={(e) => e.currentTarget.scrollIntoView({ block: "nearest" })}
          rows={10}
          data-testid="editor-text"
        />
      </label>
      <div className="editor-bar">
        <span className={short > 0 ? "wordcount short" : "wordcount ok"} data-testid="wordcount">
          {m.editor.words(words)}
        </span>
        {/* No minimum (7kill asks no 报道 length): nothing to reach, so no 「最少 0 字 / 字数已够」. */}
        {min > 0 ? (
          <>
            <span className="muted">{m.editor.min(min)}</span>
            <span className={short > 0 ? "warn" : "good"}>
              {short > 0 ? m.editor.short(short) : m.editor.enough}
            </span>
          </>
        ) : null}
        {gameId ? (
          <button
            type="button"
            className="btn small ghost"
            onClick={runCheck}
            disabled={checking || !draft.text}
          >
            {checking ? m.editor.checking : m.editor.check}
          </button>
        ) : null}
      </div>
      <div className="editor-meta muted">
        {draft.restored ? <span data-testid="draft-restored">{m.editor.draftRestored}</span> : null}
        {draft.text ? <span>{m.editor.draftSaved}</span> : null}
        {draft.text ? (
          <button type="button" className="link-button" onClick={draft.clear}>
            {m.editor.clearDraft}
          </button>
        ) : null}
      </div>
      {shortIsIou && short > 0 && draft.text ? (
        <div className="notice notice-info">{m.editor.iouWarning(min)}</div>
      ) : null}
      {scriptWarning ? (
        <div className="notice notice-info" data-testid="script-warning">
          {scriptWarning}
        </div>
      ) : null}
      {error ? <div className="notice notice-error">{error}</div> : null}
      {check && !stale ? <OriginalityResult text={check.text} res={check.res} /> : null}
    </div>
  );
}

function OriginalityResult({ text, res }: { text: string; res: OriginalityResponse }) {
  if (!res.available) return <div className="notice notice-info">{m.editor.checkUnavailable}</div>;
  const pieces = markedPieces(text, res.spans, (i) => {
    const source = res.spans[i]?.source;
    return source ? m.editor.source(source.kind, source.title ?? source.ref ?? "") : null;
  });
  return (
    <div className="originality" data-testid="originality">
      <div className={res.flagged ? "notice notice-error" : "notice notice-ok"}>
        {res.flagged ? m.editor.checkFlagged(res.copiedPercent) : m.editor.checkClean(res.copiedPercent)}
      </div>
      {res.spans.length > 0 ? (
        <>
          <div className="muted small">{m.editor.highlighted}</div>
          <div className="originality-text">
            {pieces.map((p, i) =>
              p.copied ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: pieces are positional slices of one text
                <mark key={i} title={p.source ?? undefined}>
                  {p.text}
                </mark>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <span key={i}>{p.text}</span>
              ),
            )}
          </div>
        </>
      ) : null}
    </div>
  );
}
