// Times as referees announce them: HH:MM:SS in Beijing time (no daylight saving), whatever the server's own zone.

const CLOCK = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: false,
});

/** 1764680832000 → "21:07:12". */
export function beijingClock(ms: number): string {
  return CLOCK.format(new Date(ms));
}

const DATE_TIME = new Intl.DateTimeFormat("en-US", {
  timeZone: "Asia/Shanghai",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function part(ms: number, type: string): string {
  return DATE_TIME.formatToParts(new Date(ms)).find((p) => p.type === type)?.value ?? "";
}

/** 1764763800000 → "12月3日" (Beijing time). */
export function beijingDate(ms: number): string {
  return `${part(ms, "month")}月${part(ms, "day")}日`;
}

/** 1764763800000 → "12月3日 20:00" (Beijing time): a deadline a day or more away, as a referee's post names it. */
export function beijingDateTime(ms: number): string {
  return `${beijingDate(ms)} ${part(ms, "hour")}:${part(ms, "minute")}`;
}
