// Preset fengyun-57: 风云场 (seed 000_8bb78d5de2a8a4d6.txt), 57 seats, with its score rule 【分值计算】.
import type { RuleSetInput } from "../schema.ts";

/**
 * The bombs' power ends after round 4's posts: "第4轮出贴后，明蛋功能失效。" The black bomb's "五轮出贴后失效" conflicts
 * with its own "第四轮出帖后其功能失效"; RULINGS 2 settles on 4 for every bomb.
 * Every bomb takes any poster along: "剑帖到明、暗、黑蛋同归" / "杀手贴到明、暗、黑蛋同归".
 */
const bombActiveThrough = 4;

export const fengyun57: RuleSetInput = {
  id: "fengyun-57",
  name: "风云场",
  version: "1",
  // "游戏人员：共57人。"
  players: 57,
  roles: [
    {
      id: "killer-a",
      name: "A组杀手",
      camp: "black",
      // "A组杀手4名" — RULINGS 1: black 14 (the "黑道15人" line is a leftover).
      count: 4,
      // "A 组杀：疯魔拳、追魂枪，无情剑，多情环"
      codes: ["疯魔拳", "追魂枪", "无情剑", "多情环"],
      // "同组内互知身份" / "只知道同组人员是谁"
      knows: ["killer-a"],
      group: "killer-a",
      room: "killer-a-room",
      post: "kill",
      // "杀手贴杀人员当轮有半票权"
      victimsHalfVote: true,
    },
    {
      id: "killer-b",
      name: "B组杀手",
      camp: "black",
      // "B组杀手4名"
      count: 4,
      // "B 组杀：天心刀、噬魂刀、烈焰刀、红唇刀"
      codes: ["天心刀", "噬魂刀", "烈焰刀", "红唇刀"],
      knows: ["killer-b"],
      group: "killer-b",
      room: "killer-b-room",
      post: "kill",
      victimsHalfVote: true,
    },
    {
      id: "assassin",
      name: "独立刺客",
      camp: "black",
      // "独立刺客3名" — RULINGS 1 ("刺客4人" is a leftover).
      count: 3,
      // "刺 客：苍龙斧、赤凤斧、 圆刃斧"
      codes: ["苍龙斧", "赤凤斧", "圆刃斧"],
      // "只知道自己的身份，不知道其他刺客和杀手身份": no room of their own; the referee rotates their posts.
      knows: [],
      group: "assassin",
      post: "kill",
      // "刺客贴杀人员没有半票权" (RULINGS 10)
      victimsHalfVote: false,
    },
    {
      id: "lover",
      name: "情侣刺客",
      camp: "black",
      // "情侣刺客2人"
      count: 2,
      // "情侣刺：五音销魂鞭、灵犀七星鞭"
      codes: ["五音销魂鞭", "灵犀七星鞭"],
      // "在刺群。互相知道身份，具有票杀权和贴杀权。"
      knows: ["lover"],
      group: "lover",
      room: "lover-room",
      post: "kill",
      // "情侣刺客和杀手杀人均有半票权。"
      victimsHalfVote: true,
    },
    {
      id: "black-bomb",
      name: "黑弹",
      camp: "black",
      // "黑蛋1名"
      count: 1,
      // "黑 弹：十面埋伏"
      codes: ["十面埋伏"],
      // "黑弹： 只知道自己身份，接任何贴同归。"
      knows: [],
      bomb: {
        takesPoster: true,
        // "被贴杀同归，上票房可带走领票人。"
        takesLeadVoter: true,
        // "第四轮出帖后其功能失效。" — the seed also says "五轮出贴后失效"; RULINGS 2 settles on round 4.
        activeThroughRound: bombActiveThrough,
      },
    },
    {
      id: "sword",
      name: "联合剑侠",
      camp: "white",
      // "联合剑侠2名"
      count: 2,
      // "剑 侠：狙击手，神枪手。"
      codes: ["狙击手", "神枪手"],
      // "在剑群。归属游侠方，剑内部互知身份。"
      knows: ["sword"],
      group: "sword",
      room: "sword-room",
      post: "kill",
      // RULINGS 10: swordsmen's victims keep a half vote by default.
      victimsHalfVote: true,
    },
    {
      id: "bright-bomb",
      name: "明蛋",
      camp: "white",
      // "明蛋1名"
      count: 1,
      // "明 弹：晴天霹雳"
      codes: ["晴天霹雳"],
      // "只知道自己身份"
      knows: [],
      bomb: {
        // "被帖杀与出帖者同出。"
        takesPoster: true,
        takesLeadVoter: false,
        // "第4轮出贴后，明蛋功能失效。"
        activeThroughRound: bombActiveThrough,
      },
    },
    {
      id: "hidden-bomb",
      name: "暗蛋",
      camp: "white",
      // "普通游侠40名（其中含暗弹1名。)"
      count: 1,
      // "暗 弹：雾里看花"
      codes: ["雾里看花"],
      // "不知道自己身份": told it is a ranger.
      toldAs: "ranger",
      knows: [],
      bomb: {
        // "接任何帖同归其功能在第4轮出帖后失效。"
        takesPoster: true,
        takesLeadVoter: false,
        activeThroughRound: bombActiveThrough,
      },
    },
    {
      id: "ranger",
      name: "游侠",
      camp: "white",
      // "普通游侠40名（其中含暗弹1名。)" — 40 less the hidden bomb (RULINGS 1; "游侠：44人" is a leftover).
      count: 39,
      knows: [],
    },
  ],
  groups: [
    // "杀手方出帖按代号序轮流出帖"
    { id: "killer-a", name: "A组杀手", rotation: "code-order" },
    { id: "killer-b", name: "B组杀手", rotation: "code-order" },
    { id: "assassin", name: "独立刺客", rotation: "code-order" },
    { id: "lover", name: "情侣刺客", rotation: "code-order" },
    // "若双剑阵亡，未出的剑帖随之消失。" (RULINGS 18)
    { id: "sword", name: "联合剑侠", rotation: "code-order", lapseWhenWiped: true },
  ],
  rooms: [
    { id: "killer-a-room", name: "A组杀手小黑屋" },
    { id: "killer-b-room", name: "B组杀手小黑屋" },
    { id: "lover-room", name: "刺群" },
    { id: "sword-room", name: "剑群" },
    { id: "killers-room", name: "杀手联合小黑屋" },
    { id: "black-room", name: "杀刺联合小黑屋" },
  ],
  alliances: [
    {
      id: "killers",
      name: "AB组杀手联合",
      // "杀手出局总数4人（含4人）AB两组杀手联合。"
      when: { kind: "out-count", roles: ["killer-a", "killer-b"], atLeast: 4 },
      effects: [
        {
          kind: "merge-groups",
          groups: ["killer-a", "killer-b"],
          into: "killers",
          name: "AB组杀手",
          room: "killers-room",
        },
      ],
    },
    {
      id: "grand",
      name: "杀刺大联合",
      // "杀刺出局达到7人或五轮结束后刺客与杀手联合。" — 杀刺 includes the lover assassins ("包括杀手8人、刺客4人，情侣刺2人").
      when: {
        kind: "any",
        of: [
          { kind: "out-count", roles: ["killer-a", "killer-b", "assassin", "lover"], atLeast: 7 },
          // 「五轮结束后」: once round 5 has ended (round 6 opened), not at its posts' release, the day before; the
          // 空军 seed says 「第四轮出帖后」 where it means the posts.
          { kind: "after-round", round: 5 },
        ],
      },
      effects: [
        {
          kind: "merge-groups",
          groups: ["killer-a", "killer-b", "assassin", "lover"],
          into: "black",
          name: "杀刺",
          room: "black-room",
        },
      ],
    },
    {
      id: "bright-bomb-joins-swords",
      name: "明蛋与双剑联合",
      // "明蛋烟花或出局即与双剑联合。"
      when: { kind: "bomb-fired-or-out", role: "bright-bomb" },
      effects: [{ kind: "join-room", role: "bright-bomb", room: "sword-room" }],
    },
    {
      id: "black-bomb-joins-black",
      name: "黑弹进群",
      // "黑弹烟花或出局且杀刺达到大联合条件进群。否则，不参与联合。"
      when: {
        kind: "all",
        of: [
          { kind: "bomb-fired-or-out", role: "black-bomb" },
          { kind: "alliance-fired", alliance: "grand" },
        ],
      },
      effects: [{ kind: "join-room", role: "black-bomb", room: "black-room" }],
    },
    // The hidden bomb: "永不和剑联合。" — no alliance.
  ],
  // "如果杀手/刺客有一组先灭，另一组顶上出帖，维持出帖数不变。" and
  // "如独立刺全部牺牲，情侣刺可代替出贴。反之亦然。" (RULINGS 18: killers ↔ assassins, independent ↔ lover assassins)
  takeovers: [
    { wiped: "killer-a", by: [{ group: "killer-b" }, { group: "assassin" }, { group: "lover" }] },
    { wiped: "killer-b", by: [{ group: "killer-a" }, { group: "assassin" }, { group: "lover" }] },
    { wiped: "killers", by: [{ group: "assassin" }, { group: "lover" }] },
    { wiped: "assassin", by: [{ group: "lover" }, { group: "killer-a" }, { group: "killer-b" }] },
    { wiped: "lover", by: [{ group: "assassin" }, { group: "killer-a" }, { group: "killer-b" }] },
    // "若杀刺全部出局黑弹存活可代出帖。"
    { wiped: "black", by: [{ role: "black-bomb" }] },
  ],
  // "三、游戏进程：（未计变数）" — one vote per voter where the seed does not say (RULINGS 20).
  progression: [
    // "第一轮共杀2人==>票杀2人，存活55人"
    { round: 1, votesPerVoter: 1, voteOut: 2, totalKills: 2, survivors: 55 },
    // "第二轮共杀11人==>票杀5人，帖杀6人，A杀2、B杀1、刺1、情侣1、剑1，存活44人"
    {
      round: 2,
      votesPerVoter: 1,
      voteOut: 5,
      posts: { "killer-a": 2, "killer-b": 1, assassin: 1, lover: 1, sword: 1 },
      totalKills: 11,
      survivors: 44,
    },
    // "第三轮共杀10人==>票杀5人，帖杀5人，A杀2、B杀2、刺1，存活,34人"
    {
      round: 3,
      votesPerVoter: 1,
      voteOut: 5,
      posts: { "killer-a": 2, "killer-b": 2, assassin: 1 },
      totalKills: 10,
      survivors: 34,
    },
    // "第四轮共杀11人==>票杀5人，帖杀,6人，A杀1、B杀2、刺1、情侣1，剑1，存活23人"
    {
      round: 4,
      votesPerVoter: 1,
      voteOut: 5,
      posts: { "killer-a": 1, "killer-b": 2, assassin: 1, lover: 1, sword: 1 },
      totalKills: 11,
      survivors: 23,
    },
    // "第五轮共杀7人==>票杀4人， 帖杀3人，A杀1、B杀1、刺1，存活16人"
    {
      round: 5,
      votesPerVoter: 1,
      voteOut: 4,
      posts: { "killer-a": 1, "killer-b": 1, assassin: 1 },
      totalKills: 7,
      survivors: 16,
    },
    // "第六轮共杀8人==>票杀4人， 帖杀4人，杀刺4，存活8人" — after round 5's posts the grand alliance has fired.
    { round: 6, votesPerVoter: 1, voteOut: 4, posts: { black: 4 }, totalKills: 8, survivors: 8 },
    // "第七轮共杀6人==>票杀3人， 帖杀3人，杀刺3，存活2人"
    { round: 7, votesPerVoter: 1, voteOut: 3, posts: { black: 3 }, totalKills: 6, survivors: 2 },
  ],
  vote: {
    // "玩家可以根据具体情况随时改变自己的投票" (RULINGS 7: free changes, the last vote stands)
    changes: { max: null, freezeMinutes: 0 },
    // "不投票者或迟到者算自杀，不得参加后续游戏，自杀者身份立即公布。" (RULINGS 8)
    nonVoting: { outcome: "suicide", excusedRounds: [] },
    abstainAllowed: false,
    // "当轮被帖杀的人，仍有投票权，但其所投的票只在平票时有效(类似半票)；在平票加时投票时，其投票是合法的完全一票" (RULINGS 10)
    halfVotes: true,
    // "平票者进入加时投票，以发出加时投票贴开始计，时间15分钟"
    overtimeMinutes: 15,
    // "如加时依然平票，则先到先出。" (RULINGS 11)
    finalTieBreak: "first-reached",
    threshold: { kind: "plurality" },
    duel: null,
    // "晚20：40之后不接受托票。" — 20 minutes before the 21:00 deadline (RULINGS 12).
    proxy: { cutoffMinutes: 20, publishMinutes: null },
    // "上票房可带走领票人" — RULINGS 13: the earliest standing vote on the bomb.
    leadVoter: "earliest-standing",
  },
  text: {
    // "报道必须原创首发文学作品且字数不得少于301。" (RULINGS 3, 24)
    reportMin: 301,
    // "违规报道要求在规定时间内按600字计重新跟帖报道，否则算自杀。"
    reportRedoMin: 600,
    // "有关杀、刺、剑贴：必须严格原创首发，800字以上。"
    killPostMin: 800,
    // "白条必须在第二天中午12点前按1200字补齐且为原创首发作品。"
    iouMin: 1200,
    // "百度内容不得超过20%" / "字数超过全文字数20%以上者均属抄袭" (RULINGS 17)
    copiedShareLimitPercent: 20,
    minCopiedRun: 13,
    // "（以word统计为准。）" (RULINGS 5)
    ambiguousIsEastAsian: true,
  },
  schedule: {
    kind: "daily-rounds",
    timeZone: "Asia/Shanghai",
    // "每晚21：00：00截止，以论坛投票机时间为准。"
    roundStart: "21:00",
    voteDeadline: { daysAfter: 1, at: "21:00" },
    // "由于采取几方同步发贴方式" — RULINGS 19: submitted 21:00–21:30, released together at 21:30.
    postingWindow: { opensAfterMinutes: 0, minutes: 30 },
    // "白条必须在第二天中午12点前按1200字补齐"
    iouDeadline: { daysAfter: 1, at: "12:00" },
    // "违规杀帖的投诉时间为：自杀贴发出至次日16点前哨群受理举报，逾期不再受理。"
    complaintDeadline: { daysAfter: 1, at: "16:00" },
  },
  // "规则为分值规则。游戏核心是抢分，最后算黑白双方的分数谁高，分高的一方胜出。" — the built-in `score-rule`.
  win: {
    kind: "score",
    // "两府制算分时…" describes a variant; this preset runs one vote thread.
    houses: 1,
    // "只增加了玩家在票杀和贴杀时需同步提交对于被票杀和贴杀人代号猜想的程序。"
    codeGuesses: true,
    // "当一方的分值，另一方在后面轮次无论怎样都不可能扳平或反超时），视为已分出胜负，游戏结束。"
    endEarly: true,
  },
  // "由哨子公布被票杀者身份以及被帖杀者身份。"
  disclosure: { identity: true, cause: true },
};
