// Two posts on one seat (撞刀), one of which stops standing (or stands again): RULINGS 10's half vote judged again.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Seat } from "./contract.ts";
import { Driver, local, preset } from "./test-kit.ts";
import { redactEvent, type Viewer } from "./view.ts";

// fengyun-57 seats: A组杀手 0–3, B组杀手 4–7, 独立刺客 8–10, rangers 18–56. Round 1 puts out 55 and 56. Round 2's posts
// go in from 12-02 21:00 to 21:30; its 白条 are due 12-03 12:00, its 举报 16:00, its vote closes 12-03 21:00.
const KILLER = 0;
const ASSASSIN = 8;
const R = 27;
const halfRule = "seed 000 「杀手贴杀人员当轮有半票权，刺客贴杀人员没有半票权」";
const iouRule = "seed 000 「如未按时补齐，则出贴者出局被帖者复活」";
const complaintRule = "seed 000 「一经查证举报属实…当即宣判出帖者出局，被帖者复活」";

/** The killer and the assassin both post on R (the assassin's a 白条 of `assassinWords` 字), in the order given. */
function crossed(o: { assassinFirst?: boolean; assassinWords?: number; killerWords?: number } = {}): Driver {
  const d = new Driver(preset("fengyun-57"));
  d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
  d.tick(local("12-02 21:00:01"));
  const posts: [Seat, string, number][] = [
    [KILLER, "12-02 21:05", o.killerWords ?? 900],
    [ASSASSIN, "12-02 21:06", o.assassinWords ?? 900],
  ];
  if (o.assassinFirst) posts.reverse();
  for (const [poster, at, words] of posts) assert.equal(d.post(local(at), poster, R, words), null);
  d.tick(local("12-02 21:30:01"));
  assert.equal(d.alive(R), false);
  assert.equal(
    d.vote(local("12-02 22:00"), R, 30)?.code,
    "vote.voter-out",
    "both posts hit it: no half vote",
  );
  return d;
}

const postIndex = (d: Driver, poster: Seat) =>
  d.state.rounds[2]?.released?.find((p) => p.poster === poster)?.index ?? -1;
const outRecord = (d: Driver) => d.state.rounds[2]?.outs.findLast((o) => o.seat === R);

