// Property: over random games, no view and no streamed event holds another seat's hidden role or code name early; once
// the game has ended, every view reveals every role and code name ("A finished game's full record, with roles revealed").
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { RuleSetInput } from "../rules/schema.ts";
import { RuleSet } from "../rules/schema.ts";
import type { GameEvent } from "./events.ts";
import { publicPostOrder } from "./public-posts.ts";
import { simulate } from "./sim.ts";
import type { GameState } from "./state.ts";
import { local } from "./test-kit.ts";
import type { Viewer } from "./view.ts";
import { type RedactedEvent, redactEvent, viewFor } from "./view.ts";

/** A 12-seat game with every kind of secret: 互知 teams, a lone assassin, a hidden bomb told it is a ranger, alliances. */
const mini: RuleSetInput = {
  id: "mini-12",
  name: "小场",
  version: "1",
  players: 12,
  roles: [
    {
      id: "killer",
      name: "杀手",
      camp: "black",
      count: 2,
      codes: ["甲一", "甲二"],
      knows: ["killer"],
      group: "gk",
      room: "rk",
      post: "kill",
    },
    {
      id: "assassin",
      name: "刺客",
      camp: "black",
      count: 1,
      codes: ["乙一"],
      group: "ga",
      post: "kill",
      victimsHalfVote: false,
    },
    {
      id: "hidden-bomb",
      name: "暗蛋",
      camp: "white",
      count: 1,
      codes: ["丙一"],
      toldAs: "ranger",
      bomb: { takesPoster: true, takesLeadVoter: true, activeThroughRound: 2 },
    },
    {
      id: "bright-bomb",
      name: "明蛋",
      camp: "white",
      count: 1,
      codes: ["丁一"],
      bomb: { takesPoster: true, takesLeadVoter: false, activeThroughRound: 2 },
    },
    {
      id: "sword",
      name: "剑侠",
      camp: "white",
      count: 2,
      codes: ["戊一", "戊二"],
      knows: ["sword"],
      group: "gs",
      room: "rs",
      post: "kill",
    },
    { id: "ranger", name: "游侠", camp: "white", count: 5 },
  ],
  groups: [
    { id: "gk", name: "杀手组" },
    { id: "ga", name: "刺客组" },
    { id: "gs", name: "剑组", lapseWhenWiped: true },
  ],
  rooms: [
    { id: "rk", name: "小黑屋" },
    { id: "rs", name: "剑群" },
    { id: "rb", name: "联合屋" },
  ],
  alliances: [
    {
      id: "black-merge",
      name: "杀刺联合",
      when: {
        kind: "any",
        of: [
          { kind: "out-count", roles: ["killer", "assassin"], atLeast: 1 },
          { kind: "after-round-posts", round: 3 },
        ],
      },
      effects: [{ kind: "merge-groups", groups: ["gk", "ga"], into: "gb", name: "杀刺", room: "rb" }],
    },
    {
      id: "bright-joins",
      name: "明蛋入剑群",
      when: { kind: "bomb-fired-or-out", role: "bright-bomb" },
      effects: [{ kind: "join-room", role: "bright-bomb", room: "rs" }],
    },
  ],
  takeovers: [
    { wiped: "gk", by: [{ group: "ga" }] },
    { wiped: "ga", by: [{ group: "gk" }] },
  ],
  progression: [
    { round: 1, voteOut: 1 },
    { round: 2, voteOut: 1, posts: { gk: 1, ga: 1, gs: 1 } },
  ],
  defaultRound: { voteOut: 1, posts: { gk: 1, gs: 1 } },
  vote: { overtimeMinutes: 15 },
  text: { reportMin: 300, killPostMin: 800, iouMin: 1200 },
  schedule: {
    kind: "daily-rounds",
    roundStart: "21:00",
    voteDeadline: { daysAfter: 1, at: "21:00" },
    postingWindow: { minutes: 30 },
    iouDeadline: { daysAfter: 1, at: "12:00" },
    complaintDeadline: { daysAfter: 1, at: "16:00" },
  },
  win: {
    kind: "elimination",
    conditions: [
      { winner: "white", when: { allOut: { roles: ["killer", "assassin"] } } },
      { winner: "black", when: { allOut: { camps: ["white"] } } },
    ],
  },
};
const rules = RuleSet.parse(mini);

/** An oracle independent of view.ts: what seat `v` may know about seat `x` right now. */
function mayKnow(state: GameState, log: readonly GameEvent[], v: number, x: number): boolean {
  if (v === x) return true;
  const sx = state.seats[x];
  const sv = state.seats[v];
  if (!sx || !sv) return false;
  if (log.some((e) => e.type === "IdentityRevealed" && e.seat === x)) return true;
  const roleV = rules.roles.find((r) => r.id === sv.role);
  if (roleV?.knows.includes(sx.role)) return true;
  const fired = new Set(log.filter((e) => e.type === "AllianceFormed").map((e) => e.alliance));
  const rooms = (role: string): Set<string> => {
    const r = rules.roles.find((x) => x.id === role);
    const out = new Set<string>(r?.room ? [r.room] : []);
    for (const a of rules.alliances) {
      if (!fired.has(a.id)) continue;
      for (const e of a.effects) {
        if (e.kind === "join-room" && e.role === role) out.add(e.room);
        if (e.kind === "merge-groups" && r?.group && r.post && e.groups.includes(r.group)) out.add(e.room);
      }
    }
    return out;
  };
  const mine = rooms(sv.role);
  return [...rooms(sx.role)].some((r) => mine.has(r));
}

