// 风云 (seed 000) and 空军 (seed 002) take no 弃权: an empty ballot is refused, and a player who sends only that has not voted.
import assert from "node:assert/strict";
import { test } from "node:test";
import { closeVote, Driver, local, preset } from "./test-kit.ts";

test("seed 000 「哨哨不接受任何自杀、弃权声明！」 (弃权): an empty ballot is refused; its sender, with no vote by 21:00, is out as 不投票", () => {
  const d = new Driver(preset("fengyun-57"));
  assert.equal(d.vote(local("12-02 10:00"), 20)?.code, "vote.abstain-not-allowed");
  let n = 0;
  d.everyoneVotes(local("12-02 20:00"), (v) => (v === 20 ? [] : [n++ % 2 ? 56 : 55]));
  d.tick(local("12-02 21:00:01"));
  assert.deepEqual(d.state.rounds[1]?.votes.at(-1)?.abstainers, []);
  assert.deepEqual(d.state.rounds[1]?.votes.at(-1)?.nonVoters, [20]);
  assert.equal(d.state.seats[20]?.out?.cause, "suicide");
});

test("seed 002 「不接受任何自杀、弃权声明。」 (弃权): an empty ballot is refused in 票1出1 and in 票2出4; its sender has not voted", () => {
  const d = new Driver(preset("airforce-40"));
  assert.equal(d.vote(local("12-02 10:00"), 20)?.code, "vote.abstain-not-allowed");
  closeVote(d, "12-02", [39]);
  assert.equal(d.vote(local("12-03 10:00"), 20)?.code, "vote.abstain-not-allowed");
  // seed 002 「不投票判为自杀。」 from round 2 on.
  let n = 0;
  d.everyoneVotes(local("12-03 20:00"), (v) => (v === 20 ? [] : [30 + (n++ % 4), 34]));
  d.tick(local("12-03 21:00:01"));
  assert.deepEqual(d.state.rounds[2]?.votes.at(-1)?.nonVoters, [20]);
  assert.equal(d.state.seats[20]?.out?.cause, "suicide");
});
