// 恢复杀帖: a voided kill post stands again when the referee withdraws the ruling that voided it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { pendingDecisions } from "./pending.ts";
import { summarize } from "./summary.ts";
import { Driver, local, preset } from "./test-kit.ts";
import { redactEvent, type Viewer } from "./view.ts";

// fengyun-57 seats: 0 an A killer, 14 a swordsman (a scored seat), rangers 18–56. Round 1 puts out 55 and 56; in
// round 2 (posting window 21:00–21:30, complaints till 12-03 16:00, vote till 12-03 21:00) the killer posts on the
// swordsman and the swordsman on 30.
function killerPostsOnSword(): Driver {
  const d = new Driver(preset("fengyun-57"));
  d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
  d.tick(local("12-02 21:00:01"));
  assert.equal(d.post(local("12-02 21:05"), 0, SWORD), null);
  // The swordsman's own post activates its point (「该分值需经过玩家本人出帖方能激活」).
  assert.equal(d.post(local("12-02 21:06"), SWORD, 30), null);
  d.tick(local("12-02 21:30:01"));
  return d;
}

const SWORD = 14;
const whistle = "seed 000 「风云场上哨子最大，一切纷争以哨子最终裁决为准」";
const complaint = "seed 000 「一经查证举报属实…当即宣判出帖者出局，被帖者复活」";

describe(`恢复杀帖 — ${whistle}`, () => {
  test(`an upheld 举报 withdrawn: the poster comes back and its target is 帖杀 again, scored as before the ruling (${complaint})`, () => {
    const d = killerPostsOnSword();
    const untouched = killerPostsOnSword();
    assert.equal(
      d.do({ type: "RuleComplaint", at: local("12-03 10:00"), against: 0, upheld: true, reason: "查重" }),
      null,
    );
    assert.deepEqual([d.alive(0), d.alive(SWORD)], [false, true]);
    assert.equal(
      d.override(local("12-03 11:00"), { action: "reinstate-post", round: 2, post: 0 }, "原文为其本人首发"),
      null,
    );
    assert.deepEqual([d.alive(0), d.alive(SWORD)], [true, false]);
    assert.equal(d.state.seats[SWORD]?.out?.cause, "post");
    assert.equal(d.state.rounds[2]?.released?.[0]?.lapsed, null);
    assert.deepEqual(d.events("OverrideApplied").at(-1)?.override, {
      action: "reinstate-post",
      round: 2,
      post: 0,
      poster: 0,
      target: SWORD,
    });
    // RULINGS 10: its round's vote is still open, so the victim keeps the half vote the post gave it at the release.
    const halfVoters = (x: Driver) => [...(x.state.rounds[2]?.halfVoters ?? [])].sort((a, b) => a - b);
    assert.deepEqual(halfVoters(d), halfVoters(untouched));
    assert.ok(d.state.rounds[2]?.halfVoters.includes(SWORD));
    // The score reads the post as standing: the victim's point goes as if no 举报 had been upheld.
    const pointsOfSword = (x: Driver) =>
      summarize(x.state)
        .rounds.find((r) => r.round === 2)
        ?.out.find((o) => o.seat === SWORD && o.cause === "post")?.points;
    assert.ok(pointsOfSword(untouched));
    assert.deepEqual(pointsOfSword(d), pointsOfSword(untouched));
  });

  test("作废杀帖 withdrawn: the target goes out again; the poster, never out for it, stays in", () => {
    const d = killerPostsOnSword();
    assert.equal(d.override(local("12-03 10:00"), { action: "void-post", poster: 0 }, "格式不符"), null);
    assert.deepEqual([d.alive(0), d.alive(SWORD)], [true, true]);
    assert.equal(
      d.override(local("12-03 10:30"), { action: "reinstate-post", round: 2, post: 0 }, "误判"),
      null,
    );
    assert.deepEqual([d.alive(0), d.alive(SWORD)], [true, false]);
    assert.equal(d.state.rounds[2]?.submissions[0]?.voided, false);
  });

  test("after its round's results, the victim of a post made to stand again is published at once", () => {
    const d = killerPostsOnSword();
    assert.equal(d.do({ type: "RuleComplaint", at: local("12-03 10:00"), against: 0, upheld: true }), null);
    let n = 0;
    d.everyoneVotes(local("12-03 20:00"), () => [n++ % 2 === 0 ? 53 : 54]);
    d.tick(local("12-03 21:00:01"));
    assert.equal(d.state.rounds[2]?.closed, true);
    assert.equal(
      d.override(local("12-03 21:10"), { action: "reinstate-post", round: 2, post: 0 }, "改判"),
      null,
    );
    assert.equal(d.state.seats[SWORD]?.out?.cause, "post");
    assert.equal(d.state.seats[SWORD]?.revealed, true);
    assert.equal(d.state.rounds[2]?.halfVoters.includes(SWORD), false, "no vote left to keep a half vote in");
  });

  test("refused, and nothing recorded: a post that stands, no such post, a second reinstatement", () => {
    const d = killerPostsOnSword();
    const before = d.log.length;
    const stands = d.override(local("12-03 10:00"), { action: "reinstate-post", round: 2, post: 0 }, "x");
    assert.deepEqual([stands?.code, stands?.details], ["override.post-stands", { round: 2, post: 0 }]);
    const none = d.override(local("12-03 10:00"), { action: "reinstate-post", round: 2, post: 7 }, "x");
    assert.equal(none?.code, "override.no-such-post");
    assert.equal(d.log.length, before);
    assert.equal(d.do({ type: "RuleComplaint", at: local("12-03 10:00"), against: 0, upheld: true }), null);
    assert.equal(
      d.override(local("12-03 10:30"), { action: "reinstate-post", round: 2, post: 0 }, "x"),
      null,
    );
    const again = d.override(local("12-03 10:40"), { action: "reinstate-post", round: 2, post: 0 }, "x");
    assert.equal(again?.code, "override.post-stands");
  });

  test("a 白条 voided before it was completed is not this ruling's to undo", () => {
    const d = new Driver(preset("fengyun-57"));
    d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.post(local("12-02 21:05"), 0, SWORD, 300), null, "a short post: a 白条");
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.state.rounds[2]?.ious[0]?.status, "open");
    assert.equal(d.do({ type: "RuleComplaint", at: local("12-03 09:00"), against: 0, upheld: true }), null);
    const r = d.override(local("12-03 09:30"), { action: "reinstate-post", round: 2, post: 0 }, "x");
    assert.deepEqual([r?.code, r?.details?.why], ["override.reinstate-unsupported", "iou"]);
  });
});

