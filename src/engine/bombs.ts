// 蛋: whether a seat is a bomb whose power still holds, for a round's posts or its vote (RULINGS 2).
import type { BombBehaviour } from "../rules/schema.ts";
import type { Seat } from "./contract.ts";
import { roleOfSeat } from "./roles.ts";
import type { GameState } from "./state.ts";

type Bomb = ReturnType<typeof BombBehaviour.parse>;

/**
 * The bomb behaviour of `seat` if its power holds at that moment, else null.
 * Power "ends after round N's posts" (第4轮出帖后…失效): posts of rounds ≤ N are covered; votes of rounds < N are,
 * since a round's vote closes after its posts, unless the rule set's `votesThroughRound` says otherwise. A bomb
 * that has already gone off is spent.
 */
export function activeBomb(
  state: GameState,
  seat: Seat,
  round: number,
  moment: "posts" | "vote",
): Bomb | null {
  const bomb = roleOfSeat(state, seat).bomb;
  if (!bomb || state.bombsFired.includes(seat)) return null;
  const lastVote = bomb.votesThroughRound ?? bomb.activeThroughRound - 1;
  const holds = moment === "posts" ? round <= bomb.activeThroughRound : round <= lastVote;
  return holds ? bomb : null;
}

/**
 * Whether `seat` was a live bomb when round `round`'s posts came out, read after the fact: a firing in an earlier
 * round had spent it; one this round (the posts' own 同归, or the vote after them) had not yet.
 */
export function bombAtRelease(state: GameState, seat: Seat, round: number): boolean {
  const bomb = roleOfSeat(state, seat).bomb;
  if (!bomb || round > bomb.activeThroughRound) return false;
  return !state.fireworks.some((f) => f.bomb === seat && f.round < round);
}

/**
 * The seats a bomb's firing on being voted out in `round` took along and that are still out for it (its 领票人): what
 * 改判票杀 and 改定领票人 bring back. Empty when it took nobody or they came back since.
 */
export function takenByVote(state: GameState, round: number, bomb: Seat): Seat[] {
  return state.fireworks
    .filter((f) => f.round === round && f.bomb === bomb && f.via === "vote")
    .map((f) => f.victim)
    .filter((v) => {
      const s = state.seats[v];
      return s !== undefined && !s.alive && s.out?.cause === "bomb" && s.out.round === round;
    });
}
