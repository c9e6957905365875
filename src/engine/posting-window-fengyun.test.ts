// 风云 (seed 000) posting window: posts are due by 21:30; the release does not wait for a late or missing post.
import assert from "node:assert/strict";
import { test } from "node:test";
import { closeVote, Driver, local, preset } from "./test-kit.ts";

// 风云 seats: A killers 0–3, B killers 4–7, assassins 8–10, lovers 11–12, black bomb 13, swords 14–15, rangers 18–56.

test("seed 000 「必须提前准备好每轮杀贴，由于采取几方同步发贴方式，不可因个人延误整个游戏进程。」: posts released at 21:30 without the late and the missing ones, which are forfeited; the vote opens on time", () => {
  const d = new Driver(preset("fengyun-57"));
  closeVote(d, "12-02", [55, 56]);
  // Round 2's plan: A杀2、B杀1、刺1、情侣1、剑1. Only the first A killer is in time (RULINGS 19, to the second).
  assert.equal(d.post(local("12-02 21:30:00.999"), 0, 20), null);
  assert.equal(d.post(local("12-02 21:30:01.000"), 4, 21)?.code, "post.outside-window");
  d.tick(local("12-02 21:30:01"));
  const round = d.state.rounds[2];
  assert.deepEqual(
    round?.released?.map((p) => [p.poster, p.target]),
    [[0, 20]],
  );
  assert.equal(round?.releasedAt, local("12-02 21:30:01"));
  assert.deepEqual(round?.forfeited, { "killer-a": 1, "killer-b": 1, assassin: 1, lover: 1, sword: 1 });
  assert.equal(d.alive(20), false);
  assert.equal(d.alive(21), true);
  assert.equal(round?.voteOpened, true, "the vote is open at the release, not held for the missing posts");
  // A forfeited post cannot be made later in the round.
  assert.equal(d.post(local("12-03 10:00"), 4, 21)?.code, "post.outside-window");
  closeVote(d, "12-03", [50, 51, 52, 53, 54]);
  assert.equal(d.state.rounds[3]?.openedAt, local("12-03 21:00"));
});
