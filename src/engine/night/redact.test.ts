// 7kill secrecy: killers get no feedback, only the police see check results, nobody but the referee learns causes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseRuleSet } from "../../rules/parse.ts";
import { sevenkill16 } from "../../rules/presets/sevenkill-16.ts";
import type { Command } from "../contract.ts";
import { decide } from "../decide.ts";
import type { GameEvent } from "../events.ts";
import { evolve } from "../evolve.ts";
import { initialState } from "../state.ts";
import { redactEvent } from "../view.ts";

const parsed = parseRuleSet(sevenkill16);
if (!parsed.ok) throw new Error("sevenkill-16 does not parse");
const rules = parsed.ruleSet;
const t = (s: string) => Date.parse(`${s}+08:00`);
const roles = ["killer", "killer", "killer", "killer", "police", "police", "police", "doctor"];
const seats = [...roles, ...Array(7).fill("villager"), "bandit"].map((role, i) => ({ alias: `p${i}`, role }));

function play(commands: Command[]) {
  let state = initialState;
  const log: { event: GameEvent; state: typeof state }[] = [];
  for (const c of commands) {
    const d = decide(state, c);
    assert.ok(d.ok, d.ok ? "" : d.refusal.code);
    for (const e of d.events) {
      state = evolve(state, e);
      log.push({ event: e, state });
    }
  }
  return log;
}

const log = play([
  { type: "StartGame", at: t("2026-12-01T20:00:00"), rules, start: t("2026-12-01T20:00:00"), seats },
  { type: "Tick", at: t("2026-12-02T22:00:01") },
  { type: "UseAbility", at: t("2026-12-02T23:00:00"), actor: 0, ability: "kill", target: 8 },
  { type: "UseAbility", at: t("2026-12-02T23:00:00"), actor: 4, ability: "check", target: 15 },
  { type: "Tick", at: t("2026-12-03T12:50:01") },
]);
const seen = (type: string, viewer: Parameters<typeof redactEvent>[1]) =>
  log.filter((x) => x.event.type === type).map((x) => redactEvent(x.event, viewer, x.state));

test('"无反馈": the killers see their own kill choice, not the night\'s outcome; the police do not see the kill', () => {
  assert.deepEqual(seen("AbilityUsed", { kind: "seat", seat: 1 }).filter(Boolean).length, 1);
  assert.equal(seen("NightResolved", { kind: "seat", seat: 1 })[0], null);
  assert.equal(seen("AbilityUsed", { kind: "seat", seat: 5 }).filter(Boolean).length, 1);
});

test('"验人结果只显示是好人或杀手": the police see the result (the bandit before conversion is good), nobody else does', () => {
  const police = seen("CheckResult", { kind: "seat", seat: 6 })[0] as { result: string } | null;
  assert.equal(police?.result, "good");
  assert.equal(seen("CheckResult", { kind: "seat", seat: 0 })[0], null);
  assert.equal(seen("CheckResult", { kind: "public" })[0], null);
  assert.notEqual(seen("CheckResult", { kind: "referee" })[0], null);
});

test('"所有出局者公布身份，不公布死因": the public sees who went out and the identity, not the cause', () => {
  const out = seen("PlayerOut", { kind: "public" })[0] as Record<string, unknown>;
  assert.equal(out.seat, 8);
  assert.equal("cause" in out, false);
  const revealed = seen("IdentityRevealed", { kind: "public" })[0] as { role: string };
  assert.equal(revealed.role, "villager");
  assert.equal((seen("PlayerOut", { kind: "referee" })[0] as { cause: string }).cause, "night");
});

