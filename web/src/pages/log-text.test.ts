// The referee's log in words: each kind of event reads as a Chinese sentence, unknown or odd data as "".
import assert from "node:assert/strict";
import { test } from "node:test";
import { simulateDayNight } from "../../../src/engine/night/sim.ts";
import { simulate } from "../../../src/engine/sim.ts";
import { preset } from "../../../src/engine/test-kit.ts";
import type { GameEventDto } from "../../../src/server/api-types.ts";
import { describeEvent, type LogNames, logNames } from "./log-text.ts";

// 2024-12-03 18:00:00 in Beijing time (the site's default zone): event times below are counted from here.
const T0 = Date.UTC(2024, 11, 3, 10, 0, 0);
const MIN = 60_000;
const DAY = 86_400_000;

let seq = 0;
/** A DTO shaped as the server sends it: the event minus type and at, which sit beside `data`. */
function dto(type: string, data: Record<string, unknown>, at = T0): GameEventDto {
  return { seq: ++seq, type, at, data };
}

const names: LogNames = {
  seats: new Map([
    [11, "张三"],
    [6, "李四"],
    [2, "王五"],
  ]),
  units: { killer: "联合杀手", sword: "剑", "role:black-bomb": "黑弹" },
  roles: { killer: "杀手", ranger: "游侠" },
  rooms: { "killer-room": "杀手小黑屋" },
  camps: {},
  dayNight: false,
  killPosts: true,
};
const say = (type: string, data: Record<string, unknown>, at?: number) =>
  describeEvent(dto(type, data, at), names);

test("a vote names voter and target by seat number and alias", () => {
  assert.equal(
    say("VoteCast", { round: 2, stage: "regular", voter: 11, targets: [6], proxy: false }),
    "12号 张三 投票给 7号 李四",
  );
  assert.equal(
    say("VoteCast", { round: 2, stage: "overtime", voter: 11, targets: [], proxy: false }),
    "12号 张三 弃权（加时）",
  );
  assert.equal(
    say("VoteCast", {
      round: 2,
      stage: "regular",
      voter: 11,
      targets: [6, 2],
      codes: ["甲", null],
      proxy: false,
    }),
    "12号 张三 投票给 7号 李四（代号 甲）、3号 王五",
  );
  // A seat the names do not know still reads as its number.
  assert.equal(
    say("VoteCast", { round: 1, stage: "regular", voter: 39, targets: [6], proxy: false, house: 2 }),
    "40号 投票给 7号 李四（二府）",
  );
});

test("a proxy vote says the referee cast it", () => {
  assert.equal(
    say("VoteCast", { round: 2, stage: "regular", voter: 11, targets: [6], proxy: true }),
    "哨子代投：12号 张三 → 7号 李四",
  );
});

test("a closed vote names who went out, with their votes, and the ones who did not vote", () => {
  const text = say("VoteClosed", {
    round: 2,
    stage: "regular",
    entries: [
      { seat: 6, halves: 24, fullVotes: 12, halfVotes: 0, proxyVotes: 1 },
      { seat: 2, halves: 9, fullVotes: 4, halfVotes: 1, proxyVotes: 0 },
    ],
    out: [6],
    halfVotesApplied: false,
    tie: null,
    leadVoters: { 6: 11 },
    outCodes: { 6: null },
    nonVoters: [2],
  });
  assert.equal(text, "第2轮投票截止：7号 李四（12票）出局（票杀）；未投票：3号 王五");
  const tied = say("VoteClosed", {
    round: 3,
    stage: "regular",
    entries: [
      { seat: 6, halves: 10 },
      { seat: 2, halves: 10 },
    ],
    out: [],
    halfVotesApplied: true,
    tie: { seats: [6, 2], slots: 1 },
    leadVoters: {},
    outCodes: {},
    nonVoters: [],
  });
  assert.equal(tied, "第3轮投票截止：平票：7号 李四（5票）、3号 王五（5票）争1个出局名额；半票计入");
  assert.equal(
    say("VoteClosed", { round: 4, stage: "overtime", entries: [], out: [], tie: null, nonVoters: [] }),
    "第4轮加时投票截止：无人出局",
  );
});

