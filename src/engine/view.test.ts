// viewFor and redactEvent on concrete cases: the hidden bomb told it is a ranger, teammates, private posts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Driver, local, preset } from "./test-kit.ts";
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