test("the ruling names its poster to the poster and the referees only, as 作废杀帖 does", () => {
  const d = killerPostsOnSword();
  assert.equal(d.override(local("12-03 10:00"), { action: "void-post", poster: 0 }, "格式不符"), null);
  assert.equal(
    d.override(local("12-03 10:30"), { action: "reinstate-post", round: 2, post: 0 }, "误判"),
    null,
  );
  const ruling = d.events("OverrideApplied").at(-1);
  assert.ok(ruling);
  const seen = (viewer: Viewer) => {
    const e = redactEvent(ruling, viewer, d.state);
    return e && "override" in e ? e.override : null;
  };
  assert.deepEqual(seen({ kind: "seat", seat: 30 }), {
    action: "reinstate-post",
    round: 2,
    post: 0,
    target: SWORD,
  });
  assert.equal((seen({ kind: "public" }) as { poster?: number } | null)?.poster, undefined);
  assert.equal((seen({ kind: "seat", seat: 0 }) as { poster?: number } | null)?.poster, 0);
  assert.equal((seen({ kind: "referee" }) as { poster?: number } | null)?.poster, 0);
});

describe("恢复杀帖 undoes the voiding alone (review finds)", () => {
  test("RULINGS 10: a poster 帖杀 itself gets back the half vote the voiding took, while its round's vote is to come", () => {
    const d = new Driver(preset("fengyun-57"));
    d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.post(local("12-02 21:05"), SWORD, 0), null);
    assert.equal(d.post(local("12-02 21:06"), 0, 30), null);
    d.tick(local("12-02 21:30:01"));
    const voters = () => [
      d.state.rounds[2]?.outVoters.includes(0),
      d.state.rounds[2]?.halfVoters.includes(0),
    ];
    const before = voters();
    assert.equal(
      d.do({ type: "RuleComplaint", at: local("12-03 10:00"), against: 0, upheld: true, round: 2, post: 1 }),
      null,
    );
    assert.deepEqual(voters(), [false, false], "seed 002 「出帖者出局当轮无票权」");
    assert.equal(
      d.override(local("12-03 11:00"), { action: "reinstate-post", round: 2, post: 1 }, "误判"),
      null,
    );
    assert.deepEqual(voters(), before);
    assert.equal(d.state.seats[0]?.owes, undefined);
  });

  test("an out the poster owes for another post of its own stands: only the withdrawn ruling is undone", () => {
    const d = new Driver(preset("airforce-40"));
    d.everyoneVotes(local("12-02 20:00"), () => [39]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.post(local("12-02 21:05"), 0, 20), null);
    d.tick(local("12-02 21:30:01"));
    const longer = { action: "extend" as const, deadline: "round:2:complaint", until: local("12-04 16:00") };
    assert.equal(d.override(local("12-03 09:00"), longer, "举报材料待核"), null);
    let k = 0;
    d.everyoneVotes(local("12-03 20:00"), () => [30 + (k++ % 4), 30 + (k++ % 4)]);
    d.tick(local("12-03 21:00:01"));
    assert.equal(d.post(local("12-03 21:05"), 0, 22), null);
    d.tick(local("12-03 21:30:01"));
    const uphold = (at: string, round: number) =>
      d.do({ type: "RuleComplaint", at: local(at), against: 0, upheld: true, round, post: 0 });
    assert.equal(uphold("12-04 09:00", 3), null);
    assert.equal(uphold("12-04 10:00", 2), null);
    assert.equal(
      d.override(local("12-04 11:00"), { action: "reinstate-post", round: 3, post: 0 }, "误判"),
      null,
    );
    assert.equal(d.state.seats[0]?.out?.cause, "complaint", "out for its round-2 post, found copied too");
    assert.equal(d.state.seats[22]?.out?.cause, "post");
  });

  test("a post that had lapsed on an out target, voided and made to stand again, still did nothing", () => {
    const d = new Driver(preset("fengyun-57"));
    d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.post(local("12-02 21:05"), 0, 30), null);
    assert.equal(d.override(local("12-02 21:10"), { action: "eliminate", target: 30 }, "曝ID"), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.state.rounds[2]?.released?.[0]?.lapsed, "target-out");
    assert.equal(d.override(local("12-03 10:00"), { action: "void-post", poster: 0 }, "格式"), null);
    assert.equal(
      d.override(local("12-03 10:30"), { action: "reinstate-post", round: 2, post: 0 }, "误判"),
      null,
    );
    assert.equal(d.state.rounds[2]?.released?.[0]?.lapsed, "target-out");
    assert.equal(d.state.seats[30]?.out?.cause, "referee");
  });
});

test("a complaint filed before 作废杀帖 was answered by it: made to stand again, the post has no complaint waiting (review find)", () => {
  const d = killerPostsOnSword();
  assert.equal(d.do({ type: "FileComplaint", at: local("12-03 09:00"), round: 2, post: 0 }), null);
  assert.equal(pendingDecisions(d.state).length, 1);
  assert.equal(
    d.override(local("12-03 10:00"), { action: "void-post", poster: 0, round: 2, post: 0 }, "格式"),
    null,
  );
  assert.equal(
    d.override(local("12-03 10:30"), { action: "reinstate-post", round: 2, post: 0 }, "误判"),
    null,
  );
  assert.deepEqual(pendingDecisions(d.state), []);
  // A complaint filed now waits for a ruling of its own.
  assert.equal(d.do({ type: "FileComplaint", at: local("12-03 11:00"), round: 2, post: 0 }), null);
  assert.equal(pendingDecisions(d.state).length, 1);
});
