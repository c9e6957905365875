// Posting units (出帖组) as they stand now: merges by alliances, takeovers of wiped groups (顶上出帖), quotas and rotation.

import type { Rotation } from "../rules/schema.ts";
import type { Instant, Seat } from "./contract.ts";
import type { RoundPlan } from "./events.ts";
import { memoOn } from "./memo.ts";
import { dayNightOf } from "./night/evolve.ts";
import { compareKeys, roleById, rotationKey } from "./roles.ts";
import type { GameState, RoundState } from "./state.ts";
import { rulesOf } from "./state.ts";

/** A unit id for a role that takes over posts by itself (若杀刺全部出局黑弹存活可代出帖). */
export const roleUnit = (role: string): string => `role:${role}`;

/**
 * Merges, unit members and where posts go, remembered per alliances (merges) and per seats (members, resolutions):
 * every kill post and every view during the posting window asks, and they change only when an alliance fires or a
 * seat goes out or comes back. The remembered maps and lists are read, never changed, by everything here.
 */
const mergesMemo = memoOn<GameState["alliances"], Map<string, string>>();
const membersMemo = memoOn<GameState["seats"], Map<string, readonly Seat[]>>();
const resolvedMemo = memoOn<GameState["seats"], Map<string, string | null>>();

/** Each group id's latest merged group (following merge effects of fired alliances, in firing order). */
function mergedInto(state: GameState): Map<string, string> {
  return mergesMemo.get(state.alliances, [state.rules], () => computeMerges(state));
}

function computeMerges(state: GameState): Map<string, string> {
  const rules = rulesOf(state);
  const map = new Map<string, string>();
  for (const fired of state.alliances) {
    const alliance = rules.alliances.find((a) => a.id === fired.id);
    for (const effect of alliance?.effects ?? []) if (effect.kind === "merge-groups") applyMerge(map, effect);
  }
  return map;
}

/** One merge-groups effect applied to the merges so far: the listed groups, with all they absorbed, join `into`. */
function applyMerge(map: Map<string, string>, effect: { groups: readonly string[]; into: string }): void {
  const absorbed = new Set(effect.groups.map((g) => latest(map, g)));
  for (const [from, to] of map) if (absorbed.has(to)) map.set(from, effect.into);
  for (const g of absorbed) map.set(g, effect.into);
  for (const g of effect.groups) map.set(g, effect.into);
}

/**
 * Whether an alliance's merges would change nothing: every merge-groups effect names groups a larger alliance has
 * already made one (风云's 「AB两组杀手联合」 after 「杀刺大联合」, which holds both groups). An alliance with any
 * other effect (a room to join) is never redundant.
 */
export function mergesAlreadyDone(
  state: GameState,
  effects: readonly { kind: string; groups?: readonly string[] }[],
): boolean {
  const merges = mergedInto(state);
  return (
    effects.length > 0 &&
    effects.every(
      (e) =>
        e.kind === "merge-groups" &&
        e.groups !== undefined &&
        new Set(e.groups.map((g) => latest(merges, g))).size === 1,
    )
  );
}

function latest(map: Map<string, string>, group: string): string {
  let g = group;
  for (let i = 0; i < 32; i++) {
    const next = map.get(g);
    if (next === undefined || next === g) return g;
    g = next;
  }
  return g;
}

/** The unit a seat posts in now (before takeovers), or null for a seat without a posting group. */
export function ownUnit(state: GameState, seat: Seat, merges = mergedInto(state)): string | null {
  const s = state.seats[seat];
  if (!s) return null;
  const role = roleById(rulesOf(state), s.role);
  if (!role.group || !role.post) return null;
  return latest(merges, role.group);
}

/** Living members of a unit, in rotation order (按代号序). */
export function unitMembers(state: GameState, unit: string, merges = mergedInto(state)): Seat[] {
  return membersOf(state, unit, merges).slice();
}

function membersOf(state: GameState, unit: string, merges: Map<string, string>): readonly Seat[] {
  const byUnit = membersMemo.get(state.seats, [state.rules, merges], () => new Map());
  let members = byUnit.get(unit);
  if (!members) {
    members = computeMembers(state, unit, merges);
    byUnit.set(unit, members);
  }
  return members;
}

