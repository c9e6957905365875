// RULINGS 11 「overtime among the tied」: a tied seat that went out at the close (a non-voter's suicide) is no candidate.
import assert from "node:assert/strict";
import { test } from "node:test";
import { summarize } from "./summary.ts";
import { Driver, local, preset } from "./test-kit.ts";

test("RULINGS 8/11: the tied non-voter out as a suicide at the close is named as gone, the overtime is among the rest", () => {
  const d = new Driver(preset("fengyun-57"));
  // 风云 round 1 votes two out: 53 is clear at the top; 56, 55 and 54 tie for the second place, and 54 casts no
  // ballot (「不投票者或迟到者算自杀」).
  const voters = [...Array(57).keys()].filter((v) => v !== 54);
  voters.forEach((v, i) => {
    const target = i < 20 ? 53 : i < 32 ? 56 : i < 44 ? 55 : 54;
    assert.equal(d.vote(local("12-02 20:00"), v, target === v ? 52 : target), null);
  });
  d.tick(local("12-02 21:00:01"));
  d.tick(local("12-02 21:15:01"));
  const overtime = summarize(d.state).rounds[0]?.overtime;
  assert.deepEqual(overtime?.tied, [56, 55, 54]);
  assert.deepEqual(overtime?.gone, [54]);
  assert.deepEqual(overtime?.tally.map((t) => t.seat).sort(), [55, 56]);
});

test("a tied seat put out during the overtime (here by the referee) was a candidate all the same: not gone", () => {
  const d = new Driver(preset("fengyun-57"));
  // 53 clear at the top (21), 56 and 55 tied for the second place (18 each); everyone votes.
  for (let v = 0; v < 57; v++) {
    const target = v < 20 || v === 55 ? 53 : v < 38 ? 56 : 55;
    assert.equal(d.vote(local("12-02 20:00"), v, target), null);
  }
  d.tick(local("12-02 21:00:01"));
  assert.equal(d.override(local("12-02 21:05"), { action: "eliminate", target: 55 }, "曝ID"), null);
  d.tick(local("12-02 21:15:01"));
  const overtime = summarize(d.state).rounds[0]?.overtime;
  assert.deepEqual(overtime?.tied, [56, 55]);
  assert.equal(overtime?.gone, undefined);
});
