// reportNotice: a 报道 flagged as copied is told as accepted but waiting for the referee, with its copied share; the
// plain success follows the game's status. redoState: a redo is due until its deadline, then closed; out, nothing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { redoState, refereeJoinText, reportNotice, reviewPending, signupFull } from "./report-notice.ts";

test("a flagged 报道 says it is accepted, flagged at N%, and waits for the referee's ruling", () => {
  const n = reportNotice({ flagged: true, copiedPercent: 35, approved: null });
  assert.equal(n.kind, "info");
  assert.match(n.text, /报道已提交/);
  assert.match(n.text, /疑似抄袭/);
  assert.match(n.text, /35%/);
  assert.match(n.text, /待哨子裁定/);
});

test("a flag without a known share still says it waits for the ruling", () => {
  const n = reportNotice({ flagged: true, copiedPercent: null, approved: null });
  assert.match(n.text, /疑似抄袭/);
  assert.doesNotMatch(n.text, /null|undefined/);
});

test("an unflagged report, or one the referee ruled compliant, is plainly a success", () => {
  assert.deepEqual(reportNotice({ flagged: false, copiedPercent: 3, approved: null }), {
    kind: "ok",
    text: "报道成功！等待哨子截止报名、开始游戏。",
  });
  assert.equal(
    reportNotice({ flagged: true, copiedPercent: 35, approved: { at: 1, reason: "引用" } }).kind,
    "ok",
  );
  assert.equal(reportNotice(null).kind, "ok");
});

test("a joined player is told to wait for the start only until the game starts", () => {
  assert.equal(reportNotice(null, "closed").text, "报道成功！报名已截止，等待哨子开始游戏。");
  const running = reportNotice({ flagged: false, copiedPercent: 3, approved: null }, "running");
  assert.equal(running.kind, "ok");
  assert.doesNotMatch(running.text, /等待/);
  assert.match(running.text, /游戏已开始/);
  assert.doesNotMatch(reportNotice(null, "ended").text, /等待/);
});

test("a referee or 副哨 on the join page is told they referee the game, not that their 报道 succeeded", () => {
  const ref = refereeJoinText("referee", "老哨");
  assert.ok(ref);
  assert.match(ref, /哨子/);
  assert.match(ref, /老哨/);
  assert.doesNotMatch(ref, /报道成功/);
  assert.match(refereeJoinText("co-referee", "小副") ?? "", /副哨/);
  assert.equal(refereeJoinText("player", "甲"), null);
});

const rejected = {
  status: "rejected" as const,
  rejection: { reason: "字数不足", redoDeadline: 1_000, redoMin: 600 },
};

test("a redo is due until its deadline, closed after it, and nothing once the player is out", () => {
  assert.equal(redoState(rejected, 999, false), "due");
  assert.equal(redoState(rejected, 1_000, false), "due");
  assert.equal(redoState(rejected, 1_001, false), "closed");
  assert.equal(redoState(rejected, 500, true), "out");
  assert.equal(redoState(rejected, 5_000, true), "out");
  assert.equal(redoState({ status: "redone", rejection: rejected.rejection }, 5_000, false), "none");
  assert.equal(redoState({ status: "accepted", rejection: null }, 0, false), "none");
  assert.equal(redoState(null, 0, false), "none");
});

test("a game is full once every seat has a 报道", () => {
  assert.equal(signupFull(12, 11), false);
  assert.equal(signupFull(12, 12), true);
});

test("the referee's 报道审核 stays after the start while a redo is still due or a flag is unruled", () => {
  const accepted = { status: "accepted" as const, rejection: null, flagged: false, approved: null };
  assert.equal(reviewPending([accepted], 0), false);
  assert.equal(reviewPending([accepted, { ...rejected, flagged: false, approved: null }], 999), true);
  // Past the deadline the missed redo is a suicide: nothing is left to review.
  assert.equal(reviewPending([{ ...rejected, flagged: false, approved: null }], 1_001), false);
  assert.equal(reviewPending([{ ...accepted, flagged: true }], 5_000), true);
  assert.equal(
    reviewPending([{ ...accepted, flagged: true, approved: { at: 1, reason: "引用" } }], 5_000),
    false,
  );
});
