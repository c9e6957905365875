// Seats at the start: fixed or seeded-random roles, and code names given per seat or handed out in seat order per role.
import type { RuleSet } from "../rules/schema.ts";
import type { Refusal, SeatSpec } from "./contract.ts";
import type { StartedSeat } from "./events.ts";
import { seededShuffle } from "./random.ts";

/** Every role id repeated `count` times, in rule-set order. */
export function roleDeck(rules: RuleSet): string[] {
  return rules.roles.flatMap((r) => Array.from({ length: r.count }, () => r.id));
}

/**
 * The seats of a new game, or a refusal. Pure: the same seed always deals the same roles.
 * Codes not given are handed out per role in seat order, skipping codes already given.
 */
export function dealSeats(
  rules: RuleSet,
  spec: SeatSpec[] | { aliases: string[]; seed: string },
): { ok: true; seats: StartedSeat[]; seed: string | null } | { ok: false; refusal: Refusal } {
  const deck = roleDeck(rules);
  let specs: SeatSpec[];
  let seed: string | null = null;
  if (Array.isArray(spec)) {
    specs = spec;
  } else {
    seed = spec.seed;
    const roles = seededShuffle(deck, spec.seed);
    const houses = dealHouses(rules, spec.aliases.length, spec.seed);
    specs = spec.aliases.map((alias, i) => ({
      alias,
      role: roles[i] ?? "",
      ...(houses !== null && { house: houses[i] }),
    }));
  }
  if (specs.length !== deck.length) {
    return fail("start.seat-count", `the rule set has ${deck.length} seats, got ${specs.length}`, {
      expected: deck.length,
      got: specs.length,
    });
  }
  const aliases = new Set<string>();
  for (const s of specs) {
    if (aliases.has(s.alias))
      return fail("start.duplicate-alias", `alias ${s.alias} appears twice`, { alias: s.alias });
    aliases.add(s.alias);
  }
  for (const role of rules.roles) {
    const n = specs.filter((s) => s.role === role.id).length;
    if (n !== role.count) {
      return fail("start.role-count", `role ${role.id} needs ${role.count} seats, got ${n}`, {
        role: role.id,
        expected: role.count,
        got: n,
      });
    }
  }
  const unknown = specs.find((s) => !rules.roles.some((r) => r.id === s.role));
  if (unknown) return fail("start.unknown-role", `unknown role ${unknown.role}`, { role: unknown.role });

  const given = new Set(specs.map((s) => s.code).filter((c): c is string => typeof c === "string"));
  const nextCode = new Map<string, string[]>(
    rules.roles.map((r) => [r.id, (r.codes ?? []).filter((c) => !given.has(c))]),
  );
  const seats: StartedSeat[] = specs.map((s) => {
    let code = s.code ?? null;
    if (code === null) code = nextCode.get(s.role)?.shift() ?? null;
    return { alias: s.alias, role: s.role, code, ...(s.house !== undefined ? { house: s.house } : {}) };
  });
  const codes = seats.map((s) => s.code).filter((c): c is string => c !== null);
  if (new Set(codes).size !== codes.length)
    return fail("start.duplicate-code", "a code name is given to two seats");
  return { ok: true, seats, seed };
}

/**
 * 两府制: a seeded split of the seats into two houses of equal size (house 1 takes the odd seat), drawn apart from
 * the roles so a house says nothing about a role. Null when the rule set has one house. Explicit seats bring their own.
 */
function dealHouses(rules: RuleSet, seats: number, seed: string): number[] | null {
  if (rules.win.kind !== "score" || rules.win.houses !== 2) return null;
  const order = seededShuffle(
    Array.from({ length: seats }, (_, i) => i),
    `${seed}:houses`,
  );
  const houses = new Array<number>(seats).fill(2);
  for (const seat of order.slice(0, Math.ceil(seats / 2))) houses[seat] = 1;
  return houses;
}

function fail(code: string, message: string, details?: Refusal["details"]): { ok: false; refusal: Refusal } {
  return { ok: false, refusal: details ? { code, message, details } : { code, message } };
}
