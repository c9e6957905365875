// A vote's ballots as a persistent list of small chunks: an append copies at most one chunk.
import type { Seat } from "./contract.ts";
import type { VoteCast } from "./vote/types.ts";

/**
 * Up to CHUNK casts in receipt order, and the full chunks before them (newest first, shared with the states
 * before). A cast is its VoteCast event itself (which has every field of a VoteCast), not a copy. A server holds
 * every ballot of a rush, and every object it holds is one more for each full collection to mark: a list node per
 * ballot was a third of the objects a vote left behind, where a chunk holds up to CHUNK ballots in two objects
 * (itself and its array).
 */
export interface CastChunk {
  readonly casts: readonly VoteCast[];
  readonly prev: CastChunk | null;
}

/**
 * Ballots per chunk. Appending copies the newest chunk (at most this many pointers) into a new array, so nothing a
 * state holds is ever changed: a larger chunk leaves fewer objects behind and costs a longer copy per ballot.
 */
const CHUNK = 16;

export interface CastLog {
  /** The newest chunk: full chunks before it are reached through `prev`. */
  readonly tail: CastChunk | null;
  readonly count: number;
  /**
   * Casts per voter so far, indexed by seat (the change limit and "has voted" need no walk). An array, not an
   * object: it is copied on every ballot, and copying a packed array of small integers is a memcpy where spreading
   * an object with 60 keys is not.
   */
  readonly byVoter: readonly number[];
  /**
   * How many times a ballot already in the log was removed or changed (an override). A reader that holds the
   * log's first N ballots from before may take only the ones after them while this has not changed (ballotsSince).
   */
  readonly rewrites: number;
}

/** The largest seat number with a shared one-target array; games have at most 60 seats, with room to spare. */
const SHARED_SEATS = 256;
const NO_TARGETS: readonly Seat[] = Object.freeze([]);
const ONE_TARGET: (readonly Seat[])[] = [];

/**
 * The targets of a ballot as one frozen array shared by every ballot naming the same single seat (or none), else
 * as given. A server holds every ballot of a rush, and a ballot's own one-element array was two of its objects
 * (the array and its elements) for the collector to mark on every full collection. Frozen, so a shared array can
 * never be changed through one ballot.
 */
export function sharedTargets(targets: readonly Seat[]): readonly Seat[] {
  if (targets.length === 0) return NO_TARGETS;
  if (targets.length !== 1) return targets;
  const seat = targets[0]!;
  if (!Number.isInteger(seat) || seat < 0 || seat >= SHARED_SEATS) return targets;
  let shared = ONE_TARGET[seat];
  if (shared === undefined) {
    shared = Object.freeze([seat]);
    ONE_TARGET[seat] = shared;
  }
  return shared;
}

export const emptyCastLog: CastLog = { tail: null, count: 0, byVoter: [], rewrites: 0 };

export function appendCast(log: CastLog, cast: VoteCast): CastLog {
  const byVoter = log.byVoter.slice();
  // Filled with zeros up to the seat, so the array stays packed (no holes) whatever order seats vote in.
  while (byVoter.length <= cast.voter) byVoter.push(0);
  byVoter[cast.voter] = (byVoter[cast.voter] ?? 0) + 1;
  // Chunk boundaries depend only on the count, so equal ballots in equal order make equal logs, however built.
  const t = log.tail;
  if (t === null || t.casts.length === CHUNK) {
    return { tail: { casts: [cast], prev: t }, count: log.count + 1, byVoter, rewrites: log.rewrites };
  }
  const casts = t.casts.slice();
  casts.push(cast);
  return { tail: { casts, prev: t.prev }, count: log.count + 1, byVoter, rewrites: log.rewrites };
}

const materialised = new WeakMap<CastLog, VoteCast[]>();

/** Every cast in receipt order. Computed once per log value (logs are immutable). */
export function castsOf(log: CastLog): readonly VoteCast[] {
  const hit = materialised.get(log);
  if (hit) return hit;
  const out: VoteCast[] = new Array(log.count);
  let end = log.count;
  for (let c = log.tail; c; c = c.prev) {
    end -= c.casts.length;
    for (let j = 0; j < c.casts.length; j++) out[end + j] = c.casts[j]!;
  }
  materialised.set(log, out);
  return out;
}

