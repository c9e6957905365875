// The API view of a finished game: the score rule's totals and each round's, 7kill's points per seat.
import assert from "node:assert/strict";
import { test } from "node:test";
import { pendingDeadlines } from "../engine/deadlines.ts";
import { simulateDayNight } from "../engine/night/sim.ts";
import { quietSevenKill } from "../engine/night/test-game.ts";
import { simulate } from "../engine/sim.ts";
import { summarize } from "../engine/summary.ts";
import { closeVote, Driver, local, preset } from "../engine/test-kit.ts";
import { appEventVisible } from "./app-events.ts";
import { realEngine } from "./engine-adapter.ts";
import type { EngineEvent } from "./engine-port.ts";

test("a finished score game's view carries the final totals and every round's, as the results posts give them", () => {
  const { state } = simulate(preset("fengyun-57"), "adapter", local("12-01 21:00:00"));
  assert.equal(state.status, "ended", "the simulated game runs to its end");
  const result = realEngine.view(state, { kind: "public" })!.result;
  const summary = summarize(state);
  assert.deepEqual(result?.scores?.black, summary.result.scores?.black);
  assert.deepEqual(result?.scores?.white, summary.result.scores?.white);
  assert.deepEqual(
    result?.scores?.rounds.map((r) => r.round),
    summary.rounds.filter((r) => r.scores).map((r) => r.round),
  );
  assert.ok((result?.scores?.rounds.length ?? 0) > 0);
  // 「双方最后分数总和=…抢得的分数+己方存活分值人员身上已被激活的分值+个人存活分」: the terms reach the pages too.
  const parts = result?.scores?.parts;
  assert.ok(
    parts?.black.survival && parts.white.survival,
    "a finished game's terms include the survival points",
  );
  assert.deepEqual(parts, summary.result.scores?.parts);
  assert.equal(result?.points, undefined, "no 7kill points in a score game");
});

test("a finished 7kill game's view carries each seat's points (seed 001 2.2); a running one carries none", () => {
  const { state } = simulateDayNight(preset("sevenkill-16"), "adapter", local("12-01 20:00:00"));
  assert.equal(state.status, "ended");
  const points = realEngine.view(state, { kind: "public" })!.result?.points;
  assert.equal(points?.length, 16);
  const winners = points?.filter((p) => p.points > 0) ?? [];
  assert.ok(winners.length > 0, "the winning camp has points");
  assert.equal(realEngine.view(state, { kind: "public" })!.result?.scores, undefined);
});

test("after 杀刺联合 the board's 本轮进程 gives the merged group's posts, not each group's as the plan wrote them", () => {
  // Seed 002 「杀刺出局4人（不包括工兵）则杀刺可立即联合．或第四轮出帖后联合」: once 杀刺联合 fires, the round's posts of
  // 联合杀手, 情侣刺客 and 独刺 go to 杀刺 together (the preset's merged posting group, docs/rulesets.md 合并出帖组).
  const rules = preset("airforce-40");
  const { events } = simulate(rules, "adapter-merge", local("12-01 21:00:00"));
  const merged = rules.alliances.flatMap((a) => a.effects).find((e) => e.kind === "merge-groups");
  assert.ok(merged && merged.kind === "merge-groups");
  let state = realEngine.replay([]);
  let opened: Extract<(typeof events)[number], { type: "RoundOpened" }> | null = null;
  let checked = false;
  for (const e of events) {
    state = realEngine.evolve(state, e);
    if (e.type === "RoundOpened") opened = e;
    // The alliance fires with the identities told at a vote's close (the next round open since its stated deadline,
    // a second before) or after round 4's posts: either way within the round that then runs, whose plan it merges.
    if (e.type === "AllianceFormed" && opened) {
      const plan = realEngine.view(state, { kind: "public" })!.postPlan!;
      for (const g of merged.groups)
        assert.equal(plan.posts[g], undefined, `${g} posts as part of ${merged.into}`);
      const written = merged.groups.reduce((n, g) => n + (opened!.plan.posts[g] ?? 0), 0);
      // This seed's rounds from 2 on have posts for the merged groups, so the sum below is always checked.
      assert.ok(written > 0, "the round of the alliance gives the merged groups posts");
      assert.equal(plan.posts[merged.into], written);
      checked = true;
      break;
    }
  }
  assert.ok(checked, "the simulated game formed the alliance and opened a round after it");
});

