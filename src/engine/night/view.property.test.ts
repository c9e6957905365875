// Property: over random 7kill games, no view or streamed event holds another seat's hidden role, night action, check
// result or cause of death before the rules reveal it; once the game has ended, every view holds the full record.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parseRuleSet } from "../../rules/parse.ts";
import { sevenkill16 } from "../../rules/presets/sevenkill-16.ts";
import type { Command, Seat } from "../contract.ts";
import type { GameEvent } from "../events.ts";
import type { GameState } from "../state.ts";
import type { Viewer } from "../view.ts";
import { redactEvent, viewFor } from "../view.ts";
import { simulateDayNight } from "./sim.ts";

// sevenkill-16 as dealt by the seed, with the 潜水 post counts lowered so the driver needs few discussion posts per day
// (the penalty ladder is not what this test checks; warnings and penalty outs still happen).
const parsed = parseRuleSet({
  ...sevenkill16,
  penalties: { ...sevenkill16.penalties, minPostsPerDay: 1, streak: { threads: 3, minPosts: 2 } },
});
if (!parsed.ok) throw new Error("sevenkill-16 does not parse");
const rules = parsed.ruleSet;
const start = Date.parse("2026-12-01T20:00:00+08:00");

/** The oracle's reading of the log, written without view.ts or redact.ts. */
interface Known {
  /** Seat → the identity published at its reveal ("所有出局者公布身份"). */
  published: Map<Seat, string>;
  /** The bandit's conversion, once it has happened. */
  converted: { seat: Seat; became: string; at: number } | null;
  checks: GameEvent[];
}

function read(log: readonly GameEvent[]): Known {
  const k: Known = { published: new Map(), converted: null, checks: [] };
  for (const e of log) {
    if (e.type === "IdentityRevealed") k.published.set(e.seat, e.role);
    if (e.type === "BanditConverted") k.converted = { seat: e.seat, became: e.became, at: e.at };
    if (e.type === "CheckResult") k.checks.push(e);
  }
  return k;
}

/** The role seat `x` acts as now: the bandit as what it became, everyone else as dealt. */
function acting(state: GameState, k: Known, x: Seat): string {
  return k.converted?.seat === x ? k.converted.became : (state.seats[x]?.role ?? "");
}

/** The converted bandit, for a seat out before it converted ("与存活的杀手互知": not to the dead); else null. */
function hiddenBandit(state: GameState, k: Known, v: Seat): Seat | null {
  const out = state.seats[v]?.out;
  return k.converted && v !== k.converted.seat && out && out.at <= k.converted.at ? k.converted.seat : null;
}

/** Whether seat `v` knows seat `x`'s true role: "杀手（4人）互知", "警察（3人）互知", "转成杀手（与存活的杀手互知…）". */
function knowsTrue(state: GameState, k: Known, v: Seat, x: Seat): boolean {
  if (v === x) return true;
  if (x === hiddenBandit(state, k, v)) return false;
  const [a, b] = [acting(state, k, v), acting(state, k, x)];
  return a === b && (a === "killer" || a === "police");
}

/** The abilities seat `v` has now, and whether it sees its group's choices or only its own. */
function abilitiesOf(state: GameState, k: Known, v: Seat): Map<string, "group" | "own"> {
  switch (acting(state, k, v)) {
    case "killer":
      return new Map([["kill", "group"]]);
    case "police":
      return new Map([["check", "group"]]);
    case "doctor":
      return new Map([["protect", "own"]]);
    case "bandit":
      return new Map([["shoot", "own"]]);
    default:
      return new Map();
  }
}

function checkSeat(
  state: GameState,
  log: readonly GameEvent[],
  k: Known,
  batch: readonly GameEvent[],
  v: Seat,
) {
  const viewer: Viewer = { kind: "seat", seat: v };
  const who = `seat ${v} (${state.seats[v]?.role})`;
  const view = viewFor(state, viewer);
  const visibleRoles = new Set<string>([
    state.seats[v]?.role ?? "",
    acting(state, k, v),
    ...k.published.values(),
  ]);
  for (const s of view.seats) {
    const x = s.seat;
    const expected = knowsTrue(state, k, v, x) ? state.seats[x]?.role : (k.published.get(x) ?? null);
    assert.equal(s.role, expected, `${who} sees seat ${x}'s role as ${s.role}`);
    if (s.role) visibleRoles.add(s.role);
    // "不公布死因"
    if (s.out) assert.equal(s.out.cause, null, `${who} sees seat ${x}'s cause`);
  }
  const night = view.you?.night;
  assert.ok(night, `${who} has no night record`);
  const mine = abilitiesOf(state, k, v);
  for (const a of night.actions) {
    const scope = mine.get(a.ability);
    assert.ok(scope, `${who} sees a ${a.ability} action`);
    if (scope === "own") assert.equal(a.by, v, `${who} sees another seat's ${a.ability}`);
  }
  // And it does see its group's choices: the killers each night's kill, the police each night's check (a night whose
  // last choice was the converted bandit's not, for a killer out before it converted; for the converted bandit, only
  // its own and those made since it converted: "与存活的杀手互知" from then on).
  const hidden = hiddenBandit(state, k, v);
  const since = k.converted?.seat === v ? k.converted.at : null;
  for (const [ability, scope] of mine) {
    if (scope !== "group") continue;
    const last = new Map<number, { seat: Seat; at: number }>();
    for (const e of log) if (e.type === "AbilityUsed" && e.ability === ability) last.set(e.round, e);
    const rounds = new Set(
      [...last]
        .filter(([, e]) => e.seat !== hidden && (since === null || e.seat === v || e.at >= since))
        .map(([round]) => round),
    );
    assert.deepEqual(new Set(night.actions.filter((a) => a.ability === ability).map((a) => a.round)), rounds);
  }
  const police = acting(state, k, v) === "police";
  assert.equal(night.checks.length, police ? k.checks.length : 0, `${who}: check results`);
  const events = batch.map((e) => redactEvent(e, viewer, state));
  for (const e of events) {
    if (e?.type === "AbilityUsed")
      assert.ok(mine.has(String(e.ability)), `${who} is streamed a ${e.ability}`);
    if (e?.type === "CheckResult") assert.ok(police, `${who} is streamed a check result`);
  }
  let text = JSON.stringify(view) + JSON.stringify(events);
  // A police result says "killer" without naming a role: "只显示是好人或杀手，不显示具体身份".
  if (police) text = text.replaceAll('"result":"killer"', '"result":"K"');
  scan(text, visibleRoles, police, who);
}

