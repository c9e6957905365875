// summarize: the per-round report and result behind `bansha replay` (seats, not aliases: the runner maps them).
import type { GameSummary, RoundSummary } from "./contract.ts";
import { dayNightSummary } from "./night/points.ts";
import { roleOfSeat } from "./roles.ts";
import { scoreSummary } from "./score/summary.ts";
import type { GameState } from "./state.ts";

const votes = (halves: number) => halves / 2;

export function summarize(state: GameState): GameSummary {
  const rounds: RoundSummary[] = [];
  const score = scoreSummary(state);
  for (const r of state.rounds) {
    if (!r) continue;
    // A round appears once something happened in it: a round that has only just opened has nothing to report.
    if (!r.closed && r.outs.length === 0 && r.revived.length === 0 && r.votes.length === 0) continue;
    const regular = r.votes.find((v) => v.stage === "regular");
    const overtime = r.votes.find((v) => v.stage === "overtime");
    rounds.push({
      round: r.round,
      out: r.outs.map((o) => {
        const role = roleOfSeat(state, o.seat);
        const points = score?.points(r.round, o.seat);
        return {
          seat: o.seat,
          role: role.id,
          camp: role.camp,
          cause: o.cause,
          ...(points ? { points } : {}),
        };
      }),
      revived: r.revived.map((seat) => ({ seat })),
      alive: state.seats.filter((s) => s.alive || (s.out !== null && s.out.round > r.round)).length,
      tally: (regular?.entries ?? []).map((e) => ({
        seat: e.seat,
        votes: votes(e.halves),
        ...(e.proxyVotes > 0 ? { proxy: e.proxyVotes } : {}),
        ...(e.halfVotes > 0 ? { half: e.halfVotes } : {}),
      })),
      overtime: overtime
        ? {
            tied: r.votes.find((v) => v.stage === "regular")?.tie?.seats ?? [],
            tally: overtime.entries.map((e) => ({ seat: e.seat, votes: votes(e.halves) })),
          }
        : null,
      ...(score && r.closed ? { scores: score.roundScores(r.round) } : {}),
    });
  }
  return {
    rounds,
    alliances: state.alliances.map((a) => ({ round: a.round, name: a.name })),
    result: {
      ended: state.status === "ended",
      winner: state.result?.winner ?? null,
      reason: state.result?.reason ?? null,
      ...(score ? { scores: score.result } : {}),
    },
    ...dayNightPart(state),
  };
}

function dayNightPart(state: GameState): { dayNight?: Record<string, unknown> } {
  const dayNight = dayNightSummary(state);
  return dayNight ? { dayNight } : {};
}
