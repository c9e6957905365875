// The zh-CN message catalog: every string the web app shows. A second language is one more file typed `Messages`.

const camps = { black: "黑道", white: "白道", neutral: "中立" } as Record<string, string>;

const outCauses: Record<string, string> = {
  vote: "票杀",
  post: "帖杀",
  bomb: "烟花",
  suicide: "自杀",
  iou: "白条未补",
  complaint: "被举报成立",
  night: "夜杀",
  shot: "枪杀",
  needle: "空针",
  referee: "哨子判出局",
  penalty: "违规判罚出局",
  redo: "报道重做逾期（按自杀）",
};

const phases: Record<string, string> = {
  vote: "投票中",
  overtime: "平票加时",
  posting: "出帖时间",
  night: "夜晚",
  "last-words": "遗言时间",
  ended: "已结束",
  signup: "报名中",
  waiting: "等待中",
  results: "本轮结果已出",
};

/** The log's event types as the referee reads them; a type not listed is shown as is. */
const eventNames: Record<string, string> = {
  "app.GameCreated": "建局",
  "app.SignupOpened": "开放报名",
  "app.SignupClosed": "截止报名",
  "app.PlayerJoined": "报道",
  "app.CoRefereeAdded": "加副哨",
  "app.ReportRejected": "报道判为不合规",
  "app.ReportApproved": "报道裁定合规",
  "app.ReportRedone": "重写报道",
  // The player's 退出报名 and the referee's 移除报名 alike.
  "app.PlayerWithdrawn": "撤销报名",
  "app.RoomMessagePosted": "小黑屋发言",
  "app.ComplaintFiled": "举报",
  "app.ProxyRequested": "托票请求",
  "app.ExtensionRequested": "白条延期申请",
  "app.KillPostEntered": "哨子录入杀帖",
  "app.RefereeMessage": "私信",
  "app.ResultsPublished": "发布结果帖",
  "app.DiscussionPosted": "讨论帖发言",
  // 7kill counts each discussion post for 潜水 in the engine beside the post itself (app.DiscussionPosted).
  DiscussionPosted: "发帖计数",
  "app.GameEnded": "游戏结束",
  GameStarted: "游戏开始",
  RoundOpened: "新一轮开始",
  VoteOpened: "开始投票",
  VoteCast: "投票",
  VoteClosed: "投票截止",
  OvertimeOpened: "平票加时",
  TieBroken: "平票裁定",
  RoundClosed: "本轮结束",
  KillPostSubmitted: "提交杀帖",
  PostRefused: "杀帖被拒",
  PostsReleased: "杀帖公布",
  IouOpened: "白条",
  IouCompleted: "补齐白条",
  IouFailed: "白条未补",
  IouExtensionGranted: "白条延期",
  ComplaintUpheld: "举报成立",
  ComplaintDismissed: "举报驳回",
  ComplaintRuledIou: "举报：按白条处理",
  ComplaintWindowClosed: "举报截止",
  PlayerOut: "出局",
  PlayerRevived: "复活",
  PostOutRejudged: "帖杀重新认定",
  IdentityRevealed: "公布身份",
  BombFired: "烟花",
  PostFiringVoided: "烟花作废",
  LeadVoterLeftToReferee: "领票人待定",
  EndingLeftToReferee: "胜负待裁定",
  EndingContestWithdrawn: "胜负待裁定撤回",
  AllianceFormed: "联合",
  OverrideApplied: "哨子改判",
  GameEnded: "游戏结束",
  NightOpened: "入夜",
  AbilityUsed: "夜晚行动",
  NightResolved: "天亮",
  CheckResult: "验人结果",
  BanditShot: "秘匪开枪",
  BanditConverted: "秘匪转换",
  LastWordsOpened: "遗言开始",
  LastWordsPosted: "遗言",
  LastWordsEnded: "遗言结束",
  OffenceRecorded: "违规记录",
  ThreadClosed: "关闭讨论帖",
};

const statuses: Record<string, string> = {
  draft: "筹备中",
  signup: "报名中",
  closed: "报名截止",
  running: "进行中",
  ended: "已结束",
};

/** Site posts' kinds, as a copied passage's source names them when it has no title. */
const SOURCE_KINDS: Record<string, string> = {
  report: "报道",
  kill: "杀帖",
  iou: "补白条",
  discussion: "讨论帖",
};

/** Why a final tie-break left places to the referee (TieBroken's `referee.reason`). */
const TIE_REASONS: Record<string, string> = {
  "referee-rule": "规则规定由哨子裁定",
  "times-equal": "达到票数的时间相同",
  "no-votes": "加时无人得票",
};

const deadlineNames: Record<string, string> = {
  open: "开始",
  vote: "投票截止",
  overtime: "加时截止",
  posting: "出帖截止",
  "posting-opens": "出帖开始",
  "posting-closes": "出帖截止",
  complaint: "举报截止",
  iou: "白条截止",
  "proxy-cutoff": "托票截止",
  night: "夜晚结束",
  "last-words": "遗言截止",
};