export function castLogOf(casts: readonly VoteCast[]): CastLog {
  return casts.reduce(appendCast, emptyCastLog);
}

/** `log` with its ballots replaced by `casts` (an override removed or changed some): counted as a rewrite. */
export function rewriteCastLog(log: CastLog, casts: readonly VoteCast[]): CastLog {
  return { ...castLogOf(casts), rewrites: log.rewrites + 1 };
}

/** The cast at `index` in receipt order, or null; walks back from the newest chunk, so recent ones are cheap. */
export function castAt(log: CastLog, index: number): VoteCast | null {
  if (index < 0 || index >= log.count) return null;
  let end = log.count;
  for (let c = log.tail; c; c = c.prev) {
    const start = end - c.casts.length;
    if (index >= start) return c.casts[index - start]!;
    end = start;
  }
  return null;
}

/** The casts from `from` on, in receipt order, reading only the chunks that hold them. */
export function castsFrom(log: CastLog, from: number): readonly VoteCast[] {
  if (from <= 0) return castsOf(log);
  if (from >= log.count) return [];
  const out: VoteCast[] = new Array(log.count - from);
  let end = log.count;
  for (let c = log.tail; c && end > from; c = c.prev) {
    const start = end - c.casts.length;
    for (let j = Math.max(0, from - start); j < c.casts.length; j++) out[start + j - from] = c.casts[j]!;
    end = start;
  }
  return out;
}

/** What a reader holds of a log: its first `count` ballots, the last of them, and the log's rewrites then. */
export interface BallotMark {
  readonly count: number;
  readonly last: VoteCast | null;
  readonly rewrites: number;
}

export function markOf(log: CastLog): BallotMark {
  return { count: log.count, last: castAt(log, log.count - 1), rewrites: log.rewrites };
}

/**
 * The ballots a reader holding `mark` lacks: those after it when the log has only grown since (same rewrites,
 * and the ballot at the mark is the same object), else all of them from 0. A new overtime's log starts empty
 * again, so a count alone could not tell it from the regular vote's log it replaced.
 */
export function ballotsSince(
  log: CastLog,
  mark: BallotMark | undefined,
): { from: number; casts: readonly VoteCast[] } {
  const grown =
    mark !== undefined &&
    mark.rewrites === log.rewrites &&
    mark.count <= log.count &&
    castAt(log, mark.count - 1) === mark.last;
  const from = grown ? mark.count : 0;
  return { from, casts: castsFrom(log, from) };
}

/** The voter's latest cast (their standing ballot), or null; walks back from the newest chunk, as a change is recent. */
export function latestCastBy(log: CastLog, voter: Seat): VoteCast | null {
  if ((log.byVoter[voter] ?? 0) === 0) return null;
  for (let c = log.tail; c; c = c.prev) {
    for (let j = c.casts.length - 1; j >= 0; j--) if (c.casts[j]!.voter === voter) return c.casts[j]!;
  }
  return null;
}

export function hasCast(log: CastLog, voter: Seat): boolean {
  return (log.byVoter[voter] ?? 0) > 0;
}

/** Each thread's standing ballots as last read, by the thread's oldest chunk (shared by every later log). */
const standingMemo = new WeakMap<CastChunk, { mark: BallotMark; byVoter: ReadonlyMap<Seat, VoteCast> }>();

/**
 * Each voter's latest cast (their standing ballot), by voter. Read from the ballots added since this thread was
 * last read, when it has only grown since: a live tally read after every batch would otherwise walk every ballot
 * of the round each time.
 */
export function standingBallots(log: CastLog): ReadonlyMap<Seat, VoteCast> {
  let root = log.tail;
  while (root?.prev) root = root.prev;
  if (!root) return new Map();
  const held = standingMemo.get(root);
  const since = ballotsSince(log, held?.mark);
  if (held && since.from === held.mark.count && since.casts.length === 0) return held.byVoter;
  const byVoter = new Map(since.from > 0 && held ? held.byVoter : []);
  for (const c of since.casts) byVoter.set(c.voter, c);
  standingMemo.set(root, { mark: markOf(log), byVoter });
  return byVoter;
}
