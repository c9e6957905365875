// What the referee decided on a handled 平票, 领票人 or 胜负 item, found in the referee's log the page already holds.
import type { GameEventDto, InboxItem, SeatNo } from "../../../src/server/api-types.ts";

export type InboxRuling =
  | { kind: "out"; seats: SeatNo[]; reason: string }
  | { kind: "lead-voter"; seat: SeatNo; reason: string }
  | { kind: "ending"; winner: string | null; reason: string };

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
  if (item.handled?.outcome !== "decided") return null;
  const after = events.filter((e) => e.seq > item.seq);
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
