// Putting seats out and back: one place for PlayerOut / PlayerRevived and the bomb a vote sets off.
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import { activeBomb, bombAtRelease } from "./bombs.ts";
import type { Instant, OutCause, Seat } from "./contract.ts";
import type { ReleasedPost } from "./events.ts";
import { publishedRole } from "./night/bandit.ts";
import { dayNightOf } from "./night/evolve.ts";
import { roleOfSeat } from "./roles.ts";
import type { GameState, RoundState } from "./state.ts";
import { rulesOf } from "./state.ts";

export interface OutOptions {
  by?: Seat | null;
  post?: number | null;
  halfVote?: boolean;
  keepsVote?: boolean;
  /** 7kill: the seat goes out at dawn, in the night (PlayerOut's `night`). */
  night?: boolean;
}

/** PlayerOut, unless the seat is already out (an out seat cannot go out twice). Returns whether it went out. */
export function putOut(
  b: Batch,
  at: Instant,
  round: number,
  seat: Seat,
  cause: OutCause,
  o: OutOptions = {},
): boolean {
  if (!b.state.seats[seat]?.alive) return false;
  // 7kill: an out once the round's night has opened (a referee's ruling, a penalty) is told with the night's dead at
  // dawn (「III.天亮公布结果」), not in the day's post, which was due when the day's vote closed.
  const night = o.night ?? dayNightOf(b.state).nights[round] !== undefined;
  emit(b, {
    type: "PlayerOut",
    at,
    round,
    seat,
    cause,
    by: o.by ?? null,
    post: o.post ?? null,
    halfVote: o.halfVote ?? false,
    keepsVote: o.keepsVote ?? false,
    ...(night ? { night: true as const } : {}),
  });
  return true;
}

export function revive(
  b: Batch,
  at: Instant,
  round: number,
  seat: Seat,
  reason: "iou" | "complaint" | "referee" | "void-post" | "amended",
): boolean {
  if (b.state.seats[seat]?.alive !== false) return false;
  emit(b, { type: "PlayerRevived", at, round, seat, reason });
  return true;
}

/**
 * A seat a ruling that corrects the record (改判票杀, 恢复杀帖) brings back: only the out it undoes is undone, so a seat
 * that owes an out for a post of its own (白条 failed, 举报属实) while it was out comes back only to go out for it.
 * Whether the seat is alive after.
 */
export function reviveAmended(b: Batch, at: Instant, round: number, seat: Seat): boolean {
  if (!revive(b, at, round, seat, "amended")) return false;
  const owes = b.state.seats[seat]?.owes;
  if (owes) putOut(b, at, round, seat, owes.cause, { post: owes.post });
  return b.state.seats[seat]?.alive === true;
}

/**
 * A bomb's 领票人 whose firing a ruling took back (改判票杀, 改定领票人) comes back, unless another bomb voted out that
 * round took it too (one cast naming both, under a custom rule set): that firing stands, and it is out as that bomb's.
 */
export function reviveLeadVoter(b: Batch, at: Instant, round: number, seat: Seat): void {
  if (!reviveAmended(b, at, round, seat)) return;
  const kept = b.state.fireworks.find((f) => f.round === round && f.via === "vote" && f.victim === seat);
  if (kept) putOut(b, at, round, seat, "bomb", { by: kept.bomb });
}

/**
 * Seats voted out (上票房), then what active bombs among them take along: each its 领票人 (seed 000: "上票房可带走领票人";
 * seed 002: "如被票出，带走领票人"). The voted out go first, as the results post lists them. Under leadVoter "referee"
 * (`choices` given), the 领票人 waits for the referee (`decide-lead-voter`).
 */
export function voteOut(
  b: Batch,
  at: Instant,
  round: number,
  seats: Seat[],
  leadVoters: Record<Seat, Seat | null>,
  choices?: Record<Seat, Seat[]>,
): void {
  const bombs = seats.map((seat) => ({ seat, bomb: activeBomb(b.state, seat, round, "vote") }));
  const out = seats.filter((seat) => putOut(b, at, round, seat, "vote"));
  const taken: Seat[] = [];
  for (const { seat, bomb } of bombs) {
    if (!out.includes(seat) || !bomb?.takesLeadVoter) continue;
    const lead = leadVoters[seat];
    const voters = choices?.[seat] ?? [];
    if ((lead === null || lead === undefined) && voters.length > 0) {
      emit(b, { type: "LeadVoterLeftToReferee", at, round, bomb: seat, voters });
      continue;
    }
    if (lead === null || lead === undefined) continue;
    if (takeLeadVoter(b, at, round, seat, lead)) taken.push(lead);
  }
  revealIfPublished(b, at, round, [...out, ...taken]);
}

