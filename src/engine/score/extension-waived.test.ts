// 风云 (seed 000) 白条延期 not asked for: the other camp gives up its right and the round keeps its own times.
import assert from "node:assert/strict";
import { test } from "node:test";
import { closeVote, Driver, local, preset } from "../test-kit.ts";

// fengyun-57 seats: A killers 0–3, …, swords 14–15, rangers 18–56.
const A1 = 0;

/** Round 1 puts out 55 and 56; in round 2 killer A1 posts ranger 20 with 500 字: a 白条, due 12-03 12:00. */
function withOpenIou(): Driver {
  const d = new Driver(preset("fengyun-57"));
  closeVote(d, "12-02", [55, 56]);
  assert.equal(d.post(local("12-02 21:05"), A1, 20, 500), null);
  d.tick(local("12-02 21:30:01"));
  assert.equal(d.state.rounds[2]?.ious[0]?.status, "open");
  return d;
}

test("seed 000 「当然，对方阵营也可以放弃申请权，进程按原时间进行。」: with no 白条延期 asked, round 2's vote closes 12-03 21:00 and round 3 opens then", () => {
  const d = withOpenIou();
  d.must({ type: "CompleteIou", at: local("12-03 11:00"), poster: A1, words: 1300 });
  d.everyoneVotes(local("12-03 12:00"), () => [30]);
  d.tick(local("12-03 21:00:01"));
  assert.equal(d.events("IouExtensionGranted").length, 0);
  assert.equal(d.state.rounds[2]?.voteDeadline, local("12-03 21:00"));
  assert.equal(d.state.rounds[2]?.closed, true);
  assert.equal(d.alive(30), false, "voted out at the original deadline");
  assert.equal(d.state.rounds[3]?.openedAt, local("12-03 21:00"));
});

test("seed 000 「当然，对方阵营也可以放弃申请权，进程按原时间进行。」: the 白条 keeps its own deadline too — not completed by 12:00, its poster is out and the target back", () => {
  const d = withOpenIou();
  d.tick(local("12-03 12:00:01"));
  assert.equal(d.state.rounds[2]?.ious[0]?.status, "failed");
  assert.equal(d.state.seats[A1]?.out?.cause, "iou");
  assert.equal(d.alive(20), true);
  // And a vote that is not cast by 21:00 is late, as on any day (seed 000 「不投票者或迟到者算自杀」).
  d.everyoneVotes(local("12-03 20:00"), (v) => (v === 40 ? [] : [30]));
  d.tick(local("12-03 21:00:01"));
  assert.equal(d.state.seats[40]?.out?.cause, "suicide");
  assert.equal(d.vote(local("12-04 10:00"), 40, 31)?.code, "vote.voter-out");
});
