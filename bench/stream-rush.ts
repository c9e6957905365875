// The vote rush of bench/vote-rush.ts with players' live streams open, against the same rush with none.
//
//   node --import tsx bench/stream-rush.ts       BENCH_STREAM_SHARES=0.1,1 picks the shares of players streaming;
//                                                BENCH_STREAM_OMIT= (empty) streams the ballot events too
//
// The vote page keeps a live stream (SSE) open, and in a real rush most players have it open. The pages open it
// with omit=VoteCast, so the ballots reach them in the views only (the streams here do the same unless told
// otherwise). Each committed batch is sent to every stream of its game, filtered for that viewer, gathered for
// up to FLUSH_MS, and each stream gets the viewer's view at most once a second (VIEW_INTERVAL_MS), listing only
// the ballots that stream has not had yet. bench/vote-rush.ts has no streams open, so it measures none of that. Here one SQLite vote
// server (60 games × 57 players, as vote-rush's) is measured with wrk (1 thread, 100 connections, 10 s) with no
// streams, then with a share of the players' streams open (opened before the rush, from a separate process),
// and prints votes per second, p99 and the ratio to the no-stream run of the same server. Each later run starts
// with more ballots per round than the one before (every vote of every run stays in the round): the runs take
// turns to even that out. The streams open between the first run and the second, so each gets that run's
// ballots as its backlog and in its first view (counted in the bytes read).
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cpuTicks, startServer, TICKS_PER_SECOND, wrk } from "./rush/harness.ts";

const SECONDS = 10;
const shares = (process.env.BENCH_STREAM_SHARES ?? "0.1").split(",").map(Number);
const work = mkdtempSync(join(tmpdir(), "bansha-stream-rush-"));
const server = await startServer({ kind: "votes", work, dbUrl: join(work, "votes.sqlite") });
const script = server.script!;
const targets = [
  ...readFileSync(script, "utf8").matchAll(
    /\{"(\/api\/games\/[^"]+)\/votes","bansha_session=([^"]+)",\d+\}/g,
  ),
].map((m) => ({ game: m[1]!, cookie: m[2]! }));

async function measure(label: string): Promise<number> {
  const before = cpuTicks(server.pid);
  const r = await wrk(server.port, script, SECONDS, 100);
  const us = (((cpuTicks(server.pid) - before) / TICKS_PER_SECOND) * 1e6) / r.requests;
  console.log(
    `  ${label.padEnd(28)} ${r.rps.toFixed(0).padStart(6)} votes/s  p99 ${r.p99.toFixed(1).padStart(7)} ms  ` +
      `errors ${r.errors}  ${us.toFixed(0)} µs server CPU a vote`,
  );
  return r.rps;
}

console.log(
  `stream-rush: 60 games × 57 players on SQLite, wrk 1 thread, 100 connections, ${SECONDS}s a run; streams from a separate process`,
);
try {
  await wrk(server.port, script, 2, 100); // warm-up, not counted
  for (const share of shares) {
    const chosen = targets.filter((_, i) => i % Math.max(1, Math.round(1 / share)) === 0);
    const none = await measure("no streams");
    const file = join(work, "streams.json");
    writeFileSync(file, JSON.stringify({ port: server.port, targets: chosen }));
    const clients = fork(join(import.meta.dirname, "rush", "stream-clients.ts"), [file], {
      execArgv: ["--import", "tsx"],
    });
    await new Promise<void>((resolve, reject) => {
      clients.once("message", () => resolve());
      clients.once("exit", (code) => reject(new Error(`stream clients ended (code ${code})`)));
    });
    // Every stream has sent its backlog before the rush starts.
    await new Promise((r) => setTimeout(r, 2_000));
    const withStreams = await measure(`${chosen.length} streams open`);
    clients.send("report");
    const got = await new Promise<{ bytes: number; views: number }>((resolve) =>
      clients.once("message", (m) => resolve(m as { bytes: number; views: number })),
    );
    clients.kill();
    const after = await measure("no streams (again)");
    const baseline = (none + after) / 2;
    console.log(
      `  ratio with ${chosen.length} streams / without: ${(withStreams / baseline).toFixed(2)}×; the clients read ` +
        `${(got.bytes / 1e6).toFixed(0)} MB and ${got.views} views`,
    );
  }
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
