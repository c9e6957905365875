// reportNotice: a 报道 flagged as copied is told as accepted but waiting for the referee, with its copied share.
import assert from "node:assert/strict";
import { test } from "node:test";
import { reportNotice } from "./report-notice.ts";

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
    text: "报道成功！等待哨子开版。",
  });
  assert.equal(
    reportNotice({ flagged: true, copiedPercent: 35, approved: { at: 1, reason: "引用" } }).kind,
    "ok",
  );
  assert.equal(reportNotice(null).kind, "ok");
});
