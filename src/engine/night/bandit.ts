// 秘匪 (seed 001 1.5): the role a seat acts as, counts as and is published as, and its conversion at the end of day 3.
import type { Role } from "../../rules/schema.ts";
import type { Batch } from "../batch.ts";
import { emit } from "../batch.ts";
import type { Instant, Seat } from "../contract.ts";
import { roleById } from "../roles.ts";
import type { GameState } from "../state.ts";
import { rulesOf } from "../state.ts";
import { dayNightOf } from "./evolve.ts";

function conversionOf(state: GameState, seat: Seat): NonNullable<Role["conversion"]> | null {
  const s = state.seats[seat];
  if (!s || !state.rules) return null;
  return roleById(state.rules, s.role).conversion ?? null;
}

/** The role whose abilities the seat has now: its own, or the one it converted to ("转成杀手…共同杀人"). */
export function actingRole(state: GameState, seat: Seat): string {
  const s = state.seats[seat];
  if (!s) throw new Error(`engine invariant: unknown seat ${seat}`);
  const b = dayNightOf(state).bandit;
  return conversionOf(state, seat) && b?.seat === seat && b.became ? b.became : s.role;
}

/**
 * The role the seat counts as for winning and points: the converted role, or before conversion its `beforeConversion`
 * role ("如果秘匪出局时未开枪且未转为杀手，则仍视为水民").
 */
export function countsAs(state: GameState, seat: Seat): string {
  const s = state.seats[seat];
  if (!s) throw new Error(`engine invariant: unknown seat ${seat}`);
  const conv = conversionOf(state, seat);
  if (!conv) return s.role;
  const b = dayNightOf(state).bandit;
  return b?.seat === seat && b.became ? b.became : conv.beforeConversion;
}

/** What an out seat's identity is published as: "转为水民（出局时公布水民）", "此时公布为水民". */
export const publishedRole = countsAs;

/** The way the conversion went, for win conditions and rewards: before it, the `beforeConversion` way. */
export function conversionPath(state: GameState, role: string): { became: string; used: boolean } | null {
  const rules = rulesOf(state);
  const r = rules.roles.find((x) => x.id === role);
  if (!r?.conversion) return null;
  const b = dayNightOf(state).bandit;
  return {
    became: b?.became ?? r.conversion.beforeConversion,
    used: b?.shot !== null && b?.shot !== undefined,
  };
}

/**
 * "转成杀手（与存活的杀手互知共同杀人）": a converted bandit is known to the seats alive when it converted, not to those
 * out before (a dead killer must not learn who joined its group, nor see its kills or its room messages). For `seat`,
 * the bandit's seat when it must stay hidden from it; else null.
 */
export function banditHiddenFrom(state: GameState, seat: Seat | null): Seat | null {
  const b = dayNightOf(state).bandit;
  if (seat === null || !b?.became || b.becameAt === undefined || seat === b.seat) return null;
  const out = state.seats[seat]?.out;
  return out && out.at <= b.becameAt ? b.seat : null;
}

/**
 * When `seat`, the bandit, turned killer (或水民); null for any other seat or before it converted. "与存活的杀手互知共同杀人"
 * from then on: the killers' earlier choices and talk are not its to know (it played as 水民 until then).
 */
export function convertedAt(state: GameState, seat: Seat | null): Instant | null {
  const b = dayNightOf(state).bandit;
  return seat !== null && b?.seat === seat && b.became && b.becameAt !== undefined ? b.becameAt : null;
}

/** The bandit's seat, if the rule set has one. */
export function banditSeat(state: GameState): Seat | null {
  if (!state.rules) return null;
  const s = state.seats.find((x) => conversionOf(state, x.seat) !== null);
  return s ? s.seat : null;
}

/**
 * At the end of day `round`: "前三天不开枪则转成杀手" — a living bandit that has not shot by the end of the
 * `withinDays`-th day phase (RULINGS 22) becomes a killer; the duel day is the same day ("当天进行第二次讨论").
 */
export function convertAtDayEnd(b: Batch, at: Instant, round: number): void {
  const seat = banditSeat(b.state);
  if (seat === null) return;
  const conv = conversionOf(b.state, seat);
  const bandit = dayNightOf(b.state).bandit;
  if (!conv || bandit?.became || round !== conv.withinDays) return;
  if (!b.state.seats[seat]?.alive) return;
  emit(b, { type: "BanditConverted", at, round, seat, became: conv.ifNotUsed, used: false });
}

/** "如果在前三天开枪，则转为水民": the shot converts at once. */
export function convertOnShot(b: Batch, at: Instant, round: number, seat: Seat): void {
  const conv = conversionOf(b.state, seat);
  if (!conv) return;
  emit(b, { type: "BanditConverted", at, round, seat, became: conv.ifUsed, used: true });
}
