// 字数不够按白条处理: the 白条 a 举报 ruling opens is due by its round's own 白条 deadline; once that has passed the
// referee gives one (the engine refuses the ruling without it: complaint.iou-deadline-required).
import type { GameEventDto } from "../../../src/server/api-types.ts";

/**
 * The round's 白条 deadline as the log holds it: its PostsReleased's, moved by any 延长截止 of `round:N:iou` since;
 * null before the round's posts are out.
 */
export function roundIouDeadline(events: readonly GameEventDto[], round: number): number | null {
  let deadline: number | null = null;
  for (const e of events) {
    if (e.type === "PostsReleased" && e.data.round === round && typeof e.data.iouDeadline === "number")
      deadline = e.data.iouDeadline;
    if (e.type !== "OverrideApplied") continue;
    const o = (e.data.override ?? {}) as { action?: unknown; deadline?: unknown; until?: unknown };
    if (o.action === "extend" && o.deadline === `round:${round}:iou` && typeof o.until === "number")
      deadline = o.until;
  }
  return deadline;
}

/** Whether a 白条 opened at `now` needs a deadline of the referee's: the round's own has passed (RULINGS 6's grace second). */
export function iouDeadlineNeeded(events: readonly GameEventDto[], round: number, now: number): boolean {
  const own = roundIouDeadline(events, round);
  return own === null || own + 1000 <= now;
}
