// 认定字数足够: the referee accepts a 白条 as a full post (哨子最大), so it closes as if completed and nothing fails.
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import type { Instant, Override, Refusal } from "./contract.ts";

type AcceptIou = Extract<Override, { action: "accept-iou" }>;

/**
 * The counter made the post a 白条 (RULINGS 15) where the referee counts it long enough (Word versions count a 字 or
 * two differently), or a complaint made it one (「字数不够按白条处理」) wrongly. Refused: no such released post, and a
 * post with no open 白条 (never one, completed, failed or voided: `status` says which).
 */
export function decideAcceptIou(
  b: Batch,
  at: Instant,
  round: number,
  o: AcceptIou,
  reason: string,
): Refusal | null {
  const r = b.state.rounds[o.round];
  const p = r?.released?.find((x) => x.index === o.post);
  if (!r || !p)
    return {
      code: "override.no-such-post",
      message: `round ${o.round} has no released kill post ${o.post}`,
      details: { round: o.round },
    };
  const iou = r.ious.find((i) => i.post === o.post);
  if (iou?.status !== "open")
    return {
      code: "override.no-open-iou",
      message: `post ${o.post} of round ${o.round} has no open 白条`,
      details: { round: o.round, post: o.post, status: iou?.status ?? "none" },
    };
  const override: AcceptIou = {
    action: "accept-iou",
    round: o.round,
    post: o.post,
    poster: p.poster,
    target: p.target,
  };
  emit(b, { type: "OverrideApplied", at, round, override, reason });
  return null;
}
