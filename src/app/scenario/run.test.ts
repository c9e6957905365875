// The runner against a stand-in engine: the clock stops at each deadline in order, refusals keep their event and line.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Command, GameSummary } from "../../engine/contract.ts";
import { presets } from "../../rules/presets/index.ts";
import { RuleSet } from "../../rules/schema.ts";
import { parseScenario } from "./parse.ts";
import { type EnginePort, runScenario } from "./run.ts";

const rules = RuleSet.parse(presets["airforce-40"]);
const at = (s: string) => Date.parse(s);

/** Records every command; deadlines at 12:00 and 21:00:01 on 12-02; refuses votes by seat 2. */
function fakeEngine(): { port: EnginePort<Command[]>; log: Command[] } {
  const log: Command[] = [];
  const deadlines = [at("2026-12-02T12:00:00+08:00"), at("2026-12-02T21:00:01+08:00")];
  const port: EnginePort<Command[]> = {
    initial: () => [],
    apply(state, command) {
      log.push(command);
      if (command.type === "CastVote" && command.voter === 2) {
        return { ok: false, refusal: { code: "vote.voter-out", message: "out" } };
      }
      return { ok: true, state: [...state, command] };
    },
    pendingDeadlines: (state) => {
      const ticked = state.filter((c) => c.type === "Tick").map((c) => c.at);
      return deadlines.filter((d) => !ticked.some((t) => t >= d));
    },
    summarize: (): GameSummary => ({
      rounds: [
        {
          round: 1,
          out: [{ seat: 1, role: "ranger", camp: "white", cause: "vote" }],
          revived: [],
          alive: 2,
          tally: [{ seat: 1, votes: 1.5 }],
          overtime: null,
        },
      ],
      alliances: [],
      result: { ended: false, winner: null, reason: null, why: null },
    }),
  };
  return { port, log };
}

test("the clock stops at each deadline on the way, then at the event, then runs to until", () => {
  const parsed = parseScenario(`rules: airforce-40
start: "2026-12-01T21:00:00+08:00"
seats: [{alias: 甲, role: killer}, {alias: 乙, role: ranger}, {alias: 丙, role: ranger}]
events:
  - {at: "2026-12-02T13:00:00+08:00", votes: {甲: 乙, 丙: [乙]}}
until: "2026-12-02T22:00:00+08:00"
`);
  assert.ok(parsed.ok);
  const { port, log } = fakeEngine();
  const { output, startRefused } = runScenario(parsed.scenario, rules, port);
  assert.equal(startRefused, false);
  assert.deepEqual(
    log.map((c) => `${c.type}@${new Date(c.at).toISOString()}`),
    [
      "StartGame@2026-12-01T13:00:00.000Z",
      "Tick@2026-12-02T04:00:00.000Z",
      "Tick@2026-12-02T05:00:00.000Z",
      "CastVote@2026-12-02T05:00:00.000Z",
      "CastVote@2026-12-02T05:00:00.000Z",
      "Tick@2026-12-02T13:00:01.000Z",
      "Tick@2026-12-02T14:00:00.000Z",
    ],
  );
  assert.deepEqual(output.refusals, [
    {
      event: 0,
      line: 5,
      at: "2026-12-02T13:00:00+08:00",
      kind: "votes",
      by: "丙",
      code: "vote.voter-out",
      message: "out",
    },
  ]);
  assert.deepEqual(output.rounds[0]?.out, [{ alias: "乙", role: "ranger", camp: "white", cause: "vote" }]);
  assert.deepEqual(output.rounds[0]?.tally, [{ alias: "乙", votes: 1.5 }]);
});
