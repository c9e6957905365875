// A deterministic 7kill game driver for property tests: days (talk, votes, duels), nights (kill, check, protect, bullet).
import type { RuleSet } from "../../rules/schema.ts";
import { MINUTE } from "../clock.ts";
import type { Command, Instant, Seat } from "../contract.ts";
import { pendingDeadlines } from "../deadlines.ts";
import { decide } from "../decide.ts";
import type { GameEvent } from "../events.ts";
import { evolve } from "../evolve.ts";
import { seededRandom } from "../random.ts";
import { roleById } from "../roles.ts";
import type { GameState } from "../state.ts";
import { initialState } from "../state.ts";
import { actingRole } from "./bandit.ts";
import { dayNightOf } from "./evolve.ts";
import type { AbilityName } from "./types.ts";

const HOUR = 60 * MINUTE;

export interface DayNightSimOptions {
  /** Stop after this many phases (days, duels, nights, last words) even if the game goes on. */
  maxPhases?: number;
  /** Called after every accepted command with the state and the events it produced. */
  onStep?: (state: GameState, events: GameEvent[], command: Command) => void;
}

/** Plays a day-night game with seeded random seats and seeded random play. Pure: the same arguments give the same log. */
export function simulateDayNight(
  rules: RuleSet,
  seed: string,
  start: Instant,
  options: DayNightSimOptions = {},
): { events: GameEvent[]; state: GameState; commands: number } {
  const rand = seededRandom(`daynight:${seed}`);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(rand() * items.length)];
  const chance = (p: number) => rand() < p;
  let state = initialState;
  const events: GameEvent[] = [];
  let commands = 0;
  let now = start - HOUR;

  const run = (command: Command): boolean => {
    commands++;
    const d = decide(state, command);
    if (!d.ok) return false;
    now = Math.max(now, command.at);
    for (const e of d.events) {
      state = evolve(state, e);
      events.push(e);
    }
    options.onStep?.(state, d.events, command);
    return true;
  };
  const living = (): Seat[] => state.seats.filter((s) => s.alive).map((s) => s.seat);
  const holders = (ability: AbilityName): Seat[] =>
    living().filter((s) =>
      roleById(rules, actingRole(state, s)).abilities.some((a) => a.ability === ability),
    );
  const step = () => {
    now += Math.floor(rand() * 3 * MINUTE) + 1000;
    return now;
  };

  const aliases = Array.from({ length: rules.roles.reduce((n, r) => n + r.count, 0) }, (_, i) => `p${i}`);
  run({ type: "StartGame", at: now, rules, start, seats: { aliases, seed } });

  // Posts a seat needs per discussion thread to stay clear of 潜水 (a. and c.); most seats post that many.
  const enough = Math.max(1, rules.penalties?.minPostsPerDay ?? 1, rules.penalties?.streak?.minPosts ?? 1);
  const maxPhases = options.maxPhases ?? 40;
  for (let phase = 0; phase < maxPhases && state.status !== "ended"; phase++) {
    const due = pendingDeadlines(state)[0];
    if (!due) break;
    const round = state.current;
    const vote = state.rounds[round]?.vote;
    const night = dayNightOf(state).nights[round];
    const lastWords = dayNightOf(state).lastWords[round];
    if (vote) {
      const last = vote.closesAt - 6 * HOUR;
      for (const s of living()) {
        const posts = chance(0.9) ? enough : Math.floor(rand() * enough);
        for (let i = 0; i < posts && now < last; i++)
          run({ type: "Say", at: step(), seat: s, thread: "discussion" });
      }
      const bandit = holders("shoot")[0];
      if (bandit !== undefined && chance(0.1)) {
        const target = pick(living().filter((s) => s !== bandit));
        if (target !== undefined)
          run({ type: "UseAbility", at: step(), actor: bandit, ability: "shoot", target });
      }
      // Votes gather on a few suspects so the 40% threshold is often reached (and sometimes tied: a duel).
      const pool = vote.candidates ?? living();
      const suspects = [...pool].sort(() => rand() - 0.5).slice(0, 2 + Math.floor(rand() * 2));
      const at = Math.max(now, Math.min(now + HOUR, vote.closesAt - 4 * HOUR));
      for (const v of living()) {
        if (chance(0.05)) continue;
        const target = pick(suspects);
        const abstain = vote.candidates === null && chance(0.08);
        const targets = abstain || target === undefined ? [] : [target];
        run({ type: chance(0.05) ? "EnterProxyVote" : "CastVote", at: at + v * 1000, voter: v, targets });
        if (chance(0.08)) {
          const again = pick(suspects);
          if (again !== undefined)
            run({ type: "CastVote", at: at + HOUR + v * 1000, voter: v, targets: [again] });
        }
      }
      if (chance(0.03)) {
        const target = pick(living());
        if (target !== undefined) {
          const override = { action: "warn", target, offence: "negative-play" } as const;
          run({ type: "Override", at: at + 2 * HOUR, override, reason: "sim" });
        }
      }
    } else if (night && !night.resolved) {
      const act = (ability: AbilityName, p: number, skip: number, targets: (s: Seat[]) => Seat[]) => {
        const group = holders(ability);
        const actor = pick(group);
        if (actor === undefined || !chance(p)) return;
        const target = chance(skip) ? null : (pick(targets(group)) ?? null);
        run({ type: "UseAbility", at: step(), actor, ability, target });
      };
      const others = (group: Seat[]) => living().filter((s) => !group.includes(s));
      act("kill", 0.9, 0.1, others);
      act("check", 0.95, 0, others);
      act("protect", 0.8, 0, () => living());
      act("shoot", 0.1, 0, (group) => others(group));
      // A change of mind: the group's latest choice stands.
      act("kill", 0.2, 0, others);
    } else if (lastWords && lastWords.endedAt === null) {
      for (const s of lastWords.due) {
        if (chance(0.6)) run({ type: "Say", at: step(), seat: s, thread: "last-words" });
      }
    }
    // (An ended game has no deadline left, so nothing more is sent.)
    const next = pendingDeadlines(state)[0];
    if (next && next.at > now) run({ type: "Tick", at: next.at });
  }
  return { events, state, commands };
}
