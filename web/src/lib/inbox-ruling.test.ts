// inboxRuling: a handled 平票, 领票人 or 胜负 item is matched to the ruling after it in the referee's log.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { GameEventDto, InboxItem } from "../../../src/server/api-types.ts";
import { inboxRuling } from "./inbox-ruling.ts";

const item = (over: Partial<InboxItem>): InboxItem => ({
  seq: 10,
  at: 1000,
  kind: "tie-decision",
  fromSeat: null,
  fromAlias: "",
  text: "",
  handled: { at: 2000, outcome: "decided" },
  ...over,
});

const override = (seq: number, o: Record<string, unknown>, reason: string): GameEventDto => ({
  seq,
  type: "OverrideApplied",
  at: 2000,
  data: { round: 1, override: o, reason },
});

test("a tie: the seats the referee put out in that round and house, with the reason", () => {
  const events = [
    override(5, { action: "decide-tie", round: 1, out: [7] }, "an earlier ruling, before the item"),
    override(11, { action: "decide-tie", round: 2, out: [4] }, "another round"),
    override(12, { action: "decide-tie", round: 1, out: [3], house: 2 }, "the other house"),
    override(13, { action: "decide-tie", round: 1, out: [1, 2] }, "加时无人投票"),
  ];
  assert.deepEqual(inboxRuling(item({ round: 1, tied: [1, 2, 3], slots: 2 }), events), {
    kind: "out",
    seats: [1, 2],
    reason: "加时无人投票",
  });
  assert.deepEqual(inboxRuling(item({ round: 1, house: 2 }), events), {
    kind: "out",
    seats: [3],
    reason: "the other house",
  });
});

test("a 领票人: the voter named for that bomb", () => {
  const events = [
    override(11, { action: "decide-lead-voter", round: 1, bomb: 9, leadVoter: 4 }, "another bomb"),
    override(12, { action: "decide-lead-voter", round: 1, bomb: 5, leadVoter: 2 }, "最早投票"),
  ];
  assert.deepEqual(inboxRuling(item({ kind: "lead-voter-decision", round: 1, bomb: 5 }), events), {
    kind: "lead-voter",
    seat: 2,
    reason: "最早投票",
  });
});

test("an ending: the winner the game ended with, and the referee's reason when 结束游戏 ended it", () => {
  const ending = item({ kind: "ending-decision", round: 2 });
  const byReferee = [
    override(11, { action: "end-game", winner: "draw" }, "双方同时全灭"),
    { seq: 12, type: "GameEnded", at: 2000, data: { winner: "draw", reason: "referee" } },
  ];
  assert.deepEqual(inboxRuling(ending, byReferee), {
    kind: "ending",
    winner: "draw",
    reason: "双方同时全灭",
  });
  const onItsOwn = [{ seq: 12, type: "GameEnded", at: 2000, data: { winner: "white", reason: "all out" } }];
  assert.deepEqual(inboxRuling(ending, onItsOwn), { kind: "ending", winner: "white", reason: "" });
});

test("nothing while the item waits, once it expired, or before its ruling reached the page", () => {
  const events = [override(13, { action: "decide-tie", round: 1, out: [1] }, "r")];
  assert.equal(inboxRuling(item({ round: 1, handled: undefined }), []), null);
  assert.equal(inboxRuling(item({ round: 1, handled: { at: 2000, outcome: "expired" } }), events), null);
  assert.equal(inboxRuling(item({ round: 1 }), []), null);
  assert.equal(inboxRuling(item({ kind: "complaint", round: 1 }), events), null);
});

const ev = (seq: number, type: string, data: Record<string, unknown>, at = 3000): GameEventDto => ({
  seq,
  type,
  at,
  data,
});

test("an upheld complaint: the reason, the poster put out and the target revived by that ruling", () => {
  const complaint = item({
    kind: "complaint",
    round: 2,
    post: 1,
    against: 7,
    target: 4,
    handled: { at: 3000, outcome: "upheld" },
  });
  const events = [
    ev(11, "ComplaintUpheld", { round: 2, post: 0, poster: 9, target: 5, reason: "another post" }, 2500),
    ev(12, "ComplaintUpheld", { round: 2, post: 1, poster: 7, target: 4, reason: "抄了唐诗" }),
    ev(13, "PlayerRevived", { round: 2, seat: 4, reason: "complaint" }),
    ev(14, "PlayerOut", { round: 2, seat: 7, cause: "complaint", by: null, post: 1, halfVote: false }),
  ];
  assert.deepEqual(inboxRuling(complaint, events), {
    kind: "complaint",
    upheld: true,
    reason: "抄了唐诗",
    posterOut: 7,
    revived: 4,
  });
  // A poster already out, a target another post killed too: nothing followed but the ruling.
  assert.deepEqual(inboxRuling(complaint, events.slice(0, 2)), {
    kind: "complaint",
    upheld: true,
    reason: "抄了唐诗",
    posterOut: null,
    revived: null,
  });
});

test("a dismissed complaint: its reason; one filed before complaints named their post is matched by its poster", () => {
  const complaint = item({ kind: "complaint", against: 7, handled: { at: 3000, outcome: "dismissed" } });
  const events = [ev(12, "ComplaintDismissed", { round: 2, post: 1, poster: 7, reason: "引用不超过两成" })];
  assert.deepEqual(inboxRuling(complaint, events), {
    kind: "complaint",
    upheld: false,
    reason: "引用不超过两成",
    posterOut: null,
    revived: null,
  });
  assert.equal(inboxRuling({ ...complaint, handled: { at: 3000, outcome: "voided" } }, events), null);
});
