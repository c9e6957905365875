// What the referee decided on a handled 平票, 领票人, 胜负 or 举报 item, found in the referee's log the page already holds.
import type { GameEventDto, InboxItem, SeatNo } from "../../../src/server/api-types.ts";

export type InboxRuling =
  | { kind: "out"; seats: SeatNo[]; reason: string }
  | { kind: "lead-voter"; seat: SeatNo; reason: string }
  | { kind: "ending"; winner: string | null; reason: string }
  /** A complaint's ruling: its reason, and what followed (the poster out, the post's target revived) if anything did. */
  | { kind: "complaint"; upheld: boolean; reason: string; posterOut: SeatNo | null; revived: SeatNo | null }
  /** 字数不够按白条处理: the post made a 白条, due by `deadline`. */
  | { kind: "complaint-iou"; reason: string; deadline: number | null };

interface OverrideData {
  action?: unknown;
  round?: unknown;
  house?: unknown;
  out?: unknown;
  bomb?: unknown;
  leadVoter?: unknown;
  winner?: unknown;
}

const seatsOf = (v: unknown): SeatNo[] =>
  Array.isArray(v) ? v.filter((x): x is SeatNo => typeof x === "number") : [];

/**
 * The ruling that handled `item`, or null (still waiting, expired, or its event not on the page yet). The inbox says
 * only that an item was decided; the decision itself is the override after it in the log (the first one matching,
 * as the server's inbox also takes the first).
 */
export function inboxRuling(item: InboxItem, events: readonly GameEventDto[]): InboxRuling | null {
  const after = events.filter((e) => e.seq > item.seq);
  if (item.kind === "complaint") return complaintRuling(item, after);
  if (item.handled?.outcome !== "decided") return null;
  const override = (match: (o: OverrideData) => boolean) => {
    for (const e of after) {
      if (e.type !== "OverrideApplied") continue;
      const o = (e.data.override ?? {}) as OverrideData;
      if (match(o)) return { o, reason: typeof e.data.reason === "string" ? e.data.reason : "" };
    }
    return null;
  };
  switch (item.kind) {
    case "tie-decision": {
      const found = override(
        (o) =>
          o.action === "decide-tie" &&
          o.round === item.round &&
          (typeof o.house === "number" ? o.house : 1) === (item.house ?? 1),
      );
      return found && { kind: "out", seats: seatsOf(found.o.out), reason: found.reason };
    }
    case "lead-voter-decision": {
      const found = override(
        (o) => o.action === "decide-lead-voter" && o.round === item.round && o.bomb === item.bomb,
      );
      return found && typeof found.o.leadVoter === "number"
        ? { kind: "lead-voter", seat: found.o.leadVoter, reason: found.reason }
        : null;
    }
    case "ending-decision": {
      // Ended by the referee's 结束游戏 (with its reason), or, if the game ended on its own first, by that end.
      const ended = after.find((e) => e.type === "GameEnded");
      if (!ended) return null;
      const found = override((o) => o.action === "end-game");
      const winner = typeof ended.data.winner === "string" ? ended.data.winner : null;
      return { kind: "ending", winner, reason: found && found.o.winner === winner ? found.reason : "" };
    }
    default:
      return null;
  }
}

/**
 * An upheld or dismissed complaint: the engine's ComplaintUpheld / ComplaintDismissed on the post it names (a
 * complaint filed before complaints named their post: the first on that poster), and, for an upheld one, the outs
 * and revivals of the same ruling (seed 000: 「宣判出帖者出局，被帖者复活」). Either may not happen: a poster already
 * out stays out without a second PlayerOut, a target another post killed too stays out.
 */
function complaintRuling(item: InboxItem, after: readonly GameEventDto[]): InboxRuling | null {
  const outcome = item.handled?.outcome;
  if (outcome === "as-iou") {
    const ruled = after.find((e) => e.type === "ComplaintRuledIou" && namesPost(item, e));
    if (!ruled) return null;
    return {
      kind: "complaint-iou",
      reason: typeof ruled.data.reason === "string" ? ruled.data.reason : "",
      deadline: typeof ruled.data.deadline === "number" ? ruled.data.deadline : null,
    };
  }
  if (outcome !== "upheld" && outcome !== "dismissed") return null;
  const type = outcome === "upheld" ? "ComplaintUpheld" : "ComplaintDismissed";
  const ruled = after.find((e) => e.type === type && namesPost(item, e));
  if (!ruled) return null;
  const reason = typeof ruled.data.reason === "string" ? ruled.data.reason : "";
  if (outcome === "dismissed")
    return { kind: "complaint", upheld: false, reason, posterOut: null, revived: null };
  // The same ruling's consequences: emitted in its batch, at its instant, right after it.
  const batch = after.filter(
    (e) => e.seq > ruled.seq && e.at === ruled.at && e.data.round === ruled.data.round,
  );
  const out = batch.find(
    (e) =>
      e.type === "PlayerOut" &&
      e.data.cause === "complaint" &&
      e.data.seat === ruled.data.poster &&
      e.data.post === ruled.data.post,
  );
  const back = batch.find(
    (e) => e.type === "PlayerRevived" && e.data.reason === "complaint" && e.data.seat === ruled.data.target,
  );
  return {
    kind: "complaint",
    upheld: true,
    reason,
    posterOut: typeof out?.data.seat === "number" ? out.data.seat : null,
    revived: typeof back?.data.seat === "number" ? back.data.seat : null,
  };
}

/** Whether a ruling is on the complaint's post (a complaint filed before complaints named their post: its poster's). */
function namesPost(item: InboxItem, e: GameEventDto): boolean {
  return item.round !== undefined && item.post !== undefined
    ? e.data.round === item.round && e.data.post === item.post
    : e.data.poster === item.against;
}
