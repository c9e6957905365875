// The round plans (游戏进程) of 风云 (seed 000) and 空军 (seed 002) played out: posts each group may make, votes out, survivors.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Seat } from "./contract.ts";
import { Driver, local, preset } from "./test-kit.ts";

const DAYS = ["12-02", "12-03", "12-04", "12-05", "12-06", "12-07", "12-08"];

interface Unit {
  name: string;
  members: Seat[];
  /** The targets of the unit's posts this round: exactly as many as the plan gives it. */
  targets: Seat[];
}

/**
 * Posts each unit's targets from the members whose turn it is, then checks the plan holds the unit there: one post more
 * from any living member is refused as `post.no-posts-left`. `closed`: units that get no post this round.
 */
function postRound(d: Driver, day: string, units: Unit[], closed: Unit[] = []): void {
  const at = local(`${day} 21:05`);
  for (const unit of units) {
    for (const target of unit.targets) {
      const posted = unit.members
        .filter((s) => s !== target && d.alive(s))
        .some((seat) => {
          const refused = d.post(at, seat, target);
          if (refused)
            assert.match(refused.code, /^post\.(not-your-turn|share-used)$/, `${unit.name}: ${refused.code}`);
          return refused === null;
        });
      assert.ok(posted, `${day}: ${unit.name} may post on ${target}`);
    }
  }
  for (const unit of [...units, ...closed]) {
    const spare = unit.members.find((s) => d.alive(s));
    assert.ok(spare !== undefined);
    const other = d.state.seats.find((s) => s.alive && !unit.members.includes(s.seat));
    assert.ok(other);
    const extra = d.post(at, spare, other.seat);
    assert.equal(extra?.code, "post.no-posts-left", `${day}: ${unit.name} has no post beyond the plan`);
  }
  d.tick(local(`${day} 21:30:01`));
}

/** Every living voter votes `perVoter` distinct seats of `victims` in turn; the vote closes at 21:00. */
function voteRound(d: Driver, day: string, victims: Seat[], perVoter: number): Seat[] {
  let n = 0;
  d.everyoneVotes(local(`${day} 20:00`), () =>
    Array.from({ length: perVoter }, () => victims[n++ % victims.length] as Seat),
  );
  const round = d.state.rounds.findLastIndex((r) => r?.vote);
  d.tick(local(`${day} 21:00:01`));
  return d.state.rounds[round]?.votes.at(-1)?.out ?? [];
}

const living = (d: Driver) => d.state.seats.filter((s) => s.alive).length;

describe("风云 游戏进程 (seed 000), played round by round", () => {
  // Seats: A killers 0–3, B killers 4–7, assassins 8–10, lovers 11–12, black bomb 13, swords 14–15, bright bomb 16,
  // hidden bomb 17, rangers 18–56. Every post goes to a living seat, so the seed's survivor counts must come out.
  const d = new Driver(preset("fengyun-57"));
  const A = { name: "A杀", members: [0, 1, 2, 3] };
  const B = { name: "B杀", members: [4, 5, 6, 7] };
  const assassin = { name: "刺", members: [8, 9, 10] };
  const lover = { name: "情侣", members: [11, 12] };
  const sword = { name: "剑", members: [14, 15] };
  const black = { name: "杀刺", members: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] };
  const none = (u: { name: string; members: Seat[] }): Unit => ({ ...u, targets: [] });

  test("seed 000 「第一轮共杀2人==>票杀2人，存活55人」", () => {
    assert.deepEqual(voteRound(d, DAYS[0] as string, [55, 56], 1).sort(), [55, 56]);
    assert.equal(living(d), 55);
  });

  test("seed 000 「第二轮共杀11人==>票杀5人，帖杀6人，A杀2、B杀1、刺1、情侣1、剑1，存活44人」", () => {
    postRound(d, "12-02", [
      { ...A, targets: [18, 19] },
      { ...B, targets: [20] },
      { ...assassin, targets: [21] },
      { ...lover, targets: [22] },
      { ...sword, targets: [23] },
    ]);
    assert.equal(living(d), 49, "帖杀6人");
    assert.equal(voteRound(d, "12-03", [50, 51, 52, 53, 54], 1).length, 5, "票杀5人");
    assert.equal(living(d), 44);
  });

  test("seed 000 「第三轮共杀10人==>票杀5人，帖杀5人，A杀2、B杀2、刺1，存活,34人」", () => {
    postRound(
      d,
      "12-03",
      [
        { ...A, targets: [24, 25] },
        { ...B, targets: [26, 27] },
        { ...assassin, targets: [28] },
      ],
      [none(lover), none(sword)],
    );
    assert.equal(living(d), 39, "帖杀5人");
    assert.equal(voteRound(d, "12-04", [45, 46, 47, 48, 49], 1).length, 5, "票杀5人");
    assert.equal(living(d), 34);
  });

  test("seed 000 「第四轮共杀11人==>票杀5人，帖杀,6人，A杀1、B杀2、刺1、情侣1，剑1，存活23人」", () => {
    postRound(d, "12-04", [
      { ...A, targets: [29] },
      { ...B, targets: [30, 31] },
      { ...assassin, targets: [32] },
      { ...lover, targets: [33] },
      { ...sword, targets: [34] },
    ]);
    assert.equal(living(d), 28, "帖杀6人");
    assert.equal(voteRound(d, "12-05", [40, 41, 42, 43, 44], 1).length, 5, "票杀5人");
    assert.equal(living(d), 23);
  });

  test("seed 000 「第五轮共杀7人==>票杀4人， 帖杀3人，A杀1、B杀1、刺1，存活16人」", () => {
    // The bombs' power ended with round 4's posts: posts on 明蛋 and 暗蛋 take them alone.
    postRound(
      d,
      "12-05",
      [
        { ...A, targets: [16] },
        { ...B, targets: [17] },
        { ...assassin, targets: [35] },
      ],
      [none(lover), none(sword)],
    );
    assert.equal(living(d), 20, "帖杀3人");
    assert.equal(voteRound(d, "12-06", [36, 37, 38, 13], 1).length, 4, "票杀4人");
    assert.equal(living(d), 16);
  });

  test("seed 000 「第六轮共杀8人==>票杀4人， 帖杀4人，杀刺4，存活8人」", () => {
    // 杀刺 post as one group after round 5 (seed 000 「五轮结束后刺客与杀手联合」); the swords have no post this round.
    // (A merged group's turns go to the members who posted longest ago: 11, then 2, 3 and 6; none is a target.)
    postRound(d, "12-06", [{ ...black, targets: [14, 15, 12, 10] }], [none(sword)]);
    assert.equal(living(d), 12, "帖杀4人");
    assert.equal(voteRound(d, "12-07", [11, 9, 8, 7], 1).length, 4, "票杀4人");
    assert.equal(living(d), 8);
  });

  test("seed 000 「第七轮共杀6人==>票杀3人， 帖杀3人，杀刺3，存活2人」", () => {
    postRound(d, "12-07", [{ ...black, targets: [6, 3, 2] }]);
    assert.equal(living(d), 5, "帖杀3人");
    assert.equal(voteRound(d, "12-08", [5, 4, 1], 1).length, 3, "票杀3人");
    assert.equal(living(d), 2);
    assert.deepEqual(
      d.state.seats.filter((s) => s.alive).map((s) => s.seat),
      [0, 39],
    );
    assert.equal(d.state.status, "ended", "the progression has no round 8");
  });
});

