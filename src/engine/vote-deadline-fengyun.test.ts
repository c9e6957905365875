// 风云 (seed 000) vote deadline on the server clock: a ballot received in 21:00:00's second counts, one at 21:00:01 is late.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Driver, local, preset } from "./test-kit.ts";

test("seed 000 「投票截止时间按论坛系统时钟为准。」「每晚21：00：00截止，以论坛投票机时间为准。」: 21:00:00.999 counts, 21:00:01.000 is refused and its voter is out as 迟到 (RULINGS 6)", () => {
  const d = new Driver(preset("fengyun-57"));
  // Everyone but seats 20 and 21 votes at 20:00: 28 on ranger 55, 27 on ranger 56 (round 1: 票杀2人).
  let n = 0;
  d.everyoneVotes(local("12-02 20:00"), (voter) => (voter === 20 || voter === 21 ? [] : [n++ % 2 ? 56 : 55]));
  assert.equal(d.vote(local("12-02 21:00:00.999"), 20, 30), null, "received within the deadline's second");
  assert.equal(d.vote(local("12-02 21:00:01.000"), 21, 30)?.code, "vote.after-deadline");
  d.tick(local("12-02 21:00:01"));
  const record = d.state.rounds[1]?.votes.at(-1);
  assert.equal(record?.entries.find((e) => e.seat === 30)?.fullVotes, 1, "seat 20's ballot is in the tally");
  assert.deepEqual(record?.nonVoters, [21]);
  assert.deepEqual([...(record?.out ?? [])].sort(), [55, 56]);
  // seed 000 「不投票者或迟到者算自杀，不得参加后续游戏，自杀者身份立即公布。」
  assert.equal(d.state.seats[21]?.out?.cause, "suicide");
  assert.equal(d.state.seats[21]?.revealed, true);
  assert.equal(d.alive(20), true);
});
