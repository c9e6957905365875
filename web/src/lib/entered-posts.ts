// Which kill posts a referee entered for their seat (录入杀帖), and who entered them, from the events at hand.
import type { GameEventDto } from "../../../src/server/api-types.ts";

/**
 * Post id → the alias of the referee who entered it ("" when unsigned). The post's own KillPostSubmitted names the
 * referee since the thirty-second session; logs stored before carry an `app.KillPostEntered` beside it. Only the
 * referees and the poster's player get either.
 */
export function enteredBy(events: readonly GameEventDto[]): ReadonlyMap<string, string> {
  const by = new Map<string, string>();
  for (const e of events) {
    const { postId, referee } = e.data;
    if (typeof postId !== "string") continue;
    const signed = typeof referee === "string" ? referee : "";
    if (e.type === "app.KillPostEntered") by.set(postId, signed);
    else if (e.type === "KillPostSubmitted" && typeof referee === "string") by.set(postId, signed);
  }
  return by;
}

/** The ids of the posts a referee entered. */
export function enteredPostIds(events: readonly GameEventDto[]): ReadonlySet<string> {
  return new Set(enteredBy(events).keys());
}
