// A 托票 request in the referee's inbox, as it stands now: the server's verdict when it gave one, else what has
// happened since the inbox was fetched (no event marks the cut-off, and the stream does not carry ballots).
import type { InboxItem } from "../../../src/server/api-types.ts";
import type { RoundView } from "./engine-view.ts";

/** A ballot of an open vote thread, as the live view lists it. */
export interface LiveBallot {
  voter: number;
  at: number;
  proxy: boolean;
}

/**
 * The item's `handled`, or, while the server says it waits: `self-voted` once the live view shows the player's own
 * ballot received after the request (that ballot's time), `after-cutoff` from its cut-off on (RULINGS 12: the
 * referee's entry time counts, so the engine refuses it from then). Undefined while it can still be entered.
 */
export function proxyRequestState(
  item: InboxItem,
  now: number,
  ballots: readonly LiveBallot[],
): InboxItem["handled"] {
  if (item.handled !== undefined || item.kind !== "proxy-request") return item.handled;
  const own = ballots.find((b) => b.voter === item.fromSeat && !b.proxy && b.at > item.at);
  if (own) return { at: own.at, outcome: "self-voted" };
  if (item.cutoff !== undefined && now >= item.cutoff) return { at: item.cutoff, outcome: "after-cutoff" };
  return undefined;
}

/** The ballots of every open vote thread in the view (each house's under 两府制). */
export function openBallots(rounds: readonly RoundView[]): LiveBallot[] {
  return rounds.flatMap((r) =>
    [r.vote, ...(r.houses ?? []).map((h) => h.vote)].flatMap((v) => (v ? v.casts : [])),
  );
}
