// A player's own 托票 request for the vote open now, as its feed and the vote thread show it: waiting, entered, overtaken
// by the player's own ballot, or past its cut-off with nothing entered (the player must then vote in person).
import type { GameEventDto } from "../../../src/server/api-types.ts";
import type { LiveBallot } from "./proxy-request.ts";

export type MyProxyRequest =
  | { state: "waiting"; target: number; cutoff: number }
  | { state: "entered"; target: number }
  | { state: "self-voted"; target: number }
  | { state: "lapsed"; target: number; cutoff: number };

/**
 * The seat's latest 托票 request since the last regular vote closed (one asked earlier was for that vote), read
 * against the open thread's ballots: a ballot of the seat's received after the request answers it, the referee's
 * (proxy) or its own. With none, from the cut-off on the referee can no longer enter it (RULINGS 12: the entry time
 * counts): that is `lapsed`, and the seat has until the deadline to vote itself.
 */
export function myProxyRequest(
  events: readonly GameEventDto[],
  seat: number,
  ballots: readonly LiveBallot[],
  now: number,
  cutoff: number,
): MyProxyRequest | null {
  let asked: { at: number; target: number } | null = null;
  for (const e of events) {
    if (e.type === "VoteClosed" && e.data.stage === "regular") asked = null;
    else if (e.type === "app.ProxyRequested" && e.data.seat === seat && typeof e.data.target === "number")
      asked = { at: e.at, target: e.data.target };
  }
  if (asked === null) return null;
  const { at, target } = asked;
  const answer = ballots.filter((b) => b.voter === seat && b.at >= at).at(-1);
  if (answer) return { state: answer.proxy ? "entered" : "self-voted", target };
  return now >= cutoff ? { state: "lapsed", target, cutoff } : { state: "waiting", target, cutoff };
}
