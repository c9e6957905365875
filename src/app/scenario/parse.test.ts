// The scenario parser: strict fields, aliases resolved by seat order, and every problem named by its line.
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatProblem, parseScenario } from "./parse.ts";

const head = `rules: airforce-40
start: "2026-12-01T21:00:00+08:00"
seats:
  - {alias: 甲, role: killer, code: 轰炸机}
  - {alias: 乙, role: ranger}
  - {alias: 丙, role: ranger}
`;

function problems(text: string): string[] {
  const r = parseScenario(text);
  assert.equal(r.ok, false, "expected the file to be rejected");
  return r.ok ? [] : r.problems.map(formatProblem);
}

test("aliases become seats by order, times become instants, votes expand per voter", () => {
  const r = parseScenario(`${head}events:
  - {at: "2026-12-01T22:00:00+08:00", vote: {by: 乙, for: [甲], code: 轰炸机}}
  - {at: "2026-12-02T21:10:00+08:00", post: {by: 甲, target: 乙, length: 850, code: 北空}}
  - {at: "2026-12-02T22:00:00+08:00", votes: {乙: [甲, 丙], 丙: 甲}}
until: "2026-12-04T21:00:00+08:00"
`);
  assert.ok(r.ok);
  assert.deepEqual(r.scenario.aliases, ["甲", "乙", "丙"]);
  assert.equal(r.scenario.start, Date.parse("2026-12-01T13:00:00Z"));
  const actions = r.scenario.steps.map((s) => s.action);
  assert.deepEqual(actions[0], { kind: "vote", voter: 1, targets: [0], codes: ["轰炸机"] });
  assert.deepEqual(actions[1], { kind: "post", poster: 0, target: 1, length: { words: 850 }, code: "北空" });
  assert.deepEqual(actions.slice(2), [
    { kind: "vote", voter: 1, targets: [0, 2] },
    { kind: "vote", voter: 2, targets: [0] },
  ]);
  assert.deepEqual(
    r.scenario.steps.map((s) => s.origin.line),
    [8, 9, 10, 10],
  );
});

test("an unknown alias is named with its line and path", () => {
  assert.deepEqual(
    problems(`${head}events:
  - {at: "2026-12-01T22:00:00+08:00", vote: {by: 乙, for: [甲]}}
  - at: "2026-12-01T22:00:00+08:00"
    vote:
      by: 乙
      for: [丁]
until: "2026-12-04T21:00:00+08:00"
`),
    ["line 12: events[1].vote.for[0]: unknown alias 丁"],
  );
});

test("a misspelled key is an error, not ignored", () => {
  const file = `${head.replace("{alias: 乙, role: ranger}", "{alias: 乙, role: ranger, cdoe: 北空}")}until: "2026-12-04T21:00:00+08:00"\n`;
  assert.deepEqual(problems(file), ['line 5: seats[1].cdoe: unknown field "cdoe"']);
});

test("times need an offset; events must be in time order; one action per event", () => {
  const out = problems(`${head}events:
  - {at: "2026-12-01T22:00:00", vote: {by: 乙, for: [甲]}}
until: "2026-12-04T21:00:00+08:00"
`);
  assert.deepEqual(out, [
    'line 8: events[0].at: must be an ISO time with an offset, such as "2026-12-01T21:00:00+08:00"',
  ]);
  const two = problems(`${head}events:
  - {at: "2026-12-02T21:00:00+08:00", vote: {by: 乙, for: [甲]}, proxy: {by: 丙, for: [甲]}}
until: "2026-12-04T21:00:00+08:00"
`);
  assert.deepEqual(two, ["line 8: events[0]: has vote and proxy: give one action per event"]);
});

