// The referee's inbox (托票, 举报, 白条延期, flagged 报道, ties to decide), refetched only when an item can change.
import { useCallback, useEffect, useState } from "react";
import type { InboxItem } from "../../../src/server/api-types.ts";
import { api, errorText } from "./client.ts";
import type { LiveGame } from "./use-game.ts";

/** The events that add an item to the inbox or settle one (GameReads.inbox on the server). */
export const INBOX_EVENTS: ReadonlySet<string> = new Set([
  "app.ComplaintFiled",
  "app.ProxyRequested",
  "app.ExtensionRequested",
  "IouExtensionGranted",
  // A ruling, this referee's or a co-referee's, marks its complaint handled.
  "ComplaintUpheld",
  "ComplaintDismissed",
  // A vote's close expires the 托票 asked for it; the complaint deadline, the complaints of its round.
  "VoteClosed",
  "ComplaintWindowClosed",
  // A round's close expires the 白条延期 requests asked in it.
  "RoundClosed",
  // A flagged 报道 arrives with its report or redo, and leaves with a ruling on it.
  "app.PlayerJoined",
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
  return { items, waiting: items.filter((it) => it.handled === undefined).length, error, refresh };
}
