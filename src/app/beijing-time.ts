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
