// The released kill posts that still stand, or were voided since, with their posters as a referee's view names them:
// what 作废杀帖, a 举报 ruling, 恢复杀帖 and 认定字数足够 on the desk can act on.
import type { RoundView } from "./engine-view.ts";

export interface StandingPost {
  round: number;
  index: number;
  poster: number;
  target: number;
}

/** In round order, each round's posts in their order; a post whose poster the view hides is left out. */
export function standingPosts(rounds: readonly RoundView[]): StandingPost[] {
  return rounds.flatMap((r) =>
    (r.posts ?? [])
      .filter((p) => p.poster !== null && p.lapsed !== "voided")
      .map((p) => ({ round: r.round, index: p.index, poster: p.poster as number, target: p.target })),
  );
}

/** The released posts voided since (举报属实, 作废杀帖, a failed 白条) whose poster the view names: 恢复杀帖's choice. */
export function voidedPosts(rounds: readonly RoundView[]): StandingPost[] {
  return rounds.flatMap((r) =>
    (r.posts ?? [])
      .filter((p) => p.poster !== null && p.lapsed === "voided")
      .map((p) => ({ round: r.round, index: p.index, poster: p.poster as number, target: p.target })),
  );
}

/** The released posts whose 白条 is open (the counter's, or a 举报's 「字数不够按白条处理」): 认定字数足够's choice. */
export function openIouPosts(rounds: readonly RoundView[]): StandingPost[] {
  return rounds.flatMap((r) =>
    (r.posts ?? [])
      .filter((p) => p.poster !== null && p.iouStatus === "open")
      .map((p) => ({ round: r.round, index: p.index, poster: p.poster as number, target: p.target })),
  );
}
