// The originality check as the app uses it: a report with sources, projected per viewer by the caller.
import type { OriginalityResponse } from "../server/api-types.ts";

export interface OriginalityPort {
  /** Checks a draft; `withSources` is true only for referees (旧帖追魂 is forbidden to players). */
  check(text: string, options: { withSources: boolean; limitPercent: number }): OriginalityResponse;
  /** Adds a published text (a 报道 or a released post) to the index. */
  add?(doc: { id: string; text: string; label: string; time: number }): void;
}

/** Used until the index is available: reports that no check could be made. */
export const unavailableOriginality: OriginalityPort = {
  check: (_text, { limitPercent }) => ({
    available: false,
    words: 0,
    copiedWords: 0,
    copiedPercent: 0,
    flagged: limitPercent < 0,
    spans: [],
  }),
};