test("released posts are counted, with IOUs, lapsed and forfeited posts and the deadlines", () => {
  const post = (index: number, extra: Record<string, unknown> = {}) => ({
    index,
    poster: 11,
    target: 6,
    unit: "killer",
    kind: "kill",
    words: 1200,
    iou: false,
    lapsed: null,
    ...extra,
  });
  assert.equal(
    say("PostsReleased", {
      round: 2,
      posts: [post(0), post(1, { iou: true }), post(2, { lapsed: "target-out" })],
      forfeited: { sword: 1, killer: 0 },
      rotation: { killer: 11 },
      iouDeadline: T0 + DAY,
      complaintDeadline: T0 + 2 * MIN,
    }),
    "第2轮杀帖公布：3篇（白条1篇，1篇目标已出局）；未出：剑1篇；白条补齐截止 12/4 18:00:00，举报截止 18:02:00",
  );
  // 几方同步发帖 (RULINGS 14): a post whose poster went out before the release is withdrawn, told apart from one never
  // sent.
  assert.equal(
    say("PostsReleased", {
      round: 2,
      posts: [post(0)],
      forfeited: {},
      withdrawn: { sword: 1 },
      rotation: {},
      iouDeadline: T0 + DAY,
      complaintDeadline: T0 + 2 * MIN,
    }),
    "第2轮杀帖公布：1篇；出帖者在放帖前出局、不放出：剑1篇；白条补齐截止 12/4 18:00:00，举报截止 18:02:00",
  );
});

test("a player out says the cause in Chinese, who did it, and what becomes of their vote", () => {
  assert.equal(
    say("PlayerOut", {
      round: 2,
      seat: 11,
      cause: "post",
      by: 6,
      post: 1,
      halfVote: true,
      keepsVote: true,
    }),
    "12号 张三 出局（帖杀，出帖者 7号 李四，第2轮杀帖 #2）；本轮保留半票",
  );
  assert.equal(
    say("PlayerOut", {
      round: 2,
      seat: 11,
      cause: "vote",
      by: null,
      post: null,
      halfVote: false,
      keepsVote: false,
    }),
    "12号 张三 出局（票杀）",
  );
  assert.equal(
    say("PlayerOut", {
      round: 2,
      seat: 2,
      cause: "suicide",
      by: null,
      post: null,
      halfVote: false,
      keepsVote: false,
    }),
    "3号 王五 出局（自杀）；本轮不能再投票",
  );
});

test("a 帖杀 judged again when a crossed post stops standing says which post holds the seat out and its vote now", () => {
  // seed 000 「杀手贴杀人员当轮有半票权，刺客贴杀人员没有半票权」: the assassin's 白条 failed, the killer's post stands.
  const rejudged = { round: 2, seat: 11, by: 6, post: 0, halfVote: true, keepsVote: true };
  assert.equal(
    say("PostOutRejudged", rejudged),
    "12号 张三 的帖杀出局重新认定：现由第2轮杀帖 #1（出帖者 7号 李四）计；本轮保留半票",
  );
  // A player's feed has no poster; 恢复杀帖 of the assassin's post takes the half vote away.
  assert.equal(
    say("PostOutRejudged", { ...rejudged, by: null, halfVote: false, keepsVote: false }),
    "12号 张三 的帖杀出局重新认定：现由第2轮杀帖 #1（出帖者不公开）计；本轮不能再投票",
  );
  assert.equal(say("PostOutRejudged", { round: 2, seat: 11 }), "");
});

test("a void post's 烟花 taken back says the bomb counts as not gone off", () => {
  assert.equal(
    say("PostFiringVoided", { round: 2, bomb: 11, victim: 6 }),
    "12号 张三 被帖杀时对 7号 李四 的烟花作废（该帖已作废，炸弹算未引爆）",
  );
});

