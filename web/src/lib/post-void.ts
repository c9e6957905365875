// Why a released kill post did nothing: voided since (举报成立, 白条未补, 哨子作废), or its target was out already.
import type { GameEventDto } from "../../../src/server/api-types.ts";

export type PostVoid = "complaint" | "iou" | "referee" | "target-out";

interface PostRef {
  round: number;
  index: number;
  poster: number | null;
  lapsed: "target-out" | "voided" | null;
}

/**
 * The view says only that a post is void; the last event that voided it says why (恢复杀帖 may have undone an earlier
 * one, and the post may have been voided again since). A void the events do not name (a 作废杀帖 streamed before the
 * game ended carries no round or post) can only be the referee's.
 */
export function postVoid(post: PostRef, events: readonly GameEventDto[]): PostVoid | null {
  if (post.lapsed === "target-out") return "target-out";
  if (post.lapsed !== "voided") return null;
  let why: PostVoid = "referee";
  for (const e of events) {
    const d = e.data;
    const same = d.round === post.round && d.post === post.index;
    if (e.type === "ComplaintUpheld" && same) why = "complaint";
    else if (e.type === "IouFailed" && same) why = "iou";
    else if (e.type === "OverrideApplied" && d.round === post.round && voidsPost(d.override, post))
      why = "referee";
  }
  return why;
}

/** 作废杀帖 names its post since posts were named; before, it meant the poster's latest of the round. */
function voidsPost(override: unknown, post: PostRef): boolean {
  if (typeof override !== "object" || override === null) return false;
  const o = override as { action?: unknown; post?: unknown; poster?: unknown };
  if (o.action !== "void-post") return false;
  return o.post === undefined ? o.poster === post.poster && post.poster !== null : o.post === post.index;
}
