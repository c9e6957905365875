// 进程编辑: the referee's 「组=数」 lines over the round's plan. The server replaces a round's posts whole, so the
// groups the referee leaves out are filled in from the plan in force, as the form promises (「留空的项保持原样」).
import { planFor } from "../../../src/engine/plan.ts";
import type { GameState } from "../../../src/engine/state.ts";

/** Counts as 「killer-a=1」 lines, one a group: the form's placeholder, the plan in force as it would be typed. */
export function formatPostLines(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([k, v]) => `${k}=${v}`)
    .join("\n");
}

/** 「killer-a=1」 lines as counts; blank lines and lines without a number are skipped. */
export function parsePostLines(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of text.split("\n")) {
    const [k, v] = line.split("=").map((x) => x.trim());
    if (k && v !== undefined && v !== "") out[k] = Number(v);
  }
  return out;
}

/**
 * The round's posts per group as they stand (`extraPosts`: the 工兵's, outside the kill total): an opened round's own
 * plan, else the rule set's with earlier 微调.
 */
export function postsInForce(
  state: GameState | null,
  round: number,
  which: "posts" | "extraPosts" = "posts",
): Record<string, number> | null {
  if (!state?.rules) return null;
  const opened = state.rounds[round];
  return { ...(opened ? opened.plan : planFor(state, state.rules, round))[which] };
}

/** What to send: the plan's posts with the edited groups replaced; undefined when nothing was edited. */
export function editedPosts(
  inForce: Record<string, number> | null,
  edited: Record<string, number>,
): Record<string, number> | undefined {
  if (Object.keys(edited).length === 0) return undefined;
  return { ...(inForce ?? {}), ...edited };
}
