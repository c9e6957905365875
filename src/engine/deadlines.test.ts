// Deadlines as state: pendingDeadlines is sorted, and one Tick fires everything due in time order.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { pendingDeadlines } from "./deadlines.ts";
import { Driver, local, preset } from "./test-kit.ts";

describe("pendingDeadlines and Tick", () => {
  test("seed 000: IOU 「第二天中午12点前」, complaints 「次日16点前」, the vote 「每晚21：00：00截止」 — fired in that order by one Tick", () => {
    const d = new Driver(preset("fengyun-57"));
    d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.post(local("12-02 21:05"), 0, 30, 500), null);
    d.tick(local("12-02 21:30:01"));
    d.everyoneVotes(local("12-03 09:00"), () => [40]);
    const pending = pendingDeadlines(d.state);
    assert.deepEqual(
      pending.map((p) => [p.key, p.at]),
      [
        ["round:2:iou", local("12-03 12:00:01")],
        ["round:2:complaint", local("12-03 16:00:01")],
        ["round:3:open", local("12-03 21:00:00")],
        ["round:2:vote", local("12-03 21:00:01")],
      ],
    );
    const before = d.log.length;
    d.tick(local("12-03 22:00"));
    const order = d.log
      .slice(before)
      .map((e) => e.type)
      .filter((t) =>
        ["IouFailed", "ComplaintWindowClosed", "RoundOpened", "VoteClosed", "PostsReleased"].includes(t),
      );
    assert.deepEqual(order, [
      "IouFailed",
      "ComplaintWindowClosed",
      "RoundOpened",
      "VoteClosed",
      "PostsReleased",
    ]);
  });

  test("a game just started has only round 1's opening pending", () => {
    const d = new Driver(preset("airforce-40"));
    assert.deepEqual(
      pendingDeadlines(d.state).map((p) => p.key),
      ["round:1:open"],
    );
  });
});