function computeMembers(state: GameState, unit: string, merges: Map<string, string>): Seat[] {
  const members = state.seats
    .filter((s) => {
      if (!s.alive) return false;
      if (unit.startsWith("role:")) return s.role === unit.slice(5);
      return ownUnit(state, s.seat, merges) === unit;
    })
    .map((s) => s.seat);
  return members.sort((a, b) => compareKeys(rotationKey(state, a), rotationKey(state, b)));
}

/**
 * Where posts named `key` (a group id, a merged group id, or a unit id) go now: the unit itself while it has living
 * members; else the first live taker per `takeovers` (tried in order, recursively); null when they lapse
 * (lapseWhenWiped, RULINGS 18) or nobody can take them.
 */
export function resolveUnit(state: GameState, key: string, merges = mergedInto(state)): string | null {
  const byKey = resolvedMemo.get(state.seats, [state.rules, merges], () => new Map());
  let unit = byKey.get(key);
  if (unit === undefined) {
    unit = computeResolve(state, key, merges);
    byKey.set(key, unit);
  }
  return unit;
}

function computeResolve(state: GameState, key: string, merges: Map<string, string>): string | null {
  const rules = rulesOf(state);
  const seen = new Set<string>();
  const walk = (k: string): string | null => {
    if (seen.has(k)) return null;
    seen.add(k);
    const unit = k.startsWith("role:") ? k : latest(merges, k);
    if (membersOf(state, unit, merges).length > 0) return unit;
    // A merged group not formed yet (its alliance has not fired): its posts go to the groups it would merge.
    const pending = pendingMerge(state, unit, merges);
    for (const g of pending) {
      const taker = walk(g);
      if (taker) return taker;
    }
    const group = rules.groups.find((g) => g.id === k || g.id === unit);
    if (group?.lapseWhenWiped) return null;
    const entries = rules.takeovers.filter((t) => t.wiped === unit || t.wiped === k);
    for (const entry of entries) {
      for (const by of entry.by) {
        const taker = "group" in by ? walk(by.group) : walk(roleUnit(by.role));
        if (taker) return taker;
      }
    }
    return null;
  };
  return walk(key);
}

function pendingMerge(state: GameState, unit: string, merges: Map<string, string>): string[] {
  const rules = rulesOf(state);
  if ([...merges.values()].includes(unit)) return [];
  for (const a of rules.alliances) {
    for (const e of a.effects) if (e.kind === "merge-groups" && e.into === unit) return e.groups;
  }
  return [];
}

/** Posts each live unit may make in the round under `plan` (kill and extra posts together), after merges and takeovers. */
export function unitQuotas(
  state: GameState,
  plan: RoundPlan,
  merges = mergedInto(state),
): Map<string, number> {
  const quotas = new Map<string, number>();
  const add = (key: string, n: number) => {
    if (n <= 0) return;
    const unit = resolveUnit(state, key, merges);
    if (unit) quotas.set(unit, (quotas.get(unit) ?? 0) + n);
  };
  for (const [k, n] of Object.entries(plan.posts)) add(k, n);
  for (const [k, n] of Object.entries(plan.extraPosts)) add(k, n);
  return quotas;
}

/** Posts a unit has already submitted this round (submissions made under a unit that now resolves to it). */
export function unitUsed(
  state: GameState,
  round: RoundState,
  unit: string,
  merges = mergedInto(state),
): Seat[] {
  return round.submissions
    .filter(
      (s) =>
        !s.voided &&
        !withdrawnByOut(state, round, s.poster) &&
        (s.unit === unit || resolveUnit(state, s.unit, merges) === unit),
    )
    .map((s) => s.poster);
}

/**
 * A post waiting for the release whose poster has gone out since (voted out in an overtime that closed inside the
 * window, a referee's ruling): a dead player posts nothing, so the post is not released and its slot is free again.
 */
export function withdrawnByOut(state: GameState, round: RoundState, poster: Seat): boolean {
  return round.released === null && state.seats[poster]?.alive === false;
}

/** A unit's rotation: its group's, or for a merged group its merge's; a role taking over posts goes in code order. */
export function rotationOf(state: GameState, unit: string): Rotation {
  const rules = rulesOf(state);
  const group = rules.groups.find((g) => g.id === unit);
  if (group) return group.rotation;
  for (const a of rules.alliances) {
    for (const e of a.effects)
      if (e.kind === "merge-groups" && e.into === unit) return e.rotation ?? "code-order";
  }
  return "code-order";
}

