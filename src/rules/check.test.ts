// Cross-checks, each provoked by one change to a preset; plus the plain-word mapping of schema errors.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseRuleSet } from "./parse.ts";
import { presets } from "./presets/index.ts";

type Change = [path: string, value: unknown];

/** A deep copy of a preset with values set at dotted paths (`progression.2.posts`); undefined deletes. */
function broken(id: string, ...changes: Change[]): unknown {
  const rs: unknown = structuredClone(presets[id]);
  for (const [path, value] of changes) {
    const keys = path.split(".");
    const last = keys.pop()!;
    let at = rs as Record<string, unknown>;
    for (const k of keys) at = at[k] as Record<string, unknown>;
    if (value === undefined) delete at[last];
    else at[last] = value;
  }
  return rs;
}

function problemsOf(input: unknown): string[] {
  const r = parseRuleSet(input);
  return r.ok ? [] : r.problems.map((p) => `${p.code} ${p.path}: ${p.en}`);
}

describe("cross-checks", () => {
  const cases: [what: string, input: unknown, expected: string][] = [
    [
      "a merged group asked for posts before its alliance is certain",
      broken("fengyun-57", ["progression.2.posts", { black: 2, "killer-b": 2, assassin: 1 }]),
      'group-not-formed progression[2].posts.black: group "black" exists only once alliance "grand" fires, which is not certain by round 3',
    ],
    [
      "a group asked for posts after it has certainly merged",
      broken("airforce-40", ["progression.4.posts", { killer: 3 }]),
      'group-already-merged progression[4].posts.killer: group "killer" has certainly merged into "black" by round 5; ask "black" for the posts',
    ],
    [
      "a stated total that does not add up",
      broken("fengyun-57", ["progression.1.totalKills", 12]),
      "total-mismatch progression[1].totalKills: round 2 says 12 killed, but 5 voted out + 6 posts = 11",
    ],
    [
      "posts for a group that does not exist",
      broken("airforce-40", ["progression.1.extraPosts", { engineers: 1 }]),
      'unknown-group progression[1].extraPosts.engineers: no group has the id "engineers"',
    ],
    [
      "the engineer's posts counted as kills",
      broken(
        "airforce-40",
        ["progression.1.posts.engineer", 1],
        ["progression.1.extraPosts", {}],
        ["progression.1.voteOut", 3],
      ),
      'posts-not-counted progression[1].posts.engineer: group "engineer" does not count toward kills; list its posts under extraPosts',
    ],
    [
      "an alliance waiting for one that does not exist",
      broken("fengyun-57", ["alliances.3.when.of.1.alliance", "grnad"]),
      'unknown-alliance alliances[3].when.of[1].alliance: no alliance has the id "grnad"',
    ],
    [
      "a bomb trigger on a role that is no bomb",
      broken("fengyun-57", ["alliances.2.when.role", "sword"]),
      'not-a-bomb alliances[2].when.role: role "sword" is not a bomb',
    ],
    [
      "an alliance waiting for itself",
      broken("fengyun-57", ["alliances.3.when.of.1.alliance", "black-bomb-joins-black"]),
      'alliance-cycle alliances[3].when.of[1].alliance: alliance "black-bomb-joins-black" waits for itself',
    ],
    [
      "rounds out of order",
      broken("airforce-40", ["progression.2.round", 4]),
      "round-order progression[2].round: round 4 is listed as round 3; number the rounds 1, 2, 3, …",
    ],
    [
      "an IOU due before the posts are out",
      broken("fengyun-57", ["schedule.iouDeadline", { daysAfter: 0, at: "21:15" }]),
      "deadline-before-release schedule.iouDeadline: the IOU deadline (21:15, 0 day(s) later) is not after the posts are released (0h30 after the round starts)",
    ],
    [
      "a freeze longer than the vote",
      broken("sevenkill-16", ["vote.changes.freezeMinutes", 2000]),
      "freeze-too-long vote.changes.freezeMinutes: no vote change is allowed in the last 2000 minutes, but voting lasts only 1560 (see schedule.phases.day)",
    ],
    [
      // The vote opens when the posts are released (21:30), not at the round's start: 1410 minutes, not 1440.
      "a freeze longer than the vote, which opens at the posts' release",
      broken("fengyun-57", ["vote.changes.freezeMinutes", 1420]),
      "freeze-too-long vote.changes.freezeMinutes: no vote change is allowed in the last 1420 minutes, but voting lasts only 1410 (from the posts' release, 0h30 after the round starts, to schedule.voteDeadline)",
    ],
    [
      "a proxy cut-off longer than the vote, which opens at the posts' release",
      broken("airforce-40", ["vote.proxy.cutoffMinutes", 1410]),
      "proxy-cutoff-too-long vote.proxy.cutoffMinutes: proxy votes close 1410 minutes before the deadline, but voting lasts only 1410 (from the posts' release, 0h30 after the round starts, to schedule.voteDeadline)",
    ],
    [
      "proxies that cannot be published in time",
      broken("sevenkill-16", ["vote.proxy.publishMinutes", 15]),
      "proxy-publish-after-cutoff vote.proxy.publishMinutes: a proxy vote accepted at the cut-off (10 minutes before the deadline) cannot be published 15 minutes before it",
    ],
    [
      "a role id used twice",
      broken("fengyun-57", ["roles.7.id", "sword"]),
      'duplicate-id roles[7].id: role id "sword" is used twice',
    ],
    [
      "night abilities in a daily-rounds game",
      broken("fengyun-57", ["roles.8.abilities", [{ ability: "check" }]]),
      'abilities-need-day-night roles[8].abilities: role "ranger" has night abilities, which need a day-night schedule',
    ],
    [
      "a win condition on a conversion that cannot happen",
      broken("sevenkill-16", ["win.conditions.4.ifConverted.became", "police"]),
      'unknown-conversion win.conditions[4].ifConverted.became: role "bandit" becomes "villager" or "killer", never "police"',
    ],
    [
      "an unknown time zone",
      broken("airforce-40", ["schedule.timeZone", "Asia/Beijing"]),
      'unknown-time-zone schedule.timeZone: "Asia/Beijing" is not a known time zone (e.g. Asia/Shanghai)',
    ],
    [
      "a check that would show the role (no such behaviour yet)",
      broken("sevenkill-16", ["roles.1.abilities.0.reveals", "role"]),
      'not-supported roles[1].abilities[0].reveals: a check that shows the role is not supported yet: a check shows good or killer ("good-or-killer")',
    ],
    [
      "an empty-needle rule on an ability that is not a protect",
      broken("sevenkill-16", ["roles.1.abilities.0.emptyNeedleUnless", "killers"]),
      'ability-field roles[1].abilities[0].emptyNeedleUnless: "emptyNeedleUnless" belongs to a protect, not to "check"',
    ],
    [
      "a limited use on an ability that is not the bullet",
      broken("sevenkill-16", ["roles.2.abilities.0.uses", 3]),
      'not-supported roles[2].abilities[0].uses: only the bullet\'s single use is supported ("shoot" with uses 1), not 3 of "protect"',
    ],
    [
      "a second bullet",
      broken("sevenkill-16", ["roles.4.abilities.0.uses", 2]),
      'not-supported roles[4].abilities[0].uses: only the bullet\'s single use is supported ("shoot" with uses 1), not 2 of "shoot"',
    ],
    [
      "a warning for not voting with no penalty to give it",
      broken("sevenkill-16", ["penalties.notVoting", false]),
      'nonvoting-warning-needs-penalty vote.nonVoting.outcome: "abstain-warning" warns through penalties.notVoting, which is not set',
    ],
    [
      "a penalty for not voting where the outcome says no warning",
      broken("sevenkill-16", ["vote.nonVoting.outcome", "abstain"]),
      'nonvoting-warning-needs-penalty vote.nonVoting.outcome: penalties.notVoting warns a seat that does not vote, but the outcome "abstain" says no warning; use "abstain-warning"',
    ],
  ];
  for (const [what, input, expected] of cases) {
    it(what, () => {
      assert.deepEqual(problemsOf(input), [expected]);
    });
  }

  it("two alliances waiting for each other: the grand alliance made to wait for the black bomb's, which waits for it", () => {
    const input = broken("fengyun-57", [
      "alliances.1.when",
      { kind: "alliance-fired", alliance: "black-bomb-joins-black" },
    ]);
    assert.deepEqual(
      problemsOf(input).filter((p) => p.startsWith("alliance-cycle")),
      [
        'alliance-cycle alliances[1].when: alliance "grand" can never fire: it must wait for "black-bomb-joins-black", which can never fire either (alliances waiting for each other)',
        'alliance-cycle alliances[3].when: alliance "black-bomb-joins-black" can never fire: it must wait for "grand", which can never fire either (alliances waiting for each other)',
      ],
    );
  });

  it("an alliance waiting only on one that waits for itself is named, without 「互相等待」", () => {
    const input = broken("fengyun-57", ["alliances.1.when", { kind: "alliance-fired", alliance: "grand" }]);
    assert.deepEqual(
      problemsOf(input)
        .filter((p) => p.startsWith("alliance-cycle"))
        .sort(),
      [
        'alliance-cycle alliances[1].when.alliance: alliance "grand" waits for itself',
        'alliance-cycle alliances[3].when: alliance "black-bomb-joins-black" can never fire: it must wait for "grand", which can never fire',
      ],
    );
  });

  it("an alliance that may fire another way is no cycle: 「any」 of a count and the other alliance", () => {
    const input = broken("fengyun-57", [
      "alliances.1.when.of.1",
      { kind: "alliance-fired", alliance: "black-bomb-joins-black" },
    ]);
    assert.deepEqual(
      problemsOf(input).filter((p) => p.startsWith("alliance-cycle")),
      [],
    );
  });
});

