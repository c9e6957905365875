// Deciding on kill posts, IOU completions, complaints and their rulings.
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import { SECOND } from "./clock.ts";
import type { Instant, Refusal, Seat } from "./contract.ts";
import { applyComplaintIou, applyComplaintRuling } from "./decisions.ts";
import type { ReleasedPost } from "./events.ts";
import { ownTurns, postRightOf, rotationOf } from "./groups.ts";
import type { RoundState } from "./state.ts";
import { rulesOf } from "./state.ts";

/** 杀帖: private submission in the posting window (RULINGS 19). */
export function decideKillPost(
  b: Batch,
  cmd: {
    at: Instant;
    poster: Seat;
    target: Seat;
    words: number;
    code?: string | null;
    postId?: string;
    referee?: string;
  },
): Refusal | null {
  const r = b.state.rounds.find(
    (x): x is RoundState =>
      x !== undefined && !x.released && cmd.at >= x.postingOpensAt && cmd.at < x.postingClosesAt + SECOND,
  );
  if (!r) return { code: "post.outside-window", message: "kill posts are taken only in the posting window" };
  const poster = b.state.seats[cmd.poster];
  const target = b.state.seats[cmd.target];
  if (!poster)
    return { code: "post.unknown-seat", message: `no seat ${cmd.poster}`, details: { seat: cmd.poster } };
  if (!target)
    return { code: "post.unknown-seat", message: `no seat ${cmd.target}`, details: { seat: cmd.target } };
  if (!poster.alive) return { code: "post.poster-out", message: "an out player cannot post" };
  if (!target.alive)
    return { code: "post.target-dead", message: "the target must be alive", details: { seat: cmd.target } };
  const right = postRightOf(b.state, r, cmd.poster);
  if (!right) return { code: "post.no-post-right", message: "this seat has no post right" };
  if (right.used >= right.quota) {
    return {
      code: "post.no-posts-left",
      message:
        right.quota === 0
          ? "the round's plan gives the group no post"
          : "the group has no posts left this round",
      details: { unit: right.unit, quota: right.quota },
    };
  }
  // 按代号序轮流出帖: the seat must be among the posters whose turn it is and not have used that turn. Under a
  // group's own order (集团自定的顺序) every member's turns are its even share of the round's posts.
  const { turns, used } = ownTurns(right, r, cmd.poster);
  if (turns <= used) {
    return rotationOf(b.state, right.unit) === "group-choice"
      ? {
          code: "post.share-used",
          message: `this seat has made its share of the group's posts this round (${turns})`,
          details: { unit: right.unit, share: turns },
        }
      : {
          code: "post.not-your-turn",
          message: "the rotation gives this round's posts to other members",
          details: { unit: right.unit },
        };
  }
  emit(b, {
    type: "KillPostSubmitted",
    at: cmd.at,
    round: r.round,
    poster: cmd.poster,
    target: cmd.target,
    unit: right.unit,
    kind: right.kind,
    words: cmd.words,
    code: cmd.code ?? null,
    postId: cmd.postId ?? null,
    ...(cmd.referee !== undefined && { referee: cmd.referee }),
  });
  return null;
}

/** 补白条: completes the poster's open IOU to the IOU length by its deadline. */
export function decideCompleteIou(
  b: Batch,
  cmd: { at: Instant; poster: Seat; words: number; postId?: string; referee?: string },
): Refusal | null {
  const rules = rulesOf(b.state);
  for (const r of b.state.rounds) {
    const iou = r?.ious.find((i) => i.poster === cmd.poster && i.status === "open");
    if (!r || !iou) continue;
    if (cmd.words < rules.text.iouMin) {
      return {
        code: "iou.too-short",
        message: `an IOU is completed at ${rules.text.iouMin} 字 or more`,
        details: { required: rules.text.iouMin, got: cmd.words },
      };
    }
    emit(b, {
      type: "IouCompleted",
      at: cmd.at,
      round: r.round,
      post: iou.post,
      poster: cmd.poster,
      words: cmd.words,
      postId: cmd.postId ?? null,
      ...(cmd.referee !== undefined && { referee: cmd.referee }),
    });
    return null;
  }
  return { code: "iou.none-open", message: "this seat has no open IOU", details: { seat: cmd.poster } };
}