/**
 * Whose turn it is: the unit's next `quota` posters in rotation order, starting after the last seat whose turn it was
 * (轮流出帖, continuing across rounds). A member may appear more than once when the quota exceeds the members.
 * Under `group-choice` every living member, each as many times as its even share of the quota (rounded up).
 * A merged group goes in the turn order its alliance set (`mergedTurnOrder`), then on in that order.
 */
export function expectedPosters(
  state: GameState,
  unit: string,
  quota: number,
  merges = mergedInto(state),
): Seat[] {
  const inCodeOrder = membersOf(state, unit, merges);
  if (inCodeOrder.length === 0 || quota <= 0) return [];
  if (rotationOf(state, unit) === "group-choice") {
    const share = Math.ceil(quota / inCodeOrder.length);
    return Array.from({ length: share }, () => inCodeOrder).flat();
  }
  const rank = rotationRank(state, unit);
  const members =
    rank === null ? inCodeOrder : inCodeOrder.slice().sort((a, b) => compareKeys(rank(a), rank(b)));
  const keyOf = rank ?? ((seat: Seat) => rotationKey(state, seat));
  const last = state.rotation[unit];
  let start = 0;
  if (last !== undefined) {
    const lastKey = keyOf(last);
    const after = members.findIndex((m) => compareKeys(keyOf(m), lastKey) > 0);
    start = Math.max(after, 0);
  }
  const out: Seat[] = [];
  for (let i = 0; i < quota; i++) out.push(members[(start + i) % members.length] as Seat);
  return out;
}

/**
 * The rank of a merged group's members in the turn order its alliance set (seats outside it after them, in code
 * order); null for a unit without one (a group of its own, or merged in a log from before the order was kept).
 */
function rotationRank(state: GameState, unit: string): ((seat: Seat) => number[]) | null {
  let order: readonly Seat[] | undefined;
  for (let i = state.alliances.length - 1; i >= 0 && order === undefined; i--)
    order = state.alliances[i]?.turnOrder?.[unit];
  if (order === undefined) return null;
  const place = new Map(order.map((seat, i) => [seat, i]));
  const after = order.length;
  return (seat) => [place.get(seat) ?? after, ...rotationKey(state, seat)];
}

/**
 * The turn orders of the code-order groups an alliance is about to merge (AllianceFormed.turnOrder), per merged
 * group: its members, living or not, who posted longest ago first (those who never posted before them all), then in
 * code order. Seed 000 「杀手方出帖按代号序轮流出帖…（如果杀手和刺客汇合以后，综合一起轮流出帖均可）」: going from
 * the first code, every merge gave its first posts to the members who had just posted (the A killers before the B,
 * the assassins and the lovers), and the referee gave the turns by hand (风云 play-through).
 * Members who have already handed in a post in the window still open come first of all, in hand-in order: an alliance
 * told at a vote's close fires after the next round's window opened (a second later, or after a 加时), and those posts
 * fill the merged group's first turns instead of leaving turns open that no post is left for.
 */
