// The living per camp at the start and after each round, from outs and revivals and the (revealed) camps.
export interface CampSeries {
  rounds: number[];
  /** camp → living count per entry of `rounds` (index 0 = the start). */
  counts: Record<string, number[]>;
}

export interface LifeEvent {
  type: string;
  round: number;
  seat: number;
}

export function livingByCamp(
  camps: ReadonlyMap<number, string>,
  events: readonly LifeEvent[],
  lastRound: number,
): CampSeries {
  const alive = new Set(camps.keys());
  const names = [...new Set(camps.values())].sort();
  const counts: Record<string, number[]> = Object.fromEntries(names.map((c) => [c, []]));
  const snapshot = () => {
    for (const c of names) counts[c]!.push([...alive].filter((s) => camps.get(s) === c).length);
  };
  snapshot();
  const rounds = [0];
  for (let r = 1; r <= lastRound; r++) {
    for (const e of events) {
      if (e.round !== r) continue;
      if (e.type === "PlayerOut") alive.delete(e.seat);
      else if (e.type === "PlayerRevived") alive.add(e.seat);
    }
    rounds.push(r);
    snapshot();
  }
  return { rounds, counts };
}