test("RULINGS 24: a missed 报道 redo's out is the deadline's, not said as a referee's ruling", () => {
  assert.equal(
    say("OverrideApplied", {
      round: 1,
      override: { action: "eliminate", target: 6, missedRedo: true },
      reason: "报道重做逾期，视为自杀",
    }),
    "7号 李四 未在期限内重写报道，按自杀出局",
  );
});

test("an override says what the referee did and why", () => {
  assert.equal(
    say("OverrideApplied", { round: 2, override: { action: "revive", target: 6 }, reason: "误判" }),
    "哨子改判（理由：误判）：复活 7号 李四",
  );
  assert.equal(
    say("OverrideApplied", {
      round: 2,
      override: { action: "extend", deadline: "round:2:vote", until: T0 + 3 * 3_600_000 },
      reason: "论坛故障",
    }),
    "哨子改判（理由：论坛故障）：第2轮投票截止改为 21:00:00",
  );
  assert.equal(
    say("OverrideApplied", {
      round: 3,
      override: { action: "set-progression", round: 3, voteOut: 2, posts: { killer: 2 } },
      reason: "进程微调",
    }),
    "哨子改判（理由：进程微调）：调整第3轮进程：票杀2人，出帖 联合杀手2篇",
  );
  assert.equal(
    say("OverrideApplied", {
      round: 5,
      override: { action: "warn", target: 2, offence: "zhashi", severe: true },
      reason: "第二次诈尸",
    }),
    "哨子改判（理由：第二次诈尸）：警告 3号 王五：诈尸（情节严重，直接判罚出局）",
  );
  assert.equal(
    say("OverrideApplied", {
      round: 4,
      override: { action: "end-game", winner: "black" },
      reason: "泄露身份",
    }),
    "哨子改判（理由：泄露身份）：结束游戏，判定黑道胜利",
  );
  // 改判结果 after the end names the result it replaced.
  assert.equal(
    say("OverrideApplied", {
      round: 4,
      override: { action: "end-game", winner: "white", previous: "black" },
      reason: "结束后查实抄袭",
    }),
    "哨子改判（理由：结束后查实抄袭）：改判结果：黑道胜利 → 白道胜利",
  );
  // A ruling this page does not know: no sentence, so the raw data is shown.
  assert.equal(say("OverrideApplied", { round: 2, override: { action: "teleport" }, reason: "x" }), "");
});

test("a substitution names the seat, the alias it leaves, the new one and the reason", () => {
  assert.equal(
    say("OverrideApplied", {
      round: 2,
      override: { action: "substitute", seat: 11, alias: "新马甲", previous: "张三" },
      reason: "原玩家出差",
    }),
    "替补：12号 张三 → 新马甲（原玩家出差）",
  );
  // Stored before the engine named the old alias: the line says what it knows.
  assert.equal(
    say("OverrideApplied", {
      round: 2,
      override: { action: "substitute", seat: 11, alias: "新马甲" },
      reason: "替补",
    }),
    "替补：12号 → 新马甲（替补）",
  );
});

test("a rejected report names the alias, the reason and the redo deadline", () => {
  assert.equal(
    say("app.ReportRejected", {
      alias: "张三",
      reason: "抄袭唐诗",
      redoDeadline: T0 + DAY,
      redoMin: 300,
    }),
    "报道判为不合规：张三（理由：抄袭唐诗），重写期限 12/4 18:00:00，不少于300字",
  );
  assert.equal(
    say("app.PlayerJoined", {
      alias: "张三",
      postId: "p1",
      words: 520,
      copiedPercent: 35,
      copiedFlagged: true,
    }),
    "张三 报道（520字，疑似抄袭 35%）",
  );
  assert.equal(say("app.PlayerWithdrawn", { alias: "张三", reason: null }), "张三 退出了报名");
  assert.equal(
    say("app.PlayerWithdrawn", { alias: "李四", reason: "小号重复报名", referee: "老哨" }),
    "哨子移除了 李四 的报名：小号重复报名（操作：老哨）",
  );
});

