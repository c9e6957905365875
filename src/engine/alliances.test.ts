// Alliances (联合) and takeovers (顶上出帖): triggers, merged rooms and rotation, lapsing sword posts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { postRightOf } from "./groups.ts";
import { Driver, local, preset } from "./test-kit.ts";
import { redactEvent, viewFor } from "./view.ts";

/** 进程微调 of a round, as the referee makes it: a test's way to put out more seats, or fewer posts, in one round. */
function progression(
  d: Driver,
  at: string,
  change: { round: number; voteOut?: number; posts?: Record<string, number> },
): void {
  d.must({
    type: "Override",
    at: local(at),
    override: { action: "set-progression", ...change },
    reason: "test",
  });
}

function closeVote(d: Driver, day: string, victims: number[]): void {
  let n = 0;
  d.everyoneVotes(local(`${day} 20:00`), () => [victims[n++ % victims.length] as number]);
  d.tick(local(`${day} 21:00:01`));
}

// 空军 seats: killers 0–5, lovers 6–7, assassin 8, engineer 9, swords 10–11, bright bomb 12, hidden bomb 13, rangers 14–39.
describe("空军 杀刺联合", () => {
  test("seed 002 「杀刺出局4人（不包括工兵）则杀刺可立即联合」: rooms and rotation merge once the fourth out is told", () => {
    const d = new Driver(preset("airforce-40"));
    closeVote(d, "12-02", [0]);
    assert.equal(d.events("AllianceFormed").length, 0);
    closeVote(d, "12-03", [1, 2, 9, 30]);
    assert.equal(d.events("AllianceFormed").length, 0, "the engineer does not count");
    d.must({
      type: "Override",
      at: local("12-03 21:10"),
      override: { action: "eliminate", target: 5 },
      reason: "test",
    });
    // The fourth 杀刺 is out, but nobody has been told what it was: its identity comes with round 3's close.
    assert.equal(d.events("AllianceFormed").length, 0, "not before the out is told");
    closeVote(d, "12-04", [31, 32, 33, 34]);
    const formed = d.events("AllianceFormed");
    assert.deepEqual(
      formed.map((e) => [e.alliance, e.at]),
      [["grand", local("12-04 21:00:01")]],
      "at once: with the identity, before round 4's posts (「或第四轮出帖后联合」 would wait for them)",
    );
    // Round 4: 杀2 + 情侣刺1 + 独刺1 = 4 posts for the merged 杀刺 (living 3, 4, 6, 7, 8), which picks its own
    // posters (「本身所属集团自定的顺序」): the assassin and a lover among them, one post each at most.
    for (const s of [8, 7, 3]) assert.equal(d.post(local("12-04 21:15"), s, 20 + s), null);
    assert.equal(d.post(local("12-04 21:15"), 8, 24)?.code, "post.share-used");
    assert.equal(d.post(local("12-04 21:15"), 6, 26), null);
    assert.equal(d.post(local("12-04 21:16"), 4, 24)?.code, "post.no-posts-left");
    const view = viewFor(d.state, { kind: "seat", seat: 8 });
    assert.ok(view.you?.rooms.some((r) => r.id === "black-room"));
    assert.deepEqual(view.you?.teammates, [0, 1, 2, 3, 4, 5, 6, 7]);
    assert.equal(view.seats[6]?.role, "lover");
  });

  test("seed 002 「或第四轮出帖后联合」: the alliance fires when round 4's posts are out", () => {
    const d = new Driver(preset("airforce-40"));
    closeVote(d, "12-02", [39]);
    closeVote(d, "12-03", [35, 36, 37, 38]);
    closeVote(d, "12-04", [31, 32, 33, 34]);
    assert.equal(d.events("AllianceFormed").length, 0);
    d.tick(local("12-04 21:30:01"));
    const formed = d.events("AllianceFormed")[0];
    assert.equal(formed?.alliance, "grand");
    assert.equal(formed?.at, local("12-04 21:30:01"));
  });

  test("seed 002 「独刺/情侣刺一方出局，由另一方刺客优先代出贴」: the wiped assassin's post passes to the lovers", () => {
    const d = new Driver(preset("airforce-40"));
    closeVote(d, "12-02", [8]);
    assert.equal(d.post(local("12-02 21:05"), 6, 20), null);
    assert.equal(d.post(local("12-02 21:05"), 7, 21), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.alive(20), false);
    assert.equal(d.alive(21), false);
  });
});