function forbiddenFor(state: GameState, log: readonly GameEvent[], v: number): string[] {
  const out: string[] = [];
  const visibleRoles = new Set<string>();
  for (const x of state.seats) {
    const known = mayKnow(state, log, v, x.seat);
    const hiddenSelf = x.seat === v && !x.revealed && rules.roles.find((r) => r.id === x.role)?.toldAs;
    if (known && !hiddenSelf) visibleRoles.add(x.role);
    if (hiddenSelf) visibleRoles.add(hiddenSelf);
    if ((!known || hiddenSelf) && x.code) out.push(JSON.stringify(x.code));
  }
  for (const r of rules.roles) if (!visibleRoles.has(r.id)) out.push(JSON.stringify(r.id));
  return out;
}

function check(
  state: GameState,
  log: readonly GameEvent[],
  batch: readonly GameEvent[],
  seats: number[],
): void {
  const viewers: Viewer[] = [{ kind: "public" }, ...seats.map((seat) => ({ kind: "seat" as const, seat }))];
  if (state.status === "ended") {
    for (const viewer of viewers) checkRevealed(state, batch, viewer);
    return;
  }
  for (const viewer of viewers) {
    const forbidden =
      viewer.kind === "seat"
        ? forbiddenFor(state, log, viewer.seat)
        : [
            ...state.seats.filter((s) => !s.revealed && s.code).map((s) => JSON.stringify(s.code)),
            ...rules.roles
              .filter((r) => !state.seats.some((s) => s.role === r.id && s.revealed))
              .map((r) => JSON.stringify(r.id)),
          ];
    const view = viewFor(state, viewer);
    const text = JSON.stringify(view) + JSON.stringify(batch.map((e) => redactEvent(e, viewer, state)));
    for (const f of forbidden) {
      assert.ok(!text.includes(f), `${JSON.stringify(viewer)} sees ${f}`);
    }
    for (const s of view.seats) {
      if (viewer.kind === "seat" && mayKnow(state, log, viewer.seat, s.seat)) continue;
      if (state.seats[s.seat]?.revealed) continue;
      assert.equal(s.role, null, `${JSON.stringify(viewer)} sees seat ${s.seat}'s role`);
    }
  }
}

/** After GameEnded: every seat's true role, camp and code, every poster and every streamed event in full. */
function checkRevealed(state: GameState, batch: readonly GameEvent[], viewer: Viewer): void {
  const view = viewFor(state, viewer);
  const who = JSON.stringify(viewer);
  for (const s of state.seats) {
    const v = view.seats[s.seat];
    assert.equal(v?.role, s.role, `${who} is not shown seat ${s.seat}'s role at the end`);
    assert.equal(v?.code, s.code, `${who} is not shown seat ${s.seat}'s code at the end`);
    assert.equal(v?.camp, rules.roles.find((r) => r.id === s.role)?.camp);
  }
  if (viewer.kind === "seat") assert.equal(view.you?.role, state.seats[viewer.seat]?.role);
  for (const r of view.rounds) {
    // Posts keep their public numbers (public-posts.ts) after the end: the list is in that order.
    const round = state.rounds[r.round];
    const submitted = round ? publicPostOrder(round) : [];
    assert.deepEqual(
      r.posts?.map((p) => p.poster) ?? [],
      submitted.map((p) => p.poster),
    );
    assert.deepEqual(
      r.posts?.map((p) => p.index) ?? [],
      submitted.map((_, n) => n),
    );
  }
  for (const e of batch) assert.deepEqual(unnumbered(redactEvent(e, viewer, state)), unnumbered(e));
}

/** An event with the post numbers it names left out (a player's are public numbers, the log's engine indices). */
function unnumbered(e: RedactedEvent | null): unknown {
  if (e === null) return null;
  const { post: _post, posts, override, ...rest } = e as Record<string, unknown>;
  return {
    ...rest,
    ...(Array.isArray(posts)
      ? {
          posts: (posts as { index: number; poster: number; target: number }[])
            .map(({ index: _index, ...p }) => p)
            .sort((a, b) => a.poster - b.poster || a.target - b.target),
        }
      : {}),
    ...(typeof override === "object" && override !== null
      ? { override: { ...override, post: undefined, round: undefined } }
      : {}),
  };
}

test("no view ever holds another seat's hidden role or code name before the rules reveal it (≥ 1,000 games)", () => {
  let games = 0;
  let ended = 0;
  fc.assert(
    fc.property(
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.integer({ min: 1, max: 4 }),
      (seed, maxRounds) => {
        games++;
        const log: GameEvent[] = [];
        let step = 0;
        simulate(rules, seed, local("12-01 21:00:00"), {
          maxRounds,
          onStep: (state, events) => {
            log.push(...events);
            step++;
            // Every seat at the moments secrets move (start, releases, alliances, round ends); two seats in turn otherwise.
            const moment = events.some((e) =>
              ["GameStarted", "PostsReleased", "AllianceFormed", "RoundClosed", "GameEnded"].includes(e.type),
            );
            if (state.status === "ended") ended++;
            const seats = moment ? state.seats.map((s) => s.seat) : [step % 12, (step * 7 + 3) % 12];
            check(state, log, events, seats);
          },
        });
      },
    ),
    { numRuns: 1000, seed: 20261201 },
  );
  assert.equal(games, 1000);
  // The end-of-game reveal is exercised, not vacuous.
  assert.ok(ended > 50, `only ${ended} steps after an ended game`);
});
