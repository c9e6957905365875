// 7kill at night (seed 001): a missed duty's out reads like every other night out, and a ballot sent at night is late.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Command } from "../contract.ts";
import { pendingDeadlines } from "../deadlines.ts";
import { decide } from "../decide.ts";
import type { GameEvent } from "../events.ts";
import { evolve } from "../evolve.ts";
import { initialState } from "../state.ts";
import { redactEvent, viewFor } from "../view.ts";
import { beijing, quietSevenKill, SEVEN_SEATS } from "./test-game.ts";

// Only the night duty is policed here: no discussion posts are written, so the day's counts are left out.
const rules = quietSevenKill({
  notVoting: false,
  missedNightAction: true,
  warningsToOut: 2,
  zhashiInGeneral: "referee",
  reputation: { min: -30, max: -10 },
});
const t = beijing;
const seats = SEVEN_SEATS;

/** Night 1 after a day on which police seat 6 was warned once: the killers kill 8, the police check nobody. */
function missedCheck(): {
  state: typeof initialState;
  log: GameEvent[];
  dawn: GameEvent[];
  night: typeof initialState;
} {
  let state = initialState;
  const log: GameEvent[] = [];
  const send = (c: Command) => {
    const d = decide(state, c);
    assert.ok(d.ok, d.ok ? "" : d.refusal.code);
    for (const e of d.events) {
      state = evolve(state, e);
      log.push(e);
    }
  };
  const next = () => {
    const due = pendingDeadlines(state)[0];
    assert.ok(due);
    send({ type: "Tick", at: due.at });
    return due.at;
  };
  send({ type: "StartGame", at: t("2026-12-01T19:00:00"), rules, start: t("2026-12-01T20:00:00"), seats });
  send({
    type: "Override",
    at: t("2026-12-01T21:00:00"),
    override: { action: "warn", target: 6, offence: "negative-play" },
    reason: "消极游戏",
  });
  while (!state.dayNight?.nights[1]) next();
  send({ type: "UseAbility", at: t("2026-12-02T23:00:00"), actor: 0, ability: "kill", target: 8 });
  send({ type: "UseAbility", at: t("2026-12-02T23:00:00"), actor: 7, ability: "protect", target: 9 });
  const night = state;
  const before = log.length;
  next();
  return { state, log, dawn: log.slice(before), night };
}

test("「此种情况处罚时不公开」: the second warning's out at dawn is a night out, in seat order with the night's deaths", () => {
  const { state, dawn } = missedCheck();
  const outs = dawn.filter((e) => e.type === "PlayerOut");
  // Seat 6 (second warning) before seat 8 (the killers' victim): an order by cause would tell which is which.
  assert.deepEqual(
    outs.map((e) => [e.seat, e.cause, e.night]),
    [
      [6, "penalty", true],
      [8, "night", true],
    ],
  );
  for (const viewer of [{ kind: "public" } as const, { kind: "seat", seat: 9 } as const]) {
    const view = viewFor(state, viewer);
    // The board's 「第1夜出局」 for both, no cause.
    assert.deepEqual(view.seats[6]?.out, { round: 1, cause: null, night: true });
    assert.deepEqual(view.seats[8]?.out, view.seats[6]?.out);
    const shown = outs.map((e) => redactEvent(e, viewer, state));
    assert.deepEqual(shown[0], { ...shown[1], seat: 6 });
  }
  // 「前三夜出局的玩家有遗言」: both are owed last words, like every night out.
  const opened = dawn.find((e) => e.type === "LastWordsOpened");
  assert.deepEqual(opened && "due" in opened ? opened.due : null, [6, 8]);
});

test("a ballot sent at night is refused as late (投票已截止), not as a vote yet to open", () => {
  // seed 001 「a. 白天讨论、投票：20:00～次日22:00」: the day's vote has closed; the next opens with the next day.
  const { night } = missedCheck();
  const d = decide(night, { type: "CastVote", at: t("2026-12-03T01:00:00"), voter: 9, targets: [10] });
  assert.equal(d.ok ? null : d.refusal.code, "vote.after-deadline");
  assert.equal(d.ok ? null : d.refusal.details?.round, 1);
});

