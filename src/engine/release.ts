// The posting window's close: every kill post released together (几方同步发帖) and what each one does.
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import { activeBomb } from "./bombs.ts";
import type { Instant } from "./contract.ts";
import type { ReleasedPost } from "./events.ts";
import { resolveUnit, rotationAfterRound, unitQuotas, unitUsed, withdrawnByOut } from "./groups.ts";
import { postsGrantHalfVote, putOut } from "./outs.ts";
import { releaseDeadlines } from "./schedule.ts";
import { rulesOf } from "./state.ts";

export function releasePosts(b: Batch, at: Instant, round: number): void {
  const rules = rulesOf(b.state);
  const r = b.state.rounds[round];
  if (!r || r.released) return;

  const posts: ReleasedPost[] = r.submissions
    .filter((s) => !s.voided && !withdrawnByOut(b.state, r, s.poster))
    .map((s) => ({
      index: s.index,
      poster: s.poster,
      target: s.target,
      unit: s.unit,
      kind: s.kind,
      words: s.words,
      // RULINGS 15: "A kill post shorter than the minimum is an IOU."
      iou: s.words < rules.text.killPostMin,
      // A target already out when the posts come out (a referee's ruling, an overtime) takes nothing from the post.
      lapsed: b.state.seats[s.target]?.alive ? null : "target-out",
    }));

  // A dead player posts nothing: a post its poster went out before the release is withdrawn, and its slot was free
  // again for the rest of the unit. Told apart from a post never sent, so the post does not say the unit sent none.
  // Counted under the unit the submission's own unit resolves to now, as unitUsed counts them (an alliance may have
  // merged groups since it was sent).
  const withdrawn: Record<string, number> = {};
  for (const s of r.submissions) {
    if (s.voided || !withdrawnByOut(b.state, r, s.poster)) continue;
    const unit = resolveUnit(b.state, s.unit) ?? s.unit;
    withdrawn[unit] = (withdrawn[unit] ?? 0) + 1;
  }
  // RULINGS 19: a post not submitted in the window is forfeited.
  const forfeited: Record<string, number> = {};
  for (const [unit, quota] of unitQuotas(b.state, r.plan)) {
    const left = quota - unitUsed(b.state, r, unit).length - (withdrawn[unit] ?? 0);
    if (left > 0) forfeited[unit] = left;
  }
  const deadlines = releaseDeadlines(rules, at);
  emit(b, {
    type: "PostsReleased",
    at,
    round,
    posts,
    forfeited,
    ...(Object.keys(withdrawn).length > 0 ? { withdrawn } : {}),
    rotation: rotationAfterRound(b.state, r.plan),
    iouDeadline: deadlines.iou,
    complaintDeadline: deadlines.complaint,
  });

  // The posts act together, so submission order must not matter: bombs are judged as they stood before any post,
  // every post's own target goes out first, then each bomb hit goes off on its poster. A poster that another post
  // put out stays 帖杀 (its half vote kept); its bomb's firing is still recorded, for the results post's 同归.
  const bombs = new Map(posts.map((p) => [p.target, activeBomb(b.state, p.target, round, "posts")]));
  // Seed 002 工兵: "帖对蛋，蛋出局，贴内直接宣布；帖错彼此都不出局。"
  const landed = posts.filter((p) => !p.lapsed && (p.kind === "kill" || bombs.get(p.target)));
  // RULINGS 10: the victim keeps a half vote this round only if every post that hit it grants one (the engineer's
  // too). A post on it that stops standing later has it judged again (outs.ts rejudgePostOut).
  for (const p of landed) {
    const halfVote = postsGrantHalfVote(
      b.state,
      landed.filter((x) => x.target === p.target).map((x) => x.poster),
    );
    putOut(b, at, round, p.target, "post", { by: p.poster, post: p.index, halfVote, keepsVote: halfVote });
  }
  for (const p of landed) {
    if (p.kind !== "kill" || !bombs.get(p.target)?.takesPoster) continue;
    // 同归: "被帖杀与出帖者同出。"
    emit(b, { type: "BombFired", at, round, bomb: p.target, victim: p.poster, via: "post" });
    putOut(b, at, round, p.poster, "bomb", { by: p.target });
  }
  for (const p of posts) {
    if (!p.iou || p.lapsed) continue;
    emit(b, {
      type: "IouOpened",
      at,
      round,
      post: p.index,
      poster: p.poster,
      target: p.target,
      deadline: deadlines.iou,
    });
  }
  if (!b.state.rounds[round]?.voteOpened) emit(b, { type: "VoteOpened", at, round });
}
