// Why a released kill post did nothing: voided since (举报成立, 白条未补, 哨子作废), or its target was out already.
import type { GameEventDto } from "../../../src/server/api-types.ts";

/** `void`: voided, and the events at hand do not say how (the page's event list not loaded yet). */
export type PostVoid = "complaint" | "iou" | "referee" | "target-out" | "void";

interface PostRef {
  round: number;
  index: number;
  poster: number | null;
  lapsed: "target-out" | "voided" | null;
}

/**
 * The view says only that a post is void; the last event that voided it says why (恢复杀帖 may have undone an earlier
 * one, and the post may have been voided again since). A void the events do not name (a 作废杀帖 streamed before the
 * game ended carries no round or post) can only be the referee's; with no voiding event of the round at hand at all
 * (the view came before the events), the page says only that it is void rather than guess.
 */
export function postVoid(post: PostRef, events: readonly GameEventDto[]): PostVoid | null {
  if (post.lapsed === "target-out") return "target-out";
  if (post.lapsed !== "voided") return null;
  let why: PostVoid | null = null;
  let unnamedVoid = false;
  for (const e of events) {
    const d = e.data;
    const same = d.round === post.round && d.post === post.index;
    if (e.type === "ComplaintUpheld" && same) why = "complaint";
    else if (e.type === "IouFailed" && same) why = "iou";
    else if (e.type === "OverrideApplied" && d.round === post.round && voidsPost(d.override, post))
      why = "referee";
    else if (e.type === "OverrideApplied" && d.round === post.round && unnamed(d.override))
      unnamedVoid = true;
  }
  return why ?? (unnamedVoid ? "referee" : "void");
}

/** A 作废杀帖 as a player gets it: neither its post nor its poster named. */
function unnamed(override: unknown): boolean {
  if (typeof override !== "object" || override === null) return false;
  const o = override as { action?: unknown; post?: unknown; poster?: unknown };
  return o.action === "void-post" && o.post === undefined && (o.poster === undefined || o.poster === null);
}

/** 作废杀帖 names its post since posts were named; before, it meant the poster's latest of the round. */
function voidsPost(override: unknown, post: PostRef): boolean {
  if (typeof override !== "object" || override === null) return false;
  const o = override as { action?: unknown; post?: unknown; poster?: unknown };
  if (o.action !== "void-post") return false;
  return o.post === undefined ? o.poster === post.poster && post.poster !== null : o.post === post.index;
}
