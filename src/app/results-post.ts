// Renders a round's results post (结果帖) in Chinese, as a referee publishes it; pure, so the server and web reuse it.
import type { FinalScores, GameSummary, OutCause, ScorePoints } from "../engine/contract.ts";
import { CAMP, campNamesOf, endingText, winnerText } from "../engine/ending-text.ts";
import type { EndingWhy } from "../engine/events.ts";
import type { ScoreValue } from "../engine/score/results.ts";
import { finalScoreLines, scoreLinesOfRound } from "../engine/score/results.ts";
import type { RuleSet } from "../rules/schema.ts";
import { beijingClock, beijingDateTime } from "./beijing-time.ts";
import { unitNamesOf } from "./unit-names.ts";

/** Why a seat went out: the engine's causes, as the summary reports them. */
export type ResultsPostCause = OutCause;

export interface ResultsPostTally {
  alias: string;
  votes: number;
  proxy?: number;
  half?: number;
  /** Overtime rows: when the count was reached (ISO 8601), which 先到先出 goes by. */
  reachedAt?: string;
}

export interface ResultsPostRound {
  round: number;
  /** `points` (score rule): where the seat's point went and why, from the engine's summary. */
  out: {
    alias: string;
    role: string;
    camp: string;
    cause: ResultsPostCause;
    /** Cause `bomb`: posted on the bomb (同归), or its 领票人 when it was voted out. */
    via?: "post" | "vote";
    /** Cause `post`: its own post set a bomb off in the same release; out as 帖杀, and listed under 同归 too. */
    alsoBomb?: true;
    /** A bomb voted out that took no 领票人, and why (the summary's `bombTookNobody`). */
    bombTookNobody?: { why: "expired"; through: number } | { why: "spent" } | { why: "no-lead-voter" };
    /** Score rule, cause `vote`: the 出局代号 the ballots named. */
    outCode?: string | null;
    /** Score rule: the seat's own 代号, named in its score line. */
    code?: string;
    points?: ScorePoints<string>;
    /** The identity published where it is not the role (7kill's bandit as 水民 or 杀手): the post shows this one. */
    published?: { role: string; camp: string };
    /** The identity was never published (out and back before the post, or a rule set that publishes none). */
    unpublished?: true;
    /** Day-night games: out at dawn, so listed in the night's post (第N夜结果), not the day's. */
    night?: true;
  }[];
  /** Score rule: each camp's running score after the round, per house. */
  scores?: { house: number; black: ScoreValue; white: ScoreValue }[];
  /** Posts of the plan nobody submitted in the window, per posting unit. */
  forfeited?: Record<string, number>;
  /** Posts sent but not released because their poster went out before the release, per posting unit. */
  withdrawn?: Record<string, number>;
  /** The vote's 弃权, and living voters who cast nothing and were not put out for it. */
  abstained?: string[];
  notVoted?: string[];
  /** 票杀N人 with fewer seats voted for and nothing tied: how many places stayed empty. */
  placesUnfilled?: number;
  /** Who voted only for players out since the vote was cast: void, not 弃权. */
  voided?: string[];
  revived: { alias: string; why?: string }[];
  alive: number;
  /** Day-night games: the living after the day, before the night's dead (the day's post says this one). */
  dayAlive?: number;
  /** The round's vote (or its 加时) still runs: no results yet. */
  running?: true;
  tally: ResultsPostTally[];
  /**
   * `referee`: the aliases among which the final tie-break left `slots` places to the referee, and why; `decided`,
   * whom the referee put out.
   */
  overtime: {
    tied: string[];
    /** The tied who went out at the close otherwise (a non-voter's suicide): not in the overtime. */
    gone?: string[];
    tally: ResultsPostTally[];
    referee?: ResultsPostTieToReferee;
    /** The overtime's (duel's) voters whose choice went out before it closed. */
    voided?: string[];
  } | null;
  /** The same for a regular vote's tie when the rule set has no overtime. */
  tieToReferee?: ResultsPostTieToReferee;
  /** A tie some of whose seats went out at the close: the living (`out`) took the places, with no overtime. */
  tieFilled?: { tied: string[]; out: string[] };
  /** Bombs voted out whose 领票人 the referee names among `voters` (leadVoter "referee"); `decided` once named. */
  leadVoterToReferee?: { bomb: string; voters: string[]; decided?: string }[];
  /** 改判票杀 rulings on the round's vote: whom it had put out, whom it puts out now, and why. */
  voteOutAmended?: { previous: string[]; out: string[]; reason: string; house?: number }[];
  /** 改定领票人: a bomb of the round, the seat it had taken (or null), the one the referee named, and why. */
  leadVoterAmended?: { bomb: string; previous: string | null; leadVoter: string; reason: string }[];
  /** 恢复杀帖: a voided post of the round made to stand again (its index, poster and target), and why. */
  postsReinstated?: { post: number; poster: string; target: string; reason: string }[];
  /** 认定字数足够: a 白条 of the round the referee accepted as a full post (its index, poster and target), and why. */
  iousAccepted?: { post: number; poster: string; target: string; reason: string }[];
  /** 两府制: each house's own thread; the post then lists every house's votes and dead under its own heading. */
  houses?: {
    house: number;
    tally: ResultsPostTally[];
    out: ResultsPostRound["out"];
    overtime: ResultsPostRound["overtime"];
    tieToReferee?: ResultsPostTieToReferee;
    tieFilled?: ResultsPostRound["tieFilled"];
  }[];
}