// 风云 seats: A killers 0–3, B killers 4–7, assassins 8–10, lovers 11–12, black bomb 13, swords 14–15, bright bomb 16,
// hidden bomb 17, rangers 18–56.
describe("风云 alliances", () => {
  test("seed 000 「杀刺出局达到7人或五轮结束后刺客与杀手联合」: at round 5's end (its vote's close), not at its posts' release", () => {
    const rules = preset("fengyun-57");
    const d = new Driver(rules);
    // Rangers (seats 18–56) voted out, the plan's count each round; no posts are sent.
    let next = 56;
    const victims = (round: number) =>
      Array.from({ length: rules.progression.find((p) => p.round === round)?.voteOut ?? 0 }, () => next--);
    for (const [i, day] of ["12-02", "12-03", "12-04", "12-05"].entries()) closeVote(d, day, victims(i + 1));
    d.tick(local("12-06 12:00"));
    assert.ok(d.state.rounds[5]?.released, "round 5's posts are out");
    assert.equal(d.events("AllianceFormed").length, 0, "round 5 has not ended");
    closeVote(d, "12-06", victims(5));
    // Round 6 opens at round 5's stated deadline, when round 5 is over (its vote closes within that second).
    const formed = d.events("AllianceFormed").find((e) => e.alliance === "grand");
    assert.equal(formed?.at, local("12-06 21:00:00"));
  });

  test("「五轮结束后」 with round 5 in 加时: the alliance stands when round 6 opens, so round 6's posts are the merged group's", () => {
    const rules = preset("fengyun-57");
    const d = new Driver(rules);
    let next = 56;
    const victims = (round: number) =>
      Array.from({ length: rules.progression.find((p) => p.round === round)?.voteOut ?? 0 }, () => next--);
    for (const [i, day] of ["12-02", "12-03", "12-04", "12-05"].entries()) closeVote(d, day, victims(i + 1));
    // Round 5 (票杀4): three seats far ahead, two tied for the fourth place, so it goes to 加时 at 21:00.
    const v5 = [next--, next--, next--, next--, next--];
    let n = 0;
    d.everyoneVotes(local("12-06 20:00"), () => {
      const k = n++;
      return [(k < 30 ? v5[k % 3] : v5[3 + (k % 2)]) as number];
    });
    d.tick(local("12-06 21:00:01"));
    assert.equal(d.state.rounds[5]?.vote?.stage, "overtime");
    assert.equal(d.state.current, 6);
    assert.ok(
      d.state.alliances.some((a) => a.id === "grand"),
      "round 5 is over once round 6 has opened",
    );
    // Round 6's posts, sent while round 5's 加时 runs, are the merged group's (an assassin's turn among them).
    const r6 = d.state.rounds[6];
    assert.ok(r6);
    assert.equal(postRightOf(d.state, r6, 8)?.unit, "black");
  });

  test("seed 000 「明蛋烟花或出局即与双剑联合」: the bright bomb out joins the sword room", () => {
    const d = new Driver(preset("fengyun-57"));
    closeVote(d, "12-02", [16, 56]);
    assert.deepEqual(
      d.events("AllianceFormed").map((e) => e.alliance),
      ["bright-bomb-joins-swords"],
    );
    // Round 1's vote closes at 21:00:01, after round 2 has opened: the alliance belongs to round 1.
    assert.equal(d.events("AllianceFormed")[0]?.round, 1);
    const sword = viewFor(d.state, { kind: "seat", seat: 14 });
    assert.deepEqual(sword.you?.teammates, [15, 16]);
    assert.ok(viewFor(d.state, { kind: "seat", seat: 16 }).you?.rooms.some((r) => r.id === "sword-room"));
  });

  test("seed 000 「杀手出局总数4人…AB两组杀手联合」, 「杀刺出局达到7人」 and 「黑弹…出局且杀刺达到大联合条件进群」", () => {
    const d = new Driver(preset("fengyun-57"));
    closeVote(d, "12-02", [13, 0]);
    progression(d, "12-02 21:10", { round: 2, voteOut: 3 });
    closeVote(d, "12-03", [1, 2, 3]);
    assert.deepEqual(
      d.events("AllianceFormed").map((e) => e.alliance),
      ["killers"],
    );
    progression(d, "12-03 21:10", { round: 3, voteOut: 3 });
    closeVote(d, "12-04", [4, 5, 6]);
    assert.deepEqual(
      d.events("AllianceFormed").map((e) => e.alliance),
      ["killers", "grand", "black-bomb-joins-black"],
    );
    assert.ok(viewFor(d.state, { kind: "seat", seat: 13 }).you?.rooms.some((r) => r.id === "black-room"));
  });

  test("outs told together at one close: 「AB两组杀手联合」 goes inside 「杀刺大联合」 instead of firing first", () => {
    const d = new Driver(preset("fengyun-57"));
    closeVote(d, "12-02", [13, 0]);
    progression(d, "12-02 21:10", { round: 2, voteOut: 6 });
    closeVote(d, "12-03", [1, 2, 3, 4, 5, 6]);
    assert.deepEqual(
      d.events("AllianceFormed").map((e) => e.alliance),
      ["grand", "black-bomb-joins-black"],
    );
    const killer = viewFor(d.state, { kind: "seat", seat: 7 }).you;
    assert.ok(killer?.rooms.some((r) => r.id === "black-room"));
    assert.ok(!killer?.rooms.some((r) => r.id === "killers-room"), "no killers' room opened for one close");
  });

  test("seed 000 「杀刺出局达到7人」 counts outs as they are told: a post victim revived by an upheld 举报 (RULINGS 16) never counted", () => {
    const d = new Driver(preset("fengyun-57"));
    progression(d, "12-02 08:00", { round: 1, voteOut: 6 });
    // Six 杀刺 out at round 1's close: A killers 0–3 (so 「AB两组杀手联合」), assassins 8 and 9.
    closeVote(d, "12-02", [0, 1, 2, 3, 8, 9]);
    assert.deepEqual(
      d.events("AllianceFormed").map((e) => e.alliance),
      ["killers"],
    );
    // Round 2: a sword's post takes B killer 4, the seventh 杀刺, at the release; the 举报 upheld the next day puts
    // the sword out and revives 4. Counted at the release, 「杀刺大联合」 fired then and stayed, six ever out.
    assert.equal(d.post(local("12-02 21:05"), 14, 4), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.alive(4), false);
    assert.deepEqual(
      d.events("AllianceFormed").map((e) => e.alliance),
      ["killers"],
      "not at the release: nobody has been told what 4 was",
    );
    d.must({
      type: "RuleComplaint",
      at: local("12-03 11:00"),
      against: 14,
      round: 2,
      post: 0,
      upheld: true,
      reason: "抄袭",
    });
    assert.equal(d.alive(4), true);
    closeVote(d, "12-03", [40, 41, 42, 43, 44]);
    assert.deepEqual(
      d.events("AllianceFormed").map((e) => e.alliance),
      ["killers"],
    );
    assert.ok(!viewFor(d.state, { kind: "seat", seat: 10 }).you?.rooms.some((r) => r.id === "black-room"));
  });

  test("seed 000 「若双剑阵亡，未出的剑帖随之消失」 (RULINGS 18): wiped swordsmen's posts lapse", () => {
    const d = new Driver(preset("fengyun-57"));
    closeVote(d, "12-02", [14, 15]);
    d.tick(local("12-02 21:30:01"));
    const released = d.events("PostsReleased").find((e) => e.round === 2);
    assert.equal(released?.forfeited.sword, undefined);
    assert.deepEqual(Object.keys(released?.forfeited ?? {}).sort(), [
      "assassin",
      "killer-a",
      "killer-b",
      "lover",
    ]);
  });

  test("seed 000 「如独立刺全部牺牲，情侣刺可代替出贴。反之亦然。」: the lovers wiped, the assassins post for them", () => {
    const d = new Driver(preset("fengyun-57"));
    closeVote(d, "12-02", [11, 12]);
    // Round 2: 刺1 + 情侣1 → 2 posts for the assassins, in code order: 苍龙斧 (8), 赤凤斧 (9).
    assert.equal(d.post(local("12-02 21:05"), 10, 40)?.code, "post.not-your-turn");
    assert.equal(d.post(local("12-02 21:05"), 8, 30), null);
    assert.equal(d.post(local("12-02 21:05"), 9, 31), null);
    d.tick(local("12-02 21:30:01"));
    assert.equal(d.alive(30), false);
    assert.equal(d.alive(31), false);
    assert.equal(d.events("AllianceFormed").length, 0);
  });
});

