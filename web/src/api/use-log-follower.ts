// One LogFollower held by a page: made when the log is first wanted, refreshed while it is shown.
import { useEffect, useRef, useState } from "react";
import type { EventListResponse, GameEventDto } from "../../../src/server/api-types.ts";
import { errorText } from "./client.ts";
import { LogFollower } from "./log-follower.ts";

/**
 * The events `fetch` serves, followed for `key` (the game): nothing is fetched before `started` (a log never opened
 * costs no requests); while `active`, what is new is fetched after each change of `version` (the last seq the page
 * has heard of), one request at a time however fast events arrive. The follower is kept while inactive, so showing
 * the log again fetches only what came meanwhile.
 */
export function useLogFollower(
  fetch: (after: number) => Promise<EventListResponse>,
  key: string,
  started: boolean,
  active: boolean,
  version: number,
): { events: readonly GameEventDto[]; error: string | null } {
  const [events, setEvents] = useState<readonly GameEventDto[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [follower, setFollower] = useState<LogFollower | null>(null);
  // The latest fetch, read at each request: a page passes a new closure every render.
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the identity trigger (another game, another log)
  useEffect(() => {
    if (!started) return;
    const f = new LogFollower({
      fetch: (after) => fetchRef.current(after),
      onEvents: (all) => {
        setEvents(all);
        setError(null);
      },
      onError: (e) => setError(errorText(e)),
    });
    setFollower(f);
    setEvents([]);
    return () => {
      f.stop();
      setFollower(null);
    };
  }, [key, started]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the refetch trigger
  useEffect(() => {
    if (active) follower?.refresh();
  }, [follower, active, version]);
  return { events, error };
}
