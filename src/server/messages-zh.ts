// Chinese messages for every refusal code the API returns, filled from the refusal's details.
import { beijingClock, beijingDate } from "../app/beijing-time.ts";

type Details = Record<string, string | number | boolean | null> | undefined;

/** HH:MM:SS in Beijing time (no daylight saving), the way referees announce deadlines. */
export function clockTime(ms: unknown): string {
  if (typeof ms !== "number" || !Number.isFinite(ms)) return "?";
  return beijingClock(ms);
}

/** 「12月3日 20:00:05」 in Beijing time: a moment that may be on another day than the one it is compared with. */
function dayTime(ms: unknown): string {
  if (typeof ms !== "number" || !Number.isFinite(ms)) return "?";
  return `${beijingDate(ms)} ${beijingClock(ms)}`;
}

/** Why an alias never used is taken: the standing one it differs from only in case, width or an emoji's selector. */
function lookalike(d: Details): string {
  return typeof d?.existing === "string"
    ? `（与已有的「${d.existing}」只差大小写、全角半角或变体符号，算作同一个）`
    : "";
}

/** A seat as the pages number it: the engine's seats count from 0, the board's 号 from 1. */
function seatNo(seat: unknown): string {
  return typeof seat === "number" ? `${seat + 1}号` : "?号";
}

function timesOf(d: Details): string {
  const deadline = d?.deadline ?? d?.until ?? d?.closesAt;
  if (deadline === undefined && d?.at === undefined) return "";
  return `（截止时间 ${clockTime(deadline)}，收到时间 ${clockTime(d?.at)}）`;
}