test("seed 000 「按代号序轮流出帖」: the role card's posts due are the seat's own turns, not its group's", () => {
  // 风云 round 2: A杀2 — 疯魔拳 (seat 0) and 追魂枪 (1) post; 无情剑 (2) and 多情环 (3) wait for round 3.
  const d = new Driver(preset("fengyun-57"));
  d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 === 0 ? 56 : 55]);
  d.tick(local("12-02 21:00:01"));
  const due = (seat: number) => realEngine.view(d.state, { kind: "seat", seat })?.roleCard?.postsDue;
  assert.deepEqual([0, 1, 2, 3].map(due), [1, 1, 0, 0]);
});

test("RULINGS 11 「overtime among the tied」: during a round's 加时 the view's tally, phase and ballot are the overtime's", () => {
  // The next round has already opened (its posts come at 21:30), but the vote in progress is the overtime.
  const d = new Driver(preset("airforce-40"));
  let n = 0;
  d.everyoneVotes(local("12-02 10:00"), () => [n++ % 2 === 0 ? 38 : 39]);
  d.tick(local("12-02 21:00:01"));
  assert.equal(d.state.current, 2);
  d.must({ type: "CastVote", at: local("12-02 21:03"), voter: 0, targets: [38] });
  d.must({ type: "CastVote", at: local("12-02 21:04"), voter: 1, targets: [38] });
  const pub = realEngine.view(d.state, { kind: "public" })!;
  assert.equal(pub.phase, "overtime");
  assert.deepEqual(
    pub.tally.map((t) => [t.seat, t.votes]),
    [[38, 2]],
  );
  assert.deepEqual(realEngine.view(d.state, { kind: "seat", seat: 0 })!.myVote?.targets, [38]);
});

test("seed 000 「每轮结果帖…公布黑白两道各自得分情况」: a running score game's view carries the score after the latest results", () => {
  const d = new Driver(preset("fengyun-57"));
  assert.equal(realEngine.view(d.state, { kind: "public" })?.runningScores, undefined, "no results yet");
  d.everyoneVotes(local("12-02 20:00"), (v) => [v % 2 === 0 ? 56 : 55]);
  d.tick(local("12-02 21:00:01"));
  const view = realEngine.view(d.state, { kind: "public" })!;
  const summary = summarize(d.state).rounds.find((r) => r.round === 1)!;
  assert.equal(view.runningScores?.round, 1);
  assert.deepEqual(
    view.runningScores?.houses,
    summary.scores?.map(({ house, black, white }) => ({ house, black, white })),
    "the same figures as round 1's results post",
  );
  // Asked again with nothing changed (a vote), it is the same object: worked out once.
  d.must({ type: "CastVote", at: local("12-03 10:00"), voter: 18, targets: [19] });
  assert.equal(realEngine.view(d.state, { kind: "public" })?.runningScores, view.runningScores);
  // 7kill has no score rule: nothing.
  assert.equal(
    realEngine.view(new Driver(preset("sevenkill-16")).state, { kind: "public" })?.runningScores,
    undefined,
  );
});

test("seed 000 「投票结束后…公布…被帖杀者身份」, in a 空军 game: a group wiped by a post does not re-route the board's 本轮进程 before its identity is out", () => {
  // 空军 round 2: 剑侠 (seat 10) posts on the lone 独立刺客 (seat 8). Re-routing the assassin's post to the 情侣 at the
  // release would tell every viewer the victim was the assassin, a vote before the results post says so.
  const d = new Driver(preset("airforce-40"));
  d.everyoneVotes(local("12-02 20:00"), () => [39]);
  d.tick(local("12-02 21:00:01"));
  const planFor = (viewer: Parameters<typeof realEngine.view>[1]) =>
    realEngine.view(d.state, viewer)?.postPlan?.posts;
  const before = planFor({ kind: "public" });
  assert.equal(before?.assassin, 1);
  d.post(local("12-02 21:05"), 10, 8);
  d.tick(local("12-02 21:30:01"));
  assert.equal(d.alive(8), false);
  assert.deepEqual(planFor({ kind: "public" }), before);
  assert.deepEqual(planFor({ kind: "seat", seat: 20 }), before);
  // The referee sees the plan as it goes now: the assassin's post taken over by the lovers.
  const referee = planFor({ kind: "referee" });
  assert.equal(referee?.assassin, undefined);
  assert.equal(referee?.lover, (before?.lover ?? 0) + 1);
});

