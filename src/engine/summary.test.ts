// The game summary a results post is written from: what it may say of a seat's identity.
import assert from "node:assert/strict";
import { test } from "node:test";
import { summarize } from "./summary.ts";
import { closeVote, Driver, local, preset } from "./test-kit.ts";

test("a seat out and back before its round's results post is not published: the summary marks it unpublished (seed 002 「过时未补…被帖者复活」, seed 000 「一经查证举报属实…被帖者复活」)", () => {
  // 空军 seats: killers 0–5, hidden bomb 13, rangers 14–39.
  const d = new Driver(preset("airforce-40"));
  closeVote(d, "12-02", [39]);
  assert.equal(d.post(local("12-02 21:05"), 0, 13), null);
  d.tick(local("12-02 21:30:01"));
  assert.deepEqual([d.alive(13), d.alive(0)], [false, false], "帖杀, and the bomb took its poster (同归)");
  d.must({ type: "RuleComplaint", at: local("12-03 10:00"), against: 0, upheld: true });
  assert.equal(d.alive(13), true);
  closeVote(d, "12-03", [35, 36, 37, 38]);
  const round2 = summarize(d.state).rounds.find((r) => r.round === 2);
  const bomb = round2?.out.find((o) => o.seat === 13);
  assert.deepEqual(
    [bomb?.cause, bomb?.unpublished],
    ["post", true],
    "the living 暗弹's identity stays secret",
  );
  assert.equal(d.state.seats[13]?.revealed, false);
  // Those out at the close are published, and their identities shown.
  assert.equal(round2?.out.find((o) => o.seat === 0)?.unpublished, undefined);
  assert.equal(round2?.out.find((o) => o.seat === 35)?.unpublished, undefined);
});

test("票杀 places nobody could fill: 风云 round 2 「票杀5人」 with votes on three seats leaves two places empty, and says so", () => {
  const d = new Driver(preset("fengyun-57"));
  closeVote(d, "12-02", [56, 55]);
  closeVote(d, "12-03", [50, 51, 52]);
  const r2 = summarize(d.state).rounds.find((r) => r.round === 2)!;
  assert.deepEqual(r2.out.map((o) => o.seat).sort(), [50, 51, 52]);
  assert.equal(r2.placesUnfilled, 2);
  // A round whose places were all filled says nothing.
  assert.equal(summarize(d.state).rounds.find((r) => r.round === 1)?.placesUnfilled, undefined);
  // Nor does 7kill's vote, whose outs are not a number of places (「大于等于未出局人数的40%者」).
  const seven = new Driver(preset("sevenkill-16"));
  assert.ok(summarize(seven.state).rounds.every((r) => r.placesUnfilled === undefined));
});
