// Prints a replay: JSON (the contract), or the results posts (结果帖) in Chinese with the refusals after them.
import type { RuleSet } from "../../rules/schema.ts";
import type { RoundPlanInfo } from "../engine-port.ts";
import { nightResolved, type ResultsPart, roundPostText } from "../results-post.ts";
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

/**
 * A round the clock reached but whose results are not out yet: its vote (or 加时) still runs, as the live preview
 * refuses it (`results-vote-open`), though its posts' 帖杀 are already listed; or nothing happened in it at all.
 */
function hasNoResults(r: ScenarioOutput["rounds"][number], dayNight: unknown): boolean {
  if (r.running) return true;
  // A day nobody voted in or left still has a night whose dawn was announced (平安夜 too).
  if (nightResolved(dayNight, r.round)) return false;
  return r.out.length === 0 && r.revived.length === 0 && r.tally.length === 0 && r.overtime === null;
}

/**
 * `plans`: each opened round's plan (RunResult.plans); a round's post then ends with the next round's 进程, as the live
 * post does (seed 000 「同时发布下一轮的游戏进程」), where the rule set has kill posts to announce.
 */
export function formatMarkdown(
  output: ScenarioOutput,
  rules: RuleSet | null,
  plans: Readonly<Record<number, RoundPlanInfo>> = {},
): string {
  // 7kill has no 进程 of posts and votes to announce: its days follow the threshold rule (as referee-actions.ts).
  const announces = rules?.roles.some((x) => x.post !== undefined) ?? false;
  let end = output.rounds.length;
  while (end > 0 && hasNoResults(output.rounds[end - 1]!, output.dayNight)) end--;
  const settled = output.rounds.slice(0, end);
  const last = settled.at(-1)?.round;
  const dayNight = rules?.schedule.kind === "day-night";
  const posts = settled.flatMap((round) => {
    const src = {
      rules,
      alliances: output.alliances,
      result: output.result,
      dayNight: output.dayNight,
      ...(last !== undefined && { lastRound: last }),
      // An earlier post of an ended game keeps its next round's line, as it was published; only the last has none.
      ...(announces &&
        !(output.result.ended && round.round === last) &&
        plans[round.round + 1] && { nextPlan: { round: round.round + 1, ...plans[round.round + 1]! } }),
    };
    // A day-night round's day, then its night once dawn has come (第N天结果, 第N夜结果).
    const parts: ResultsPart[] =
      dayNight && nightResolved(output.dayNight, round.round) ? ["day", "night"] : ["day"];
    return parts.map((part) => roundPostText(part, round, src));
  });
  // Rounds opened when the clock stopped have no results post yet; once the game is over they never will.
  if (!output.result.ended) {
    for (const r of output.rounds.slice(end))
      posts.push(`## 第${r.round}${dayNight ? "天" : "轮"}\n\n本轮进行中，尚无结果。`);
  }
  const parts = [posts.join("\n\n---\n\n")];
  if (output.refusals.length > 0) {
    parts.push(["## Refusals", "", ...output.refusals.map((r) => `- ${formatRefusal(r)}`)].join("\n"));
  }
  return `${parts.join("\n\n")}\n`;
}
