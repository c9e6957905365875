// Property tests for the tally: independence from the interleaving of voters, half votes inert without a tie, integer counts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { tally } from "./tally.ts";
import { cast, clock, settings } from "./test-support.ts";
import { resolveTie } from "./tie-break.ts";
import type { Seat, TallyInput, TallyResult, VoteCast } from "./types.ts";

const TARGETS = [50, 51, 52, 53, 54, 55];
const VOTERS = Array.from({ length: 16 }, (_, i) => i + 1);
const EXTRA_HALF_VOTERS = [40, 41, 42, 43, 44, 45];
const OPEN = clock("21:00:00", -1);

interface Scenario {
  input: TallyInput;
  /** Per voter, its casts in its own order. */
  sequences: VoteCast[][];
}

/** One voter's casts: 1–3 ballots at non-decreasing whole seconds, so equal times between voters are common. */
const sequenceFor = (voter: Seat, votesPerVoter: number, distinct: boolean) =>
  fc
    .array(
      fc.record({
        targets: fc.array(fc.constantFrom(...TARGETS), { minLength: 0, maxLength: votesPerVoter + 1 }),
        second: fc.integer({ min: 0, max: 600 }),
        proxy: fc.boolean(),
        code: fc.option(fc.constantFrom("轰炸机", "攻击机", "航测团"), { nil: null }),
      }),
      { minLength: 1, maxLength: 3 },
    )
    .map((ballots) => {
      const seconds = ballots.map((b) => b.second).sort((a, b) => a - b);
      return ballots.map((b, i) =>
        cast(
          voter,
          b.targets.slice(0, votesPerVoter),
          // Distinct times: each voter owns a millisecond slot within the second.
          OPEN + seconds[i]! * 1000 + (distinct ? voter * 10 + i : 0),
          { proxy: b.proxy, codes: b.targets.slice(0, votesPerVoter).map(() => b.code) },
        ),
      );
    });

const scenario = (distinct = false): fc.Arbitrary<Scenario> =>
  fc
    .record({
      votesPerVoter: fc.integer({ min: 1, max: 2 }),
      slots: fc.integer({ min: 1, max: 3 }),
      percent: fc.option(fc.constantFrom(20, 40), { nil: null }),
      voters: fc.subarray(VOTERS, { minLength: 1 }),
      halfShare: fc.subarray(VOTERS),
    })
    .chain((p) =>
      fc.tuple(fc.constant(p), fc.tuple(...p.voters.map((v) => sequenceFor(v, p.votesPerVoter, distinct)))),
    )
    .map(([p, sequences]) => ({
      sequences,
      input: {
        settings: settings({
          threshold: p.percent === null ? { kind: "plurality" } : { kind: "percent", percent: p.percent },
        }),
        kind: "regular",
        votesPerVoter: p.votesPerVoter,
        slots: p.slots,
        alive: 22,
        candidates: null,
        halfVoters: new Set(p.halfShare),
        casts: sequences.flat(),
      },
    }));

/** Interleaves per-voter sequences in the order `keys` gives, keeping each voter's own order. */
function interleave(sequences: VoteCast[][], keys: number[]): VoteCast[] {
  const slots = sequences.flatMap((seq, s) => seq.map(() => s));
  const order = slots.map((s, i) => ({ s, k: keys[i % keys.length]! + i / 1e6 })).sort((a, b) => a.k - b.k);
  const next = sequences.map(() => 0);
  return order.map(({ s }) => sequences[s]![next[s]!++]!);
}

/** Everything of a result that must not depend on receipt order between voters. */
function countsOf(r: TallyResult) {
  const bySeat = [...r.entries]
    .sort((a, b) => a.seat - b.seat)
    .map(({ seat, halves, fullVotes, halfVotes, halfVotesUnused, proxyVotes, reachedAt, firstAt }) => ({
      seat,
      halves,
      fullVotes,
      halfVotes,
      halfVotesUnused,
      proxyVotes,
      reachedAt,
      firstAt,
    }));
  const sorted = (s: Seat[]) => [...s].sort((a, b) => a - b);
  return {
    bySeat,
    out: sorted(r.out),
    tie: r.tie && { seats: sorted(r.tie.seats), slots: r.tie.slots },
    halfVotesApplied: r.halfVotesApplied,
    abstainers: r.abstainers,
  };
}