describe("空军 游戏进程 (seed 002), played round by round", () => {
  // Seats: killers 0–5, lovers 6–7, assassin 8, engineer 9, swords 10–11, bright bomb 12, hidden bomb 13, rangers
  // 14–39. The engineer's posts (seed 002 「（工兵1）」, counted outside 帖杀) go to a ranger: seed 002 「帖错彼此都不出局」.
  const d = new Driver(preset("airforce-40"));
  const killer = { name: "杀", members: [0, 1, 2, 3, 4, 5] };
  const lover = { name: "情侣刺", members: [6, 7] };
  const assassin = { name: "独刺", members: [8] };
  const engineer = { name: "工兵", members: [9] };
  const sword = { name: "剑", members: [10, 11] };
  const black = { name: "杀刺", members: [0, 1, 2, 3, 4, 5, 6, 7, 8] };
  const none = (u: { name: string; members: Seat[] }): Unit => ({ ...u, targets: [] });

  test("seed 002 「第一轮共杀1==票1出1，余39人。」", () => {
    assert.deepEqual(voteRound(d, "12-02", [39], 1), [39]);
    assert.equal(living(d), 39);
  });

  test("seed 002 「第二轮共杀9==票2出4，帖杀5（杀2，情侣刺1，独刺1，剑1）（工兵1）余30人」", () => {
    postRound(d, "12-02", [
      { ...killer, targets: [14, 15] },
      { ...lover, targets: [16] },
      { ...assassin, targets: [17] },
      { ...sword, targets: [18] },
      { ...engineer, targets: [19] },
    ]);
    assert.equal(living(d), 34, "帖杀5; the engineer's miss takes nobody");
    assert.equal(voteRound(d, "12-03", [35, 36, 37, 38], 2).length, 4, "票2出4");
    assert.equal(living(d), 30);
  });

  test("seed 002 「第三轮共杀8==票2出4，帖杀4（杀3，情侣刺1）（工兵1）余22人」", () => {
    postRound(
      d,
      "12-03",
      [
        { ...killer, targets: [20, 21, 22] },
        { ...lover, targets: [23] },
        { ...engineer, targets: [19] },
      ],
      [none(assassin), none(sword)],
    );
    assert.equal(living(d), 26, "帖杀4");
    assert.equal(voteRound(d, "12-04", [31, 32, 33, 34], 2).length, 4, "票2出4");
    assert.equal(living(d), 22);
  });

  test("seed 002 「第四轮共杀9==票2出4，帖杀5（杀2，情侣刺1，独刺1，剑1）余13人」", () => {
    postRound(
      d,
      "12-04",
      [
        { ...killer, targets: [24, 25] },
        { ...lover, targets: [26] },
        { ...assassin, targets: [27] },
        { ...sword, targets: [28] },
      ],
      [none(engineer)],
    );
    assert.equal(living(d), 17, "帖杀5");
    // The bombs voted out after round 4's posts take nobody (seed 002 「前四轮有效」, RULINGS 2).
    assert.equal(voteRound(d, "12-05", [29, 30, 12, 13], 2).length, 4, "票2出4");
    assert.equal(living(d), 13);
  });

  test("seed 002 「第五轮共杀6==票2出3，帖杀3（杀刺3），余7人」", () => {
    // 杀刺 post as one group after round 4's posts (seed 002 「或第四轮出帖后联合」); the engineer and swords have none.
    postRound(d, "12-05", [{ ...black, targets: [10, 11, 9] }], [none(engineer), none(sword)]);
    assert.equal(living(d), 10, "帖杀3");
    assert.equal(voteRound(d, "12-06", [8, 7, 6], 2).length, 3, "票2出3");
    assert.equal(living(d), 7);
    assert.deepEqual(
      d.state.seats.filter((s) => s.alive).map((s) => s.seat),
      [0, 1, 2, 3, 4, 5, 19],
    );
  });
});
