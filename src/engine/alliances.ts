// 联合: alliance triggers, evaluated against the state; an alliance fires the moment its trigger holds.
import type { Trigger } from "../rules/schema.ts";
import { mergesAlreadyDone } from "./groups.ts";
import { memoOn } from "./memo.ts";
import type { GameState } from "./state.ts";
import { rulesOf } from "./state.ts";

/**
 * An out the players have been told of: its identity published (the results post, or at once for a suicide), or,
 * where the rule set publishes no identities, its round over. A trigger counting outs goes by these, not by every
 * seat not alive: an out at the posts' release is told at the vote's close, a day later, and until then it may be
 * taken back (an upheld 举报 or a failed 白条 revives the target, RULINGS 15 and 16). Counted at once, the alliance
 * fired on a kill later undone, for good, and told everyone a day early that a victim was black.
 */
function toldOut(state: GameState, s: GameState["seats"][number]): boolean {
  if (s.alive) return false;
  if (s.revealed) return true;
  if (rulesOf(state).disclosure.identity) return false;
  const round = s.out?.round;
  return round !== undefined && (state.rounds[round]?.closed === true || state.current > round);
}

/** A trigger kind that reads any other part of the state must be added to nextAlliance's remembered inputs. */
export function triggerHolds(state: GameState, t: Trigger): boolean {
  switch (t.kind) {
    case "out-count":
      return state.seats.filter((s) => t.roles.includes(s.role) && toldOut(state, s)).length >= t.atLeast;
    case "after-round-posts":
      return state.rounds.some((r) => r !== undefined && r.round >= t.round && r.released !== null);
    case "after-round":
      // Round k has ended once its vote has closed, or once round k+1 has opened: that opens at the stated deadline
      // while round k's vote may still run (加时, its closing second), and its posts need the merged unit.
      return (
        state.current > t.round || state.rounds.some((r) => r !== undefined && r.round >= t.round && r.closed)
      );
    case "bomb-fired-or-out":
      // As above: which bomb fired (明蛋 or another) is told with its identity, and a failed 白条 takes a firing back.
      return state.seats.some(
        (s) => s.role === t.role && (toldOut(state, s) || (s.revealed && state.bombsFired.includes(s.seat))),
      );
    case "alliance-fired":
      return state.alliances.some((a) => a.id === t.alliance);
    case "any":
      return t.of.some((x) => triggerHolds(state, x));
    case "all":
      return t.of.every((x) => triggerHolds(state, x));
  }
}

/**
 * Triggers read the seats, the bombs fired, the alliances formed, which rounds' posts are out and which rounds have
 * ended; settle asks after every command, and a vote changes none of them. "after-round-posts" holds iff the latest
 * round with its posts out is at or after the named round, and "after-round" iff the latest round ended is, so those
 * two round numbers stand for the rounds.
 */
const nextMemo = memoOn<GameState["seats"], { id: string; name: string } | null>();

function latestReleasedRound(state: GameState): number {
  for (let i = state.rounds.length - 1; i >= 0; i--) {
    const r = state.rounds[i];
    if (r !== undefined && r.released !== null) return r.round;
  }
  return -1;
}

function latestClosedRound(state: GameState): number {
  for (let i = state.rounds.length - 1; i >= 0; i--) {
    const r = state.rounds[i];
    if (r?.closed) return r.round;
  }
  return -1;
}

/** The first alliance, in rule-set order, that has not fired and whose trigger holds now. */
export function nextAlliance(state: GameState): { id: string; name: string } | null {
  const rules = rulesOf(state);
  if (rules.alliances.length === 0) return null;
  const next = nextMemo.get(
    state.seats,
    [
      rules,
      state.bombsFired,
      state.alliances,
      latestReleasedRound(state),
      latestClosedRound(state),
      state.current,
    ],
    () => firstAllianceDue(state),
  );
  return next && { ...next };
}

function firstAllianceDue(state: GameState): { id: string; name: string } | null {
  const due = rulesOf(state).alliances.filter(
    (a) =>
      !state.alliances.some((f) => f.id === a.id) &&
      // Already inside a larger merge: firing it would split nothing off, but rename the group (losing its turn
      // order, 「综合一起轮流出帖」) and announce a 联合 that changes nothing.
      !mergesAlreadyDone(state, a.effects) &&
      triggerHolds(state, a.when),
  );
  // Outs are counted as they are told, several at one close: 「AB两组杀手联合」 and 「杀刺大联合」 may come due
  // together. The smaller then goes inside the larger, as it would had the larger fired first; of two that merge the
  // same groups, the first in the rule set fires (and the other, its merges done, never does).
  const first = due.find(
    (a, i) =>
      !due.some(
        (b, j) =>
          b !== a && mergesWithin(a.effects, b.effects) && (!mergesWithin(b.effects, a.effects) || j < i),
      ),
  );
  return first ? { id: first.id, name: first.name } : null;
}

type Effects = readonly { kind: string; groups?: readonly string[] }[];

/** Whether every merge of `inner` is part of one merge of `outer` (only merges: a room joined is never subsumed). */
function mergesWithin(inner: Effects, outer: Effects): boolean {
  return (
    inner.length > 0 &&
    inner.every(
      (e) =>
        e.kind === "merge-groups" &&
        outer.some(
          (o) => o.kind === "merge-groups" && (e.groups ?? []).every((g) => (o.groups ?? []).includes(g)),
        ),
    )
  );
}
