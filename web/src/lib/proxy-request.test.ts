// proxyRequestState: a waiting 托票 turns into 已过托票截止 at its cut-off and into 已自行投票 on the player's own later ballot.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { InboxItem } from "../../../src/server/api-types.ts";
import type { RoundView } from "./engine-view.ts";
import { openBallots, proxyRequestState } from "./proxy-request.ts";

const item = (over: Partial<InboxItem> = {}): InboxItem => ({
  seq: 5,
  at: 1000,
  kind: "proxy-request",
  fromSeat: 3,
  fromAlias: "甲",
  target: 4,
  cutoff: 5000,
  text: "",
  ...over,
});

test("a request waits until its cut-off, then can no longer be entered", () => {
  assert.equal(proxyRequestState(item(), 4999, []), undefined);
  assert.deepEqual(proxyRequestState(item(), 5000, []), { at: 5000, outcome: "after-cutoff" });
  // With no cut-off given (the server names none when no vote is to come), it waits.
  assert.equal(proxyRequestState(item({ cutoff: undefined }), 9000, []), undefined);
});

test("the player's own ballot after the request supersedes it; a proxy, an earlier or another seat's ballot do not", () => {
  const theirs = { voter: 3, at: 2000, proxy: false };
  assert.deepEqual(proxyRequestState(item(), 3000, [theirs]), { at: 2000, outcome: "self-voted" });
  assert.equal(proxyRequestState(item(), 3000, [{ ...theirs, at: 900 }]), undefined);
  assert.equal(proxyRequestState(item(), 3000, [{ ...theirs, proxy: true }]), undefined);
  assert.equal(proxyRequestState(item(), 3000, [{ ...theirs, voter: 4 }]), undefined);
});

test("the server's verdict stands, and other kinds are left alone", () => {
  const done = { at: 1500, outcome: "proxy-cast" } as const;
  assert.deepEqual(proxyRequestState(item({ handled: done }), 9000, []), done);
  assert.equal(proxyRequestState(item({ kind: "complaint" }), 9000, []), undefined);
});

test("openBallots reads every open thread, each house's too", () => {
  const b = (voter: number) => ({ voter, targets: [1], at: voter, proxy: false });
  const vote = (casts: ReturnType<typeof b>[]) => ({ casts }) as unknown as RoundView["vote"];
  const rounds = [
    { vote: null, houses: null },
    {
      vote: vote([b(1)]),
      houses: [
        { house: 1, vote: vote([b(1)]) },
        { house: 2, vote: vote([b(2)]) },
      ],
    },
  ] as unknown as RoundView[];
  assert.deepEqual(
    openBallots(rounds).map((x) => x.voter),
    [1, 1, 2],
  );
});
