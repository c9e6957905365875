// End of game: elimination conditions and a score game's wiped-out camp, with the reason and why as data.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Driver, local, preset } from "./test-kit.ts";
import { redactEvent, viewFor } from "./view.ts";

function closeVote(d: Driver, day: string, victims: number[]): void {
  let n = 0;
  d.everyoneVotes(local(`${day} 20:00`), () => [victims[n++ % victims.length] as number]);
  d.tick(local(`${day} 21:00:01`));
}

/** Round 1 votes out seats 0–8: on airforce-40's fixed seats, every killer, lover and assassin. */
function voteOutFirstNine(d: Driver): void {
  d.must({
    type: "Override",
    at: local("12-01 21:10"),
    override: { action: "set-progression", round: 1, voteOut: 9 },
    reason: "test",
  });
  closeVote(d, "12-02", [0, 1, 2, 3, 4, 5, 6, 7, 8]);
}

describe("elimination", () => {
  test("seed 002 联合剑侠 「用贴杀和票杀的方式，杀光所有杀手、刺客」: white wins when every killer and assassin is out", () => {
    const d = new Driver(preset("airforce-40"));
    voteOutFirstNine(d);
    const ended = d.events("GameEnded")[0];
    assert.equal(ended?.winner, "white");
    assert.match(ended?.reason ?? "", /killer, lover, assassin/);
    assert.deepEqual(ended?.why, { kind: "all-out", roles: ["killer", "lover", "assassin"], camps: [] });
    assert.deepEqual(d.state.result?.why, ended?.why);
    assert.equal(d.state.status, "ended");
    assert.equal(d.vote(local("12-02 22:00"), 20, 21)?.code, "game.ended");
    // Round 2 opened at 21:00:00, a second before round 1's close ended the game: the view ends with round 1.
    assert.equal(d.state.current, 2);
    const view = viewFor(d.state, { kind: "public" });
    assert.equal(view.current, 1);
    assert.deepEqual(
      view.rounds.map((r) => r.round),
      [1],
    );
  });

  test("why names only what held: every part of an `all`, the first branch of an `any` that holds", () => {
    const rules = preset("airforce-40");
    const d = new Driver({
      ...rules,
      win: {
        kind: "elimination",
        rewards: [],
        conditions: [
          {
            winner: "white",
            when: {
              any: [
                // The table has no neutral seat: this branch never holds, and is not named.
                { allOut: { camps: ["neutral"] } },
                { all: [{ allOut: { roles: ["killer"] } }, { allOut: { roles: ["lover", "assassin"] } }] },
                // Holds too, but after the branch that is named.
                { allOut: { roles: ["assassin"] } },
              ],
            },
          },
        ],
      },
    });
    voteOutFirstNine(d);
    assert.deepEqual(d.events("GameEnded")[0]?.why, {
      kind: "all-out",
      roles: ["killer", "lover", "assassin"],
      camps: [],
    });
  });
});

describe("win conditions naming different winners at once", () => {
  // Seed 002 lists 「杀光所有杀手、刺客」 for 白道 and the 游侠集团's end for 黑道, but not what happens when both hold
  // at once (everyone out for not voting, 「第一轮之后，依旧未使用投票机投票者，按自杀计算」): the referee decides.
  const everyoneOut = () => {
    const d = new Driver(preset("airforce-40"));
    closeVote(d, "12-02", [39]);
    // Round 2: nobody votes, so every living seat is out as a suicide at the deadline.
    d.tick(local("12-03 21:00:01"));
    return d;
  };

  test("no winner is announced; the referee is asked once, with each winner's condition", () => {
    const d = everyoneOut();
    assert.equal(
      d.state.seats.every((s) => !s.alive),
      true,
    );
    assert.equal(d.events("GameEnded").length, 0);
    assert.equal(d.state.status, "running");
    const asked = d.events("EndingLeftToReferee");
    assert.equal(asked.length, 1);
    assert.deepEqual(
      asked[0]?.candidates.map((c) => c.winner),
      ["white", "black"],
    );
    assert.deepEqual(
      d.state.endingToReferee?.candidates.map((c) => c.winner),
      ["white", "black"],
    );
    // Hidden from players: the winner is announced when the referee ends the game.
    const asPlayer = d.log.map((e) => redactEvent(e, { kind: "seat", seat: 20 }, d.state));
    assert.equal(
      asPlayer.some((e) => e?.type === "EndingLeftToReferee"),
      false,
    );
    d.tick(local("12-04 21:00:01"));
    assert.equal(d.events("EndingLeftToReferee").length, 1, "asked once, not at every deadline");
  });

  test("the referee's end-game decides it", () => {
    const d = everyoneOut();
    d.must({
      type: "Override",
      at: local("12-03 21:30"),
      override: { action: "end-game", winner: "draw" },
      reason: "双方同时全灭，判平局",
    });
    assert.equal(d.state.status, "ended");
    assert.equal(d.state.result?.winner, "draw");
  });

  test("conditions that agree on the winner end the game as before", () => {
    const d = new Driver(preset("airforce-40"));
    voteOutFirstNine(d);
    assert.equal(d.events("EndingLeftToReferee").length, 0);
    assert.equal(d.events("GameEnded")[0]?.winner, "white");
  });
});

describe("score rule", () => {
  test("seed 000 「分高的一方胜出」: a wiped camp ends the game, scored with survival points (white 43 × 14/43 = 14)", () => {
    const d = new Driver(preset("fengyun-57"));
    d.must({
      type: "Override",
      at: local("12-01 21:10"),
      override: { action: "set-progression", round: 1, voteOut: 14 },
      reason: "test",
    });
    closeVote(d, "12-02", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const ended = d.events("GameEnded")[0];
    assert.equal(ended?.winner, "white");
    assert.equal(ended?.reason, "the black camp is wiped out; final score black 0, white 14");
    assert.deepEqual(ended?.why, { kind: "camp-wiped-out", camp: "black" });
  });
});
