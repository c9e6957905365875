// Wall-clock arithmetic in a rule set's time zone (Intl only): "N days after this instant's local day, at HH:MM".
import type { Instant } from "./contract.ts";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalParts {
  readonly y: number;
  readonly m: number;
  readonly d: number;
  readonly hh: number;
  readonly mm: number;
  readonly ss: number;
}

/**
 * Intl formatting costs microseconds and the engine asks for the same few instants (round starts, deadlines)
 * on every command, so answers are memoised per zone. Still pure: an instant's fields in a zone never change.
 */
const partsMemo = new Map<string, Map<Instant, LocalParts>>();
const PARTS_MEMO_LIMIT = 4096;

/** The local calendar fields of an instant in `timeZone`. Pure. */
export function localParts(at: Instant, timeZone: string): LocalParts {
  let memo = partsMemo.get(timeZone);
  if (!memo) {
    memo = new Map();
    partsMemo.set(timeZone, memo);
  }
  const hit = memo.get(at);
  if (hit) return hit;
  const fields: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(at))) {
    if (p.type !== "literal") fields[p.type] = Number(p.value);
  }
  const parts: LocalParts = Object.freeze({
    y: fields.year ?? 0,
    m: fields.month ?? 0,
    d: fields.day ?? 0,
    hh: fields.hour ?? 0,
    mm: fields.minute ?? 0,
    ss: fields.second ?? 0,
  });
  if (memo.size >= PARTS_MEMO_LIMIT) memo.clear();
  memo.set(at, parts);
  return parts;
}

/** The zone's offset from UTC at `at`, in ms (Asia/Shanghai: +8h all year). */
function offsetAt(at: Instant, timeZone: string): number {
  const p = localParts(at, timeZone);
  const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.hh, p.mm, p.ss);
  return asUtc - (at - (((at % 1000) + 1000) % 1000));
}

/** The instant of local wall time y-m-d hh:mm:ss in `timeZone` (days may overflow; Date.UTC normalises). */
export function fromLocal(
  y: number,
  m: number,
  d: number,
  hh: number,
  mm: number,
  ss: number,
  timeZone: string,
): Instant {
  const guess = Date.UTC(y, m - 1, d, hh, mm, ss);
  const first = guess - offsetAt(guess, timeZone);
  // A second pass settles zones whose offset differs between the guess and the answer (DST edges).
  return guess - offsetAt(first, timeZone);
}

/** Parses "HH:MM" or "HH:MM:SS". */
export function parseClock(text: string): { hh: number; mm: number; ss: number } {
  const [hh = 0, mm = 0, ss = 0] = text.split(":").map(Number);
  return { hh, mm, ss };
}

/** `daysAfter` local days after the local day of `ref`, at `clock`. */
export function dayAt(ref: Instant, daysAfter: number, clock: string, timeZone: string): Instant {
  const p = localParts(ref, timeZone);
  const c = parseClock(clock);
  return fromLocal(p.y, p.m, p.d + daysAfter, c.hh, c.mm, c.ss, timeZone);
}

/** The same local wall time `days` local days later. */
export function addLocalDays(ref: Instant, days: number, timeZone: string): Instant {
  const p = localParts(ref, timeZone);
  return fromLocal(p.y, p.m, p.d + days, p.hh, p.mm, p.ss, timeZone) + (((ref % 1000) + 1000) % 1000);
}

export const MINUTE = 60_000;
/** RULINGS 6: a deadline holds to the second; anything received before the next second counts. */
export const SECOND = 1000;
