// The ballots of one vote as a persistent list: appending is O(1) with structural sharing, so replay stays linear.
import type { Seat } from "./contract.ts";
import type { VoteCast } from "./vote/types.ts";

/** Newest first; `prev` is shared with the states before. */
export interface CastNode {
  readonly cast: VoteCast;
  readonly prev: CastNode | null;
}

export interface CastLog {
  readonly last: CastNode | null;
  readonly count: number;
  /** Casts per voter so far (the change limit and "has voted" need no walk). */
  readonly byVoter: Readonly<Record<Seat, number>>;
}

export const emptyCastLog: CastLog = { last: null, count: 0, byVoter: {} };

export function appendCast(log: CastLog, cast: VoteCast): CastLog {
  return {
    last: { cast, prev: log.last },
    count: log.count + 1,
    byVoter: { ...log.byVoter, [cast.voter]: (log.byVoter[cast.voter] ?? 0) + 1 },
  };
}

const materialised = new WeakMap<CastLog, VoteCast[]>();

/** Every cast in receipt order. Computed once per log value (logs are immutable). */
export function castsOf(log: CastLog): readonly VoteCast[] {
  const hit = materialised.get(log);
  if (hit) return hit;
  const out: VoteCast[] = new Array(log.count);
  let i = log.count - 1;
  for (let n = log.last; n; n = n.prev) out[i--] = n.cast;
  materialised.set(log, out);
  return out;
}

export function castLogOf(casts: readonly VoteCast[]): CastLog {
  return casts.reduce(appendCast, emptyCastLog);
}

export function hasCast(log: CastLog, voter: Seat): boolean {
  return (log.byVoter[voter] ?? 0) > 0;
}
