// What a seat's post right this round comes to, as the kill-post page and 我的身份 say it: due, sent already, or none.

export type PostRightState = "due" | "posted" | "none";

/**
 * `due` while posts are owed; `posted` once none are left because the seat sent its own this round (a post voided
 * since was still sent: 我的杀帖 lists it marked so); `none` for a seat with no post this round at all.
 */
export function postRightState(
  postsDue: number,
  posts: readonly { round: number }[],
  round: number | null,
): PostRightState {
  if (postsDue > 0) return "due";
  return round !== null && posts.some((p) => p.round === round) ? "posted" : "none";
}
