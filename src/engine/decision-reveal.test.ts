// Outs a referee's decision brings after the round's results post (decide-tie, decide-lead-voter) are published at once.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { sevenkill16 } from "../rules/presets/sevenkill-16.ts";
import { RuleSet } from "../rules/schema.ts";
import { offeredCodes } from "./score/ledger.ts";
import { Driver, local, preset } from "./test-kit.ts";
import { viewFor } from "./view.ts";

const seed000 = "seed 000 「投票结束后，由哨子公布被票杀者身份以及被帖杀者身份」";

/** `base` with its ties left to the referee (no overtime) and, if asked, its bombs' 领票人 too. */
function refereeRules(id: string, leadVoter = false): RuleSet {
  const base = preset(id);
  return RuleSet.parse({
    ...base,
    vote: {
      ...base.vote,
      overtimeMinutes: null,
      finalTieBreak: "referee",
      ...(leadVoter ? { leadVoter: "referee" } : {}),
    },
  });
}

/** Round 1 of 空军场: half the table votes the 暗弹 (seat 13, seat 0 first), half seat 39; the tie goes to the referee. */
function airforceTie(rules: RuleSet): Driver {
  const d = new Driver(rules);
  let n = 0;
  d.everyoneVotes(local("12-02 10:00"), () => [n++ % 2 === 0 ? 13 : 39]);
  d.tick(local("12-02 21:00:01"));
  return d;
}

const publicRole = (d: Driver, seat: number) =>
  viewFor(d.state, { kind: "public" }).seats[seat]?.role ?? null;

describe(`a decision after the results post publishes whom it puts out — ${seed000}`, () => {
  test("decide-tie (空军场): the chosen seat and the 领票人 its bomb takes along are published at the decision", () => {
    const d = airforceTie(refereeRules("airforce-40"));
    assert.equal(d.state.rounds[1]?.closed, true);
    const at = local("12-02 21:20");
    assert.equal(d.override(at, { action: "decide-tie", round: 1, out: [13] }, "平票，哨子定暗弹出局"), null);
    assert.equal(d.state.seats[0]?.out?.cause, "bomb");
    assert.deepEqual(
      d.events("IdentityRevealed").map((e) => [e.seat, e.role, e.at]),
      [
        [0, "killer", at],
        [13, "hidden-bomb", at],
      ],
    );
    assert.equal(publicRole(d, 13), "hidden-bomb");
    assert.equal(publicRole(d, 0), "killer");
    // Seat 39, tied but not chosen, stays unknown.
    assert.equal(publicRole(d, 39), null);
  });

  test("decide-lead-voter (空军场): the named 领票人 is published at the decision", () => {
    const base = preset("airforce-40");
    const d = new Driver(RuleSet.parse({ ...base, vote: { ...base.vote, leadVoter: "referee" } }));
    d.everyoneVotes(local("12-02 10:00"), (v) => [v % 3 === 2 || v === 13 ? 39 : 13]);
    d.tick(local("12-02 21:00:01"));
    // The bomb itself was published by the results post.
    assert.deepEqual(
      d.events("IdentityRevealed").map((e) => e.seat),
      [13],
    );
    const at = local("12-02 21:20");
    assert.equal(
      d.override(at, { action: "decide-lead-voter", round: 1, bomb: 13, leadVoter: 3 }, "哨子定领票人"),
      null,
    );
    assert.deepEqual(
      d.events("IdentityRevealed").map((e) => [e.seat, e.role, e.at]),
      [
        [13, "hidden-bomb", local("12-02 21:00:01")],
        [3, "killer", at],
      ],
    );
    assert.equal(publicRole(d, 3), "killer");
  });

  test("风云场 (score rule): the decided seat's identity and 代号 are published, and the code leaves the vote thread", () => {
    // Seats in deck order: 0-3 A killers, 4-7 B killers, 8-10 assassins, …, 18-56 rangers.
    const d = new Driver(refereeRules("fengyun-57"));
    // Round 1 (票杀2人): 55 is first; A killers 1 and 2 tie for the second place, left to the referee.
    d.everyoneVotes(local("12-02 10:00"), (v) => [v < 21 ? 55 : v < 39 ? 1 : 2]);
    d.tick(local("12-02 21:00:01"));
    const left = d.state.rounds[1]?.tieBreak?.referee;
    assert.deepEqual([left?.seats.slice().sort(), left?.slots], [[1, 2], 1]);
    // A black kill post in round 2 opens the vote thread's codes (「有一个杀刺出帖后…提供所有有分值的黑道代号」).
    assert.equal(d.post(local("12-02 21:05"), 8, 20), null);
    d.tick(local("12-02 21:30:01"));
    const code = d.state.seats[1]?.code ?? "";
    assert.equal(offeredCodes(d.state)?.includes(code), true);
    const at = local("12-02 21:40");
    assert.equal(d.override(at, { action: "decide-tie", round: 1, out: [1] }, "平票，哨子裁定"), null);
    const revealed = d.events("IdentityRevealed").filter((e) => e.seat === 1);
    assert.deepEqual(
      revealed.map((e) => [e.role, e.code, e.at]),
      [[d.state.seats[1]?.role, code, at]],
    );
    // 「死亡黑道的代号将从代号选项里去掉」: published now, so gone now.
    assert.equal(offeredCodes(d.state)?.includes(code), false);
  });

  test("a rule set that publishes no identity publishes none after a decision either", () => {
    const rules = refereeRules("airforce-40");
    const d = airforceTie(RuleSet.parse({ ...rules, disclosure: { identity: false, cause: true } }));
    assert.equal(
      d.override(local("12-02 21:20"), { action: "decide-tie", round: 1, out: [13] }, "平票"),
      null,
    );
    assert.equal(d.alive(13) || d.alive(0), false);
    assert.equal(d.events("IdentityRevealed").length, 0);
  });

  test("day-night (7kill's phases, a tie left to the referee): decided in the night, published then, not at dawn", () => {
    // 7kill itself never leaves a tie to the referee (高票对决, then nobody out); a rule set with its phases may.
    const d = new Driver(
      RuleSet.parse({
        ...sevenkill16,
        penalties: undefined,
        vote: {
          ...sevenkill16.vote,
          duel: null,
          finalTieBreak: "referee",
          nonVoting: { outcome: "abstain", excusedRounds: [] },
        },
      }),
      local("12-01 20:00"),
    );
    // Seats 0–3 killers, 15 the bandit (published as 水民 before it converts: 「出局时公布水民」).
    d.everyoneVotes(local("12-01 21:00"), (v) => [v < 8 ? 15 : 0]);
    d.tick(local("12-02 22:00:01"));
    assert.equal(d.state.rounds[1]?.closed, true);
    assert.equal(d.state.rounds[1]?.tieBreak?.referee?.slots, 1);
    const at = local("12-02 23:00");
    assert.equal(d.override(at, { action: "decide-tie", round: 1, out: [15] }, "平票，哨子裁定"), null);
    assert.deepEqual(
      d.events("IdentityRevealed").map((e) => [e.seat, e.role, e.at]),
      [[15, "villager", at]],
    );
  });
});
