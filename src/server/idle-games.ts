// Reads BANSHA_GAME_IDLE_MINUTES and sweeps games idle that long out of memory, so a long-running server holds
// only the games in use rather than every game it has loaded since it started.

/** Games nobody has asked for in this long leave memory by default; the next request loads them again. */
const DEFAULT_IDLE_MINUTES = 30;

/** How often the sweep looks: a game leaves at most this long after its idle time is up. */
const SWEEP_EVERY_MS = 60_000;

/** Parses the setting to milliseconds (0: never); throws with the reason on a value it cannot read. */
export function parseIdleMinutes(text: string | undefined): number {
  const value = (text ?? "").trim();
  if (value === "") return DEFAULT_IDLE_MINUTES * 60_000;
  if (!/^\d+(\.\d+)?$/.test(value))
    throw new Error(
      `BANSHA_GAME_IDLE_MINUTES: "${value}" is not a number of minutes (expected e.g. 30, or 0 to keep every game loaded)`,
    );
  return Math.round(Number(value) * 60_000);
}

/** What the sweep needs of the game service. */
export interface IdleGames {
  evictIdle(idleMs: number): string[];
}

/** Starts the sweep (none when `idleMs` is 0); returns the function that stops it. */
export function startIdleSweep(games: IdleGames, idleMs: number, everyMs = SWEEP_EVERY_MS): () => void {
  if (idleMs <= 0) return () => {};
  const timer = setInterval(() => games.evictIdle(idleMs), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
