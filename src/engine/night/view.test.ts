// 7kill's per-viewer views (seed 001): identities not causes, each role's night information, the bandit's conversion,
// and the full record once the game has ended.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseRuleSet } from "../../rules/parse.ts";
import { sevenkill16 } from "../../rules/presets/sevenkill-16.ts";
import type { Command, Seat } from "../contract.ts";
import { pendingDeadlines } from "../deadlines.ts";
import { decide } from "../decide.ts";
import type { GameEvent } from "../events.ts";
import { evolve } from "../evolve.ts";
import type { GameState } from "../state.ts";
import { initialState } from "../state.ts";
import type { GameView } from "../view.ts";
import { redactEvent, viewFor } from "../view.ts";
import { beijing, quietSevenKill, SEVEN_SEATS } from "./test-game.ts";

// The penalty ladder is left out: these games have no discussion posts, and 潜水 warnings are not what is checked here.
const rules = quietSevenKill();
const t = beijing;
const seats = SEVEN_SEATS;

class Game {
  state: GameState = initialState;
  log: GameEvent[] = [];
  now = t("2026-12-01T19:00:00");
  constructor(ruleSet = rules) {
    this.send({ type: "StartGame", at: this.now, rules: ruleSet, start: t("2026-12-01T20:00:00"), seats });
    this.next();
  }
  send(c: Command): void {
    const d = decide(this.state, c);
    assert.ok(d.ok, d.ok ? "" : d.refusal.code);
    this.now = Math.max(this.now, c.at);
    for (const e of d.events) {
      this.state = evolve(this.state, e);
      this.log.push(e);
    }
  }
  /** Fires the next deadline (the day's vote, the night, the last words, the next day); a day's empty posting window too. */
  next(): void {
    const due = pendingDeadlines(this.state)[0];
    assert.ok(due, "no deadline pending");
    this.send({ type: "Tick", at: due.at });
    if (due.kind === "posting") this.next();
  }
  use(actor: Seat, ability: "kill" | "check" | "protect" | "shoot", target: Seat | null): void {
    this.send({ type: "UseAbility", at: this.now + 60_000, actor, ability, target });
  }
  seat(seat: Seat): GameView {
    return viewFor(this.state, { kind: "seat", seat });
  }
  get public(): GameView {
    return viewFor(this.state, { kind: "public" });
  }
}

/** Night 1: the killers kill 8, the police check the bandit, the doctor protects 9 (an empty needle). */
function nightOne(): Game {
  const g = new Game();
  g.next(); // day 1's vote closes, nobody out; night 1 opens
  g.use(0, "kill", 8);
  g.use(4, "check", 15);
  g.use(7, "protect", 9);
  g.next(); // dawn
  return g;
}

test('"所有出局者公布身份，不公布死因": every viewer but the referee sees who is out and the identity, not the cause', () => {
  const g = nightOne();
  for (const view of [g.public, g.seat(9), g.seat(1), g.seat(8)]) {
    const out = view.seats[8];
    assert.equal(out?.alive, false);
    assert.equal(out?.role, "villager");
    // "III.天亮公布结果": the dawn tells who went out, so that it was in the night is public (the board's 第1夜).
    assert.deepEqual(out?.out, { round: 1, cause: null, night: true });
  }
  assert.equal(viewFor(g.state, { kind: "referee" }).seats[8]?.out?.cause, "night");
});

test('"验人结果只显示是好人或杀手": the police see their group\'s results (the bandit before conversion is good), no one else does', () => {
  const g = nightOne();
  for (const police of [4, 5, 6]) {
    assert.deepEqual(g.seat(police).you?.night?.checks, [{ round: 1, target: 15, result: "good" }]);
    assert.deepEqual(
      g.seat(police).you?.night?.actions.map((a) => [a.ability, a.target]),
      [["check", 15]],
    );
  }
  for (const other of [0, 7, 9, 15]) assert.deepEqual(g.seat(other).you?.night?.checks, []);
  assert.ok(!JSON.stringify(g.public).includes('"result":"good"'));
});

test('"每晚共同杀人…无反馈": the killers see their group\'s choice, not what came of it; nobody else sees it', () => {
  const g = nightOne();
  for (const killer of [0, 1, 2, 3]) {
    const night = g.seat(killer).you?.night;
    assert.deepEqual(
      night?.actions.map((a) => [a.round, a.ability, a.by, a.target]),
      [[1, "kill", 0, 8]],
    );
    const text = JSON.stringify(g.seat(killer));
    for (const outcome of ['"protected"', '"saved"', '"emptyNeedle"']) assert.ok(!text.includes(outcome));
  }
  for (const other of [4, 7, 9, 15]) {
    assert.ok(!g.seat(other).you?.night?.actions.some((a) => a.ability === "kill"));
  }
});

