// 指定出帖人: the referee gives a turn of a unit's rotation to another living member of the unit (哨子最大).
import type { RuleSet } from "../rules/schema.ts";
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import type { Instant, Override, Refusal } from "./contract.ts";
import { roleUnit, rotationOf, unitMembers, unitTurns } from "./groups.ts";
import { rulesOf } from "./state.ts";

type AssignTurn = Extract<Override, { action: "assign-turn" }>;

/** The units a rotation can belong to: the rule set's groups, the groups its alliances merge into, a role's own. */
function knownUnit(rules: RuleSet, unit: string): boolean {
  if (rules.groups.some((g) => g.id === unit)) return true;
  if (rules.roles.some((r) => roleUnit(r.id) === unit)) return true;
  return rules.alliances.some((a) => a.effects.some((e) => e.kind === "merge-groups" && e.into === unit));
}

/**
 * 「按代号顺序轮流出帖」: only the member whose turn it is may post (post.not-your-turn), so an absent one costs the unit
 * its post. The referee gives that turn to `seat`. Refused: a unit the rule set lacks, one choosing its own posters
 * (no turns to give), a seat that is no living member of the unit, no turn open (the round's posts are out, the unit
 * has none this round, or all are taken; with `from`, none of `from`'s), and the seat whose turn it is already.
 */
export function decideAssignTurn(
  b: Batch,
  at: Instant,
  round: number,
  o: AssignTurn,
  reason: string,
): Refusal | null {
  const state = b.state;
  if (!knownUnit(rulesOf(state), o.unit))
    return {
      code: "override.unknown-unit",
      message: `no posting unit has the id "${o.unit}"`,
      details: { unit: o.unit },
    };
  if (rotationOf(state, o.unit) === "group-choice")
    return {
      code: "override.group-choice",
      message: "the group chooses its own posters; it has no turns to give",
      details: { unit: o.unit },
    };
  if (!unitMembers(state, o.unit).includes(o.seat))
    return {
      code: "override.not-unit-member",
      message: `seat ${o.seat} is no living member of ${o.unit}`,
      details: { seat: o.seat, unit: o.unit },
    };
  const r = state.rounds[round];
  const turns = r && !r.released ? unitTurns(state, r, o.unit) : null;
  const open = turns?.find((t) => !t.taken && (o.from === undefined || t.seat === o.from));
  if (!open)
    return o.from === undefined || !turns
      ? {
          code: "override.no-turn-open",
          message: `${o.unit} has no turn open in round ${round}`,
          details: { unit: o.unit, round },
        }
      : {
          code: "override.not-their-turn",
          message: `seat ${o.from} has no turn open in round ${round}`,
          details: { seat: o.from, round },
        };
  if (open.seat === o.seat)
    return {
      code: "override.same-turn-seat",
      message: `the turn is seat ${o.seat}'s already`,
      details: { seat: o.seat },
    };
  emit(b, { type: "OverrideApplied", at, round, override: { ...o, from: open.seat }, reason });
  return null;
}
