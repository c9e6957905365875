// Preset airforce-40: 空军场 (seed 002_571d4f094f4df401.txt), 40 seats, won by elimination.
import type { RuleSetInput } from "../schema.ts";

export const airforce40: RuleSetInput = {
  id: "airforce-40",
  name: "空军场",
  version: "1",
  // "游戏人员：40人。"
  players: 40,
  roles: [
    {
      id: "killer",
      name: "联合杀手",
      camp: "black",
      // "联合杀手6人：彼此之间互相知道身份，共待哨子提供的小黑屋。"
      count: 6,
      // "联合杀：轰炸机，攻击机，歼击机，侦察机 运输机 强击机"
      codes: ["轰炸机", "攻击机", "歼击机", "侦察机", "运输机", "强击机"],
      knows: ["killer"],
      group: "killer",
      room: "killer-room",
      post: "kill",
      // "当轮被贴杀的玩家也可以投票，但只在平票时生效。"
      victimsHalfVote: true,
    },
    {
      id: "lover",
      name: "情侣刺客",
      camp: "black",
      // "情侣刺客2人：彼此之间知道身份，共待哨子提供的小黑屋"
      count: 2,
      // "情侣刺：航测团 试飞团"
      codes: ["航测团", "试飞团"],
      knows: ["lover"],
      group: "lover",
      room: "lover-room",
      post: "kill",
      victimsHalfVote: true,
    },
    {
      id: "assassin",
      name: "独立刺客",
      camp: "black",
      // "独立刺客1人：只知道自己身份，不知道其余人的身份，与杀手同一阵营。"
      count: 1,
      // "独 刺：侦查干扰团"
      codes: ["侦查干扰团"],
      knows: [],
      group: "assassin",
      post: "kill",
      victimsHalfVote: true,
    },
    {
      id: "engineer",
      name: "工兵",
      camp: "black",
      // "工兵1人：只知道自己身份，协助黑道票杀白道。"
      count: 1,
      // "工 兵：预警机大队"
      codes: ["预警机大队"],
      knows: [],
      group: "engineer",
      // "场上负责找蛋帖出，帖对蛋，蛋出局，贴内直接宣布；帖错彼此都不出局。" — the built-in `engineer-find`.
      post: "engineer",
      // "当轮被贴杀的玩家也可以投票，但只在平票时生效。": a bomb the engineer takes out was 贴杀 too.
      victimsHalfVote: true,
    },
    {
      id: "sword",
      name: "联合剑侠",
      camp: "white",
      // "联合剑侠2人：只知道自己和同伴的身份．有出帖权．"
      count: 2,
      // "联合剑：沈空 北空"
      codes: ["沈空", "北空"],
      knows: ["sword"],
      group: "sword",
      room: "sword-room",
      post: "kill",
      victimsHalfVote: true,
    },
    {
      id: "bright-bomb",
      name: "明弹",
      camp: "white",
      // "明弹1人"
      count: 1,
      // "明 蛋：北海"
      codes: ["北海"],
      knows: [],
      bomb: {
        // "前四轮中如任何帖子则与出贴者同归，四轮后转为普通游侠。"
        takesPoster: true,
        takesLeadVoter: false,
        activeThroughRound: 4,
      },
    },
    {
      id: "hidden-bomb",
      name: "暗弹",
      camp: "white",
      // "暗弹1人"
      count: 1,
      // "暗 蛋：东海"
      codes: ["东海"],
      // "不知道自己的暗弹身份"
      toldAs: "ranger",
      knows: [],
      bomb: {
        // "暗弹接任何帖子则贴杀同归；如被票出，带走领票人。"
        takesPoster: true,
        takesLeadVoter: true,
        // "前四轮有效" (RULINGS 2)
        activeThroughRound: 4,
      },
    },
    {
      id: "ranger",
      name: "游侠",
      camp: "white",
      // "白道：联合剑侠2人，明弹1人，暗弹1人，游侠26人"
      count: 26,
      knows: [],
    },
  ],
  groups: [
    // "贴杀是杀刺剑医工兵等玩家在每轮开始时，按规则规定或本身所属集团自定的顺序出杀贴。": the group decides who
    // posts (code order is one such choice), each member taking at most its even share of the round's posts.
    { id: "killer", name: "联合杀手", rotation: "group-choice" },
    { id: "lover", name: "情侣刺客", rotation: "group-choice" },
    { id: "assassin", name: "独立刺客", rotation: "group-choice" },
    // The engineer's posts are the "（工兵1）" outside each round's total.
    { id: "engineer", name: "工兵", rotation: "group-choice", countsTowardKills: false },
    // Seed 002 says nothing about wiped swordsmen; RULINGS 18's default: their remaining posts lapse.
    { id: "sword", name: "联合剑侠", rotation: "group-choice", lapseWhenWiped: true },
  ],
  rooms: [
    { id: "killer-room", name: "杀手小黑屋" },
    { id: "lover-room", name: "情侣刺小黑屋" },
    { id: "sword-room", name: "剑群" },
    { id: "black-room", name: "杀刺联合小黑屋" },
  ],
  alliances: [
    {
      id: "grand",
      name: "杀刺联合",
      // "杀刺出局4人（不包括工兵）则杀刺可立即联合．或第四轮出帖后联合。"
      when: {
        kind: "any",
        of: [
          { kind: "out-count", roles: ["killer", "lover", "assassin"], atLeast: 4 },
          { kind: "after-round-posts", round: 4 },
        ],
      },
      effects: [
        {
          kind: "merge-groups",
          groups: ["killer", "lover", "assassin"],
          into: "black",
          name: "杀刺",
          room: "black-room",
          rotation: "group-choice",
        },
      ],
    },
    // "与杀刺永不联合。" (the engineer) and "明蛋、暗蛋与双剑永不联合。" — no other alliance.
  ],
  // "若杀、刺有一方全军覆没，另一方代替出贴。独刺/情侣刺一方出局，由另一方刺客优先代出贴。" (RULINGS 18)
  takeovers: [
    { wiped: "assassin", by: [{ group: "lover" }, { group: "killer" }] },
    { wiped: "lover", by: [{ group: "assassin" }, { group: "killer" }] },
    { wiped: "killer", by: [{ group: "lover" }, { group: "assassin" }] },
  ],
  progression: [
    // "第一轮共杀1==票1出1，余39人。"
    { round: 1, votesPerVoter: 1, voteOut: 1, totalKills: 1, survivors: 39 },
    // "第二轮共杀9==票2出4，帖杀5（杀2，情侣刺1，独刺1，剑1）（工兵1）余30人"
    {
      round: 2,
      votesPerVoter: 2,
      voteOut: 4,
      posts: { killer: 2, lover: 1, assassin: 1, sword: 1 },
      extraPosts: { engineer: 1 },
      totalKills: 9,
      survivors: 30,
    },
    // "第三轮共杀8==票2出4，帖杀4（杀3，情侣刺1）（工兵1）余22人"
    {
      round: 3,
      votesPerVoter: 2,
      voteOut: 4,
      posts: { killer: 3, lover: 1 },
      extraPosts: { engineer: 1 },
      totalKills: 8,
      survivors: 22,
    },
    // "第四轮共杀9==票2出4，帖杀5（杀2，情侣刺1，独刺1，剑1）余13人"
    {
      round: 4,
      votesPerVoter: 2,
      voteOut: 4,
      posts: { killer: 2, lover: 1, assassin: 1, sword: 1 },
      totalKills: 9,
      survivors: 13,
    },
    // "第五轮共杀6==票2出3，帖杀3（杀刺3），余7人" — after round 4's posts 杀刺 have merged.
    { round: 5, votesPerVoter: 2, voteOut: 3, posts: { black: 3 }, totalKills: 6, survivors: 7 },
    // "第六轮共杀6==票2出3，帖杀3（杀刺3），余1人"
    { round: 6, votesPerVoter: 2, voteOut: 3, posts: { black: 3 }, totalKills: 6, survivors: 1 },
  ],
  vote: {
    // Seed 002 allows changes until the deadline ("以投票机为准"; RULINGS 7).
    changes: { max: null, freezeMinutes: 0 },
    // "不投票判为自杀。" / "如果玩家第一轮未使用投票机，不算自杀" (RULINGS 8)
    nonVoting: { outcome: "suicide", excusedRounds: [1] },
    abstainAllowed: false,
    // "当轮被贴杀的玩家也可以投票，但只在平票时生效。" (RULINGS 10)
    halfVotes: true,
    // "四、平票：平票加时十五分钟，再平票则先到先出。"
    overtimeMinutes: 15,
    finalTieBreak: "first-reached",
    // "得票最多者出局。"
    threshold: { kind: "plurality" },
    duel: null,
    // "投票截止前15分钟，即20：45起不再接受托票。" (RULINGS 12)
    proxy: { cutoffMinutes: 15, publishMinutes: null },
    // "如被票出，带走领票人。" — RULINGS 13.
    leadVoter: "earliest-standing",
  },
  text: {
    // "300字以上报道，原创首发" (RULINGS 3, 24)
    reportMin: 300,
    // Seed 002 names no redo length; RULINGS 24's 600.
    reportRedoMin: 600,
    // "杀刺剑医工兵帖要求800字以上原创首发"
    killPostMin: 800,
    // "白条必须在次日10:00:00之前补齐，1200字以上原创首发。"
    iouMin: 1200,
    // Seed 002 names no copied share; RULINGS 17's 20%.
    copiedShareLimitPercent: 20,
    minCopiedRun: 13,
    ambiguousIsEastAsian: true,
  },
  schedule: {
    kind: "daily-rounds",
    timeZone: "Asia/Shanghai",
    // "游戏时间：每轮24小时。每日21：00：00——次日21：00：00，论坛时间为准，过秒不计。"
    roundStart: "21:00",
    voteDeadline: { daysAfter: 1, at: "21:00" },
    // "贴杀是杀刺剑医工兵等玩家在每轮开始时…出杀贴" — RULINGS 19: a 30-minute window from the round's start.
    postingWindow: { opensAfterMinutes: 0, minutes: 30 },
    // "白条必须在次日10:00:00之前补齐"
    iouDeadline: { daysAfter: 1, at: "10:00" },
    // Seed 002 names no complaint deadline; 风云's "次日16点" is used.
    complaintDeadline: { daysAfter: 1, at: "16:00" },
  },
  // Seed 002 states each side's task, not a win line: swordsmen "杀光所有杀手、刺客"; 杀刺 "消灭游侠集团".
  // The engineer is not needed for the white win ("与杀刺永不联合"). "余1人定胜负。"
  win: {
    kind: "elimination",
    conditions: [
      { winner: "white", when: { allOut: { roles: ["killer", "lover", "assassin"] } } },
      { winner: "black", when: { allOut: { camps: ["white"] } } },
    ],
    rewards: [],
  },
  disclosure: { identity: true, cause: true },
};
