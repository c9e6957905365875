// A player's own 托票 request for the vote open now, as its feed and the vote thread show it: waiting, entered, overtaken
// by the player's own ballot, or past its cut-off with nothing entered (the player must then vote in person, unless an
// earlier ballot of its own still stands).
import type { GameEventDto } from "../../../src/server/api-types.ts";

/** A ballot of the open thread, as the view lists it. */
export interface ThreadBallot {
  voter: number;
  at: number;
  proxy: boolean;
  targets: readonly number[];
  /** Code guesses (score rule), where the view shows them: the voter's own always. */
  codes?: readonly (string | null)[];
}

export type MyProxyRequest =
  | { state: "waiting"; target: number; cutoff: number }
  /** `entered`: the ballot's own targets, which the referee may have entered otherwise than asked. */
  | { state: "entered"; target: number; entered: readonly number[] }
  | { state: "self-voted"; target: number }
  /** Asked for what the player's own standing ballot is already: nothing for the referee to enter (proxy.same-as-own). */
  | { state: "same-as-own"; target: number }
  | { state: "lapsed"; target: number; cutoff: number }
  /** Past the cut-off unentered, but a ballot the player cast before asking still stands (`at`). */
  | { state: "lapsed-voted"; target: number; cutoff: number; at: number };

/**
 * The seat's latest 托票 request since the last regular vote closed (one asked earlier was for that vote), read
 * against the open thread's ballots: a ballot of the seat's received after the request answers it, the referee's
 * (proxy) or its own. With none, from the cut-off on the referee can no longer enter it (RULINGS 12: the entry time
 * counts).
 */
export function myProxyRequest(
  events: readonly GameEventDto[],
  seat: number,
  ballots: readonly ThreadBallot[],
  now: number,
  cutoff: number,
): MyProxyRequest | null {
  let asked: { at: number; target: number; code: string | null } | null = null;
  for (const e of events) {
    if (e.type === "VoteClosed" && e.data.stage === "regular") asked = null;
    else if (e.type === "app.ProxyRequested" && e.data.seat === seat && typeof e.data.target === "number")
      asked = { at: e.at, target: e.data.target, code: typeof e.data.code === "string" ? e.data.code : null };
  }
  if (asked === null) return null;
  const { at, target } = asked;
  const mine = ballots.filter((b) => b.voter === seat);
  const answer = mine.filter((b) => b.at >= at).at(-1);
  if (answer)
    return answer.proxy
      ? { state: "entered", target, entered: answer.targets }
      : { state: "self-voted", target };
  // The ballot it cast itself before asking is the very one asked for, its code guess too (the engine would refuse
  // the entry as proxy.same-as-own).
  const before = mine.at(-1);
  if (
    before &&
    !before.proxy &&
    before.targets.length === 1 &&
    before.targets[0] === target &&
    (before.codes?.[0] ?? null) === asked.code
  )
    return { state: "same-as-own", target };
  if (now < cutoff) return { state: "waiting", target, cutoff };
  const standing = mine.at(-1);
  return standing
    ? { state: "lapsed-voted", target, cutoff, at: standing.at }
    : { state: "lapsed", target, cutoff };
}
