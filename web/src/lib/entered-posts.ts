// Which of the viewer's kill posts a referee entered for it (录入杀帖), from the app events in its own feed.
import type { GameEventDto } from "../../../src/server/api-types.ts";

/** The post ids of `app.KillPostEntered` events: only the referees and the poster's own player get them. */
export function enteredPostIds(events: readonly GameEventDto[]): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const e of events)
    if (e.type === "app.KillPostEntered" && typeof e.data.postId === "string") ids.add(e.data.postId);
  return ids;
}