test("seed 001 「投票后，有一次改票机会」「白天结束前1个小时不得改票」: myVote says the changes left and when changes stop", () => {
  // Day 1 runs 12-01 20:00 → 12-02 22:00; changes stop at 21:00 on 12-02.
  const d = new Driver(preset("sevenkill-16"), local("12-01 20:00:00"));
  const mine = (seat: number) => realEngine.view(d.state, { kind: "seat", seat })!.myVote;
  const freeze = local("12-02 21:00:00");
  assert.equal(mine(8), null, "no ballot, no myVote");
  // The rule is in the view before the first ballot, for the page to tell it then; not for viewers without a seat.
  const rule = (viewer: Parameters<typeof realEngine.view>[1]) =>
    realEngine.view(d.state, viewer)!.voteChanges;
  d.tick(local("12-01 20:30"));
  assert.deepEqual(rule({ kind: "seat", seat: 8 }), { max: 1, frozenFrom: freeze });
  assert.equal(rule({ kind: "public" }), null);
  d.must({ type: "CastVote", at: local("12-01 21:00"), voter: 8, targets: [0] });
  assert.deepEqual(
    { left: mine(8)?.changesLeft, from: mine(8)?.changesFrozenFrom },
    { left: 1, from: freeze },
  );
  d.must({ type: "CastVote", at: local("12-01 21:10"), voter: 8, targets: [1] });
  assert.equal(mine(8)?.changesLeft, 0, "the one change is used");
  // The server agrees: a second change is refused.
  assert.equal(d.vote(local("12-01 21:20"), 8, 2)?.code, "vote.no-more-changes");
  assert.equal(mine(8)?.changesLeft, 0);
  // An abstention is a vote too (「弃权也需要发投票帖，并计为一次投票（或一次改票）」).
  d.must({ type: "CastVote", at: local("12-01 21:00"), voter: 9, targets: [] });
  assert.equal(mine(9)?.changesLeft, 1);
  // And inside the last hour the server refuses the change the view said was frozen from then.
  assert.equal(d.vote(freeze, 9, 2)?.code, "vote.change-frozen");
  assert.equal(d.vote(freeze - 1, 9, 2), null);
});

test("RULINGS 7 「free until the deadline」: where changes are unlimited myVote says so (null, null)", () => {
  const d = new Driver(preset("fengyun-57"));
  d.must({ type: "CastVote", at: local("12-02 10:00"), voter: 0, targets: [56] });
  d.must({ type: "CastVote", at: local("12-02 10:01"), voter: 0, targets: [55] });
  const mine = realEngine.view(d.state, { kind: "seat", seat: 0 })!.myVote;
  assert.deepEqual({ left: mine?.changesLeft, from: mine?.changesFrozenFrom }, { left: null, from: null });
  assert.deepEqual(realEngine.view(d.state, { kind: "seat", seat: 1 })!.voteChanges, {
    max: null,
    frozenFrom: null,
  });
});

test("the 哨子台 is told why a game whose ending holds goes on (seed 002 「过时未补，出帖者出局…被帖者复活」); players are not", () => {
  const d = new Driver(preset("airforce-40"));
  // Round 1 votes a ranger out. In round 2 every killer and lover is put out, and a swordsman's 500-字 post (a 白条)
  // takes the assassin at 21:30: white's condition holds while the 白条 is open, and its failure would bring the
  // assassin back.
  d.everyoneVotes(local("12-02 10:00"), () => [39]);
  d.tick(local("12-02 21:00:01"));
  assert.equal(d.post(local("12-02 21:05"), 10, 8, 500), null);
  for (let seat = 0; seat <= 7; seat++) {
    assert.equal(d.override(local("12-02 21:20"), { action: "eliminate", target: seat }, "违规判出局"), null);
  }
  d.tick(local("12-02 21:30:01"));
  assert.equal(d.alive(8), false);
  assert.equal(d.state.status, "running");
  const referee = realEngine.view(d.state, { kind: "referee" })!;
  assert.deepEqual(referee.endingWaits, {
    candidates: [{ winner: "white", message: "联合杀手、情侣刺客、独立刺客全部出局" }],
    // RULINGS 16: a complaint upheld before 16:00 would bring the assassin back too.
    on: [
      { kind: "iou", round: 2 },
      { kind: "complaint-window", round: 2 },
    ],
  });
  for (const viewer of [{ kind: "public" }, { kind: "seat", seat: 10 }] as const) {
    assert.equal(realEngine.view(d.state, viewer)!.endingWaits, undefined);
  }
  // Completed in time: only the complaint window is left, and once it closes the game ends.
  assert.equal(d.do({ type: "CompleteIou", at: local("12-03 09:00"), poster: 10, words: 1200 }), null);
  assert.deepEqual(realEngine.view(d.state, { kind: "referee" })!.endingWaits?.on, [
    { kind: "complaint-window", round: 2 },
  ]);
  d.tick(local("12-03 16:00:01"));
  assert.equal(d.state.status, "ended");
  assert.equal(realEngine.view(d.state, { kind: "referee" })!.endingWaits, undefined);
});

