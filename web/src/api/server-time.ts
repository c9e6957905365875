// Server clock: the offset from /api/time (NTP-style midpoint), so every countdown runs on the server's time.

import { useEffect, useState } from "react";
import { fromLocal } from "../../../src/engine/clock.ts";
import { api } from "./client.ts";

let offset = 0;
let timeZone = "Asia/Shanghai";
let synced: Promise<void> | null = null;

/** Measures `offset = serverNow - (send + receive) / 2`; repeated calls share one request. */
export function syncServerTime(): Promise<void> {
  synced ??= (async () => {
    const send = Date.now();
    const res = await api.time();
    const receive = Date.now();
    // Whole milliseconds: times sent back (a redo deadline, an extension) must be integers to pass the API.
    offset = Math.round(res.now - (send + receive) / 2);
    timeZone = res.timeZone;
  })().catch(() => {
    synced = null;
  });
  return synced;
}

/** A server timestamp seen in a response also corrects the clock when no /api/time answer arrived yet. */
export function noteServerTime(serverNow: number): void {
  if (synced === null) offset = serverNow - Date.now();
}

export function serverNow(): number {
  return Date.now() + offset;
}

export function siteTimeZone(): string {
  return timeZone;
}

/** Re-renders every `everyMs` with the server's now. */
export function useServerNow(everyMs = 1000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    void syncServerTime().then(() => setNow(serverNow()));
    const t = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/** "2026-12-01T20:00" from a datetime-local field, read in the site's time zone (not the browser's), or null. */
export function siteLocalToMs(text: string): number | null {
  // Seconds when the field has them (step="1"): a release comes at hh:mm:01, a minute's field reads before it.
  const x = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!x) return null;
  const [y, mo, d, hh, mm] = x.slice(1, 6).map(Number) as [number, number, number, number, number];
  return fromLocal(y, mo, d, hh, mm, Number(x[6] ?? 0), siteTimeZone());
}