export interface ResultsPostTieToReferee {
  seats: string[];
  slots: number;
  reason: string;
  decided?: string[];
}

export interface ResultsPostContext {
  /**
   * Where not voting is suicide (vote.nonVoting), the rounds excused from it (空军's round 1): their 未投票 line says
   * those seats are not out for it.
   */
  excusedFromSuicide?: number[];
  /** Role id → display name (杀手, 游侠…); an unknown id is shown as is. */
  roleNames?: Record<string, string>;
  /** Camp id → name (the rule set's `campNames`, 7kill's 杀手方 / 好人方); absent reads 黑道 / 白道 / 中立. */
  campNames?: Record<string, string>;
  /** Alliances that formed in this round. */
  alliances?: string[];
  /** The rule set's alliances that only open a room (join-room), by name: they merge no posting groups. */
  roomOnlyAlliances?: string[];
  /** Posting unit id → name (联合杀手, 杀刺…); an unknown id is shown as is. */
  unitNames?: Record<string, string>;
  /**
   * Seed 000 四.1 「投票结束后，由哨子公布…同时发布下一轮的游戏进程」: the next round's plan as it goes now (posts merged after
   * alliances). Absent once the game is over, or when the next round has not opened.
   */
  nextPlan?: {
    round: number;
    votesPerVoter: number;
    voteOut: number;
    posts: Record<string, number>;
    extraPosts: Record<string, number>;
  };
  /**
   * "所有出局者公布身份，不公布死因" (the rule set's `disclosure.cause: false`): the dead are listed without why, except
   * the voted out, whom the vote thread names anyway.
   */
  hideCauses?: boolean;
  /** The rule set's tie-break after overtime (RULINGS 11); absent reads as 先到先出. */
  finalTieBreak?: string;
  /** 7kill's 高票对决 instead of overtime, with its outcome on a tie ("高票对决后如仍平票，则无人出局"). */
  duel?: boolean;
  /** A day-night game (7kill): 第N天, 投票结果 and 投票出局 for a daily game's 第N轮, 票楼结果 and 票杀. */
  dayNight?: boolean;
  /**
   * 7kill: the round's public warnings, withdrawn ones left out (penaltiesOf reads them from the summary); `reasons`:
   * 潜水's cases (seed 001 4.2 a–d), so a seat warned twice in one day (its thread and its duel's) reads why each time.
   */
  penalties?: { alias: string; offence: string; reasons?: string[] }[];
  /**
   * The night's post (renderNightPost): whose last words are due and until when (ISO 8601), as dawn opened them
   * (lastWordsOf). Absent when no last-words phase opened (the game ended at dawn).
   */
  lastWords?: { due: string[]; endsAt: string };
  /** Set on the round where win conditions naming different winners held at once, until the referee ends the game. */
  endingToReferee?: { winner: "black" | "white" | "draw" | null; why: EndingWhy }[];
  /**
   * Set on each round with results from the one in which win conditions came to hold (the summary's
   * `result.endingWaits.since`) while the end waits for a tie or a 领票人 the referee has yet to decide, or an IOU not
   * yet completed.
   */
  endingWaits?: {
    candidates: { winner: "black" | "white" | "draw" | null; why: EndingWhy }[];
    on: { kind: "tie" | "lead-voter" | "iou" | "complaint" | "complaint-window"; round: number }[];
  };
  /** The game is over (any round's post): a tie still left to the referee will never be decided. */
  over?: true;
  /** Set on the round that ended the game. */
  result?: {
    winner: "black" | "white" | "draw" | null;
    /** Why it ended, said in Chinese after the winner; null for a game ended before the engine recorded it. */
    why?: EndingWhy | null;
    /** Score rule: the final totals, survival points included, with their terms and (两府制) each house's. */
    scores?: FinalScores;
    /** 7kill (seed 001 2.2): each seat's game points, by alias (the summary's dayNight.points). */
    points?: { alias: string; points: number }[];
  };
}

/** The parts of a rule set that change how its results post reads. */
export function resultsPostRules(
  rules: Pick<RuleSet, "disclosure" | "vote" | "campNames" | "roles" | "alliances" | "groups" | "schedule">,
): Pick<
  ResultsPostContext,
  | "hideCauses"
  | "finalTieBreak"
  | "duel"
  | "campNames"
  | "unitNames"
  | "dayNight"
  | "excusedFromSuicide"
  | "roomOnlyAlliances"
> {
  const nonVoting = rules.vote.nonVoting;
  return {
    ...(nonVoting.outcome === "suicide" && { excusedFromSuicide: nonVoting.excusedRounds }),
    dayNight: rules.schedule.kind === "day-night",
    campNames: campNamesOf(rules),
    unitNames: unitNamesOf(rules),
    hideCauses: !rules.disclosure.cause,
    finalTieBreak: rules.vote.finalTieBreak,
    duel: rules.vote.duel !== null,
    roomOnlyAlliances: rules.alliances
      .filter((a) => !a.effects.some((e) => e.kind === "merge-groups"))
      .map((a) => a.name),
  };
}

const HOUSE_NAME: Record<number, string> = { 1: "一府", 2: "二府" };

