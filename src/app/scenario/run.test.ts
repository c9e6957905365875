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
    // The nth kill post sent is post n of round 2, whoever sent it: enough to see the runner pass it on.
    latestPost: (state, poster) => {
      const sent = state.filter((c) => c.type === "SubmitKillPost");
      const last = sent.findLastIndex((c) => c.poster === poster);
      return last < 0 ? null : { round: 2, post: last };
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

test("a complaint naming a labelled post rules on that post (its round and place), not on the poster's latest", () => {
  const parsed = parseScenario(`rules: airforce-40
start: "2026-12-01T21:00:00+08:00"
seats: [{alias: 甲, role: killer}, {alias: 乙, role: ranger}, {alias: 丙, role: ranger}]
events:
  - {at: "2026-12-02T21:05:00+08:00", post: {by: 甲, target: 乙, length: 900, label: 第一帖}}
  - {at: "2026-12-02T21:06:00+08:00", post: {by: 甲, target: 丙, length: 900, label: 第二帖}}
  - {at: "2026-12-03T10:00:00+08:00", complaint: {post: 第一帖, upheld: true}}
  - {at: "2026-12-03T10:01:00+08:00", complaint: {against: 甲, upheld: false}}
until: "2026-12-03T12:00:00+08:00"
`);
  assert.ok(parsed.ok, JSON.stringify(!parsed.ok && parsed.problems));
  const { port, log } = fakeEngine();
  runScenario(parsed.scenario, rules, port);
  const rulings = log.filter((c) => c.type === "RuleComplaint");
  assert.deepEqual(rulings[0], {
    type: "RuleComplaint",
    at: at("2026-12-03T10:00:00+08:00"),
    against: 0,
    upheld: true,
    round: 2,
    post: 0,
  });
  // Without a label the engine takes the poster's latest, as before.
  assert.equal("post" in rulings[1]!, false);
});

test("a complaint naming a post the engine refused is refused by the runner, not sent as one on another post", () => {
  const parsed = parseScenario(`rules: airforce-40
start: "2026-12-01T21:00:00+08:00"
seats: [{alias: 甲, role: killer}, {alias: 乙, role: ranger}, {alias: 丙, role: ranger}]
events:
  - {at: "2026-12-02T13:00:00+08:00", vote: {by: 丙, for: [乙]}}
  - {at: "2026-12-02T21:05:00+08:00", post: {by: 甲, target: 乙, length: 900}}
  - {at: "2026-12-02T21:06:00+08:00", post: {by: 丙, target: 甲, length: 900, label: 丙帖}}
  - {at: "2026-12-03T10:00:00+08:00", complaint: {post: 丙帖, upheld: true}}
until: "2026-12-03T12:00:00+08:00"
`);
  assert.ok(parsed.ok);
  const { port, log } = fakeEngine();
  // The stand-in refuses nothing but seat 2's votes, so refuse 丙's post here.
  const apply = port.apply;
  port.apply = (state, command) =>
    command.type === "SubmitKillPost" && command.poster === 2
      ? { ok: false, refusal: { code: "post.no-post-right", message: "no right" } }
      : apply(state, command);
  const { output } = runScenario(parsed.scenario, rules, port);
  assert.equal(log.filter((c) => c.type === "RuleComplaint").length, 0);
  assert.deepEqual(
    output.refusals.map((r) => [r.event, r.kind, r.code]),
    [
      [0, "vote", "vote.voter-out"],
      [2, "post", "post.no-post-right"],
      [3, "complaint", "scenario.post-refused"],
    ],
  );
});

test("the next round's 进程 is taken as it stood when the round's results came out, not at until", () => {
  const parsed = parseScenario(`rules: airforce-40
start: "2026-12-01T21:00:00+08:00"
seats: [{alias: 甲, role: killer}, {alias: 乙, role: ranger}, {alias: 丙, role: ranger}]
events:
  - {at: "2026-12-02T22:00:00+08:00", votes: {甲: 乙}}
until: "2026-12-03T22:00:00+08:00"
`);
  assert.ok(parsed.ok);
  const { port } = fakeEngine();
  // Round 1 closes at its 21:00:01 deadline; the plan then grows with every command (an alliance formed later).
  const closedAt = at("2026-12-02T21:00:01+08:00");
  const withPlans: EnginePort<Command[]> = {
    ...port,
    roundClosed: (state, round) => round === 1 && state.some((c) => c.type === "Tick" && c.at >= closedAt),
    roundPlan: (state, round) => ({
      votesPerVoter: 2,
      voteOut: round,
      posts: { killer: state.length },
      extraPosts: {},
    }),
  };
  const { plans } = runScenario(parsed.scenario, rules, withPlans);
  // StartGame, the 12:00 tick, the 21:00:01 tick: three commands when round 1's results came out.
  assert.deepEqual(plans, { 2: { votesPerVoter: 2, voteOut: 2, posts: { killer: 3 }, extraPosts: {} } });
});
