// Phase boundaries of sevenkill-16 (seed 001 3.2), weekdays and weekends, to the minute in Asia/Shanghai.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseRuleSet } from "../rules/parse.ts";
import { sevenkill16 } from "../rules/presets/sevenkill-16.ts";
import { phaseEnd } from "./phases.ts";

const parsed = parseRuleSet(sevenkill16);
if (!parsed.ok) throw new Error("sevenkill-16 does not parse");
const rules = parsed.ruleSet;
const t = (s: string) => Date.parse(`${s}+08:00`);

test('"白天讨论、投票：20:00～次日22:00" on a weekday (Tue 2026-12-01)', () => {
  assert.equal(phaseEnd(rules, "day", t("2026-12-01T20:00:00")), t("2026-12-02T22:00:00"));
});

test('"夜晚行使特权：22:00～次日12:50" and "等待死者遗言：12:50～20:00" on weekdays', () => {
  assert.equal(phaseEnd(rules, "night", t("2026-12-02T22:00:01")), t("2026-12-03T12:50:00"));
  assert.equal(phaseEnd(rules, "last-words", t("2026-12-03T12:50:00")), t("2026-12-03T20:00:00"));
});

test('"白天第二次讨论、投票：22:00～次日22:00" on a weekday', () => {
  assert.equal(phaseEnd(rules, "duel", t("2026-12-02T22:00:00")), t("2026-12-03T22:00:00"));
});

test('weekend on night and last words: "夜晚行使特权：周五20:00～周六20:00" / "等待死者遗言：周六20:00～周日20:00"', () => {
  // Day 2 runs Thu 12-03 20:00 → Fri 12-04 22:00; the night that follows falls on the weekend.
  assert.equal(phaseEnd(rules, "day", t("2026-12-03T20:00:00")), t("2026-12-04T22:00:00"));
  assert.equal(phaseEnd(rules, "night", t("2026-12-04T22:00:01")), t("2026-12-05T20:00:00"));
  assert.equal(phaseEnd(rules, "last-words", t("2026-12-05T20:00:00")), t("2026-12-06T20:00:00"));
  // Back to the week: day 3 Sun 20:00 → Mon 22:00.
  assert.equal(phaseEnd(rules, "day", t("2026-12-06T20:00:00")), t("2026-12-07T22:00:00"));
});

test('weekend on the day: "白天讨论、投票：周五20:00～周日22:00"', () => {
  assert.equal(phaseEnd(rules, "day", t("2026-12-04T20:00:00")), t("2026-12-06T22:00:00"));
  // A day opened early on Friday (last words over before 20:00) still runs to Sunday 22:00.
  assert.equal(phaseEnd(rules, "day", t("2026-12-04T15:00:00")), t("2026-12-06T22:00:00"));
  // Then the night is a weekday night: Sun 22:00 → Mon 12:50.
  assert.equal(phaseEnd(rules, "night", t("2026-12-06T22:00:01")), t("2026-12-07T12:50:00"));
});

test('weekend on the duel: "白天第二次讨论、投票：周五22:00～周日22:00"', () => {
  assert.equal(phaseEnd(rules, "duel", t("2026-12-04T22:00:00")), t("2026-12-06T22:00:00"));
});

test("a day opening on Saturday ends Sunday 22:00 (no line for it; the normal rule gives the same)", () => {
  assert.equal(phaseEnd(rules, "day", t("2026-12-05T20:00:00")), t("2026-12-06T22:00:00"));
});
