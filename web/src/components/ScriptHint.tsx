// The 疑似繁体字帖 / 疑似外文帖 hint (seed 002) for the referee: informs only, the referee decides what to refuse.
import { useEffect, useState } from "react";
import type { ScriptMixInfo } from "../../../src/server/api-types.ts";
import { api } from "../api/client.ts";
import { m } from "../i18n/index.ts";

/** The flags as the page says them, e.g. 「疑似繁体字帖（繁体字约占 97%）」. */
export function scriptHints(info: ScriptMixInfo): string[] {
  return info.flags.map((f) =>
    f === "traditional"
      ? m.script.traditional(info.traditionalPercent)
      : m.script.foreign(info.foreignPercent),
  );
}

/** Beside a post's body: nothing for an ordinary post, else the hint and what the referee may do about it. */
export function ScriptHint({ info }: { info: ScriptMixInfo | undefined }) {
  if (!info || info.flags.length === 0) return null;
  return (
    <div className="notice notice-info" data-testid="script-hint">
      <strong>{m.script.list(scriptHints(info))}</strong> {m.script.refereeHint}
    </div>
  );
}

/**
 * A submitted post in the referee's list, before anyone may read it: its body is fetched for the figures only.
 * Errors stay silent: the hint is an aid, and the post itself is listed either way.
 */
export function PostScriptBadges({ gameId, postId }: { gameId: string; postId: string }) {
  const [info, setInfo] = useState<ScriptMixInfo | undefined>(undefined);
  useEffect(() => {
    let live = true;
    api
      .post(gameId, postId)
      .then((body) => {
        if (live) setInfo(body.script);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [gameId, postId]);
  if (!info || info.flags.length === 0) return null;
  return (
    <>
      {scriptHints(info).map((h) => (
        <span key={h} className="badge iou" title={m.script.refereeHint} data-testid="script-badge">
          {h}
        </span>
      ))}
    </>
  );
}
