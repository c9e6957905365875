// Vote rush: the real vote endpoint (60 games × 57 players voting hard before the deadline, full durability) against
// a ceiling (a Fastify route with the same cookie parsing and body validation, no database), same wrk load, same run.
// The vote servers run as npm start does with LOG_LEVEL=warn (failures logged, no access lines); the baselines log
// nothing. On SQLite each round also runs the vote endpoint as npm start's default does, writing one access line per
// request (to a file in the bench's temporary directory, as stdout redirected to a file would be), and prints it
// against the same round's ceiling, so the cost of that log is in every run's figures.
// With a PostgreSQL URL it also runs the vote endpoint on PostgreSQL against a minimal endpoint doing one durable
// INSERT per request on the same server; without one, that part is skipped.
//
//   node --import tsx bench/vote-rush.ts   (BENCH_SECONDS=10 BENCH_WARMUP=2 BENCH_CONNECTIONS=100 BENCH_ROUNDS=3
//                                           optional; BANSHA_BENCH_PG=postgres://… or DATABASE_URL=postgres://…
//                                           adds PostgreSQL; BENCH_NODE_FLAGS="--cpu-prof …" passes node flags
//                                           to every server, see bench/rush/harness.ts)
//
// Each target first gets BENCH_WARMUP seconds of the same load, not counted, so neither figure includes the JIT
// compiling the server's code; the warm-up votes are stored like any others. Then the two targets of a pair take
// turns for BENCH_ROUNDS rounds, and each round's ratio compares two runs seconds apart: a shared VM's speed
// drifts from minute to minute, so one run of each would compare different machines.
//
// Every server runs in a process of its own (bench/rush/server.ts) with npm start's V8 flags, as npm start runs
// one server per process; this script only starts them and runs wrk. When they shared this process, its one heap
// held every server's games, so the collector's longest pauses (hundreds of milliseconds, growing with the votes
// held) fell on whichever server was measuring, the ceiling included.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "../src/server/node-flags.ts";
import { median, wrk as runWrk, startServer, WRK, type WrkResult } from "./rush/harness.ts";
import { GAMES, PLAYERS } from "./rush/shape.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const wrk = (port: number, script: string, seconds = SECONDS) => runWrk(port, script, seconds, CONNECTIONS);
const work = mkdtempSync(join(tmpdir(), "bansha-rush-"));
const sqliteUrl = join(work, "rush.sqlite");
const pgUrl = [process.env.BANSHA_BENCH_PG, process.env.DATABASE_URL].find((u) =>
  /^postgres(ql)?:\/\//i.test(u ?? ""),
);

/**
 * The baseline and the measured target, both listening, take turns under the same load for ROUNDS rounds, after
 * a warm-up each; prints each round and the medians, and how many rounds met the aims.
 */