/**
 * Whether the post's poster is out as taken along by the bomb it posted on (同归). Read before the event that voids
 * the post: that event takes the firing back (evolve.ts withoutPostFiring).
 */
export function takenByItsBomb(state: GameState, round: number, post: number): boolean {
  const fired = postFiring(state, round, post);
  const seat = fired && state.seats[fired.victim];
  return seat?.out?.cause === "bomb" && seat.out.round === round;
}

/** The 同归 a released post set off: its target, a bomb, went off on its poster at the release (release.ts). */
function postFiring(state: GameState, round: number, post: number): { bomb: Seat; victim: Seat } | null {
  const p = state.rounds[round]?.released?.find((x) => x.index === post);
  if (!p) return null;
  const fired = state.fireworks.some(
    (f) => f.round === round && f.via === "post" && f.bomb === p.target && f.victim === p.poster,
  );
  return fired ? { bomb: p.target, victim: p.poster } : null;
}

/**
 * A post just voided (白条 failed, 举报 upheld, 作废杀帖) never hit its target: the firing of a bomb it set off on its
 * poster (同归) is taken back, and the bomb is unspent unless it went off otherwise (evolve.ts PostFiringVoided).
 */
export function voidPostFiring(b: Batch, at: Instant, round: number, post: number): void {
  const fired = postFiring(b.state, round, post);
  if (fired) emit(b, { type: "PostFiringVoided", at, round, ...fired });
}

/**
 * The poster of a post that no longer stands (a failed 白条, an upheld complaint) goes out for it (seed 002 「过时未补，
 * 出帖者出局…被帖者复活」). One the post's bomb took along (同归, `taken`: takenByItsBomb before the voiding) is out
 * already, but by a firing the voiding took back (voidPostFiring): its out is judged again as the void post's
 * (白条未补 / 举报属实), not left as 「被炸弹带走」, whether the bomb came back or another post still holds it out.
 */
export function putOutForVoidPost(
  b: Batch,
  at: Instant,
  round: number,
  poster: Seat,
  cause: "iou" | "complaint",
  post: number,
  taken: boolean,
): void {
  if (taken) revive(b, at, round, poster, cause);
  putOut(b, at, round, poster, cause, { post });
}

/** A bomb voted out takes its 领票人 along. */
export function fireOnLeadVoter(b: Batch, at: Instant, round: number, bomb: Seat, lead: Seat): void {
  if (takeLeadVoter(b, at, round, bomb, lead)) revealIfPublished(b, at, round, [lead]);
}

/** BombFired and the 领票人's PlayerOut; whether the seat went out (it may be out already). */
function takeLeadVoter(b: Batch, at: Instant, round: number, bomb: Seat, lead: Seat): boolean {
  emit(b, { type: "BombFired", at, round, bomb, victim: lead, via: "vote" });
  return putOut(b, at, round, lead, "bomb", { by: bomb });
}

/**
 * Seed 000 「投票结束后，由哨子公布被票杀者身份」: the round's results post publishes who its vote put out (closeRound).
 * A tie or a 领票人 the referee decides after that post (decide-tie, decide-lead-voter) puts seats out in a round
 * whose post is out already: without this they would never be published, so they are at once, as the post would
 * have. Before the post (another house still in overtime), closeRound publishes them with the rest.
 */
function revealIfPublished(b: Batch, at: Instant, round: number, seats: Seat[]): void {
  if (seats.length > 0 && b.state.rounds[round]?.closed) revealOuts(b, at, round, seats);
}

/**
 * Publishes the identities of the seats out in `round` and not yet published (of `only`, when given), if the rule set
 * publishes identities at all; 7kill's bandit as the role it counts as ("出局时公布水民"). The results post, 7kill's
 * dawn and a decision after the post all publish this way.
 */
export function revealOuts(b: Batch, at: Instant, round: number, only?: readonly Seat[]): void {
  if (!rulesOf(b.state).disclosure.identity) return;
  for (const s of b.state.seats) {
    if (s.alive || s.revealed || s.out?.round !== round || (only && !only.includes(s.seat))) continue;
    emit(b, {
      type: "IdentityRevealed",
      at,
      seat: s.seat,
      role: publishedRole(b.state, s.seat),
      code: s.code,
    });
  }
}

