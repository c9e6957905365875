// 恢复杀帖: the referee withdraws the ruling that voided a released kill post, and the post acts again (哨子最大).
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import { bombAtRelease } from "./bombs.ts";
import type { Instant, Override, Refusal } from "./contract.ts";
import type { ReleasedPost } from "./events.ts";
import { postsGrantHalfVote, putOut, rejudgePostOut, revealOuts, reviveAmended } from "./outs.ts";
import { rereadScoreEnd } from "./vote-close.ts";

type ReinstatePost = Extract<Override, { action: "reinstate-post" }>;

function unsupported(why: "bomb" | "engineer" | "iou", round: number, post: number): Refusal {
  const said = {
    bomb: "its target was a bomb (its 同归 cannot be undone by this ruling)",
    engineer: "it is an engineer's post",
    iou: "its 白条 was never completed",
  }[why];
  return {
    code: "override.reinstate-unsupported",
    message: `post ${post} of round ${round} cannot be reinstated: ${said}`,
    details: { round, post, why },
  };
}

/**
 * Refused: no such released post, a post that still stands or lapsed on an out target, and the cases this ruling does
 * not undo (a post on a bomb, an engineer's post, a 白条 voided before it was completed): those the referee rules with
 * 判出局 and 复活.
 */
export function decideReinstatePost(
  b: Batch,
  at: Instant,
  round: number,
  o: ReinstatePost,
  reason: string,
): Refusal | null {
  const state = b.state;
  const r = state.rounds[o.round];
  const p = r?.released?.find((x) => x.index === o.post);
  if (!r || !p)
    return {
      code: "override.no-such-post",
      message: `round ${o.round} has no released kill post ${o.post}`,
      details: { round: o.round },
    };
  if (p.lapsed !== "voided")
    return {
      code: "override.post-stands",
      message: `post ${o.post} of round ${o.round} was not voided`,
      details: { round: o.round, post: o.post },
    };
  if (p.kind !== "kill") return unsupported("engineer", o.round, o.post);
  if (bombAtRelease(state, p.target, o.round)) return unsupported("bomb", o.round, o.post);
  const iou = r.ious.find((i) => i.post === o.post);
  if (iou && iou.status !== "completed") return unsupported("iou", o.round, o.post);
  applyReinstatePost(b, at, round, p, o.round, reason);
  return null;
}

function applyReinstatePost(
  b: Batch,
  at: Instant,
  round: number,
  p: ReleasedPost,
  postRound: number,
  reason: string,
): void {
  const { poster, target, index: post } = p;
  // Out for this very post (举报属实 puts the poster out with the post named), the poster comes back.
  const lastOut = b.state.rounds[postRound]?.outs.findLast((x) => x.seat === poster);
  const out = b.state.seats[poster]?.out;
  const posterOutForIt =
    out?.cause === "complaint" &&
    out.round === postRound &&
    lastOut?.cause === "complaint" &&
    lastOut.post === post;
  const override: ReinstatePost = { action: "reinstate-post", round: postRound, post, poster, target };
  emit(b, { type: "OverrideApplied", at, round, override, reason });
  // Only the out for this post is undone: one the poster owes for another post of its own is served (reviveAmended).
  if (posterOutForIt) reviveAmended(b, at, postRound, poster);
  // A post that had lapsed on an out target before it was voided still did nothing, standing again.
  if (p.lapsedBefore !== "target-out") killAgain(b, at, postRound, poster, target, post);
  rereadScoreEnd(b, at, postRound);
}

/**
 * The post's target, if living, goes out as its 帖杀 again, as at the release (RULINGS 10's half vote included). One
 * another post of the round holds out has its out judged again with this post standing on it too: an assassin's post
 * made to stand again takes away the half vote a killer's post left it (rejudgePostOut).
 */
function killAgain(b: Batch, at: Instant, round: number, poster: number, target: number, post: number): void {
  // RULINGS 10, as at the release: the victim keeps a half vote while its round's vote is still to come or open.
  const voteToCome = !b.state.rounds[round]?.closed;
  const halfVote = voteToCome && postsGrantHalfVote(b.state, [poster]);
  const wentOut = putOut(b, at, round, target, "post", {
    by: poster,
    post,
    halfVote,
    keepsVote: halfVote,
  });
  if (!wentOut) rejudgePostOut(b, at, round, target);
  // Seed 000 「投票结束后，由哨子公布…被帖杀者身份」: past that round's results, the victim is published at once.
  if (wentOut && b.state.rounds[round]?.closed) revealOuts(b, at, round, [target]);
}
