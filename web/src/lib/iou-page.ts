// What the 补白条 page offers: the editor for an open 白条, or, once none is open, the last one completed (its 字数 and
// time from the poster's own IouCompleted), so a completed 白条 no longer shows an editor that could only be refused.
import type { GameEventDto } from "../../../src/server/api-types.ts";

/** The seat's own 白条 as the view lists them (YouView.ious). */
export interface OwnIou {
  round: number;
  post: number;
  target: number;
  deadline: number;
  status: "open" | "completed" | "failed" | "voided";
  /** 认定字数足够: closed as completed by the referee's ruling; no completion of the poster's. */
  accepted?: true;
}

export type IouPage =
  | { state: "open"; iou: OwnIou }
  /** `words` and `at` are null until the completion's event has reached the page (the view can come first). */
  | { state: "completed"; iou: OwnIou; words: number | null; at: number | null }
  | { state: "none" };

/**
 * The first open 白条 (the one a completion is taken for), else the seat's latest completion when its 白条 is the last
 * one the seat had (a later one failed or voided is nothing left to complete), else nothing.
 */
export function iouPage(ious: readonly OwnIou[], events: readonly GameEventDto[], seat: number): IouPage {
  const open = ious.find((i) => i.status === "open");
  if (open) return { state: "open", iou: open };
  const last = ious.reduce<OwnIou | null>(
    (a, i) => (a === null || i.round > a.round || (i.round === a.round && i.post > a.post) ? i : a),
    null,
  );
  if (last?.status !== "completed") return { state: "none" };
  const done = events.findLast(
    (e) =>
      e.type === "IouCompleted" &&
      e.data.poster === seat &&
      e.data.round === last.round &&
      e.data.post === last.post,
  );
  return {
    state: "completed",
    iou: last,
    words: typeof done?.data.words === "number" ? done.data.words : null,
    at: done ? done.at : null,
  };
}
