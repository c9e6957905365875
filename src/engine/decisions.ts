// What a tie's decision, a 领票人's decision, a complaint's ruling and a failed IOU do once accepted: shared by the commands and deadlines
// that make them and by the what-if that asks whether the end must wait for them (what-if.ts).
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import type { Instant, Override, Seat } from "./contract.ts";
import type { ReleasedPost } from "./events.ts";
import {
  fireOnLeadVoter,
  putOutForVoidPost,
  revealOuts,
  reviveTargetOf,
  takenByItsBomb,
  voidPostFiring,
  voteOut,
} from "./outs.ts";
import type { IouState, RoundState } from "./state.ts";
import { rereadScoreEnd } from "./vote-close.ts";

/** Puts the chosen tied seats out, as the vote would have, each bomb among them taking its 领票人. */
export function applyTieDecision(
  b: Batch,
  at: Instant,
  round: number,
  o: Extract<Override, { action: "decide-tie" }>,
  reason: string,
): void {
  const { leadVoters, choices } = ballotsLeadVoters(b.state.rounds[o.round], o.house ?? 1, o.out);
  emit(b, { type: "OverrideApplied", at, round, override: o, reason });
  voteOut(b, at, o.round, o.out, leadVoters, choices);
}

/**
 * The 领票人 of each of `seats` put out by the referee as voted out in a closed round (a tie's decision, 改判票杀),
 * read off the round's ballots in the house's thread: the overtime's where it had one (as 先到先出 after overtime
 * takes it), else the regular vote's, since an overtime nobody voted in still leaves a bomb "被票出" by the regular
 * vote's voters. Under leadVoter "referee" the same lookup gives the voters to choose from.
 */
export function ballotsLeadVoters(
  r: RoundState | undefined,
  house: number,
  seats: readonly Seat[],
): { leadVoters: Record<Seat, Seat | null>; choices: Record<Seat, Seat[]> } {
  const records = (r?.votes ?? []).filter((v) => (v.house ?? 1) === house).reverse();
  const leadVoters = Object.fromEntries(
    seats.map((s) => [
      s,
      records.map((v) => v.leadVoters[s]).find((l) => l !== undefined && l !== null) ?? null,
    ]),
  );
  const choices = Object.fromEntries(
    seats.map((s) => [s, records.map((v) => v.leadVoterChoices?.[s]).find((c) => c && c.length > 0) ?? []]),
  );
  return { leadVoters, choices };
}

/** The bomb takes the named 领票人 along. */
export function applyLeadVoterDecision(
  b: Batch,
  at: Instant,
  round: number,
  o: Extract<Override, { action: "decide-lead-voter" }>,
  reason: string,
): void {
  emit(b, { type: "OverrideApplied", at, round, override: o, reason });
  fireOnLeadVoter(b, at, o.round, o.bomb, o.leadVoter);
}

/** The referee's ruling on a complaint against one released post of `round`. */
export function applyComplaintRuling(
  b: Batch,
  at: Instant,
  round: number,
  post: ReleasedPost,
  upheld: boolean,
  reason: string | null,
): void {
  if (!upheld) {
    emit(b, { type: "ComplaintDismissed", at, round, post: post.index, poster: post.poster, reason });
    return;
  }
  // Seed 000: "一经查证举报属实…当即宣判出帖者出局，被帖者复活。"
  const voided = [{ post: post.index, poster: post.poster }];
  voidPosts(b, at, round, voided, "complaint", () =>
    emit(b, {
      type: "ComplaintUpheld",
      at,
      round,
      post: post.index,
      poster: post.poster,
      target: post.target,
      reason,
    }),
  );
}

/**
 * Seed 000 「字数不够按白条处理」: the complaint held on 字数 alone; the post stands as a 白条 due by `deadline`
 * (completed, nothing more; not, 「如未按时补齐，则出贴者出局被帖者复活」).
 */
export function applyComplaintIou(
  b: Batch,
  at: Instant,
  round: number,
  post: ReleasedPost,
  deadline: Instant,
  reason: string | null,
): void {
  const { index, poster, target } = post;
  emit(b, { type: "ComplaintRuledIou", at, round, post: index, poster, target, deadline, reason });
  emit(b, { type: "IouOpened", at, round, post: index, poster, target, deadline });
}

/**
 * Seed 000: "如未按时补齐，则出贴者出局被帖者复活。" The IOUs fail together, whatever order their posts came in: all are
 * marked failed, then the targets come back, then the posters go out (a poster that was itself the target of a failed
 * post is revived, then out for its own).
 */
export function failIous(b: Batch, at: Instant, round: number, due: readonly IouState[]): void {
  voidPosts(b, at, round, due, "iou", () => {
    for (const iou of due) {
      emit(b, { type: "IouFailed", at, round, post: iou.post, poster: iou.poster, target: iou.target });
    }
  });
}

/**
 * Released posts of `round` voided together by the rules (a failed 白条, an upheld 举报), `announce` emitting the
 * voiding: the 同归 they set off taken back, their targets back, their posters out for them. Ruled after the round's
 * results post (a complaint filed in the window waits past it; a 白条 due by a deadline the referee gave), the posters
 * are published at once, as that post would have, and a score game is read again with the corrected record.
 */
function voidPosts(
  b: Batch,
  at: Instant,
  round: number,
  posts: readonly { post: number; poster: Seat }[],
  cause: "iou" | "complaint",
  announce: () => void,
): void {
  // Read before the voiding: its fold keeps the 同归 until voidPostFiring takes it back.
  const taken = new Set(posts.filter((p) => takenByItsBomb(b.state, round, p.post)).map((p) => p.post));
  announce();
  for (const p of posts) voidPostFiring(b, at, round, p.post);
  for (const p of posts) reviveTargetOf(b, at, round, p.post, cause);
  for (const p of posts) putOutForVoidPost(b, at, round, p.poster, cause, p.post, taken.has(p.post));
  if (posts.length > 0 && b.state.rounds[round]?.closed) {
    revealOuts(
      b,
      at,
      round,
      posts.map((p) => p.poster),
    );
    rereadScoreEnd(b, at, round);
  }
}
