// viewFor and redactEvent on concrete cases: the hidden bomb told it is a ranger, teammates, private posts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Driver, hiddenBombVotedOut, local, preset } from "./test-kit.ts";
import { redactEvent, viewFor } from "./view.ts";

// 风云 seats: A killers 0–3, B killers 4–7, assassins 8–10, lovers 11–12, black bomb 13, swords 14–15, bright bomb 16,
// hidden bomb 17, rangers 18–56.
function round2(): Driver {
  const d = new Driver(preset("fengyun-57"));
  d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 56 : 55]);
  d.tick(local("12-02 21:00:01"));
  return d;
}

describe("viewFor", () => {
  test("seed 000 暗蛋 「不知道自己身份」: the hidden bomb is told it is a ranger and gets no code", () => {
    const d = round2();
    const v = viewFor(d.state, { kind: "seat", seat: 17 });
    assert.equal(v.you?.role, "ranger");
    assert.equal(v.you?.code, null);
    assert.equal(v.seats[17]?.role, "ranger");
    assert.ok(!JSON.stringify(v).includes("雾里看花"));
    assert.ok(!JSON.stringify(v).includes("hidden-bomb"));
  });

  test("seed 000 「同组内互知身份」: an A killer sees its group with codes, and nobody else's role", () => {
    const d = round2();
    const v = viewFor(d.state, { kind: "seat", seat: 1 });
    assert.deepEqual(v.you?.teammates, [0, 2, 3]);
    assert.equal(v.seats[0]?.code, "疯魔拳");
    assert.equal(v.seats[4]?.role, null);
    assert.equal(v.seats[56]?.role, "ranger", "the voted-out are revealed by the results post");
  });

  test("seed 000 刺客 「只知道自己的身份」: an assassin knows no one", () => {
    const d = round2();
    assert.deepEqual(viewFor(d.state, { kind: "seat", seat: 8 }).you?.teammates, []);
  });

  test("seed 002: 联合杀手、情侣刺客 「彼此之间互相知道身份」, 独立刺客 「只知道自己身份」", () => {
    // 空军 seats: killers 0–5, lovers 6–7, assassin 8, engineer 9, swords 10–11, bright bomb 12, hidden bomb 13.
    // "联合杀手6人：彼此之间互相知道身份，共待哨子提供的小黑屋。不知道其余人的身份"
    // "情侣刺客2人：彼此之间知道身份，共待哨子提供的小黑屋，不知道其余人的身份"
    // "独立刺客1人：只知道自己身份，不知道其余人的身份"
    const d = new Driver(preset("airforce-40"));
    const killer = viewFor(d.state, { kind: "seat", seat: 2 });
    assert.deepEqual(killer.you?.teammates, [0, 1, 3, 4, 5]);
    assert.deepEqual(
      killer.seats.filter((s) => s.role !== null).map((s) => s.seat),
      [0, 1, 2, 3, 4, 5],
    );
    const lover = viewFor(d.state, { kind: "seat", seat: 6 });
    assert.deepEqual(lover.you?.teammates, [7]);
    assert.deepEqual(
      lover.seats.filter((s) => s.role !== null).map((s) => s.seat),
      [6, 7],
    );
    const assassin = viewFor(d.state, { kind: "seat", seat: 8 });
    assert.deepEqual(assassin.you?.teammates, []);
    assert.deepEqual(
      assassin.seats.filter((s) => s.role !== null).map((s) => s.seat),
      [8],
    );
  });

  test("a kill post is private to its poster until released, and released without its poster", () => {
    const d = round2();
    assert.equal(d.post(local("12-02 21:05"), 0, 30), null);
    const submitted = d.events("KillPostSubmitted")[0];
    assert.ok(submitted);
    assert.equal(redactEvent(submitted, { kind: "public" }, d.state), null);
    assert.equal(redactEvent(submitted, { kind: "seat", seat: 1 }, d.state), null);
    assert.deepEqual(redactEvent(submitted, { kind: "seat", seat: 0 }, d.state), submitted);
    assert.equal(viewFor(d.state, { kind: "seat", seat: 0 }).you?.posts.length, 1);
    d.tick(local("12-02 21:30:01"));
    const pub = viewFor(d.state, { kind: "public" });
    assert.equal(pub.rounds.find((r) => r.round === 2)?.posts?.[0]?.poster, null);
    assert.equal(pub.rounds.find((r) => r.round === 2)?.posts?.[0]?.target, 30);
    const out = d.events("PlayerOut").find((e) => e.seat === 30);
    assert.ok(out);
    assert.equal((redactEvent(out, { kind: "public" }, d.state) as { by: unknown }).by, null);
    assert.equal(
      viewFor(d.state, { kind: "referee" }).rounds.find((r) => r.round === 2)?.posts?.[0]?.poster,
      0,
    );
  });

  test("作废杀帖 names a released post to everyone, its poster to the poster only", () => {
    const d = round2();
    assert.equal(d.post(local("12-02 21:05"), 0, 30), null);
    assert.equal(d.post(local("12-02 21:06"), 4, 31), null);
    // Before the release: that the post was handed in at all is the poster's secret (几方同步发帖), so the ruling
    // goes to the poster and the referees only, then and after the release (the voided post is never released).
    assert.equal(d.override(local("12-02 21:10"), { action: "void-post", poster: 4 }, "旧帖"), null);
    const early = d.events("OverrideApplied").at(-1);
    assert.ok(early);
    assert.equal(redactEvent(early, { kind: "seat", seat: 20 }, d.state), null);
    assert.equal(redactEvent(early, { kind: "public" }, d.state), null);
    assert.equal(
      (redactEvent(early, { kind: "seat", seat: 4 }, d.state) as typeof early).override.action,
      "void-post",
    );
    d.tick(local("12-02 21:30:01"));
    assert.equal(redactEvent(early, { kind: "seat", seat: 20 }, d.state), null);
    assert.equal(d.override(local("12-02 22:00"), { action: "void-post", poster: 0 }, "旧帖"), null);
    const late = d.events("OverrideApplied").at(-1);
    assert.ok(late);
    const post = d.state.rounds[2]?.released?.find((p) => p.target === 30)?.index;
    assert.equal(typeof post, "number");
    for (const viewer of [{ kind: "public" }, { kind: "seat", seat: 20 }] as const)
      assert.deepEqual((redactEvent(late, viewer, d.state) as typeof late).override, {
        action: "void-post",
        poster: null,
        round: 2,
        post,
      });
    assert.deepEqual((redactEvent(late, { kind: "seat", seat: 0 }, d.state) as typeof late).override, {
      action: "void-post",
      poster: 0,
      round: 2,
      post,
    });
  });

  test("GameStarted is streamed without the rule set or anyone else's role", () => {
    const d = round2();
    const started = d.events("GameStarted")[0];
    assert.ok(started);
    const forSeat = JSON.stringify(redactEvent(started, { kind: "seat", seat: 17 }, d.state));
    assert.ok(forSeat.includes('"role":"ranger"'));
    assert.ok(!forSeat.includes("killer-a"));
    assert.ok(!forSeat.includes("疯魔拳"));
  });
  test("an IOU is public, its poster is not (白条挂出 under the post, not the alias)", () => {
    const d = round2();
    assert.equal(d.post(local("12-02 21:05"), 0, 30, 500), null);
    d.tick(local("12-02 21:30:01"));
    const opened = d.events("IouOpened")[0];
    assert.ok(opened);
    assert.equal((redactEvent(opened, { kind: "public" }, d.state) as { poster: unknown }).poster, null);
    assert.equal((redactEvent(opened, { kind: "seat", seat: 0 }, d.state) as { poster: unknown }).poster, 0);
    assert.equal(viewFor(d.state, { kind: "seat", seat: 0 }).you?.ious[0]?.status, "open");
    assert.equal(viewFor(d.state, { kind: "seat", seat: 1 }).you?.ious.length, 0);
  });
});