test("the game's start names the players and the seed, not the rule set", () => {
  const text = say("GameStarted", {
    rules: { id: "airforce-40", name: "空军", players: 40, roles: [{ id: "killer", name: "杀手" }] },
    start: T0 + 30 * MIN,
    seed: "e2e",
    seats: Array.from({ length: 40 }, (_, i) => ({ alias: `马甲${i + 1}`, role: "ranger", code: null })),
  });
  assert.equal(text, "游戏开始：空军，40人，种子 e2e，第1轮 18:30:00 开始");
  assert.ok(!text.includes("killer"), "no rule set dump");
});

test("a viewer not shown the seed is told nothing of how roles were dealt; only a fixed deal says 固定分配", () => {
  // As the public log has it: no rule set, no seed (redacted), only the seats and the start.
  const hidden = say("GameStarted", {
    rulesId: "airforce-40",
    start: T0 + 30 * MIN,
    seats: Array.from({ length: 12 }, (_, seat) => ({ seat, alias: `马甲${seat + 1}` })),
  });
  assert.equal(hidden, "游戏开始：12人，第1轮 18:30:00 开始");
  const fixed = say("GameStarted", { start: T0 + 30 * MIN, seed: null, seats: [{ alias: "甲" }] });
  assert.equal(fixed, "游戏开始：1人，固定分配身份，第1轮 18:30:00 开始");
});

test("the game's creation names the rule set by its name once the game has started, by its id before", () => {
  const created = dto("app.GameCreated", { name: "空军版杀", rulesId: "airforce-40", refereeAlias: "总哨" });
  const started = dto("GameStarted", { rules: { id: "airforce-40", name: "空军场", roles: [] }, seats: [] });
  assert.equal(
    describeEvent(created, logNames(null, [created, started])),
    "建局「空军版杀」，规则 空军场，哨子 总哨",
  );
  assert.equal(
    describeEvent(created, logNames(null, [created])),
    "建局「空军版杀」，规则 airforce-40，哨子 总哨",
  );
});

test("7kill's night events read as nights, abilities and dawn", () => {
  assert.equal(
    say("AbilityUsed", { round: 2, seat: 11, ability: "kill", target: 6 }),
    "第2夜 12号 张三 杀人 → 7号 李四",
  );
  assert.equal(
    say("AbilityUsed", { round: 2, seat: 11, ability: "protect", target: null }),
    "第2夜 12号 张三 放弃救治",
  );
  assert.equal(
    say("NightResolved", {
      round: 2,
      kill: 6,
      shot: null,
      protected: 6,
      saved: [6],
      emptyNeedle: null,
    }),
    "第2夜天亮：杀手刀 7号 李四，医生救治 7号 李四，救下 7号 李四",
  );
  assert.equal(say("CheckResult", { round: 2, target: 2, result: "killer" }), "第2夜 3号 王五：杀手");
  assert.equal(
    say("OffenceRecorded", {
      round: 3,
      seat: 2,
      offence: "lurking",
      reasons: ["posts", "not-voting"],
      warning: true,
      public: false,
      banned: false,
    }),
    "第3轮 · 3号 王五 · 潜水（讨论帖发帖不足、未在投票帖投票）；记警告；不公开",
  );
});