// 风云 seats: A killers 0–3, B killers 4–7, assassins 8–10, lovers 11–12, …, rangers 18–56.
test("seed 000 「如果杀手/刺客有一组先灭，另一组顶上出帖，维持出帖数不变」: A killers wiped, B posts A's share too", () => {
  const d = new Driver(preset("fengyun-57"));
  for (const seat of [0, 1, 2, 3]) {
    assert.equal(d.override(local("12-02 12:00"), { action: "eliminate", target: seat }, "测试"), null);
  }
  closeVote(d, "12-02", [56, 55]);
  // Round 2: A杀2、B杀1. The A killers are gone; their two posts go to the B killers: three posts, in code order.
  for (const s of [4, 5, 6]) assert.equal(d.post(local("12-02 21:05"), s, 40 + s), null);
  assert.equal(d.post(local("12-02 21:06"), 7, 50)?.code, "post.no-posts-left");
  d.tick(local("12-02 21:30:01"));
  const released = d.events("PostsReleased").find((e) => e.round === 2);
  assert.equal(released?.posts.filter((p) => [4, 5, 6].includes(p.poster)).length, 3);
});

describe("a merged group's turn order", () => {
  // 风云: A killers 0–3 (疯魔拳 追魂枪 无情剑 多情环), B killers 4–7 (天心刀 噬魂刀 烈焰刀 红唇刀).
  test("seed 000 「（如果杀手和刺客汇合以后，综合一起轮流出帖均可）」: after the merge, who posted longest ago (or never) goes first, not the first code again", () => {
    const d = new Driver(preset("fengyun-57"));
    closeVote(d, "12-02", [56, 55]);
    // Round 2: A杀2 (疯魔拳, 追魂枪), B杀1 (天心刀).
    for (const [poster, target] of [
      [0, 20],
      [1, 21],
      [4, 22],
    ] as const)
      assert.equal(d.post(local("12-02 21:05"), poster, target), null);
    d.tick(local("12-02 21:30:01"));
    progression(d, "12-03 10:00", { round: 3, posts: { "killer-a": 1, "killer-b": 1 } });
    // Four killers voted out at round 2's close (无情剑, 多情环, 噬魂刀, 烈焰刀): 「AB两组杀手联合」, with 疯魔拳,
    // 追魂枪, 天心刀 and 红唇刀 living. 红唇刀 has not posted yet: its turn comes first, then the code order.
    closeVote(d, "12-03", [2, 3, 5, 6, 50]);
    assert.deepEqual(
      d.events("AllianceFormed").map((e) => e.alliance),
      ["killers"],
    );
    assert.equal(d.post(local("12-03 21:05"), 1, 30)?.code, "post.not-your-turn", "追魂枪 posted last round");
    assert.equal(d.post(local("12-03 21:05"), 4, 30)?.code, "post.not-your-turn");
    assert.equal(d.post(local("12-03 21:05"), 7, 30), null, "红唇刀 first");
    assert.equal(d.post(local("12-03 21:06"), 0, 31), null, "then 疯魔拳, the first code among the rest");
    // The turn goes on in that order next round (one post): 追魂枪.
    d.tick(local("12-03 21:30:01"));
    progression(d, "12-04 10:00", { round: 4, posts: { "killer-a": 1, "killer-b": 0 } });
    closeVote(d, "12-04", [40, 41, 42, 43, 44]);
    for (const early of [7, 0, 4])
      assert.equal(d.post(local("12-04 21:05"), early, 32)?.code, "post.not-your-turn", `${early}`);
    assert.equal(d.post(local("12-04 21:05"), 1, 32), null);
    // Players are told the alliance, not the merged group's members.
    const formed = d.events("AllianceFormed")[0]!;
    assert.deepEqual(
      formed.turnOrder?.killers?.slice(0, 4),
      [2, 3, 5, 6],
      "the dead, never posted, keep places",
    );
    assert.equal((redactEvent(formed, { kind: "public" }, d.state) as typeof formed).turnOrder, undefined);
  });
});