test('"医生（1人）每晚可以救治一人": the doctor sees its own protections; the empty-needle count stays the referee\'s', () => {
  const g = nightOne();
  const doctor = g.seat(7);
  assert.deepEqual(
    doctor.you?.night?.actions.map((a) => [a.ability, a.target]),
    [["protect", 9]],
  );
  // An empty needle was counted on 9 ("被救治的当晚如没有被杀手杀到，则产生一次空针") — for the referee only.
  assert.deepEqual(g.state.dayNight?.needles, { 9: 1 });
  assert.ok(!JSON.stringify(doctor).includes('"needles"'));
  assert.equal(doctor.dayNight?.record, null);
  assert.ok(viewFor(g.state, { kind: "referee" }).dayNight?.record?.needles[9] === 1);
});

test('"秘匪…前三天不开枪则转成杀手（与存活的杀手互知共同杀人）": the converted bandit joins the killers\' room and they know each other', () => {
  const g = nightOne();
  assert.deepEqual(g.seat(15).you?.night?.bandit, {
    bulletLeft: true,
    shot: null,
    became: null,
    decidesAfterDay: 3,
  });
  assert.equal(g.seat(0).seats[15]?.role, null);
  // Through day 3 without a shot: last words 1, day 2, night 2, last words 2, day 3 (its end converts).
  while (!g.state.dayNight?.bandit?.became) g.next();
  assert.equal(g.state.dayNight.bandit.became, "killer");

  const bandit = g.seat(15);
  assert.deepEqual(bandit.you?.night?.bandit, {
    bulletLeft: false,
    shot: null,
    became: "killer",
    decidesAfterDay: 3,
  });
  assert.equal(bandit.you?.night?.actingAs, "killer");
  assert.deepEqual(bandit.you?.teammates, [0, 1, 2, 3]);
  assert.deepEqual(bandit.you?.rooms, [{ id: "killer-room", name: "杀手群", members: [0, 1, 2, 3, 15] }]);
  assert.deepEqual(
    [0, 1, 2, 3].map((s) => bandit.seats[s]?.role),
    ["killer", "killer", "killer", "killer"],
  );
  // It kills with the group from now on; what the killers chose before it converted is not its to know.
  const before = g.log.filter((x) => x.type === "AbilityUsed" && x.ability === "kill");
  assert.ok(before.length > 0, "the killers chose on the nights before");
  assert.deepEqual(bandit.you?.night?.actions, []);
  for (const e of before) assert.equal(redactEvent(e, { kind: "seat", seat: 15 }, g.state), null);
  g.use(15, "kill", 10);
  assert.deepEqual(
    g.seat(15).you?.night?.actions.map((a) => [a.by, a.target]),
    [[15, 10]],
  );
  for (const killer of [0, 3]) {
    const view = g.seat(killer);
    assert.ok(view.you?.teammates.includes(15));
    assert.equal(view.seats[15]?.role, "bandit");
    assert.equal(view.seats[15]?.camp, "black");
    assert.ok(view.you?.rooms[0]?.members.includes(15));
    assert.deepEqual(view.you?.night?.actions.at(-1), {
      round: g.state.current,
      ability: "kill",
      by: 15,
      target: 10,
      at: g.now,
    });
  }
  // The good side learns nothing.
  for (const other of [4, 7, 9]) assert.equal(g.seat(other).seats[15]?.role, null);
  assert.equal(g.public.seats[15]?.role, null);
});

