// The progression's arithmetic (进程): kills and survivors per round, as the checker prints and the UI shows them.
import type { RuleSet } from "./schema.ts";

export interface ProgressionRow {
  round: number;
  votesPerVoter: number;
  voteOut: number;
  /** Kill posts per group, in the rule set's order. */
  posts: [string, number][];
  /** Posts that do not count toward the kill total (工兵). */
  extraPosts: [string, number][];
  /** voteOut + counting posts. */
  kills: number;
  /** Survivors after the round, if every planned kill happens. */
  survivors: number;
}

export interface ProgressionTable {
  kind: "rounds" | "day-night";
  players: number;
  rows: ProgressionRow[];
  /** players → survivors after each round. */
  chain: number[];
  /** For day-night games: the most night kills per night that the table assumes. */
  nightKills?: number;
}

/** The most players that die at night in a day-night game: one per `together` ability, one per holder otherwise. */
export function nightKillsPerNight(ruleSet: RuleSet): number {
  let n = 0;
  for (const role of ruleSet.roles) {
    for (const a of role.abilities) {
      // Limited-use abilities (the bandit's one bullet) are not part of the regular pace.
      if (a.ability !== "kill" || a.uses !== undefined || a.phase === "day") continue;
      n += a.together ? (role.count > 0 ? 1 : 0) : role.count;
    }
  }
  return n;
}

/** Pure: the round-by-round arithmetic of the rule set's progression. */
export function progressionTable(ruleSet: RuleSet): ProgressionTable {
  const rows: ProgressionRow[] = [];
  let alive = ruleSet.players;
  const chain = [alive];
  if (ruleSet.progression.length === 0 && ruleSet.schedule.kind === "day-night" && ruleSet.defaultRound) {
    // A day-night game repeats its default day and a night: the table shows the fastest possible pace.
    const night = nightKillsPerNight(ruleSet);
    const d = ruleSet.defaultRound;
    const perCycle = d.voteOut + night;
    for (let round = 1; perCycle > 0 && alive - perCycle >= 1 && round <= 100; round++) {
      alive -= perCycle;
      chain.push(alive);
      rows.push({
        round,
        votesPerVoter: d.votesPerVoter,
        voteOut: d.voteOut,
        posts: night > 0 ? [["night", night]] : [],
        extraPosts: [],
        kills: perCycle,
        survivors: alive,
      });
    }
    return { kind: "day-night", players: ruleSet.players, rows, chain, nightKills: night };
  }
  for (const r of ruleSet.progression) {
    const posts = Object.entries(r.posts);
    const kills = r.voteOut + posts.reduce((a, [, n]) => a + n, 0);
    alive -= kills;
    chain.push(alive);
    rows.push({
      round: r.round,
      votesPerVoter: r.votesPerVoter,
      voteOut: r.voteOut,
      posts,
      extraPosts: Object.entries(r.extraPosts),
      kills,
      survivors: alive,
    });
  }
  return { kind: "rounds", players: ruleSet.players, rows, chain };
}

/** The table as fixed-width text for the CLI. */
export function formatProgressionTable(t: ProgressionTable): string {
  const postsHeader = t.kind === "day-night" ? "night kills" : "kill posts";
  const header = ["round", "votes", "vote out", postsHeader, "extra posts", "kills", "survivors"];
  const body = t.rows.map((r) => [
    String(r.round),
    String(r.votesPerVoter),
    t.kind === "day-night" ? `≤${r.voteOut}` : String(r.voteOut),
    r.posts.length ? r.posts.map(([g, n]) => `${g} ${n}`).join(", ") : "-",
    r.extraPosts.length ? r.extraPosts.map(([g, n]) => `${g} ${n}`).join(", ") : "-",
    String(r.kills),
    String(r.survivors),
  ]);
  const all = [header, ...body];
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
  const lines = all.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd(),
  );
  lines.splice(1, 0, widths.map((w) => "-".repeat(w)).join("  "));
  const label = t.kind === "day-night" ? "fewest survivors" : "survivors";
  lines.push("", `${label}: ${t.chain.join(" → ")}`);
  if (t.kind === "day-night") {
    lines.push(
      `(day-night: each day at most the default round's vote-out, each night ${t.nightKills} kill(s); ` +
        "the threshold, protection, one-shot abilities and the win conditions change the real pace)",
    );
  }
  return lines.join("\n");
}
