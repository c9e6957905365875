// 7kill (seed 001) not voting in time: an abstention (the player stays in), with the 潜水 warning the preset gives.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Seat } from "../contract.ts";
import { Driver, preset } from "../test-kit.ts";
import { beijing, SEVEN_SEATS } from "./test-game.ts";

// Seats 0–3 killers, 4–6 police, 7 doctor, 8–14 villagers, 15 the bandit. Day 1: 12-01 20:00 to 12-02 22:00.
const t = beijing;

/**
 * Day 1 of the preset with everyone posting 5 times in the discussion: seats 0–5 vote 8, the rest split over 11–13, except
 * seat 9, which does `nine` (an explicit 弃权, or nothing); the vote closes at 22:00.
 */
function dayOne(nine: "abstain" | "nothing"): Driver {
  const d = new Driver(preset("sevenkill-16"), t("2026-12-01T20:00:00"), SEVEN_SEATS);
  for (const { alias } of SEVEN_SEATS) {
    const seat = Number(alias.slice(1));
    for (let i = 0; i < 5; i++)
      d.must({ type: "Say", at: t("2026-12-01T21:00:00"), seat, thread: "discussion" });
  }
  for (let voter: Seat = 0; voter < 16; voter++) {
    if (voter === 9) continue;
    assert.equal(d.vote(t("2026-12-02T21:00:00"), voter, voter <= 5 ? 8 : 11 + (voter % 3)), null);
  }
  if (nine === "abstain") assert.equal(d.vote(t("2026-12-02T21:00:00"), 9), null);
  d.tick(t("2026-12-02T22:00:01"));
  return d;
}

test("seed 001 「未在规定时间内投票的视为弃权」: a player who casts no ballot by the deadline is counted as abstaining, and stays in", () => {
  const silent = dayOne("nothing");
  const abstained = dayOne("abstain");
  const record = (d: Driver) => d.state.rounds[1]?.votes.at(-1);
  // 弃权, not 自杀 (as 风云's seed 000 「不投票者或迟到者算自杀」 would have it): the seat is alive and not revealed.
  assert.equal(silent.alive(9), true);
  assert.equal(silent.state.seats[9]?.revealed, false);
  assert.deepEqual(record(silent)?.nonVoters, [9]);
  // The tally is the one an explicit 弃权 gives: 6 votes on seat 8 are under 40% of the 16 living, nobody is out.
  assert.deepEqual(record(silent)?.entries, record(abstained)?.entries);
  assert.deepEqual(record(silent)?.out, []);
  assert.deepEqual(record(abstained)?.out, []);
  assert.equal(
    silent.state.seats.filter((s) => s.alive).length,
    16,
    "nobody out for the missing ballot either",
  );
});

test("seed 001 「未在规定时间内投票的视为弃权」 with 4.2 【潜水】「b. 没有在导演指定的投票帖投票；」: the missing ballot brings a public 潜水 warning, an explicit 弃权 none", () => {
  const silent = dayOne("nothing");
  const abstained = dayOne("abstain");
  const warnings = (d: Driver) =>
    (d.state.dayNight?.offences ?? []).map((o) => [
      o.round,
      o.seat,
      o.offence,
      o.reasons,
      o.warning,
      o.public,
    ]);
  assert.deepEqual(warnings(silent), [[1, 9, "lurking", ["not-voting"], true, true]]);
  assert.deepEqual(warnings(abstained), []);
});

test("seed 001 「未在规定时间内投票的视为弃权」「时间以论坛发帖时间为准」: a ballot in the deadline's second counts, one a second later is refused and its player abstains", () => {
  const d = new Driver(preset("sevenkill-16"), t("2026-12-01T20:00:00"), SEVEN_SEATS);
  for (let voter: Seat = 0; voter < 16; voter++)
    if (voter !== 9 && voter !== 10)
      assert.equal(d.vote(t("2026-12-02T21:00:00"), voter, voter <= 5 ? 8 : 11 + (voter % 3)), null);
  // Server receipt time (RULINGS 6): 22:00:00.999 is still 22:00.
  assert.equal(d.vote(t("2026-12-02T22:00:00.999"), 10, 8), null);
  assert.equal(d.vote(t("2026-12-02T22:00:01.000"), 9, 8)?.code, "vote.after-deadline");
  d.tick(t("2026-12-02T22:00:01"));
  const record = d.state.rounds[1]?.votes.at(-1);
  assert.deepEqual(record?.nonVoters, [9]);
  // Seat 10's ballot made 7 votes on seat 8, 40% of the 16 living: out. Seat 9's would have made 8; it is not counted.
  assert.deepEqual(record?.out, [8]);
  assert.equal(record?.entries.find((e) => e.seat === 8)?.fullVotes, 7);
  assert.equal(d.alive(9), true);
});