test("seed 001 「转成杀手（与存活的杀手互知共同杀人）」: a killer out before the bandit turns sees neither it in the room nor its messages", () => {
  // Without the penalty ladder: nobody posts here.
  const d = new Driver(quietSevenKill(), local("12-01 20:00:00"));
  const role = (r: string) => d.state.seats.filter((s) => s.role === r).map((s) => s.seat);
  const [early, late] = role("killer") as [number, number];
  const bandit = role("bandit")[0]!;
  d.override(local("12-01 21:00"), { action: "eliminate", target: early }, "曝ID");
  while (!d.state.dayNight?.bandit?.became) d.tick(pendingDeadlines(d.state)[0]!.at);
  const members = (seat: number) => realEngine.roomsOf(d.state, seat)[0]?.seats ?? [];
  assert.ok(members(late).includes(bandit));
  assert.ok(!members(early).includes(bandit));
  const message: EngineEvent = {
    type: "app.RoomMessagePosted",
    at: d.state.dayNight.bandit.becameAt! + 1,
    room: "killer-room",
    seat: bandit,
    alias: "s15",
    text: "我转杀手了",
  };
  const viewer = (seat: number) => ({
    referee: false,
    seat,
    rooms: new Set(realEngine.roomIdsOf!(d.state, seat)),
    hiddenMember: realEngine.hiddenRoomMemberOf!(d.state, seat),
  });
  assert.equal(appEventVisible(message, viewer(late)), true);
  assert.equal(appEventVisible(message, viewer(early)), false);
  assert.equal(
    appEventVisible({ ...message, seat: late }, viewer(early)),
    true,
    "the others' messages still show",
  );
});

/** An app viewer for `seat` as GameService builds one. */
function appViewerOf(state: Parameters<typeof realEngine.view>[0], seat: number) {
  return {
    referee: false,
    seat,
    rooms: new Set(realEngine.roomIdsOf!(state, seat)),
    hiddenMember: realEngine.hiddenRoomMemberOf!(state, seat),
    roomsSince: realEngine.roomsJoinedLate!(state, seat),
  };
}

function roomMessage(at: number, room: string, seat: number): EngineEvent {
  return { type: "app.RoomMessagePosted", at, room, seat, alias: `s${seat}`, text: "……" };
}

test("seed 001 「转成杀手（与存活的杀手互知共同杀人）」: the converted bandit reads the killers' room from its conversion on, not before", () => {
  const d = new Driver(quietSevenKill(), local("12-01 20:00:00"));
  const [killer] = d.state.seats.filter((s) => s.role === "killer").map((s) => s.seat) as [number];
  const bandit = d.state.seats.find((s) => s.role === "bandit")!.seat;
  const first = roomMessage(local("12-01 21:30"), "killer-room", killer);
  while (!d.state.dayNight?.bandit?.became) d.tick(pendingDeadlines(d.state)[0]!.at);
  const since = d.state.dayNight.bandit.becameAt!;
  const after = roomMessage(since + 1000, "killer-room", killer);
  assert.ok(realEngine.roomIdsOf!(d.state, bandit).includes("killer-room"));
  assert.equal(appEventVisible(first, appViewerOf(d.state, bandit)), false, "talk before it converted");
  assert.equal(appEventVisible(after, appViewerOf(d.state, bandit)), true);
  assert.equal(appEventVisible(first, appViewerOf(d.state, killer)), true, "the killers keep their history");
});