test('"转成杀手（与存活的杀手互知共同杀人）": a killer out before the conversion learns nothing of it', () => {
  const g = nightOne();
  // Killer 3 goes out (a referee's ruling) before day 3 ends; killer 0 is still alive when the bandit turns.
  g.send({
    type: "Override",
    at: g.now + 60_000,
    override: { action: "eliminate", target: 3 },
    reason: "曝ID",
  });
  while (!g.state.dayNight?.bandit?.became) g.next();
  g.use(15, "kill", 10);
  const dead = g.seat(3);
  assert.equal(dead.seats[15]?.role, null);
  assert.ok(!dead.you?.teammates.includes(15));
  assert.deepEqual(dead.you?.rooms[0]?.members, [0, 1, 2, 3]);
  assert.ok(!dead.you?.night?.actions.some((a) => a.by === 15), "the bandit's kill choice");
  // Nor from the seats its group may not kill ("不允许自杀" lists the group).
  const kill = dead.you?.night?.abilities.find((a) => a.ability === "kill");
  assert.deepEqual(kill?.notTargets, [0, 1, 2, 3]);
  for (const e of g.log.filter(
    (x) => x.type === "BanditConverted" || (x.type === "AbilityUsed" && x.seat === 15),
  ))
    assert.equal(redactEvent(e, { kind: "seat", seat: 3 }, g.state), null, e.type);
  // A killer alive at the conversion knows, and keeps knowing once out.
  g.send({
    type: "Override",
    at: g.now + 60_000,
    override: { action: "eliminate", target: 0 },
    reason: "曝ID",
  });
  const later = g.seat(0);
  assert.equal(later.seats[15]?.role, "bandit");
  assert.ok(later.you?.rooms[0]?.members.includes(15));
  assert.ok(later.you?.night?.actions.some((a) => a.by === 15));
  const converted = g.log.find((x) => x.type === "BanditConverted");
  assert.ok(converted && redactEvent(converted, { kind: "seat", seat: 0 }, g.state) !== null);
});

test('"如果在前三天开枪，则转为水民（出局时公布水民）": the bandit sees its spent bullet; out, it is published as 水民', () => {
  const g = new Game();
  g.use(15, "shoot", 9);
  assert.deepEqual(g.seat(15).you?.night?.bandit, {
    bulletLeft: false,
    shot: { round: 1, target: 9, at: g.now, by: "day" },
    became: "villager",
    decidesAfterDay: 3,
  });
  assert.equal(g.public.seats[9]?.out?.cause, null);
  // Day 1: seven of fifteen vote the bandit out (40% of 15 is 6).
  for (const v of [0, 1, 2, 3, 4, 5, 6]) {
    g.send({ type: "CastVote", at: g.now + 60_000 + v, voter: v, targets: [15] });
  }
  g.next();
  assert.equal(g.state.seats[15]?.alive, false);
  for (const view of [g.public, g.seat(0), g.seat(4)]) {
    assert.equal(view.seats[15]?.role, "villager");
    assert.equal(view.seats[15]?.camp, "white");
    assert.ok(!/"bandit"(?!:)/.test(JSON.stringify(view)), "the role id appears (as a value)");
  }
  assert.equal(g.seat(15).seats[15]?.role, "bandit");
});

test('"出局时公布水民": a converted bandit out for not voting (a rule set where that is suicide) is published as 水民 too', () => {
  const suicide = parseRuleSet({
    ...sevenkill16,
    penalties: undefined,
    vote: { ...sevenkill16.vote, nonVoting: { outcome: "suicide", excusedRounds: [] } },
  });
  if (!suicide.ok) throw new Error("sevenkill-16 with suicide does not parse");
  const g = new Game(suicide.ruleSet);
  g.use(15, "shoot", 9);
  // Day 1: everyone living votes but the bandit.
  for (let v = 0; v <= 14; v++) {
    if (v !== 9) g.send({ type: "CastVote", at: g.now + 60_000 + v, voter: v, targets: [8] });
  }
  g.next();
  assert.equal(g.state.seats[15]?.out?.cause, "suicide");
  const reveal = g.log.find((e) => e.type === "IdentityRevealed" && e.seat === 15);
  assert.equal(reveal?.type === "IdentityRevealed" ? reveal.role : null, "villager");
  assert.ok(!/"bandit"/.test(JSON.stringify(redactEvent(reveal as GameEvent, { kind: "public" }, g.state))));
});

test('"A finished game\'s full record, with roles revealed" (issue 6): after GameEnded every view shows every role and cause', () => {
  const g = nightOne();
  assert.equal(g.public.seats[0]?.role, null);
  // "如果秘匪转为水民…警察全部出局…杀手获胜" (the bandit counts as 水民 before converting): the referee puts the police out.
  for (const police of [4, 5, 6]) {
    g.send({
      type: "Override",
      at: g.now + 60_000,
      override: { action: "eliminate", target: police },
      reason: "test",
    });
  }
  assert.equal(g.state.status, "ended");
  const referee = viewFor(g.state, { kind: "referee" });
  for (const view of [g.public, g.seat(9), g.seat(0)]) {
    assert.deepEqual(view.seats, referee.seats);
    assert.deepEqual(
      view.seats.map((s) => s.role),
      seats.map((s) => s.role),
    );
    assert.equal(view.seats[8]?.out?.cause, "night");
    assert.deepEqual(view.dayNight?.record, g.state.dayNight);
  }
  // The streamed record is whole too: the police's result and the dawn outcome.
  for (const e of g.log.filter((x) => x.type === "CheckResult" || x.type === "NightResolved")) {
    assert.deepEqual(redactEvent(e, { kind: "public" }, g.state), e);
  }
});

