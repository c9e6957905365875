// A game's own words for rounds, camps and deadlines: 7kill's 第N天 and 杀手方 / 好人方 where its rule set says so.
import type { GameInfo } from "../../../src/server/api-types.ts";
import { m } from "../i18n/index.ts";

export interface Terms {
  round: (n: number) => string;
  /** When a seat went out: 7kill's dawn deaths are the night's (第N夜), the rest the round's or day's. */
  outWhen: (round: number, night: boolean) => string;
  camp: (c: string) => string;
  winner: (w: string | null) => string;
  deadline: (key: string) => string;
}

/** `game`: the game's info (null before it has loaded: the default words). */
export function termsOf(
  game: (Pick<GameInfo, "campNames" | "dayNight"> & { duel?: boolean }) | null | undefined,
): Terms {
  const dayNight = game?.dayNight ?? false;
  const names = game?.campNames;
  const duel = game?.duel ?? false;
  return {
    round: (n) => m.board.round(n, dayNight),
    outWhen: (n, night) => (dayNight && night ? m.board.night(n) : m.board.round(n, dayNight)),
    camp: (c) => m.board.camp(c, names),
    winner: (w) => m.board.winner(w, names),
    deadline: (key) => m.board.deadline(key, dayNight, duel),
  };
}