test("an app room message uses the room's name and a complaint names the post", () => {
  assert.equal(
    say("app.RoomMessagePosted", { room: "killer-room", seat: 11, alias: "张三", text: "今晚刀7号" }),
    "杀手小黑屋｜12号 张三：今晚刀7号",
  );
  assert.equal(
    say("app.ComplaintFiled", { seat: 2, alias: "王五", against: 11, round: 2, post: 0, text: "抄袭" }),
    "3号 王五 举报 12号 张三 的第2轮杀帖 #1：抄袭",
  );
  // 录入举报: entered by a referee from the 哨群, for a complainant or for nobody, with when it was received.
  const received = T0 - 2 * 60 * MIN;
  assert.equal(
    say("app.ComplaintFiled", {
      seat: 2,
      alias: "王五",
      against: 11,
      round: 2,
      post: 0,
      text: "抄袭",
      receivedAt: received,
      referee: "老哨",
    }),
    "3号 王五 举报 12号 张三 的第2轮杀帖 #1：抄袭（哨群 16:00:00 收到，哨子录入）（操作：老哨）",
  );
  assert.equal(
    say("app.ComplaintFiled", { seat: null, alias: "", against: 11, round: 2, post: 0, text: "旧帖" }),
    "哨群 举报 12号 张三 的第2轮杀帖 #1：旧帖",
  );
  assert.equal(
    say("ComplaintFiled", { round: 2, post: 0, poster: 11, receivedAt: received - DAY, referee: "老哨" }),
    "第2轮杀帖 #1（12号 张三）被举报，待裁定（哨群 12/2 16:00:00 收到，哨子录入）（操作：老哨）",
  );
  assert.equal(
    say("ComplaintFiled", { round: 2, post: 0, poster: 11 }),
    "第2轮杀帖 #1（12号 张三）被举报，待裁定",
  );
  assert.equal(
    say("app.ExtensionRequested", { seat: 6, alias: "李四", note: "白条未补" }),
    "7号 李四 向哨子申请白条延期（备注：白条未补）",
  );
});

test("an unknown type, or data without the expected fields, gives an empty string and never throws", () => {
  assert.equal(say("SomethingNew", { round: 1 }), "");
  assert.equal(say("VoteCast", { round: 2, voter: "12", targets: [6], proxy: false, stage: "regular" }), "");
  assert.equal(say("PlayerOut", {}), "");
  assert.equal(say("VoteClosed", { round: 2, stage: "regular", entries: "many", out: [] }), "");
  assert.equal(describeEvent({ seq: 1, type: "VoteOpened", at: T0, data: null as never }, names), "");
});

test("the game ended names the result and why, from the engine's reason", () => {
  assert.equal(
    say("GameEnded", {
      winner: "white",
      reason: "all killers out",
      why: { kind: "all-out", roles: ["killer"], camps: [] },
    }),
    "游戏结束：白道胜利（杀手全部出局）",
  );
  assert.equal(say("GameEnded", { winner: "black", reason: "x" }), "游戏结束：黑道胜利");
});

test("names come from the view's seats and units and from GameStarted's rule set", () => {
  const started = dto("GameStarted", {
    rules: {
      roles: [{ id: "killer", name: "杀手" }],
      rooms: [{ id: "killer-room", name: "杀手小黑屋" }],
      groups: [{ id: "killer", name: "杀手组" }],
    },
    start: T0,
    seed: null,
    seats: [{ alias: "甲" }, { alias: "乙" }],
  });
  const n = logNames(
    {
      seats: [{ seat: 1, alias: "乙的替补", alive: true, role: "ranger", roleName: "游侠" }],
      unitNames: { killer: "联合杀手" },
    },
    [started],
  );
  assert.equal(n.seats.get(0), "甲");
  assert.equal(n.seats.get(1), "乙的替补");
  assert.equal(n.units.killer, "联合杀手");
  assert.deepEqual(n.roles, { killer: "杀手", ranger: "游侠" });
  assert.equal(n.rooms["killer-room"], "杀手小黑屋");
  assert.deepEqual(logNames(null, []), {
    seats: new Map(),
    units: {},
    roles: {},
    rooms: {},
    camps: {},
    dayNight: false,
    killPosts: true,
  });
});

