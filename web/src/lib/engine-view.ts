// Reads the engine's own per-viewer projection carried in GameView.engine (src/engine/view.ts), defensively.
import type {
  BallotView,
  GameView as EngineView,
  RoundView,
  VoteView,
  YouView,
} from "../../../src/engine/view.ts";
import type { GameView } from "../../../src/server/api-types.ts";

export type { BallotView, EngineView, RoundView, VoteView, YouView };

export function engineOf(view: GameView | null): EngineView | null {
  const e = view?.engine;
  if (typeof e !== "object" || e === null) return null;
  const ev = e as Partial<EngineView>;
  return Array.isArray(ev.rounds) && Array.isArray(ev.seats) ? (e as EngineView) : null;
}

export function currentRound(view: GameView | null): RoundView | null {
  const e = engineOf(view);
  if (!e) return null;
  return e.rounds.find((r) => r.round === e.current) ?? e.rounds.at(-1) ?? null;
}

export function voteOpen(view: GameView | null): RoundView["vote"] {
  return currentRound(view)?.vote ?? null;
}

/** The round whose vote is open: a previous round's overtime can still run while the next round's posts are due. */
export function votingRound(view: GameView | null): RoundView | null {
  const e = engineOf(view);
  if (!e) return null;
  const open = e.rounds.filter((r) => r.vote !== null);
  return open.find((r) => r.vote?.stage === "overtime") ?? open.at(-1) ?? currentRound(view);
}
