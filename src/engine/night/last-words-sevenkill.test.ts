// 7kill (seed 001) last words not posted by 20:00: given up; the day opens at the deadline and a later post is refused.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Driver, preset } from "../test-kit.ts";
import { beijing, SEVEN_SEATS } from "./test-game.ts";

// Seats 0–3 killers, 4–6 police, 7 doctor, 8–14 villagers, 15 the bandit.
const t = beijing;

/** Day 1 everyone abstains; night 1 the killers kill villager 8; dawn 12-03 12:50 opens 8's last words until 20:00. */
function deadAtDawn(): Driver {
  const d = new Driver(preset("sevenkill-16"), t("2026-12-01T20:00:00"), SEVEN_SEATS);
  for (let voter = 0; voter < 16; voter++) assert.equal(d.vote(t("2026-12-02T21:00:00"), voter), null);
  d.tick(t("2026-12-02T22:00:01"));
  d.must({ type: "UseAbility", at: t("2026-12-02T23:00:00"), actor: 0, ability: "kill", target: 8 });
  d.must({ type: "UseAbility", at: t("2026-12-02T23:00:00"), actor: 4, ability: "check", target: 0 });
  d.tick(t("2026-12-03T12:50:01"));
  assert.equal(d.alive(8), false);
  assert.deepEqual(d.state.dayNight?.lastWords[1]?.due, [8]);
  return d;
}

test("seed 001 「a. 死者未在规定时间内遗言视为放弃遗言；」: nothing by 20:00 — the last words are given up, the day opens at the deadline, a later post is refused", () => {
  const d = deadAtDawn();
  d.tick(t("2026-12-03T19:59:59"));
  assert.equal(d.state.rounds.length, 2, "no round 2 yet: the day waits for the last words until 20:00");
  d.tick(t("2026-12-03T20:00:01"));
  const lw = d.state.dayNight?.lastWords[1];
  assert.deepEqual(lw?.posted, []);
  assert.equal(lw?.endedAt, t("2026-12-03T20:00:01"));
  assert.deepEqual(
    d.events("LastWordsEnded").map((e) => [e.round, e.early]),
    [[1, false]],
  );
  // seed 001 「d. 等待死者遗言：12:50～20:00。」 over: day 2's discussion and vote are open.
  assert.equal(d.state.rounds[2]?.voteOpened, true);
  assert.equal(
    d.do({ type: "Say", at: t("2026-12-03T20:00:01"), seat: 8, thread: "last-words" })?.code,
    "say.no-last-words",
  );
  assert.deepEqual(d.state.dayNight?.lastWords[1]?.posted, [], "nothing recorded for the late post");
});

test("seed 001 「a. 死者未在规定时间内遗言视为放弃遗言；」 (the control case): last words posted at 19:59 are taken", () => {
  const d = deadAtDawn();
  assert.equal(d.do({ type: "Say", at: t("2026-12-03T19:59:00"), seat: 8, thread: "last-words" }), null);
  assert.deepEqual(d.state.dayNight?.lastWords[1]?.posted, [8]);
  assert.deepEqual(
    d.events("LastWordsEnded").map((e) => [e.round, e.early]),
    [[1, true]],
  );
});
