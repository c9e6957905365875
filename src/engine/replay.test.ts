// A game is its event log: replaying the same events always gives the same state; seeds deal the same seats.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { castsOf, sharedTargets } from "./cast-log.ts";
import { decide } from "./decide.ts";
import { evolve, replay } from "./evolve.ts";
import { dealSeats } from "./seats.ts";
import { simulate } from "./sim.ts";
import { initialState } from "./state.ts";
import { local, preset } from "./test-kit.ts";

describe("replay", () => {
  for (const id of ["airforce-40", "fengyun-57"]) {
    test(`${id}: replaying a full game's log gives the state the game reached, every time`, () => {
      const game = simulate(preset(id), `replay-${id}`, local("12-01 21:00:00"));
      assert.ok(game.events.length > 100);
      // A full game: played until the rules end it, with the reason reported.
      assert.equal(game.state.status, "ended");
      assert.ok((game.state.result?.reason ?? "").length > 0);
      const once = replay(game.events);
      const twice = replay(structuredClone(game.events));
      assert.deepEqual(once, game.state);
      assert.deepEqual(twice, game.state);
      // Same seed, same play: the same log.
      assert.deepEqual(simulate(preset(id), `replay-${id}`, local("12-01 21:00:00")).events, game.events);
    });
  }

  test("a prefix of the log replays to the state at that point", () => {
    const game = simulate(preset("airforce-40"), "prefix", local("12-01 21:00:00"), { maxRounds: 3 });
    const half = Math.floor(game.events.length / 2);
    const a = replay(game.events.slice(0, half));
    assert.equal(a.version, half);
    const b = game.events.slice(half).reduce(evolve, a);
    assert.deepEqual(b, game.state);
  });

  test("a ballot's cast-log entry is its VoteCast event itself, not a copy (a server holds every ballot)", () => {
    const game = simulate(preset("fengyun-57"), "casts", local("12-01 21:00:00"), { maxRounds: 2 });
    // The log up to the first vote's close, while its thread still holds the casts.
    const open = game.events.slice(
      0,
      game.events.findIndex((e) => e.type === "VoteClosed"),
    );
    const ballots = new Set<unknown>(open.filter((e) => e.type === "VoteCast"));
    const casts = replay(open).rounds.flatMap((r) => (r?.vote ? [...castsOf(r.vote.casts)] : []));
    assert.equal(casts.length, ballots.size);
    assert.ok(casts.length > 50, `${casts.length} casts`);
    for (const c of casts) assert.ok(ballots.has(c), `cast of seat ${c.voter} at ${c.at} is a copy`);
  });

  test("ballots naming one same seat (or none) share one frozen targets array; the stored JSON is unchanged", () => {
    const game = simulate(preset("fengyun-57"), "shared", local("12-01 21:00:00"), { maxRounds: 2 });
    const ballots = game.events.filter((e) => e.type === "VoteCast");
    const bySeat = new Map<number, Set<readonly number[]>>();
    const count = new Map<number, number>();
    for (const b of ballots) {
      if (b.targets.length !== 1) continue;
      const seat = b.targets[0]!;
      bySeat.set(seat, (bySeat.get(seat) ?? new Set()).add(b.targets));
      count.set(seat, (count.get(seat) ?? 0) + 1);
    }
    const repeated = [...count.values()].filter((n) => n > 1);
    assert.ok(repeated.length > 3, `${repeated.length} seats named by more than one ballot`);
    for (const [seat, arrays] of bySeat) {
      assert.equal(arrays.size, 1, `ballots for seat ${seat} hold ${arrays.size} arrays`);
      assert.ok(Object.isFrozen([...arrays][0]));
    }
    // A shared array is written out like any other, and a log read back replays to the same state.
    const stored = JSON.parse(JSON.stringify(game.events)) as typeof game.events;
    assert.deepEqual(replay(stored), game.state);
    assert.deepEqual(sharedTargets([3, 5]), [3, 5]);
    assert.equal(sharedTargets([4]), sharedTargets([4]));
    assert.equal(sharedTargets([]), sharedTargets([]));
    assert.throws(() => (sharedTargets([4]) as number[]).push(5), TypeError);
  });
});

describe("seats", () => {
  test("seeded assignment: the same seed deals the same roles; another seed deals others; counts always match", () => {
    const rules = preset("fengyun-57");
    const aliases = Array.from({ length: 57 }, (_, i) => `p${i}`);
    const a = dealSeats(rules, { aliases, seed: "alpha" });
    const b = dealSeats(rules, { aliases, seed: "alpha" });
    const c = dealSeats(rules, { aliases, seed: "beta" });
    assert.ok(a.ok && b.ok && c.ok);
    assert.deepEqual(a.seats, b.seats);
    assert.notDeepEqual(a.seats, c.seats);
    // "A 组杀：疯魔拳、追魂枪，无情剑，多情环": codes handed out per role in seat order.
    const aKillers = a.seats.filter((s) => s.role === "killer-a").map((s) => s.code);
    assert.deepEqual(aKillers, ["疯魔拳", "追魂枪", "无情剑", "多情环"]);
    for (const role of rules.roles) {
      assert.equal(a.seats.filter((s) => s.role === role.id).length, role.count);
    }
  });

  test("两府制: seeded dealing splits the seats into two houses of 29 and 28, apart from the roles", () => {
    // "两府制算分时，分数不跨票楼归属，死亡人员在哪个票楼…": every seat plays in one of two vote threads.
    const base = preset("fengyun-57");
    const rules = { ...base, win: { ...base.win, houses: 2 as const } } as typeof base;
    const aliases = Array.from({ length: 57 }, (_, i) => `p${i}`);
    const a = dealSeats(rules, { aliases, seed: "alpha" });
    const again = dealSeats(rules, { aliases, seed: "alpha" });
    const one = dealSeats(base, { aliases, seed: "alpha" });
    assert.ok(a.ok && again.ok && one.ok);
    assert.deepEqual(a.seats, again.seats);
    assert.equal(a.seats.filter((s) => s.house === 1).length, 29);
    assert.equal(a.seats.filter((s) => s.house === 2).length, 28);
    // The roles are dealt exactly as in a one-house game: the houses are drawn separately.
    assert.deepEqual(
      a.seats.map((s) => s.role),
      one.seats.map((s) => s.role),
    );
    assert.ok(one.seats.every((s) => s.house === undefined));
  });

  test("a fixed assignment keeps given codes and refuses wrong counts", () => {
    const rules = preset("airforce-40");
    const seats = rules.roles.flatMap((r) =>
      Array.from({ length: r.count }, () => ({ alias: "", role: r.id })),
    );
    const named = seats.map((s, i) => ({ ...s, alias: `x${i}`, ...(i === 1 ? { code: "轰炸机" } : {}) }));
    const dealt = dealSeats(rules, named);
    assert.ok(dealt.ok);
    assert.equal(dealt.seats[1]?.code, "轰炸机");
    assert.equal(dealt.seats[0]?.code, "攻击机");
    const wrong = decide(initialState, {
      type: "StartGame",
      at: 0,
      rules,
      start: 0,
      seats: named.slice(1),
    });
    assert.equal(wrong.ok ? null : wrong.refusal.code, "start.seat-count");
  });
});
