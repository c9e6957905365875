// The awards a referee gave once the game ended (评奖, seed 001 4.1), as the latest app.AwardsGiven in the feed says.
import type { GameEventDto } from "../../../src/server/api-types.ts";

export type AwardName = "mvp" | "acting" | "writing" | "devotion";
const NAMES: ReadonlySet<string> = new Set(["mvp", "acting", "writing", "devotion"]);

export interface Awards {
  at: number;
  awards: { award: AwardName; seat: number }[];
  note: string;
}

/** The latest awards, a later giving replacing an earlier; null when none were given (or they were taken back). */
export function latestAwards(events: readonly GameEventDto[]): Awards | null {
  let latest: Awards | null = null;
  for (const e of events) {
    if (e.type !== "app.AwardsGiven" || !Array.isArray(e.data.awards)) continue;
    const awards = e.data.awards.flatMap((a: unknown) => {
      if (typeof a !== "object" || a === null) return [];
      const { award, seat } = a as { award?: unknown; seat?: unknown };
      return typeof award === "string" && NAMES.has(award) && typeof seat === "number"
        ? [{ award: award as AwardName, seat }]
        : [];
    });
    latest = { at: e.at, awards, note: typeof e.data.note === "string" ? e.data.note : "" };
  }
  return latest && latest.awards.length > 0 ? latest : null;
}