async function compare(
  script: string,
  names: { baseline: string; target: string; ratio: string },
  basePort: number,
  targetPort: number,
  aims: { ratio: number; p99Ms?: number },
  also?: { name: string; port: number; script: string },
): Promise<void> {
  const alsoPort = also?.port;
  if (WARMUP > 0) {
    await wrk(basePort, script, WARMUP);
    await wrk(targetPort, script, WARMUP);
    if (also && alsoPort !== undefined) await wrk(alsoPort, also.script, WARMUP);
  }
  const extra: WrkResult[] = [];
  const rounds: { b: WrkResult; t: WrkResult }[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    // Alternate which goes first, so neither always runs on the warmer (or the busier) half of a round.
    const baseFirst = r % 2 === 1;
    const a = await wrk(baseFirst ? basePort : targetPort, script);
    const z = await wrk(baseFirst ? targetPort : basePort, script);
    const [b, t] = baseFirst ? [a, z] : [z, a];
    rounds.push({ b, t });
    console.log(`round ${r}/${ROUNDS}`);
    console.log(`  ${names.baseline}${fmt(b)}`);
    console.log(`  ${names.target}${fmt(t)}`);
    console.log(`  ${names.ratio}${(t.rps / b.rps).toFixed(2)}×`);
    if (also && alsoPort !== undefined) {
      // Right after the pair, so it runs on the same stretch of the VM as the ceiling it is divided by.
      const x = await wrk(alsoPort, also.script);
      extra.push(x);
      console.log(`  ${also.name}${fmt(x)}  (${(x.rps / b.rps).toFixed(2)}× the ceiling)`);
    }
  }
  const ratios = rounds.map(({ b, t }) => t.rps / b.rps);
  const p99s = rounds.map(({ t }) => t.p99);
  const met = (xs: number[], ok: (x: number) => boolean) => `met in ${xs.filter(ok).length} of ${ROUNDS}`;
  const p99Aim = aims.p99Ms;
  console.log(
    `median of ${ROUNDS}: ${names.ratio}${median(ratios).toFixed(2)}× ` +
      `(range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; aim ≥ ${aims.ratio}×, ` +
      `${met(ratios, (x) => x >= aims.ratio)}); ${median(rounds.map(({ t }) => t.rps)).toFixed(0)}/s, ` +
      `p99 ${median(p99s).toFixed(2)} ms` +
      (p99Aim === undefined ? "" : ` (aim < ${p99Aim} ms, ${met(p99s, (x) => x < p99Aim)})`),
  );
  if (also && extra.length > 0) {
    const xr = extra.map((x, i) => x.rps / rounds[i]!.b.rps);
    console.log(
      `median of ${ROUNDS}: ${also.name.trim()} ${median(extra.map((x) => x.rps)).toFixed(0)}/s, ` +
        `p99 ${median(extra.map((x) => x.p99)).toFixed(2)} ms, ${median(xr).toFixed(2)}× the ceiling ` +
        `(range ${Math.min(...xr).toFixed(2)}–${Math.max(...xr).toFixed(2)})`,
    );
  }
}

const fmt = (r: WrkResult) =>
  `${r.rps.toFixed(0)}/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  errors ${r.errors}`;

async function main(): Promise<void> {
  if (!existsSync(WRK)) {
    console.log("vote-rush: skipped (wrk is not installed at /usr/bin/wrk)");
    return;
  }
  console.log(
    `vote-rush: ${GAMES} games × ${PLAYERS} players, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS}s each after ${WARMUP}s warm-up; SQLite (WAL, synchronous=FULL)${pgUrl ? " and PostgreSQL" : ""}; node ${SERVER_NODE_FLAGS.join(" ")} (as npm start); vote servers at LOG_LEVEL=warn, and on SQLite also at the default info (one access line per request)`,
  );
  try {
    // Two vote servers on SQLite, each with its own database and games: the one judged against the aims, and
    // the same served as npm start's default serves it. The ceiling votes with the first one's wrk script.
    const sqlite = await startServer({ kind: "votes", work, dbUrl: sqliteUrl, logLevel: "warn" });
    const logged = await startServer({
      kind: "votes",
      work,
      dbUrl: join(work, "rush-logged.sqlite"),
      logLevel: "info",
    });
    const ceiling = await startServer({ kind: "ceiling", work });
    const script = sqlite.script!;
    await compare(
      script,
      {
        baseline: "ceiling (Fastify + validation, no database): ",
        target: "votes on SQLite (durable, group commit):     ",
        ratio: "ratio votes/ceiling: ",
      },
      ceiling.port,
      sqlite.port,
      { ratio: 0.6, p99Ms: 20 },
      { name: "votes on SQLite, with the access log:        ", port: logged.port, script: logged.script! },
    );
    await ceiling.stop();
    await sqlite.stop();
    await logged.stop();

    if (!pgUrl) {
      console.log("PostgreSQL: skipped (set BANSHA_BENCH_PG or DATABASE_URL to a postgres:// URL)");
      return;
    }
    // Fresh games on PostgreSQL, and the INSERT endpoint voting with their wrk script.
    const real = await startServer({ kind: "votes", work, dbUrl: pgUrl, logLevel: "warn" });
    const floor = await startServer({ kind: "pg-insert", work, dbUrl: pgUrl });
    await compare(
      real.script!,
      {
        baseline: "PostgreSQL one INSERT per request:           ",
        target: "votes on PostgreSQL (durable, group commit): ",
        ratio: "ratio votes/insert on PostgreSQL: ",
      },
      floor.port,
      real.port,
      { ratio: 0.8 },
    );
    await floor.stop();
    await real.stop();
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
