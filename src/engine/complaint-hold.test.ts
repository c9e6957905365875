// A complaint filed against a released post holds an ending its ruling could change, as an open 白条 does.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { summarize } from "./summary.ts";
import { Driver, local, preset } from "./test-kit.ts";
import { redactEvent, viewFor } from "./view.ts";

/**
 * postsOnTheLast with only killer 0, engineer 9, swordsman 10 and ranger 14 left. At the 21:30 release both targets go
 * out: white holds, but the 白条 is open and its failure would bring the killer back.
 */
function finalPosts(): Driver {
  const d = postsOnTheLast([0, 9, 10, 14]);
  assert.equal(d.alive(0), false);
  assert.equal(d.alive(14), false);
  assert.equal(d.state.status, "running", "the open 白条 holds white's ending");
  return d;
}

/**
 * airforce-40 cut to `keep` (killer 0, engineer 9, swordsman 10 and ranger 14 among them): round 1 votes the engineer
 * out, and in round 2's window killer 0 posts on ranger 14 (900 字) and swordsman 10 on killer 0 (a 500-字 白条).
 */
function postsOnTheLast(keep: readonly number[]): Driver {
  const d = new Driver(preset("airforce-40"));
  for (const s of d.state.seats) {
    if (!keep.includes(s.seat))
      assert.equal(d.override(local("12-01 21:10"), { action: "eliminate", target: s.seat }), null);
  }
  for (const [i, voter] of keep.entries()) {
    assert.equal(d.vote(local("12-02 10:00") + i * 60_000, voter, voter === 9 ? 14 : 9), null);
  }
  d.tick(local("12-02 21:00:01"));
  assert.equal(d.alive(9), false);
  assert.equal(d.post(local("12-02 21:05"), 0, 14, 900), null);
  assert.equal(d.post(local("12-02 21:06"), 10, 0, 500), null);
  d.tick(local("12-02 21:30:01"));
  return d;
}

/** A full airforce-40 game: in round 2's window killer 0 posts on `first`, assassin 8 on `second`; released at 21:30. */
function roundTwoPosts(first: number, second: number): Driver {
  const d = new Driver(preset("airforce-40"));
  d.everyoneVotes(local("12-02 10:00"), () => [39]);
  d.tick(local("12-02 21:00:01"));
  assert.equal(d.post(local("12-02 21:05"), 0, first), null);
  assert.equal(d.post(local("12-02 21:06"), 8, second), null);
  d.tick(local("12-02 21:30:01"));
  return d;
}

/** The round and place of killer 0's post on ranger 14. */
function killersPost(d: Driver): { round: number; post: number } {
  const r = d.state.rounds.find((x) => x?.released?.some((p) => p.poster === 0));
  const post = r?.released?.find((p) => p.poster === 0);
  assert.ok(r && post);
  return { round: r.round, post: post.index };
}

/** The complaint against the killer's post is filed in the night, then the 白条 fails at 10:00: black holds. */
function complaintThenIouFails(): Driver {
  const d = finalPosts();
  d.must({ type: "FileComplaint", at: local("12-02 23:00"), ...killersPost(d) });
  d.tick(local("12-03 10:00:01"));
  assert.equal(d.alive(0), true, "the failed 白条 brings the killer back");
  assert.equal(d.alive(10), false);
  return d;
}