const CAUSE_HEADING: Record<ResultsPostCause, string> = {
  vote: "票杀",
  post: "帖杀",
  bomb: "同归（被炸弹带走）",
  suicide: "未投票，按自杀处理",
  redo: "报道重做逾期，按自杀处理",
  iou: "白条未按时补齐，出帖者出局",
  complaint: "举报查实，出帖者出局",
  night: "夜间被杀",
  shot: "被枪杀",
  needle: "空针出局",
  referee: "哨子判定出局",
  penalty: "违规判罚出局",
};

const LEAD_VOTER_TAKEN = "领票人随被票出的炸弹出局";

/** What a tie after overtime comes to, per the rule set's final tie-break (RULINGS 11). */
const FINAL_TIE: Record<string, string> = {
  "first-reached": "加时依然平票，按先到先出。",
  "first-vote-earliest": "加时依然平票，最早得票者出局。",
  "all-out": "加时依然平票，平票者全部出局。",
  "nobody-out": "加时依然平票，本轮无人出局。",
  referee: "加时依然平票，由哨子裁定。",
};

/** Why the final tie-break could not decide by itself (TieBroken's `referee.reason`). */
const LEFT_TO_REFEREE: Record<string, string> = {
  "referee-rule": "规则规定由哨子裁定",
  "times-equal": "达到票数的时间相同",
  "no-votes": "加时无人得票，无从先到先出",
};

const CAUSE_ORDER: ResultsPostCause[] = [
  "post",
  "bomb",
  "iou",
  "complaint",
  "vote",
  "suicide",
  "redo",
  "night",
  "shot",
  "needle",
  "penalty",
  "referee",
];

/**
 * 「（why），由哨子在 甲、乙 中定1人出局」, then whom the referee chose once chosen. `ended`: the game is over with the tie
 * never decided (no answer of it could change the winner), which the post says rather than leave the place promised.
 */
function leftToReferee(t: ResultsPostTieToReferee, ended = false): string {
  const left = `（${LEFT_TO_REFEREE[t.reason] ?? t.reason}），由哨子在 ${t.seats.join("、")} 中定${t.slots}人出局`;
  if (!t.decided) return ended ? `${left}；游戏已结束，未作裁定，无人因此出局。` : `${left}。`;
  // Tied seats that went out before the decision leave fewer places (decide-tie): maybe none, or fewer than asked.
  return t.decided.length === 0
    ? `${left}：平票者在裁定前均已出局，无人因此出局。`
    : `${left}：哨子定 ${t.decided.join("、")} 出局${t.decided.length < t.slots ? "（其余平票者已在裁定前出局）" : ""}。`;
}

/** 「第3轮进程：每人2票，票杀4人；出帖：联合杀手2帖、情侣刺客1帖；加帖：工兵1帖。」 */
function nextPlanLine(
  plan: NonNullable<ResultsPostContext["nextPlan"]>,
  names: Record<string, string>,
): string {
  const units = (posts: Record<string, number>) =>
    Object.entries(posts)
      .filter(([, n]) => n > 0)
      .map(([u, n]) => `${names[u] ?? u}${n}帖`)
      .join("、");
  const parts = [`${plan.votesPerVoter > 1 ? `每人${plan.votesPerVoter}票，` : ""}票杀${plan.voteOut}人`];
  const posts = units(plan.posts);
  if (posts) parts.push(`出帖：${posts}`);
  const extra = units(plan.extraPosts);
  if (extra) parts.push(`加帖：${extra}`);
  return `第${plan.round}轮进程：${parts.join("；")}。`;
}

/** "2026-12-02T13:07:12.000Z" → "21:07:12" (Beijing time, as the forum's vote machine shows it). */
function clockOf(iso: string): string {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? beijingClock(at) : iso;
}

/** 「21:07:12.345」: the clock with its milliseconds, for times that differ only within a second. */
function clockWithMs(iso: string): string {
  const at = Date.parse(iso);
  return Number.isFinite(at)
    ? `${beijingClock(at)}.${String(((at % 1000) + 1000) % 1000).padStart(3, "0")}`
    : iso;
}

/** 潜水's cases (seed 001 4.2 a–d), as the board's warnings list names them. */
const LURKING_ZH: Record<string, string> = {
  posts: "讨论帖发帖不足",
  "not-voting": "未在投票帖投票",
  streak: "连续三次讨论帖发帖不足",
  "night-action": "未行使夜晚特权",
};

/** 7kill's offences (seed 001 4.2, 4.3), as the board's 处罚公告 names them. */
const OFFENCE_ZH: Record<string, string> = {
  lurking: "潜水",
  zhashi: "诈尸",
  "expose-id": "曝ID",
  evidence: "贴证",
  "negative-play": "消极游戏",
  abuse: "不当发言",
  cheating: "作弊",
  other: "其他违规",
};

/**
 * The round's public, standing warnings from 7kill's report (`dayNight.offences`, seats named by alias as the replay
 * prints them); anything malformed is skipped.
 */