describe("tally properties", () => {
  test("permuting casts of distinct voters (each voter's own order kept) leaves counts and outcome unchanged", () => {
    fc.assert(
      fc.property(scenario(), fc.array(fc.integer(), { minLength: 1, maxLength: 64 }), (sc, keys) => {
        const a = tally(sc.input);
        const b = tally({ ...sc.input, casts: interleave(sc.sequences, keys) });
        assert.deepEqual(countsOf(b), countsOf(a));
      }),
      { numRuns: 300 },
    );
  });

  test("with distinct receipt times, lead voters, out codes and the out order are unchanged too", () => {
    fc.assert(
      fc.property(scenario(true), fc.array(fc.integer(), { minLength: 1, maxLength: 64 }), (sc, keys) => {
        const a = tally(sc.input);
        const b = tally({ ...sc.input, casts: interleave(sc.sequences, keys) });
        assert.deepEqual(b.out, a.out);
        assert.deepEqual(b.leadVoters, a.leadVoters);
        assert.deepEqual(b.outCodes, a.outCodes);
      }),
      { numRuns: 300 },
    );
  });

  test("half voters never change the outcome when there is no tie at the boundary", () => {
    // RULINGS.md 10: half votes are "added only when the top places are tied, and only to break that tie"
    const extra = fc.tuple(...EXTRA_HALF_VOTERS.map((v) => sequenceFor(v, 2, false)));
    fc.assert(
      fc.property(scenario(), extra, (sc, halfSequences) => {
        const base = tally({ ...sc.input, halfVoters: new Set() });
        const added = halfSequences
          .flat()
          .map((c) => ({ ...c, targets: c.targets.slice(0, sc.input.votesPerVoter) }));
        const withHalves = tally({
          ...sc.input,
          halfVoters: new Set(EXTRA_HALF_VOTERS),
          casts: [...sc.input.casts, ...added],
        });
        const before = new Map(base.entries.map((e) => [e.seat, e.halves]));
        if (base.tie === null) {
          assert.deepEqual(withHalves.out, base.out);
          assert.equal(withHalves.tie, null);
          assert.equal(withHalves.halfVotesApplied, false);
          for (const e of withHalves.entries) assert.equal(e.halves, before.get(e.seat) ?? 0);
        } else {
          // With a tie, half votes may only settle (part of) that tie: seats out stay out, nobody else comes in.
          for (const s of base.out) assert.ok(withHalves.out.includes(s));
          for (const s of withHalves.out) assert.ok(base.out.includes(s) || base.tie.seats.includes(s));
          for (const s of withHalves.tie?.seats ?? []) assert.ok(base.tie.seats.includes(s));
        }
      }),
      { numRuns: 300 },
    );
  });

  test("counts are integer halves ≥ 0 and add up: halves = 2 × full + half votes applied", () => {
    fc.assert(
      fc.property(scenario(), (sc) => {
        const r = tally(sc.input);
        let full = 0;
        let half = 0;
        let halves = 0;
        for (const e of r.entries) {
          for (const n of [e.halves, e.fullVotes, e.halfVotes, e.halfVotesUnused, e.proxyVotes]) {
            assert.ok(Number.isInteger(n) && n >= 0);
          }
          assert.equal(e.halves, 2 * e.fullVotes + e.halfVotes);
          full += e.fullVotes;
          half += e.halfVotes;
          halves += e.halves;
        }
        assert.equal(halves, 2 * full + half);
        assert.equal(
          halves,
          r.votes.reduce((s, v) => s + (v.counted ? v.weight : 0), 0),
        );
        assert.equal(r.halfVotesApplied, half > 0);
        assert.ok(r.out.length <= sc.input.slots);
        if (r.tie) {
          assert.ok(r.tie.seats.length > r.tie.slots);
          assert.ok(r.out.length + r.tie.slots <= sc.input.slots);
        }
      }),
      { numRuns: 300 },
    );
  });

  test("the final tie-break puts out only tied seats, and fills exactly the open places unless all-out or nobody-out", () => {
    const rules = fc.constantFrom(
      "first-reached",
      "first-vote-earliest",
      "all-out",
      "nobody-out",
      "referee" as const,
    );
    const kinds = fc.constantFrom("regular" as const, "overtime" as const);
    fc.assert(
      fc.property(scenario(), rules, kinds, (sc, rule, kind) => {
        const s = { ...sc.input.settings, finalTieBreak: rule };
        const candidates = kind === "overtime" ? TARGETS.slice(0, 3) : null;
        const r = tally({ ...sc.input, settings: s, kind, candidates });
        const t = resolveTie(s, kind, r);
        if (r.tie === null) {
          assert.deepEqual(t, { rule: "no-tie", out: [], referee: null });
          return;
        }
        for (const seat of [...t.out, ...(t.referee?.seats ?? [])]) assert.ok(r.tie.seats.includes(seat));
        for (const seat of t.out) assert.ok(!(t.referee?.seats ?? []).includes(seat));
        if (rule === "first-reached" || rule === "first-vote-earliest" || rule === "referee") {
          assert.equal(t.out.length + (t.referee?.slots ?? 0), r.tie.slots);
        }
        if (rule === "all-out") assert.equal(t.out.length, r.tie.seats.length);
        if (rule === "nobody-out") assert.equal(t.out.length, 0);
      }),
      { numRuns: 300 },
    );
  });

  test("the same input gives the same result", () => {
    fc.assert(
      fc.property(scenario(), (sc) => {
        assert.deepEqual(tally(sc.input), tally(sc.input));
      }),
      { numRuns: 100 },
    );
  });
});
