// 录入举报: a complaint the 哨群 took in off the site by the deadline, entered by the referee later, is judged by its receipt.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Command } from "./contract.ts";
import { summarize } from "./summary.ts";
import { Driver, local, preset } from "./test-kit.ts";
import { redactEvent } from "./view.ts";

const SEED_TAKEN = "seed 000 「自杀贴发出至次日16点前哨群受理举报，逾期不再受理」";
const SEED_UPHELD = "seed 000 「一经查证举报属实…当即宣判出帖者出局，被帖者复活」";

/** A full airforce-40 game: in round 2's window killer 0 posts on 30, assassin 8 on 31; released at 21:30. */
function roundTwoPosts(): Driver {
  const d = new Driver(preset("airforce-40"));
  d.everyoneVotes(local("12-02 10:00"), () => [39]);
  d.tick(local("12-02 21:00:01"));
  assert.equal(d.post(local("12-02 21:05"), 0, 30), null);
  assert.equal(d.post(local("12-02 21:06"), 8, 31), null);
  d.tick(local("12-02 21:30:01"));
  return d;
}

/** 录入举报 of round 2's post 0 (killer 0's), received by the 哨群 at `received`, entered by 总哨 at `at`. */
function entry(at: string, received: string, post = 0): Command {
  return {
    type: "FileComplaint",
    at: local(at),
    round: 2,
    post,
    receivedAt: local(received),
    referee: "总哨",
  };
}

describe(`${SEED_TAKEN}: 录入举报 is judged by when the 哨群 received it`, () => {
  test("received by 16:00 and entered after the window closed: taken in, signed, and ruled on like one filed in time", () => {
    const d = roundTwoPosts();
    d.tick(local("12-03 16:00:01"));
    assert.equal(d.events("ComplaintWindowClosed").length, 1, "the window has closed");
    assert.equal(d.do(entry("12-03 17:30", "12-03 15:59:59")), null);
    assert.deepEqual(d.events("ComplaintFiled"), [
      {
        type: "ComplaintFiled",
        at: local("12-03 17:30"),
        round: 2,
        post: 0,
        poster: 0,
        receivedAt: local("12-03 15:59:59"),
        referee: "总哨",
      },
    ]);
    assert.deepEqual(d.state.rounds[2]?.complaintsFiled, [0]);
    // Without it, a ruling past the window is refused (no complaint was taken in).
    const on8 = {
      type: "RuleComplaint",
      at: local("12-03 17:40"),
      against: 8,
      upheld: true,
      round: 2,
      post: 1,
    } as const;
    assert.equal(d.do(on8)?.code, "complaint.after-deadline");
    d.must({ type: "RuleComplaint", at: local("12-03 17:40"), against: 0, upheld: true, round: 2, post: 0 });
    assert.deepEqual([d.alive(0), d.alive(30)], [false, true], SEED_UPHELD);
  });

  test("received at 16:00:00 is in time; at 16:00:01 it is refused, naming the deadline and the receipt", () => {
    const d = roundTwoPosts();
    const before = d.log.length;
    assert.deepEqual(d.do(entry("12-03 18:00", "12-03 16:00:01")), {
      code: "complaint.after-deadline",
      message:
        "complaints on that post were taken until 2026-12-03T08:00:00.000Z; this one was received at 2026-12-03T08:00:01.000Z",
      details: { round: 2, receivedAt: local("12-03 16:00:01"), deadline: local("12-03 16:00") },
    });
    assert.equal(d.log.length, before, "a refusal records nothing");
    assert.equal(d.do(entry("12-03 18:00", "12-03 16:00:00")), null);
  });

  test("refused: received after its entry, received before the post was released, a post void already", () => {
    const d = roundTwoPosts();
    const future = d.do(entry("12-03 10:00", "12-03 10:00:01"));
    assert.deepEqual(
      [future?.code, future?.details],
      ["complaint.received-in-future", { round: 2, post: 0, receivedAt: local("12-03 10:00:01") }],
    );
    // Released at 21:30:01, when the posting window's deadline fired.
    const early = d.do(entry("12-03 10:00", "12-02 21:30"));
    assert.deepEqual(
      [early?.code, early?.details],
      [
        "complaint.received-before-release",
        { round: 2, post: 0, receivedAt: local("12-02 21:30"), releasedAt: local("12-02 21:30:01") },
      ],
    );
    assert.equal(d.do(entry("12-03 10:00", "12-02 21:30:01")), null, "received at the release is in time");
    d.must({ type: "RuleComplaint", at: local("12-03 11:00"), against: 8, upheld: true, round: 2, post: 1 });
    assert.equal(d.do(entry("12-03 17:00", "12-03 12:00", 1))?.code, "complaint.post-void");
    assert.equal(d.events("ComplaintFiled").length, 1);
  });

  test("entered after the window on a post whose complaint was dismissed in it: it waits for a ruling, and is ruled on", () => {
    const d = roundTwoPosts();
    d.must({ type: "FileComplaint", at: local("12-03 09:00"), round: 2, post: 0 });
    d.must({ type: "RuleComplaint", at: local("12-03 10:00"), against: 0, upheld: false, round: 2, post: 0 });
    d.tick(local("12-03 16:00:01"));
    assert.equal(d.do(entry("12-03 17:00", "12-03 15:00")), null);
    assert.deepEqual(d.state.rounds[2]?.complaintsFiled, [0], "the end would wait for it");
    d.must({ type: "RuleComplaint", at: local("12-03 17:10"), against: 0, upheld: true, round: 2, post: 0 });
    assert.deepEqual([d.alive(0), d.alive(30)], [false, true], SEED_UPHELD);
  });

  test("a player's own complaint is judged by its filing as before, and its event carries no entry fields", () => {
    const d = roundTwoPosts();
    assert.equal(
      d.do({ type: "FileComplaint", at: local("12-03 16:00:01"), round: 2, post: 0 })?.code,
      "complaint.after-deadline",
    );
    d.must({ type: "FileComplaint", at: local("12-03 15:00"), round: 2, post: 0 });
    assert.deepEqual(Object.keys(d.events("ComplaintFiled")[0] ?? {}), [
      "type",
      "at",
      "round",
      "post",
      "poster",
    ]);
  });

  test(`entered after the round's results, the ruling publishes the poster at once (${SEED_UPHELD})`, () => {
    const d = roundTwoPosts();
    let n = 0;
    d.everyoneVotes(local("12-03 20:00"), () => [n++ % 2 === 0 ? 35 : 36]);
    d.tick(local("12-03 21:00:01"));
    assert.equal(d.state.rounds[2]?.closed, true);
    assert.equal(d.do(entry("12-03 22:00", "12-03 15:00")), null);
    d.must({ type: "RuleComplaint", at: local("12-03 22:10"), against: 0, upheld: true, round: 2, post: 0 });
    assert.equal(d.alive(0), false);
    assert.equal(d.state.seats[0]?.revealed, true);
  });

  test("only the referees see it", () => {
    const d = roundTwoPosts();
    d.must(entry("12-03 17:00", "12-03 15:00"));
    const filed = d.events("ComplaintFiled")[0];
    assert.ok(filed);
    assert.equal(redactEvent(filed, { kind: "seat", seat: 30 }, d.state), null);
    assert.equal(redactEvent(filed, { kind: "seat", seat: 0 }, d.state), null);
    assert.equal(redactEvent(filed, { kind: "public" }, d.state), null);
    assert.deepEqual(redactEvent(filed, { kind: "referee" }, d.state), filed);
  });
});