export function mergedTurnOrders(state: GameState, allianceId: string): Record<string, Seat[]> | undefined {
  const alliance = rulesOf(state).alliances.find((a) => a.id === allianceId);
  const lastPosted = new Map<Seat, number>();
  for (const r of state.rounds)
    for (const p of r?.released ?? [])
      lastPosted.set(p.poster, Math.max(lastPosted.get(p.poster) ?? -1, r!.round));
  const window = state.rounds[state.current];
  const handedIn = window && window.released === null ? window.submissions.filter((x) => !x.voided) : [];
  const handedInAt = new Map<Seat, number>();
  for (const [i, x] of handedIn.entries()) if (!handedInAt.has(x.poster)) handedInAt.set(x.poster, i);
  const rank = (seat: Seat): number[] => [
    handedInAt.has(seat) ? 0 : 1,
    handedInAt.get(seat) ?? 0,
    lastPosted.get(seat) ?? -1,
    ...rotationKey(state, seat),
  ];
  // Each merge on top of the ones before it, this alliance's earlier effects included (one may merge another's group).
  const merges = new Map(mergedInto(state));
  const out: Record<string, Seat[]> = {};
  for (const e of alliance?.effects ?? []) {
    if (e.kind !== "merge-groups") continue;
    applyMerge(merges, e);
    if ((e.rotation ?? "code-order") !== "code-order") continue;
    out[e.into] = state.seats
      .filter((s) => ownUnit(state, s.seat, merges) === e.into)
      .map((s) => s.seat)
      .sort((a, b) => compareKeys(rank(a), rank(b)));
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export interface PostRight {
  unit: string;
  kind: "kill" | "engineer";
  quota: number;
  used: number;
  expected: Seat[];
}

/** The unit a seat may post for this round, if any (its own unit, or a role unit it belongs to by takeover). */
export function postRightOf(state: GameState, round: RoundState, seat: Seat): PostRight | null {
  const merges = mergedInto(state);
  const quotas = unitQuotas(state, round.plan, merges);
  const s = state.seats[seat];
  if (!s) return null;
  const candidates: string[] = [];
  const own = ownUnit(state, seat, merges);
  if (own) candidates.push(own);
  candidates.push(roleUnit(s.role));
  for (const unit of candidates) {
    const quota = quotas.get(unit);
    if (quota === undefined) continue;
    const role = roleById(rulesOf(state), s.role);
    return {
      unit,
      kind: role.post === "engineer" ? "engineer" : "kill",
      quota,
      used: unitUsed(state, round, unit, merges).length,
      expected: withAssignedTurns(expectedPosters(state, unit, quota, merges), round, unit, merges),
    };
  }
  if (own) {
    const role = roleById(rulesOf(state), s.role);
    return {
      unit: own,
      kind: role.post === "engineer" ? "engineer" : "kill",
      quota: 0,
      used: 0,
      expected: [],
    };
  }
  return null;
}

/**
 * 指定出帖人: the round's rulings for `unit` applied to its rotation's posters, in order: each gives the first turn
 * `from` holds to `to`. A ruling whose `from` holds no turn any more (it went out, and the rotation moved) gives none.
 * One given in a group that has merged since (a 联合 fired in the window) applies to the merged group's rotation.
 */
function withAssignedTurns(
  expected: Seat[],
  round: RoundState,
  unit: string,
  merges: ReadonlyMap<string, string>,
): Seat[] {
  const out = expected.slice();
  for (const a of round.turnsAssigned ?? []) {
    if ((merges.get(a.unit) ?? a.unit) !== unit) continue;
    const i = out.indexOf(a.from);
    if (i >= 0) out[i] = a.to;
  }
  return out;
}

/** One turn of a unit's rotation in a round: whose it is now, whose it was before a 指定出帖人, and whether it is used. */
export interface Turn {
  seat: Seat;
  /** 指定出帖人: the seat the rotation gave the turn to, when the referee gave it to `seat`. */
  assignedFrom?: Seat;
  /** A post of `seat`'s (not voided) fills it: a seat's posts fill its turns in order. */
  taken: boolean;
}

/**
 * The turns of a unit that has posts in `round` under a rotation (null under `group-choice`, or for a unit without
 * posts that round): the rotation's posters with the referee's 指定出帖人 applied, each marked taken or open.
 */
export function unitTurns(state: GameState, round: RoundState, unit: string): Turn[] | null {
  const merges = mergedInto(state);
  const quota = unitQuotas(state, round.plan, merges).get(unit);
  if (quota === undefined || rotationOf(state, unit) === "group-choice") return null;
  const rotation = expectedPosters(state, unit, quota, merges);
  const turns = withAssignedTurns(rotation, round, unit, merges);
  const posts = new Map<Seat, number>();
  for (const s of round.submissions) if (!s.voided) posts.set(s.poster, (posts.get(s.poster) ?? 0) + 1);
  return turns.map((seat, i) => {
    const left = posts.get(seat) ?? 0;
    if (left > 0) posts.set(seat, left - 1);
    const from = rotation[i];
    return { seat, ...(from !== undefined && from !== seat ? { assignedFrom: from } : {}), taken: left > 0 };
  });
}

/**
 * Per unit with a quota: the last seat whose turn it was once the window closed (for the rotation to continue). The
 * rotation's own posters, not those a 指定出帖人 named: the turn given away is spent, as a turn not used is (RULINGS 19),
 * and the rotation goes on after it; the seat named keeps its own turn when the rotation comes to it.
 */
export function rotationAfterRound(state: GameState, plan: RoundPlan): Record<string, Seat> {
  const merges = mergedInto(state);
  const out: Record<string, Seat> = {};
  for (const [unit, quota] of unitQuotas(state, plan, merges)) {
    // A group choosing its own posters has no turn to carry on.
    if (rotationOf(state, unit) === "group-choice") continue;
    const expected = expectedPosters(state, unit, quota, merges);
    const last = expected[expected.length - 1];
    if (last !== undefined) out[unit] = last;
  }
  return out;
}

/**
 * The seat's turns in this round's rotation and how many of them it has used (posts not voided): it may post
 * while `used < turns` and its unit has posts left.
 */
export function ownTurns(right: PostRight, round: RoundState, seat: Seat): { turns: number; used: number } {
  return {
    turns: right.expected.filter((s) => s === seat).length,
    used: round.submissions.filter((s) => !s.voided && s.poster === seat).length,
  };
}

/** Rooms a seat is in now: its role's room plus rooms joined or formed by alliances. */
export function roomsOf(state: GameState, seat: Seat): string[] {
  const rules = rulesOf(state);
  const s = state.seats[seat];
  if (!s) return [];
  const role = roleById(rules, s.role);
  const rooms = new Set<string>();
  if (role.room) rooms.add(role.room);
  // 秘匪 "转成杀手（与存活的杀手互知共同杀人）": a converted seat joins its new role's room.
  const bandit = dayNightOf(state).bandit;
  const became = bandit?.seat === seat && bandit.became ? roleById(rules, bandit.became) : null;
  if (became?.room) rooms.add(became.room);
  const merges = mergedInto(state);
  const ownGroup = role.group;
  for (const fired of state.alliances) {
    const alliance = rules.alliances.find((a) => a.id === fired.id);
    for (const e of alliance?.effects ?? []) {
      if (e.kind === "join-room" && e.role === s.role) rooms.add(e.room);
      if (
        e.kind === "merge-groups" &&
        ownGroup &&
        role.post &&
        latest(merges, ownGroup) === latest(merges, e.into)
      ) {
        rooms.add(e.room);
      }
    }
  }
  return [...rooms];
}

/**
 * Rooms `seat` joined after the start, with the instant it joined: a bandit turned killer (「与存活的杀手互知共同杀人」,
 * from its conversion) and a role an alliance brings into a room (明蛋与双剑联合). A late member reads a room from then
 * on, not the talk held before it was let in. Rooms of the seat's own role are read from the start and are not listed.
 * Null when there is none (the usual case: asked for every viewer of every live batch).
 */
export function roomsJoinedLate(state: GameState, seat: Seat): Map<string, Instant> | null {
  const rules = rulesOf(state);
  const s = state.seats[seat];
  if (!s) return null;
  const role = roleById(rules, s.role);
  let late: Map<string, Instant> | null = null;
  const add = (room: string, at: Instant) => {
    if (room === role.room) return;
    late ??= new Map();
    const prior = late.get(room);
    if (prior === undefined || at < prior) late.set(room, at);
  };
  const bandit = dayNightOf(state).bandit;
  if (bandit?.seat === seat && bandit.became && bandit.becameAt !== undefined) {
    const room = roleById(rules, bandit.became).room;
    if (room) add(room, bandit.becameAt);
  }
  if (state.alliances.length === 0) return late;
  // The merges replayed alliance by alliance, as computeMerges makes them: a merged group's room is the seat's from
  // the alliance after which its group has reached that room's line, which may be a later one (杀刺大联合 brings the
  // assassins into the room 「AB组杀手联合」 opened earlier).
  const merges = new Map<string, string>();
  const mergedRooms: { room: string; into: string }[] = [];
  for (const fired of state.alliances) {
    const alliance = rules.alliances.find((a) => a.id === fired.id);
    for (const e of alliance?.effects ?? []) {
      if (e.kind === "join-room" && e.role === s.role) add(e.room, fired.at);
      if (e.kind !== "merge-groups") continue;
      applyMerge(merges, e);
      mergedRooms.push({ room: e.room, into: e.into });
    }
    if (!role.group || !role.post) continue;
    const line = latest(merges, role.group);
    for (const r of mergedRooms) if (latest(merges, r.into) === line) add(r.room, fired.at);
  }
  return late;
}