export function penaltiesOf(
  dayNight: unknown,
  round: number,
): { alias: string; offence: string; reasons?: string[] }[] {
  const offences = (dayNight as { offences?: unknown } | null | undefined)?.offences;
  if (!Array.isArray(offences)) return [];
  return offences.flatMap((o: unknown) => {
    const x = o as {
      round?: unknown;
      alias?: unknown;
      offence?: unknown;
      public?: unknown;
      withdrawn?: unknown;
      reasons?: unknown;
    };
    const reasons = Array.isArray(x.reasons)
      ? x.reasons.filter((r): r is string => typeof r === "string")
      : [];
    return x.round === round &&
      x.public === true &&
      x.withdrawn !== true &&
      typeof x.alias === "string" &&
      typeof x.offence === "string"
      ? [{ alias: x.alias, offence: x.offence, ...(reasons.length > 0 && { reasons }) }]
      : [];
  });
}

/** The last words dawn opened in `round` (7kill's report, `dayNight.lastWords`, seats named by alias), if it did. */
export function lastWordsOf(dayNight: unknown, round: number): { due: string[]; endsAt: string } | undefined {
  const all = (dayNight as { lastWords?: unknown } | null | undefined)?.lastWords;
  if (!Array.isArray(all)) return undefined;
  const lw = all.find((l: unknown) => (l as { round?: unknown } | null)?.round === round) as
    | { due?: unknown; endsAt?: unknown }
    | undefined;
  if (!lw || !Array.isArray(lw.due) || typeof lw.endsAt !== "string") return undefined;
  return { due: lw.due.filter((d): d is string => typeof d === "string"), endsAt: lw.endsAt };
}

/** Whether round `round`'s night has come to dawn (7kill's report, `dayNight.nights`): its post can be written. */
export function nightResolved(dayNight: unknown, round: number): boolean {
  const nights = (dayNight as { nights?: unknown } | null | undefined)?.nights;
  return (
    Array.isArray(nights) &&
    nights.some((n: unknown) => {
      const x = n as { round?: unknown; resolved?: unknown } | null;
      return x?.round === round && x.resolved === true;
    })
  );
}

/** 10.5 → "10.5票"; integers stay integers. */
export function formatVotes(votes: number): string {
  return `${Number.isInteger(votes) ? votes : votes.toFixed(1)}票`;
}

/** Voters whose ballot named only players out before the count (a day shot, a judged out). */
const VOIDED = "投给已出局者（作废）";

function tallyLine(t: ResultsPostTally): string {
  const notes: string[] = [];
  if (t.proxy) notes.push(`含托票${t.proxy}张`);
  if (t.half) notes.push(`含半票${t.half}张`);
  return `${t.alias} ${formatVotes(t.votes)}${notes.length > 0 ? `（${notes.join("，")}）` : ""}`;
}

/** 「杀1（杀手方·杀手）」: an out seat with the identity its post publishes. */
function whoOf(ctx: ResultsPostContext): (o: ResultsPostRound["out"][number]) => string {
  const name = (role: string) => ctx.roleNames?.[role] ?? role;
  const camps = ctx.campNames ?? CAMP;
  return (o) => {
    if (o.unpublished) return o.alias;
    const shown = o.published ?? o;
    return `${o.alias}（${camps[shown.camp] ?? shown.camp}·${name(shown.role)}）`;
  };
}

/**
 * The results post of one round, as plain text with light markdown. A day-night game's round has two: this is its
 * day's (第N天结果: the vote, the duel and the day's outs), and renderNightPost its night's; outs marked `night` are
 * left to the night's post.
 */