test("seed 000 「明蛋烟花或出局即与双剑联合」: the bright bomb reads the 剑群 from the alliance on, not the swords' earlier talk", () => {
  const d = new Driver(preset("fengyun-57"));
  const seatOf = (role: string) => d.state.seats.find((s) => s.role === role)!.seat;
  const [bomb, sword] = [seatOf("bright-bomb"), seatOf("sword")];
  const first = roomMessage(local("12-01 22:00"), "sword-room", sword);
  assert.equal(appEventVisible(first, appViewerOf(d.state, bomb)), false, "not yet in the room");
  d.override(local("12-02 08:00"), { action: "eliminate", target: bomb }, "判罚");
  // Told with its identity at the round's close.
  closeVote(d, "12-02", [56, 55]);
  const joined = d.state.alliances.find((a) => a.id === "bright-bomb-joins-swords");
  assert.ok(joined, "the alliance fired");
  assert.ok(realEngine.roomIdsOf!(d.state, bomb).includes("sword-room"));
  assert.equal(
    appEventVisible(first, appViewerOf(d.state, bomb)),
    false,
    "the swords' talk before it joined",
  );
  assert.equal(
    appEventVisible(roomMessage(joined.at, "sword-room", sword), appViewerOf(d.state, bomb)),
    true,
  );
  assert.equal(appEventVisible(first, appViewerOf(d.state, sword)), true);
});

test("seed 000 「杀刺出局达到7人…刺客与杀手联合」: an assassin brought into the AB组杀手 room by the later 杀刺大联合 reads it from then on", () => {
  const d = new Driver(preset("fengyun-57"));
  const seatsOf = (role: string) => d.state.seats.filter((s) => s.role === role).map((s) => s.seat);
  const [a1, a2, a3, a4] = seatsOf("killer-a") as [number, number, number, number];
  const assassin = seatsOf("assassin")[0]!;
  // Four killers out: 「AB两组杀手联合」 opens the killers' room.
  for (const seat of [a1, a2, a3, a4])
    d.override(local("12-02 08:00"), { action: "eliminate", target: seat }, "判罚");
  closeVote(d, "12-02", [56, 55]);
  const killers = d.state.alliances.find((x) => x.id === "killers");
  assert.ok(killers, "AB组杀手联合 fired");
  const [b1] = seatsOf("killer-b") as [number];
  const beforeGrand = roomMessage(local("12-03 09:00"), "killers-room", b1);
  // Three more of 杀刺 out: 杀刺大联合 at round 2's close, and the assassins join the killers' line.
  for (const seat of seatsOf("assassin").slice(1))
    d.override(local("12-03 10:00"), { action: "eliminate", target: seat }, "判罚");
  d.override(local("12-03 10:00"), { action: "eliminate", target: seatsOf("lover")[0]! }, "判罚");
  closeVote(d, "12-03", [54, 53, 52, 51, 50]);
  const grand = d.state.alliances.find((x) => x.id === "grand");
  assert.ok(grand, "杀刺大联合 fired");
  assert.ok(realEngine.roomIdsOf!(d.state, assassin).includes("killers-room"));
  assert.equal(appEventVisible(beforeGrand, appViewerOf(d.state, assassin)), false, "before it joined");
  assert.equal(
    appEventVisible(roomMessage(grand.at, "killers-room", b1), appViewerOf(d.state, assassin)),
    true,
  );
  assert.equal(appEventVisible(beforeGrand, appViewerOf(d.state, b1)), true, "the killers keep theirs");
});

test("seed 000 「如果杀手和刺客汇合以后，综合一起轮流出帖」: after 杀刺大联合 the role card's 出帖组 is 杀刺, not the seat's own group", () => {
  const d = new Driver(preset("fengyun-57"));
  const seatsOf = (role: string) => d.state.seats.filter((s) => s.role === role).map((s) => s.seat);
  const lover = seatsOf("lover")[0]!;
  const groupOf = (seat: number) => realEngine.view(d.state, { kind: "seat", seat })!.roleCard?.powers.group;
  assert.equal(groupOf(lover)?.name, "情侣刺客");
  // Seven of 杀刺 out (three assassins and four A killers): 「杀刺出局达到7人…刺客与杀手联合」.
  for (const seat of [...seatsOf("assassin").slice(0, 3), ...seatsOf("killer-a")])
    d.override(local("12-02 08:00"), { action: "eliminate", target: seat }, "判罚");
  assert.equal(groupOf(lover)?.name, "情侣刺客", "not before the outs are told");
  closeVote(d, "12-02", [56, 55]);
  assert.ok(d.state.alliances.some((a) => a.name === "杀刺大联合"));
  const black = ["killer-a", "killer-b", "assassin", "lover"].flatMap(seatsOf).length;
  assert.deepEqual(groupOf(lover), { name: "杀刺", rotation: "code-order", members: black });
  // The 暗弹 is told 游侠: no group to show, before or after.
  assert.equal(groupOf(seatsOf("hidden-bomb")[0]!), null);
});
