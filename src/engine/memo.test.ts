// Remembered facts (memo.ts, fold-memo.ts, deadline-memo.ts and the per-array memos) answer exactly as a fresh
// computation would: every step of whole simulated games is decided again on a structured clone of the state, which no
// memo has seen, and must give the same events, deadlines, ending, offered codes and folded states.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { RuleSet } from "../rules/schema.ts";
import type { Command } from "./contract.ts";
import { pendingDeadlines } from "./deadlines.ts";
import { decide } from "./decide.ts";
import { endingNow } from "./end.ts";
import { evolve } from "./evolve.ts";
import { simulateDayNight } from "./night/sim.ts";
import { offeredCodes } from "./score/ledger.ts";
import { simulate } from "./sim.ts";
import type { GameState } from "./state.ts";
import { initialState } from "./state.ts";
import { local, preset } from "./test-kit.ts";

const start = local("12-01 21:00:00");

/** Every accepted step of a game: the state the command met, and the command. */
function steps(rules: RuleSet, seed: string): { before: GameState; command: Command }[] {
  const out: { before: GameState; command: Command }[] = [];
  let before = initialState;
  const onStep = (state: GameState, _events: unknown, command: Command) => {
    out.push({ before, command });
    before = state;
  };
  if (rules.schedule.kind === "day-night") simulateDayNight(rules, seed, start, { onStep });
  else simulate(rules, seed, start, { maxRounds: 4, changes: 1, onStep });
  return out;
}

function twoHouses(): RuleSet {
  const rules = preset("fengyun-57");
  if (rules.win.kind !== "score") throw new Error("fengyun-57 is a score game");
  return { ...rules, win: { ...rules.win, houses: 2 } };
}

const games: [string, RuleSet][] = [
  ["fengyun-57", preset("fengyun-57")],
  ["fengyun-57 with two houses", twoHouses()],
  ["airforce-40", preset("airforce-40")],
  ["sevenkill-16", preset("sevenkill-16")],
];

describe("remembered facts", () => {
  for (const [name, rules] of games) {
    test(`${name}: every step decides and folds as it would on a state no memo has seen`, () => {
      const all = steps(rules, `memo-${name}`);
      assert.ok(all.length > 50, "a game with many steps");
      let votes = 0;
      for (const { before, command } of all) {
        if (command.type === "CastVote") votes++;
        // Asked first on the remembered state (so its memos fill), then on a fresh copy.
        const pending = pendingDeadlines(before);
        const remembered = decide(before, command);
        const fresh = structuredClone(before);
        assert.deepEqual(pending, pendingDeadlines(fresh));
        if (before.status === "running") {
          assert.deepEqual(endingNow(before), endingNow(fresh));
          assert.deepEqual(offeredCodes(before), offeredCodes(fresh));
        }
        assert.deepEqual(remembered, decide(fresh, command));
        assert.ok(remembered.ok, `${command.type} was accepted in the game`);
        // The caller's fold of decide's events (answered from decide's own folds) equals a fold from scratch.
        let folded = before;
        let scratch = structuredClone(before);
        for (const e of remembered.events) {
          folded = evolve(folded, e);
          scratch = evolve(scratch, structuredClone(e));
        }
        assert.deepEqual(folded, scratch);
        assert.deepEqual(pendingDeadlines(folded), pendingDeadlines(structuredClone(folded)));
      }
      assert.ok(votes > 0 || rules.schedule.kind === "day-night", "the game had votes");
    });
  }
});