test("event order and code lists are checked after the schema", () => {
  const out = problems(`${head}events:
  - {at: "2026-12-02T22:00:00+08:00", vote: {by: 乙, for: [甲]}}
  - {at: "2026-12-02T21:00:00+08:00", vote: {by: 乙, for: [甲, 丙], code: [轰炸机]}}
  - {at: "2026-12-02T22:30:00+08:00", post: {by: 甲, target: 乙, length: 900, text: "两者都给"}}
until: "2026-12-04T21:00:00+08:00"
`);
  assert.deepEqual(out, [
    "line 9: events[1].at: is earlier than the event before it: events must be in time order",
    "line 9: events[1].vote.code: has 1 codes for 2 names in `for`",
    "line 10: events[2].post: give either length or text, not both",
  ]);
});

test("broken YAML names its line", () => {
  const out = problems(
    `${head}events:\n  - {at: "2026-12-02T22:00:00+08:00", vote: {by: 乙, for: [甲]}\nuntil: x\n`,
  );
  assert.ok(out.length > 0 && out.every((p) => /^line \d+: /.test(p)), out.join("\n"));
});

test("seeded seating: aliases only, with a seed", () => {
  const r = parseScenario(`rules: airforce-40
start: "2026-12-01T21:00:00+08:00"
seed: abc
seats: [{alias: 甲}, {alias: 乙}]
until: "2026-12-04T21:00:00+08:00"
`);
  assert.ok(r.ok);
  assert.deepEqual(r.scenario.seats, { aliases: ["甲", "乙"], seed: "abc" });
});

test("referee actions map to the engine's overrides; a substitute's new alias names the seat afterwards", () => {
  const r = parseScenario(`${head}events:
  - {at: "2026-12-02T10:00:00+08:00", referee: {action: substitute, target: 乙, alias: 戊, reason: 替补}}
  - {at: "2026-12-02T11:00:00+08:00", referee: {action: void-vote, target: 戊, reason: 误投}}
  - {at: "2026-12-02T12:00:00+08:00", referee: {action: extend, deadline: vote, until: "2026-12-03T21:00:00+08:00", reason: 断网}}
  - {at: "2026-12-02T13:00:00+08:00", referee: {action: set-progression, round: 3, voteOut: 3, posts: {killer: 2}, reason: 微调}}
until: "2026-12-04T21:00:00+08:00"
`);
  assert.ok(r.ok, r.ok ? "" : r.problems.map(formatProblem).join("\n"));
  assert.deepEqual(
    r.scenario.steps.map((s) => s.action.kind === "referee" && s.action.override),
    [
      { action: "substitute", seat: 1, alias: "戊" },
      { action: "void-vote", voter: 1 },
      { action: "extend", deadline: "vote", until: Date.parse("2026-12-03T13:00:00Z") },
      { action: "set-progression", round: 3, voteOut: 3, posts: { killer: 2 } },
    ],
  );
});

test("a complaint names its post by the post's label: an earlier post's, with its poster", () => {
  const events = (...lines: string[]) =>
    `${head}events:\n${lines.map((l) => `  - ${l}\n`).join("")}until: "2026-12-04T21:00:00+08:00"\n`;
  const post = (label: string, at = "21:05") =>
    `{at: "2026-12-02T${at}:00+08:00", post: {by: 甲, target: 乙, length: 900, label: ${label}}}`;
  const ok = parseScenario(
    events(post("一"), `{at: "2026-12-03T10:00:00+08:00", complaint: {post: 一, upheld: true}}`),
  );
  assert.ok(ok.ok);
  assert.deepEqual(ok.scenario.steps[1]?.action, { kind: "complaint", against: 0, upheld: true, post: "一" });
  assert.deepEqual(
    problems(
      events(
        post("一"),
        post("一", "21:06"),
        `{at: "2026-12-03T10:00:00+08:00", complaint: {post: 二, upheld: true}}`,
        `{at: "2026-12-03T10:00:00+08:00", complaint: {against: 乙, post: 一, upheld: true}}`,
        `{at: "2026-12-03T10:00:00+08:00", complaint: {upheld: true}}`,
      ),
    ),
    [
      "line 9: events[1].post.label: label 一 is given twice",
      "line 10: events[2].complaint.post: no earlier post is labelled 二",
      "line 11: events[3].complaint.against: post 一 is not 乙's",
      "line 12: events[4].complaint: needs against, or post naming a labelled post",
    ],
  );
});
