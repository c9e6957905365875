// Runs a parsed scenario through the engine: commands in time order, the clock ticked so every deadline fires by itself.

import type { Command, GameSummary, Instant, Refusal, Seat } from "../../engine/contract.ts";
import type { RuleSet } from "../../rules/schema.ts";
import { countWords } from "../../text/wordcount.ts";
import type { RoundPlanInfo } from "../engine-port.ts";
import { type RefusalOutput, type ScenarioOutput, toAliases } from "./output.ts";
import type { Length, Scenario, ScenarioStep } from "./types.ts";

/** What the runner needs from the engine; `engine-port.ts` binds it to src/engine. */
export interface EnginePort<S> {
  initial(): S;
  /** One command: the next state, or the refusal (the state is then unchanged). */
  apply(state: S, command: Command): { ok: true; state: S } | { ok: false; refusal: Refusal };
  /** Due times of the deadlines still pending, so the clock can stop at each one in order. */
  pendingDeadlines(state: S): Instant[];
  summarize(state: S): GameSummary;
  /** The poster's latest kill post (its round and place in the round), for a complaint that names it by label. */
  latestPost(state: S, poster: Seat): { round: number; post: number } | null;
  /** A round's plan (votes, vote-outs, posts per unit), as the live results post announces the next round's. */
  roundPlan?(state: S, round: number): RoundPlanInfo | null;
  /** Whether the round's results are out (its vote and any 加时 closed). */
  roundClosed?(state: S, round: number): boolean;
}

export interface RunResult {
  output: ScenarioOutput;
  /** The game never started (the start was refused): the scenario does not fit its rule set. */
  startRefused: boolean;
  /**
   * The plan of each round after one whose results came out, as it stood then (the referee publishes it with those
   * results), by round number: the md format's 「第N轮进程」 line (seed 000 「同时发布下一轮的游戏进程」). Not part of
   * the JSON output. A later alliance or progression change does not rewrite an earlier post's line.
   */
  plans?: Record<number, RoundPlanInfo>;
}

/** Pure given the port: the same scenario and rule set always give the same output. */
export function runScenario<S>(scenario: Scenario, rules: RuleSet, engine: EnginePort<S>): RunResult {
  const aliases = [...scenario.aliases];
  const aliasOf = (seat: Seat) => aliases[seat] ?? `#${seat}`;
  const refusals: RefusalOutput[] = [];
  let state = engine.initial();

  const started = engine.apply(state, {
    type: "StartGame",
    at: scenario.start,
    rules,
    start: scenario.start,
    seats: scenario.seats,
  });
  if (!started.ok) {
    refusals.push({
      event: -1,
      line: scenario.rulesLine,
      at: new Date(scenario.start).toISOString(),
      kind: "start",
      ...refusalFields(started.refusal),
    });
    return {
      output: {
        rounds: [],
        alliances: [],
        result: { ended: false, winner: null, reason: null, why: null },
        refusals,
      },
      startRefused: true,
    };
  }
  state = started.state;

  const plans: Record<number, RoundPlanInfo> = {};
  const capturePlans = () => {
    if (!engine.roundPlan || !engine.roundClosed) return;
    for (let k = 1; engine.roundClosed(state, k); k++) {
      if (plans[k + 1] !== undefined) continue;
      const plan = engine.roundPlan(state, k + 1);
      if (plan) plans[k + 1] = plan;
    }
  };

  let clock = scenario.start;
  const tickTo = (target: Instant) => {
    // Stop at each deadline's own time, so what it triggers (overtime, the next window) is dated correctly.
    for (let guard = 0; guard < 10_000; guard++) {
      const due = engine.pendingDeadlines(state).filter((t) => t > clock && t <= target);
      if (due.length === 0) break;
      tick(Math.min(...due));
    }
    if (target > clock) tick(target);
  };
  const tick = (at: Instant) => {
    clock = at;
    const r = engine.apply(state, { type: "Tick", at });
    if (r.ok) {
      state = r.state;
      capturePlans();
    } else if (!refusals.some((x) => x.kind === "tick" && x.code === r.refusal.code)) {
      // A tick refused once (e.g. after the end) says all there is to say; repeats would bury the real refusals.
      refusals.push({
        event: null,
        line: null,
        at: new Date(at).toISOString(),
        kind: "tick",
        ...refusalFields(r.refusal),
      });
    }
  };

  // Each labelled post as the engine took it; a refused one is left out, so a complaint naming it is refused too.
  const labelled = new Map<string, { round: number; post: number }>();
  for (const step of scenario.steps) {
    tickTo(step.origin.at);
    const named =
      step.action.kind === "complaint" ||
      step.action.kind === "file-complaint" ||
      step.action.kind === "referee"
        ? step.action.post
        : undefined;
    const key = named === undefined ? undefined : labelled.get(named);
    if (named !== undefined && key === undefined) {
      const by = actor(step);
      const what =
        step.action.kind === "complaint"
          ? "rule on"
          : step.action.kind === "referee"
            ? step.action.override.action === "accept-iou"
              ? "accept the 白条 of"
              : "reinstate"
            : "complain about";
      refusals.push({
        event: step.origin.index,
        line: step.origin.line,
        at: step.origin.atText,
        kind: step.source,
        ...(by !== null ? { by: aliasOf(by) } : {}),
        code: "scenario.post-refused",
        message: `post ${named} was refused, so there is no post to ${what}`,
      });
      continue;
    }
    const command = toCommand(step, rules, key);
    const r = engine.apply(state, command);
    if (r.ok) {
      state = r.state;
      capturePlans();
      if (step.action.kind === "post" && step.action.label !== undefined) {
        const post = engine.latestPost(state, step.action.poster);
        if (post) labelled.set(step.action.label, post);
      }
      if (
        step.action.kind === "referee" &&
        step.action.newAlias !== undefined &&
        step.action.override.action === "substitute"
      ) {
        aliases[step.action.override.seat] = step.action.newAlias;
      }
    } else {
      const by = actor(step);
      refusals.push({
        event: step.origin.index,
        line: step.origin.line,
        at: step.origin.atText,
        kind: step.source,
        ...(by !== null ? { by: aliasOf(by) } : {}),
        ...refusalFields(r.refusal),
      });
    }
  }
  tickTo(scenario.until);

  return { output: { ...toAliases(engine.summarize(state), aliasOf), refusals }, startRefused: false, plans };
}