export function renderResultsPost(whole: ResultsPostRound, ctx: ResultsPostContext = {}): string {
  const round = ctx.dayNight ? dayPart(whole) : whole;
  const who = whoOf(ctx);
  const heading = (cause: ResultsPostCause) =>
    ctx.dayNight && cause === "vote" ? "投票出局" : CAUSE_HEADING[cause];
  // A day-night round's day is not the whole round: its night may put players out yet.
  const period = ctx.dayNight ? "白天" : "本轮";
  const lines: string[] = [`## 第${round.round}${ctx.dayNight ? "天" : "轮"}结果`, ""];
  const thread = (
    part: Pick<ResultsPostRound, "tally" | "overtime" | "out" | "tieToReferee" | "tieFilled">,
  ) => {
    // A row of 0 (a seat named only by a half vote that was not applied) counts nothing; overtime rows keep theirs.
    const counted = part.tally.filter((t) => t.votes > 0);
    if (counted.length > 0) {
      lines.push(`${ctx.dayNight ? "投票结果" : "票楼结果"}：${counted.map(tallyLine).join("，")}`);
    }
    if (part.tieToReferee) lines.push(`平票${leftToReferee(part.tieToReferee, ctx.over === true)}`);
    // Why no overtime though the counts tie: the tied who went out at the close (a non-voter's suicide) leave no more
    // seats than places.
    if (part.tieFilled) {
      const gone = part.tieFilled.tied.filter((t) => !part.tieFilled?.out.includes(t));
      lines.push(
        part.tieFilled.out.length > 0
          ? `平票：${part.tieFilled.tied.join("、")} 同票；${gone.join("、")} 已出局，余下的 ${part.tieFilled.out.join("、")} 不多于名额，直接出局，不加时。`
          : `平票：${part.tieFilled.tied.join("、")} 同票，均已出局，名额空缺，不加时。`,
      );
    }
    if (part.overtime !== null) {
      const ot = part.overtime;
      if (ctx.duel) {
        const inIt = ot.tied.filter((t) => !ot.gone?.includes(t));
        lines.push(
          ot.gone?.length
            ? `平票：${ot.tied.join("、")} 同为最高票；${ot.gone.join("、")} 已出局，${inIt.join("、")} 进入高票对决。`
            : `平票：${ot.tied.join("、")} 同为最高票，进入高票对决。`,
        );
        if (ot.tally.length > 0) lines.push(`对决结果：${ot.tally.map(tallyLine).join("，")}`);
        if (ot.voided?.length) lines.push(`对决中${VOIDED}：${ot.voided.join("、")}`);
      } else {
        const inIt = ot.tied.filter((t) => !ot.gone?.includes(t));
        lines.push(
          ot.gone?.length
            ? `平票加时：${ot.tied.join("、")} 平票；${ot.gone.join("、")} 已出局，${inIt.join("、")} 进入加时投票。`
            : `平票加时：${ot.tied.join("、")} 平票，进入加时投票。`,
        );
        if (ot.tally.length > 0) lines.push(`加时结果：${ot.tally.map(tallyLine).join("，")}`);
        if (ot.voided?.length) lines.push(`加时中${VOIDED}：${ot.voided.join("、")}`);
      }
      const top = Math.max(...ot.tally.map((t) => t.votes), 0);
      const atTop = ot.tally.filter((t) => t.votes === top).length;
      if (ot.referee && !ctx.duel)
        // Not "按先到先出" beside "无人出局": the rule could not decide, and the referee must.
        lines.push(`加时依然平票${leftToReferee(ot.referee, ctx.over === true)}`);
      else if (atTop > 1 || ot.tally.length === 0) {
        lines.push(
          ctx.duel
            ? part.out.length === 0
              ? `高票对决后仍平票，${period}无人出局。`
              : "高票对决后仍平票，无人被投出局。"
            : (FINAL_TIE[ctx.finalTieBreak ?? "first-reached"] ?? FINAL_TIE["first-reached"]!),
        );
        // RULINGS 11 「the tied player whose final count was reached earliest goes out」: the times, to check it by.
        const reached = ot.tally.filter((t) => t.votes === top && t.reachedAt !== undefined);
        if (!ctx.duel && (ctx.finalTieBreak ?? "first-reached") === "first-reached" && reached.length > 1) {
          // Two counts reached within one second read as the same time: then the milliseconds say who was first.
          const seconds = reached.map((t) => clockOf(t.reachedAt ?? ""));
          const fine = new Set(seconds).size < seconds.length;
          // Within one millisecond the server's order of receipt decides (tie-break.ts): those it put out came first.
          const outFirst = (alias: string) => (part.out.some((o) => o.alias === alias) ? 0 : 1);
          const sameMs = new Set(reached.map((t) => t.reachedAt)).size < reached.length;
          lines.push(
            `达到${formatVotes(top)}的时间：${[...reached]
              .sort(
                (a, b) =>
                  (a.reachedAt ?? "").localeCompare(b.reachedAt ?? "") ||
                  outFirst(a.alias) - outFirst(b.alias),
              )
              .map((t) => `${t.alias} ${fine ? clockWithMs(t.reachedAt ?? "") : clockOf(t.reachedAt ?? "")}`)
              .join("，")}。${sameMs ? "同一毫秒达到的，按服务器收到投票的先后。" : ""}`,
          );
        }
      } else if (ctx.duel && !part.out.some((o) => o.cause === "vote"))
        // Seed 001 「大于等于未出局人数的40%者，将被投出局」 holds in the duel too; a duellist may also have left that day.
        lines.push(
          // With nobody out at all, the post's own 「本轮无人出局」 follows.
          part.out.length === 0
            ? "高票对决无人达到出局票数。"
            : `高票对决无人达到出局票数，${ctx.dayNight ? "" : "本轮"}无人被投出局。`,
        );
    }
    if (part.tally.length > 0 || part.overtime !== null) lines.push("");
    if (ctx.hideCauses) {
      const voted = part.out.filter((o) => o.cause === "vote");
      const rest = part.out.filter((o) => o.cause !== "vote");
      if (voted.length > 0) lines.push(`${heading("vote")}：${voted.map(who).join("、")}`);
      if (rest.length > 0) lines.push(`出局（不公布死因）：${rest.map(who).join("、")}`);
      return;
    }
    for (const cause of CAUSE_ORDER) {
      const outs = part.out.filter((o) => o.cause === cause);
      if (cause === "bomb") {
        // 同归 is the poster's; a 领票人 is taken by a bomb voted out, which is another thing (seed 002 暗弹).
        const taken = outs.filter((o) => o.via === "vote");
        // A poster already listed as 帖杀 is named again here, so the post still says its bomb went off.
        const posted = [
          ...outs.filter((o) => o.via !== "vote").map(who),
          ...part.out.filter((o) => o.alsoBomb).map((o) => `${o.alias}（已计入帖杀）`),
        ];
        if (posted.length > 0) lines.push(`${CAUSE_HEADING.bomb}：${posted.join("、")}`);
        if (taken.length > 0) lines.push(`${LEAD_VOTER_TAKEN}：${taken.map(who).join("、")}`);
        continue;
      }
      if (outs.length === 0) continue;
      lines.push(`${heading(cause)}：${outs.map(who).join("、")}`);
    }
  };

  if (round.houses) {
    // 两府制: "分数不跨票楼归属，死亡人员在哪个票楼，其死亡后分值就在哪个票楼的结果里判归属" — each house its own results.
    for (const h of round.houses) {
      lines.push(`### ${HOUSE_NAME[h.house] ?? `第${h.house}府`}`, "");
      thread(h);
      if (h.out.length === 0) lines.push("本府本轮无人出局。");
      lines.push("");
    }
  } else {
    thread(round);
  }
  // RULINGS 13's "referee's choice": the post says who named the 领票人, or that the referee has yet to.
  for (const d of round.leadVoterToReferee ?? []) {
    lines.push(
      d.decided !== undefined
        ? `${d.bomb} 被票出，哨子在 ${d.voters.join("、")} 中定 ${d.decided} 为领票人。`
        : `${d.bomb} 被票出，领票人待哨子在 ${d.voters.join("、")} 中裁定。`,
    );
  }
  // 改判票杀: the tally above is what the machine counted; the post says the referee ruled otherwise, and why.
  for (const a of round.voteOutAmended ?? []) {
    const names = (list: string[]) => (list.length > 0 ? list.join("、") : "无人");
    const house = a.house !== undefined ? `第${a.house}府` : "";
    lines.push(`哨子改判${house}票杀：${names(a.previous)} → ${names(a.out)}（${a.reason}）`);
  }
  for (const x of round.leadVoterAmended ?? [])
    lines.push(`哨子改定 ${x.bomb} 的领票人：${x.previous ?? "无人"} → ${x.leadVoter}（${x.reason}）`);
  // 恢复杀帖: the ruling that voided the post is withdrawn; the outs above already follow it. The poster is not named:
  // a post 作废杀帖 voided never made it public (a 举报 upheld did, in its own line above).
  for (const x of round.postsReinstated ?? [])
    lines.push(`哨子撤销作废，恢复帖杀 ${x.target} 的杀帖（${x.reason}）`);
  // 认定字数足够: the 白条 was public (the 杀帖 thread marks it), its poster not: the post is named by its target.
  for (const x of round.iousAccepted ?? [])
    lines.push(`哨子认定帖杀 ${x.target} 的杀帖字数足够，白条不再需补（${x.reason}）`);
  // A bomb voted out is known to take its 领票人 (seed 002 「如被票出，带走领票人」): when it took nobody the post says why.
  const unitOfRound = ctx.dayNight ? "天" : "轮";
  for (const o of round.out) {
    const why = o.bombTookNobody;
    if (!why) continue;
    lines.push(
      why.why === "expired"
        ? `${o.alias} 被票出：带走领票人的效力只到第${why.through}${unitOfRound}，未带走领票人。`
        : why.why === "spent"
          ? `${o.alias} 被票出：此前已引爆过，未带走领票人。`
          : `${o.alias} 被票出：投其票者均已出局，未带走领票人。`,
    );
  }
  // Fewer seats had votes than the round's 票杀 places (风云 play-through: the post named three of 「票杀5人」 silently).
  if (round.placesUnfilled)
    lines.push(`得票者不足本轮票杀人数，空缺${round.placesUnfilled}个名额，无人补上。`);
  // Seed 001 「弃权也需要发投票帖，并计为一次投票」: an abstention is a ballot, and the post names it with who cast none.
  if (round.abstained?.length) lines.push(`弃权：${round.abstained.join("、")}`);
  // Where not voting is suicide, a round excused from it still names who cast none, and says why they are in.
  const excused = ctx.excusedFromSuicide?.includes(round.round) ?? false;
  if (round.notVoted?.length)
    lines.push(`${excused ? "未投票（本轮不按自杀处理）" : "未投票"}：${round.notVoted.join("、")}`);
  // Their ballots named someone, who left before the count: a vote, and void, so neither 弃权 nor 未投票.
  if (round.voided?.length) lines.push(`${VOIDED}：${round.voided.join("、")}`);
  // Seed 001 4.2: warnings are announced ("此种情况处罚时不公开" ones excepted, which the summary marks private).
  if (ctx.penalties?.length)
    lines.push(
      `处罚：${ctx.penalties
        .map((p) => {
          const why = (p.reasons ?? []).map((r) => LURKING_ZH[r] ?? r).join("、");
          return `${p.alias} ${OFFENCE_ZH[p.offence] ?? p.offence}（${why ? `${why}；` : ""}警告）`;
        })
        .join("、")}`,
    );
  // RULINGS 19: a post not sent in the window is forfeited; players count the round's kills by it.
  const perUnit = (counts: Record<string, number> | undefined) =>
    Object.entries(counts ?? {})
      .filter(([, n]) => n > 0)
      .map(([u, n]) => `${ctx.unitNames?.[u] ?? u}${n}帖`)
      .join("、");
  const forfeited = perUnit(round.forfeited);
  if (forfeited) lines.push(`未出帖（作废）：${forfeited}`);
  // A post sent by a seat out before the release (几方同步发帖, RULINGS 14: a dead player posts nothing): named by its
  // unit only, as a released post is, so it tells nobody who sent it.
  const withdrawn = perUnit(round.withdrawn);
  if (withdrawn) lines.push(`出帖者在放帖前出局，杀帖不放出：${withdrawn}`);
  // Said once: a tie's outcome may have said it already (「加时依然平票，本轮无人出局」).
  if (round.out.length === 0 && !lines.some((l) => l.endsWith(`${period}无人出局。`)))
    lines.push(`${period}无人出局。`);
  // 「被帖者复活当轮恢复全票」 is a void post's target's (a day-night game has no half votes to restore); the referee's
  // 复活 and an amended ruling say so, as the log does with its reason.
  const byWhy = (ruled: boolean) =>
    round.revived.filter((r) => (r.why === "referee" || r.why === "amended") === ruled).map((r) => r.alias);
  const restored = byWhy(false);
  if (restored.length > 0) lines.push(`复活：${restored.join("、")}${ctx.dayNight ? "" : "（恢复全票）"}`);
  const ruled = byWhy(true);
  if (ruled.length > 0) lines.push(`复活：${ruled.join("、")}（哨子裁定，理由见日志）`);
  // An alliance that only opens a room to someone (风云's 黑弹进群) merges no posting groups.
  for (const a of ctx.alliances ?? [])
    lines.push(
      ctx.roomOnlyAlliances?.includes(a) ? `联合：${a}。` : `联合：${a}，即日起合并群组与出帖顺序。`,
    );
  // "每轮结果帖里…另外还公布黑白两道各自得分情况及分值归属原因"
  // 两府制 「结果发布时分值始终不跨楼归属」: each line names the house its dead seat is in (the round's `out` rows do not say).
  const houseOf = new Map((round.houses ?? []).flatMap((h) => h.out.map((o) => [o.alias, h.house] as const)));
  const scoreLines = scoreLinesOfRound(
    { ...round, out: round.out.map((o) => ({ ...o, house: houseOf.get(o.alias) ?? 1 })) },
    ctx.unitNames ?? {},
  );
  if (scoreLines.length > 0) lines.push("", ...scoreLines);
  if (ctx.result?.scores) lines.push(...finalScoreLines(ctx.result.scores));
  const revived = round.revived.length > 0 ? `，复活${round.revived.length}人` : "";
  lines.push("", `${period}出局${round.out.length}人${revived}，现存活${round.alive}人。`);
  if (ctx.nextPlan && !ctx.result) lines.push("", nextPlanLine(ctx.nextPlan, ctx.unitNames ?? {}));
  lines.push(...endingLines(ctx));
  return lines.join("\n");
}