test('"此种情况处罚时不公开": taking back a secret warning is as secret as the warning; a public one stays public', () => {
  const ruling = (at: string, override: Extract<Command, { type: "Override" }>["override"]): Command => ({
    type: "Override",
    at: t(at),
    override,
    reason: "撤销警告",
  });
  const withdraw = (at: string, target: number) =>
    ruling(at, { action: "withdraw-warning", target, round: 1, offence: "lurking" });
  // Nobody posts on day 1: a public 潜水 each. Police 5 and 6 are excused and police 4's is taken back, so that
  // none goes out when the police do not check on night 1: police 4 then gets a secret 潜水 of the same round.
  const night = play([
    { type: "StartGame", at: t("2026-12-01T20:00:00"), rules, start: t("2026-12-01T20:00:00"), seats },
    { type: "Tick", at: t("2026-12-02T22:00:01") },
    ruling("2026-12-02T22:10:00", { action: "excuse", target: 5, round: 1 }),
    ruling("2026-12-02T22:10:00", { action: "excuse", target: 6, round: 1 }),
    withdraw("2026-12-02T22:10:00", 4),
    { type: "UseAbility", at: t("2026-12-02T23:00:00"), actor: 0, ability: "kill", target: 8 },
    { type: "Tick", at: t("2026-12-03T12:50:01") },
    withdraw("2026-12-03T13:00:00", 4),
    withdraw("2026-12-03T13:00:00", 9),
  ]);
  const state = night.at(-1)!.state;
  const withdrawals = night
    .map((x) => x.event)
    .filter((e) => e.type === "OverrideApplied" && e.override.action === "withdraw-warning");
  const shown = (viewer: Parameters<typeof redactEvent>[1], events = withdrawals) =>
    events.map((e) => redactEvent(e, viewer, state) !== null);
  assert.deepEqual(shown({ kind: "public" }), [true, false, true]);
  assert.deepEqual(shown({ kind: "seat", seat: 9 }), [true, false, true]);
  assert.deepEqual(
    shown({ kind: "seat", seat: 5 }),
    [true, false, true],
    "another police seat learns nothing",
  );
  assert.deepEqual(
    shown({ kind: "seat", seat: 4 }),
    [true, true, true],
    "the warned seat knows its own warning",
  );
  assert.deepEqual(shown({ kind: "referee" }), [true, true, true]);
  // Events stored before withdrawals said which warning they took are secret while the seat has a secret warning
  // of that offence in that round.
  const unstamped = withdrawals.map((e): GameEvent => {
    if (e.type !== "OverrideApplied" || e.override.action !== "withdraw-warning") return e;
    const { public: _public, ...override } = e.override;
    return { ...e, override };
  });
  assert.deepEqual(shown({ kind: "public" }, unstamped), [false, false, true]);
});

test('"所有出局者公布身份，不公布死因": a night\'s dead go out and are due last words in seat order, not kill-then-shot order', () => {
  // The killers kill seat 14, the bandit (15) shoots seat 9: in kill → shot order the first name would always be the
  // killers' victim, and a second name would say the bandit fired.
  const night = play([
    { type: "StartGame", at: t("2026-12-01T20:00:00"), rules, start: t("2026-12-01T20:00:00"), seats },
    { type: "Tick", at: t("2026-12-02T22:00:01") },
    { type: "UseAbility", at: t("2026-12-02T23:00:00"), actor: 0, ability: "kill", target: 14 },
    { type: "UseAbility", at: t("2026-12-02T23:00:00"), actor: 15, ability: "shoot", target: 9 },
    { type: "UseAbility", at: t("2026-12-02T23:00:00"), actor: 4, ability: "check", target: 1 },
    { type: "UseAbility", at: t("2026-12-02T23:00:00"), actor: 7, ability: "protect", target: 10 },
    { type: "Tick", at: t("2026-12-03T12:50:01") },
  ]);
  const outs = night.flatMap((x) => (x.event.type === "PlayerOut" ? [x.event.seat] : []));
  assert.deepEqual(outs, [9, 14]);
  const due = night.flatMap((x) => (x.event.type === "LastWordsOpened" ? [x.event.due] : []));
  assert.deepEqual(due, [[9, 14]]);
});