const CATALOG: Record<string, (d: Details) => string> = {
  // request shape and access
  // A body the JSON parser refused names no field: it says what is wrong with the body itself.
  // (Fastify's parser says only that it refused: a syntax error or a __proto__ / constructor.prototype key.)
  "invalid-body": (d) =>
    d?.json === false
      ? "请求格式不正确：内容不是有效的 JSON，或含有不允许的字段名（如 __proto__）"
      : "请求格式不正确",
  "unsupported-media-type": () => "请求必须是 JSON",
  // The server's bodyLimit (src/server/app.ts): far above any post, so only a mistake or an attack meets it.
  "body-too-large": () => "请求内容过大（上限 1 MB）",
  "url-too-long": () => "网址过长",
  "bad-url": () => "网址格式不正确",
  "bad-origin": () => "请求来源不被允许",
  unauthenticated: () => "请先登录",
  forbidden: () => "没有权限执行此操作",
  "not-found": () => "找不到该页面",
  "rate-limited": () => "操作过于频繁，请稍后再试",
  "internal-error": () => "服务器内部错误，请稍后重试",
  "server-closing": () => "服务器正在重启或关闭，请稍后重试",
  busy: () => "服务器繁忙，请重试",
  conflict: () => "操作冲突，请重试",
  // accounts
  "username-taken": () => "用户名已被占用",
  "username-is-alias": () =>
    "这个用户名是一局进行中的游戏里某位玩家的马甲，会被当成那个马甲背后的人，请换一个",
  "bad-credentials": () => "用户名或密码错误",
  "setup-token-invalid": () => "管理员初始化链接无效或已被使用",
  "account-not-found": (d) =>
    typeof d?.username === "string" ? `找不到用户名为「${d.username}」的账号` : "找不到该账号",
  "account-disabled": () => "账号已被站点管理员停用",
  "wrong-password": () => "当前密码不正确",
  "reset-token-invalid": () => "密码重置链接无效、已被使用或已过期，请向站点管理员索取新链接",
  "admin-only": () => "只有站点管理员可以执行此操作",
  "admin-account-protected": () => "站点管理员账号不能被停用或通过重置链接改密码",
  // games and sign-up
  "game-not-found": () => "找不到该游戏",
  "preset-unknown": (d) => `没有名为 ${d?.preset ?? "?"} 的预设规则`,
  "rules-missing": () => "请选择预设规则或上传规则文本",
  "rules-invalid": () => "规则文本有误，请按提示修改",
  "signup-not-openable": () => "当前状态下不能开放报名",
  "signup-not-open": () => "报名尚未开放",
  "signup-closed": () => "报名已关闭",
  // The desk's button is 「截止报名」: the message uses its word.
  "signup-not-closed": () => "请先截止报名再开始游戏",
  "game-full": (d) => `报名人数已满（${d?.players ?? "?"}人）`,
  "already-member": (d) =>
    d?.referee === true ? "你是本局的哨子或副哨，不能同时报名当玩家" : "你已经加入了这个游戏",
  // Compared folded (username-key.ts aliasKey): 「ABC」 is taken by 「ａｂｃ」 too, which the player may not guess.
  "alias-taken": (d) => `马甲「${d?.alias ?? ""}」已被使用${lookalike(d)}，请换一个`,
  // 替补 and 加副哨 (referees only, so the account's own alias may be named)
  "alias-is-own-username": (d) =>
    `马甲「${d?.alias ?? ""}」就是你在本站的用户名，用它报名等于公开真身（请勿曝ID），请换一个`,
  "alias-is-substitute-username": (d) =>
    `马甲「${d?.alias ?? ""}」就是替补账号在本站的用户名，用它等于公开替补的真身（请勿曝ID），请换一个`,
  "alias-is-username": (d) =>
    `马甲「${d?.alias ?? ""}」与本站某个账号的用户名相同，会被当成那个账号本人，请换一个`,
  "member-alias-taken": (d) => `马甲「${d?.alias ?? ""}」已被本游戏使用${lookalike(d)}，请换一个`,
  "member-already-under-alias": (d) => `该账号已在本游戏中，马甲就是「${d?.alias ?? ""}」`,
  "member-already-player": (d) => `该账号已在本游戏中（马甲「${d?.alias ?? ""}」），不能再次加入`,
  "member-is-referee": () => "不能替补或加为副哨：这是哨子本人的账号",
  "member-account-disabled": () => "该账号已被站点管理员停用，不能替补或加为副哨",
  "member-is-co-referee": (d) => `该账号已是本游戏的副哨（马甲「${d?.alias ?? ""}」）`,
  "report-too-short": (d) =>
    `报道字数不足：${d?.words ?? "?"}字，至少需要${d?.min ?? "?"}字（以 Word 字数统计为准）`,
  "report-not-found": (d) => `找不到马甲「${d?.alias ?? ""}」的报道`,
  "player-not-found": (d) => `本局没有马甲为「${d?.alias ?? ""}」的玩家`,
  "report-already-rejected": () => "该报道已被判定违规",
  "report-already-approved": () => "该报道已被裁定合规",
  "report-not-rejected": () => "你的报道没有被要求重写",
  "redo-deadline-passed": (d) => `重写报道已超过期限${timesOf(d)}`,
  "deadline-in-past": () => "期限必须晚于当前时间",
  "not-a-player": () => "只有玩家可以执行此操作",
  "wrong-player-count": (d) => `人数不符：已报名${d?.players ?? "?"}人，规则需要${d?.needed ?? "?"}人`,
  "game-not-started": () => "游戏尚未开始",
  // A sign-up cannot be withdrawn once roles are dealt: the seat goes to a substitute (替补) instead.
  "game-already-started": (d) =>
    d?.leaving === "withdraw"
      ? "游戏已经开始，不能再退出报名；如需离开，请联系哨子安排替补接手你的座位"
      : d?.leaving === "remove"
        ? "游戏已经开始，不能再移除报名；请改用替补接手该座位"
        : "游戏已经开始",
  "game-ended": () => "游戏已经结束",
  "awards-before-end": () => "游戏结束后才能评奖",
  "complainant-replaced": (d) =>
    `${seatNo(d?.seat)}在收到这条举报之后换了替补（现为「${d?.alias ?? ""}」），举报人已不是现在的马甲；请选「不指定」，记为哨群的举报`,
  "seat-out": () => "你已出局，不能执行此操作",
  "seat-replaced": () => "你的座位已由替补接手，不能再以原马甲行动或发言",
  "seat-unknown": (d) => `没有${seatNo(d?.seat)}座位`,
  "target-out": (d) => `目标（${seatNo(d?.seat)}）已出局`,
  "not-in-room": () => "你不在这个房间里",
  "room-not-found": (d) => `本局规则里没有房间「${d?.room ?? ""}」`,
  "post-not-found": () => "找不到该帖子，或它尚未公布",
  "use-substitute-route": () => "替补请使用替补功能",
  "timer-already-fired": () => "该期限已经处理过",
  // the engine's refusals (src/engine/decide*.ts)
  "game.already-started": () => "游戏已经开始",
  "game.not-started": () => "游戏尚未开始",
  "game.ended": () => "游戏已经结束",
  "start.seat-count": () => "座位数与规则不符",
  "start.role-count": () => "角色人数与规则不符",
  "start.duplicate-alias": () => "马甲重复",
  "start.duplicate-code": () => "代号重复",
  "start.unknown-role": () => "规则中没有该角色",
  // Kept to the issue's own wording; when the next round's vote opens is in `details` (nextRound, opensAt), and the
  // vote page says it beside the form.
  "vote.after-deadline": (d) => `投票已截止${timesOf(d)}`,
  "vote.not-open": () => "投票尚未开始",
  "vote.no-such-round": (d) => `第${d?.round ?? "?"}轮尚未开始`,
  // Seed 001 「白天结束前1个小时不得改票」: the time changes stopped from, not only the deadline, which is an hour on.
  "vote.change-frozen": (d) => `${clockTime(d?.freezeFrom)} 起不得改票${timesOf(d)}`,
  "vote.unchanged": () => "这张票与现在的票完全相同，没有再记一次（原票的时间不变）；改票请改投其他人",
  "vote.no-more-changes": (d) => `改票次数已用完（最多${d?.max ?? "?"}次）`,
  "vote.too-many-targets": (d) => `本轮每人最多投${d?.allowed ?? "?"}票，你投了${d?.got ?? "?"}票`,
  "vote.empty": () => "本局不允许弃权，请选择投票对象",
  "vote.abstain-not-allowed": () => "本次投票不允许弃权，请选择投票对象",
  "vote.target-other-house": (d) => `${seatNo(d?.seat)}不在你所在的票楼（两府制只能投本府玩家）`,
  "vote.too-many-codes": () => "每一票最多附一个代号",
  "vote.codes-not-offered": () => "第一个杀刺出帖前，票楼不提供代号",
  "vote.code-not-offered": (d) => `代号「${d?.code ?? "?"}」不在可选代号中`,
  "proxy.too-late-to-publish": () => "托票公布太晚，无效",
  // The overtime's or 7kill's 高票对决's: only the tied may be voted for.
  "vote.not-a-candidate": (d) => `${seatNo(d?.seat)}不在本次投票的候选人中（只能投平票者）`,
  "vote.voter-out": () => "你已出局，不能投票",
  "vote.no-vote-right": () => "你本轮没有投票权",
  "vote.unknown-seat": (d) => `没有${seatNo(d?.seat)}座位`,
  "vote.target-dead": (d) => `${seatNo(d?.seat)}已出局，不能投给出局玩家`,
  "proxy.after-cutoff": (d) =>
    `托票已截止（截止时间 ${clockTime(d?.cutoff ?? d?.deadline)}，收到时间 ${clockTime(d?.receivedAt ?? d?.at)}）`,
  "proxy.no-target": () => "托票必须指定一个目标",
  "proxy.same-as-own": () => "该玩家现在的票就是本人投的同一目标，无需代投（原票的时间不变）",
  "iou-extension.not-score-rule": () => "白条延期只在分值规则中适用",
  "iou-extension.bad-requesters": () => "申请人必须是同一阵营的存活玩家",
  "iou-extension.no-open-iou": () => "对方阵营没有未补齐的白条，不能申请延期",
  "iou-extension.vote-closed": () => "本轮投票已截止，不能再延期",
  "iou-extension.already-extended": () => "本轮已经延长过",
  "iou-extension.not-swordsman": () => "白道的延期申请由剑侠提出",
  "iou-extension.neutral": () => "中立阵营没有白条延期的申请权",
  "iou-extension.not-unanimous": (d) =>
    `剑侠均已出局时，须所有存活全票游侠一致同意（还差${d?.missing ?? "?"}人）`,
  "post.outside-window": (d) => `现在不在出帖时间内${timesOf(d)}`,
  "post.no-post-right": () => "你本轮没有出帖权",
  // A round whose 进程 gives the group no post at all (空军 round 1: 「票1出1」) has nothing to use up.
  "post.no-posts-left": (d) => (d?.quota === 0 ? "按本轮进程，本组本轮不出杀帖" : "本组本轮的杀帖名额已用完"),
  "post.not-your-turn": () => "本轮不是你出帖（按代号顺序轮流）",
  "post.share-used": (d) => `本轮你已出了${d?.share ?? "?"}帖，其余的帖由同组其他成员出`,
  "post.poster-out": () => "你已出局，不能出帖",
  "post.target-dead": (d) => `${seatNo(d?.seat)}已出局，不能作为杀帖目标`,
  "post.unknown-seat": (d) => `没有${seatNo(d?.seat)}座位`,
  "iou.none-open": () => "你没有未补的白条",
  "iou.too-short": (d) =>
    `补白条字数不足：${d?.got ?? "?"}字，至少需要${d?.required ?? "?"}字（以 Word 字数统计为准）`,
  // 录入举报 is judged by when the 哨群 received it (`receivedAt`), perhaps on another day than its deadline.
  "complaint.after-deadline": (d) =>
    typeof d?.receivedAt === "number"
      ? `哨群收到举报的时间（${dayTime(d.receivedAt)}）已过举报期限（${dayTime(d.deadline)}），逾期不再受理`
      : `举报期限已过${timesOf(d)}`,
  "complaint.received-in-future": (d) =>
    `收到举报的时间（${dayTime(d?.receivedAt)}）晚于现在（${dayTime(d?.at)}），请填写哨群实际收到举报的时间`,
  "complaint.received-before-release": (d) =>
    `收到举报的时间（${dayTime(d?.receivedAt)}）早于第${d?.round ?? "?"}轮杀帖的发布时间（${dayTime(d?.releasedAt)}），请核对收到时间`,
  "complaint.game-ended": () => "游戏已经结束，不能再录入举报；结束后查实的举报如改变胜负，请用「改判结果」",
  "complaint.no-post": () => "该玩家没有可举报的杀帖",
  "complaint.no-such-post": (d) =>
    d?.seat === undefined
      ? `第${d?.round ?? "?"}轮没有这张杀帖`
      : `${seatNo(d?.seat)}在第${d?.round ?? "?"}轮没有这张有效杀帖`,
  "complaint.post-void": (d) =>
    `第${d?.round ?? "?"}轮的这张杀帖已经作废（白条逾期、举报查实或哨子作废），无需再举报`,
  "complaint.already-iou": (d) =>
    `第${d?.round ?? "?"}轮的这张杀帖已经是白条（待补、已补或逾期），不能再按白条处理`,
  "complaint.post-lapsed": (d) =>
    `第${d?.round ?? "?"}轮的这张杀帖的目标发帖时已出局，杀帖没有帖杀任何人，无需按白条处理`,
  "complaint.iou-deadline-required": (d) =>
    `第${d?.round ?? "?"}轮的白条补齐期限（${dayTime(d?.deadline)}）已过，请另定补齐期限`,
  "complaint.iou-deadline-past": (d) =>
    `所定的白条补齐期限（${dayTime(d?.deadline)}）不晚于收到时间（${dayTime(d?.at)}），请设为之后的时间`,
  "override.no-reason": () => "裁判操作必须填写理由",
  "override.same-result": () => "本局结果已经是所选的结果，无需改判",
  "override.fixed-deadline": () => "轮次开始时间随上一轮投票截止而定，不能单独延长；请延长上一轮的投票截止",
  "override.already-out": (d) => (d?.seat !== undefined ? `${seatNo(d.seat)}已经出局` : "该玩家已经出局"),
  "override.not-out": () => "该玩家并未出局",
  "override.bad-alias": () => "新马甲不可用",
  "override.bad-round": () => "没有这一轮，或这一轮已经开始",
  "override.round-closed": () => "这一轮已经结束",
  "override.no-vote": () => "该玩家本轮没有投票",
  "override.no-such-warning": () => "该玩家在这一轮没有这项违规的有效警告",
  "override.no-post": (d) =>
    d?.round !== undefined ? `该玩家第${d.round}轮没有可作废的这篇杀帖` : "该玩家没有可作废的杀帖",
  "override.unknown-group": (d) => `本局规则里没有出帖组「${d?.group ?? ""}」`,
  "override.posts-released": (d) => `第${d?.round ?? "?"}轮的杀帖已经公布，不能再改这一轮的出帖数`,
  "override.deadline-passed": (d) =>
    `新的期限（${dayTime(d?.deadline)}）早于收到时间（${dayTime(d?.at)}），请设为之后的时间`,
  "override.unknown-deadline": (d) => `没有名为 ${d?.deadline ?? "?"} 的期限`,
  "override.unknown-seat": (d) => `没有${seatNo(d?.seat)}座位`,
  "override.no-tie-left": () => "这一轮的平票没有留给哨子裁定",
  "override.tie-decided": () => "这次平票已经裁定过了",
  "override.tie-places": (d) => `请在平票者中选定 ${d?.slots ?? "?"} 人，每人只选一次`,
  "override.not-tied": (d) => `${seatNo(d?.seat)}不在平票者之中`,
  "override.no-lead-voter-left": () => "这一轮没有被票出、等待哨子指定领票人的炸弹",
  "override.lead-voter-decided": () => "这个炸弹的领票人已经指定过了",
  "override.not-a-voter": (d) => `${seatNo(d?.seat)}没有投这个炸弹，不能定为领票人`,
  "override.not-a-voted-bomb": (d) =>
    `${seatNo(d?.seat)}不是第${d?.round ?? "?"}轮被票出、当时仍能带走领票人的炸弹`,
  "override.lead-voter-unnamed": () => "这个炸弹的领票人还等哨子首次指定，请先在收件箱指定",
  "override.same-lead-voter": (d) => `${seatNo(d?.seat)}已经是这个炸弹的领票人`,
  "override.unknown-unit": (d) => `本局规则里没有出帖组「${d?.unit ?? ""}」`,
  "override.group-choice": () => "这个出帖组由组内自定出帖人，没有轮次可指定",
  "override.not-unit-member": (d) => `${seatNo(d?.seat)}不是这个出帖组存活的成员，不能指定其出帖`,
  "override.no-turn-open": (d) =>
    `第${d?.round ?? "?"}轮这个出帖组没有待出的轮次（杀帖已发布、本轮没有杀帖，或各轮次都已出帖）`,
  "override.not-their-turn": (d) => `${seatNo(d?.seat)}本轮没有待出的轮次`,
  "override.same-turn-seat": (d) => `这一帖本来就轮到${seatNo(d?.seat)}出`,
  "override.no-round": (d) => `没有第${d?.round ?? "?"}轮`,
  "override.vote-not-closed": (d) =>
    `第${d?.round ?? "?"}轮的投票尚未截止，还不能改判票杀（截止前可作废投票或代为托票）`,
  "override.house-vote-open": (d) =>
    `第${d?.round ?? "?"}轮第${d?.house ?? "?"}府的投票尚未截止，待各府投票都截止后再改判票杀`,
  "override.tie-waiting": (d) => `第${d?.round ?? "?"}轮还有平票待裁定，请先在收件箱裁定平票，再改判票杀`,
  "override.lead-voter-waiting": (d) =>
    `第${d?.round ?? "?"}轮还有炸弹等待指定领票人，请先指定领票人，再改判票杀`,
  "override.duplicate-seat": () => "同一玩家只能选一次",
  "override.other-house": (d) => `${seatNo(d?.seat)}属于另一府，不在这一府的票楼里`,
  "override.unknown-house": (d) => `本局没有第${d?.house ?? "?"}府`,
  "override.same-vote-out": () => "这一轮的票杀结果已经就是所选的玩家，无需改判",
  "override.no-such-post": (d) => `第${d?.round ?? "?"}轮没有这篇已公布的杀帖`,
  "override.post-stands": (d) => `第${d?.round ?? "?"}轮的这篇杀帖并未作废，无需恢复`,
  "override.reinstate-unsupported": (d) =>
    d?.why === "bomb"
      ? "这篇杀帖帖的是炸弹（同归），不能用恢复杀帖撤销；请用判出局、复活逐一改判"
      : d?.why === "engineer"
        ? "工兵帖不能用恢复杀帖撤销；请用判出局、复活逐一改判"
        : "这篇杀帖的白条作废前没有补齐，不能恢复；请用判出局、复活逐一改判",
  "override.no-open-iou": (d) =>
    `第${d?.round ?? "?"}轮的这篇杀帖没有待补的白条${
      {
        none: "（不是白条）",
        completed: "（白条已补齐或已认定）",
        failed: "（白条已逾期未补）",
        voided: "（杀帖已作废）",
      }[String(d?.status)] ?? ""
    }`,
  "round-unknown": () => "没有这一轮",
  // discussion threads (讨论帖) and 7kill's thread posts (src/engine/night/actions.ts)
  "discussion-thread-unknown": (d) => `没有这个讨论帖（${d?.thread ?? "?"}）`,
  "discussion-thread-closed": () => "该讨论帖现在不能发帖",
  "results-vote-open": (d) =>
    d?.dayNight
      ? `第${d?.round ?? "?"}天的投票（含高票对决）尚未结束，结束后才有结果帖`
      : `第${d?.round ?? "?"}轮的投票（含加时）尚未结束，结束后才有结果帖`,
  "results-decision-open": (d) =>
    `第${d?.round ?? "?"}轮还有待哨子裁定的平票或领票人，请先在收件箱裁定，裁定后才有结果帖`,
  // 7kill's two posts a round: 第N天结果 and, from dawn, 第N夜结果 (「III.天亮公布结果」).
  "results-night-unresolved": (d) => `第${d?.round ?? "?"}夜尚未天亮，天亮后才有第${d?.round ?? "?"}夜结果`,
  "results-no-night": () => "本局规则没有夜晚，结果帖每轮只有一帖",
  "results-already-published": (d) =>
    `第${d?.round ?? "?"}${d?.part === "night" ? "夜" : "天"}结果已经发布过，内容相同，不再重复发布${
      d?.part === "night" ? "" : `（当晚的出局请发布第${d?.round ?? "?"}夜结果）`
    }`,
  "discussion-banned": () => "该ID已因第二次诈尸被封禁，不能再发言",
  "discussion-zhashi": (d) =>
    d?.banned
      ? "出局玩家发言视为诈尸：发言未发布，已再次警告，并封禁该ID"
      : "出局玩家发言视为诈尸：发言未发布，已记录一次警告",
  "say.not-in-this-game": () => "本局不统计讨论帖发帖数",
  "say.unknown-seat": (d) => `没有${seatNo(d?.seat)}座位`,
  "say.not-out": () => "遗言只属于出局玩家",
  "say.no-last-words": () => "你现在没有可发的遗言",
  "say.thread-closed": () => "夜晚讨论帖关闭，不能发帖",
  // 7kill's abilities (src/engine/night/actions.ts)
  "ability.not-in-this-game": () => "本局没有夜晚行动",
  "ability.unknown-seat": (d) => `没有${seatNo(d?.seat ?? d?.target)}座位`,
  "ability.actor-out": (d) =>
    d?.enteredFor !== undefined ? `${seatNo(d.enteredFor)}已出局，不能行动` : "你已出局，不能行动",
  "ability.not-yours": (d) =>
    d?.enteredFor !== undefined
      ? `${seatNo(d.enteredFor)}的身份现在没有这项能力`
      : "你的身份现在没有这项能力",
  "ability.not-night": () => "这项能力只能在夜晚使用",
  "ability.not-day": () => "这项能力只能在白天使用",
  "ability.no-uses-left": () => "子弹已经用过了",
  "ability.may-not-skip": () => "这项能力不得放弃，请选择目标",
  "ability.nothing-to-pass": () => "不开枪无需提交任何操作",
  "ability.target-out": (d) => `${seatNo(d?.target)}已出局，不能作为目标`,
  "ability.not-self": (d) =>
    d?.enteredFor !== undefined
      ? `不能以${seatNo(d.enteredFor)}自己（或其同组队友）为目标`
      : "不能以自己（或同组队友）为目标",
  "override.secret-not-lurking": () => "只有潜水警告（夜晚未行使必须行使的特权）可以不公开，其他警告一律公开",
  "override.not-day-night": () => "无效票、警告、不计潜水与信誉度处罚只用于日夜制（七杀）规则",
  "override.not-penalty-out": () => "只有因处罚出局的玩家才能扣信誉度",
  "override.reputation-out-of-range": (d) => `信誉度处罚须在 ${d?.min ?? "?"} 到 ${d?.max ?? "?"} 之间`,
};

/** The Chinese message for a refusal code; unknown codes still get a readable sentence with the code. */
export function zhMessage(code: string, details?: Details): string {
  const fn = CATALOG[code];
  return fn ? fn(details) : `操作被拒绝（${code}）`;
}

export function hasZhMessage(code: string): boolean {
  return code in CATALOG;
}
