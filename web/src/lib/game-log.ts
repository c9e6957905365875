// The players' game log (日志 tab): which of the viewer's own events it lists, in words, newest first.
import type { GameEventDto, GameInfo, GameView } from "../../../src/server/api-types.ts";
import { describeEvent, type LogNames, logNames } from "../pages/log-text.ts";

/** important: what changes the game (the default); all: every event but the ballots; votes: ballots too. */
export type LogFilter = "important" | "all" | "votes";

/**
 * What a player reads the log for: outs and revivals, rulings with their reasons, released posts, vote results,
 * endings, 替补. Thousands of ballots and thread posts would bury them.
 */
export const IMPORTANT_TYPES: ReadonlySet<string> = new Set([
  "GameStarted",
  "RoundOpened",
  "PostsReleased",
  "VoteClosed",
  "OvertimeOpened",
  "TieBroken",
  "PlayerOut",
  "PlayerRevived",
  "PostOutRejudged",
  "IdentityRevealed",
  "BombFired",
  "PostFiringVoided",
  "IouOpened",
  "IouFailed",
  "ComplaintUpheld",
  "ComplaintDismissed",
  "ComplaintRuledIou",
  "AllianceFormed",
  "OverrideApplied",
  "IouExtensionGranted",
  "GameEnded",
  "BanditShot",
  "BanditConverted",
  "CheckResult",
  "OffenceRecorded",
  "LurkingExcused",
  "app.ResultsPublished",
  "app.AwardsGiven",
]);

export interface LogItem {
  seq: number;
  at: number;
  text: string;
}

/**
 * The names a viewer's log uses. The viewer's GameStarted carries no rule set (it would name every role), so the
 * game's info says whether rounds are days and what the camps are called.
 */
export function viewerLogNames(
  view: Pick<GameView, "seats" | "unitNames"> | null,
  events: readonly GameEventDto[],
  info: Pick<GameInfo, "dayNight" | "killPosts" | "campNames" | "rulesName"> | null | undefined,
): LogNames {
  const names = logNames(view, events);
  if (!info) return names;
  return {
    ...names,
    dayNight: info.dayNight,
    killPosts: info.killPosts,
    camps: { ...names.camps, ...info.campNames },
    rulesName: info.rulesName,
  };
}

/** The stream's events and fetched ballots as one list in seq order, each once. */
export function mergeBySeq(a: readonly GameEventDto[], b: readonly GameEventDto[]): GameEventDto[] {
  const bySeq = new Map<number, GameEventDto>();
  for (const e of a) bySeq.set(e.seq, e);
  for (const e of b) bySeq.set(e.seq, e);
  return [...bySeq.values()].sort((x, y) => x.seq - y.seq);
}

/**
 * The lines to show, newest first. Only what the events hold is said, and they are the viewer's own feed. A line
 * describeEvent cannot read is left out: raw data is for the referee's log.
 */
export function logItems(events: readonly GameEventDto[], names: LogNames, filter: LogFilter): LogItem[] {
  const out: LogItem[] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (filter === "important" && !IMPORTANT_TYPES.has(e.type)) continue;
    if (filter === "all" && e.type === "VoteCast") continue;
    if (outAgainAtOnce(events, i)) continue;
    const text = describeEvent(e, names);
    if (text !== "") out.push({ seq: e.seq, at: e.at, text });
  }
  return out;
}

/**
 * A poster its bomb took along (同归) whose post is then voided (举报成立, 白条未补) is revived and put out again in the
 * same ruling, for the void post: the engine records both, but 「复活（举报成立）」 before 「出局（被举报成立）」 reads as
 * if the complaint had saved it. The log says only the out.
 */
function outAgainAtOnce(events: readonly GameEventDto[], i: number): boolean {
  const e = events[i]!;
  if (e.type !== "PlayerRevived") return false;
  for (let j = i + 1; j < events.length && events[j]!.at === e.at; j++) {
    const d = events[j]!.data;
    if (events[j]!.type === "PlayerOut" && d.seat === e.data.seat && d.cause === e.data.reason) return true;
  }
  return false;
}
