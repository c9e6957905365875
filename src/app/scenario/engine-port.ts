// Binds the scenario runner to the engine (src/engine): decide + evolve as one step, its deadlines and its summary.
import type { EnginePort } from "./run.ts";

/** The engine's binding; null until src/engine exports decide/evolve/summarize. */
export const enginePort: EnginePort<unknown> | null = null;