function refusalFields(r: Refusal): Pick<RefusalOutput, "code" | "message" | "details"> {
  return { code: r.code, message: r.message, ...(r.details !== undefined ? { details: r.details } : {}) };
}

function actor(step: ScenarioStep): Seat | null {
  const a = step.action;
  switch (a.kind) {
    case "vote":
    case "proxy":
      return a.voter;
    case "post":
    case "complete":
      return a.poster;
    case "complaint":
      return a.against;
    case "file-complaint":
      return a.by;
    case "extension":
      return a.requestedBy[0] ?? null;
    case "referee":
      return null;
    case "say":
      return a.seat;
    case "night":
      return a.actor;
  }
}

/** 字数 of a post given as text, by the rule set's counting option (RULINGS.md 5). */
export function wordsOf(length: Length, rules: RuleSet): number {
  if ("words" in length) return length.words;
  return countWords(length.text, { ambiguousIsEastAsian: rules.text.ambiguousIsEastAsian }).words;
}

/** `post`: the round and place of the post a complaint or 恢复杀帖 names by label, once the runner has found it. */
export function toCommand(
  step: ScenarioStep,
  rules: RuleSet,
  post?: { round: number; post: number },
): Command {
  const at = step.origin.at;
  const a = step.action;
  switch (a.kind) {
    case "vote":
      return {
        type: "CastVote",
        at,
        voter: a.voter,
        targets: a.targets,
        ...(a.codes ? { codes: a.codes } : {}),
      };
    case "proxy":
      return {
        type: "EnterProxyVote",
        at,
        voter: a.voter,
        targets: a.targets,
        ...(a.codes ? { codes: a.codes } : {}),
      };
    case "post":
      return {
        type: "SubmitKillPost",
        at,
        poster: a.poster,
        target: a.target,
        words: wordsOf(a.length, rules),
        ...(a.code !== undefined ? { code: a.code } : {}),
      };
    case "complete":
      return { type: "CompleteIou", at, poster: a.poster, words: wordsOf(a.length, rules) };
    case "file-complaint":
      // The runner refuses the step before this when the labelled post was refused (no round or place to name).
      return {
        type: "FileComplaint",
        at,
        round: post?.round ?? -1,
        post: post?.post ?? -1,
        ...(a.receivedAt !== undefined ? { receivedAt: a.receivedAt } : {}),
      };
    case "complaint":
      return {
        type: "RuleComplaint",
        at,
        against: a.against,
        upheld: a.upheld,
        ...(a.reason !== undefined ? { reason: a.reason } : {}),
        ...(post !== undefined ? { round: post.round, post: post.post } : {}),
        ...(a.asIou ? { asIou: true as const } : {}),
        ...(a.iouDeadline !== undefined ? { iouDeadline: a.iouDeadline } : {}),
      };
    case "referee":
      return {
        type: "Override",
        at,
        override:
          (a.override.action === "reinstate-post" || a.override.action === "accept-iou") && post !== undefined
            ? { ...a.override, round: post.round, post: post.post }
            : a.override,
        reason: a.reason,
      };
    case "extension":
      return {
        type: "GrantIouExtension",
        at,
        requestedBy: a.requestedBy,
        ...(a.reason !== undefined ? { reason: a.reason } : {}),
      };
    case "say":
      return { type: "Say", at, seat: a.seat, thread: a.thread };
    case "night":
      return { type: "UseAbility", at, actor: a.actor, ability: a.ability, target: a.target };
  }
}
