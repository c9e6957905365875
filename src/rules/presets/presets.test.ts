// Each preset against its seed: role counts, code names and the settings the seed states, quoting the seed lines.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseRuleSet } from "../parse.ts";
import type { RuleSet } from "../schema.ts";
import { presetIds, presets } from "./index.ts";

function load(id: string): RuleSet {
  const r = parseRuleSet(presets[id]);
  assert.ok(r.ok, r.ok ? "" : r.problems.map((p) => `${p.path}: ${p.en}`).join("\n"));
  return r.ruleSet;
}

const role = (rs: RuleSet, id: string) => {
  const r = rs.roles.find((x) => x.id === id);
  assert.ok(r, `role ${id}`);
  return r;
};

const countsAndCodes = (rs: RuleSet) =>
  Object.fromEntries(rs.roles.map((r) => [r.id, r.codes ? [r.count, r.codes.join(" ")] : [r.count]]));

describe("presets", () => {
  it("are exactly fengyun-57, airforce-40 and sevenkill-16, each valid", () => {
    assert.deepEqual(presetIds, ["fengyun-57", "airforce-40", "sevenkill-16"]);
    for (const id of presetIds) assert.equal(load(id).id, id);
  });
});

describe("fengyun-57 (seed 000)", () => {
  const rs = load("fengyun-57");

  it("游戏人员：共57人 — black 14, white 43 (RULINGS 1), with the seed's code names", () => {
    // "黑道共14名：A组杀手4名、B组杀手4名、独立刺客3名。情侣刺客2人；黑蛋1名。"
    // "白道共43名：联合剑侠2名，明蛋1名，普通游侠40名（其中含暗弹1名。)"
    // "A 组杀：疯魔拳、追魂枪，无情剑，多情环" / "B 组杀：天心刀、噬魂刀、烈焰刀、红唇刀" / "刺 客：苍龙斧、赤凤斧、 圆刃斧"
    // "情侣刺：五音销魂鞭、灵犀七星鞭" / "黑 弹：十面埋伏" / "剑 侠：狙击手，神枪手。" / "明 弹：晴天霹雳" / "暗 弹：雾里看花"
    assert.equal(rs.players, 57);
    assert.deepEqual(countsAndCodes(rs), {
      "killer-a": [4, "疯魔拳 追魂枪 无情剑 多情环"],
      "killer-b": [4, "天心刀 噬魂刀 烈焰刀 红唇刀"],
      assassin: [3, "苍龙斧 赤凤斧 圆刃斧"],
      lover: [2, "五音销魂鞭 灵犀七星鞭"],
      "black-bomb": [1, "十面埋伏"],
      sword: [2, "狙击手 神枪手"],
      "bright-bomb": [1, "晴天霹雳"],
      "hidden-bomb": [1, "雾里看花"],
      ranger: [39],
    });
    const black = rs.roles.filter((r) => r.camp === "black").reduce((a, r) => a + r.count, 0);
    assert.equal(black, 14);
  });

  it("杀手贴杀人员当轮有半票权，刺客贴杀人员没有半票权 … 情侣刺客和杀手杀人均有半票权", () => {
    const half = Object.fromEntries(rs.roles.filter((r) => r.post).map((r) => [r.id, r.victimsHalfVote]));
    assert.deepEqual(half, { "killer-a": true, "killer-b": true, assassin: false, lover: true, sword: true });
  });

  it("黑蛋 「…被贴杀同归，上票房可带走领票人」; 暗蛋 「不知道自己身份」; bombs end after round 4's posts (RULINGS 2)", () => {
    assert.deepEqual(role(rs, "black-bomb").bomb, {
      takesPoster: true,
      takesLeadVoter: true,
      activeThroughRound: 4,
    });
    assert.equal(role(rs, "hidden-bomb").toldAs, "ranger");
    for (const id of ["bright-bomb", "hidden-bomb"]) assert.equal(role(rs, id).bomb?.activeThroughRound, 4);
  });

  it("杀手出局总数4人（含4人）AB两组杀手联合 / 杀刺出局达到7人或五轮结束后刺客与杀手联合", () => {
    const byId = Object.fromEntries(rs.alliances.map((a) => [a.id, a.when]));
    assert.deepEqual(byId.killers, { kind: "out-count", roles: ["killer-a", "killer-b"], atLeast: 4 });
    assert.deepEqual(byId.grand, {
      kind: "any",
      of: [
        { kind: "out-count", roles: ["killer-a", "killer-b", "assassin", "lover"], atLeast: 7 },
        { kind: "after-round", round: 5 },
      ],
    });
    // "明蛋烟花或出局即与双剑联合。" / "黑弹烟花或出局且杀刺达到大联合条件进群。" / 暗蛋 "永不和剑联合。"
    assert.deepEqual(byId["bright-bomb-joins-swords"], { kind: "bomb-fired-or-out", role: "bright-bomb" });
    assert.deepEqual(byId["black-bomb-joins-black"], {
      kind: "all",
      of: [
        { kind: "bomb-fired-or-out", role: "black-bomb" },
        { kind: "alliance-fired", alliance: "grand" },
      ],
    });
    assert.ok(!JSON.stringify(rs.alliances).includes("hidden-bomb"));
  });

  it("若杀刺全部出局黑弹存活可代出帖 / 若双剑阵亡，未出的剑帖随之消失", () => {
    assert.deepEqual(rs.takeovers.find((t) => t.wiped === "black")?.by, [{ role: "black-bomb" }]);
    assert.equal(rs.groups.find((g) => g.id === "sword")?.lapseWhenWiped, true);
  });

  it("每晚21：00：00截止 … 晚20：40之后不接受托票 … 白条必须在第二天中午12点前按1200字补齐", () => {
    assert.equal(rs.vote.proxy.cutoffMinutes, 20);
    assert.equal(rs.text.iouMin, 1200);
    assert.equal(rs.text.killPostMin, 800);
    assert.equal(rs.text.reportMin, 301);
    assert.deepEqual(rs.schedule.kind === "daily-rounds" && rs.schedule.iouDeadline, {
      daysAfter: 1,
      at: "12:00",
    });
  });

  it("规则为分值规则 … 分高的一方胜出", () => {
    assert.equal(rs.win.kind, "score");
  });

  it("字数不得少于301 … 违规报道要求在规定时间内按600字计重新跟帖报道，否则算自杀", () => {
    assert.equal(rs.text.reportMin, 301);
    assert.equal(rs.text.reportRedoMin, 600);
  });

  it("哨哨不接受任何自杀、弃权声明！ — a ballot must name a player", () => {
    assert.equal(rs.vote.abstainAllowed, false);
  });
});

