// Whether the open vote still takes a 托票 request, by the server clock: the form is closed from the cut-off on, as the
// server refuses the request then (proxy.after-cutoff), and in an overtime, which opens past the day's cut-off.

/** The open vote thread, as the view gives it. */
export interface OpenVote {
  stage: "regular" | "overtime";
  /** The thread closes a second after its stated deadline (RULINGS 6). */
  closesAt: number;
}

/** The vote's 托票 cut-off; `overtime`: a 风云/空军 加时, which opens at the day's deadline, past `cutoff`. */
export interface ProxyCutoff {
  cutoff: number;
  overtime: boolean;
}

export type ProxyWindow = "open" | "closed" | "overtime";

/**
 * The cut-off is the stated deadline less the rule set's minutes (check-cast.ts `proxyCutoff`). 7kill's 高票对决 has
 * its own deadline and so its own cut-off (docs/referee.md); an overtime counts from the round's regular deadline
 * (`dayDeadline`).
 */
export function proxyCutoff(
  vote: OpenVote,
  dayDeadline: number,
  rules: { cutoffMinutes: number; duel: boolean },
): ProxyCutoff {
  const before = rules.cutoffMinutes * 60_000;
  if (vote.stage === "overtime" && !rules.duel) return { cutoff: dayDeadline - before, overtime: true };
  return { cutoff: vote.closesAt - 1000 - before, overtime: false };
}

/** Refused from the cut-off's instant on (`receivedAt >= cutoff`), as the engine refuses it. */
export function proxyWindow(c: ProxyCutoff, now: number): ProxyWindow {
  if (c.overtime) return "overtime";
  return now < c.cutoff ? "open" : "closed";
}
