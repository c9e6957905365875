// Which posting and 白条 deadlines concern this player, for the 「待办」 card on 我的身份.
import type { DeadlineView } from "../../../src/server/api-types.ts";
import type { YouView } from "./engine-view.ts";
import { deadlineKind } from "./format.ts";

/** The round an engine deadline key names ("round:3:posting" → 3), or null. */
function roundOf(key: string): number | null {
  const hit = /^round:(\d+):/.exec(key);
  return hit ? Number(hit[1]) : null;
}

/**
 * A player's to-do deadlines: a round's posting deadline only while this seat's unit has posts to write that round
 * (the engine gives a post right only then: round 1 of 空军 has none, and a ranger never has one), and a round's 白条
 * deadline only to a poster with an open 白条 of that round. Everyone else was shown 「第1轮出帖截止」 beside
 * 「你本轮没有出帖权」. (Complaint deadlines are not here: anyone may complain, so the board shows those.)
 */
export function dueDeadlines(
  deadlines: readonly DeadlineView[],
  you: Pick<YouView, "postRight" | "ious"> | null,
  current: number | null,
): DeadlineView[] {
  return deadlines.filter((d) => {
    const kind = deadlineKind(d.key);
    const round = roundOf(d.key);
    if (kind === "posting") return round === current && (you?.postRight?.quota ?? 0) > 0;
    if (kind === "iou") return (you?.ious ?? []).some((i) => i.status === "open" && i.round === round);
    return false;
  });
}