/** The referee's ruling on a complaint (举报) against the poster's latest released kill post. */
export function decideComplaint(
  b: Batch,
  cmd: ComplaintRuling & { round?: number; post?: number },
): Refusal | null {
  const standing = (p: ReleasedPost) => p.poster === cmd.against && p.lapsed !== "voided";
  if (cmd.round !== undefined && cmd.post !== undefined) {
    const r = b.state.rounds[cmd.round];
    const post = r?.released?.find((p) => p.index === cmd.post && standing(p));
    if (!r || !post)
      return {
        code: "complaint.no-such-post",
        message: `seat ${cmd.against} has no standing kill post ${cmd.post} in round ${cmd.round}`,
        details: { seat: cmd.against, round: cmd.round, post: cmd.post },
      };
    return ruleOn(b, cmd, r, post);
  }
  for (let i = b.state.rounds.length - 1; i >= 1; i--) {
    const r = b.state.rounds[i];
    const post = r?.released?.filter(standing).at(-1);
    if (!r || !post) continue;
    return ruleOn(b, cmd, r, post);
  }
  return {
    code: "complaint.no-post",
    message: "this seat has no released kill post",
    details: { seat: cmd.against },
  };
}

/** The round's own deadline goes in the message (engine-adapter's deadlineOf reads `round`), not the current one's. */
function late(round: number): Refusal {
  return {
    code: "complaint.after-deadline",
    message: "complaints are no longer accepted for that post",
    details: { round },
  };
}

type ComplaintRuling = {
  at: Instant;
  against: Seat;
  upheld: boolean;
  reason?: string;
  asIou?: true;
  iouDeadline?: Instant;
};

/**
 * The ruling on one released post; refused when its round's complaint window has closed and no complaint on the post
 * was filed in it. The window is for taking complaints in (seed 000 「逾期不再受理」); one taken in waits for the
 * ruling however long 查证 takes, and the referee may rule on it after the window, even after the round.
 */
function ruleOn(b: Batch, cmd: ComplaintRuling, r: RoundState, post: ReleasedPost): Refusal | null {
  if (!complaintsTaken(r, cmd.at) && !r.complaintsFiled?.includes(post.index)) return late(r.round);
  if (cmd.asIou) return ruleAsIou(b, cmd, r, post);
  applyComplaintRuling(b, cmd.at, r.round, post, cmd.upheld, cmd.reason ?? null);
  return null;
}

/**
 * Seed 000 「字数不够按白条处理」: the post becomes an open 白条, due by the round's own 白条 deadline while that has not
 * passed, else by the one the referee gives. Refused: a post that is a 白条 already (open, completed or failed), a post
 * that lapsed on an out target (it took nobody: a short one opens no 白条 at the release either), no deadline once the
 * round's has passed, and a deadline given that is not after the ruling.
 */
function ruleAsIou(b: Batch, cmd: ComplaintRuling, r: RoundState, post: ReleasedPost): Refusal | null {
  const where = { round: r.round, post: post.index };
  if (r.ious.some((i) => i.post === post.index))
    return {
      code: "complaint.already-iou",
      message: `kill post ${post.index} of round ${r.round} is a 白条 already`,
      details: where,
    };
  if (post.lapsed === "target-out")
    return {
      code: "complaint.post-lapsed",
      message: `kill post ${post.index} of round ${r.round} took nobody (its target was out): no 白条 to open`,
      details: where,
    };
  const own = r.iouDeadline;
  // Due at `deadline`, the 白条 fails a second later (deadlines.ts, RULINGS 6): one due before `at` is past.
  const ownPassed = own === null || own + SECOND <= cmd.at;
  if (cmd.iouDeadline !== undefined && cmd.iouDeadline <= cmd.at)
    return {
      code: "complaint.iou-deadline-past",
      message: "the 白条's deadline must be after the ruling",
      details: { ...where, deadline: cmd.iouDeadline, at: cmd.at },
    };
  const deadline = cmd.iouDeadline ?? (ownPassed ? null : own);
  if (deadline === null)
    return {
      code: "complaint.iou-deadline-required",
      message: "the round's 白条 deadline has passed: the ruling gives the 白条 one",
      details: { ...where, ...(own !== null ? { deadline: own } : {}) },
    };
  applyComplaintIou(b, cmd.at, r.round, post, deadline, cmd.reason ?? null);
  return null;
}

