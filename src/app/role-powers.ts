// What a role card says the role can do, from the rule set's definition of the role the holder is told it is.
import type { Role, RuleSet } from "../rules/schema.ts";
import type { RolePowers } from "../server/api-types.ts";

/**
 * `role` is the role as told (the 暗弹 is told 游侠, so its card shows a ranger's powers: none). Data, not words: the
 * page says it in Chinese.
 */
export function rolePowers(rules: RuleSet, role: Role): RolePowers {
  const group = role.group ? rules.groups.find((g) => g.id === role.group) : undefined;
  const members = group
    ? rules.roles.filter((r) => r.group === group.id).reduce((n, r) => n + r.count, 0)
    : 0;
  const bomb = role.bomb;
  return {
    post: role.post ?? null,
    group: group ? { name: group.name, rotation: group.rotation, members } : null,
    victimsHalfVote: role.victimsHalfVote,
    bomb: bomb
      ? {
          takesPoster: bomb.takesPoster,
          takesLeadVoter: bomb.takesLeadVoter,
          activeThroughRound: bomb.activeThroughRound,
          votesThroughRound: bomb.votesThroughRound ?? bomb.activeThroughRound - 1,
        }
      : null,
    abilities: role.abilities.map((a) => ({
      ability: a.ability,
      phase: a.phase,
      together: a.together,
      ...(a.uses !== undefined && { uses: a.uses }),
    })),
  };
}