describe("seed 000 「哨群接受举报。一经查证举报属实…当即宣判出帖者出局，被帖者复活」: an ending waits for a filed complaint", () => {
  test("RULINGS 16 「accepted until the complaint deadline」: without a complaint, black wins once the window has closed", () => {
    const d = finalPosts();
    d.tick(local("12-03 10:00:01"));
    assert.equal(
      d.events("GameEnded").length,
      0,
      "a complaint upheld by 16:00 would still bring the ranger back",
    );
    assert.deepEqual(summarize(d.state).result.endingWaits?.on, [
      { kind: "complaint-window", round: killersPost(d).round },
    ]);
    d.tick(local("12-03 16:00:01"));
    const ended = d.events("GameEnded");
    assert.equal(ended[0]?.winner, "black", "the ranger stays out");
    assert.equal(ended[0]?.at, local("12-03 16:00:01"));
  });

  test("with a complaint filed against the killer's post, black's ending waits for the ruling and says so", () => {
    const d = complaintThenIouFails();
    assert.equal(d.events("GameEnded").length, 0);
    const waits = summarize(d.state).result.endingWaits;
    assert.deepEqual(
      waits?.candidates.map((c) => c.winner),
      ["black"],
    );
    assert.deepEqual(waits?.on, [{ kind: "complaint", round: killersPost(d).round }]);
  });

  test("upheld: the ranger comes back and the killer goes out, so white wins", () => {
    const d = complaintThenIouFails();
    const at = local("12-03 11:00");
    d.must({ type: "RuleComplaint", at, against: 0, upheld: true, reason: "抄袭", ...killersPost(d) });
    assert.equal(d.alive(14), true);
    const ended = d.events("GameEnded");
    assert.equal(ended.length, 1);
    assert.equal(ended[0]?.winner, "white");
    assert.equal(ended[0]?.at, at);
  });

  test("dismissed: the ending that held applies at the ruling", () => {
    const d = complaintThenIouFails();
    d.must({ type: "RuleComplaint", at: local("12-03 11:00"), against: 0, upheld: false, ...killersPost(d) });
    assert.equal(d.events("GameEnded")[0]?.winner, "black");
  });

  test("seed 000 「至次日16点前哨群受理举报，逾期不再受理」 (RULINGS 16): taken in by 16:00, it waits past the window for the ruling, and the end with it", () => {
    const d = complaintThenIouFails();
    d.tick(local("12-03 16:00:01"));
    assert.equal(d.events("GameEnded").length, 0);
    assert.deepEqual(summarize(d.state).result.endingWaits?.on, [
      { kind: "complaint", round: killersPost(d).round },
    ]);
    const at = local("12-03 18:30");
    d.must({ type: "RuleComplaint", at, against: 0, upheld: false, reason: "查证为原创", ...killersPost(d) });
    const ended = d.events("GameEnded");
    assert.deepEqual([ended[0]?.winner, ended[0]?.at], ["black", at]);
  });

  test("filed again after a dismissal, it reaches the referee but does not hold the end again", () => {
    const d = finalPosts();
    const post = killersPost(d);
    d.must({ type: "FileComplaint", at: local("12-02 23:00"), ...post });
    d.must({ type: "RuleComplaint", at: local("12-02 23:10"), against: 0, upheld: false, ...post });
    d.must({ type: "FileComplaint", at: local("12-02 23:20"), ...post });
    assert.equal(d.events("ComplaintFiled").length, 2);
    d.tick(local("12-03 10:00:01"));
    assert.equal(d.events("GameEnded")[0]?.winner, "black");
  });

  test("a complaint no ruling of which changes the winner does not hold the end", () => {
    // Against the swordsman's post instead: upholding it puts the swordsman out (he is out already) and revives the
    // killer (already back), so black wins either way.
    const d = finalPosts();
    const r = killersPost(d).round;
    const swords = d.state.rounds[r]?.released?.find((p) => p.poster === 10);
    assert.ok(swords);
    d.must({ type: "FileComplaint", at: local("12-02 23:00"), round: r, post: swords.index });
    d.tick(local("12-03 10:00:01"));
    // What still holds the end is the window of the killer's post, which nobody has complained of yet.
    assert.deepEqual(summarize(d.state).result.endingWaits?.on, [{ kind: "complaint-window", round: r }]);
    d.tick(local("12-03 16:00:01"));
    assert.equal(d.events("GameEnded")[0]?.winner, "black");
  });

  test("refused: a post that is void already, a post that does not exist, and after the deadline", () => {
    // A full game: round 2's posts, complaints taken until 16:00 the next day.
    const g = roundTwoPosts(30, 31);
    g.must({ type: "RuleComplaint", at: local("12-02 22:00"), against: 0, upheld: true, round: 2, post: 0 });
    const file = (t: string, post: number) =>
      g.do({ type: "FileComplaint", at: local(t), round: 2, post })?.code;
    assert.equal(file("12-02 23:00", 0), "complaint.post-void");
    assert.equal(file("12-02 23:00", 9), "complaint.no-such-post");
    assert.equal(file("12-03 16:00:00", 1), undefined);
    // The refusal names the post's round, so the message gives that round's deadline, not the current one's.
    assert.deepEqual(g.do({ type: "FileComplaint", at: local("12-03 16:00:01"), round: 2, post: 1 }), {
      code: "complaint.after-deadline",
      message: "complaints are no longer accepted for that post",
      details: { round: 2 },
    });
  });

  test("the players do not see that a complaint is pending; the referee does", () => {
    const d = finalPosts();
    d.must({ type: "FileComplaint", at: local("12-02 23:00"), ...killersPost(d) });
    const filed = d.events("ComplaintFiled")[0];
    assert.ok(filed);
    assert.equal(filed.poster, 0);
    assert.equal(redactEvent(filed, { kind: "seat", seat: 13 }, d.state), null);
    assert.equal(redactEvent(filed, { kind: "public" }, d.state), null);
    assert.deepEqual(redactEvent(filed, { kind: "referee" }, d.state), filed);
  });
});

