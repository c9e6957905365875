// Prints a replay: JSON (the contract), or the results posts (结果帖) in Chinese with the refusals after them.
import type { RuleSet } from "../../rules/schema.ts";
import { renderResultsPost } from "../results-post.ts";
import type { RefusalOutput, ScenarioOutput } from "./output.ts";

export function formatJson(output: ScenarioOutput): string {
  return `${JSON.stringify(output, null, 2)}\n`;
}

/** One line per refusal: where, who, the stable code and the engine's reason. */
export function formatRefusal(r: RefusalOutput): string {
  const where = [
    r.line !== null ? `line ${r.line}` : null,
    r.event === null ? "clock" : r.event < 0 ? "start" : `events[${r.event}]`,
    r.kind,
    r.by !== undefined ? `by ${r.by}` : null,
  ]
    .filter((x) => x !== null)
    .join(" ");
  return `refused: ${where} at ${r.at}: ${r.code}: ${r.message}`;
}

export function formatMarkdown(output: ScenarioOutput, rules: RuleSet | null): string {
  const roleNames = Object.fromEntries((rules?.roles ?? []).map((r) => [r.id, r.name]));
  const last = output.rounds.at(-1)?.round;
  const posts = output.rounds.map((round) =>
    renderResultsPost(round, {
      roleNames,
      alliances: output.alliances.filter((a) => a.round === round.round).map((a) => a.name),
      ...(output.result.ended && round.round === last
        ? { result: { winner: output.result.winner, reason: output.result.reason } }
        : {}),
    }),
  );
  const parts = [posts.join("\n\n---\n\n")];
  if (output.result.ended && output.rounds.length === 0)
    parts.push(`游戏结束：${output.result.reason ?? ""}`);
  if (output.refusals.length > 0) {
    parts.push(["## Refusals", "", ...output.refusals.map((r) => `- ${formatRefusal(r)}`)].join("\n"));
  }
  return `${parts.join("\n\n")}\n`;
}
