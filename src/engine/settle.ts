// What follows by itself after any change: alliances whose triggers now hold, then the end of the game.

import { nextAlliance } from "./alliances.ts";
import type { Batch } from "./batch.ts";
import { emit } from "./batch.ts";
import type { Instant } from "./contract.ts";
import { endingNow } from "./end.ts";

export function settle(b: Batch, at: Instant): void {
  if (b.state.status !== "running") return;
  for (let a = nextAlliance(b.state); a !== null; a = nextAlliance(b.state)) {
    emit(b, { type: "AllianceFormed", at, round: b.state.current, alliance: a.id, name: a.name });
  }
  const ending = endingNow(b.state);
  if (ending) emit(b, { type: "GameEnded", at, winner: ending.winner, reason: ending.reason });
}