/** A day-night round as its day's post tells it: the night's dead left out, the living counted before them. */
function dayPart(round: ResultsPostRound): ResultsPostRound {
  const nightOuts = round.out.filter((o) => o.night).length;
  return {
    ...round,
    out: round.out.filter((o) => !o.night),
    alive: round.dayAlive ?? round.alive + nightOuts,
    ...(round.houses && {
      houses: round.houses.map((h) => ({ ...h, out: h.out.filter((o) => !o.night) })),
    }),
  };
}

/**
 * A day-night round's night post (第N夜结果), 「III.天亮公布结果」: who went out in the night, in seat order as the
 * engine put them out, with the identities published and no cause (「所有出局者公布身份，不公布死因」), or 平安夜; whose
 * last words are due and until when (「前三夜出局的玩家有遗言」); the living. Nothing of the night's actions: no save,
 * empty needle or check. `round.out` is the whole round's: only the outs marked `night` are the night's.
 */
export function renderNightPost(round: ResultsPostRound, ctx: ResultsPostContext = {}): string {
  const who = whoOf(ctx);
  const outs = round.out.filter((o) => o.night);
  const lines: string[] = [`## 第${round.round}夜结果`, ""];
  if (outs.length === 0) lines.push("平安夜，无人出局。");
  else {
    lines.push(`出局（不公布死因）：${outs.map(who).join("、")}`);
    if (ctx.lastWords) {
      const due = ctx.lastWords.due.filter((a) => outs.some((o) => o.alias === a));
      const ends = Date.parse(ctx.lastWords.endsAt);
      const until = Number.isFinite(ends) ? beijingDateTime(ends) : ctx.lastWords.endsAt;
      lines.push(
        due.length > 0 ? `遗言：${due.join("、")}，请于 ${until} 前发表遗言。` : "本夜出局者无遗言。",
      );
    }
  }
  lines.push("", `夜晚出局${outs.length}人，现存活${round.alive}人。`);
  lines.push(...endingLines(ctx));
  return lines.join("\n");
}

