// Binds the scenario runner to the engine (src/engine): decide + evolve as one step, its deadlines and its summary.
import {
  decide,
  evolve,
  type GameState,
  initialState,
  pendingDeadlines,
  summarize,
} from "../../engine/index.ts";
import { realEngine } from "../engine-adapter.ts";
import type { EnginePort } from "./run.ts";

export const enginePort: EnginePort<GameState> | null = {
  initial: () => initialState,
  apply(state, command) {
    const d = decide(state, command);
    if (!d.ok) return d;
    return { ok: true, state: d.events.reduce(evolve, state) };
  },
  pendingDeadlines: (state) => pendingDeadlines(state).map((d) => d.at),
  summarize,
  latestPost(state, poster) {
    // Submissions are numbered in the round as sent; the released post keeps that number (release.ts).
    for (let r = state.rounds.length - 1; r >= 1; r--) {
      const sent = state.rounds[r]?.submissions.filter((s) => s.poster === poster).at(-1);
      if (sent) return { round: r, post: sent.index };
    }
    return null;
  },
  roundPlan: (state, round) => realEngine.roundPlan?.(state, round) ?? null,
  roundClosed: (state, round) => state.rounds[round]?.closed === true,
};
