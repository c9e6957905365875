// The referee's inbox (托票, 举报, 白条延期, flagged 报道, ties to decide), refetched only when an item can change.
import { useCallback, useEffect, useState } from "react";
import type { InboxItem } from "../../../src/server/api-types.ts";
import { api, errorText } from "./client.ts";
import { serverNow } from "./server-time.ts";
import type { LiveGame } from "./use-game.ts";

/** The events that add an item to the inbox or settle one (GameReads.inbox on the server). */
export const INBOX_EVENTS: ReadonlySet<string> = new Set([
  "app.ComplaintFiled",
  "app.ProxyRequested",
  "app.ExtensionRequested",
  // A 私信 arrives, or a referee's answer (this one's or a co-referee's) marks it answered.
  "app.RefereeMessage",
  "IouExtensionGranted",
  // A ruling, this referee's or a co-referee's, marks its complaint handled.
  "ComplaintUpheld",
  "ComplaintDismissed",
  "ComplaintRuledIou",
  // A vote's close expires the 托票 asked for it; the complaint deadline, the complaints of its round.
  "VoteClosed",
  "ComplaintWindowClosed",
  // A round's close expires the 白条延期 requests asked in it.
  "RoundClosed",
  // A flagged 报道 arrives with its report or redo, and leaves with a ruling on it or with its sign-up.
  "app.PlayerJoined",
  "app.PlayerWithdrawn",
  "app.ReportRedone",
  "app.ReportApproved",
  "app.ReportRejected",
  // A tie left to the referee arrives with its tie-break, leaves with the ruling that fills it or with the game's end.
  "TieBroken",
  // A bomb's 领票人 left to the referee likewise (leadVoter "referee").
  "LeadVoterLeftToReferee",
  // Win conditions for different winners at once: asked with the event, settled by the game's end.
  "EndingLeftToReferee",
  // …or withdrawn when it no longer holds (a revival undid an out).
  "EndingContestWithdrawn",
  "OverrideApplied",
  "GameEnded",
]);

/** How long past a cut-off the inbox asks again, so the server's clock has passed it too. */
const LAPSE_MARGIN_MS = 1000;

/**
 * The earliest cut-off of a 托票 still waiting, null when none: such a request lapses at its cut-off with no event
 * (the server reads it as after-cutoff from then on), so the inbox asks again just past it, or its badge would go on
 * counting it until some other event came.
 */
export function nextLapse(items: readonly InboxItem[]): number | null {
  let next: number | null = null;
  for (const it of items)
    if (it.handled === undefined && it.cutoff !== undefined && (next === null || it.cutoff < next))
      next = it.cutoff;
  return next;
}

export interface Inbox {
  items: InboxItem[];
  /** Items nobody has dealt with yet (the tab's badge). */
  waiting: number;
  error: string | null;
  /** Asks again now: a proxy ballot entered from the inbox is not among the page's events. */
  refresh: () => void;
}

/** `enabled`: the viewer is a referee of the game (anyone else is refused the inbox). */
export function useInbox(game: LiveGame, enabled: boolean): Inbox {
  const id = game.data?.game.id ?? null;
  const [items, setItems] = useState<InboxItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  // Not on every event: in a vote rush that was one request per vote per open referee page.
  const version = game.events.filter((e) => INBOX_EVENTS.has(e.type)).length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: version and asked are the refetch triggers
  useEffect(() => {
    if (!enabled || id === null) return;
    let current = true;
    api
      .inbox(id)
      .then((r) => {
        if (current) setItems(r.items);
      })
      .catch((e) => {
        if (current) setError(errorText(e));
      });
    return () => {
      current = false;
    };
  }, [id, enabled, version, asked]);
  const refresh = useCallback(() => setAsked((n) => n + 1), []);
  const nextCutoff = nextLapse(items);
  useEffect(() => {
    if (!enabled || nextCutoff === null) return;
    const wait = Math.max(0, nextCutoff - serverNow()) + LAPSE_MARGIN_MS;
    // Timers longer than about 24.8 days fire at once; a cut-off that far off is asked about with a later fetch.
    if (wait > 2 ** 31 - 1) return;
    const timer = setTimeout(refresh, wait);
    return () => clearTimeout(timer);
  }, [enabled, nextCutoff, refresh]);
  return { items, waiting: items.filter((it) => it.handled === undefined).length, error, refresh };
}
