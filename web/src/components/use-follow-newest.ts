// Keeps a scrolled list's newest entry in view: opened at the end, following new entries while its reader is there.
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { atEnd } from "../lib/follow-newest.ts";

/**
 * For a list that grows at its end (a team room, the referee's log), opened at the newest. `newest` names the last
 * entry: when it changes, the list scrolls to it if the reader was at the end, and stays put if they had scrolled up
 * to read older ones. A change of `shown` (the list opened again, another room) starts at the end again; `follow`
 * does too, for the reader's own message about to arrive.
 */
export function useFollowNewest<T extends HTMLElement>(
  newest: unknown,
  shown: unknown,
): { ref: RefObject<T | null>; follow: () => void } {
  const ref = useRef<T | null>(null);
  // Set by the reader's own scrolling: a programmatic scroll to the end reads as at the end too.
  const following = useRef(true);
  const toEnd = useCallback(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onScroll = () => {
      following.current = atEnd(el);
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: shown is the trigger (opened again, another list)
  useLayoutEffect(() => {
    following.current = true;
    toEnd();
  }, [shown, toEnd]);
  // Before paint: the reader never sees the list jump from the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: newest is the trigger (an entry arrived)
  useLayoutEffect(() => {
    if (following.current) toEnd();
  }, [newest, toEnd]);
  const follow = useCallback(() => {
    following.current = true;
    toEnd();
  }, [toEnd]);
  return { ref, follow };
}