/** Whether the round's complaint window (RULINGS 16) still takes complaints, and rulings on any post, at `at`. */
function complaintsTaken(r: RoundState, at: Instant): boolean {
  return r.complaintsOpen && r.complaintDeadline !== null && at < r.complaintDeadline + SECOND;
}

/**
 * A complaint filed against a released post that still stands, in its round's window: recorded so that an ending its
 * ruling could change waits for the ruling (what-if.ts). Who filed it is not the engine's business.
 *
 * 录入举报: one the 哨群 received off the site (`receivedAt`) is judged by that time, not by the referee's entry: seed
 * 000 「至次日16点前哨群受理举报」 takes in what reached the 哨群 by 16:00, even if the referee enters it after the window
 * closed. From then on it is a complaint like any filed in the window (it waits for its ruling, and holds the end).
 */
export function decideFileComplaint(
  b: Batch,
  cmd: { at: Instant; round: number; post: number; receivedAt?: Instant; referee?: string },
): Refusal | null {
  const r = b.state.rounds[cmd.round];
  const post = r?.released?.find((p) => p.index === cmd.post);
  // No seat in the details: the complaint's author names the post, and whose it is stays the referee's.
  if (!r || !post)
    return {
      code: "complaint.no-such-post",
      message: `round ${cmd.round} has no released kill post ${cmd.post}`,
      details: { round: cmd.round, post: cmd.post },
    };
  if (post.lapsed === "voided")
    return {
      code: "complaint.post-void",
      message: `kill post ${cmd.post} of round ${cmd.round} is already void`,
      details: { round: cmd.round, post: cmd.post },
    };
  const received = cmd.receivedAt;
  if (received === undefined) {
    if (!complaintsTaken(r, cmd.at)) return late(r.round);
  } else {
    const refused = receivedRefusal(r, cmd.post, received, cmd.at);
    if (refused) return refused;
  }
  emit(b, {
    type: "ComplaintFiled",
    at: cmd.at,
    round: r.round,
    post: post.index,
    poster: post.poster,
    ...(received !== undefined && { receivedAt: received }),
    ...(cmd.referee !== undefined && { referee: cmd.referee }),
  });
  return null;
}

/**
 * 录入举报's time checks: received no later than its entry, not before the post was out (nobody could complain of a post
 * not yet released), and by the round's complaint deadline. The window may have closed since: what was taken in by
 * then stays taken in (「逾期不再受理」 is about the receipt), so `complaintsOpen` is not asked.
 */
function receivedRefusal(r: RoundState, post: number, received: Instant, at: Instant): Refusal | null {
  const where = { round: r.round, post };
  if (received > at)
    return {
      code: "complaint.received-in-future",
      message: `a complaint cannot have been received (${iso(received)}) after it is entered (${iso(at)})`,
      details: { ...where, receivedAt: received },
    };
  // A round released before releasedAt was recorded has its release at its posting deadline (deadlines.ts).
  const releasedAt = r.releasedAt ?? r.postingClosesAt + SECOND;
  if (received < releasedAt)
    return {
      code: "complaint.received-before-release",
      message: `kill post ${post} of round ${r.round} was released at ${iso(releasedAt)}, after ${iso(received)}`,
      details: { ...where, receivedAt: received, releasedAt },
    };
  const deadline = r.complaintDeadline;
  if (deadline === null || received >= deadline + SECOND)
    return {
      code: "complaint.after-deadline",
      message:
        deadline === null
          ? "complaints are no longer accepted for that post"
          : `complaints on that post were taken until ${iso(deadline)}; this one was received at ${iso(received)}`,
      details: { round: r.round, receivedAt: received, ...(deadline !== null && { deadline }) },
    };
  return null;
}

const iso = (at: Instant) => new Date(at).toISOString();
