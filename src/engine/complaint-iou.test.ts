// 字数不够按白条处理 (a complaint that finds a post short makes it a 白条) and 认定字数足够 (the referee accepts a 白条 as
// a full post).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Command } from "./contract.ts";
import { summarize } from "./summary.ts";
import { Driver, local, preset } from "./test-kit.ts";
import { redactEvent } from "./view.ts";

const shortAsIou =
  "seed 000 「哨群接受举报。一经查证举报属实，杀帖为旧帖或抄袭，当即宣判出帖者出局，被帖者复活。字数不够按白条处理。」";
const iouRule =
  "seed 000 「白条必须在第二天中午12点前按1200字补齐且为原创首发作品。如未按时补齐，则出贴者出局被帖者复活。」";
const whistle = "seed 000 「风云场上哨子最大，一切纷争以哨子最终裁决为准」";

const KILLER = 0;
const TARGET = 30;

// fengyun-57: round 1 puts out 55 and 56; in round 2 (posting window 12-02 21:00–21:30, 白条 due 12-03 12:00,
// complaints till 12-03 16:00, vote till 12-03 21:00) the A killer (seat 0) posts `words` 字 on ranger 30.
function killerPosts(words = 900): Driver {
  const d = new Driver(preset("fengyun-57"));
  d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
  d.tick(local("12-02 21:00:01"));
  assert.equal(d.post(local("12-02 21:05"), KILLER, TARGET, words), null);
  d.tick(local("12-02 21:30:01"));
  assert.equal(d.alive(TARGET), false);
  return d;
}

function asIou(at: string, extra: Partial<Extract<Command, { type: "RuleComplaint" }>> = {}): Command {
  return {
    type: "RuleComplaint",
    at: local(at),
    against: KILLER,
    upheld: true,
    asIou: true,
    reason: "Word 统计只有 790 字",
    round: 2,
    post: 0,
    ...extra,
  };
}

describe(`字数不够按白条处理 — ${shortAsIou}`, () => {
  test("ruled before the round's 白条 deadline: the post is an open 白条 due then, the poster stays in; not completed, it fails", () => {
    const d = killerPosts();
    assert.equal(d.do(asIou("12-03 10:00")), null);
    // Not void (ComplaintUpheld would have put the poster out and brought the target back at once).
    assert.deepEqual([d.alive(KILLER), d.alive(TARGET)], [true, false]);
    assert.equal(d.events("ComplaintUpheld").length, 0);
    const iou = d.state.rounds[2]?.ious[0];
    assert.deepEqual(iou, {
      post: 0,
      poster: KILLER,
      target: TARGET,
      deadline: local("12-03 12:00"),
      status: "open",
    });
    assert.equal(d.state.rounds[2]?.released?.[0]?.iou, true, "the 杀帖 thread marks it 白条");
    assert.deepEqual(d.state.rounds[2]?.complaintsRuled, [0]);
    // 如未按时补齐，则出贴者出局被帖者复活 (iouRule).
    d.tick(local("12-03 12:00:01"));
    assert.deepEqual([d.alive(KILLER), d.alive(TARGET)], [false, true]);
    assert.equal(d.state.seats[KILLER]?.out?.cause, "iou");
  });

  test(`completed like any 白条 (${iouRule}): the post stands`, () => {
    const d = killerPosts();
    assert.equal(d.do(asIou("12-03 10:00")), null);
    assert.equal(d.do({ type: "CompleteIou", at: local("12-03 11:00"), poster: KILLER, words: 1200 }), null);
    d.tick(local("12-03 12:00:01"));
    assert.deepEqual([d.alive(KILLER), d.alive(TARGET)], [true, false]);
    assert.equal(d.state.rounds[2]?.ious[0]?.status, "completed");
  });

  test("ruled after the round's 白条 deadline: the referee gives one (required, not a past one), and the 白条 fails a second after it", () => {
    const d = killerPosts();
    const before = d.log.length;
    const none = d.do(asIou("12-03 13:00"));
    assert.deepEqual(
      [none?.code, none?.details],
      ["complaint.iou-deadline-required", { round: 2, post: 0, deadline: local("12-03 12:00") }],
    );
    const past = d.do(asIou("12-03 13:00", { iouDeadline: local("12-03 12:30") }));
    assert.equal(past?.code, "complaint.iou-deadline-past");
    assert.equal(d.log.length, before, "refusals record nothing");
    assert.equal(d.do(asIou("12-03 13:00", { iouDeadline: local("12-03 18:00") })), null);
    assert.equal(d.events("ComplaintRuledIou")[0]?.deadline, local("12-03 18:00"));
    d.tick(local("12-03 18:00"));
    assert.equal(d.alive(KILLER), true, "due at 18:00, it is still in time then");
    d.tick(local("12-03 18:00:01"));
    assert.deepEqual([d.alive(KILLER), d.alive(TARGET)], [false, true]);
  });

  test("ruled after the round's results post, the 白条 failing then publishes its poster at once", () => {
    const d = killerPosts();
    assert.equal(
      d.do({ type: "FileComplaint", at: local("12-03 10:00"), round: 2, post: 0 }),
      null,
      "taken in by the window",
    );
    let n = 0;
    d.everyoneVotes(local("12-03 20:00"), () => [n++ % 2 === 0 ? 53 : 54]);
    d.tick(local("12-03 21:00:01"));
    assert.equal(d.state.rounds[2]?.closed, true);
    assert.equal(d.do(asIou("12-03 22:00", { iouDeadline: local("12-04 12:00") })), null);
    assert.equal(d.alive(KILLER), true, "in until its 白条 fails");
    d.tick(local("12-04 12:00:01"));
    assert.equal(d.alive(KILLER), false);
    assert.equal(d.state.seats[KILLER]?.out?.cause, "iou");
    assert.equal(d.state.seats[KILLER]?.revealed, true);
  });

  test("refused: a post that is a 白条 already, and one that took nobody", () => {
    const short = killerPosts(300);
    const already = short.do(asIou("12-03 10:00"));
    assert.deepEqual([already?.code, already?.details], ["complaint.already-iou", { round: 2, post: 0 }]);

    const d = new Driver(preset("fengyun-57"));
    d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.post(local("12-02 21:05"), KILLER, TARGET), null);
    assert.equal(d.override(local("12-02 21:10"), { action: "eliminate", target: TARGET }, "违规"), null);
    d.tick(local("12-02 21:30:01"));
    const lapsed = d.do(asIou("12-03 10:00"));
    assert.equal(lapsed?.code, "complaint.post-lapsed");
  });

  test("the ruling hides the poster from the other seats, as the 白条 does", () => {
    const d = killerPosts();
    assert.equal(d.do(asIou("12-03 10:00")), null);
    const ruling = d.events("ComplaintRuledIou")[0];
    assert.ok(ruling);
    assert.equal(
      (redactEvent(ruling, { kind: "seat", seat: 40 }, d.state) as { poster: unknown }).poster,
      null,
    );
    assert.equal(
      (redactEvent(ruling, { kind: "seat", seat: KILLER }, d.state) as { poster: unknown }).poster,
      KILLER,
    );
  });
});

