// Set-up shared by the 7kill tests: the preset without the day's 潜水 counts, its seats in a fixed order, Beijing time.
import { parseRuleSet } from "../../rules/parse.ts";
import { sevenkill16 } from "../../rules/presets/sevenkill-16.ts";
import type { RuleSet } from "../../rules/schema.ts";

/**
 * sevenkill-16 for games that write no discussion posts: the penalty ladder replaced by `penalties` (none by
 * default) and, with it, not voting an abstention rather than an offence.
 */
export function quietSevenKill(penalties?: RuleSet["penalties"]): RuleSet {
  const parsed = parseRuleSet({
    ...sevenkill16,
    penalties,
    vote: { ...sevenkill16.vote, nonVoting: { outcome: "abstain", excusedRounds: [] } },
  });
  if (!parsed.ok) throw new Error("sevenkill-16 does not parse");
  return parsed.ruleSet;
}

/** An instant written in Beijing time ("2026-12-01T20:00:00"). */
export const beijing = (s: string): number => Date.parse(`${s}+08:00`);

/** Seats 0–3 killers, 4–6 police, 7 doctor, 8–14 villagers, 15 the bandit; aliases p0…p15. */
export const SEVEN_SEATS = [
  ...["killer", "killer", "killer", "killer", "police", "police", "police", "doctor"],
  ...Array<string>(7).fill("villager"),
  "bandit",
].map((role, i) => ({ alias: `p${i}`, role }));
