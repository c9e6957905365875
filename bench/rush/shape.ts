// The rush the vote servers are seeded for: how many games, and how many players in each.
export const GAMES = Number(process.env.BENCH_GAMES ?? 60);
export const PLAYERS = 57;