test("an alliance told at a 加时's close, after the next window opened: a post already handed in holds the merged group's first turn", () => {
  const d = new Driver(preset("fengyun-57"));
  // Round 1: three killers out (无情剑 2, 多情环 3, 噬魂刀 5), no alliance yet.
  progression(d, "12-02 08:00", { round: 1, voteOut: 3 });
  closeVote(d, "12-02", [2, 3, 5]);
  assert.equal(d.events("AllianceFormed").length, 0);
  // Round 2's vote ties 红唇刀 (7) with 50 for its fifth place: a 加时 to 21:15 while round 3's window is open.
  const alive = d.state.seats.filter((s) => s.alive).map((s) => s.seat);
  d.everyoneVotes(local("12-03 20:00"), (v) => {
    const i = alive.indexOf(v);
    return [i < 3 ? 7 : i < 6 ? 50 : [40, 41, 42, 43][i % 4]!];
  });
  progression(d, "12-03 20:30", { round: 3, posts: { "killer-a": 0, "killer-b": 1 } });
  d.tick(local("12-03 21:00:01"));
  assert.ok(d.alive(7), "in the 加时");
  // B组's one post of round 3 is 烈焰刀's (6), handed in under B组 before the merge.
  assert.equal(d.post(local("12-03 21:05"), 6, 30), null);
  d.vote(local("12-03 21:06"), 30, 7);
  d.tick(local("12-03 21:15:01"));
  assert.equal(d.alive(7), false);
  assert.deepEqual(
    d.events("AllianceFormed").map((e) => e.alliance),
    ["killers"],
  );
  // The merged group's one post is the one 6 handed in: its turn is 6's and taken, none is left open for another.
  const right = postRightOf(d.state, d.state.rounds[3]!, 0)!;
  assert.deepEqual([right.unit, right.quota, right.used, right.expected], ["killers", 1, 1, [6]]);
  assert.equal(d.post(local("12-03 21:20"), 0, 31)?.code, "post.no-posts-left");
});

test("two alliances merging the same groups, due at one close: the first in the rule set fires, not neither", () => {
  const base = preset("fengyun-57");
  const twin = {
    id: "killers-too",
    name: "杀手再联合",
    when: { kind: "out-count" as const, roles: ["killer-a", "killer-b"], atLeast: 3 },
    effects: [
      {
        kind: "merge-groups" as const,
        groups: ["killer-a", "killer-b"],
        into: "killers-too",
        name: "杀手组",
        room: "killers-room",
      },
    ],
  };
  const d = new Driver({ ...base, alliances: [...base.alliances, twin] });
  progression(d, "12-02 08:00", { round: 1, voteOut: 4 });
  closeVote(d, "12-02", [0, 1, 2, 4]);
  assert.deepEqual(
    d.events("AllianceFormed").map((e) => e.alliance),
    ["killers"],
  );
});
