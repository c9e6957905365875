// The results post (结果帖): the forum phrasing a referee would publish, from one round's summary.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseRuleSet } from "../rules/parse.ts";
import { presets } from "../rules/presets/index.ts";
import type { RuleSet } from "../rules/schema.ts";
import {
  formatVotes,
  lastWordsOf,
  nightResolved,
  penaltiesOf,
  renderNightPost,
  renderResultsPost,
  resultsPostRules,
  roundPostText,
} from "./results-post.ts";

function parsedPreset(id: string): RuleSet {
  const r = parseRuleSet(presets[id]);
  assert.ok(r.ok);
  return r.ruleSet;
}

const roleNames = { killer: "联合杀手", ranger: "游侠", "bright-bomb": "明弹" };

test("half votes print as halves, whole votes as integers", () => {
  assert.equal(formatVotes(10.5), "10.5票");
  assert.equal(formatVotes(12), "12票");
});

test("a round with 帖杀, 同归, 白条, 票杀 and a revival reads as a referee's post", () => {
  const text = renderResultsPost(
    {
      round: 2,
      out: [
        { alias: "明", role: "bright-bomb", camp: "white", cause: "post" },
        { alias: "杀一", role: "killer", camp: "black", cause: "bomb" },
        { alias: "杀二", role: "killer", camp: "black", cause: "iou" },
        { alias: "侠05", role: "ranger", camp: "white", cause: "vote" },
      ],
      revived: [{ alias: "侠10" }],
      alive: 33,
      tally: [
        { alias: "侠05", votes: 12.5, half: 3 },
        { alias: "侠04", votes: 12, proxy: 1 },
      ],
      overtime: null,
    },
    { roleNames, alliances: ["杀刺联合"] },
  );
  assert.match(text, /^## 第2轮结果/);
  assert.match(text, /票楼结果：侠05 12\.5票（含半票3张），侠04 12票（含托票1张）/);
  assert.match(text, /帖杀：明（白道·明弹）/);
  assert.match(text, /同归（被炸弹带走）：杀一（黑道·联合杀手）/);
  assert.match(text, /白条未按时补齐，出帖者出局：杀二/);
  assert.match(text, /票杀：侠05（白道·游侠）/);
  assert.match(text, /复活：侠10/);
  assert.match(text, /联合：杀刺联合/);
  assert.match(text, /本轮出局4人，复活1人，现存活33人。/);
  // 帖杀 is announced before 票杀, as posts are released before the vote closes.
  assert.ok(text.indexOf("帖杀") < text.indexOf("票杀"));
});

test("a seat out and back before the post is named without its identity: the post must not give away a living seat's role", () => {
  const text = renderResultsPost(
    {
      round: 2,
      out: [
        { alias: "孙小红", role: "hidden-bomb", camp: "white", cause: "post", unpublished: true },
        { alias: "风清扬", role: "killer", camp: "black", cause: "complaint" },
      ],
      revived: [{ alias: "孙小红" }],
      alive: 33,
      tally: [],
      overtime: null,
    },
    { roleNames: { ...roleNames, "hidden-bomb": "暗弹" } },
  );
  assert.match(text, /帖杀：孙小红\n/);
  assert.doesNotMatch(text, /暗弹/);
  assert.match(text, /复活：孙小红/);
});

test("seed 000 「被帖杀与出帖者同出」: a poster 帖杀 as its bomb went off is counted once, and the post says the bomb went off", () => {
  const text = renderResultsPost(
    {
      round: 2,
      out: [
        { alias: "剑一", role: "sword", camp: "white", cause: "post", alsoBomb: true },
        { alias: "明", role: "bright-bomb", camp: "white", cause: "post" },
      ],
      revived: [],
      alive: 37,
      tally: [],
      overtime: null,
    },
    { roleNames: { ...roleNames, sword: "联合剑侠" } },
  );
  assert.match(text, /帖杀：剑一（白道·联合剑侠）、明（白道·明弹）/);
  assert.match(text, /同归（被炸弹带走）：剑一（已计入帖杀）/);
  assert.match(text, /本轮出局2人，现存活37人。/);
});

test("RULINGS 10: a seat named only by an unapplied half vote has no 0票 row in 票楼结果; overtime rows keep theirs", () => {
  const text = renderResultsPost({
    round: 2,
    out: [{ alias: "侠02", role: "ranger", camp: "white", cause: "vote" }],
    revived: [],
    alive: 33,
    tally: [
      { alias: "侠02", votes: 19 },
      { alias: "侠03", votes: 19 },
      { alias: "侠06", votes: 0 },
    ],
    overtime: {
      tied: ["侠02", "侠03"],
      tally: [
        { alias: "侠02", votes: 3 },
        { alias: "侠03", votes: 0 },
      ],
    },
  });
  assert.match(text, /票楼结果：侠02 19票，侠03 19票\n/);
  assert.doesNotMatch(text, /侠06/);
  assert.match(text, /加时结果：侠02 3票，侠03 0票/);
});

test("overtime that ties again says 先到先出; the end of the game is announced", () => {
  const text = renderResultsPost(
    {
      round: 1,
      out: [{ alias: "侠21", role: "ranger", camp: "white", cause: "vote" }],
      revived: [],
      alive: 39,
      tally: [
        { alias: "侠20", votes: 2 },
        { alias: "侠21", votes: 2 },
      ],
      overtime: {
        tied: ["侠20", "侠21"],
        tally: [
          { alias: "侠21", votes: 3 },
          { alias: "侠20", votes: 3 },
        ],
      },
    },
    { roleNames, result: { winner: "white" } },
  );
  assert.match(text, /平票加时：侠20、侠21 平票，进入加时投票。/);
  assert.match(text, /加时依然平票，按先到先出。/);
  assert.match(text, /游戏结束：白道胜利/);
});

test("RULINGS 11 「先到先出」: counts reached within the same second are told apart by their milliseconds", () => {
  const overtime = (a: string, b: string) => ({
    tied: ["甲", "乙"],
    tally: [
      { alias: "甲", votes: 2, reachedAt: a },
      { alias: "乙", votes: 2, reachedAt: b },
    ],
  });
  const base = { round: 1, out: [], revived: [], alive: 38, tally: [] };
  const close = renderResultsPost({
    ...base,
    overtime: overtime("2026-12-02T13:05:07.120Z", "2026-12-02T13:05:07.450Z"),
  });
  assert.match(close, /^达到2票的时间：甲 21:05:07\.120，乙 21:05:07\.450。$/m);
  const apart = renderResultsPost({
    ...base,
    overtime: overtime("2026-12-02T13:05:07.120Z", "2026-12-02T13:06:00.000Z"),
  });
  assert.match(apart, /^达到2票的时间：甲 21:05:07，乙 21:06:00。$/m);
  // The same millisecond: the server's order of receipt decided, so the seat put out is named first, and the post
  // says why (风云 play-through: two equal times read as no reason at all).
  const same = renderResultsPost({
    ...base,
    out: [{ alias: "乙", role: "游侠", camp: "白道", cause: "vote" }],
    overtime: overtime("2026-12-02T13:02:00.000Z", "2026-12-02T13:02:00.000Z"),
  });
  assert.match(
    same,
    /^达到2票的时间：乙 21:02:00\.000，甲 21:02:00\.000。同一毫秒达到的，按服务器收到投票的先后。$/m,
  );
});

test("an overtime whose tied include a seat out at the close names it apart: the overtime is among the others", () => {
  const base = { round: 1, out: [], revived: [], alive: 54, tally: [] };
  const text = renderResultsPost({
    ...base,
    overtime: { tied: ["甲", "乙", "丙"], gone: ["丙"], tally: [{ alias: "甲", votes: 2 }] },
  });
  assert.match(text, /^平票加时：甲、乙、丙 平票；丙 已出局，甲、乙 进入加时投票。$/m);
  const duel = renderResultsPost(
    { ...base, overtime: { tied: ["甲", "乙", "丙"], gone: ["丙"], tally: [] } },
    { duel: true },
  );
  assert.match(duel, /^平票：甲、乙、丙 同为最高票；丙 已出局，甲、乙 进入高票对决。$/m);
});

test("the round that ends the game says who won and why, in Chinese, with the rule set's role names", () => {
  const round = { round: 5, out: [], revived: [], alive: 20, tally: [], overtime: null };
  const ended = (ctx: Parameters<typeof renderResultsPost>[1]) => renderResultsPost(round, ctx);
  assert.match(
    ended({
      roleNames: { ...roleNames, assassin: "联合刺客" },
      result: { winner: "white", why: { kind: "all-out", roles: ["killer", "assassin"], camps: [] } },
    }),
    /\*\*游戏结束：白道胜利。\*\*（联合杀手、联合刺客全部出局）$/,
  );
  // A game that ended before the engine kept why as data: the winner alone, never the engine's English.
  assert.match(ended({ roleNames, result: { winner: "black", why: null } }), /\*\*游戏结束：黑道胜利。\*\*$/);
});

test("an end that waits for the referee's decision: the post says what holds and what it waits on, not a winner", () => {
  const round = { round: 1, out: [], revived: [], alive: 4, tally: [], overtime: null };
  const text = renderResultsPost(round, {
    roleNames: { ...roleNames, lover: "情侣刺客", assassin: "独立刺客" },
    endingWaits: {
      candidates: [
        { winner: "white", why: { kind: "all-out", roles: ["killer", "lover", "assassin"], camps: [] } },
      ],
      on: [
        { kind: "tie", round: 1 },
        { kind: "lead-voter", round: 1 },
      ],
    },
  });
  assert.match(
    text,
    /\*\*结束条件已成立：白道胜利（联合杀手、情侣刺客、独立刺客全部出局）。第1轮平票、第1轮领票人待哨子裁定，裁定后再定胜负。\*\*$/,
  );
  assert.doesNotMatch(text, /游戏结束/);
});

test("an end that waits for an open 白条 says so (seed 002 「白条必须在次日10:00:00之前补齐」), after any decision", () => {
  const round = { round: 2, out: [], revived: [], alive: 4, tally: [], overtime: null };
  const white = {
    winner: "white" as const,
    why: { kind: "all-out" as const, roles: ["killer", "lover", "assassin"], camps: [] },
  };
  const ctx = { roleNames: { ...roleNames, lover: "情侣刺客", assassin: "独立刺客" } };
  assert.match(
    renderResultsPost(round, {
      ...ctx,
      endingWaits: { candidates: [white], on: [{ kind: "iou", round: 2 }] },
    }),
    /\*\*结束条件已成立：白道胜利（联合杀手、情侣刺客、独立刺客全部出局）。第2轮白条待补齐或逾期，之后再定胜负。\*\*$/,
  );
  assert.match(
    renderResultsPost(round, {
      ...ctx,
      endingWaits: {
        candidates: [white],
        on: [
          { kind: "tie", round: 1 },
          { kind: "iou", round: 2 },
          { kind: "iou", round: 2 },
        ],
      },
    }),
    /。第1轮平票待哨子裁定，第2轮白条待补齐或逾期，之后再定胜负。\*\*$/,
  );
  // Seed 000 「哨群接受举报。一经查证举报属实…当即宣判出帖者出局，被帖者复活」: a filed complaint is the referee's to rule.
  assert.match(
    renderResultsPost(round, {
      ...ctx,
      endingWaits: { candidates: [white], on: [{ kind: "complaint", round: 2 }] },
    }),
    /。第2轮杀帖举报待哨子裁定，裁定后再定胜负。\*\*$/,
  );
});

test("a round nobody left says so", () => {
  const text = renderResultsPost({ round: 3, out: [], revived: [], alive: 20, tally: [], overtime: null });
  assert.match(text, /本轮无人出局。/);
});

/** A 7kill round 2: 民4 voted out and 民3 shot by the bandit by day; at dawn 民2 (needle), 民5 (shot), 匪 (killed). */
const sevenKillRound = {
  round: 2,
  out: [
    { alias: "民4", role: "villager", camp: "white", cause: "vote" as const },
    { alias: "民3", role: "villager", camp: "white", cause: "shot" as const },
    { alias: "民2", role: "villager", camp: "white", cause: "needle" as const, night: true as const },
    { alias: "民5", role: "villager", camp: "white", cause: "shot" as const, night: true as const },
    // "如果秘匪出局时未开枪且未转为杀手，则仍视为水民（此时公布为水民）"
    {
      alias: "匪",
      role: "bandit",
      camp: "white",
      cause: "night" as const,
      published: { role: "villager", camp: "white" },
      night: true as const,
    },
  ],
  revived: [],
  alive: 9,
  dayAlive: 12,
  tally: [{ alias: "民4", votes: 8 }],
  overtime: null,
};

test("7kill 「所有出局者公布身份，不公布死因」: the day's post lists the day's outs only; the night's dead wait for dawn", () => {
  const text = renderResultsPost(sevenKillRound, {
    roleNames: { villager: "水民", bandit: "秘匪" },
    ...resultsPostRules(parsedPreset("sevenkill-16")),
  });
  // "分为杀手、好人两方": the preset's campNames.
  // Seed 001 calls it 投票出局 on 第N天, where a daily game says 票杀 on 第N轮.
  assert.match(text, /^投票出局：民4（好人方·水民）$/m);
  assert.match(text, /^## 第2天结果$/m);
  assert.match(text, /^投票结果：民4 8票$/m);
  // The bandit's day shot is the day's, without its cause.
  assert.match(text, /^出局（不公布死因）：民3（好人方·水民）$/m);
  // 「III.天亮公布结果」: the night's dead are not the day's, nor counted in its living.
  for (const night of ["民2", "民5", "匪"]) assert.ok(!text.includes(night), night);
  assert.match(text, /\n白天出局2人，现存活12人。$/);
  for (const secret of ["空针", "枪杀", "夜间被杀", "秘匪"]) assert.ok(!text.includes(secret), secret);
});

test("7kill 「III.天亮公布结果」: the night's post lists the night's dead in order, identities without causes, and their last words", () => {
  const text = renderNightPost(sevenKillRound, {
    roleNames: { villager: "水民", bandit: "秘匪" },
    ...resultsPostRules(parsedPreset("sevenkill-16")),
    // 「前三夜出局的玩家有遗言」; 「等待死者遗言：12:50～20:00」.
    lastWords: { due: ["民2", "民5", "匪"], endsAt: "2026-12-05T12:00:00.000Z" },
  });
  assert.equal(
    text,
    [
      "## 第2夜结果",
      "",
      "出局（不公布死因）：民2（好人方·水民）、民5（好人方·水民）、匪（好人方·水民）",
      "遗言：民2、民5、匪，请于 12月5日 20:00 前发表遗言。",
      "",
      "夜晚出局3人，现存活9人。",
    ].join("\n"),
  );
  // Nothing of the day (its vote, its outs) and nothing of the night's actions.
  for (const secret of ["民4", "民3", "投票", "空针", "枪杀", "夜间被杀", "秘匪", "救", "验"])
    assert.ok(!text.includes(secret), secret);
  // Past the nights with last words, the post says none are due.
  const late = renderNightPost(
    { ...sevenKillRound, round: 4 },
    {
      ...resultsPostRules(parsedPreset("sevenkill-16")),
      lastWords: { due: [], endsAt: "2026-12-11T12:00:00.000Z" },
    },
  );
  assert.match(late, /^本夜出局者无遗言。$/m);
  assert.doesNotMatch(late, /请于/);
});

test("7kill: a night nobody left says 平安夜 (the platform's wording), and its day post says nothing of it", () => {
  const round = {
    round: 1,
    out: [{ alias: "民4", role: "villager", camp: "white", cause: "vote" as const }],
    revived: [],
    alive: 15,
    dayAlive: 15,
    tally: [{ alias: "民4", votes: 7 }],
    overtime: null,
  };
  const rules = resultsPostRules(parsedPreset("sevenkill-16"));
  const night = renderNightPost(round, {
    ...rules,
    lastWords: { due: [], endsAt: "2026-12-03T12:00:00.000Z" },
  });
  assert.equal(night, ["## 第1夜结果", "", "平安夜，无人出局。", "", "夜晚出局0人，现存活15人。"].join("\n"));
  assert.match(renderResultsPost(round, rules), /\n白天出局1人，现存活15人。$/);
});

test("7kill: the game's end goes on the round's last part, the night's once dawn has come; the day's post keeps its penalties", () => {
  const rules = parsedPreset("sevenkill-16");
  const result = {
    ended: true,
    winner: "draw" as const,
    reason: "villagers out",
    why: { kind: "all-out" as const, roles: ["villager"], camps: [] },
  };
  const dayNight = (resolved: boolean) => ({
    nights: [{ round: 2, resolved }],
    lastWords: [],
    offences: [{ round: 2, alias: "民4", offence: "abuse", public: true, withdrawn: false }],
    points: [{ alias: "民4", points: 0 }],
  });
  const src = (resolved: boolean) => ({
    rules,
    alliances: [],
    result,
    dayNight: dayNight(resolved),
    lastRound: 2,
  });
  const dawnDay = roundPostText("day", sevenKillRound, src(true));
  const dawnNight = roundPostText("night", sevenKillRound, src(true));
  assert.doesNotMatch(dawnDay, /游戏结束/);
  assert.match(dawnDay, /^处罚：民4 不当发言（警告）$/m);
  assert.match(dawnNight, /\*\*游戏结束：平局。\*\*/);
  assert.doesNotMatch(dawnNight, /处罚/);
  // Ended by day (no night opened): the day's post says it.
  assert.match(roundPostText("day", sevenKillRound, src(false)), /\*\*游戏结束：平局。\*\*/);
  assert.equal(nightResolved(dayNight(true), 2), true);
  assert.equal(nightResolved(dayNight(false), 2), false);
  assert.equal(nightResolved(dayNight(true), 3), false);
  assert.equal(nightResolved(null, 2), false);
  assert.deepEqual(lastWordsOf({ lastWords: [{ round: 1, due: ["民1"], endsAt: "x" }] }, 1), {
    due: ["民1"],
    endsAt: "x",
  });
  assert.equal(lastWordsOf({ lastWords: [] }, 1), undefined);
});

test("7kill 「高票对决后如仍平票，则无人出局」; other rule sets' ties after overtime follow their final tie-break", () => {
  const tied = {
    round: 1,
    out: [],
    revived: [],
    alive: 16,
    tally: [
      { alias: "民4", votes: 7 },
      { alias: "杀1", votes: 7 },
    ],
    overtime: {
      tied: ["民4", "杀1"],
      tally: [
        { alias: "民4", votes: 8 },
        { alias: "杀1", votes: 8 },
      ],
    },
  };
  const duel = renderResultsPost(tied, resultsPostRules(parsedPreset("sevenkill-16")));
  assert.match(duel, /^平票：民4、杀1 同为最高票，进入高票对决。$/m);
  // The day's post: its night may put players out yet.
  assert.match(duel, /高票对决后仍平票，白天无人出局。/);
  assert.equal(duel.split("无人出局").length - 1, 1, "said once");
  assert.ok(!duel.includes("先到先出") && !duel.includes("加时"));
  const fengyun = renderResultsPost(tied, resultsPostRules(parsedPreset("fengyun-57")));
  assert.match(fengyun, /加时依然平票，按先到先出。/);
  const rules = parsedPreset("fengyun-57");
  const allOut = renderResultsPost(
    tied,
    resultsPostRules({ ...rules, vote: { ...rules.vote, finalTieBreak: "all-out" } }),
  );
  assert.match(allOut, /加时依然平票，平票者全部出局。/);
});

test("7kill's camps are 杀手方 and 好人方 (「杀手全部出局，好人获胜」); a rule set without campNames says 黑道 / 白道", () => {
  const round = {
    round: 5,
    out: [{ alias: "杀1", role: "killer", camp: "black", cause: "vote" as const }],
    revived: [],
    alive: 9,
    tally: [{ alias: "杀1", votes: 7 }],
    overtime: null,
  };
  const result = { winner: "white" as const, why: { kind: "all-out" as const, roles: [], camps: ["black"] } };
  const sevenkill = renderResultsPost(round, {
    roleNames: { killer: "杀手" },
    ...resultsPostRules(parsedPreset("sevenkill-16")),
    result,
  });
  assert.match(sevenkill, /^投票出局：杀1（杀手方·杀手）$/m);
  assert.match(sevenkill, /^\*\*游戏结束：好人方胜利。\*\*（杀手方全部出局）$/m);
  const fengyun = renderResultsPost(round, {
    roleNames: { killer: "杀手" },
    ...resultsPostRules(parsedPreset("fengyun-57")),
    result,
  });
  assert.match(fengyun, /^\*\*游戏结束：白道胜利。\*\*（黑道全部出局）$/m);
});

test("a tie the final tie-break leaves to the referee says so, not 按先到先出 beside 本轮无人出局", () => {
  // RULINGS 11: 先到先出 counts the votes standing at the deadline; an overtime nobody voted in leaves nothing to count.
  const text = renderResultsPost(
    {
      round: 1,
      out: [],
      revived: [],
      alive: 40,
      tally: [
        { alias: "甲", votes: 4 },
        { alias: "乙", votes: 4 },
      ],
      overtime: {
        tied: ["甲", "乙"],
        tally: [],
        referee: { seats: ["甲", "乙"], slots: 1, reason: "no-votes" },
      },
    },
    { roleNames },
  );
  assert.match(text, /^加时依然平票（加时无人得票，无从先到先出），由哨子在 甲、乙 中定1人出局。$/m);
  assert.ok(!text.includes("按先到先出。"), text);
});

test("the referee's choice in a tie is named, after overtime and without one, and the chosen are listed as voted out", () => {
  // RULINGS 11 option "final tie-break (… / referee decides)".
  const decided = renderResultsPost(
    {
      round: 1,
      out: [{ alias: "甲", role: "ranger", camp: "white", cause: "vote" }],
      revived: [],
      alive: 39,
      tally: [
        { alias: "甲", votes: 4 },
        { alias: "乙", votes: 4 },
      ],
      overtime: {
        tied: ["甲", "乙"],
        tally: [],
        referee: { seats: ["甲", "乙"], slots: 1, reason: "no-votes", decided: ["甲"] },
      },
    },
    { roleNames },
  );
  assert.match(
    decided,
    /^加时依然平票（加时无人得票，无从先到先出），由哨子在 甲、乙 中定1人出局：哨子定 甲 出局。$/m,
  );
  assert.match(decided, /^票杀：甲（白道·游侠）$/m);
  const noOvertime = renderResultsPost(
    {
      round: 1,
      out: [],
      revived: [],
      alive: 40,
      tally: [
        { alias: "甲", votes: 4 },
        { alias: "乙", votes: 4 },
      ],
      overtime: null,
      tieToReferee: { seats: ["甲", "乙"], slots: 1, reason: "referee-rule" },
    },
    { roleNames },
  );
  assert.match(noOvertime, /^平票（规则规定由哨子裁定），由哨子在 甲、乙 中定1人出局。$/m);
  assert.match(noOvertime, /^本轮无人出局。$/m);
});

test("a tie whose tied seats went out before the decision says so: fewer places, or nobody", () => {
  const post = (decided: string[], slots: number) =>
    renderResultsPost(
      {
        round: 1,
        out: [],
        revived: [],
        alive: 40,
        tally: [
          { alias: "甲", votes: 4 },
          { alias: "乙", votes: 4 },
          { alias: "丙", votes: 4 },
        ],
        overtime: null,
        tieToReferee: { seats: ["甲", "乙", "丙"], slots, reason: "referee-rule", decided },
      },
      { roleNames },
    );
  assert.match(
    post(["丙"], 2),
    /^平票（规则规定由哨子裁定），由哨子在 甲、乙、丙 中定2人出局：哨子定 丙 出局（其余平票者已在裁定前出局）。$/m,
  );
  assert.match(post([], 1), /由哨子在 甲、乙、丙 中定1人出局：平票者在裁定前均已出局，无人因此出局。$/m);
});

test("a 领票人 taken by a bomb voted out is not listed as 同归 (seed 002 暗弹 「如被票出，带走领票人」)", () => {
  const text = renderResultsPost(
    {
      round: 2,
      out: [
        { alias: "暗", role: "hidden-bomb", camp: "white", cause: "vote" },
        { alias: "甲", role: "ranger", camp: "white", cause: "bomb", via: "vote" },
        { alias: "乙", role: "killer", camp: "black", cause: "bomb", via: "post" },
      ],
      revived: [],
      alive: 37,
      tally: [{ alias: "暗", votes: 20 }],
      overtime: null,
    },
    { roleNames: { ...roleNames, "hidden-bomb": "暗弹" } },
  );
  assert.match(text, /^同归（被炸弹带走）：乙（黑道·联合杀手）$/m);
  assert.match(text, /^领票人随被票出的炸弹出局：甲（白道·游侠）$/m);
});

test("RULINGS 13 option 「referee's choice」: the post says the 领票人 waits for the referee, then whom the referee named", () => {
  const round = (decided?: string) => ({
    round: 1,
    out: [{ alias: "暗", role: "hidden-bomb", camp: "white", cause: "vote" as const }],
    revived: [],
    alive: 39,
    tally: [{ alias: "暗", votes: 26 }],
    overtime: null,
    leadVoterToReferee: [{ bomb: "暗", voters: ["甲", "乙"], ...(decided && { decided }) }],
  });
  assert.match(renderResultsPost(round()), /^暗 被票出，领票人待哨子在 甲、乙 中裁定。$/m);
  assert.match(renderResultsPost(round("乙")), /^暗 被票出，哨子在 甲、乙 中定 乙 为领票人。$/m);
});

test("RULINGS 19 「A post not submitted in the window is forfeited」: the post lists each unit's forfeited posts", () => {
  const text = renderResultsPost(
    {
      round: 2,
      out: [],
      revived: [],
      alive: 38,
      tally: [],
      overtime: null,
      forfeited: { killer: 1, sword: 1 },
    },
    { roleNames, unitNames: { killer: "联合杀手", sword: "联合剑侠" } },
  );
  assert.match(text, /^未出帖（作废）：联合杀手1帖、联合剑侠1帖$/m);
});

test("a tie whose seat went out at the close says why there was no overtime", () => {
  const base = { round: 2, out: [], revived: [], alive: 30, tally: [], overtime: null };
  const filled = renderResultsPost({ ...base, tieFilled: { tied: ["甲", "乙", "丙"], out: ["甲", "乙"] } });
  assert.match(filled, /^平票：甲、乙、丙 同票；丙 已出局，余下的 甲、乙 不多于名额，直接出局，不加时。$/m);
  const none = renderResultsPost({ ...base, tieFilled: { tied: ["甲", "乙"], out: [] } });
  assert.match(none, /^平票：甲、乙 同票，均已出局，名额空缺，不加时。$/m);
});

test("seed 000 「由于采取几方同步发贴方式」 (RULINGS 14): a post whose poster went out before the release is told apart from one never sent", () => {
  const text = renderResultsPost(
    { round: 2, out: [], revived: [], alive: 38, tally: [], overtime: null, withdrawn: { killer: 1 } },
    { roleNames, unitNames: { killer: "联合杀手", sword: "联合剑侠" } },
  );
  assert.match(text, /^出帖者在放帖前出局，杀帖不放出：联合杀手1帖$/m);
  assert.doesNotMatch(text, /未出帖/);
});

test("seed 000 四.1 「投票结束后，由哨子公布…同时发布下一轮的游戏进程」: the post ends with the next round's plan", () => {
  const round = { round: 2, out: [], revived: [], alive: 44, tally: [], overtime: null };
  const nextPlan = {
    round: 3,
    votesPerVoter: 2,
    voteOut: 4,
    posts: { killer: 3, lover: 1, sword: 0 },
    extraPosts: { engineer: 1 },
  };
  const names = { killer: "联合杀手", lover: "情侣刺客", engineer: "工兵" };
  const text = renderResultsPost(round, { roleNames, unitNames: names, nextPlan });
  assert.match(text, /\n第3轮进程：每人2票，票杀4人；出帖：联合杀手3帖、情侣刺客1帖；加帖：工兵1帖。$/);
  // Not after the game's end.
  const last = renderResultsPost(round, {
    roleNames,
    unitNames: names,
    nextPlan,
    result: { winner: "white" },
  });
  assert.ok(!last.includes("第3轮进程"), last);
});

test("RULINGS 11 先到先出 after overtime: the post gives when each tied count was reached", () => {
  const text = renderResultsPost(
    {
      round: 1,
      out: [{ alias: "乙", role: "ranger", camp: "white", cause: "vote" }],
      revived: [],
      alive: 39,
      tally: [
        { alias: "甲", votes: 2 },
        { alias: "乙", votes: 2 },
      ],
      overtime: {
        tied: ["甲", "乙"],
        tally: [
          { alias: "甲", votes: 3, reachedAt: "2026-12-02T13:05:00.000Z" },
          { alias: "乙", votes: 3, reachedAt: "2026-12-02T13:02:00.000Z" },
        ],
      },
    },
    { roleNames },
  );
  assert.match(text, /^加时依然平票，按先到先出。\n达到3票的时间：乙 21:02:00，甲 21:05:00。$/m);
});

test("seed 001 「弃权也需要发投票帖，并计为一次投票」: the post names the abstentions and who cast no ballot", () => {
  const text = renderResultsPost(
    {
      round: 1,
      out: [],
      revived: [],
      alive: 16,
      tally: [{ alias: "杀1", votes: 3 }],
      overtime: null,
      abstained: ["民1", "民2"],
      notVoted: ["民3"],
    },
    { roleNames, dayNight: true },
  );
  assert.match(text, /^弃权：民1、民2$/m);
  assert.match(text, /^未投票：民3$/m);
});

test("seed 002 「不投票判为自杀」 with round 1 excused (「如果玩家第一轮未使用投票机，不算自杀」, RULINGS 8): round 1's non-voters are named as not out for it", () => {
  const rules = parsedPreset("airforce-40");
  const round = (n: number) => ({
    round: n,
    out: [],
    revived: [],
    alive: 40,
    tally: [{ alias: "杀一", votes: 3 }],
    overtime: null,
    notVoted: ["侠01", "侠02"],
  });
  const ctx = { roleNames, ...resultsPostRules(rules) };
  assert.match(renderResultsPost(round(1), ctx), /^未投票（本轮不按自杀处理）：侠01、侠02$/m);
  // A round that is not excused puts its non-voters out as suicides; any still listed are plainly 未投票.
  assert.match(renderResultsPost(round(2), ctx), /^未投票：侠01、侠02$/m);
});

test("seed 001 4.2: the day's public warnings are announced in the post; private and withdrawn ones are not", () => {
  const dayNight = {
    offences: [
      { round: 1, alias: "民1", offence: "lurking", public: true, withdrawn: false },
      { round: 1, alias: "民2", offence: "zhashi", public: true, withdrawn: false },
      { round: 1, alias: "民3", offence: "lurking", public: false, withdrawn: false },
      { round: 1, alias: "民4", offence: "abuse", public: true, withdrawn: true },
      { round: 2, alias: "民5", offence: "lurking", public: true, withdrawn: false },
      { round: 1, seat: 3, offence: "lurking", public: true },
    ],
  };
  const penalties = penaltiesOf(dayNight, 1);
  assert.deepEqual(penalties, [
    { alias: "民1", offence: "lurking" },
    { alias: "民2", offence: "zhashi" },
  ]);
  const text = renderResultsPost(
    { round: 1, out: [], revived: [], alive: 16, tally: [], overtime: null },
    { roleNames, dayNight: true, penalties },
  );
  assert.match(text, /^处罚：民1 潜水（警告）、民2 诈尸（警告）$/m);
  assert.deepEqual(penaltiesOf(null, 1), []);
});

test("seed 001 2.2 「好人方获胜，每名警察将获得35分…每名水民获得20分」: the last post lists the game's points", () => {
  const round = { round: 4, out: [], revived: [], alive: 9, tally: [], overtime: null };
  const text = renderResultsPost(round, {
    roleNames,
    dayNight: true,
    result: {
      winner: "white",
      why: null,
      points: [
        { alias: "杀1", points: 0 },
        { alias: "警1", points: 35 },
        { alias: "民1", points: 20 },
        { alias: "匪", points: 30 },
      ],
    },
  });
  assert.match(text, /\n本局积分：警1 35分、民1 20分、匪 30分；其余0分。$/);
  // A draw rewards nobody.
  const draw = renderResultsPost(round, {
    roleNames,
    dayNight: true,
    result: { winner: "draw", why: null, points: [{ alias: "警1", points: 0 }] },
  });
  assert.match(draw, /\n本局积分：所有玩家0分。$/);
});

test("seed 002 「如被票出，带走领票人」: a bomb voted out that took nobody is told why", () => {
  const bomb = (
    bombTookNobody: NonNullable<Parameters<typeof renderResultsPost>[0]["out"][number]["bombTookNobody"]>,
  ) =>
    renderResultsPost(
      {
        round: 4,
        out: [{ alias: "暗", role: "hidden-bomb", camp: "white", cause: "vote" as const, bombTookNobody }],
        revived: [],
        alive: 20,
        tally: [{ alias: "暗", votes: 9 }],
        overtime: null,
      },
      { roleNames },
    );
  assert.match(
    bomb({ why: "expired", through: 3 }),
    /^暗 被票出：带走领票人的效力只到第3轮，未带走领票人。$/m,
  );
  assert.match(bomb({ why: "spent" }), /^暗 被票出：此前已引爆过，未带走领票人。$/m);
  assert.match(bomb({ why: "no-lead-voter" }), /^暗 被票出：投其票者均已出局，未带走领票人。$/m);
});

test("7kill: a duel short of 40% with nobody out says 白天无人出局 once; a revival restores no 全票 (no half votes)", () => {
  const round = {
    round: 1,
    out: [],
    revived: [{ alias: "民4" }],
    alive: 16,
    tally: [
      { alias: "民4", votes: 5 },
      { alias: "杀1", votes: 5 },
    ],
    overtime: {
      tied: ["民4", "杀1"],
      tally: [
        { alias: "民4", votes: 3 },
        { alias: "杀1", votes: 2 },
      ],
    },
  };
  const text = renderResultsPost(round, resultsPostRules(parsedPreset("sevenkill-16")));
  assert.match(text, /^高票对决无人达到出局票数。$/m);
  assert.equal(text.split("白天无人出局").length - 1, 1, text);
  assert.doesNotMatch(text, /本轮/);
  assert.match(text, /^复活：民4$/m);
  assert.match(
    renderResultsPost(round, resultsPostRules(parsedPreset("fengyun-57"))),
    /^复活：民4（恢复全票）$/m,
  );
});

test("seed 000 联合: an alliance that only opens a room (黑弹进群, after 「黑弹烟花或出局且杀刺达到大联合条件进群」) does not say it merges posting order", () => {
  const round = { round: 3, out: [], revived: [], alive: 40, tally: [], overtime: null };
  const text = renderResultsPost(round, {
    ...resultsPostRules(parsedPreset("fengyun-57")),
    alliances: ["杀刺大联合", "黑弹进群"],
  });
  assert.match(text, /^联合：杀刺大联合，即日起合并群组与出帖顺序。$/m);
  assert.match(text, /^联合：黑弹进群。$/m);
});

test("RULINGS 24 「a missed redo counts as a suicide」: the post lists it as such, not as a referee's ruling", () => {
  const text = renderResultsPost(
    {
      round: 1,
      out: [{ alias: "乙", role: "ranger", camp: "white", cause: "redo" }],
      revived: [],
      alive: 39,
      tally: [],
      overtime: null,
    },
    { roleNames: { ranger: "游侠" } },
  );
  assert.match(text, /^报道重做逾期，按自杀处理：乙（白道·游侠）$/m);
  assert.ok(!text.includes("哨子判定出局"));
});

test("认定字数足够: the post names the 白条 the referee accepted by its target, never its poster", () => {
  const text = renderResultsPost(
    {
      round: 2,
      out: [{ alias: "侠02", role: "ranger", camp: "white", cause: "post" }],
      revived: [],
      alive: 54,
      tally: [],
      overtime: null,
      iousAccepted: [{ post: 1, poster: "追魂枪", target: "侠02", reason: "WPS 与 Word 统计差两字" }],
    },
    { roleNames },
  );
  assert.match(text, /哨子认定帖杀 侠02 的杀帖字数足够，白条不再需补（WPS 与 Word 统计差两字）/);
  assert.doesNotMatch(text, /追魂枪/);
});

test("RULINGS 23: the referee's 复活 reads as the referee's ruling, not as a void post's target 「恢复全票」", () => {
  const round = {
    round: 4,
    out: [],
    revived: [
      { alias: "帖中者", why: "iou" },
      { alias: "误判者", why: "referee" },
    ],
    alive: 20,
    tally: [],
    overtime: null,
  };
  const text = renderResultsPost(round, resultsPostRules(parsedPreset("airforce-40")));
  assert.match(text, /^复活：帖中者（恢复全票）$/m);
  assert.match(text, /^复活：误判者（哨子裁定，理由见日志）$/m);
  assert.match(text, /复活2人/);
});

test("seed 001 4.2 潜水 a–b: each warning says which case it is (a day and its duel may each bring one)", () => {
  const dayNight = {
    offences: [
      { round: 1, alias: "民1", offence: "lurking", reasons: ["posts", "not-voting"], public: true },
      { round: 1, alias: "民1", offence: "lurking", reasons: ["not-voting"], public: true },
      { round: 1, alias: "民2", offence: "zhashi", reasons: [], public: true },
    ],
  };
  const text = renderResultsPost(
    { round: 1, out: [], revived: [], alive: 16, tally: [], overtime: null },
    { roleNames, dayNight: true, penalties: penaltiesOf(dayNight, 1) },
  );
  assert.match(
    text,
    /^处罚：民1 潜水（讨论帖发帖不足、未在投票帖投票；警告）、民1 潜水（未在投票帖投票；警告）、民2 诈尸（警告）$/m,
  );
});

test("a vote that left 票杀 places empty says how many (风云 play-through: three names under 「票杀5人」, nothing more)", () => {
  const text = renderResultsPost({
    round: 4,
    out: [{ alias: "侠45", role: "游侠", camp: "白道", cause: "vote" }],
    revived: [],
    alive: 20,
    tally: [{ alias: "侠45", votes: 19 }],
    overtime: null,
    placesUnfilled: 2,
  });
  assert.match(text, /^得票者不足本轮票杀人数，空缺2个名额，无人补上。$/m);
  const full = renderResultsPost({ round: 4, out: [], revived: [], alive: 20, tally: [], overtime: null });
  assert.doesNotMatch(full, /空缺/);
});