test("every event of whole simulated games (both daily presets and 7kill) reads as a sentence", () => {
  const start = T0 + DAY;
  const logs = [
    simulate(preset("airforce-40"), "log-text", start).events,
    simulate(preset("fengyun-57"), "log-text", start).events,
    simulateDayNight(preset("sevenkill-16"), "log-text", start).events,
  ];
  const types = new Set<string>();
  for (const events of logs) {
    // The referee's log is unredacted: each DTO is the event as stored, minus type and at (toDto on the server).
    const dtos = events.map(({ type, at, ...data }, i) => ({ seq: i + 1, type, at, data }));
    const real = logNames(null, dtos);
    for (const e of dtos) {
      types.add(e.type);
      const text = describeEvent(e, real);
      assert.notEqual(text, "", `${e.type} ${JSON.stringify(e.data).slice(0, 200)}`);
      assert.doesNotMatch(text, /undefined|NaN|\[object/, `${e.type}: ${text}`);
    }
  }
  for (const t of ["GameStarted", "VoteCast", "VoteClosed", "PostsReleased", "PlayerOut", "NightResolved"])
    assert.ok(types.has(t), `the simulated games have ${t}`);
});

test("a 7kill log speaks of days and of 杀手方 / 好人方, and says nothing of kill posts it never had", () => {
  // Seed 001: "分为杀手、好人两方" … "I.白天讨论、投票 -> II.夜晚行使特权"; the rule set has no posting roles.
  const events = simulateDayNight(preset("sevenkill-16"), "log-text", T0 + DAY).events;
  const dtos = events.map(({ type, at, ...data }, i) => ({ seq: i + 1, type, at, data }));
  const n = logNames(null, dtos);
  assert.equal(n.dayNight, true);
  assert.equal(n.killPosts, false);
  assert.deepEqual(n.camps, { black: "杀手方", white: "好人方" });
  const text = (type: string) => dtos.filter((e) => e.type === type).map((e) => describeEvent(e, n));
  assert.match(text("RoundOpened")[0]!, /^第1天开始：每人1票，票杀1人；投票截止 /);
  assert.equal(text("PostsReleased")[0], "第1天：本局没有杀帖环节");
  assert.equal(text("VoteOpened")[0], "第1天投票开始");
  for (const line of dtos.map((e) => describeEvent(e, n))) {
    assert.doesNotMatch(line, /第\d+轮|杀帖公布|黑道|白道/, line);
  }
  const ended = dtos.find((e) => e.type === "GameEnded")!;
  assert.match(describeEvent(ended, n), /^游戏结束：(杀手方胜利|好人方胜利|平局)（/);
});

test("a referee's act names the referee or co-referee who made it; a tie handed to the referee is not a name", () => {
  assert.equal(
    say("OverrideApplied", {
      round: 2,
      override: { action: "eliminate", target: 6 },
      reason: "曝ID",
      referee: "副哨",
    }),
    "哨子改判（理由：曝ID）：判 7号 李四 出局（操作：副哨）",
  );
  assert.equal(
    say("VoteCast", { round: 2, stage: "regular", voter: 11, targets: [6], proxy: true, referee: "老哨" }),
    "哨子代投：12号 张三 → 7号 李四（操作：老哨）",
  );
  // 录入杀帖: the post itself is the seat's KillPostSubmitted; this line says who entered it.
  assert.equal(
    say("app.KillPostEntered", { round: 2, seat: 6, alias: "李四", postId: "post-1", referee: "老哨" }),
    "哨子代 7号 李四 录入第2轮杀帖（站外发来）（操作：老哨）",
  );
  // Stored before acts were signed: as before.
  assert.equal(
    say("OverrideApplied", { round: 2, override: { action: "eliminate", target: 6 }, reason: "曝ID" }),
    "哨子改判（理由：曝ID）：判 7号 李四 出局",
  );
});

test("a results post reads as its round's; 7kill's night post as 第N夜's, and one published again with other text as 更正", () => {
  assert.equal(say("app.ResultsPublished", { round: 2, text: "…" }), "发布第2轮结果帖");
  const sevenKill = { ...names, dayNight: true };
  const said = (data: Record<string, unknown>) => describeEvent(dto("app.ResultsPublished", data), sevenKill);
  // Stored before a day-night round had two posts: its day's.
  assert.equal(said({ round: 2, text: "…" }), "发布第2天结果帖");
  assert.equal(said({ round: 2, part: "day", text: "…" }), "发布第2天结果帖");
  assert.equal(said({ round: 2, part: "night", text: "…" }), "发布第2夜结果帖");
  assert.equal(said({ round: 2, part: "night", text: "…", correction: true }), "发布第2夜结果帖（更正）");
});

test("指定出帖人 reads as the unit and both seats for the referee, and as the one seat each player is given", () => {
  const ruled = (override: Record<string, unknown>) =>
    say("OverrideApplied", {
      round: 2,
      override: { action: "assign-turn", unit: "killer", ...override },
      reason: "缺席",
    });
  assert.equal(
    ruled({ seat: 6, from: 11 }),
    "哨子改判（理由：缺席）：指定出帖人（联合杀手）：12号 张三 → 7号 李四",
  );
  assert.equal(
    ruled({ seat: 6 }),
    "哨子改判（理由：缺席）：指定出帖人（联合杀手）：本轮一帖改由 7号 李四 出",
  );
  assert.equal(
    ruled({ from: 11 }),
    "哨子改判（理由：缺席）：指定出帖人（联合杀手）：12号 张三 的轮次改由组内他人出",
  );
});

test("字数不够按白条处理 and 认定字数足够 read with the post, its target, and the poster only where the feed names it", () => {
  assert.equal(
    say("ComplaintRuledIou", {
      round: 2,
      post: 0,
      poster: 11,
      target: 6,
      deadline: T0,
      reason: "Word 788 字",
    }),
    "举报属实，字数不够，按白条处理（理由：Word 788 字）：第2轮杀帖 #1（12号 张三 → 7号 李四）",
  );
  assert.match(
    say("ComplaintRuledIou", { round: 2, post: 0, poster: null, target: 6, deadline: T0, reason: null }),
    /^举报属实，字数不够，按白条处理：第2轮杀帖 #1（.+ → 7号 李四）$/,
  );
  assert.equal(
    say("OverrideApplied", {
      round: 2,
      override: { action: "accept-iou", round: 2, post: 1, poster: 11, target: 6 },
      reason: "WPS 801 字",
    }),
    "哨子改判（理由：WPS 801 字）：认定第2轮杀帖 #2字数足够，白条视同补齐：12号 张三 → 7号 李四",
  );
  assert.equal(
    say("OverrideApplied", {
      round: 2,
      override: { action: "accept-iou", round: 2, post: 1, target: 6 },
      reason: "WPS 801 字",
    }),
    "哨子改判（理由：WPS 801 字）：认定第2轮杀帖 #2（帖杀 7号 李四）字数足够，白条视同补齐",
  );
});

test("a kill post or a night choice the referee entered for the seat says so, after the act itself", () => {
  const submitted = { round: 2, poster: 11, target: 6, unit: "killer", kind: "kill", words: 900, code: null };
  const post = say("KillPostSubmitted", { ...submitted, postId: "p1", referee: "总哨" });
  assert.equal(
    post,
    "联合杀手 12号 张三 出杀帖，目标 7号 李四（900字）（站外发来，哨子代为录入）（操作：总哨）",
  );
  const own = say("KillPostSubmitted", { ...submitted, postId: "p2" });
  assert.doesNotMatch(own, /录入/);
  const night = say("AbilityUsed", { round: 2, seat: 11, ability: "kill", target: 6, referee: "导演" });
  assert.match(night, /（站外发来，哨子代为录入）（操作：导演）$/);
});

test("评奖 reads award by award, and an empty giving as taken back", () => {
  assert.equal(
    say("app.AwardsGiven", {
      awards: [
        { award: "mvp", seat: 11 },
        { award: "writing", seat: 6 },
      ],
      note: "",
      referee: "导演",
    }),
    "哨子评奖：MVP：12号 张三；最佳文字：7号 李四（操作：导演）",
  );
  assert.equal(say("app.AwardsGiven", { awards: [], note: "" }), "哨子撤回评奖");
});