describe("airforce-40 (seed 002)", () => {
  const rs = load("airforce-40");

  it("游戏人员：40人 — with the seed's role counts and code names", () => {
    // "黑道：联合杀手6人，情侣刺客2人，独立刺客1人，工兵1人。" / "白道：联合剑侠2人，明弹1人，暗弹1人，游侠26人"
    // "联合杀：轰炸机，攻击机，歼击机，侦察机 运输机 强击机" / "情侣刺：航测团 试飞团" / "独 刺：侦查干扰团"
    // "工 兵：预警机大队" / "联合剑：沈空 北空" / "明 蛋：北海" / "暗 蛋：东海"
    assert.equal(rs.players, 40);
    assert.deepEqual(countsAndCodes(rs), {
      killer: [6, "轰炸机 攻击机 歼击机 侦察机 运输机 强击机"],
      lover: [2, "航测团 试飞团"],
      assassin: [1, "侦查干扰团"],
      engineer: [1, "预警机大队"],
      sword: [2, "沈空 北空"],
      "bright-bomb": [1, "北海"],
      "hidden-bomb": [1, "东海"],
      ranger: [26],
    });
  });

  it("工兵 … 场上负责找蛋帖出 … 与杀刺永不联合; its posts are outside the totals", () => {
    assert.equal(role(rs, "engineer").post, "engineer");
    assert.equal(rs.groups.find((g) => g.id === "engineer")?.countsTowardKills, false);
    assert.deepEqual(
      rs.progression.map((r) => r.extraPosts.engineer ?? 0),
      [0, 1, 1, 0, 0, 0],
    );
    assert.ok(!JSON.stringify(rs.alliances).includes("engineer"));
  });

  it("杀刺出局4人（不包括工兵）则杀刺可立即联合．或第四轮出帖后联合。", () => {
    assert.deepEqual(rs.alliances[0]?.when, {
      kind: "any",
      of: [
        { kind: "out-count", roles: ["killer", "lover", "assassin"], atLeast: 4 },
        { kind: "after-round-posts", round: 4 },
      ],
    });
  });

  it("独刺/情侣刺一方出局，由另一方刺客优先代出贴", () => {
    assert.deepEqual(rs.takeovers.find((t) => t.wiped === "assassin")?.by, [
      { group: "lover" },
      { group: "killer" },
    ]);
    assert.deepEqual(rs.takeovers.find((t) => t.wiped === "lover")?.by, [
      { group: "assassin" },
      { group: "killer" },
    ]);
  });

  it("票2出4 … 如果玩家第一轮未使用投票机，不算自杀 … 20：45起不再接受托票", () => {
    assert.deepEqual(
      rs.progression.map((r) => `票${r.votesPerVoter}出${r.voteOut}`),
      ["票1出1", "票2出4", "票2出4", "票2出4", "票2出3", "票2出3"],
    );
    assert.deepEqual(rs.vote.nonVoting, { outcome: "suicide", excusedRounds: [1] });
    assert.equal(rs.vote.proxy.cutoffMinutes, 15);
  });

  it("300字以上报道，原创首发", () => {
    assert.equal(rs.text.reportMin, 300);
  });

  it("票杀是所有玩家都有的权利和义务 … 不投票判为自杀 / 不接受任何自杀、弃权声明", () => {
    assert.equal(rs.vote.nonVoting.outcome, "suicide");
    assert.equal(rs.vote.abstainAllowed, false);
  });

  it("20:45分后不接受任何形式的托票 (a proxy names its target: 「托票要给出具体出票的人」, votes.test.ts)", () => {
    assert.equal(rs.vote.proxy.cutoffMinutes, 15);
  });

  it("明蛋、暗蛋与双剑永不联合。", () => {
    // The bombs sit in no group or room, and no alliance's trigger or effect names them.
    for (const id of ["bright-bomb", "hidden-bomb"]) {
      assert.equal(role(rs, id).group, undefined, id);
      assert.equal(role(rs, id).room, undefined, id);
    }
    assert.ok(!/bomb/.test(JSON.stringify(rs.alliances)));
  });

  it("暗弹 … 如被票出，带走领票人; 明弹 … 四轮后转为普通游侠", () => {
    assert.deepEqual(role(rs, "hidden-bomb").bomb, {
      takesPoster: true,
      takesLeadVoter: true,
      activeThroughRound: 4,
    });
    assert.deepEqual(role(rs, "bright-bomb").bomb, {
      takesPoster: true,
      takesLeadVoter: false,
      activeThroughRound: 4,
    });
  });
});