/** Text-level checks on everything a viewer receives. */
function scan(text: string, visibleRoles: Set<string>, police: boolean, who: string): void {
  assert.ok(!/"cause":"/.test(text), `${who} sees a cause of death`);
  // The dawn outcome is the referee's: "无反馈".
  for (const key of ['"protected":', '"saved":', '"emptyNeedle":'])
    assert.ok(!text.includes(key), `${who} sees ${key}`);
  if (!police) assert.ok(!/"result":"(good|killer)"/.test(text), `${who} sees a check result`);
  for (const r of rules.roles) {
    // As a value, not a key (the bandit's own record is `you.night.bandit`).
    const value = new RegExp(`${JSON.stringify(r.id)}(?!:)`);
    if (!visibleRoles.has(r.id)) assert.ok(!value.test(text), `${who} sees ${r.id}`);
  }
}

function checkPublic(state: GameState, k: Known, batch: readonly GameEvent[]): void {
  const viewer: Viewer = { kind: "public" };
  const view = viewFor(state, viewer);
  assert.equal(view.you, null);
  for (const s of view.seats) {
    assert.equal(s.role, k.published.get(s.seat) ?? null, `the public sees seat ${s.seat}'s role`);
    if (s.out) assert.equal(s.out.cause, null);
  }
  const events = batch.map((e) => redactEvent(e, viewer, state));
  for (const e of events) assert.ok(e?.type !== "AbilityUsed" && e?.type !== "BanditConverted");
  scan(JSON.stringify(view) + JSON.stringify(events), new Set(k.published.values()), false, "the public");
}

/** After GameEnded: true roles, causes and the whole night record for everyone; streamed events in full. */
function checkEnded(state: GameState, batch: readonly GameEvent[], viewer: Viewer): void {
  const view = viewFor(state, viewer);
  for (const s of state.seats) {
    const v = view.seats[s.seat];
    assert.equal(v?.role, s.role, `${JSON.stringify(viewer)}: seat ${s.seat}'s role at the end`);
    assert.equal(v?.out?.cause ?? null, s.out?.cause ?? null);
  }
  assert.deepEqual(view.dayNight?.record, state.dayNight);
  for (const e of batch) assert.deepEqual(redactEvent(e, viewer, state), e);
}

const MOMENTS = new Set([
  "GameStarted",
  "NightResolved",
  "BanditConverted",
  "BanditShot",
  "VoteClosed",
  "LastWordsOpened",
  "OffenceRecorded",
]);

test("7kill: no view holds another seat's hidden role, night action, check result or cause of death early", () => {
  let games = 0;
  let ended = 0;
  let conversions = 0;
  fc.assert(
    fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
      games++;
      const log: GameEvent[] = [];
      let step = 0;
      const result = simulateDayNight(rules, seed, start, {
        onStep: (state: GameState, events: GameEvent[], command: Command) => {
          log.push(...events);
          step++;
          const k = read(log);
          const all = state.seats.map((s) => s.seat);
          if (state.status === "ended") {
            for (const viewer of [
              { kind: "public" } as const,
              ...all.map((seat) => ({ kind: "seat", seat }) as const),
            ])
              checkEnded(state, events, viewer);
            return;
          }
          // Every seat when secrets move; the acting seat and one more otherwise.
          const moment = events.some((e) => MOMENTS.has(e.type));
          const seats = moment ? all : [step % 16, ...(command.type === "UseAbility" ? [command.actor] : [])];
          for (const v of seats) checkSeat(state, log, k, events, v);
          checkPublic(state, k, events);
        },
      });
      if (result.state.status === "ended") ended++;
      if (result.state.dayNight?.bandit?.became) conversions++;
    }),
    { numRuns: 300, seed: 20261202, includeErrorInReport: true },
  );
  assert.equal(games, 300);
  // The interesting paths are exercised: games end, and the bandit converts.
  assert.ok(ended > 250, `only ${ended} games ended`);
  assert.ok(conversions > 50, `only ${conversions} conversions`);
});
