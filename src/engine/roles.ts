// Lookups into the rule set's roles and groups for a seat: camp, post right, bomb behaviour, rotation order.
import type { Role, RuleSet } from "../rules/schema.ts";
import type { Seat } from "./contract.ts";
import type { GameState } from "./state.ts";
import { rulesOf } from "./state.ts";

/** Roles by id, per rule set: the engine asks for a seat's role on nearly every command (rule sets are never mutated). */
const roleIndex = new WeakMap<RuleSet, Map<string, Role>>();

export function roleById(rules: RuleSet, id: string): Role {
  let index = roleIndex.get(rules);
  if (!index) {
    index = new Map();
    // The first role of an id wins, as a linear find would pick it.
    for (const r of rules.roles) if (!index.has(r.id)) index.set(r.id, r);
    roleIndex.set(rules, index);
  }
  const role = index.get(id);
  if (!role) throw new Error(`engine invariant: unknown role ${id}`);
  return role;
}

export function roleOfSeat(state: GameState, seat: Seat): Role {
  const s = state.seats[seat];
  if (!s) throw new Error(`engine invariant: unknown seat ${seat}`);
  return roleById(rulesOf(state), s.role);
}

export function campOfSeat(state: GameState, seat: Seat): Role["camp"] {
  return roleOfSeat(state, seat).camp;
}

/** Rotation order within a posting unit: role order in the rule set, then code order (按代号序), then seat. */
export function rotationKey(state: GameState, seat: Seat): [number, number, number] {
  const rules = rulesOf(state);
  const s = state.seats[seat];
  const roleIndex = rules.roles.findIndex((r) => r.id === s?.role);
  const role = rules.roles[roleIndex];
  const codeIndex = s?.code && role?.codes ? role.codes.indexOf(s.code) : -1;
  return [roleIndex, codeIndex < 0 ? Number.MAX_SAFE_INTEGER : codeIndex, seat];
}

export function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