test("a vote's view says whether it takes an empty ballot (弃权), so the page offers the button only then", () => {
  const rules = preset("airforce-40");
  const strict = new Driver(rules);
  const lenient = new Driver({ ...rules, vote: { ...rules.vote, abstainAllowed: true } });
  for (const d of [strict, lenient]) d.tick(local("12-02 09:00"));
  const voteOf = (d: Driver) =>
    viewFor(d.state, { kind: "seat", seat: 20 }).rounds.find((r) => r.round === 1)?.vote;
  assert.equal(voteOf(strict)?.abstainAllowed, false);
  assert.equal(voteOf(lenient)?.abstainAllowed, true);
  assert.equal(lenient.vote(local("12-02 10:00"), 20), null, "and the engine takes it");
  assert.equal(strict.vote(local("12-02 10:00"), 20)?.code, "vote.abstain-not-allowed");
});

test("a closed vote's 出局代号 is shown only for the seats it put out, by count or by its tie-break; the rest stay hidden", () => {
  const d = round2();
  assert.equal(d.post(local("12-02 21:05"), 8, 20), null, "a black kill post: codes are offered from now");
  d.tick(local("12-02 21:31:00"));
  const voteAll = (at: number, targetOf: (seat: number) => number | null) => {
    for (const s of d.state.seats) {
      const target = s.alive ? targetOf(s.seat) : null;
      if (target === null) continue;
      const codes = [target === 54 || target === 50 ? "苍龙斧" : "疯魔拳"];
      d.must({ type: "CastVote", at: at + s.seat, voter: s.seat, targets: [target], codes });
    }
  };
  // Five go out: 54 to 51 by count; 50 and 49 (seat 20 is dead) tie for the last place; 48 stays in.
  voteAll(local("12-03 20:00"), (seat) =>
    seat < 6 ? 53 : seat < 11 ? 52 : seat < 15 ? 51 : seat < 18 ? 50 : seat < 22 ? 49 : seat === 22 ? 48 : 54,
  );
  d.tick(local("12-03 21:00:01"));
  // The overtime ties again (as many ballots each), and its tie-break puts one of them out.
  const alive = d.state.seats.filter((s) => s.alive).map((s) => s.seat);
  const half = Math.floor(alive.length / 2);
  voteAll(local("12-03 21:05"), (seat) => {
    const i = alive.indexOf(seat);
    return i < half ? 50 : i < 2 * half ? 49 : null;
  });
  d.tick(local("12-03 21:15:01"));
  const [regular, overtime] = d.events("VoteClosed").slice(-2);
  assert.deepEqual(regular?.out, [54, 53, 52, 51]);
  assert.deepEqual(overtime?.tie?.seats.sort(), [49, 50]);
  const tieOut = d.events("TieBroken").at(-1)!.out;
  assert.equal(tieOut.length, 1);
  const codesOf = (e: typeof regular, viewer: Parameters<typeof redactEvent>[1]) =>
    (redactEvent(e!, viewer, d.state) as typeof regular)!.outCodes;
  const seatsOf = (e: typeof regular, viewer: Parameters<typeof redactEvent>[1]) =>
    Object.keys(codesOf(e, viewer)).map(Number).sort();
  for (const viewer of [{ kind: "public" }, { kind: "seat", seat: 48 }] as const) {
    // 50 and 49 were decided by the overtime, so the regular vote's codes for them stay hidden.
    assert.deepEqual(seatsOf(regular, viewer), [51, 52, 53, 54]);
    assert.deepEqual(seatsOf(overtime, viewer), tieOut);
  }
  assert.equal(codesOf(regular, { kind: "public" })[54], "苍龙斧");
  assert.deepEqual(seatsOf(regular, { kind: "referee" }), [48, 49, 50, 51, 52, 53, 54]);
  assert.deepEqual(seatsOf(overtime, { kind: "referee" }), [49, 50]);
});

