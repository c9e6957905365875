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
