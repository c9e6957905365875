// When a scrolled list (a team room, the referee's log) should keep its newest entry in view as entries arrive.

/** How far above the end a reader still counts as there: about a line, so a pixel or two of drift does not unstick it. */
export const NEAR_END_PX = 40;

export interface ScrollBox {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

/**
 * Whether the reader is at (or near) the end of `box`: only then does a new entry scroll it into view. A reader who
 * scrolled up to read older entries is left where they are.
 */
export function atEnd(box: ScrollBox, slack: number = NEAR_END_PX): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= slack;
}