/**
 * airforce-40 cut to killer 0, engineer 9, swordsman 10 and ranger 14: round 1 votes the engineer out; in round 2's
 * window killer 0 posts on ranger 14 and swordsman 10 on killer 0 (a 500-字 白条), released at 21:30. `iouUntil`
 * moves the 白条's deadline.
 */
function finalPosts(iouUntil?: string): Driver {
  const keep = [0, 9, 10, 14];
  const d = new Driver(preset("airforce-40"));
  for (const s of d.state.seats) {
    if (!keep.includes(s.seat))
      assert.equal(d.override(local("12-01 21:10"), { action: "eliminate", target: s.seat }), null);
  }
  for (const [i, voter] of keep.entries())
    assert.equal(d.vote(local("12-02 10:00") + i * 60_000, voter, voter === 9 ? 14 : 9), null);
  d.tick(local("12-02 21:00:01"));
  assert.equal(d.post(local("12-02 21:05"), 0, 14, 900), null);
  assert.equal(d.post(local("12-02 21:06"), 10, 0, 500), null);
  d.tick(local("12-02 21:30:01"));
  if (iouUntil !== undefined)
    assert.equal(
      d.override(local("12-02 22:00"), { action: "extend", deadline: "iou", until: local(iouUntil) }),
      null,
    );
  return d;
}

describe(`${SEED_TAKEN}: taken in, an entered complaint holds the end as one filed in the window`, () => {
  test(`the end waits for its ruling; upheld, white wins (${SEED_UPHELD})`, () => {
    // The 白条 runs to 18:00, so the game is still on when the referee enters at 17:00 what the 哨群 got at 15:00.
    const d = finalPosts("12-03 18:00");
    d.tick(local("12-03 16:00:01"));
    assert.equal(d.events("GameEnded").length, 0);
    d.must(entry("12-03 17:00", "12-03 15:00"));
    d.tick(local("12-03 18:00:01"));
    assert.equal(d.alive(0), true, "the failed 白条 brings the killer back");
    assert.equal(d.events("GameEnded").length, 0, "black's ending waits for the ruling");
    assert.deepEqual(summarize(d.state).result.endingWaits?.on, [{ kind: "complaint", round: 2 }]);
    d.must({ type: "RuleComplaint", at: local("12-03 19:00"), against: 0, upheld: true, round: 2, post: 0 });
    assert.equal(d.events("GameEnded")[0]?.winner, "white");
  });

  test("once the game has ended, an entry is refused with its own code (the result is amended by end-game)", () => {
    const d = finalPosts();
    d.tick(local("12-03 10:00:01"));
    // Entered when the window's close (at 16:00:01) has just ended the game, and after the end.
    assert.deepEqual(d.do(entry("12-03 16:30", "12-03 15:00")), {
      code: "complaint.game-ended",
      message: "the game is over: a result the complaint changes is amended by end-game",
      details: { round: 2, post: 0 },
    });
    d.tick(local("12-03 16:30"));
    assert.equal(d.events("GameEnded")[0]?.winner, "black");
    assert.equal(d.do(entry("12-03 16:40", "12-03 15:00"))?.code, "complaint.game-ended");
    assert.equal(
      d.do({ type: "FileComplaint", at: local("12-03 16:40"), round: 2, post: 0 })?.code,
      "game.ended",
    );
  });
});
