// 字数不够按白条处理 (seed 000): the third ruling on a 举报, beside 举报成立 and 驳回, in the inbox and on the desk. The
// 白条 is due by its round's own deadline; once that has passed the referee gives one here (the server refuses the
// ruling without it).
import { useState } from "react";
import type { GameEventDto } from "../../../src/server/api-types.ts";
import { serverNow, siteLocalToMs } from "../api/server-time.ts";
import { m } from "../i18n/index.ts";
import { iouDeadlineNeeded, roundIouDeadline } from "../lib/complaint-iou.ts";
import { dateTime } from "../lib/format.ts";

export function ComplaintIouButton(props: {
  events: readonly GameEventDto[];
  /** The round of the post ruled on; unknown (a complaint stored before complaints named their post): asked for. */
  round: number | null;
  poster: string;
  disabled: boolean;
  /** `iouDeadline`: the referee's, when the round's own has passed; absent, the round's. */
  onRule: (iouDeadline?: number) => void;
}) {
  const [text, setText] = useState("");
  const needed = props.round === null || iouDeadlineNeeded(props.events, props.round, serverNow());
  const given = needed ? siteLocalToMs(text) : null;
  const own = props.round === null ? null : roundIouDeadline(props.events, props.round);
  return (
    <>
      {needed ? (
        <label className="field inline">
          <span className="field-label">{m.referee.asIouDeadline}</span>
          <input
            type="datetime-local"
            value={text}
            onChange={(e) => setText(e.target.value)}
            name="as-iou-deadline"
          />
        </label>
      ) : null}
      <button
        type="button"
        className="btn small"
        data-testid="complaint-as-iou"
        disabled={props.disabled || (needed && given === null)}
        onClick={() => {
          const deadline = needed ? given : own;
          if (deadline === null) return;
          if (!window.confirm(m.referee.confirmAsIou(props.poster, dateTime(deadline)))) return;
          props.onRule(needed ? deadline : undefined);
        }}
      >
        {m.referee.asIou}
      </button>
    </>
  );
}