describe(`a crossed post that stops standing — ${halfRule} (RULINGS 10)`, () => {
  test(`the assassin's 白条 fails: the seat, out now by the killer's post alone, has the half vote (${iouRule})`, () => {
    for (const assassinFirst of [false, true]) {
      const d = crossed({ assassinFirst, assassinWords: 500 });
      d.tick(local("12-03 12:00:01"));
      assert.equal(d.state.seats[ASSASSIN]?.out?.cause, "iou");
      assert.equal(d.alive(R), false, "the killer's post still holds it out");
      assert.equal(d.vote(local("12-03 13:00"), R, 30), null, `assassin first: ${assassinFirst}`);
      assert.ok(d.state.rounds[2]?.halfVoters.includes(R));
      assert.ok(d.state.rounds[2]?.outVoters.includes(R));
      // Its out is put down to the post that holds it, whichever was sent first.
      assert.deepEqual(
        [outRecord(d)?.by, outRecord(d)?.post],
        [KILLER, postIndex(d, KILLER)],
        `assassin first: ${assassinFirst}`,
      );
      const [rejudged, ...more] = d.events("PostOutRejudged");
      assert.deepEqual(more, []);
      assert.deepEqual(rejudged && { ...rejudged, at: 0 }, {
        type: "PostOutRejudged",
        at: 0,
        round: 2,
        seat: R,
        by: KILLER,
        post: postIndex(d, KILLER),
        halfVote: true,
        keepsVote: true,
      });
    }
  });

  test("the half vote it got back counts only to break the tie at the top places (seed 000 「其所投的票只在平票时有效」)", () => {
    const d = crossed({ assassinWords: 500 });
    d.tick(local("12-03 12:00:01"));
    assert.equal(d.vote(local("12-03 13:00"), R, 53), null);
    // Five go out in round 2: 18–21 clear, then 53 and 54 tie for the fifth place; R's half vote breaks it.
    let n = 0;
    d.everyoneVotes(local("12-03 20:00"), (v) => [
      v === 53 ? 54 : v === 54 ? 53 : v === 45 ? 53 : v === 46 ? 54 : ([18, 19, 20, 21][n++ % 4] as number),
    ]);
    d.tick(local("12-03 21:00:01"));
    const close = d.events("VoteClosed").at(-1);
    assert.equal(close?.halfVotesApplied, true);
    assert.deepEqual(
      [...(close?.out ?? [])].sort((a, b) => a - b),
      [18, 19, 20, 21, 53],
    );
    assert.equal(d.events("OvertimeOpened").length, 0);
  });

  test(`the assassin's post ruled copied (举报): the half vote as well (${complaintRule})`, () => {
    const d = crossed();
    assert.equal(
      d.do({
        type: "RuleComplaint",
        at: local("12-03 10:00"),
        against: ASSASSIN,
        upheld: true,
        reason: "抄袭",
      }),
      null,
    );
    assert.equal(d.state.seats[ASSASSIN]?.out?.cause, "complaint");
    assert.equal(d.alive(R), false);
    assert.equal(d.vote(local("12-03 11:00"), R, 30), null);
    assert.deepEqual(d.state.rounds[2]?.halfVoters, [R]);
  });

  test("the referee voids the assassin's post (作废杀帖): the half vote as well", () => {
    const d = crossed({ assassinFirst: true });
    assert.equal(
      d.override(local("12-03 10:00"), { action: "void-post", poster: ASSASSIN }, "格式不符"),
      null,
    );
    assert.equal(d.alive(R), false);
    assert.equal(d.vote(local("12-03 11:00"), R, 30), null);
    assert.deepEqual([outRecord(d)?.by, outRecord(d)?.post], [KILLER, postIndex(d, KILLER)]);
  });

  test("the killer's post fails instead: still no half vote, the out now down to the assassin's post", () => {
    const d = crossed({ killerWords: 500 });
    d.tick(local("12-03 12:00:01"));
    assert.equal(d.alive(R), false);
    assert.equal(d.vote(local("12-03 13:00"), R, 30)?.code, "vote.voter-out");
    assert.deepEqual(d.state.rounds[2]?.halfVoters, []);
    assert.deepEqual([outRecord(d)?.by, outRecord(d)?.post], [ASSASSIN, postIndex(d, ASSASSIN)]);
    assert.deepEqual(
      d.events("PostOutRejudged").map((e) => [e.by, e.halfVote, e.keepsVote]),
      [[ASSASSIN, false, false]],
    );
  });

  test("two granting posts, one fails: nothing to judge again when the out is down to the other one already", () => {
    const d = new Driver(preset("fengyun-57"));
    d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.post(local("12-02 21:05"), KILLER, R), null);
    assert.equal(d.post(local("12-02 21:06"), 4, R, 500), null);
    d.tick(local("12-02 21:30:01"));
    assert.deepEqual(d.state.rounds[2]?.halfVoters, [R]);
    d.tick(local("12-03 12:00:01"));
    assert.deepEqual(d.state.rounds[2]?.halfVoters, [R]);
    assert.deepEqual(d.events("PostOutRejudged"), []);
  });

  test("once the round's vote has closed, the vote right stays as it was; only the out's attribution moves", () => {
    const d = crossed({ assassinFirst: true });
    let n = 0;
    d.everyoneVotes(local("12-03 20:00"), () => [[18, 19, 20, 21, 22][n++ % 5] as number]);
    d.tick(local("12-03 21:00:01"));
    assert.equal(d.state.rounds[2]?.closed, true);
    assert.equal(
      d.override(local("12-03 22:00"), { action: "void-post", poster: ASSASSIN, round: 2 }, "误"),
      null,
    );
    assert.deepEqual([d.state.rounds[2]?.halfVoters, d.state.rounds[2]?.outVoters], [[], []]);
    assert.deepEqual(
      d.events("PostOutRejudged").map((e) => [e.by, e.post, e.halfVote, e.keepsVote]),
      [[KILLER, postIndex(d, KILLER), false, false]],
    );
  });

  test("seed 002 「过时未补，出帖者出局当轮无票权」 (RULINGS 10: a failed IOU's poster has no vote that round): a seat whose own 白条 failed gets no half vote back", () => {
    // A B组杀手 (4) hit by the killer and by the assassin's 白条, itself posting a 白条 on 30: both 白条 fail together.
    const d = new Driver(preset("fengyun-57"));
    d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
    d.tick(local("12-02 21:00:01"));
    assert.equal(d.post(local("12-02 21:04"), 4, 30, 500), null);
    assert.equal(d.post(local("12-02 21:05"), KILLER, 4), null);
    assert.equal(d.post(local("12-02 21:06"), ASSASSIN, 4, 500), null);
    d.tick(local("12-03 12:00:01"));
    assert.equal(d.alive(4), false);
    assert.equal(d.alive(30), true);
    assert.equal(d.vote(local("12-03 13:00"), 4, 31)?.code, "vote.voter-out");
    assert.deepEqual(d.state.rounds[2]?.halfVoters, []);
  });
});

describe(`恢复杀帖 on a crossed seat — ${halfRule}`, () => {
  test("the assassin's post stands again on a seat the killer's post holds out: the half vote goes, and its ballot with it", () => {
    const d = crossed();
    assert.equal(
      d.do({ type: "RuleComplaint", at: local("12-03 10:00"), against: ASSASSIN, upheld: true }),
      null,
    );
    assert.equal(d.vote(local("12-03 11:00"), R, 30), null);
    assert.deepEqual(d.state.rounds[2]?.halfVoters, [R]);
    const post = postIndex(d, ASSASSIN);
    assert.equal(
      d.override(local("12-03 11:30"), { action: "reinstate-post", round: 2, post }, "原文为其本人首发"),
      null,
    );
    assert.equal(d.alive(ASSASSIN), true, "its poster comes back");
    assert.equal(d.alive(R), false);
    assert.deepEqual([d.state.rounds[2]?.halfVoters, d.state.rounds[2]?.outVoters], [[], []]);
    assert.equal(d.vote(local("12-03 12:30"), R, 31)?.code, "vote.voter-out");
    assert.deepEqual(
      d.events("PostOutRejudged").map((e) => [e.by, e.halfVote, e.keepsVote]),
      [
        [KILLER, true, true],
        [KILLER, false, false],
      ],
    );
  });
});

describe("PostOutRejudged as the players see it", () => {
  test("whose post holds the seat out is the poster's to know, as in PlayerOut", () => {
    const d = crossed({ assassinFirst: true, assassinWords: 500 });
    d.tick(local("12-03 12:00:01"));
    const e = d.events("PostOutRejudged")[0];
    assert.ok(e);
    const seen = (viewer: Viewer) =>
      redactEvent(e, viewer, d.state) as { by?: unknown; halfVote?: unknown } | null;
    assert.equal(seen({ kind: "public" })?.by, null);
    assert.equal(seen({ kind: "seat", seat: R })?.by, null);
    assert.equal(seen({ kind: "seat", seat: KILLER })?.by, KILLER);
    assert.equal(seen({ kind: "referee" })?.by, KILLER);
    assert.equal(seen({ kind: "public" })?.halfVote, true);
  });
});
