// 7kill's phase clock (seed 001 3.2): when a day, duel day, night or last-words phase that starts at an instant ends.
import type { RuleSet } from "../rules/schema.ts";
import { dayAt, localParts } from "./clock.ts";
import type { Instant } from "./contract.ts";

export type PhaseName = "day" | "duel" | "night" | "last-words";

type DayNight = Extract<RuleSet["schedule"], { kind: "day-night" }>;

export function dayNightSchedule(rules: RuleSet): DayNight {
  if (rules.schedule.kind !== "day-night") throw new Error("engine invariant: not a day-night rule set");
  return rules.schedule;
}

/** 0 = Sunday … 6 = Saturday, of the local calendar day of `at`. */
export function localWeekday(at: Instant, timeZone: string): number {
  const p = localParts(at, timeZone);
  return new Date(Date.UTC(p.y, p.m - 1, p.d)).getUTCDay();
}

/**
 * The end of a phase starting at `start`. Phases follow one another, so a phase starts where the one before ended; its
 * end is the seed's time after that start ("22:00～次日12:50"), unless the weekend table has a line for this phase
 * starting on this weekday ("逢周末相应阶段的时间延长24小时"), which then gives the end ("夜晚行使特权：周五20:00～周六20:00").
 * A weekend line only ever lengthens a phase.
 */
export function phaseEnd(rules: RuleSet, phase: PhaseName, start: Instant): Instant {
  const s = dayNightSchedule(rules);
  const times = s.phases[phase];
  const normal = dayAt(start, times.end.daysAfter, times.end.at, s.timeZone);
  const weekday = localWeekday(start, s.timeZone);
  const line = s.weekend.find((w) => w.phase === phase && w.start.weekday === weekday);
  if (!line) return normal;
  const days = (line.end.weekday - weekday + 7) % 7;
  return Math.max(normal, dayAt(start, days, line.end.at, s.timeZone));
}
