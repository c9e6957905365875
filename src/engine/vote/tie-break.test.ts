// Tests for what follows a tie and for the final tie-break (先到先出 and its options).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { VoteSettings } from "../../rules/schema.ts";
import { tally } from "./tally.ts";
import { cast, input, settings } from "./test-support.ts";
import { afterTie, resolveTie } from "./tie-break.ts";

const A = 50;
const B = 51;
const C = 52;

describe("after a tie", () => {
  test("风云: overtime, then the final tie-break", () => {
    // seed 000: "如投票出现平票，则平票者进入加时投票" / "如加时依然平票，则先到先出。"
    const s = settings({ overtimeMinutes: 15 });
    assert.equal(afterTie(s, "regular"), "overtime");
    assert.equal(afterTie(s, "overtime"), "final-tie-break");
  });
  test("7kill: a duel, whose tie is nobody out", () => {
    // seed 001: "如果出现两个票数相同且均大于等于未出局人数40%者，进行高票对决" / "高票对决后如仍平票，则无人出局进入夜晚。"
    const s = settings({ overtimeMinutes: null, duel: { abstainAllowed: false, tieOutcome: "nobody-out" } });
    assert.equal(afterTie(s, "regular"), "duel");
    const duel = tally(
      input([cast(1, [A], "23:00:00"), cast(2, [B], "23:00:01")], {
        settings: s,
        kind: "duel",
        candidates: [A, B],
      }),
    );
    assert.deepEqual(resolveTie(s, "duel", duel), { rule: "duel-nobody-out", out: [], referee: null });
  });
  test("no overtime configured: straight to the final tie-break", () => {
    assert.equal(afterTie(settings({ overtimeMinutes: null }), "regular"), "final-tie-break");
  });
});

describe("先到先出 (first-reached)", () => {
  // RULINGS.md 11: "the tied player whose final count was reached earliest goes out, counting only votes standing at the
  // deadline, a changed vote dated at its change"
  const s = settings({ finalTieBreak: "first-reached" });
  const overtime = (casts: ReturnType<typeof cast>[], over: { slots?: number; candidates?: number[] } = {}) =>
    tally(
      input(casts, {
        settings: s,
        kind: "overtime",
        candidates: over.candidates ?? [A, B],
        slots: over.slots ?? 1,
      }),
    );

  test("a changed vote is dated at its change", () => {
    // A reaches 2 at 21:08. B's second vote was first cast for A at 21:02 and changed to B at 21:09: B reaches 2 at 21:09.
    // Dated by first cast, B would have reached 2 at 21:06 (voter 5's vote) and gone out instead.
    const r = overtime([
      cast(4, [A], "21:02:00"),
      cast(3, [B], "21:03:00"),
      cast(1, [A], "21:05:00"),
      cast(2, [A], "21:08:00"),
      cast(4, [B], "21:09:00"),
    ]);
    assert.deepEqual(new Set(r.tie?.seats), new Set([A, B]));
    assert.deepEqual(resolveTie(s, "overtime", r), { rule: "first-reached", out: [A], referee: null });
  });

  test("re-casting an unchanged vote keeps its date", () => {
    // Voter 4 re-confirms B at 21:09; B's count was still complete at 21:06, before A's at 21:08.
    const r = overtime([
      cast(4, [B], "21:02:00"),
      cast(3, [B], "21:06:00"),
      cast(1, [A], "21:05:00"),
      cast(2, [A], "21:08:00"),
      cast(4, [B], "21:09:00"),
    ]);
    assert.deepEqual(resolveTie(s, "overtime", r).out, [B]);
  });

  test("votes changed away before the deadline do not count", () => {
    // Voter 5 voted A at 21:01 and left at 21:04 for C. A's final count of 1 is reached at 21:07.
    const r = overtime(
      [
        cast(5, [A], "21:01:00"),
        cast(2, [B], "21:03:00"),
        cast(5, [C], "21:04:00"),
        cast(1, [A], "21:07:00"),
      ],
      { candidates: [A, B, C] },
    );
    assert.deepEqual(new Set(r.tie?.seats), new Set([A, B, C]));
    assert.deepEqual(resolveTie(s, "overtime", r).out, [B]);
  });

  test("receipt order settles votes received in the same millisecond", () => {
    const r = overtime([cast(1, [B], "21:05:00"), cast(2, [A], "21:05:00")]);
    assert.deepEqual(resolveTie(s, "overtime", r).out, [B]);
  });

  test("one multi-vote cast completing both counts is left to the referee", () => {
    const r = tally(
      input([cast(1, [A, B], "21:05:00"), cast(2, [C], "21:01:00")], {
        settings: s,
        kind: "overtime",
        candidates: [A, B, C],
        votesPerVoter: 2,
        slots: 2,
      }),
    );
    assert.equal(r.tie?.slots, 2);
    assert.deepEqual(new Set(r.tie?.seats), new Set([A, B, C]));
    const t = resolveTie(s, "overtime", r);
    assert.deepEqual(t.out, [C]);
    assert.deepEqual(new Set(t.referee?.seats), new Set([A, B]));
    assert.equal(t.referee?.slots, 1);
    assert.equal(t.referee?.reason, "times-equal");
  });

  test("an overtime nobody voted in is left to the referee", () => {
    const r = overtime([]);
    const t = resolveTie(s, "overtime", r);
    assert.deepEqual(t.out, []);
    assert.equal(t.referee?.reason, "no-votes");
  });

  test("no tie, nothing to break", () => {
    const r = overtime([cast(1, [A], "21:05:00")]);
    assert.deepEqual(resolveTie(s, "overtime", r), { rule: "no-tie", out: [], referee: null });
  });
});

describe("the other final tie-breaks (RULINGS.md 11 options)", () => {
  // RULINGS.md 11: "final tie-break (first-reached / received-first-vote-earliest / all tied out / nobody out / referee decides)"
  const casts = [
    cast(1, [B], "21:01:00"),
    cast(2, [A], "21:02:00"),
    cast(3, [A], "21:03:00"),
    cast(4, [B], "21:09:00"),
  ];
  const run = (rule: VoteSettings["finalTieBreak"]) => {
    const s = settings({ finalTieBreak: rule });
    return resolveTie(
      s,
      "overtime",
      tally(input(casts, { settings: s, kind: "overtime", candidates: [A, B] })),
    );
  };

  test("first-reached: A reached 2 at 21:03, B at 21:09", () => {
    assert.deepEqual(run("first-reached").out, [A]);
  });
  test("first-vote-earliest: B's first standing vote came at 21:01", () => {
    assert.deepEqual(run("first-vote-earliest").out, [B]);
  });
  test("all-out", () => {
    assert.deepEqual(new Set(run("all-out").out), new Set([A, B]));
  });
  test("nobody-out", () => {
    assert.deepEqual(run("nobody-out"), { rule: "nobody-out", out: [], referee: null });
  });
  test("referee", () => {
    const t = run("referee");
    assert.deepEqual(t.out, []);
    assert.equal(t.referee?.reason, "referee-rule");
    assert.deepEqual(new Set(t.referee?.seats), new Set([A, B]));
    assert.equal(t.referee?.slots, 1);
  });
});
