// A player's own 举报 and what became of each: waiting, upheld or dismissed with the referee's reason, expired, voided.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { GameEventDto } from "../../../src/server/api-types.ts";
import { myComplaints, type ReleasedPostView } from "./my-complaints.ts";

let seq = 0;
const ev = (type: string, at: number, data: Record<string, unknown>): GameEventDto => ({
  seq: ++seq,
  type,
  at,
  data,
});
const released = (round: number, complaintDeadline: number) =>
  ev("PostsReleased", 1_000, { round, posts: [], complaintDeadline, iouDeadline: 2_000 });
const filed = (at: number, seat: number, round: number, post: number, text = "抄袭") =>
  ev("app.ComplaintFiled", at, { seat, alias: `a${seat}`, round, post, text });
const post = (index: number, target: number, lapsed: ReleasedPostView["lapsed"] = null) => ({
  index,
  target,
  lapsed,
});
const ROUNDS = [{ round: 2, posts: [post(0, 7), post(1, 8)] }];

test("filed: waiting for the referee until the round's complaint deadline, with the post's public target", () => {
  const complaint = filed(5_000, 3, 2, 1, "字数不实");
  const list = myComplaints([released(2, 90_000), complaint], 3, ROUNDS);
  assert.deepEqual(list, [
    {
      seq: complaint.seq,
      at: 5_000,
      round: 2,
      post: 1,
      target: 8,
      text: "字数不实",
      state: { kind: "waiting", deadline: 90_000 },
    },
  ]);
});

test("录入举报 for this seat is its complaint, with when the 哨群 received it; the 哨群's own and another seat's are not", () => {
  const entered = ev("app.ComplaintFiled", 95_000, {
    seat: 3,
    alias: "a3",
    round: 2,
    post: 0,
    text: "QQ举报",
    receivedAt: 80_000,
    referee: "老哨",
  });
  const own = ev("app.ComplaintFiled", 96_000, { seat: null, alias: "", round: 2, post: 1, text: "旧帖" });
  const list = myComplaints([released(2, 90_000), entered, own, filed(97_000, 4, 2, 1)], 3, ROUNDS);
  assert.deepEqual(list, [
    {
      seq: entered.seq,
      at: 95_000,
      round: 2,
      post: 0,
      target: 7,
      text: "QQ举报",
      receivedAt: 80_000,
      state: { kind: "waiting", deadline: 90_000 },
    },
  ]);
});

test("the referee's ruling on the post, with its public reason; a complaint filed after a dismissal waits again", () => {
  const events = [
    released(2, 90_000),
    filed(5_000, 3, 2, 0),
    ev("ComplaintDismissed", 6_000, { round: 2, post: 0, poster: null, reason: "查无抄袭" }),
    filed(7_000, 3, 2, 0),
    filed(7_500, 3, 2, 1),
    ev("ComplaintUpheld", 8_000, { round: 2, post: 1, poster: 5, target: 8, reason: "重合45%" }),
  ];
  const states = myComplaints(events, 3, ROUNDS).map((c) => c.state);
  assert.deepEqual(states, [
    { kind: "dismissed", at: 6_000, reason: "查无抄袭" },
    { kind: "waiting", deadline: 90_000 },
    { kind: "upheld", at: 8_000, reason: "重合45%" },
  ]);
});

test("unruled at the window's close it still waits (RULINGS 16: taken in, ruled on later); at the end of the game: expired", () => {
  const events = [
    released(2, 90_000),
    released(3, 190_000),
    filed(5_000, 3, 2, 0),
    filed(100_000, 3, 3, 0),
    ev("ComplaintWindowClosed", 91_000, { round: 2, keepsFiled: true }),
    ev("GameEnded", 150_000, { winner: "white", reason: "" }),
  ];
  const rounds = [...ROUNDS, { round: 3, posts: [post(0, 9)] }];
  assert.deepEqual(
    myComplaints(events, 3, rounds).map((c) => c.state),
    [
      { kind: "expired", at: 150_000, why: "ended" },
      { kind: "expired", at: 150_000, why: "ended" },
    ],
  );
  // A log stored before (its window's close without keepsFiled): there the complaint lapsed with the window.
  const old = events.map((e) => (e.type === "ComplaintWindowClosed" ? { ...e, data: { round: 2 } } : e));
  assert.deepEqual(myComplaints(old, 3, rounds)[0]?.state, { kind: "expired", at: 91_000, why: "window" });
});

test("the post voided another way first: its 白条 failed, or the referee's 作废杀帖 (the view shows which post)", () => {
  const events = [
    released(2, 90_000),
    filed(5_000, 3, 2, 0),
    filed(5_500, 3, 2, 1),
    ev("IouFailed", 6_000, { round: 2, post: 0, poster: null, target: 7 }),
    ev("ComplaintWindowClosed", 91_000, { round: 2, keepsFiled: true }),
  ];
  assert.deepEqual(
    myComplaints(events, 3, ROUNDS).map((c) => c.state),
    [
      { kind: "voided", at: 6_000, why: "iou" },
      { kind: "waiting", deadline: 90_000 },
    ],
  );
  const voided = [
    released(2, 90_000),
    filed(5_000, 3, 2, 0),
    filed(5_500, 3, 2, 1),
    ev("OverrideApplied", 6_000, {
      round: 2,
      override: { action: "void-post", poster: null },
      reason: "外文帖",
    }),
  ];
  const rounds = [{ round: 2, posts: [post(0, 7), post(1, 8, "voided")] }];
  assert.deepEqual(
    myComplaints(voided, 3, rounds).map((c) => c.state),
    [
      { kind: "waiting", deadline: 90_000 },
      { kind: "voided", at: 6_000, why: "referee" },
    ],
  );
});

test("only the seat's own complaints", () => {
  const events = [released(2, 90_000), filed(5_000, 4, 2, 0), filed(6_000, 3, 2, 1)];
  assert.deepEqual(
    myComplaints(events, 3, ROUNDS).map((c) => c.at),
    [6_000],
  );
});

test("a 作废杀帖 of another post of the round, then a ruling on this one: the ruling stands (the void names no post)", () => {
  const events = [
    released(2, 90_000),
    filed(5_000, 3, 2, 0),
    ev("OverrideApplied", 6_000, {
      round: 2,
      override: { action: "void-post", poster: null },
      reason: "繁体",
    }),
    ev("ComplaintUpheld", 8_000, { round: 2, post: 0, poster: null, reason: "重合45%" }),
  ];
  const rounds = [{ round: 2, posts: [post(0, 7, "voided"), post(1, 8, "voided")] }];
  assert.deepEqual(myComplaints(events, 3, rounds)[0]?.state, {
    kind: "upheld",
    at: 8_000,
    reason: "重合45%",
  });
});

test("a 作废杀帖 that names its post settles that post's complaint only", () => {
  const events = [
    released(2, 90_000),
    filed(5_000, 3, 2, 0),
    filed(5_500, 3, 2, 1),
    ev("OverrideApplied", 6_000, {
      round: 2,
      override: { action: "void-post", poster: null, round: 2, post: 1 },
      reason: "外文帖",
    }),
  ];
  // Post 0 reads void in the view too (voided by a ruling whose event this page has not got yet).
  const rounds = [{ round: 2, posts: [post(0, 7, "voided"), post(1, 8, "voided")] }];
  assert.deepEqual(
    myComplaints(events, 3, rounds).map((c) => c.state),
    [
      { kind: "waiting", deadline: 90_000 },
      { kind: "voided", at: 6_000, why: "referee" },
    ],
  );
});
