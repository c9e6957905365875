// 风云 (seed 000) bombs: a post of a swordsman, killer, assassin or lover on 明蛋/暗蛋/黑蛋 takes its poster, and not after round 4.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Seat } from "./contract.ts";
import { closeVote, Driver, local, preset } from "./test-kit.ts";

// 风云 seats (fixedSeats, rule-set order): A killers 0–3, B killers 4–7, assassins 8–10, lovers 11–12, black bomb 13,
// swords 14–15, bright bomb 16, hidden bomb 17, rangers 18–56.
const BOMBS = { 明蛋: 16, 暗蛋: 17, 黑蛋: 13 } as const;
const fengyun = () => new Driver(preset("fengyun-57"));

/** Round 1 votes out rangers 55 and 56; then `poster` posts on `bomb` in round 2's window, released at 21:30. */
function round2Post(poster: Seat, bomb: Seat): Driver {
  const d = fengyun();
  closeVote(d, "12-02", [55, 56]);
  assert.equal(d.post(local("12-02 21:05"), poster, bomb), null);
  d.tick(local("12-02 21:30:01"));
  return d;
}

/** Posts on `target` from whichever of `members` the rotation gives the turn to; returns that seat. */
function postByTurn(d: Driver, at: string, members: Seat[], target: Seat): Seat {
  for (const seat of members) {
    const refused = d.post(local(at), seat, target);
    if (refused === null) return seat;
    assert.equal(refused.code, "post.not-your-turn");
  }
  throw new Error(`no member of ${members} may post`);
}

function assertTookPoster(d: Driver, poster: Seat, bomb: Seat, label: string): void {
  assert.equal(d.state.seats[bomb]?.out?.cause, "post", `${label}: the bomb is 帖杀`);
  assert.equal(d.state.seats[poster]?.out?.cause, "bomb", `${label}: the poster goes with it`);
  assert.deepEqual(
    d.events("BombFired").map((e) => [e.bomb, e.victim, e.via]),
    [[bomb, poster, "post"]],
    label,
  );
}

describe("风云 bombs take any poster along (同归)", () => {
  for (const [name, bomb] of Object.entries(BOMBS)) {
    test(`seed 000 「剑帖到明、暗、黑蛋同归。」: a swordsman's post on the ${name}`, () => {
      assertTookPoster(round2Post(14, bomb), 14, bomb, name);
    });

    test(`seed 000 「杀手贴到明、暗、黑蛋同归。」: an A and a B killer's post on the ${name}`, () => {
      assertTookPoster(round2Post(0, bomb), 0, bomb, `A killer on ${name}`);
      assertTookPoster(round2Post(4, bomb), 4, bomb, `B killer on ${name}`);
    });

    test(`seed 000 「刺客贴到明、暗、黑蛋同归。」: an assassin's post on the ${name}`, () => {
      assertTookPoster(round2Post(8, bomb), 8, bomb, name);
    });

    test(`seed 000 「情侣刺贴到明、暗、黑蛋同归。」: a lover assassin's post on the ${name}`, () => {
      assertTookPoster(round2Post(11, bomb), 11, bomb, name);
    });
  }

  test("a post on a ranger takes only the ranger (the control case)", () => {
    const d = round2Post(0, 20);
    assert.equal(d.state.seats[20]?.out?.cause, "post");
    assert.equal(d.alive(0), true);
    assert.equal(d.events("BombFired").length, 0);
  });
});

describe("风云 bombs' power ends after round 4's posts", () => {
  /** Rounds 1–4 vote out rangers only (no posts); round 5 opens at 12-05 21:00. */
  function toRound5(): Driver {
    const d = fengyun();
    closeVote(d, "12-02", [55, 56]);
    closeVote(d, "12-03", [50, 51, 52, 53, 54]);
    closeVote(d, "12-04", [45, 46, 47, 48, 49]);
    closeVote(d, "12-05", [40, 41, 42, 43, 44]);
    assert.deepEqual(
      Object.values(BOMBS).map((b) => d.alive(b)),
      [true, true, true],
    );
    return d;
  }

  test("seed 000 「第4轮出贴后，明蛋功能失效。」「接任何帖同归其功能在第4轮出帖后失效。」「第四轮出帖后其功能失效。」: round 5 posts on 明蛋, 暗蛋 and 黑蛋 take nobody along", () => {
    const d = toRound5();
    // Round 5's plan: A杀1、B杀1、刺1, each from the member whose turn it is.
    const posters = [
      postByTurn(d, "12-05 21:05", [0, 1, 2, 3], BOMBS.明蛋),
      postByTurn(d, "12-05 21:05", [4, 5, 6, 7], BOMBS.暗蛋),
      postByTurn(d, "12-05 21:05", [8, 9, 10], BOMBS.黑蛋),
    ];
    d.tick(local("12-05 21:30:01"));
    for (const bomb of Object.values(BOMBS)) assert.equal(d.state.seats[bomb]?.out?.cause, "post");
    assert.deepEqual(
      posters.map((s) => d.alive(s)),
      [true, true, true],
    );
    assert.equal(d.events("BombFired").length, 0);
  });

  test("seed 000 「剑帖到明、暗、黑蛋同归。」「情侣刺贴到明、暗、黑蛋同归。」 end with 「第4轮出贴后，明蛋功能失效。」: a swordsman's and a lover's post in round 5 take nobody", () => {
    const d = toRound5();
    // Round 5's plan has no sword or lover post; the referee's 进程微调 gives them one each.
    assert.equal(
      d.override(local("12-05 21:01"), {
        action: "set-progression",
        round: 5,
        posts: { "killer-a": 1, "killer-b": 1, assassin: 1, sword: 1, lover: 1 },
      }),
      null,
    );
    const posters = [
      postByTurn(d, "12-05 21:05", [14, 15], BOMBS.明蛋),
      postByTurn(d, "12-05 21:05", [11, 12], BOMBS.黑蛋),
    ];
    d.tick(local("12-05 21:30:01"));
    assert.equal(d.state.seats[BOMBS.明蛋]?.out?.cause, "post");
    assert.equal(d.state.seats[BOMBS.黑蛋]?.out?.cause, "post");
    assert.deepEqual(
      posters.map((s) => d.alive(s)),
      [true, true],
    );
    assert.equal(d.events("BombFired").length, 0);
  });

  test("seed 000 「第4轮出贴后，明蛋功能失效。」: in round 4 itself a post on the 明蛋 still takes its poster", () => {
    const d = fengyun();
    closeVote(d, "12-02", [55, 56]);
    closeVote(d, "12-03", [50, 51, 52, 53, 54]);
    closeVote(d, "12-04", [45, 46, 47, 48, 49]);
    // Round 4's plan: A杀1.
    const poster = postByTurn(d, "12-04 21:05", [0, 1, 2, 3], BOMBS.明蛋);
    d.tick(local("12-04 21:30:01"));
    assertTookPoster(d, poster, BOMBS.明蛋, "round 4");
  });
});