export const zhCN = {
  app: {
    title: "版杀",
    tagline: "论坛版杀 · 自建平台",
    loading: "加载中…",
    retry: "重试",
    back: "返回",
    close: "关闭",
    save: "保存",
    cancel: "取消",
    submit: "提交",
    confirm: "确认",
    none: "暂无",
    unknownError: "出错了，请稍后重试",
    // 429 with the server's Retry-After (its windows last a minute; a longer wait would be said in minutes).
    rateLimited: (seconds: number) =>
      `操作过于频繁，请 ${seconds <= 120 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`}后再试`,
    /** A name field's length against its limit; at the limit the browser stops typing (and cuts a paste) silently. */
    charCount: (n: number, max: number) => `${n}/${max}字符`,
    atLimit: (max: number) => `已达上限（最多${max}个字符），超出的部分不会输入，请改短。`,
    networkError: "网络连接失败，请检查网络",
    resending: "连接不稳定，正在重新提交……同一次提交不会重复记录，请勿关闭页面",
    serverUnavailable: "服务器暂时不可用（可能正在重启），请稍后重试",
    writeUnanswered:
      "多次重试仍未收到服务器答复，这次提交可能已记录，也可能没有。恢复连接后再提交一次相同的内容即可，不会重复记录。",
    live: "实时",
    offline: "连接中断，正在重连…",
    /** Beside the dot on a phone, where the titles above never show. Not yet live is also a page just opened. */
    liveShort: "实时更新",
    offlineShort: "正在连接…",
    notFound: "找不到该页面",
    seat: (n: number) => `${n + 1}号`,
    words: (n: number) => `${n}字`,
    copied: "已复制",
    /** A list of names as written in Chinese: 甲、乙、丙. */
    list: (items: readonly string[]) => items.join("、"),
    withFields: (message: string, fields: readonly string[]) => `${message}：${fields.join("；")}`,
  },
  nav: {
    lobby: "大厅",
    login: "登录",
    register: "注册",
    logout: "退出",
    hello: (name: string) => `你好，${name}`,
    account: "点这里修改密码",
    admin: "站点管理",
    board: "进程",
    vote: "投票机",
    /** The 投票机 tab's badge while the viewer owes a ballot; the label says what not voting costs. */
    voteMissing: "未投",
    voteMissingLabel: (cost: "suicide" | "warning") =>
      cost === "suicide" ? "尚未投票：截止前不投票按自杀出局" : "尚未投票：截止前不投票记潜水警告",
    me: "我的身份",
    threads: "帖子",
    log: "日志",
    write: "写帖",
    referee: "哨子",
    archive: "存档",
  },
  auth: {
    loginTitle: "登录",
    registerTitle: "注册账号",
    setupTitle: "创建站长账号",
    setupHint: "首次启动时的一次性链接：在这里创建本站的管理员账号。",
    setupButton: "创建站长",
    setupDone: "本站已完成初始化，站长账号已经创建，这个链接不能再用。",
    toLoginPlain: "去登录",
    username: "用户名",
    password: "密码",
    usernameHint: "2–32个字符，可用中文",
    passwordHint: "至少8个字符",
    loginButton: "登录",
    registerButton: "注册",
    toRegister: "还没有账号？注册",
    toLogin: "已有账号？登录",
    accountSecret: "你的账号只有哨子能看到，其他玩家只看到你的马甲。",
  },
  account: {
    title: "修改密码",
    hint: "修改后，这个账号在其他设备上的登录都会失效，当前页面保持登录。",
    current: "当前密码",
    password: "新密码",
    confirm: "再输入一次新密码",
    mismatch: "两次输入的新密码不一致",
    button: "修改密码",
    done: "密码已修改，其他设备上的登录已失效。",
    signIn: "请先登录。",
  },
  reset: {
    title: "重设密码",
    hint: "站点管理员给你的一次性链接：在这里设置新密码。设置后，这个账号在所有设备上的登录都会失效。",
    password: "新密码",
    confirm: "再输入一次新密码",
    mismatch: "两次输入的密码不一致",
    button: "设置新密码",
    done: "密码已重设，请用新密码登录。",
    toLogin: "去登录",
    noToken: "链接不完整：请完整复制站点管理员给你的链接。",
  },
  admin: {
    title: "站点管理",
    hint: "站点管理员不是每一局的哨子：这里只列出账号，不显示任何账号参加了哪些游戏、用了哪些马甲。",
    search: "按用户名开头查找",
    searchButton: "查找",
    username: "用户名",
    createdAt: "注册日期",
    state: "状态",
    actions: "操作",
    adminBadge: "管理员",
    active: "正常",
    disabledSince: (when: string) => `已停用（${when}）`,
    reset: "重置密码",
    disable: "停用",
    enable: "启用",
    confirmDisable: (name: string) =>
      `确定停用账号「${name}」吗？它会立刻被登出，之后无法登录，直到你重新启用。它在游戏中的座位不受影响，需要时由哨子安排替补。`,
    confirmEnable: (name: string) => `确定重新启用账号「${name}」吗？`,
    disabledDone: (name: string) => `已停用账号「${name}」`,
    enabledDone: (name: string) => `已启用账号「${name}」`,
    linkFor: (name: string) => `「${name}」的密码重置链接`,
    linkHint: (until: string) =>
      `请通过私信等方式把链接交给账号本人。链接只能使用一次，${until}前有效；再生成一次会让这条链接作废。`,
    copy: "复制链接",
    copied: "已复制",
    more: "加载更多",
    none: "没有符合条件的账号",
  },
  lobby: {
    title: "游戏大厅",
    drafts: "筹备中（仅本局哨子可见）",
    signup: "报名中",
    running: "进行中",
    ended: "已结束",
    empty: "这里还没有游戏",
    players: (signed: number, total: number) => `${signed}/${total}人`,
    // When the referee opened the game (its createdAt), not when it starts: a bare 「12/1 12:00」 read as either.
    createdAt: (at: string) => `开版：${at}`,
    rules: "规则",
    status: (s: string) => statuses[s] ?? s,
    join: "报道",
    full: "已满",
    enter: "进入",
    archive: "看存档",
    create: "开新版",
    createTitle: "开一局新版杀",
    gameName: "版名",
    preset: "预设规则",
    presetOption: (name: string, players: number) => `${name}（${players}人）`,
    customRules: "自定义规则",
    // The doc is served by the site (/api/docs/rulesets.md): a referee on a deployed site has no checkout to open.
    customRulesHint:
      "上传或粘贴 YAML / JSON 规则文件，或先载入一个预设再改；开版前会检查，有问题会逐条列出。每个字段的含义和默认值见",
    rulesDocLink: "规则集写法（英文在前、中文在后，新标签页打开）",
    startFromPreset: "载入预设规则（YAML）",
    confirmReplaceRules: "载入预设会替换文本框里现有的规则，确定吗？",
    rulesFile: "规则文件",
    rulesText: "规则文本",
    checkRules: "检查规则",
    rulesOk: (summary: string) => `规则可用：${summary}`,
    rulesProblems: (n: number) => `规则有${n}处问题：`,
    rulesProblem: (path: string, message: string) => (path ? `${path}：${message}` : message),
    refereeAlias: "哨子马甲",
    createButton: "开版",
    loginToCreate: "登录后可开版",
  },
  join: {
    title: (game: string) => `报道：${game}`,
    alias: "马甲",
    aliasHint: "本局使用的名字。真实账号只有哨子知道，请勿曝ID。",
    reportLabel: "报道",
    reportHint: (min: number) =>
      min > 0
        ? `原创首发的文学作品，不少于${min}字（以 Word 字数统计为准），最好与版杀背景或马甲有关。`
        : "本局不要求报道，可以留空；想写的话请原创首发。",
    submit: "提交报道",
    // The game is 开版 already (the referee opened it for sign-up): what comes next is the start.
    done: "报道成功！等待哨子截止报名、开始游戏。",
    doneClosed: "报道成功！报名已截止，等待哨子开始游戏。",
    doneStarted: "你已报道，游戏已开始。",
    doneEnded: "你已报道，本局已结束。",
    youReferee: (co: boolean, alias: string) =>
      `你是本局的${co ? "副哨" : "哨子"}${alias ? `（马甲：${alias}）` : ""}，不需要报道。`,
    toReferee: "前往哨子台",
    full: (players: number) => `本局报名人数已满（${players}人），不再接受报道。`,
    // RULINGS 17: a flag never rejects a 报道 by itself; the referee rules (and may ask for a 600-字 redo, RULINGS 24).
    doneFlagged: (percent: number | null) =>
      `报道已提交，但${percent === null ? "" : `与已有文本重合 ${percent}%，`}被标为「疑似抄袭」，待哨子裁定。哨子若判为不合规，你需要在期限内重写报道。`,
    loginFirst: "请先登录再报道",
    notOpen: "本局尚未开放报名",
    closed: "本局报名已截止",
    redoTitle: "重写报道",
    redoReminder: (reason: string, min: number, at: string) =>
      `你的报道被哨子判为不合规（${reason}）。请在${at}前重写不少于${min}字的报道，逾期按自杀处理。`,
    redoHint: (min: number, at: string) => `你的报道被判定不合规，请在${at}前重写不少于${min}字。`,
    // RULINGS 24: a missed redo counts as a suicide when the game starts or the deadline passes, whichever is later.
    redoClosed: (reason: string, at: string) =>
      `你的报道被哨子判为不合规（${reason}），重写期限（${at}）已过，不能再重写，按自杀处理。`,
    redoOut: "你已出局，报道无需再重写。",
    // 退出报名: only before the start; the alias and the account are free again at once.
    withdraw: "退出报名",
    confirmWithdraw: (alias: string) =>
      `确定退出报名？马甲「${alias}」的报道将被撤下，该马甲随即可由他人使用。报名开放期间你可以重新报道。`,
    withdrawn: (alias: string) => `你已退出报名（马甲：${alias}）。`,
  },
  board: {
    // A day-night game's round is a day and its night: 第N天, its night 第N夜.
    round: (n: number, dayNight = false) => (dayNight ? `第${n}天` : `第${n}轮`),
    night: (n: number) => `第${n}夜`,
    notStarted: "游戏尚未开始",
    // Before the start: 报道 from the game page itself, and the rule set read there (GameInfo.rulesSummary).
    joinThis: (signedUp: number, players: number) => `报道参加本局（已报名 ${signedUp}/${players}）`,
    rulesSummary: (rules: string, players: number) => `规则概要：${rules}（${players}人）`,
    rulesSummaryPlanned: "开局规则中的身份与进程。哨子微调过的轮次，以上方「本轮进程」为准。",
    rulesRoles: "身份与人数",
    rulesCamp: (camp: string, roles: string[], total: number) => `${camp}（${total}人）：${roles.join("、")}`,
    rulesRole: (name: string, count: number) => `${name}×${count}`,
    rulesProgression: "进程（每轮）",
    // A day-night game has no fixed progression: the fastest pace its vote and nights allow.
    rulesPace: "进程（每天最快的节奏）",
    rulesRoundHead: (dayNight: boolean) => (dayNight ? "天" : "轮次"),
    rulesVotesHead: "每人票数",
    rulesVoteOutHead: (dayNight: boolean) => (dayNight ? "投票出局至多" : "票杀人数"),
    rulesPostsHead: "杀帖（组×帖数）",
    rulesNightHead: "夜间出局",
    rulesSurvivorsHead: (dayNight: boolean) => (dayNight ? "至少存活" : "存活（按进程）"),
    rulesPosts: (posts: string[], extra: string[]) =>
      `${posts.join("、") || "无"}${extra.length > 0 ? `；另有 ${extra.join("、")}（不计杀人数）` : ""}`,
    // Between 开始游戏 and round 1's start: roles are dealt, no round runs yet.
    started: "游戏已开始",
    startedOpensAt: (round: string, at: string) => `游戏已开始，${round}于 ${at} 开始`,
    // `duel`: 7kill's second stage is the 高票对决, not an overtime.
    phase: (p: string, duel = false) => (duel && p === "overtime" ? "高票对决" : (phases[p] ?? p)),
    progression: "本轮进程",
    voteKills: (n: number) => `票杀 ${n} 人`,
    votesPerVoter: (n: number) => `每人 ${n} 票`,
    postKills: (unit: string, n: number) => `${unit}：出帖 ${n}`,
    extraPosts: (unit: string, n: number) => `${unit}：加帖 ${n}`,
    // The score rule's running score, as the latest results post gives it (per house under 两府制).
    runningScore: (after: string, houses: readonly { house: string; black: string; white: string }[]) =>
      `${after}后得分：${houses.map((h) => `${h.house}黑道 ${h.black}，白道 ${h.white}`).join("；")}`,
    releasedOf: (out: number, planned: number) =>
      out < planned ? `（已放出 ${out}，未出 ${planned - out}）` : `（已放出 ${out}）`,
    timeline: "轮次",
    /** Under a round on the 轮次 row: when its vote closes. */
    timelineEnds: (at: string) => `${at} 截止`,
    living: (n: number) => `存活（${n}）`,
    dead: (n: number) => `出局（${n}）`,
    outCause: (c: string) => outCauses[c] ?? c,
    // A null cause: the rules publish identities, not causes (7kill).
    // `when`: 第N轮, or 7kill's 第N天 / 第N夜 (Terms.outWhen).
    outIn: (when: string, cause: string | null) =>
      cause === null ? `${when}出局` : `${when} · ${outCauses[cause] ?? cause}`,
    // `names`: the game's own camp names (GameInfo.campNames: 7kill's 杀手方 / 好人方).
    camp: (c: string, names?: Readonly<Record<string, string>>) => names?.[c] ?? camps[c] ?? c,
    hiddenRole: "身份未知",
    deadlines: "倒计时",
    /** Deadline keys are "round:N:kind" (engine) or a bare kind. */
    /** `duel`: the rule set's second stage is 7kill's 高票对决, not an overtime. */
    deadline: (key: string, dayNight = false, duel = false) => {
      const [, round, kind] = key.match(/^round:(\d+):(.+)$/) ?? [];
      const name = (k: string) => (duel && k === "overtime" ? "对决截止" : (deadlineNames[k] ?? k));
      if (round && kind) {
        if (!dayNight) return `第${round}轮${name(kind)}`;
        if (kind === "night") return `第${round}夜结束`;
        if (kind === "last-words") return `第${round}夜遗言截止`;
        return `第${round}天${name(kind)}`;
      }
      return name(key);
    },
    winner: (w: string | null, names?: Readonly<Record<string, string>>) => {
      if (w === "draw") return "平局";
      const camp = w === null ? undefined : (names?.[w] ?? camps[w]);
      return camp === undefined ? "游戏结束" : `${camp}胜利`;
    },
    members: "报道名单",
    referee: "哨子",
    viewerPublic: "你正在围观",
    viewerDead: "你已出局，可以继续围观",
    // RULINGS 10: this round's post victims keep a half vote; said here too, or the banner contradicts the 投票机.
    viewerDeadHalfVote: "你本轮被帖杀，已出局；本轮仍可投半票（只在平票时有效）",
    viewerDeadVotingOvertime: "你本轮被帖杀，已出局；平票加时中仍可投票（完整的一票）",
    viewerReplaced: "你的座位已由替补接手，可以继续围观",
    viewerPlayer: (alias: string) => `你的马甲：${alias}`,
    viewerReferee: (alias: string) => `你是本局哨子：${alias}`,
    alliances: "联合",
    penalties: "处罚公告",
    allianceFormed: (name: string, round: number) => `第${round}轮：${name}`,
  },
  countdown: {
    left: (text: string) => `剩余 ${text}`,
    passed: "已截止",
    days: (d: number) => `${d}天`,
    at: (clock: string) => `截止 ${clock}`,
    started: "已开始",
    startsAt: (clock: string) => `${clock} 开始`,
    serverTime: (clock: string) => `服务器时间 ${clock}`,
  },
  /** The game's public log (web/src/pages/GameLog.tsx): the lines themselves are `log` below. */
  gameLog: {
    title: "游戏日志",
    hint: "出局、复活、哨子改判（含理由）、杀帖放出、投票结果、替补与结局都记在这里；只列出你有权看到的内容。",
    filters: { important: "重要事件", all: "全部事件", votes: "含投票" } as Record<
      "important" | "all" | "votes",
      string
    >,
    empty: "暂无记录",
    earlier: (more: number, hidden: number) => `显示更早的 ${more} 条（共 ${hidden} 条未显示）`,
  },
  threads: {
    title: "帖子",
    reports: "报道帖",
    killPosts: "杀帖（统一放出）",
    results: "结果帖",
    discussion: "讨论帖",
    killPostLine: (target: string, words: number) => `→ ${target} · ${words}字`,
    iou: "白条",
    lapsed: "作废",
    /** A post that did nothing, and why (lib/post-void.ts): the threads and the archive say the same. */
    lapsedWhy: (why: "complaint" | "iou" | "referee" | "target-out" | "void") =>
      why === "void"
        ? "作废"
        : `作废（${{ complaint: "举报成立", iou: "白条未补", referee: "哨子裁定作废", "target-out": "目标已出局" }[why]}）`,
    read: "展开正文",
    hide: "收起",
    noReports: "还没有报道",
    noPosts: "还没有放出的杀帖",
    noResults: "还没有结果帖",
    /** A results post published again with other text. */
    correction: "（更正）",
    // "accepted" is only "posted": the referee has not ruled on it, so it must not read as approved.
    reportStatus: (s: string) => (s === "rejected" ? "被判不合规" : s === "redone" ? "已重写" : "已报道"),
    // Under the limit it is an overlap, not a finding of copying: "抄袭" would accuse a compliant 报道 in public.
    copiedShare: (p: number) => `与已有文本重合 ${p}%`,
    copiedFlagged: (p: number) => `疑似抄袭 ${p}%，待哨子裁定`,
    // "对被贴杀人代号的猜想，附于杀帖之后同步发出"
    codeGuess: (code: string) => `代号猜想：${code}`,
    iouStatus: (s: string) =>
      s === "open" ? "白条待补" : s === "completed" ? "白条已补" : s === "failed" ? "白条未补" : "作废",
  },
  vote: {
    title: "投票机",
    /** A live tally row's name: the seat number too, so long aliases with the same start stay apart. */
    tallyName: (seat: number, alias: string) => `${seat + 1}号 ${alias}`,
    notOpen: "当前没有开放的投票",
    opensWithPosts: (round: number, at: string) => `第${round}轮投票将在 ${at} 杀帖公布后开始`,
    overtime: "平票加时",
    overtimeHint: "加时只能投给平票的玩家。半票在加时中算一整票。",
    duel: "高票对决",
    duelHint: "高票对决：只能投给平票的两位玩家，不允许弃权；对决后仍平票则无人出局。",
    // RULINGS 4: out at votes × 100 ≥ living × percent, so the least count is the ceiling.
    threshold: (need: number, alive: number, percent: number) =>
      `出局需至少${need}票（存活${alive}人的${percent}%）；无人达到则本轮无人出局。`,
    choose: (n: number) => (n === 1 ? "选择你要投的人" : `选择你要投的 ${n} 人`),
    chosen: (k: number, n: number) => `已选 ${k}/${n}`,
    filter: "按马甲或座位号查找",
    codeGuess: "代号猜想",
    codePlaceholder: "代号（可不填）",
    cast: "投票",
    change: "改票",
    abstain: "弃权",
    myVote: (targets: string) => `你已投：${targets}`,
    /** A target of the viewer's own ballot, with the 代号 guessed for it (score rule). */
    withCode: (target: string, code: string | null) => (code ? `${target}（代号 ${code}）` : target),
    // Seed 002: 只投一票者…不算自杀 — legal, only worth a word in case the second vote was meant.
    fewerVotes: (perVoter: number, cast: number) =>
      `本轮每人${perVoter}票，你只投了${cast}票（合规，按${cast}票计）`,
    changesLeft: (n: number) => `还可改票 ${n} 次`,
    changesFreezeAt: (at: string) => `${at} 起不得改票`,
    noChangesLeft: "改票次数已用完",
    unchangedHint: "与现在的票相同，改选其他人后才能改票",
    changesFrozen: (at: string) => `改票已截止（${at} 起不得改票）`,
    // Before the first vote: the change rule it will be held to (a first vote is taken even inside the freeze).
    changeRule: (max: number | null, freezeAt: string | null, frozen: boolean) =>
      [
        max === null ? null : max === 0 ? "投票后不能改票" : `投票后可改票 ${max} 次`,
        freezeAt === null
          ? null
          : frozen
            ? `改票已截止（${freezeAt} 起），投票后不能再改`
            : `改票截止 ${freezeAt}`,
      ]
        .filter((x) => x !== null)
        .join("；"),
    accepted: (clock: string) => `投票成功（收到时间 ${clock}）`,
    /** Clears the vote bar's answer (a refusal stays until then, or until the next vote). */
    dismissOutcome: "知道了",
    tally: "实时票数",
    tallyEmpty: "还没有人投票",
    finalTally: (round: number, dayNight = false) => `第${round}${dayNight ? "天" : "轮"}最终票数`,
    votes: (v: number) => `${v}票`,
    half: (n: number) => `半票×${n}`,
    proxy: (n: number) => `托票×${n}`,
    halfMark: "半",
    proxyMark: "托",
    legendHalf: "半票：本轮被帖杀者的票，只在平票时算半票，加时算一整票",
    legendProxy: "托票：交给哨子代投的票",
    ballots: "投票记录",
    ballotLine: (voter: string, targets: string) => `${voter} → ${targets}`,
    notYetVoted: (n: number) => `尚未投票（${n}人）`,
    votedForOut: (who: string) => `${who} 已出局，这一票不计`,
    votedForOutChange: "，可以改投",
    youHaveNotVoted: (cost: "suicide" | "warning") =>
      cost === "suicide"
        ? "你还没有投票：截止前不投票按自杀出局。"
        : "你还没有投票：截止前不投票记潜水警告。",
    notVotingCost: (cost: "suicide" | "warning") =>
      cost === "suicide" ? "本局规则：截止前不投票按自杀出局。" : "本局规则：不投票按弃权计，并记潜水警告。",
    deadPlayer: "你已出局，不能投票",
    halfVoter: "你本轮被帖杀，仍可投票，但你的票是半票：只在平票时有效。",
    house: (n: number) => (n === 1 ? "一府" : n === 2 ? "二府" : `${n}府`),
    halfVoterOvertime: "你本轮被帖杀；在平票加时中，你的票是完整的一票。",
    notPlayer: "只有本局存活玩家可以投票",
    proxyTitle: "托票",
    proxyHint: (cutoff: string) => `托票交给哨子代投，必须指定一人；${cutoff} 起不再接受托票。`,
    proxyNote: "备注（可不填）",
    proxySend: "托给哨子",
    proxySent: "托票已交给哨子",
    /** The player's own 托票 request as it stands (MyProxyNotice); the last while there is still time to vote. */
    myProxyWaiting: (target: string, cutoff: string) =>
      `你的托票（投 ${target}）在等哨子代投，托票截止 ${cutoff}。`,
    myProxyEntered: (entered: string, asked: string) =>
      entered === asked
        ? `哨子已按你的托票代投：${entered}。`
        : `哨子已代投：${entered}（你托的是 ${asked}）。`,
    myProxySelfVoted: (target: string) => `你此后已自己投票，托票（投 ${target}）不再代投。`,
    myProxySameAsOwn: (target: string) =>
      `你托的 ${target} 就是你本人现在的票，哨子无需代投；你的票照常有效，投票时间不变。`,
    myProxyLapsedVoted: (target: string, cutoff: string, at: string) =>
      `托票截止（${cutoff}）前哨子没有代投你的托票（投 ${target}）；你 ${at} 的投票仍然有效。`,
    myProxyLapsed: (target: string, cutoff: string, deadline: string) =>
      `托票截止（${cutoff}）前哨子没有代投你的托票（投 ${target}），现在已无法代投。请在 ${deadline} 投票截止前自己投票。`,
    results: "本轮结果",
    outBy: (names: string) => `上票房：${names}`,
    tied: (names: string, duel = false) => `平票：${names}，进入${duel ? "高票对决" : "加时"}`,
    tieBreak: (rule: string, names: string) => `${rule === "first-reached" ? "先到先出" : rule}：${names}`,
    // The 托票 form once the server would refuse a request (RULINGS 12; an overtime opens past the day's cut-off).
    proxyClosedBadge: "不再接受",
    proxyClosed: (cutoff: string, deadline: string) =>
      `托票已截止（${cutoff}），哨子不能再代投；请在 ${deadline} 投票截止前自己投票。`,
    proxyOvertime: (cutoff: string) => `加时中不接受托票（当天的托票截止 ${cutoff} 已过），请自己投票。`,
  },
  me: {
    warnings: "我的违规记录",
    extensionTitle: "申请白条延期",
    extensionHint:
      "有白条挂出时，对方阵营可申请当轮延长一天，须在白条补齐前提出；白道由剑侠申请。申请只发给哨子，由哨子批准并公告。",
    extensionSend: "发给哨子",
    extensionSent: "申请已交给哨子",
    // Why this seat may not ask now (RoleCard.extensionRefusal): public facts and the seat's own role only.
    extensionRefused: (code: string) =>
      ({
        "iou-extension.no-open-iou": "挂着的白条是你方阵营的，延期只能由对方阵营申请。",
        "iou-extension.not-swordsman":
          "白道的延期申请由剑侠提出；剑侠均已公布出局后，才由存活全票游侠一致申请。",
        "iou-extension.neutral": "中立阵营没有白条延期的申请权。",
        "iou-extension.vote-closed": "本轮投票已截止，不能再申请延期。",
        "iou-extension.already-extended": "本轮已经延长过，不能再申请。",
      })[code] ?? "你现在不能申请白条延期。",
    warningCount: (n: number) => `你已被警告${n}次。累积两次警告，将被判罚出局。`,
    warned: "记警告",
    penaltyOut: "判罚出局",
    idBanned: "封ID",
    warningWithdrawn: (reason: string | null) => `已撤销${reason ? `（理由：${reason}）` : ""}`,
    title: "我的身份",
    notPlayer: "你不是本局的玩家",
    role: "身份",
    code: "代号",
    camp: "阵营",
    teammates: "你知道的队友",
    noTeammates: "你没有已知的队友",
    rooms: "小黑屋",
    noRooms: "你没有小黑屋",
    myPosts: "我的杀帖",
    noPosts: "还没有出过帖",
    enteredByReferee: "哨子代为录入",
    enteredByRefereeHint: "这篇杀帖由哨子按你站外发来的内容录入，按你本人出帖计",
    dueDates: "待办",
    postsDue: (n: number) => `本轮有 ${n} 个出帖权`,
    yourTurn: "轮到你出帖",
    groupChoice: "本组自定出帖人，你可以出帖",
    postedThisRound: "你本轮已出帖",
    notYourTurn: "本轮不是你出帖",
    ious: "白条",
    noIous: "没有未补的白条",
    iouLine: (target: string, deadline: string) => `→ ${target}，${deadline}前补齐`,
    completeIou: "补白条",
    writeKill: "写杀帖",
    /** 待办's link to the editor for a seat with no post this round yet, which may draft one (not 写杀帖: no post is owed). */
    draftKill: "起草杀帖",
    complaint: "举报",
    complaintTitle: "举报杀帖",
    complaintAgainst: "被举报的杀帖",
    complaintChoosePost: "选择杀帖",
    complaintPost: (round: number, index: number, target: string) =>
      `第${round}轮 杀帖 #${index + 1}（目标：${target}）`,
    /** Under the picker: a phone's select shows one line, cut, and a long 马甲 there reads only as its start. */
    complaintPickedTarget: (target: string) => `所选杀帖的目标：${target}`,
    complaintText: "举报理由",
    complaintSent: "举报已交给哨群",
    messagesSummary: (n: number) => (n > 0 ? `私信哨子（${n}条）` : "私信哨子"),
    // Not the words 「举报杀帖」: that is the complaint form's title, which readers (and tests) find it by.
    messagesHint:
      "只有本局哨子（含副哨）和你看得到：申诉、询问规则、报告网站问题或泄密都可以写在这里。托票和对杀帖的举报请用各自的表单。",
    messageSend: "发给哨子",
    messageSent: "已发给哨子",
    messageFromMe: "我",
    messageLine: (from: string, text: string) => `${from}：${text}`,
    messageFromReferee: (referee: string) => (referee ? `哨子 ${referee}` : "哨子"),
    hiddenNote: "身份只给你自己看，请勿贴证。",
    powers: "能力",
    youAreOut: (when: string, cause: string | null) => `你已于${when}出局${cause ? `（${cause}）` : ""}。`,
    powerKillPost: (min: number) => `出帖权：按进程出杀帖（不少于${min}字），一帖杀一人。`,
    powerEngineerPost: (min: number) =>
      `找蛋帖（不少于${min}字）：帖中炸弹则炸弹出局；帖错彼此都不出局。工兵帖不杀人。`,
    powerGroup: (name: string, rotation: string) =>
      `出帖组：${name}，${rotation === "group-choice" ? "组内自定每轮谁出帖" : "按代号顺序轮流出帖"}。`,
    powerNoHalfVote: "被你贴杀的人当轮没有半票。",
    powerBombPost: (through: number) => `前${through}轮中被任何杀帖贴中，则与出帖者同归。`,
    powerBombVote: (through: number) => `前${through}轮被票出时，带走领票人。`,
    powerBombEnds: (through: number) => `第${through}轮出帖后炸弹功能失效（此后只有投票权）。`,
    powerAbility: (ability: string, phase: string, together: boolean, uses: number | null) =>
      `${({ night: "夜晚", day: "白天", any: "白天或夜晚" } as Record<string, string>)[phase] ?? phase}可${({ kill: "杀人", check: "验人", protect: "救人", shoot: "开枪" } as Record<string, string>)[ability] ?? ability}${together ? "，与同伴共同决定对象" : ""}${uses !== null ? `，全局限${uses}次` : ""}。`,
    powerNone: "只有投票权。",
    // 我的举报: the player's own complaints and what became of each (my-complaints.ts); rulings' reasons are public.
    myComplaints: "我的举报",
    myComplaintPost: (round: string, index: number, target: string | null) =>
      `${round} 杀帖 #${index + 1}${target === null ? "" : ` → ${target}`}`,
    myComplaintUnknownPost: "杀帖（未记录是哪一帖）",
    myComplaintFiled: (at: string) => `${at} 举报`,
    /** 录入举报: a complaint the player made to the 哨群 off the site, entered by a referee. */
    myComplaintEntered: (at: string) => `${at} 向哨群举报（哨子录入）`,
    myComplaintText: (text: string) => `你的理由：${text}`,
    myComplaintWaiting: (deadline: string | null) =>
      `等待哨子裁定${deadline === null ? "" : `（举报截止 ${deadline} 前交的举报，截止后也会裁定）`}`,
    myComplaintUpheld: (at: string, reason: string | null) =>
      `举报成立（${at}）${reason === null ? "" : `，哨子的理由：${reason}`}`,
    myComplaintDismissed: (at: string, reason: string | null) =>
      `驳回（${at}）${reason === null ? "" : `，哨子的理由：${reason}`}`,
    myComplaintAsIou: (at: string, reason: string | null, deadline: string | null) =>
      `举报属实：字数不够，按白条处理（${at}）${deadline === null ? "" : `，须在 ${deadline} 前补齐，否则出帖者出局、被帖者复活`}${reason === null ? "" : `；哨子的理由：${reason}`}`,
    myComplaintExpired: (at: string, why: "ended" | "window") =>
      why === "window"
        ? `已过期：举报截止（${at}）前哨子没有裁定`
        : `已过期：游戏结束（${at}）前哨子没有裁定`,
    myComplaintVoided: (at: string, why: "iou" | "referee") =>
      `此帖已另行作废（${why === "iou" ? "白条未补齐" : "哨子作废杀帖"}，${at}），无需裁定`,
  },
  night: {
    title: "夜晚行动",
    banditTitle: "秘匪的子弹",
    // The built-in secret-bandit conversion (seed 001 1.5): "如果在前三天开枪，则转为水民…前三天不开枪则转成杀手".
    banditDeadline: (day: number, today: number) =>
      `第${day}天白天结束前开枪，你将转为水民；到那时仍未开枪，则转为杀手。现在是第${today}天。`,
    ability: (a: string) =>
      (({ kill: "杀人", check: "验人", protect: "救治", shoot: "开枪" }) as Record<string, string>)[a] ?? a,
    submit: (a: string) =>
      (
        ({ kill: "确定杀人", check: "确定验人", protect: "确定救治", shoot: "开枪" }) as Record<
          string,
          string
        >
      )[a] ?? a,
    target: "目标",
    chooseTarget: "选择目标",
    pass: "放弃",
    passed: "本组已选择放弃",
    together: "同组共同行动：任一成员提交即为全组的选择，截止前以最后一次为准。",
    mustAct: "不得放弃：夜晚结束前必须选择目标，否则记为潜水。",
    noFeedback: "无反馈：天亮后不会告知结果。",
    standing: (target: string, by: string, time: string) => `当前选择：${target}（${by}，${time}）`,
    standingPass: (by: string, time: string) => `当前选择：放弃（${by}，${time}）`,
    none: "本夜尚未选择",
    sent: "已提交",
    nightEnds: "夜晚结束",
    notNight: "现在不是夜晚，夜晚行动在夜晚开放。",
    out: "你已出局，不能再行动。",
    bulletLeft: "你有一发子弹，白天和夜晚都可以开枪（开枪后不能收回）。",
    bulletSpent: (target: string) => `子弹已用：射向 ${target}`,
    became: (role: string) => `你已转为${role}`,
    confirmShoot: (target: string) => `确定向 ${target} 开枪吗？开枪后不能收回。`,
    checks: "验人结果",
    noChecks: "还没有验人结果",
    checkLine: (night: number, target: string, killer: boolean) =>
      `第${night}夜 ${target}：${killer ? "杀手" : "好人"}`,
    history: "历次选择",
    historyLine: (night: number, ability: string, target: string) => `第${night}夜 ${ability} → ${target}`,
    roleName: (r: string) =>
      (
        ({ killer: "杀手", villager: "水民", police: "警察", doctor: "医生", bandit: "秘匪" }) as Record<
          string,
          string
        >
      )[r] ?? r,
  },
  room: {
    placeholder: "说点什么…",
    send: "发送",
    empty: "还没有消息",
    members: (names: string) => `成员：${names}`,
  },
  editor: {
    words: (n: number) => `字数 ${n}`,
    min: (n: number) => `最少 ${n} 字`,
    short: (n: number) => `还差 ${n} 字`,
    enough: "字数已够",
    iouWarning: (min: number) => `不足${min}字将记为白条，需在期限内补齐。`,
    draftSaved: "草稿已保存在本机",
    draftRestored: "已恢复上次的草稿",
    clearDraft: "清空草稿",
    check: "查抄袭",
    checking: "检查中…",
    checkUnavailable: "原创检查暂不可用",
    checkClean: (p: number) => `原创检查通过（重合 ${p}%）`,
    checkFlagged: (p: number) => `疑似抄袭：重合 ${p}%，高亮部分请修改`,
    highlighted: "标黄部分与已有文本重合",
    /**
     * A copied passage's source: a site post by its title (which names the game, round and kind), a reference text as
     * 外部文本 with its title; the raw kind id never shows.
     */
    source: (kind: string, ref: string) =>
      !(kind in SOURCE_KINDS)
        ? `来源：外部文本${ref ? ` ${ref}` : ""}`
        : `来源：${ref || (SOURCE_KINDS[kind] ?? "站内帖子")}`,
    /** The referee's re-check of a complained post: said of the post, not to its writer. */
    refereeCheckClean: (p: number) => `原创检查：重合 ${p}%，未超过限度`,
    refereeCheckFlagged: (p: number) => `原创检查：重合 ${p}%，超过限度（疑似抄袭），重合段落见下`,
    placeholder: "在这里写正文…",
    /** A soft warning while writing a kill post or IOU (scriptMix); sending is not blocked. */
    scriptWarning: (hints: string) =>
      `${hints}：有的规则（如空军）写明哨群有权拒绝外文帖、繁体字帖充作杀帖，建议改用简体中文后再出帖。`,
  },
  /** scriptMix's flags (seed 002: 哨群有权拒绝外文帖、繁体字帖…充作杀贴), for the referee and the editor. */
  script: {
    traditional: (p: number) => `疑似繁体字帖（繁体字约占 ${p}%）`,
    foreign: (p: number) => `疑似外文帖（外文约占 ${p}%）`,
    list: (hints: string[]) => hints.join("；"),
    refereeHint:
      "有的规则（如空军）写明哨群有权拒绝外文帖、繁体字帖充作杀帖；是否拒绝由你裁定（改判「作废杀帖」，或裁定举报）。",
  },
  write: {
    killTitle: "写杀帖",
    body: "正文",
    iouTitle: "补白条",
    target: "目标",
    chooseTarget: "选择目标",
    code: "代号猜想",
    window: (from: string, to: string) => `出帖时间：${from} – ${to}`,
    windowClosed: "当前不在出帖时间",
    noRight: "你本轮没有出帖权（可以先写草稿）",
    /** A role that never posts as told (游侠, 明弹, the hidden bomb told it is a 游侠): no draft to invite. */
    noRightRole: "你的身份没有出帖权，只有投票权。",
    /** To a seat whose post this round is sent (not 没有出帖权: it had one), with a link to where it is listed. */
    posted: "你本轮已出帖。",
    postedWhere: "在「我的身份」查看我的杀帖",
    outNoPost: "你已出局，不能再出杀帖。",
    outIouToReferee:
      "你已出局，不能在站内发帖。白条若未补齐，请在期限前把补帖全文私下发给哨子，由哨子代为录入。",
    submit: "出帖",
    submitIou: "补上白条",
    sent: (words: number) => `已出帖（${words}字）。杀帖会在出帖截止后统一放出。`,
    sentIou: (words: number) => `已出帖（${words}字），字数不足，记为白条。`,
    iouDone: "白条已补齐",
    confirmIou: (words: number, min: number, iouMin: number) =>
      `正文只有${words}字，不足${min}字，提交后记为白条：须在白条期限前补到${iouMin}字，否则出帖者出局、目标复活（期限见「我的身份 → 白条」）。确定提交？`,
    iouFor: (target: string, deadline: string) => `补齐对 ${target} 的白条，${deadline}前`,
    // The 补白条 page once nothing is open: the last 白条 completed, in place of an editor the server would refuse.
    /** 认定字数足够: the referee accepted the post as full; nothing is left to complete. */
    iouAccepted: (round: string, target: string) =>
      `哨子认定${round}对 ${target} 的杀帖字数足够，白条视同补齐，无需再补。`,
    iouCompleted: (round: string, target: string, words: number | null, at: string | null) =>
      `白条已补齐：${round}对 ${target} 的白条${words === null ? "" : `，补帖${words}字`}${at === null ? "" : `，${at} 补齐`}。`,
  },
  referee: {
    awardsTitle: "评奖",
    awardsHint:
      "游戏结束后评出单项奖（七杀规则：MVP、最佳演绎、最佳文字、最佳投入），公开显示在首页和「战报」；再次发布会替换之前的结果，全部选「不评」即撤回。",
    awardsNone: "不评",
    awardsNote: "评语（可不填）",
    awardsSubmit: "发布奖项",
    awardsPublished: "奖项已发布",
    title: "哨子台",
    notReferee: "只有本局哨子可以进入",
    roster: "座位与真身",
    rooms: "各方小黑屋（只读）",
    logChatter: "显示发言与小黑屋消息",
    roundPosts: (round: string) => `${round}杀帖（放出前只有哨子可见）`,
    /** A post whose poster went out before the release: not released, its slot free again. */
    postWithdrawn: "出帖者已出局，此帖不放出（名额空出，可由同组他人补出）",
    /** A post a referee entered for its seat (录入杀帖): the desk only; players see it as the poster's own. */
    postEntered: (referee: string) => `哨子录入（${referee}）`,
    unitPosts: (sent: number, due: number) =>
      sent >= due ? `已出 ${sent}/${due}` : `已出 ${sent}/${due}，还差 ${due - sent} 帖`,
    /** The end holds but waits (GameView.endingWaits): what holds, and what it waits on. */
    endingWaits: (holds: string, waitsOn: string) =>
      `结束条件已成立：${holds}。游戏暂不结束，等待${waitsOn}；落定后自动重新判定胜负（无论结果如何都不改变胜负的，不会等待）。`,
    endingHolds: (winner: string, why: string | null) => (why ? `${winner}（${why}）` : winner),
    endingWaitsOn: (round: string, kind: "tie" | "lead-voter" | "iou" | "complaint" | "complaint-window") =>
      `${round}${{ tie: "平票由你裁定", "lead-voter": "领票人由你指定", iou: "白条补齐或逾期", complaint: "杀帖举报由你裁定", "complaint-window": "杀帖举报截止（其间有人举报、经你裁定成立的，出帖者出局、被帖者复活）" }[kind]}`,
    overtimeRunning: (round: string, tied: string, until: string, duel: boolean) =>
      `${round}${duel ? "高票对决" : "平票加时"}进行中：${tied}，${until} 截止；截止后才有本轮结果帖。`,
    sections: {
      "referee-inbox": "收件箱",
      "referee-results": "结果帖",
      "referee-overrides": "改判",
      "referee-roster": "座位",
      "referee-log": "日志",
    } as Record<string, string>,
    waiting: (n: number) => `${n}件待处理`,
    alias: "马甲",
    account: "账号",
    role: "身份",
    code: "代号",
    alive: "存活",
    out: "出局",
    lifecycle: "开版",
    openSignup: "开放报名",
    closeSignup: "截止报名",
    reopenSignup: "重新开放报名",
    start: "开始游戏",
    seed: "随机种子（可不填）",
    reports: "报道审核",
    reportsFlagged: (n: number) => `${n}篇疑似抄袭待裁定`,
    round1At: "第1轮开始时间（默认规则的下一个开局时间；清空则现在开始）",
    nightRecord: "夜晚记录（仅哨子可见）",
    nightTitle: (round: number, resolved: boolean) => `第${round}夜${resolved ? "" : "（进行中）"}：`,
    nightPassed: "放弃",
    nightNoActions: "尚无行动",
    nightDawn: (saved: string[], empty: string | null) =>
      [saved.length > 0 ? `救下 ${saved.join("、")}` : "", empty ? `空针：${empty}` : ""]
        .filter((x) => x !== "")
        .join("；") || "无人获救，无空针",
    needles: (list: string) => `空针累计：${list}`,
    banditState: (who: string, shot: string | null, became: string | null) =>
      `秘匪 ${who}：${shot ? `子弹已射向 ${shot}` : "子弹未用"}${became ? `，已转为${became}` : ""}`,
    lastWordsOwed: (night: number, owing: string[], ends: string) =>
      owing.length > 0
        ? `第${night}夜遗言待发：${owing.join("、")}（${ends} 截止）`
        : `第${night}夜遗言已全部发表`,
    iouExtension: "白条延期",
    iouExtensionHint:
      "对方阵营有白条挂出时，可申请当轮延长一天，须在白条补齐前提出。白道由剑侠申请；剑侠均已出局时须所有存活全票游侠一致同意。每轮一次。",
    iouExtensionBy: "申请人（可多选）",
    iouExtensionGrant: "批准延期一天",
    reject: "判为不合规",
    // Clears a flagged share, or withdraws a non-compliant ruling (no redo is then due).
    approve: "裁定合规",
    reportApproved: (reason: string) => `哨子裁定合规（${reason}）`,
    rejectReason: "理由",
    redoDeadline: "重写期限（小时）",
    redoDeadlineAt: (at: string) => `即 ${at} 前`,
    confirmStartUnruled: (n: number) =>
      `还有 ${n} 篇报道疑似抄袭、尚未裁定（收件箱）。开始游戏后这些玩家照常入座。确定现在开始吗？`,
    // 移除报名: before the start only (after it a seat changes hands with 替补); the reason goes into the log.
    removeSignup: "移除报名",
    removeSignupReason: (alias: string) => `移除「${alias}」的理由`,
    removeSignupConfirm: "确认移除",
    progression: "进程编辑",
    progressionRound: "轮次",
    votesPerVoter: "每人票数",
    voteOut: "票杀人数",
    posts: "出帖数（组=数，每行一个）",
    extraPosts: "额外出帖数（不计入本轮杀人数，如工兵；组=数，每行一个）",
    inbox: "收件箱（私信、托票、举报、白条延期、报道、平票、领票人、胜负）",
    inboxEmpty: "没有待处理的消息",
    proxyItem: (from: string, target: string) => `${from} 托票 → ${target}`,
    /** `post`: the round (第N轮) and target of the post complained of, where the complaint names it. */
    complaintItem: (from: string, against: string, post?: { round: string; target: string } | null) =>
      `${from} 举报 ${against}${post ? ` · ${post.round}杀帖 → ${post.target}` : ""}`,
    /** 录入举报 naming no complainant: the 哨群's own. */
    complaintByGroup: "哨群",
    /** 录入举报: when the 哨群 received it (what the deadline was judged by), and who entered it. */
    complaintEnteredLine: (received: string, referee: string) =>
      `哨群 ${received} 收到，${referee ? `哨子 ${referee} ` : "哨子"}录入`,
    castProxy: "代投",
    // RULINGS 12: the referee's entry time counts, so a 托票 is entered before its cut-off or not at all.
    proxyCutoff: (cutoff: string, left: string) => `托票截止 ${cutoff}（还剩 ${left}），之后无法代投`,
    proxyAfterCutoff: (cutoff: string) => `已过托票截止时间（${cutoff}），无法代投`,
    extensionItem: (from: string) => `${from} 申请白条延期`,
    reportFlaggedItem: (alias: string, percent: number | null) =>
      `${alias} 的报道疑似抄袭${percent === null ? "" : `（${percent}%）`}，待裁定`,
    reportFlaggedHint: "可在此裁定合规；判为不合规并限期重写，请用「报道审核」。",
    extensionItemHint:
      "白道由剑侠申请；剑侠均已出局时须所有存活全票游侠一致同意，多人申请请用「白条延期」面板一并批准。",
    extensionGrantReason: (from: string) => `应 ${from} 的申请批准白条延期`,
    handled: (outcome: string, at: string) =>
      `${{ "proxy-cast": "已代投", upheld: "举报成立", dismissed: "已驳回", "as-iou": "字数不够，按白条处理", granted: "已批准延期", approved: "已裁定合规", rejected: "已判不合规", expired: "已过期", decided: "已裁定", withdrawn: "已撤回", voided: "帖已作废，无需裁定", "after-cutoff": "已过托票截止时间，无法代投", "self-voted": "该玩家此后已自行投票", "same-as-own": "该玩家本人已投同一目标，无需代投", "round-extended": "本轮已延期（另一申请已批准）", "iou-settled": "白条已了结，无需延期", "signup-withdrawn": "报名已撤销，无需裁定", replied: "已回复" }[outcome] ?? outcome} · ${at}`,
    proxyCastOtherwise: (cast: string, at: string) => `已代投：${cast}（与托票不同）· ${at}`,
    messageItem: (alias: string) => `${alias} 私信哨子`,
    messageReply: "回复（只有该玩家和哨子看得到）",
    messageReplySend: "回复",
    messageReplied: "已回复",
    /** Before the answer a handled 私信 shows: who answered (an answer stored unsigned reads 哨子). */
    messageAnsweredBy: (referee: string) => `${referee || "哨子"} 回复：`,
    tieItem: (round: string, seats: string, slots: number, reason: string) =>
      `${round}投票平票（${TIE_REASONS[reason] ?? reason}）：由哨子在 ${seats} 中定${slots}人出局`,
    tieItemHint: (slots: number) =>
      slots === 0
        ? "平票者都已出局，无人可定：写明理由后确定，结束这项裁定。"
        : `勾选${slots}人并写明理由；被定出局者按票杀处理（炸弹照常带走领票人），结果帖会写明哨子的裁定。`,
    decideTie: "确定出局",
    decideTieNobody: "确定（无人出局）",
    /** Beside a tied seat that went out since (its box greyed): why it cannot be chosen. */
    tiedOut: "已出局，不能再定",
    leadVoterItem: (round: string, bomb: string) => `${round}，${bomb} 被票出：领票人由哨子指定`,
    leadVoterItemHint:
      "在投了该炸弹的人中选一人并写明理由；被选中者作为领票人随炸弹出局，结果帖会写明哨子的指定。",
    decideLeadVoter: "定为领票人",
    voterOut: "（已出局）",
    endingItem: (round: string) => `${round}结束条件同时成立：规则未定哪一方胜出，胜负由哨子裁定`,
    endingItemHint: "选定结果并写明理由后结束游戏；游戏会继续按时推进，直到哨子裁定。",
    endingChoice: (winner: string, why: string) => (why ? `${winner}（${why}）` : winner),
    endingChoices: (each: readonly string[]) => each.join("；"),
    // A handled 平票 / 领票人 / 胜负 item: what the referee decided, and why.
    rulingOut: (seats: string, reason: string) =>
      `已裁定：${seats === "" ? "无人出局" : `${seats} 出局`}${reason ? `（理由：${reason}）` : ""}`,
    rulingLeadVoter: (seat: string, reason: string) =>
      `已裁定：${seat} 为领票人${reason ? `（理由：${reason}）` : ""}`,
    rulingEnding: (winner: string, reason: string) =>
      `已裁定：${winner}${reason ? `（理由：${reason}）` : ""}`,
    decideEnding: "结束游戏",
    uphold: "举报成立",
    confirmUphold: (poster: string, target: string | null) =>
      `确定举报成立？出帖者 ${poster} 将出局${target ? `，被帖者 ${target} 若因此帖出局将复活` : ""}。此操作无法撤销。`,
    // A handled complaint's record: the reason given, and what followed (seed 000: 出帖者出局，被帖者复活).
    rulingComplaint: (reason: string, posterOut: string | null, revived: string | null) =>
      [
        reason ? `理由：${reason}` : "",
        posterOut ? `出帖者 ${posterOut} 出局` : "",
        revived ? `被帖者 ${revived} 复活` : "",
      ]
        .filter((x) => x !== "")
        .join("；"),
    dismiss: "驳回",
    /** 字数不够按白条处理 (seed 000): the third ruling on a complaint. */
    asIou: "字数不够，按白条处理",
    asIouDeadline: "白条补齐期限（本轮白条期限已过，须另定）",
    confirmAsIou: (poster: string, deadline: string) =>
      `确定按白条处理？${poster} 的这篇杀帖改为白条，须在 ${deadline} 前补齐；逾期未补则出帖者出局、被帖者复活。`,
    rulingComplaintIou: (reason: string, deadline: string) =>
      `按白条处理，${deadline} 前补齐${reason ? `；理由：${reason}` : ""}`,
    rulingReason: "裁定理由",
    originality: "原创报告",
    checkPost: "查该帖",
    overrides: "哨子最大：改判",
    overrideAction: "操作",
    overrideTarget: "对象",
    overrideReason: "理由（必填，会记录）",
    overrideActions: {
      eliminate: "判出局",
      revive: "复活",
      "void-vote": "作废投票",
      "void-post": "作废杀帖",
      "amend-vote-out": "改判票杀",
      "amend-lead-voter": "改定领票人",
      "reinstate-post": "恢复杀帖",
      "accept-iou": "认定字数足够",
      "assign-turn": "指定出帖人",
      extend: "延长截止",
      "end-game": "结束游戏（判定胜负）",
    } as Record<string, string>,
    /** 改判票杀: after a round's vote has closed, whom it puts out is corrected (a 托票 entered too late, a count read wrong). */
    amendVoteOutNone: "还没有已截止的投票可改判。",
    /** 指定出帖人: a turn of a group's rotation goes to another living member (the one whose turn it is is absent). */
    assignTurnUnit: "出帖组",
    assignTurnFrom: "让出的轮次",
    assignTurnFromOption: (seat: string, from: string | null) =>
      from === null ? `轮到 ${seat}` : `轮到 ${seat}（原轮到 ${from}，已指定）`,
    assignTurnSeat: "改由谁出帖",
    assignTurnChoose: "选择组内存活的成员",
    assignTurnNone: "本轮没有可指定出帖人的出帖组（杀帖已发布、各组都已出帖，或由组内自定出帖人）。",
    assignTurnHint:
      "按代号顺序轮流出帖时，轮到的人缺席，组内其他人不能替出，这一帖就作废。指定后由所选成员出这一帖，原轮到的人本轮不再能出；轮转照常往下走（让出的轮次算用过，下一轮轮到原顺序的下一位），被指定的人自己的轮次照旧保留。只在本轮发帖时段内、杀帖发布前可用；只通知被指定的人和原轮到的人，不进结果帖。",
    /** 改定领票人: another 领票人 for a bomb voted out (the one it took comes back). */
    amendLeadVoterBomb: "被票出的炸弹",
    amendLeadVoterBombOption: (bomb: string, taken: string | null) =>
      taken === null ? `${bomb}（未带走领票人）` : `${bomb}（现领票人：${taken}）`,
    amendLeadVoterVoter: "改定的领票人",
    amendLeadVoterChoose: "选择投了该炸弹的玩家",
    amendLeadVoterOut: (who: string) => `${who}（已出局）`,
    amendLeadVoterNone: "这一轮没有被票出、可改定领票人的炸弹。",
    amendLeadVoterHint:
      "原领票人复活，改定的玩家作为领票人随炸弹出局，身份立即公布；只能在投了该炸弹的玩家中选。领票人由哨子指定的规则，首次指定请在收件箱里做。",
    /** 恢复杀帖: a voided post stands again (the 举报 or 作废 ruling withdrawn). */
    reinstateNone: "目前没有被作废的杀帖。",
    reinstateWhich: "选择要恢复的杀帖",
    reinstateOption: (round: number, poster: string, target: string) => `第${round}轮 ${poster} → ${target}`,
    /** 认定字数足够: an open 白条 accepted as a full post. */
    acceptIouNone: "目前没有待补的白条。",
    acceptIouWhich: "选择白条",
    acceptIouOption: (round: number, poster: string, target: string) => `第${round}轮 ${poster} → ${target}`,
    acceptIouHint:
      "认定这篇杀帖字数已够（如不同版本 Word 统计差一两字）：白条视同补齐，到期不再判出帖者出局。理由会公布，出帖者不公开。",
    reinstateHint:
      "撤销此前的举报属实或作废杀帖裁定：因该帖出局的出帖者复活，被帖者（如仍存活）按帖杀出局。帖炸弹的帖、工兵帖、作废前未补齐的白条不能这样恢复。",
    amendVoteOutRound: "改判哪一轮",
    amendVoteOutRoundOption: (round: number) => `第${round}轮票杀`,
    amendVoteOutHouse: "哪一府",
    amendVoteOutHouseOption: (house: number) => `第${house}府`,
    amendVoteOutHint:
      "勾选改判后该轮应被票杀的玩家。取消勾选的人复活（被其炸弹带走的领票人一同复活）；新勾选的人按票杀出局，炸弹照常带走领票人。票楼的计票记录保持原样，结果帖会写明改判及理由。",
    amendVoteOutSeat: (who: string, votes: string, votedOut: boolean, outOtherwise: boolean) =>
      `${who}（${votes}${votedOut ? "，现为票杀出局" : outOtherwise ? "，已因其他原因出局" : ""}）`,
    confirmAmendVoteOut: (round: number, previous: string, next: string) =>
      `确定把第${round}轮的票杀由“${previous}”改为“${next}”？`,
    /** On a game already over only the result can still be ruled on (改判结果); its roles are public by then. */
    amendResultAction: "改判结果",
    amendResultHint:
      "游戏已经结束，所有身份已经公开，不能再继续进行；这里只能更改本局的胜负结果（例如结束后查实的举报）。",
    confirmAmendResult: (previous: string, result: string) =>
      `确定把本局结果由“${previous}”改为“${result}”？`,
    /** Rulings made from their own panels (进程微调, 替补), named in the history. */
    otherOverrideActions: {
      "decide-tie": "裁定平票",
      "decide-lead-voter": "指定领票人",
      "set-progression": "进程微调",
      substitute: "替补",
    } as Record<string, string>,
    /** 7kill rulings (seed 001 4.2, 4.3), offered when the rule set is a day-night game. */
    /** 作废投票 removes the voter's ballots of the open vote: one who does not vote again counts as not voting. */
    voidVoteHint: (dayNight: boolean) =>
      dayNight
        ? "作废投票会删去该玩家本次投票的全部选票：截止前未重新投票，即按未投票计（潜水警告）。只想让这一票作废而计为弃权，请用「无效票」。"
        : "作废投票会删去该玩家本次投票的全部选票：截止前未重新投票，即按未投票处理（不投票算自杀的规则下，按自杀出局）。",
    /** Entries of what reached the referee off the site (RefereeManual.tsx). */
    manual: {
      title: "站外收到的托票、杀帖、白条补帖与举报",
      hint: "玩家通过 QQ、短信、电话发来的托票、杀帖和白条补帖，或在哨群里提出、哨子自己发现的举报，在这里录入；站内提交的请在收件箱处理。",
      proxyTitle: "录入托票",
      proxyHint: (minutes: number) =>
        `托票只通过哨子，只能指定一个投票对象，不附条件；投票截止前 ${minutes} 分钟起不再接受。录入时间即计票时间，公开显示为托票。`,
      voter: "托票人",
      target: "投给",
      proxyEntered: "托票已录入",
      killTitle: "录入杀帖",
      killHint:
        "出帖期间网站打不开、玩家无法在站内出帖时，把他私下（QQ、站内信）发给你的杀帖全文贴在这里，代该座位出帖：出帖窗口、轮流顺序、字数（不足记为白条）和原创检查都与本人出帖相同，收到时间为录入时间；记为哨子录入，其他玩家看到的与本人出帖无异。",
      killPoster: "出帖座位",
      killConfirmIou: (words: number, min: number, iouMin: number) =>
        `正文只有${words}字，不足${min}字，录入后记为该玩家的白条：须在白条期限前补到${iouMin}字，否则出帖者出局、目标复活。确定录入？`,
      killSubmit: "录入杀帖",
      killEntered: (words: number, iou: boolean) =>
        iou ? `杀帖已录入（${words}字），字数不足，记为白条` : `杀帖已录入（${words}字）`,
      iouTitle: "录入白条补帖",
      iouHint:
        "出帖者已出局、或无法在站内发帖时，把私下发给你的补帖全文贴在这里；字数与原创检查和本人补帖相同，记为哨子录入。",
      iouOption: (poster: string, round: number, target: string) =>
        `${poster} · 第${round}轮帖杀 ${target} 的白条`,
      iouSubmit: "录入补帖",
      iouEntered: "补帖已录入",
      /** 录入举报: a complaint the 哨群 received off the site by the deadline, entered perhaps after it. */
      complaintEntryTitle: "录入举报",
      complaintEntryHint:
        "玩家在举报期限前通过 QQ、哨群举报的杀帖，在这里录入，举报期限过后也可以补录：是否逾期按哨群收到举报的时间判断（「逾期不再受理」），收到时间不能晚于现在、不能早于该帖发布。录入后和站内举报一样进收件箱等你裁定，能改变胜负时游戏等你裁定；指定了举报人的，记为他的举报，他在「我的身份 → 我的举报」里看得到。",
      complaintEntryPost: "被举报的杀帖",
      complaintEntryPostOption: (round: number, poster: string, target: string) =>
        `第${round}轮 · ${poster} 帖杀 ${target}`,
      complaintEntryComplainant: "举报人",
      complaintEntryNobody: "不指定（哨群自己的举报）",
      complaintEntryReceived: "哨群收到举报的时间",
      complaintEntryText: "举报内容",
      complaintEntrySubmit: "录入举报",
      complaintEntered: "举报已录入，请在收件箱裁定",
      complaintTitle: "裁定举报（杀帖）",
      complaintHint:
        "选出帖者和哪一篇已公布的杀帖；举报成立则出帖者出局，被帖者若因此帖出局则复活；字数不够则按白条处理（出帖者须按期补齐）。已驳回的举报可以在这里改判成立。",
      poster: "出帖者",
      /** 7kill: what reaches the director off the site is 代投 and the night's choices (「如出现特殊情况（如论坛出现故障）」). */
      titleDayNight: "站外收到的代投与夜间行动",
      hintDayNight:
        "玩家通过 QQ、短信、电话发来的代投和夜间行动（杀人、验人、救治、秘匪开枪），在这里录入；站内提交的请在收件箱处理。",
      nightTitle: "录入夜间行动",
      nightHint:
        "玩家无法在站内行动时，按他私下发给你的选择代该座位录入：能力、时间和目标的限制与本人行动相同（杀手、警察按组，后录入的替换本组之前的选择），收到时间为录入时间；只有该组成员和哨子看得到，并注明哨子录入。",
      nightSeat: "行动座位",
      nightAbility: "能力",
      nightTarget: "目标",
      nightSubmit: "录入行动",
      nightEntered: "夜间行动已录入",
    },
    /** 作废杀帖: which of the seat's posts; unnamed, the latest (an unreleased one included). */
    voidPostWhich: "哪一篇",
    voidPostLatest: "最新一篇（含尚未公布的）",
    voidPostOption: (round: number, target: string) => `第${round}轮 · 帖杀 ${target}`,
    invalidVoteHint:
      "无效票：首次投票按弃权计；无效的改票作废，以原投票为准（「改票无效则以原投票计」），改票机会退还给该玩家，便于他「及时联系导演进行更正」。",
    dayNightActions: {
      "invalid-vote": "无效票",
      warn: "警告",
      excuse: "不计潜水（豁免）",
      "withdraw-warning": "撤销警告",
      reputation: "信誉度处罚",
    } as Record<string, string>,
    offenceKinds: {
      lurking: "潜水",
      zhashi: "诈尸",
      "expose-id": "曝ID",
      evidence: "贴证",
      "negative-play": "消极游戏",
      abuse: "不当发言",
      cheating: "作弊",
      other: "其他",
    } as Record<string, string>,
    /** 潜水's cases (seed 001 4.2 a–d) as the engine names them. */
    lurkingReasons: {
      posts: "讨论帖发帖不足",
      "not-voting": "未在投票帖投票",
      streak: "连续三次讨论帖发帖不足",
      "night-action": "未行使夜晚特权",
    } as Record<string, string>,
    reasonList: (reasons: string[]) => `（${reasons.join("、")}）`,
    offence: "违规",
    severe: "情节严重（直接判罚出局）",
    // Seed 001 4.2 「夜晚要求必须行使特权的，没有在规定时间内行使（此种情况处罚时不公开）」.
    secretWarning: "不公开（夜晚未行使必须行使的特权，或故意无效行使）：只有本人和哨子看得到",
    excuseRound: "不计潜水的轮次",
    warningRound: "警告所在轮次",
    reputationPoints: (min: number, max: number) => `信誉度（${min}～${max}）`,
    offences: "警告与违规记录",
    offencesEmpty: "暂无警告",
    offenceLine: (round: string, who: string, kind: string) => `${round} · ${who} · ${kind}`,
    offenceWithdrawn: "已撤销（不计潜水）",
    offenceHidden: "不公开",
    warnings: (n: number) => `有效警告 ${n} 次`,
    reputationGiven: (points: number) => `信誉度 ${points}`,
    endGameWinner: "判定结果",
    confirmEndGame: (result: string) =>
      `确定现在结束游戏并判定“${result}”？结束后游戏不能再继续（之后只能改判结果）。`,
    extendKey: "截止项",
    extendUntil: "在原截止时间上延长（分钟，负数为提前）",
    // With the resulting moment, date included: a slip of a day (or the wrong item) shows before it is sent.
    confirmShorten: (minutes: number, until: string) =>
      `确定把截止时间提前${minutes}分钟，改为 ${until} 吗？提前后可能立即截止。`,
    apply: "执行",
    applied: "已执行并记录",
    results: "结果帖",
    resultsRound: "轮次",
    // 7kill's round has two posts: the day's (投票) and the night's (天亮公布结果).
    resultsPart: "哪一帖",
    resultsPartName: (part: "day" | "night", round: number) =>
      part === "night" ? `第${round}夜结果（天亮公布）` : `第${round}天结果（投票）`,
    preview: "预览",
    // The box holds the post's light Markdown (lib/bbcode.ts); publishing sends the box as it stands, the 结果帖
    // thread shows it formatted, and the copy buttons convert it.
    previewReady:
      "已生成预览，可在框里修改。框里是 Markdown 写法（## 标题，**加粗**）：「发布结果帖」发布的就是框里的文字，本站按格式显示；两个复制按钮把它转成论坛的 BBCode 或去掉标记的纯文本。",
    publish: "发布结果帖",
    published: "结果帖已发布",
    copyBBCode: "复制BBCode（Discuz!/PHPWind）",
    copyText: "复制纯文本",
    log: "完整日志",
    eventName: (type: string) => eventNames[type] ?? type,
    logEmpty: "日志为空",
    logEarlier: (more: number, hidden: number) => `显示更早的 ${more} 条（共 ${hidden} 条未显示）`,
    substitute: "替补",
    noSeatYet: "未入座",
    coRefereeLabel: "副哨",
    replacedLabel: "已被替补",
    coReferee: "加副哨",
    username: "用户名",
    members: "替补与副哨",
    substituteHint:
      "新人以新马甲接手座位：身份、代号和本局记录不变，原账号不再能以该座位行动。新人须已注册账号。",
    substituteSeat: "接手的座位",
    substituteReason: "理由（选填，会公开记录；不填记为「替补」）",
    pickSeat: "选择座位",
    newAlias: "新马甲",
    coRefereeHint: "副哨与你一样可以看到全部身份和裁判操作。对方须已注册账号。",
  },
  /**
   * The referee's log in words (web/src/pages/log-text.ts), one sentence per event. Seats, times and names come in
   * already formatted; `why` is "" or a full-width bracketed reason.
   */
  log: {
    // Separators between the parts of one line (a plan's parts; the outcomes of a vote's close).
    comma: "，",
    semicolon: "；",
    raw: "原始数据",
    seat: (n: number, alias: string | null) => (alias ? `${n + 1}号 ${alias}` : `${n + 1}号`),
    nobody: "无人",
    nobodyOut: "无人出局",
    post: (round: number, index: number) => `第${round}轮杀帖 #${index + 1}`,
    because: (reason: string | null) => (reason ? `（理由：${reason}）` : ""),
    house: (name: string) => `（${name}）`,
    votes: (who: string, votes: number) => `${who}（${votes}票）`,
    withCode: (who: string, code: string) => `${who}（代号 ${code}）`,
    // `seed` undefined: the viewer is not shown how roles were dealt (the seed is the referee's until the end).
    gameStarted: (
      rules: string | null,
      players: number,
      seed: string | null | undefined,
      start: string,
      first: string,
    ) =>
      `游戏开始：${rules ? `${rules}，` : ""}${players}人，` +
      `${seed === undefined ? "" : seed === null ? "固定分配身份，" : `种子 ${seed}，`}` +
      `${first} ${start} 开始`,
    // `posting` undefined: the rule set has no kill posts at all (7kill), so there is nothing to say about them.
    roundOpened: (round: string, plan: string, posting: string | null | undefined, vote: string) =>
      `${round}开始：${plan}；${posting === undefined ? "" : posting === null ? "本轮无杀帖；" : `出帖时间 ${posting}；`}投票截止 ${vote}`,
    votesPerVoter: (n: number) => `每人${n}票`,
    voteOut: (n: number) => `票杀${n}人`,
    posts: (units: readonly string[]) => `出帖 ${units.join("、")}`,
    extraPosts: (units: readonly string[]) => `加帖 ${units.join("、")}`,
    unitPosts: (unit: string, n: number) => `${unit}${n}篇`,
    span: (from: string, to: string) => `${from}–${to}`,
    voteOpened: (round: string, house: string) => `${round}投票开始${house}`,
    overtimeMark: "（加时）",
    vote: (voter: string, targets: string, mark: string) => `${voter} 投票给 ${targets}${mark}`,
    abstain: (voter: string, mark: string) => `${voter} 弃权${mark}`,
    proxyVote: (voter: string, targets: string, mark: string) => `哨子代投：${voter} → ${targets}${mark}`,
    proxyAbstain: (voter: string, mark: string) => `哨子代投：${voter} 弃权${mark}`,
    killPost: (unit: string, poster: string, target: string, words: number, code: string | null) =>
      `${unit} ${poster} 出杀帖，目标 ${target}（${words}字${code ? `，代号 ${code}` : ""}）`,
    engineerPost: (unit: string, poster: string, target: string, words: number) =>
      `${unit} ${poster} 出工兵帖，查 ${target}（${words}字）`,
    /** A rule set without kill posts (7kill) still passes each round's posting deadline, with nothing to release. */
    noKillPosts: (round: string) => `${round}：本局没有杀帖环节`,
    postsReleased: (round: string, count: number, notes: readonly string[]) =>
      count === 0
        ? `${round}没有杀帖`
        : `${round}杀帖公布：${count}篇${notes.length > 0 ? `（${notes.join("，")}）` : ""}`,
    releasedIous: (n: number) => `白条${n}篇`,
    lapsedTargetOut: (n: number) => `${n}篇目标已出局`,
    lapsedVoided: (n: number) => `${n}篇作废`,
    forfeited: (units: readonly string[]) => `；未出：${units.join("、")}`,
    withdrawn: (units: readonly string[]) => `；出帖者在放帖前出局、不放出：${units.join("、")}`,
    releaseDeadlines: (iou: string, complaint: string) => `；白条补齐截止 ${iou}，举报截止 ${complaint}`,
    iouOpened: (post: string, poster: string, target: string, deadline: string) =>
      `${post} 字数不足，记为白条：${poster} → ${target}，须在 ${deadline} 前补齐`,
    iouCompleted: (post: string, poster: string, words: number) =>
      `${poster} 补齐白条（${post}，${words}字）`,
    iouFailed: (post: string, poster: string, target: string) =>
      `${poster} 未按时补齐白条（${post}，目标 ${target}）`,
    complaintUpheld: (post: string, poster: string, target: string, why: string) =>
      `举报成立${why}：${post}（${poster} → ${target}）`,
    complaintDismissed: (post: string, poster: string, why: string) => `举报驳回${why}：${post}（${poster}）`,
    /** 字数不够按白条处理: its IouOpened follows with the deadline. */
    complaintRuledIou: (post: string, poster: string, target: string, why: string) =>
      `举报属实，字数不够，按白条处理${why}：${post}（${poster} → ${target}）`,
    /** The engine's record of a filed complaint (ComplaintFiled): an ending its ruling could change waits for it. */
    complaintPending: (post: string, poster: string) => `${post}（${poster}）被举报，待裁定`,
    /** 录入举报: the complaint reached the 哨群 off the site at `time`, and a referee entered it. */
    complaintReceived: (time: string) => `（哨群 ${time} 收到，哨子录入）`,
    complaintWindowClosed: (round: number) => `第${round}轮举报期结束`,
    playerOut: (who: string, details: readonly string[], vote: string) =>
      `${who} 出局${details.length > 0 ? `（${details.join("，")}）` : ""}${vote}`,
    /** Who put the seat out, by cause: the poster, the 领票人, the bomb, the shooter. */
    outBy: (cause: string, who: string) =>
      `${({ post: "出帖者", vote: "领票人", bomb: "烟花来自", shot: "开枪者" } as Record<string, string>)[cause] ?? "来自"} ${who}`,
    /** PostOutRejudged: a crossed post on the seat stopped standing (or stands again); RULINGS 10 judged again. */
    postOutRejudged: (who: string, post: string, by: string, vote: string) =>
      `${who} 的帖杀出局重新认定：现由${post}（${by}）计${vote}`,
    keepsHalfVote: "；本轮保留半票",
    losesVote: "；本轮不能再投票",
    revived: (who: string, reason: string) =>
      `${who} 复活（${({ iou: "白条未补齐", complaint: "举报成立", referee: "哨子判定", "void-post": "杀帖作废", amended: "哨子改判" } as Record<string, string>)[reason] ?? reason}）`,
    /** PostFiringVoided: the post that set the bomb off is void, so it never went off on its poster. */
    postFiringVoided: (bomb: string, victim: string) =>
      `${bomb} 被帖杀时对 ${victim} 的烟花作废（该帖已作废，炸弹算未引爆）`,
    bombFired: (bomb: string, victim: string, via: string) =>
      `${bomb} 的烟花带走 ${victim}（${via === "vote" ? "被票杀时引爆" : "被帖杀时引爆"}）`,
    identity: (who: string, role: string, code: string | null) =>
      `公布身份：${who} 是${role}${code ? `（代号 ${code}）` : ""}`,
    voteClosed: (round: string, overtime: boolean, house: string, result: string, notes: readonly string[]) =>
      `${round}${overtime ? "加时" : ""}投票截止${house}：${result}${notes.map((n) => `；${n}`).join("")}`,
    // No space after a closing bracket: "7号 李四（12票）出局", but "7号 李四 出局".
    outList: (seats: string, cause: string) => `${seats}${seats.endsWith("）") ? "" : " "}出局（${cause}）`,
    tie: (seats: string, slots: number) =>
      `平票：${seats}${seats.endsWith("）") ? "" : " "}争${slots}个出局名额`,
    halfVotesApplied: "半票计入",
    nonVoters: (seats: string) => `未投票：${seats}`,
    overtimeOpened: (round: string, house: string, tied: string, slots: number, deadline: string) =>
      `${round}平票加时${house}：${tied} 争${slots}个出局名额，加时截止 ${deadline}`,
    tieBroken: (round: string, house: string, rule: string, out: string) =>
      `${round}平票裁定${house}（${rule}）：${out}`,
    tieRule: (rule: string) =>
      (
        ({
          "first-reached": "先到先出",
          "first-vote-earliest": "最早得票者先出",
          "all-out": "并列者全部出局",
          "nobody-out": "无人出局",
          referee: "由哨子裁定",
          "tied-fill-places": "平票者有人已出局，余下的不多于名额，全部出局",
        }) as Record<string, string>
      )[rule] ?? rule,
    tieToReferee: (seats: string, slots: number, reason: string) =>
      `；由哨子在 ${seats} 中定${slots}人出局（${TIE_REASONS[reason] ?? reason}）`,
    decideTie: (round: string, who: string) => `${round}平票，定 ${who} 出局（按票杀论）`,
    endingLeft: (round: string, endings: string) => `${round}结束条件同时成立：${endings}；胜负待哨子裁定`,
    endingWithdrawn: (round: string) => `${round}结束条件不再同时成立：胜负待裁定撤回`,
    scoreEndDeferred: (round: string) =>
      `${round}结果帖时游戏本应结束，但尚有平票或领票人待哨子裁定：裁定后再定胜负`,
    scoreEndRead: "待裁定事项已裁定，本应结束的条件不再成立：游戏继续",
    leadVoterLeft: (round: string, bomb: string, voters: string) =>
      `${round}，${bomb} 被票出，领票人待哨子在 ${voters} 中指定`,
    decideLeadVoter: (round: string, bomb: string, who: string) => `${round}定 ${who} 为 ${bomb} 的领票人`,
    roundClosed: (round: string, alive: number) => `${round}结束，存活${alive}人`,
    allianceFormed: (round: number, name: string) => `第${round}轮结成联合：${name}`,
    override: (reason: string, what: string) => `哨子改判（理由：${reason}）：${what}`,
    missedRedo: (who: string) => `${who} 未在期限内重写报道，按自杀出局`,
    eliminate: (who: string) => `判 ${who} 出局`,
    revive: (who: string) => `复活 ${who}`,
    setProgression: (round: string, plan: string) => `调整${round}进程：${plan}`,
    // 「改为」, not 「延至」: the same ruling brings a deadline forward too (a negative 延长, 「导演有权对时间临时做出调整」).
    extend: (deadline: string, until: string) => `${deadline}改为 ${until}`,
    voidVote: (who: string) => `作废 ${who} 的投票`,
    voidPost: (who: string) => `作废 ${who} 的杀帖`,
    voidPostHidden: "作废一篇杀帖（出帖者不公开）",
    /** Another's kill post in the viewer's feed: its poster stays secret until the game ends. */
    hiddenPoster: "出帖者不公开",
    substitute: (seat: string, previous: string | null, alias: string, reason: string) =>
      `替补：${seat}${previous === null ? "" : ` ${previous}`} → ${alias}（${reason}）`,
    endGame: (result: string) => `结束游戏，判定${result}`,
    /** 改判结果 on a game already over: the result it replaced, then the new one. */
    amendResult: (previous: string, result: string) => `改判结果：${previous} → ${result}`,
    amendVoteOut: (round: string, previous: string, out: string) => `${round}改判票杀：${previous} → ${out}`,
    reinstatePost: (post: string, poster: string, target: string) => `恢复${post}：${poster} → ${target}`,
    assignTurn: (unit: string, from: string, to: string) => `指定出帖人（${unit}）：${from} → ${to}`,
    assignTurnTo: (unit: string, to: string) => `指定出帖人（${unit}）：本轮一帖改由 ${to} 出`,
    assignTurnFrom: (unit: string, from: string) => `指定出帖人（${unit}）：${from} 的轮次改由组内他人出`,
    amendLeadVoter: (round: string, bomb: string, previous: string, lead: string) =>
      `${round}改定 ${bomb} 的领票人：${previous} → ${lead}`,
    reinstatePostHidden: (post: string, target: string) => `恢复${post}（帖杀 ${target}）`,
    acceptIou: (post: string, poster: string, target: string) =>
      `认定${post}字数足够，白条视同补齐：${poster} → ${target}`,
    acceptIouHidden: (post: string, target: string) => `认定${post}（帖杀 ${target}）字数足够，白条视同补齐`,
    invalidVote: (who: string) => `判 ${who} 的投票为无效票`,
    warn: (who: string, offence: string, severe: boolean) =>
      `警告 ${who}：${offence}${severe ? "（情节严重，直接判罚出局）" : ""}`,
    withdrawWarning: (seat: string, round: string, offence: string) =>
      `撤销 ${seat} ${round}的${offence}警告`,
    excuse: (who: string, round: string) => `${who} ${round}不计潜水`,
    reputation: (who: string, points: number) => `${who} 信誉度 ${points}`,
    gameEnded: (result: string, why: string | null) => `游戏结束：${result}${why ? `（${why}）` : ""}`,
    iouExtension: (round: number, camp: string, by: string | null, deadline: string, why: string) =>
      `白条延期${why}：应${camp}${by === null ? "" : ` ${by} `}的请求，第${round}轮投票截止延至 ${deadline}`,
    nightOpened: (night: number, endsAt: string) => `第${night}夜开始，${endsAt} 天亮`,
    abilityUsed: (night: number, who: string, ability: string, target: string | null) =>
      target === null ? `第${night}夜 ${who} 放弃${ability}` : `第${night}夜 ${who} ${ability} → ${target}`,
    banditShotDay: "秘匪白天开枪",
    banditShot: (who: string, target: string, byDay: boolean) =>
      `秘匪 ${who} ${byDay ? "白天" : "夜晚"}开枪，射向 ${target}`,
    banditConverted: (who: string, role: string, used: boolean) =>
      `秘匪 ${who} 转为${role}（${used ? "已开枪" : "期限内未开枪"}）`,
    nightResolved: (night: number, parts: readonly string[]) => `第${night}夜天亮：${parts.join("，")}`,
    nightKill: (target: string) => `杀手刀 ${target}`,
    nightNoKill: "杀手未杀人",
    nightShot: (target: string) => `秘匪射 ${target}`,
    nightProtected: (target: string) => `医生救治 ${target}`,
    nightSaved: (seats: string) => `救下 ${seats}`,
    emptyNeedle: (target: string, count: number) => `空针：${target}（第${count}次）`,
    lastWordsOpened: (thread: string, due: string | null, endsAt: string) =>
      `${thread}开放：${due === null ? "无人需发表遗言" : `${due} 可发表遗言`}，${endsAt} 截止`,
    lastWordsPosted: (who: string) => `${who} 发表了遗言`,
    lastWordsEnded: (thread: string, early: boolean) =>
      `${thread}结束${early ? "（遗言已全部发表，提前结束）" : ""}`,
    threadPost: (who: string, thread: string) => `${who} 在${thread}发言`,
    threadClosed: (thread: string, streaks: string | null) =>
      `${thread}关闭${streaks ? `；连续发帖不足：${streaks}` : ""}`,
    streak: (who: string, n: number) => `${who}（${n}次）`,
    postRefused: (who: string, thread: string) => `${who} 已出局，在${thread}的发言未发布（诈尸）`,
    lurkingExcused: (round: string, who: string) => `${who} 替补上场时距讨论结束不足12小时，${round}不计潜水`,
    threadNames: { discussion: "讨论帖", vote: "投票帖", "last-words": "遗言帖" } as Record<string, string>,
    offenceFlags: (warning: boolean, hidden: boolean, banned: boolean) =>
      [warning ? "；记警告" : "", hidden ? "；不公开" : "", banned ? "；封ID" : ""].join(""),
    gameCreated: (name: string, rules: string, referee: string) =>
      `建局「${name}」，规则 ${rules}，哨子 ${referee}`,
    signupOpened: "哨子开放报名",
    signupClosed: "哨子截止报名",
    copied: (percent: number, flagged: boolean) =>
      flagged ? `，疑似抄袭 ${percent}%` : `，重合 ${percent}%`,
    playerJoined: (alias: string, words: number, copied: string) => `${alias} 报道（${words}字${copied}）`,
    coRefereeAdded: (alias: string) => `${alias} 成为副哨`,
    reportRejected: (alias: string, reason: string, deadline: string, min: number) =>
      `报道判为不合规：${alias}（理由：${reason}），重写期限 ${deadline}，不少于${min}字`,
    reportApproved: (alias: string, reason: string) => `报道裁定合规：${alias}（理由：${reason}）`,
    reportRedone: (alias: string, words: number, copied: string) =>
      `${alias} 重写报道（${words}字${copied}）`,
    playerWithdrawn: (alias: string) => `${alias} 退出了报名`,
    signupRemoved: (alias: string, reason: string) => `哨子移除了 ${alias} 的报名：${reason}`,
    roomMessage: (room: string, who: string, text: string) => `${room}｜${who}：${text}`,
    complaintFiled: (who: string, against: string, post: string | null, text: string) =>
      `${who} 举报 ${against}${post ? ` 的${post}` : ""}：${text}`,
    /** 录入举报 naming no complainant: the 哨群's own complaint (or a referee's finding). */
    complaintByGroup: "哨群",
    proxyRequested: (who: string, target: string, note: string) =>
      `${who} 托票给哨子，投 ${target}${note ? `（备注：${note}）` : ""}`,
    messagedReferee: (alias: string, text: string) => `${alias} 私信哨子：${text}`,
    refereeAnswered: (alias: string, text: string) => `哨子回复 ${alias}：${text}`,
    killPostEntered: (who: string, round: string) => `哨子代 ${who} 录入${round}杀帖（站外发来）`,
    /** Which referee entered it follows as every signed ruling's 「（操作：…）」. */
    enteredByReferee: "（站外发来，哨子代为录入）",
    extensionRequested: (who: string, note: string) =>
      `${who} 向哨子申请白条延期${note ? `（备注：${note}）` : ""}`,
    resultsPublished: (round: string, correction = false) =>
      `发布${round}结果帖${correction ? "（更正）" : ""}`,
    awardsGiven: (list: readonly string[]) =>
      list.length > 0 ? `哨子评奖：${list.join("；")}` : "哨子撤回评奖",
    discussionPosted: (who: string, thread: string, words: number) => `${who} 在${thread}发言（${words}字）`,
    refereeAlias: (alias: string) => `哨子 ${alias}`,
    /** Who of the referees made this ruling (a game may have co-referees). */
    signedBy: (alias: string) => `（操作：${alias}）`,
    appGameEnded: "本局结束",
  },
  discussion: {
    title: "讨论帖",
    thread: "帖子",
    threadName: (kind: string, round: number | null) =>
      kind === "general"
        ? "场外总帖"
        : kind === "round"
          ? `第${round}轮讨论帖`
          : kind === "day"
            ? `第${round}天讨论帖`
            : kind === "duel"
              ? `第${round}天高票对决讨论帖`
              : `第${round}夜遗言帖`,
    open: "进行中",
    closed: "已关闭",
    postCount: (n: number) => `${n}帖`,
    empty: "这个帖子还没有人发言",
    older: "加载更早的发言",
    referee: "哨子",
    composer: "发言",
    placeholder: "说点什么……（草稿自动保存）",
    send: "发表",
    sending: "发表中……",
    sent: (clock: string) => `已发表（收到时间 ${clock}）`,
    closedNote: "这个帖子现在不能发帖",
    signInToPost: "加入本局的玩家和哨子可以在这里发言",
    deadDaily: "你已出局，不能在讨论帖发言",
    deadZhashi: "你已出局：在这个帖子里发言将被视为诈尸（不发布，并记录警告）",
    deadChatHint: "你已出局，可以在场外总帖闲聊；讨论与游戏相关的内容，由哨子判为诈尸并警告。",
    lastWordsHint: "遗言帖：出局玩家在这里发表遗言，只能发一次；发完后遗言阶段可提前结束。",
    lastWordsDue: (night: number) => `你的遗言请发在「第${night}夜遗言帖」（在上方选择该帖）。`,
  },
  archive: {
    title: "存档",
    // The group that posted and, the game being over, who wrote it.
    postBy: (unit: string, poster: string | null) => (poster ? `${unit}（${poster}）` : unit),
    notEnded: "游戏还没结束，结束后可看完整存档",
    roles: "身份公开",
    chart: "每轮存活（按阵营）",
    chartAxis: (n: number) => `第${n}轮`,
    chartStart: "开局",
    votes: "全部投票",
    posts: "全部杀帖",
    results: "全部结果帖",
    scores: "得分",
    /** A score as the results posts print it: exact, with two decimals where it is a fraction. */
    score: (v: { exact: string; value: number }) =>
      v.exact.includes("/") ? `${v.exact}分（约${v.value.toFixed(2)}分）` : `${v.exact}分`,
    finalScore: (black: string, white: string) => `最终得分（含存活分）：黑道 ${black}，白道 ${white}`,
    /** The results post's terms (seed 000 「抢得的分数+己方存活分值人员身上已被激活的分值+个人存活分」), so a total can be checked. */
    scoreParts: (
      camp: "black" | "white",
      p: {
        taken: { exact: string };
        living: { exact: string };
        survival?: { seats: number; each: { exact: string }; total: { exact: string } };
      },
    ) =>
      `${camp === "black" ? "黑道" : "白道"}：抢得${p.taken.exact}分＋存活已激活${p.living.exact}分${
        p.survival
          ? `＋个人存活分${p.survival.seats}人×${p.survival.each.exact}分＝${p.survival.total.exact}分`
          : ""
      }`,
    roundScore: (round: number, house: string, black: string, white: string) =>
      `第${round}轮后${house}：黑道 ${black}，白道 ${white}`,
    points: "本局积分",
    pointsOf: (who: string, points: number) => `${who}：${points}分`,
    /** 评奖 (seed 001 「评出MVP、最佳演绎、最佳文字、最佳投入四个单项奖」). */
    awards: "本局奖项",
    awardName: (award: string) =>
      ({ mvp: "MVP", acting: "最佳演绎", writing: "最佳文字", devotion: "最佳投入" })[award] ?? award,
    awardOf: (award: string, who: string) => `${award}：${who}`,
    awardsNote: (note: string) => `哨子评语：${note}`,
    voteAt: (clock: string, voter: string, targets: string) => `${clock} ${voter} → ${targets}`,
    proxy: "（托票）",
    overtime: "（加时）",
  },
};

export type Messages = typeof zhCN;