describe("sevenkill-16 (seed 001)", () => {
  const rs = load("sevenkill-16");

  it("身份游戏共16人 — 杀手（4人） 警察（3人） 医生（1人） 水民（7人） 秘匪 （1人）", () => {
    assert.equal(rs.players, 16);
    assert.deepEqual(countsAndCodes(rs), {
      killer: [4],
      police: [3],
      doctor: [1],
      villager: [7],
      bandit: [1],
    });
    // "【好人方】（初始12人）"
    assert.equal(
      rs.roles.filter((r) => r.camp === "white").reduce((a, r) => a + r.count, 0),
      12,
    );
  });

  it("警察（3人）互知，每晚共同验人，不得放弃，不能验自己。", () => {
    assert.deepEqual(role(rs, "police").abilities[0], {
      ability: "check",
      phase: "night",
      together: true,
      maySkip: false,
      maySelf: false,
      reveals: "good-or-killer",
    });
  });

  it("累计两次空针（注意不是连续两次空针）则被救治者出局", () => {
    assert.equal(role(rs, "doctor").abilities[0]?.emptyNeedleLimit, 2);
  });

  it("秘匪 … 如果在前三天开枪，则转为水民 … 前三天不开枪则转成杀手", () => {
    assert.deepEqual(role(rs, "bandit").conversion, {
      behaviour: "secret-bandit",
      ability: "shoot",
      withinDays: 3,
      ifUsed: "villager",
      ifNotUsed: "killer",
      beforeConversion: "villager",
    });
  });

  it("大于等于未出局人数的40% … 高票对决 … 有一次改票机会 … 白天结束前1个小时不得改票 … 允许弃权", () => {
    assert.deepEqual(rs.vote.threshold, { kind: "percent", percent: 40 });
    assert.deepEqual(rs.vote.duel, { abstainAllowed: false, tieOutcome: "nobody-out" });
    assert.deepEqual(rs.vote.changes, { max: 1, freezeMinutes: 60 });
    assert.equal(rs.vote.abstainAllowed, true);
    assert.equal(rs.vote.proxy.publishMinutes, 10);
  });

  it("水民（不包括医生）全部出局则平局 — only when the bandit became a killer", () => {
    assert.equal(rs.win.kind, "elimination");
    if (rs.win.kind !== "elimination") return;
    const draws = rs.win.conditions.filter((c) => c.winner === "draw");
    assert.deepEqual(draws, [
      {
        winner: "draw",
        ifConverted: { role: "bandit", became: "killer" },
        when: { allOut: { roles: ["villager"] } },
      },
    ]);
    // "每名杀手将获得40分；秘匪转杀将获得40分 … 每名警察将获得35分、秘匪开枪转民将获得30分，未开枪转民获得20分，每名水民获得20分。"
    assert.deepEqual(
      rs.win.rewards.map((r) => `${r.role}${r.ifConverted ? `→${r.ifConverted.became}` : ""} ${r.points}`),
      [
        "killer 40",
        "bandit→killer 40",
        "police 35",
        "bandit→villager 30",
        "bandit→villager 20",
        "villager 20",
      ],
    );
  });

  it("逢周末相应阶段的时间延长24小时 — a. 白天讨论、投票：周五20:00～周日22:00", () => {
    assert.equal(rs.schedule.kind, "day-night");
    if (rs.schedule.kind !== "day-night") return;
    assert.deepEqual(
      rs.schedule.weekend.find((w) => w.phase === "day"),
      { phase: "day", start: { weekday: 5, at: "20:00" }, end: { weekday: 0, at: "22:00" } },
    );
    assert.deepEqual(rs.disclosure, { identity: true, cause: false });
  });
});
