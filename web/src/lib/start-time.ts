// 开始游戏's default for 第1轮开始时间: the rule set's next round start (风云 21:00, 七杀 20:00), not the moment the
// button is pressed, which would put every later round's start and posting window at that odd hour.
import { fromLocal, localParts } from "../../../src/engine/clock.ts";

/** The next instant after `now` that the clock of `timeZone` (the rule set's) reads `clock` ("21:00"). */
export function nextRoundStart(now: number, clock: string, timeZone: string): number {
  const [hh = 0, mm = 0] = clock.split(":").map(Number);
  const p = localParts(now, timeZone);
  const today = fromLocal(p.y, p.m, p.d, hh, mm, 0, timeZone);
  return today > now ? today : fromLocal(p.y, p.m, p.d + 1, hh, mm, 0, timeZone);
}

/**
 * An instant as a datetime-local field's value ("2026-12-07T21:00", with `seconds` "…T21:00:05" for a field of
 * step 1) in `timeZone` (the site's, as the field reads).
 */
export function localInputValue(at: number, timeZone: string, seconds = false): string {
  const q = localParts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${q.y}-${two(q.m)}-${two(q.d)}T${two(q.hh)}:${two(q.mm)}${seconds ? `:${two(q.ss)}` : ""}`;
}