/** What the round's last post says of the game's end: a contested ending, one that waits, or the result. */
function endingLines(ctx: ResultsPostContext): string[] {
  const camps = ctx.campNames ?? CAMP;
  const lines: string[] = [];
  if (ctx.endingToReferee && !ctx.result) {
    const each = ctx.endingToReferee.map(
      (c) => `${winnerText(c.winner, camps)}（${endingText(c.why, ctx.roleNames ?? {}, camps)}）`,
    );
    lines.push("", `**结束条件同时成立：${each.join("；")}。规则未定哪一方胜出，胜负由哨子裁定。**`);
  }
  if (ctx.endingWaits && !ctx.result) {
    const each = ctx.endingWaits.candidates.map(
      (c) => `${winnerText(c.winner, camps)}（${endingText(c.why, ctx.roleNames ?? {}, camps)}）`,
    );
    const unit = ctx.dayNight ? "天" : "轮";
    const what = {
      tie: "平票",
      "lead-voter": "领票人",
      iou: "白条",
      complaint: "杀帖举报",
      "complaint-window": "杀帖举报期",
    } as const;
    const decisions = ctx.endingWaits.on.filter((d) => d.kind !== "iou" && d.kind !== "complaint-window");
    const ious = ctx.endingWaits.on.filter((d) => d.kind === "iou");
    const windows = ctx.endingWaits.on.filter((d) => d.kind === "complaint-window");
    const named = (list: typeof decisions) =>
      list
        .map((d) => `第${d.round}${unit}${what[d.kind]}`)
        .filter((t, i, all) => all.indexOf(t) === i)
        .join("、");
    // An answer could still put someone out or bring someone back and change the winner: the post says what holds and
    // what it waits on.
    const waits = [
      ...(decisions.length > 0 ? [`${named(decisions)}待哨子裁定`] : []),
      ...(ious.length > 0 ? [`${named(ious)}待补齐或逾期`] : []),
      // RULINGS 16: complaints are taken until the window closes, and one upheld could still change the winner.
      ...(windows.length > 0 ? [`${named(windows)}未过`] : []),
    ];
    const then = ious.length > 0 || windows.length > 0 ? "之后再定胜负" : "裁定后再定胜负";
    lines.push("", `**结束条件已成立：${each.join("；")}。${[...waits, then].join("，")}。**`);
  }
  if (ctx.result) {
    const winner = winnerText(ctx.result.winner, camps);
    const why = ctx.result.why ? `（${endingText(ctx.result.why, ctx.roleNames ?? {}, camps)}）` : "";
    lines.push("", `**游戏结束：${winner}。**${why}`);
    // Seed 001 2.2: the director publishes each player's points with the end (the winners' rewards; the rest 0).
    const points = ctx.result.points ?? [];
    if (points.length > 0) {
      const scored = points.filter((p) => p.points !== 0).map((p) => `${p.alias} ${p.points}分`);
      const rest = points.some((p) => p.points === 0)
        ? scored.length > 0
          ? "；其余0分"
          : "所有玩家0分"
        : "";
      lines.push(`本局积分：${scored.join("、")}${rest}。`);
    }
  }
  return lines;
}

