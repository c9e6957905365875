// Engine bench: replays full 57- and 40-player games, prints games/s, the cost of one decide+evolve, and how replay time
// grows from 10 to 10,000 events (ratios against the 10-event baseline measured in the same run).
// Quick run: BENCH_GAMES=5 node --import tsx bench/engine.ts
import type { Command } from "../src/engine/contract.ts";
import { decide } from "../src/engine/decide.ts";
import type { GameEvent } from "../src/engine/events.ts";
import { evolve, replay } from "../src/engine/evolve.ts";
import { simulate } from "../src/engine/sim.ts";
import type { GameState } from "../src/engine/state.ts";
import { initialState } from "../src/engine/state.ts";
import { local, preset } from "../src/engine/test-kit.ts";
import { RuleSet } from "../src/rules/schema.ts";
import { smallRules } from "../test/server/fixtures.ts";

const GAMES = Number(process.env.BENCH_GAMES ?? 20);
const start = local("12-01 21:00:00");

/** Median of `runs` timings of `fn`, in ms. */
function time(runs: number, fn: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

function drive(commands: readonly Command[]): GameState {
  let state = initialState;
  for (const c of commands) {
    const d = decide(state, c);
    if (d.ok) for (const e of d.events) state = evolve(state, e);
  }
  return state;
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

for (const id of ["fengyun-57", "airforce-40"]) {
  const rules = preset(id);
  const games = Array.from({ length: GAMES }, (_, i) => simulate(rules, `bench-${id}-${i}`, start));
  const events = games.reduce((n, g) => n + g.events.length, 0);
  const commands = games.reduce((n, g) => n + g.commandLog.length, 0);
  const ended = games.filter((g) => g.state.status === "ended").length;
  // Warm up, then measure.
  for (const g of games.slice(0, 3)) replay(g.events);
  const replayMs = time(5, () => {
    for (const g of games) replay(g.events);
  });
  const driveMs = time(3, () => {
    for (const g of games) drive(g.commandLog);
  });
  console.log(
    `${id}: ${GAMES} full games (${ended} ended), ${fmt(events / GAMES, 0)} events and ${fmt(commands / GAMES, 0)} commands per game`,
  );
  console.log(
    `  replay: ${fmt((GAMES / replayMs) * 1000)} games/s (${fmt((replayMs / events) * 1000, 2)} µs per event)`,
  );
  console.log(
    `  decide+evolve: ${fmt((driveMs / commands) * 1000, 1)} µs per command (${fmt((GAMES / driveMs) * 1000)} games/s driven live)`,
  );
}

// Growth: one long 57-player game (many vote changes), replayed by prefixes.
const long = simulate(preset("fengyun-57"), "bench-long", start, { changes: 50 });
const log: GameEvent[] = long.events;
console.log(`\nreplay growth (one fengyun-57 game with ${log.length} events; ratio vs the 10-event prefix):`);
const sizes = [10, 100, 1000, 10_000].filter((n) => n <= log.length);
let base = 0;
for (const n of sizes) {
  const prefix = log.slice(0, n);
  const runs = n <= 100 ? 2000 : n <= 1000 ? 200 : 20;
  const ms =
    time(7, () => {
      for (let i = 0; i < runs; i++) replay(prefix);
    }) / runs;
  if (n === 10) base = ms;
  console.log(
    `  ${String(n).padStart(6)} events: ${fmt(ms * 1000, 1).padStart(9)} µs  ×${fmt(ms / base, 1).padStart(7)} time  ×${fmt(ms / base / (n / 10), 2)} per event`,
  );
}

// Vote cost: one CastVote decided and folded (what the vote endpoint does per request) on a running game whose vote
// is open, against a trivial baseline (a structuredClone of the ballot) measured in the same run.
console.log(
  "\none vote (decide + evolve of a CastVote, vote open, changes chained; ratio vs a structuredClone of it):",
);
const VOTES_PER_VOTER = 10;
for (const [id, rules] of [
  ["fengyun-57", preset("fengyun-57")],
  ["airforce-40", preset("airforce-40")],
  // The table bench/vote-rush.ts plays: 57 seats, elimination, free changes.
  ["test-small-57", RuleSet.parse(smallRules(57))],
] as const) {
  let base: GameState | null = null;
  simulate(rules, `bench-vote-${id}`, start, {
    maxRounds: 3,
    onStep: (s) => {
      const r = s.rounds[2];
      if (!base && s.current === 2 && r?.vote?.stage === "regular" && r.vote.casts.count === 0) base = s;
    },
  });
  const opened = base as GameState | null;
  const round = opened?.rounds[2];
  if (!opened || !round) {
    console.log(`  ${id}: no open round-2 vote in the simulated game (skipped)`);
    continue;
  }
  const living = opened.seats.filter((s) => s.alive).map((s) => s.seat);
  const votes: Command[] = [];
  let at = round.openedAt + 6 * 3_600_000;
  for (let pass = 0; pass < VOTES_PER_VOTER; pass++) {
    for (const [i, voter] of living.entries()) {
      const target = living[(i * 7 + pass * 3 + 1) % living.length] ?? voter;
      votes.push({ type: "CastVote", at: at++, voter, targets: [target] });
    }
  }
  let refused = 0;
  const castAll = () => {
    let state = opened;
    for (const c of votes) {
      const d = decide(state, c);
      if (!d.ok) {
        refused++;
        continue;
      }
      for (const e of d.events) state = evolve(state, e);
    }
  };
  castAll();
  const refusedPerRun = refused;
  for (let i = 0; i < 5; i++) castAll();
  const voteMs = time(15, castAll) / votes.length;
  const cloneMs =
    time(15, () => {
      for (const c of votes) structuredClone(c);
    }) / votes.length;
  console.log(
    `  ${id}: ${living.length} voters × ${VOTES_PER_VOTER} casts (${refusedPerRun} refused): ${fmt(voteMs * 1000, 2)} µs per vote, ` +
      `×${fmt(voteMs / cloneMs, 1)} a structuredClone (${fmt(cloneMs * 1000, 2)} µs)`,
  );
}
