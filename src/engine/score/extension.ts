// 白条延期: while an IOU is open, the other camp may ask for the round to run one day longer; the referee grants it.
import type { Batch } from "../batch.ts";
import { emit, newBatch } from "../batch.ts";
import { addLocalDays } from "../clock.ts";
import type { Instant, Refusal, Seat } from "../contract.ts";
import { roleById } from "../roles.ts";
import { dailySchedule } from "../schedule.ts";
import type { GameState, RoundState } from "../state.ts";
import { rulesOf } from "../state.ts";

/**
 * "黑白双方任何一方有白条挂出，对方阵营有权申请当轮延长一天。该申请必须在白条补齐前提出，哨子批准后应予公告。…白道的申请权由剑侠行使。
 * 但是，剑侠若已出局，则存活全票游侠经一致同意可否决剑侠意见，这里的一致同意指所有全票游侠无一票弃权、更无一票反对。"
 * Read as: white's request is made by a living swordsman (a white seat with a post right); with none alive, by every
 * living white seat without a post right, unanimously. Black's by any of its living seats. Once per round.
 */
export function decideIouExtension(
  b: Batch,
  cmd: { at: Instant; requestedBy: Seat[]; reason?: string },
): Refusal | null {
  const state = b.state;
  const rules = rulesOf(state);
  if (rules.win.kind !== "score") {
    return { code: "iou-extension.not-score-rule", message: "IOU extensions belong to the score rule" };
  }
  const camp = (s: Seat) => {
    const seat = state.seats[s];
    return seat ? roleById(rules, seat.role).camp : null;
  };
  const requesters = [...new Set(cmd.requestedBy)];
  if (requesters.length === 0 || requesters.some((s) => !state.seats[s]?.alive)) {
    return { code: "iou-extension.bad-requesters", message: "the request is made by living seats" };
  }
  const side = camp(requesters[0] as Seat);
  if (side === "neutral" || side === null || requesters.some((s) => camp(s) !== side)) {
    return { code: "iou-extension.bad-requesters", message: "the request is made by one camp" };
  }
  // "该申请必须在白条补齐前提出": an IOU of the other camp is still open.
  const r = state.rounds.find(
    (x): x is RoundState => x?.ious.some((i) => i.status === "open" && camp(i.poster) !== side) === true,
  );
  if (!r) return noOpenIou();
  // Its 加时 running is past the round's deadline too: a day more would reopen a vote that has closed.
  if ((r.vote === null && r.voteOpened) || r.vote?.stage === "overtime") {
    return { code: "iou-extension.vote-closed", message: "the round's vote has closed" };
  }
  const tz = dailySchedule(rules).timeZone;
  // "当轮延长一天": once per round. The referee moving the deadline for other reasons (论坛维护, say) is not the other
  // camp's extension and does not use it up.
  if (r.iouExtended) {
    return { code: "iou-extension.already-extended", message: "this round has already been extended" };
  }
  if (side === "white") {
    const white = state.seats.filter((s) => s.alive && camp(s.seat) === "white");
    const swords = white.filter((s) => roleById(rules, s.role).post !== undefined).map((s) => s.seat);
    if (swords.length > 0) {
      if (requesters.some((s) => !swords.includes(s))) return notSwordsman();
    } else {
      const rangers = white.filter((s) => roleById(rules, s.role).post === undefined).map((s) => s.seat);
      if (rangers.some((s) => !requesters.includes(s))) {
        return {
          code: "iou-extension.not-unanimous",
          message: "with no swordsman alive, every living full-vote ranger must agree",
          details: { missing: rangers.filter((s) => !requesters.includes(s)).length },
        };
      }
    }
  }
  emit(b, {
    type: "IouExtensionGranted",
    at: cmd.at,
    round: r.round,
    camp: side,
    requestedBy: requesters,
    voteDeadline: addLocalDays(r.voteDeadline, 1, tz),
    reason: cmd.reason ?? null,
  });
  return null;
}

function noOpenIou(): Refusal {
  return { code: "iou-extension.no-open-iou", message: "no IOU of the other camp is open" };
}

function notSwordsman(): Refusal {
  return { code: "iou-extension.not-swordsman", message: "white's request is made by a swordsman" };
}

/**
 * A player's own 白条延期 request (the request form): the refusal the referee's grant of it would get now, so that
 * the inbox never offers a grant the engine refuses. Two readings on top of decideIouExtension's:
 * - `not-unanimous` is no refusal: with no swordsman alive each ranger asks, and the referee grants them together.
 * - Who is a swordsman is secret, and whether one is alive is public only once every swordsman has been published out
 *   (IdentityRevealed, the results post 「公布被票杀者身份以及被帖杀者身份」). A white seat without a post right is
 *   refused as `not-swordsman` until then, whether a swordsman is in fact alive or not: refusing it only while one is
 *   would tell a ranger what the public does not know. Every other refusal reads only public facts (the camp of an
 *   open 白条 is that of its released post's unit, the deadline, the vote) and the seat's own role.
 */
export function extensionRequestRefusal(state: GameState, seat: Seat, asReferee = false): Refusal | null {
  const rules = state.rules;
  const real = state.seats[seat];
  if (!rules || !real) return null;
  // A seat told another role (暗蛋 「不知道自己身份」) is answered as the role it was told: its real one, through a
  // camp check, would tell it what it may not know. The referee's inbox asks by the real role, as the grant judges.
  const toldAs = real.revealed || asReferee ? undefined : roleById(rules, real.role).toldAs;
  const own = toldAs === undefined ? real : { ...real, role: toldAs };
  const asKnown =
    own === real ? state : { ...state, seats: state.seats.map((s) => (s.seat === seat ? own : s)) };
  const role = roleById(rules, own.role);
  if (role.camp === "neutral") {
    return { code: "iou-extension.neutral", message: "the neutral camp has no request right" };
  }
  // Most of the time no 白条 is open at all, and the role card asks on every view a ballot sends out: answered so
  // without trying the grant.
  if (
    rules.win.kind === "score" &&
    own.alive &&
    !state.rounds.some((r) => r?.ious.some((i) => i.status === "open"))
  )
    return noOpenIou();
  const refusal = decideIouExtension(newBatch(asKnown), { at: 0, requestedBy: [seat] });
  if (refusal && refusal.code !== "iou-extension.not-unanimous") return refusal;
  if (role.camp === "white" && role.post === undefined) {
    const published = asKnown.seats.every((s) => {
      const r = roleById(rules, s.role);
      return r.camp !== "white" || r.post === undefined || (!s.alive && s.revealed);
    });
    if (!published) return notSwordsman();
  }
  return null;
}