/** A day-night round's results post comes in two parts: the day's (第N天结果) and the night's (第N夜结果). */
export type ResultsPart = "day" | "night";

/** What of a (aliased) game summary a round's results post is written from, beside the round itself. */
export interface ResultsPostSource {
  rules: RuleSet | null;
  alliances: { round: number; name: string }[];
  result: GameSummary["result"];
  dayNight?: unknown;
  /** The next round's plan as the post announces it (nextPlan), where the rule set has one to announce. */
  nextPlan?: ResultsPostContext["nextPlan"];
  /** The game's last round with results: an ended game's result goes on its post. */
  lastRound?: number;
}

/**
 * One part of a round's results post, as the live preview and the replay's md both write it. A daily game's round has
 * one part, "day". The game's end (the result, a contested ending, one that waits) goes on the round's last part: a
 * day-night round's night once dawn has come, else its day.
 */
export function roundPostText(part: ResultsPart, r: ResultsPostRound, src: ResultsPostSource): string {
  const rules = src.rules;
  const dayNight = rules?.schedule.kind === "day-night";
  const resolved = dayNight && nightResolved(src.dayNight, r.round);
  const lastPart = part === "night" || !resolved;
  const isLast = src.result.ended && lastPart && r.round === src.lastRound;
  const penalties = part === "day" ? penaltiesOf(src.dayNight, r.round) : [];
  const lastWords = part === "night" ? lastWordsOf(src.dayNight, r.round) : undefined;
  const ctx: ResultsPostContext = {
    ...(penalties.length > 0 && { penalties }),
    ...(lastWords && { lastWords }),
    ...(part === "day" && src.nextPlan && !isLast && { nextPlan: src.nextPlan }),
    roleNames: Object.fromEntries((rules?.roles ?? []).map((x) => [x.id, x.name])),
    ...(rules ? resultsPostRules(rules) : {}),
    alliances: part === "day" ? src.alliances.filter((a) => a.round === r.round).map((a) => a.name) : [],
    ...(src.result.ended && { over: true as const }),
    ...(lastPart &&
      src.result.toReferee?.round === r.round && {
        endingToReferee: src.result.toReferee.candidates,
      }),
    // From the round in which the ending came to hold on: an earlier post was published before it held.
    // A running round has no results yet.
    ...(lastPart &&
      src.result.endingWaits &&
      !r.running &&
      r.round >= src.result.endingWaits.since && {
        endingWaits: src.result.endingWaits,
      }),
    ...(isLast && {
      result: {
        winner: src.result.winner,
        why: src.result.why,
        ...(src.result.scores && { scores: src.result.scores }),
        points: pointsOf(src.dayNight),
      },
    }),
  };
  return part === "night" ? renderNightPost(r, ctx) : renderResultsPost(r, ctx);
}

/** The 7kill points of a summary's (aliased) dayNight part, if it has them. */
export function pointsOf(dayNight: unknown): { alias: string; points: number }[] {
  const points = (dayNight as { points?: unknown } | null | undefined)?.points;
  if (!Array.isArray(points)) return [];
  return points.flatMap((p: unknown) => {
    const x = p as { alias?: unknown; points?: unknown };
    return typeof x.alias === "string" && typeof x.points === "number"
      ? [{ alias: x.alias, points: x.points }]
      : [];
  });
}
