// The released kill post a complaint names (round, target), as the referee's view of the rounds has it.
import type { InboxItem } from "../../../src/server/api-types.ts";
import type { RoundView } from "./engine-view.ts";

/** Null for a complaint filed before complaints named their post, or a post the view does not list. */
export function complainedPost(
  item: Pick<InboxItem, "round" | "post">,
  rounds: readonly RoundView[],
): { round: number; target: number } | null {
  if (item.round === undefined || item.post === undefined) return null;
  const post = rounds.find((r) => r.round === item.round)?.posts?.find((p) => p.index === item.post);
  return post ? { round: item.round, target: post.target } : null;
}
