// Two versions of the vote path side by side: the rush's vote server from checkout A and from checkout B, both
// listening at once, with wrk taking turns between them, so each round compares two runs seconds apart on the
// same stretch of a VM whose speed drifts from minute to minute. For judging a change to the vote path, where two
// bench/vote-rush.ts runs minutes apart differ by more than the change.
//
//   node --import tsx bench/rush/ab.ts <checkout A> <checkout B>
//     (BENCH_ROUNDS=8 BENCH_SECONDS=10 BENCH_WARMUP=2 BENCH_CONNECTIONS=100 BENCH_NODE_FLAGS optional)
//
// A checkout is a directory with this repository's layout and its dependencies installed, for example a
// `git worktree add` of another commit with node_modules linked in. Each server runs that checkout's own
// bench/rush/server.ts, on SQLite, with its own database and games. Per round it prints votes per second, p99 and
// the server's CPU time per vote (every thread of its process, and its main thread alone, from /proc, so Linux
// only); at the end the medians and in how many rounds B did better. Not part of `npm run bench`: it needs two
// checkouts.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { cpuTicks, median, type Server, startServer, TICKS_PER_SECOND, WRK, wrk } from "./harness.ts";

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 8));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);

interface Run {
  rps: number;
  p99: number;
  /** CPU time of the server's process per vote answered, in µs. */
  cpuUs: number;
  /** The same for its main thread alone (its thread id is the process id), which runs the HTTP and game work. */
  mainUs: number;
}

async function measure(server: Server): Promise<Run> {
  const before = cpuTicks(server.pid);
  const mainBefore = cpuTicks(server.pid, server.pid);
  const r = await wrk(server.port, server.script!, SECONDS, CONNECTIONS);
  const perVote = (ticks: number) => ((ticks / TICKS_PER_SECOND) * 1e6) / r.requests;
  return {
    rps: r.rps,
    p99: r.p99,
    cpuUs: perVote(cpuTicks(server.pid) - before),
    mainUs: perVote(cpuTicks(server.pid, server.pid) - mainBefore),
  };
}

const fmt = (r: Run) =>
  `${r.rps.toFixed(0).padStart(6)}/s  p99 ${r.p99.toFixed(1).padStart(6)} ms  ${r.cpuUs.toFixed(1)} µs CPU a vote ` +
  `(main thread ${r.mainUs.toFixed(1)})`;

async function main(): Promise<void> {
  const [a, b] = process.argv.slice(2).map((p) => resolve(p));
  if (!a || !b) throw new Error("usage: node --import tsx bench/rush/ab.ts <checkout A> <checkout B>");
  for (const root of [a, b]) {
    if (!existsSync(join(root, "bench", "rush", "server.ts")) || !existsSync(join(root, "node_modules"))) {
      throw new Error(`${root}: not a checkout with bench/rush/server.ts and node_modules`);
    }
  }
  if (!existsSync(WRK)) throw new Error(`wrk is not installed at ${WRK}`);
  const work = mkdtempSync(join(tmpdir(), "bansha-ab-"));
  const servers: Server[] = [];
  try {
    for (const [name, root] of [
      ["a", a],
      ["b", b],
    ] as const) {
      servers.push(await startServer({ kind: "votes", work, dbUrl: join(work, `${name}.sqlite`), root }));
    }
    const [sa, sb] = servers as [Server, Server];
    console.log(`A ${a}\nB ${b}\n${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections`);
    if (WARMUP > 0) {
      await wrk(sa.port, sa.script!, WARMUP, CONNECTIONS);
      await wrk(sb.port, sb.script!, WARMUP, CONNECTIONS);
    }
    const rounds: { a: Run; b: Run }[] = [];
    for (let i = 1; i <= ROUNDS; i++) {
      // Alternate which goes first, so neither always runs on the warmer (or the busier) half of a round.
      const aFirst = i % 2 === 1;
      const first = await measure(aFirst ? sa : sb);
      const second = await measure(aFirst ? sb : sa);
      const round = aFirst ? { a: first, b: second } : { a: second, b: first };
      rounds.push(round);
      console.log(`round ${i}  A ${fmt(round.a)}   B ${fmt(round.b)}`);
    }
    const pick = (side: "a" | "b", field: keyof Run) => rounds.map((r) => r[side][field]);
    const wins = (better: (r: { a: Run; b: Run }) => boolean) => rounds.filter(better).length;
    console.log(
      `median  A ${median(pick("a", "rps")).toFixed(0)}/s, p99 ${median(pick("a", "p99")).toFixed(1)} ms, ` +
        `${median(pick("a", "cpuUs")).toFixed(1)} µs a vote (main ${median(pick("a", "mainUs")).toFixed(1)});  ` +
        `B ${median(pick("b", "rps")).toFixed(0)}/s, p99 ${median(pick("b", "p99")).toFixed(1)} ms, ` +
        `${median(pick("b", "cpuUs")).toFixed(1)} µs a vote (main ${median(pick("b", "mainUs")).toFixed(1)})`,
    );
    console.log(
      `B did better in ${wins((r) => r.b.rps > r.a.rps)} of ${ROUNDS} rounds by votes/s, ` +
        `${wins((r) => r.b.p99 < r.a.p99)} by p99, ${wins((r) => r.b.cpuUs < r.a.cpuUs)} by CPU a vote`,
    );
  } finally {
    for (const s of servers) await s.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main().catch((error: unknown) => {
  console.error(`ab: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