/**
 * RULINGS 10: a seat posts put out keeps a half vote this round only if every post that hit it grants one (the killing
 * role's `victimsHalfVote`; seed 000 「杀手贴杀人员当轮有半票权，刺客贴杀人员没有半票权」 holds of a seat an assassin
 * hit, whoever else did), so the answer does not hang on which post came first.
 */
export function postsGrantHalfVote(state: GameState, posters: readonly Seat[]): boolean {
  return rulesOf(state).vote.halfVotes && posters.every((p) => roleOfSeat(state, p).victimsHalfVote);
}

/**
 * The released posts of the round that stand on `seat` and hit it: not lapsed or voided, 白条 not failed, and a kill
 * post, or an engineer's that found the bomb (seed 002 「帖对蛋，蛋出局」). In release order.
 */
export function standingPostsOn(state: GameState, r: RoundState, seat: Seat): ReleasedPost[] {
  const failed = new Set(
    r.ious.filter((i) => i.status === "failed" || i.status === "voided").map((i) => i.post),
  );
  return (r.released ?? []).filter(
    (x) =>
      x.target === seat &&
      x.lapsed === null &&
      (x.kind === "kill" || bombAtRelease(state, x.target, r.round)) &&
      !failed.has(x.index) &&
      !r.submissions[x.index]?.voided,
  );
}

/**
 * Revives a post's target when the post that killed it no longer stands (IOU failed, complaint upheld, post voided),
 * unless another standing post of the round killed it too, or a bomb it posted on took it along (同归). Held out by
 * another post, its out is judged again over the posts left standing (rejudgePostOut).
 */
export function reviveTargetOf(
  b: Batch,
  at: Instant,
  round: number,
  post: number,
  reason: "iou" | "complaint" | "void-post",
): void {
  const r = b.state.rounds[round];
  const p = r?.released?.find((x) => x.index === post);
  if (!r || !p) return;
  const target = b.state.seats[p.target];
  if (!target || target.alive || target.out?.cause !== "post" || target.out.round !== round) return;
  if (standingPostsOn(b.state, r, p.target).some((x) => x.index !== post)) {
    rejudgePostOut(b, at, round, p.target);
    return;
  }
  // A poster 帖杀 in the same release as its post set a bomb off was taken by that bomb too (release.ts): it stays out.
  const bombTook = b.state.fireworks.some(
    (f) => f.round === round && f.victim === p.target && f.via === "post",
  );
  if (bombTook) return;
  if (!revive(b, at, round, p.target, reason)) return;
  // A seat that owed an out for a post of its own (白条 failed, 举报属实) while it was out already comes back only to
  // go out for it: the penalty is not undone by undoing the post that had killed it (SeatState.owes).
  const owes = b.state.seats[p.target]?.owes;
  if (owes) putOut(b, at, round, p.target, owes.cause, { post: owes.post });
}

/**
 * A seat posts put out in `round` whose posts changed while another still holds it out (a crossed post's 白条 failed,
 * a 举报 upheld, 作废杀帖; 恢复杀帖 making a post stand again on it): RULINGS 10 is judged again over the posts that
 * stand on it now, as at the release (postsGrantHalfVote), while the round's vote is to come or open; its out is put
 * down to a standing post (the one it was, if that still stands, else the first released). A seat that lost its vote
 * for a post of its own (its 白条 failed while it was out: SeatState.owes) stays without one. PostOutRejudged, when
 * anything changes.
 */
export function rejudgePostOut(b: Batch, at: Instant, round: number, seat: Seat): void {
  const r = b.state.rounds[round];
  const s = b.state.seats[seat];
  if (!r || !s || s.alive || s.out?.cause !== "post" || s.out.round !== round) return;
  const standing = standingPostsOn(b.state, r, seat);
  const recorded = r.outs.findLast((o) => o.seat === seat);
  const holder = standing.find((p) => p.index === recorded?.post) ?? standing[0];
  if (!holder) return;
  const had = { halfVote: r.halfVoters.includes(seat), keepsVote: r.outVoters.includes(seat) };
  const grants =
    !s.owes &&
    postsGrantHalfVote(
      b.state,
      standing.map((p) => p.poster),
    );
  const now = r.closed ? had : { halfVote: grants, keepsVote: grants };
  if (
    recorded?.by === holder.poster &&
    recorded.post === holder.index &&
    now.halfVote === had.halfVote &&
    now.keepsVote === had.keepsVote
  )
    return;
  emit(b, { type: "PostOutRejudged", at, round, seat, by: holder.poster, post: holder.index, ...now });
}
