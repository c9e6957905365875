// A deterministic game driver for property tests and the bench: plays whole games from a seed through decide/evolve.
import type { RuleSet } from "../rules/schema.ts";
import { MINUTE } from "./clock.ts";
import type { Command, Instant, Refusal, Seat } from "./contract.ts";
import { decide } from "./decide.ts";
import type { GameEvent } from "./events.ts";
import { evolve } from "./evolve.ts";
import { postRightOf } from "./groups.ts";
import { seededRandom } from "./random.ts";
import { roundOpensAt } from "./schedule.ts";
import type { GameState } from "./state.ts";
import { initialState } from "./state.ts";

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface SimOptions {
  /** Stop after this many rounds even if the game goes on. */
  maxRounds?: number;
  /** Extra vote changes per voter per round (to make long logs for the bench). */
  changes?: number;
  /** Called after every accepted command with the state and the events it produced. */
  onStep?: (state: GameState, events: GameEvent[], command: Command) => void;
}

export interface SimResult {
  events: GameEvent[];
  refusals: Refusal[];
  state: GameState;
  commands: number;
  /** Every command sent, in order (accepted or refused), to drive the same game again. */
  commandLog: Command[];
}

/** Plays a game with seeded random seats and seeded random play. Pure: the same arguments give the same log. */
export function simulate(rules: RuleSet, seed: string, start: Instant, options: SimOptions = {}): SimResult {
  const rand = seededRandom(`play:${seed}`);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(rand() * items.length)];
  const chance = (p: number) => rand() < p;
  let state = initialState;
  const events: GameEvent[] = [];
  const refusals: Refusal[] = [];
  let commands = 0;
  const commandLog: Command[] = [];

  let lastAt = start - HOUR;
  const run = (command: Command): boolean => {
    lastAt = Math.max(lastAt, command.at);
    commands++;
    commandLog.push(command);
    const d = decide(state, command);
    if (!d.ok) {
      refusals.push(d.refusal);
      return false;
    }
    for (const e of d.events) {
      state = evolve(state, e);
      events.push(e);
    }
    options.onStep?.(state, d.events, command);
    return true;
  };
  const living = (): Seat[] => state.seats.filter((s) => s.alive).map((s) => s.seat);

  const aliases = Array.from({ length: rules.roles.reduce((n, r) => n + r.count, 0) }, (_, i) => `p${i}`);
  run({ type: "StartGame", at: start - HOUR, rules, start, seats: { aliases, seed } });

  // Rulings on complaints taken in by their deadline and ruled on only after their round (RULINGS 16).
  let late: Extract<Command, { type: "RuleComplaint" }>[] = [];
  const ruleLate = (at: number) => {
    for (const c of late) run({ ...c, at });
    late = [];
  };
  const maxRounds = options.maxRounds ?? 30;
  for (let k = 1; k <= maxRounds && state.status === "running"; k++) {
    const open = roundOpensAt(rules, start, k);
    run({ type: "Tick", at: open });
    if (state.status !== "running") break;
    const round = state.rounds[k];
    if (!round) break;

    // Kill posts by whoever's turn it is, in the window.
    let at = round.postingOpensAt + MINUTE;
    for (const s of living()) {
      const r = state.rounds[k];
      if (!r) break;
      const right = postRightOf(state, r, s);
      if (!right?.expected.includes(s) || !chance(0.85)) continue;
      const target = pick(living().filter((t) => t !== s));
      if (target === undefined) continue;
      at += MINUTE / 2;
      const words = chance(0.2) ? 600 : 900;
      run({ type: "SubmitKillPost", at, poster: s, target, words, code: null });
    }
    if (chance(0.05))
      run({ type: "SubmitKillPost", at: round.postingClosesAt + 5000, poster: 0, target: 1, words: 900 });
    run({ type: "Tick", at: round.postingClosesAt + 1000 });
    ruleLate(round.postingClosesAt + 2000);
    if (state.status !== "running") break;

    const day = round.openedAt;
    for (const iou of state.rounds[k]?.ious ?? []) {
      if (iou.status === "open" && chance(0.6)) {
        run({
          type: "CompleteIou",
          at: day + 2 * HOUR,
          poster: iou.poster,
          words: chance(0.9) ? 1300 : 1000,
        });
      }
    }
    for (const p of state.rounds[k]?.released ?? []) {
      // Some complaints are filed; the referee rules on each, some only after the window (RULINGS 16: taken in by
      // the deadline, ruled on whenever 查证 ends), and an ending the ruling could change waits for it.
      if (chance(0.1)) {
        run({ type: "FileComplaint", at: day + HOUR, round: k, post: p.index });
        const ruling = {
          type: "RuleComplaint",
          at: day + 3 * HOUR,
          against: p.poster,
          upheld: chance(0.5),
          round: k,
          post: p.index,
        } as const;
        if (chance(0.5)) run(ruling);
        else late.push(ruling);
      }
      if (chance(0.05))
        run({ type: "RuleComplaint", at: day + 3 * HOUR, against: p.poster, upheld: chance(0.5) });
    }
    if (chance(0.1)) {
      const s = pick(state.seats);
      if (s) {
        const override = s.alive
          ? ({ action: "eliminate", target: s.seat } as const)
          : ({ action: "revive", target: s.seat } as const);
        run({ type: "Override", at: day + 4 * HOUR, override, reason: "sim" });
      }
    }
    if (state.status !== "running") break;

    // Votes, concentrated on a few suspects so most rounds are decided.
    const r = state.rounds[k];
    if (!r) break;
    const perVoter = r.plan.votesPerVoter;
    const suspects = living()
      .sort(() => rand() - 0.5)
      .slice(0, Math.max(2, r.plan.voteOut + 2));
    const voters = [...living(), ...r.outVoters];
    let t = day + 5 * HOUR;
    for (const v of voters) {
      if (chance(0.02)) continue;
      t += Math.floor(rand() * 10 * MINUTE);
      const targets = Array.from({ length: perVoter }, () => pick(suspects)).filter(
        (x): x is Seat => x !== undefined,
      );
      const proxy = chance(0.05);
      run({
        type: proxy ? "EnterProxyVote" : "CastVote",
        at: Math.min(t, r.voteDeadline - HOUR),
        voter: v,
        targets,
      });
    }
    for (let c = 0; c < (options.changes ?? 0); c++) {
      for (const v of voters) {
        const target = pick(suspects);
        if (target !== undefined)
          run({ type: "CastVote", at: r.voteDeadline - 30 * MINUTE, voter: v, targets: [target] });
      }
    }
    run({ type: "Tick", at: r.voteDeadline + 1000 });
    const ot = state.rounds[k]?.vote;
    if (ot?.stage === "overtime" && ot.candidates) {
      let ta = r.voteDeadline + 2 * MINUTE;
      for (const v of living()) {
        if (!chance(0.5)) continue;
        const target = pick(ot.candidates);
        ta += 1000;
        if (target !== undefined) run({ type: "CastVote", at: ta, voter: v, targets: [target] });
      }
      run({ type: "Tick", at: ot.closesAt });
    }
  }
  if (state.status === "running" && late.length > 0) ruleLate(lastAt + MINUTE);
  if (state.status === "running") run({ type: "Tick", at: roundOpensAt(rules, start, maxRounds) + DAY });
  return { events, refusals, state, commands, commandLog };
}