describe(`认定字数足够 — ${whistle}`, () => {
  test(`a 白条 accepted as a full post closes as if completed: nothing fails at its deadline (${iouRule})`, () => {
    const d = killerPosts(799);
    assert.equal(d.state.rounds[2]?.ious[0]?.status, "open");
    assert.equal(
      d.override(local("12-03 09:00"), { action: "accept-iou", round: 2, post: 0 }, "WPS 统计为 801 字"),
      null,
    );
    assert.deepEqual(d.events("OverrideApplied").at(-1)?.override, {
      action: "accept-iou",
      round: 2,
      post: 0,
      poster: KILLER,
      target: TARGET,
    });
    assert.deepEqual(d.state.rounds[2]?.ious[0]?.status, "completed");
    assert.equal(d.state.rounds[2]?.ious[0]?.accepted, true);
    d.tick(local("12-03 12:00:01"));
    assert.deepEqual([d.alive(KILLER), d.alive(TARGET)], [true, false]);
    assert.equal(d.events("IouFailed").length, 0);
    assert.deepEqual(summarize(d.state).rounds.find((r) => r.round === 2)?.iousAccepted, [
      { post: 0, poster: KILLER, target: TARGET, reason: "WPS 统计为 801 字" },
    ]);
    // Its poster is the poster's and the referees' to know.
    const ruling = d.events("OverrideApplied").at(-1);
    assert.ok(ruling);
    const seen = redactEvent(ruling, { kind: "seat", seat: 40 }, d.state) as { override: object };
    assert.deepEqual(seen.override, { action: "accept-iou", round: 2, post: 0, target: TARGET });
  });

  test(`accepts a 白条 a complaint made (${shortAsIou})`, () => {
    const d = killerPosts();
    assert.equal(d.do(asIou("12-03 10:00")), null);
    assert.equal(
      d.override(local("12-03 11:00"), { action: "accept-iou", round: 2, post: 0 }, "复核够字"),
      null,
    );
    d.tick(local("12-03 12:00:01"));
    assert.deepEqual([d.alive(KILLER), d.alive(TARGET)], [true, false]);
  });

  test("refused: no open 白条 on the post (a full post, one accepted already, one failed), no such post", () => {
    const full = killerPosts();
    const before = full.log.length;
    const notIou = full.override(local("12-03 09:00"), { action: "accept-iou", round: 2, post: 0 }, "x");
    assert.deepEqual(
      [notIou?.code, notIou?.details],
      ["override.no-open-iou", { round: 2, post: 0, status: "none" }],
    );
    const none = full.override(local("12-03 09:00"), { action: "accept-iou", round: 2, post: 5 }, "x");
    assert.equal(none?.code, "override.no-such-post");
    assert.equal(full.log.length, before);

    const d = killerPosts(700);
    assert.equal(d.override(local("12-03 09:00"), { action: "accept-iou", round: 2, post: 0 }, "x"), null);
    const twice = d.override(local("12-03 09:10"), { action: "accept-iou", round: 2, post: 0 }, "x");
    assert.equal(twice?.details?.status, "completed");

    const failed = killerPosts(700);
    failed.tick(local("12-03 12:00:01"));
    const late = failed.override(local("12-03 13:00"), { action: "accept-iou", round: 2, post: 0 }, "x");
    assert.deepEqual([late?.code, late?.details?.status], ["override.no-open-iou", "failed"]);
  });
});