describe("a post a complaint voided no longer counts as killing its target", () => {
  test("seed 000 「一经查证举报属实…被帖者复活」: two posts on one seat, both upheld: the seat comes back at the second", () => {
    const d = roundTwoPosts(30, 30);
    assert.equal(d.alive(30), false);
    d.must({ type: "RuleComplaint", at: local("12-03 09:00"), against: 0, upheld: true, round: 2, post: 0 });
    assert.equal(d.alive(30), false, "the assassin's post still kills it");
    d.must({ type: "RuleComplaint", at: local("12-03 09:10"), against: 8, upheld: true, round: 2, post: 1 });
    assert.equal(d.alive(30), true);
    // A voided post is ruled on once.
    const again = {
      type: "RuleComplaint",
      at: local("12-03 09:20"),
      against: 0,
      upheld: true,
      round: 2,
      post: 0,
    } as const;
    assert.equal(d.do(again)?.code, "complaint.no-such-post");
  });
});

describe("an out a seat owes for its own void post stands when the post that killed it is undone", () => {
  /** finalPosts with killer 1 kept too: the game goes on after the release, whatever the rulings. */
  const withSecondKiller = () => postsOnTheLast([0, 1, 9, 10, 14]);

  test("seed 000 「一经查证举报属实…当即宣判出帖者出局」: the plagiarist killed by a 白条 stays out when that 白条 fails", () => {
    // Killer 0's post on ranger 14 is upheld as copied while 0 is out already (by swordsman 10's 白条 post): 14 comes
    // back, and 0 owes the out. At 10:00 the 白条 fails: 10 is out for it, and 0, no longer killed by it, is out for
    // the complaint instead of coming back.
    const d = withSecondKiller();
    d.must({ type: "RuleComplaint", at: local("12-02 22:00"), against: 0, upheld: true, ...killersPost(d) });
    assert.equal(d.alive(14), true);
    d.tick(local("12-03 10:00:01"));
    assert.equal(d.alive(10), false);
    assert.equal(d.alive(0), false, "the upheld complaint's out stands");
    assert.equal(d.state.seats[0]?.out?.cause, "complaint");
    // player.md 「「我的杀帖」列出你出过的帖；作废的帖标「作废」」: the poster's own list marks it, as the referee's 作废 did.
    assert.deepEqual(
      viewFor(d.state, { kind: "seat", seat: 0 }).you?.posts.map((p) => p.voided),
      [true],
    );
    const r2 = summarize(d.state).rounds.find((r) => r.round === killersPost(d).round);
    assert.ok(!r2?.revived.some((v) => v.seat === 0), "not listed as revived: it went out again at once");
  });

  test("so a 白条 whose failure can no longer bring the last killer back does not hold white's end", () => {
    const d = finalPosts();
    const at = local("12-02 22:00");
    d.must({ type: "RuleComplaint", at, against: 0, upheld: true, ...killersPost(d) });
    assert.equal(d.events("GameEnded")[0]?.winner, "white");
    assert.equal(d.events("GameEnded")[0]?.at, at);
  });
});

describe("an owed out is owed once", () => {
  test("served, or forgiven by the referee's revive, it is not applied again when a later post on the seat is undone", () => {
    const d = new Driver(preset("airforce-40"));
    d.everyoneVotes(local("12-02 10:00"), () => [39]);
    d.tick(local("12-02 21:00:01"));
    // Round 2: killer 0's 白条 on ranger 14 fails at 10:00: 0 is out for it, 14 is back. The referee brings 0 back.
    assert.equal(d.post(local("12-02 21:05"), 0, 14, 500), null);
    d.tick(local("12-03 10:00:01"));
    assert.equal(d.state.seats[0]?.out?.cause, "iou");
    assert.equal(d.override(local("12-03 11:00"), { action: "revive", target: 0 }, "误判"), null);
    d.everyoneVotes(local("12-03 12:00"), () => [38, 37]);
    d.tick(local("12-03 21:00:01"));
    // Round 3: killer 1's 白条 on 0 puts 0 out; it fails at 10:00, and 0 comes back for good.
    assert.equal(d.post(local("12-03 21:05"), 1, 0, 500), null);
    d.tick(local("12-03 21:30:01"));
    assert.equal(d.alive(0), false);
    d.tick(local("12-04 10:00:01"));
    assert.equal(d.alive(1), false);
    assert.equal(d.alive(0), true, "round 2's 白条 was served, then forgiven: nothing is owed");
  });
});
