// The replay's result as printed: the engine's GameSummary with seats mapped to aliases, plus the refusals.
import type { GameSummary, OutCause, Seat } from "../../engine/contract.ts";

export interface AliasTally {
  alias: string;
  /** May be a half, e.g. 10.5. */
  votes: number;
  proxy?: number;
  half?: number;
}

export interface RoundOutput {
  round: number;
  out: { alias: string; role: string; camp: string; cause: OutCause }[];
  revived: { alias: string }[];
  alive: number;
  tally: AliasTally[];
  overtime: { tied: string[]; tally: AliasTally[] } | null;
}

/** A command the engine refused, as the live game would refuse it. */
export interface RefusalOutput {
  /** 0-based index in `events`; -1 for the game's start, null for a deadline firing. */
  event: number | null;
  line: number | null;
  at: string;
  /** The event's key (`vote`, `post`…), `start` or `tick`. */
  kind: string;
  /** The acting alias, when the event has one. */
  by?: string;
  code: string;
  message: string;
  details?: Record<string, string | number | boolean | null>;
}

export interface ScenarioOutput {
  rounds: RoundOutput[];
  alliances: { round: number; name: string }[];
  result: { ended: boolean; winner: "black" | "white" | "draw" | null; reason: string | null };
  refusals: RefusalOutput[];
}

/** Seats become aliases; a substituted seat shows its latest alias. */
export function toAliases(
  summary: GameSummary,
  aliasOf: (seat: Seat) => string,
): Omit<ScenarioOutput, "refusals"> {
  const tallyRow = (t: { seat: Seat; votes: number; proxy?: number; half?: number }): AliasTally => ({
    alias: aliasOf(t.seat),
    votes: t.votes,
    ...(t.proxy !== undefined ? { proxy: t.proxy } : {}),
    ...(t.half !== undefined ? { half: t.half } : {}),
  });
  return {
    rounds: summary.rounds.map((r) => ({
      round: r.round,
      out: r.out.map((o) => ({ alias: aliasOf(o.seat), role: o.role, camp: o.camp, cause: o.cause })),
      revived: r.revived.map((v) => ({ alias: aliasOf(v.seat) })),
      alive: r.alive,
      tally: r.tally.map(tallyRow),
      overtime:
        r.overtime === null
          ? null
          : { tied: r.overtime.tied.map(aliasOf), tally: r.overtime.tally.map(tallyRow) },
    })),
    alliances: summary.alliances.map((a) => ({ round: a.round, name: a.name })),
    result: { ...summary.result },
  };
}
