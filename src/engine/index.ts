// The engine's public surface: the decider (decide, evolve, replay, initialState), deadlines, views and the summary.
export type * from "./contract.ts";
export type { Deadline } from "./deadlines.ts";
export { pendingDeadlines } from "./deadlines.ts";
export { decide } from "./decide.ts";
export type { GameEvent, ReleasedPost, RoundPlan, StartedSeat } from "./events.ts";
export { evolve, replay } from "./evolve.ts";
export type { Decision } from "./refusal.ts";
export type { GameState, RoundState, SeatState } from "./state.ts";
export { initialState } from "./state.ts";
export { endingWaitsOf, summarize } from "./summary.ts";
export type { GameView, RedactedEvent, Viewer } from "./view.ts";
export { type BallotMarks, knownSeats, liveViewFor, redactEvent, viewFor } from "./view.ts";