describe("a round that kills more than are alive", () => {
  it("is reported once, at that round: the later rounds' counts would start below zero", () => {
    assert.deepEqual(problemsOf(broken("airforce-40", ["progression.1.voteOut", 60])), [
      "total-mismatch progression[1].totalKills: round 2 says 9 killed, but 60 voted out + 5 posts = 65",
      "survivors-mismatch progression[1].survivors: round 2 says 30 survive, but 39 − 65 = -26",
      "too-many-kills progression[1].voteOut: round 2 kills 65 but only 39 are alive",
    ]);
  });
});

describe("schema problems in plain words", () => {
  it("a misspelled key is named, with the key it probably meant, in English and Chinese", () => {
    const r = parseRuleSet(broken("airforce-40", ["vote.overtimeMinuts", 10]));
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.deepEqual(
      r.problems.map((p) => [p.path, p.code, p.en, p.zh]),
      [
        [
          "vote.overtimeMinuts",
          "unknown-key",
          'unknown key "overtimeMinuts" (did you mean "overtimeMinutes"?)',
          '未知的键 "overtimeMinuts"（是不是 "overtimeMinutes"？）',
        ],
      ],
    );
  });

  it("a number out of range says what it is now, in plain Chinese", () => {
    const r = parseRuleSet(broken("airforce-40", ["vote.overtimeMinutes", -5]));
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.deepEqual(
      r.problems.map((p) => p.zh),
      ["必须大于 0（现在是数字 -5）"],
    );
  });

  it("a wrong discriminator lists the allowed kinds", () => {
    assert.deepEqual(problemsOf(broken("fengyun-57", ["win.kind", "points"])), [
      'not-allowed win.kind: must be one of "elimination", "score", not the text "points"',
    ]);
  });

  it("a missing required section says so", () => {
    assert.deepEqual(problemsOf(broken("fengyun-57", ["text", undefined])), [
      "required text: is required: expected a set of keys and values",
    ]);
  });
});
