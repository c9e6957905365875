// Preset sevenkill-16: 7kill 身份游戏 (seed 001_522568b7640901bf.txt), 16 seats, day-night phases, won by elimination.
import type { RuleSetInput } from "../schema.ts";

export const sevenkill16: RuleSetInput = {
  id: "sevenkill-16",
  name: "七杀身份游戏",
  version: "1",
  // "1. 身份游戏共16人，分为杀手、好人两方，"
  players: 16,
  roles: [
    {
      id: "killer",
      name: "杀手",
      camp: "black",
      // "【杀手方】（初始4人）1.1 杀手（4人）互知，可私下讨论，每晚共同杀人，允许放弃，不允许自杀，无反馈，无需写杀帖。"
      count: 4,
      knows: ["killer"],
      room: "killer-room",
      abilities: [{ ability: "kill", phase: "night", together: true, maySkip: true, maySelf: false }],
    },
    {
      id: "police",
      name: "警察",
      camp: "white",
      // "1.2 警察（3人）互知，每晚共同验人，不得放弃，不能验自己。"
      count: 3,
      knows: ["police"],
      room: "police-room",
      abilities: [
        {
          ability: "check",
          phase: "night",
          together: true,
          maySkip: false,
          maySelf: false,
          // "验人结果只显示是好人或杀手，不显示具体身份。"
          reveals: "good-or-killer",
        },
      ],
    },
    {
      id: "doctor",
      name: "医生",
      camp: "white",
      // "1.3 医生（1人）每晚可以救治一人，此人不会被杀手或秘匪杀死"
      count: 1,
      knows: [],
      abilities: [
        {
          ability: "protect",
          phase: "night",
          // "可以" — the doctor may leave a night unused; the seed forbids no target, itself included.
          maySkip: true,
          maySelf: true,
          // "累计两次空针（注意不是连续两次空针）则被救治者出局。" — counted per patient (RULINGS 21).
          emptyNeedleLimit: 2,
        },
      ],
    },
    {
      id: "villager",
      name: "水民",
      camp: "white",
      // "1.4 水民（7人）不互知，无任何特权"
      count: 7,
      knows: [],
    },
    {
      id: "bandit",
      name: "秘匪",
      // "【好人方】（初始12人）": police 3 + doctor 1 + villagers 7 + the bandit.
      camp: "white",
      // "1.5 秘匪 （1人）拥有一发子弹"
      count: 1,
      knows: [],
      // RULINGS 22: it may shoot in a day phase as well as by night.
      abilities: [{ ability: "shoot", phase: "any", maySkip: true, maySelf: false, uses: 1 }],
      // "如果在前三天开枪，则转为水民（出局时公布水民），前三天不开枪则转成杀手（与存活的杀手互知共同杀人）"
      // "如果秘匪出局时未开枪且未转为杀手，则仍视为水民（此时公布为水民）。" — the built-in `secret-bandit`.
      conversion: {
        behaviour: "secret-bandit",
        ability: "shoot",
        // "前三天" = the first three day phases (RULINGS 22).
        withinDays: 3,
        ifUsed: "villager",
        ifNotUsed: "killer",
        beforeConversion: "villager",
      },
    },
  ],
  rooms: [
    { id: "killer-room", name: "杀手群" },
    { id: "police-room", name: "警察群" },
  ],
  // No kill posts: "杀人特权无须写杀帖". Each day one vote, at most one out (the 40% threshold may leave nobody out).
  progression: [],
  defaultRound: { votesPerVoter: 1, voteOut: 1 },
  vote: {
    // "投票后，有一次改票机会" / "白天结束前1个小时不得改票" (RULINGS 7)
    changes: { max: 1, freezeMinutes: 60 },
    // "未在规定时间内投票的视为弃权。" and "b. 没有在导演指定的投票帖投票；" is lurking (RULINGS 8).
    nonVoting: { outcome: "abstain-warning", excusedRounds: [] },
    // "每人一票，允许弃权，弃权也需要发投票帖，并计为一次投票（或一次改票）"
    abstainAllowed: true,
    // No kill posts, hence no half votes.
    halfVotes: false,
    overtimeMinutes: null,
    // "如果所有人被投票数均小于未出局人数的40%，则无人出局进入夜晚"
    finalTieBreak: "nobody-out",
    // "被投票数最高，且大于等于未出局人数的40%者，将被投出局" (RULINGS 4: votes*100 >= alive*40)
    threshold: { kind: "percent", percent: 40 },
    // "如果出现两个票数相同且均大于等于未出局人数40%者，进行高票对决" /
    // "此时的投票对象只能为高票对决的双方，且不允许弃权。高票对决后如仍平票，则无人出局进入夜晚。"
    duel: { abstainAllowed: false, tieOutcome: "nobody-out" },
    // "建议导演至少在投票截至的10～15分钟前（如果已经收到代投信息）发出代投信息…导演在统计票数时才公布的代投信息是无效的。"
    proxy: { cutoffMinutes: 10, publishMinutes: 10 },
    leadVoter: "earliest-standing",
  },
  // "杀人特权无须写杀帖" — no sign-up report or kill-post length.
  text: {
    reportMin: 0,
    reportRedoMin: 0,
    killPostMin: 0,
    iouMin: 0,
    copiedShareLimitPercent: 20,
    minCopiedRun: 13,
    ambiguousIsEastAsian: true,
  },
  schedule: {
    kind: "day-night",
    timeZone: "Asia/Shanghai",
    phases: {
      // "a. 白天讨论、投票：20:00～次日22:00；"
      day: { start: "20:00", end: { daysAfter: 1, at: "22:00" } },
      // "b. 白天第二次讨论、投票：22:00～次日22:00；（只有出现高票对决才有此环节，否则跳过）"
      duel: { start: "22:00", end: { daysAfter: 1, at: "22:00" } },
      // "c. 夜晚行使特权：22:00～次日12:50；"
      night: { start: "22:00", end: { daysAfter: 1, at: "12:50" } },
      // "d. 等待死者遗言：12:50～20:00。"
      "last-words": { start: "12:50", end: { daysAfter: 0, at: "20:00" } },
    },
    // "逢周末相应阶段的时间延长24小时："
    weekend: [
      // "c. 夜晚行使特权：周五20:00～周六20:00"
      { phase: "night", start: { weekday: 5, at: "20:00" }, end: { weekday: 6, at: "20:00" } },
      // "d. 等待死者遗言：周六20:00～周日20:00"
      { phase: "last-words", start: { weekday: 6, at: "20:00" }, end: { weekday: 0, at: "20:00" } },
      // "a. 白天讨论、投票：周五20:00～周日22:00"
      { phase: "day", start: { weekday: 5, at: "20:00" }, end: { weekday: 0, at: "22:00" } },
      // "b. 白天第二次讨论、投票：周五22:00～周日22:00"
      { phase: "duel", start: { weekday: 5, at: "22:00" }, end: { weekday: 0, at: "22:00" } },
    ],
    // "b. 死者遗言结束即进入白天讨论、投票阶段（而无须等到遗言截止时间）；"
    lastWordsEndEarly: true,
    // "如果秘匪转为水民，前三夜出局的玩家有遗言，如果秘匪转为杀手，前四夜出局的玩家有遗言。"
    lastWords: {
      nights: 3,
      ifConverted: [{ role: "bandit", became: "killer", nights: 4 }],
    },
  },
  win: {
    kind: "elimination",
    conditions: [
      // "如果秘匪转为水民，则：警察全部出局，或者医生、水民（包括转为水民的秘匪）全部出局，杀手获胜；"
      {
        winner: "black",
        ifConverted: { role: "bandit", became: "villager" },
        when: { any: [{ allOut: { roles: ["police"] } }, { allOut: { roles: ["doctor", "villager"] } }] },
      },
      // "杀手全部出局，好人获胜。"
      {
        winner: "white",
        ifConverted: { role: "bandit", became: "villager" },
        when: { allOut: { roles: ["killer"] } },
      },
      // "如果秘匪转为杀手，则：警察、医生全部出局，杀手获胜；"
      {
        winner: "black",
        ifConverted: { role: "bandit", became: "killer" },
        when: { allOut: { roles: ["police", "doctor"] } },
      },
      // "杀手全部出局，好人获胜；" (the converted bandit counts as a killer)
      {
        winner: "white",
        ifConverted: { role: "bandit", became: "killer" },
        when: { allOut: { roles: ["killer"] } },
      },
      // "水民（不包括医生）全部出局则平局。"
      {
        winner: "draw",
        ifConverted: { role: "bandit", became: "killer" },
        when: { allOut: { roles: ["villager"] } },
      },
    ],
    // "2.2 获胜分数杀手方获胜，每名杀手将获得40分；秘匪转杀将获得40分
    //  好人方获胜，每名警察将获得35分、秘匪开枪转民将获得30分，未开枪转民获得20分，每名水民获得20分。"
    // The seed names no reward for the doctor; none is set.
    rewards: [
      { role: "killer", points: 40 },
      { role: "bandit", points: 40, ifConverted: { became: "killer" } },
      { role: "police", points: 35 },
      { role: "bandit", points: 30, ifConverted: { became: "villager", used: true } },
      { role: "bandit", points: 20, ifConverted: { became: "villager", used: false } },
      { role: "villager", points: 20 },
    ],
  },
  penalties: {
    // "a. 在一个白天的讨论帖中，发帖数少于5帖；"
    minPostsPerDay: 5,
    // "c. 在连续三次的讨论帖中（含高票对决阶段的讨论帖），发帖数均少于10帖；"
    streak: { threads: 3, minPosts: 10 },
    // "b. 没有在导演指定的投票帖投票；"
    notVoting: true,
    // "d. 夜晚要求必须行使特权的，没有在规定时间内行使（此种情况处罚时不公开）。"
    missedNightAction: true,
    // "情节严重者，或累积两次警告，将被判罚出局，并对玩家给予-10～-30的负信誉度"
    warningsToOut: 2,
    reputation: { min: -30, max: -10 },
  },
  // "分为杀手、好人两方" / "杀手方获胜…好人方获胜"
  campNames: { black: "杀手方", white: "好人方" },
  // "所有出局者公布身份，不公布死因（杀人特权无须写杀帖）。"
  disclosure: { identity: true, cause: false },
};