test("seed 002 暗弹 「不知道自己的暗弹身份」 and seed 000 黑弹 「只知道自己身份」: a vote's close names a bomb's voters only for a bomb it put out", () => {
  // 空军 round 1: one vote on the 暗弹 (13), the rest on 20 and 21; 风云 round 1: one on the 黑蛋 (13).
  for (const [id, bomb] of [
    ["airforce-40", 13],
    ["fengyun-57", 13],
  ] as const) {
    const d = new Driver(preset(id));
    d.must({ type: "CastVote", at: local("12-02 18:00"), voter: 25, targets: [bomb] });
    d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 ? 21 : 20]);
    d.tick(local("12-02 21:00:01"));
    const closed = d.events("VoteClosed").at(-1)!;
    assert.ok(!closed.out.includes(bomb));
    assert.deepEqual(
      closed.bombVoters,
      { [bomb]: [25] },
      `${id}: the referee's copy keeps it for 改定领票人`,
    );
    for (const viewer of [
      { kind: "public" },
      { kind: "seat", seat: bomb },
      { kind: "seat", seat: 30 },
    ] as const) {
      const shown = redactEvent(closed, viewer, d.state) as typeof closed;
      assert.equal(shown.bombVoters, undefined, `${id} as ${JSON.stringify(viewer)}`);
      assert.deepEqual(shown.out, closed.out);
    }
    assert.deepEqual((redactEvent(closed, { kind: "referee" }, d.state) as typeof closed).bombVoters, {
      [bomb]: [25],
    });
  }
  // A bomb the vote put out is named with its voters: the close publishes its identity and its 领票人 anyway.
  const out = hiddenBombVotedOut();
  const closed = out.events("VoteClosed").at(-1)!;
  assert.ok(closed.out.includes(13));
  const shown = redactEvent(closed, { kind: "public" }, out.state) as typeof closed;
  assert.deepEqual(Object.keys(shown.bombVoters ?? {}), ["13"]);
  assert.deepEqual(shown.bombVoters?.[13], closed.bombVoters?.[13]);
});
