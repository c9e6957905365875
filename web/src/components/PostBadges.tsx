// The marks a released kill post carries wherever it is listed (the 杀帖 thread, the archive): its 代号 guess, 白条 and
// its state, and why it did nothing.
import { m } from "../i18n/index.ts";
import type { PostVoid } from "../lib/post-void.ts";

export function PostBadges({
  code,
  iou,
  iouStatus,
  lapsed,
}: {
  code?: string | null | undefined;
  iou?: boolean | undefined;
  iouStatus?: string | null | undefined;
  lapsed: PostVoid | null;
}) {
  return (
    <>
      {code ? <span className="badge">{m.threads.codeGuess(code)}</span> : null}
      {iou ? <span className="badge iou">{m.threads.iou}</span> : null}
      {iouStatus ? <span className="muted small"> {m.threads.iouStatus(iouStatus)}</span> : null}
      {lapsed ? (
        <span className="badge" data-testid="post-void">
          {m.threads.lapsedWhy(lapsed)}
        </span>
      ) : null}
    </>
  );
}
