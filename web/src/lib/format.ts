// Time and seat formatting in the site's time zone (Beijing time has no daylight saving).
import type { SeatNo } from "../../../src/server/api-types.ts";
import { siteTimeZone } from "../api/server-time.ts";
import { m } from "../i18n/index.ts";

export function clock(ms: number): string {
  return new Intl.DateTimeFormat("zh-CN", {
    timeZone: siteTimeZone(),
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hour12: false,
  }).format(new Date(ms));
}

/** HH:MM:SS, with the date in front ("12/6 22:00:00") when it is not on the site's day of `now`: a 7kill weekend phase ends two days later, and the time alone would read as today. */
export function clockOn(ms: number, now: number): string {
  const d = dayOf(ms);
  return d === dayOf(now) ? clock(ms) : `${d} ${clock(ms)}`;
}

/** "12/6 22:00:00": the date always, for a record read long after (the archive's ballots). */
export function dateClock(ms: number): string {
  return `${dayOf(ms)} ${clock(ms)}`;
}

/** "2026/12/6": the date with its year in the site's time zone, for what may lie years back (an account's day). */
export function fullDate(ms: number): string {
  return new Intl.DateTimeFormat("zh-CN", {
    timeZone: siteTimeZone(),
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).format(new Date(ms));
}

/** "12/6": month and day in the site's time zone. */
function dayOf(ms: number): string {
  return new Intl.DateTimeFormat("zh-CN", {
    timeZone: siteTimeZone(),
    month: "numeric",
    day: "numeric",
  }).format(new Date(ms));
}

/**
 * When a ballot came in, on the 投票记录: the time, with the date in front when it is not the vote's closing day. A
 * round's vote runs from one evening to the next (空军: 21:30 to 21:00 the day after), and bare times from both days
 * read as one day's.
 */
export function ballotTime(at: number, closesAt: number): string {
  // The stated deadline (21:00:00), not the instant it fires one second later, names the closing day.
  return clockOn(at, closesAt - 1000);
}

export function dateTime(ms: number): string {
  return new Intl.DateTimeFormat("zh-CN", {
    timeZone: siteTimeZone(),
    month: "numeric",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(new Date(ms));
}

/** "1天 02:03:04" style remaining time. */
export function remaining(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const hh = String(Math.floor((s % 86400) / 3600)).padStart(2, "0");
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return `${d > 0 ? `${m.countdown.days(d)} ` : ""}${hh}:${mm}:${ss}`;
}

/** An alias for a seat, falling back to the seat number. */
export function seatLabel(seats: readonly { seat: SeatNo; alias: string }[], seat: SeatNo): string {
  return seats.find((s) => s.seat === seat)?.alias ?? m.app.seat(seat);
}

/**
 * The announced time of an engine deadline. Wall-clock deadlines fire one second after the stated time (the
 * whole second 21:00:00 still counts), round openings fire on it; players are shown the stated time.
 */
export function statedAt(key: string, firesAt: number): number {
  return key.endsWith(":open") ? firesAt : firesAt - 1000;
}

/** The kind part of an engine deadline key such as "round:3:vote". */
export function deadlineKind(key: string): string {
  return key.split(":").at(-1) ?? key;
}