test("seed 001 「III.天亮公布结果」: a referee's out once the night has opened is the night's, told at dawn, not in the day's post", () => {
  let state = initialState;
  const send = (c: Command) => {
    const d = decide(state, c);
    assert.ok(d.ok, d.ok ? "" : d.refusal.code);
    for (const e of d.events) state = evolve(state, e);
    return d.events;
  };
  send({ type: "StartGame", at: t("2026-12-01T19:00:00"), rules, start: t("2026-12-01T20:00:00"), seats });
  const out = (at: string, target: number) =>
    send({ type: "Override", at: t(at), override: { action: "eliminate", target }, reason: "违规" }).find(
      (e) => e.type === "PlayerOut",
    );
  // By day: the day's.
  assert.equal(out("2026-12-01T21:00:00", 10)?.night, undefined);
  while (!state.dayNight?.nights[1]) {
    const due = pendingDeadlines(state)[0];
    assert.ok(due);
    send({ type: "Tick", at: due.at });
  }
  // At night: the night's, so the day's post (第1天结果) does not list it and 第1夜结果 does.
  assert.equal(out("2026-12-02T23:30:00", 11)?.night, true);
  const r1 = state.rounds[1]!;
  assert.deepEqual(
    r1.outs.map((o) => [o.seat, o.night === true]),
    [
      [10, false],
      [11, true],
    ],
  );
});

test("seed 001 「改票无效则以原投票计」 / 「玩家可及时联系导演进行更正」: an invalid change is taken out, and a ruling stored before keeps it used", () => {
  let state = initialState;
  const events: GameEvent[] = [];
  const send = (c: Command) => {
    const d = decide(state, c);
    if (!d.ok) return d.refusal.code;
    for (const e of d.events) {
      state = evolve(state, e);
      events.push(e);
    }
    return null;
  };
  send({ type: "StartGame", at: t("2026-12-01T19:00:00"), rules, start: t("2026-12-01T20:00:00"), seats });
  const vote = (at: string, target: number) =>
    send({ type: "CastVote", at: t(at), voter: 2, targets: [target] });
  assert.equal(vote("2026-12-01T21:00:00", 10), null);
  assert.equal(vote("2026-12-01T21:10:00", 11), null);
  const before = state;
  assert.equal(
    send({
      type: "Override",
      at: t("2026-12-01T21:20:00"),
      override: { action: "invalid-vote", voter: 2 },
      reason: "改票未引用原投票帖",
    }),
    null,
  );
  const ruling = events.at(-1)!;
  assert.deepEqual((ruling as { override?: unknown }).override, {
    action: "invalid-vote",
    voter: 2,
    correctable: true,
  });
  // The correction is taken: the one change is the voter's again.
  const corrected = state;
  assert.equal(vote("2026-12-01T21:30:00", 12), null);
  // The same ruling as stored before the flag: the change stays used, as it did.
  const old = { ...ruling, override: { action: "invalid-vote", voter: 2 } } as GameEvent;
  state = evolve(before, old);
  assert.equal(vote("2026-12-01T21:30:00", 12), "vote.no-more-changes");
  assert.notEqual(corrected, state);
});

test("seed 001 诈尸 「出局玩家在白天的讨论帖或投票帖中发言」 during the last words: the next day's warning, told in its results post", () => {
  const { state: dawn } = missedCheck();
  let state = dawn;
  assert.equal(state.current, 1, "still round 1: its last words are open");
  const d = decide(state, { type: "Say", at: t("2026-12-03T13:00:00"), seat: 8, thread: "discussion" });
  assert.ok(d.ok);
  for (const e of d.events) state = evolve(state, e);
  const recorded = d.events.find((e) => e.type === "OffenceRecorded") as { round?: number } | undefined;
  assert.equal(recorded?.round, 2, "not round 1, whose day post was due when its vote closed");
});