test('"所有出局者公布身份": a player put out by a penalty is published at once, not at the round\'s close', () => {
  // Seed 001 4.3: "情节严重者，或累积两次警告，将被判罚出局" (a severe case at once). A day's close can wait two days
  // for a 高票对决; the penalty cannot.
  const g = new Game();
  g.send({
    type: "Override",
    at: g.now + 60_000,
    override: { action: "warn", target: 9, offence: "cheating", severe: true },
    reason: "场外串联",
  });
  assert.equal(g.state.seats[9]?.out?.cause, "penalty");
  assert.equal(g.state.rounds[1]?.closed, false, "the day is still running");
  const seen = g.public.seats[9];
  assert.equal(seen?.role, "villager");
  assert.deepEqual(seen?.out, { round: 1, cause: null });
});

test("seed 001 4.2 「夜晚要求必须行使特权的，没有在规定时间内行使（此种情况处罚时不公开）」: a secret warning and its ruling reach only the seat", () => {
  const g = new Game();
  const at = g.now + 60_000;
  g.send({
    type: "Override",
    at,
    override: { action: "warn", target: 0, offence: "lurking", secret: true },
    reason: "故意刀已出局玩家，间接放弃",
  });
  const ruling = g.log.find((e) => e.type === "OverrideApplied");
  assert.ok(ruling);
  assert.equal(redactEvent(ruling, { kind: "public" }, g.state), null);
  assert.equal(redactEvent(ruling, { kind: "seat", seat: 5 }, g.state), null);
  assert.deepEqual(redactEvent(ruling, { kind: "seat", seat: 0 }, g.state), ruling);
  assert.deepEqual(redactEvent(ruling, { kind: "referee" }, g.state), ruling);
  assert.equal(
    (g.public.dayNight?.offences ?? []).some((o) => o.seat === 0),
    false,
    "the public record has no warning for the seat",
  );
  assert.equal((g.seat(0).dayNight?.offences ?? []).filter((o) => o.seat === 0).length, 1);
  // Only that 潜水 is kept quiet: a secret 诈尸 (with its 封ID) would be a penalty nobody saw.
  const d = decide(g.state, {
    type: "Override",
    at: at + 60_000,
    override: { action: "warn", target: 1, offence: "zhashi", secret: true },
    reason: "诈尸",
  });
  assert.equal(d.ok ? null : d.refusal.code, "override.secret-not-lurking");
});

test("处罚公告: a warning says what followed it (a penalty out, a banned ID) and a withdrawn one why, to everyone", () => {
  // Seed 001 4.3: "情节严重者，或累积两次警告，将被判罚出局"; "第二次诈尸，再次给予警告的同时，封玩家ID".
  const g = new Game();
  const warn = (target: Seat, offence: "cheating" | "zhashi" | "abuse", reason: string, severe = false) =>
    g.send({
      type: "Override",
      at: g.now + 60_000,
      override: { action: "warn", target, offence, ...(severe ? { severe: true } : {}) },
      reason,
    });
  warn(9, "cheating", "场外串联", true);
  warn(10, "zhashi", "第一次诈尸");
  warn(10, "zhashi", "第二次诈尸");
  warn(11, "abuse", "骂人");
  g.send({
    type: "Override",
    at: g.now + 60_000,
    override: { action: "withdraw-warning", target: 11, round: 1, offence: "abuse" },
    reason: "误判，实为引用",
  });
  const offences = g.public.dayNight?.offences ?? [];
  const of = (seat: Seat) =>
    offences
      .filter((o) => o.seat === seat)
      .map(({ offence, banned, out, withdrawn, withdrawnReason }) => ({
        offence,
        banned,
        out,
        withdrawn,
        withdrawnReason,
      }));
  const none = { banned: undefined, out: undefined, withdrawnReason: undefined };
  assert.deepEqual(of(9), [{ ...none, offence: "cheating", out: true, withdrawn: false }]);
  assert.deepEqual(of(10), [
    { ...none, offence: "zhashi", withdrawn: false },
    // The second: the ID banned, and the two warnings put the seat out.
    { ...none, offence: "zhashi", banned: true, out: true, withdrawn: false },
  ]);
  assert.deepEqual(of(11), [
    { ...none, offence: "abuse", withdrawn: true, withdrawnReason: "误判，实为引用" },
  ]);
});
