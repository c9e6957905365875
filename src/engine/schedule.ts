// A round's clock under the daily-rounds schedule: when it opens, its posting window, vote, IOU and complaint deadlines.
import type { RuleSet } from "../rules/schema.ts";
import { addLocalDays, dayAt, MINUTE } from "./clock.ts";
import type { Instant } from "./contract.ts";
import { phaseEnd } from "./phases.ts";

type Daily = Extract<RuleSet["schedule"], { kind: "daily-rounds" }>;

export function dailySchedule(rules: RuleSet): Daily {
  if (rules.schedule.kind !== "daily-rounds") {
    // Day-night games (7kill, issue 8) plug their own phase clock in here.
    throw new Error("engine: the day-night schedule is not implemented yet (issue 8)");
  }
  return rules.schedule;
}

/** Round starts per rule set, start and round: pendingDeadlines asks for the next one on every command. */
const opensMemo = new WeakMap<RuleSet, Map<Instant, Map<number, Instant>>>();

/** Round k opens k−1 local days after round 1 ("每日21：00：00——次日21：00：00"). */
export function roundOpensAt(rules: RuleSet, start: Instant, round: number): Instant {
  let byStart = opensMemo.get(rules);
  if (!byStart) {
    byStart = new Map();
    opensMemo.set(rules, byStart);
  }
  let byRound = byStart.get(start);
  if (!byRound) {
    byRound = new Map();
    byStart.set(start, byRound);
  }
  let at = byRound.get(round);
  if (at === undefined) {
    at = addLocalDays(start, round - 1, dailySchedule(rules).timeZone);
    byRound.set(round, at);
  }
  return at;
}

export interface RoundClock {
  postingOpensAt: Instant;
  postingClosesAt: Instant;
  voteDeadline: Instant;
}

/** RULINGS 19: posts are submitted from `opensAfterMinutes` after the round's start for `minutes`. */
export function roundClock(rules: RuleSet, opensAt: Instant): RoundClock {
  // 7kill: no kill posts; the day's vote closes with the day ("白天讨论、投票：20:00～次日22:00", weekends longer).
  if (rules.schedule.kind === "day-night") {
    return {
      postingOpensAt: opensAt,
      postingClosesAt: opensAt,
      voteDeadline: phaseEnd(rules, "day", opensAt),
    };
  }
  const s = dailySchedule(rules);
  const postingOpensAt = opensAt + s.postingWindow.opensAfterMinutes * MINUTE;
  return {
    postingOpensAt,
    postingClosesAt: postingOpensAt + s.postingWindow.minutes * MINUTE,
    voteDeadline: dayAt(opensAt, s.voteDeadline.daysAfter, s.voteDeadline.at, s.timeZone),
  };
}

/** IOU and complaint deadlines, counted from the day the posts were released (白条…第二天中午12点前; 次日16点前). */
export function releaseDeadlines(rules: RuleSet, releasedAt: Instant): { iou: Instant; complaint: Instant } {
  // Day-night games have no kill posts, hence no IOUs or complaints.
  if (rules.schedule.kind === "day-night") return { iou: releasedAt, complaint: releasedAt };
  const s = dailySchedule(rules);
  return {
    iou: dayAt(releasedAt, s.iouDeadline.daysAfter, s.iouDeadline.at, s.timeZone),
    complaint: dayAt(releasedAt, s.complaintDeadline.daysAfter, s.complaintDeadline.at, s.timeZone),
  };
}
