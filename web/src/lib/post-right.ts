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

/**
 * The way to the kill-post editor that 我的身份's 待办 offers: `write` while a post is owed; `draft` for a living seat
 * whose role posts but has no post this round (window not open yet, another member's turn), since 待办 tells it it
 * may write a draft first and nothing else on a phone leads to the editor; none once this round's post is sent, for
 * an out seat, or for a role without posts (a 暗弹's card reads as a ranger's, so this gives nothing away).
 */
export function editorLink(
  right: PostRightState,
  alive: boolean,
  rolePosts: boolean,
): "write" | "draft" | null {
  if (!alive) return null;
  if (right === "due") return "write";
  return right === "none" && rolePosts ? "draft" : null;
}
