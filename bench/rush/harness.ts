// What the vote-rush benches share: starting a rush server (bench/rush/server.ts) in a process of its own, and
// running wrk against it.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { SERVER_NODE_FLAGS } from "../../src/server/node-flags.ts";

export const WRK = "/usr/bin/wrk";

/**
 * BENCH_NODE_FLAGS: more node flags for every rush server, separated by spaces; for looking inside one, for
 * example `--cpu-prof --cpu-prof-dir=/tmp/prof` (a CPU profile per thread, written when the server ends).
 */
const EXTRA_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? "").split(/\s+/).filter((f) => f !== "");

/** A server under test, listening in its own process (bench/rush/server.ts). */
export interface Server {
  port: number;
  /** The server's process, for reading its CPU time (`cpuTicks`). */
  pid: number;
  /** The wrk script voting in its games (vote servers only). */
  script?: string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  kind: "votes" | "ceiling" | "pg-insert";
  /** The bench's temporary directory: databases, wrk scripts and access logs go there. */
  work: string;
  dbUrl?: string | undefined;
  logLevel?: string | undefined;
  /** The checkout whose bench/rush/server.ts (and so whose server code) runs; default this one. */
  root?: string | undefined;
}

/**
 * Starts a server in a process of its own, run with npm start's V8 flags, and resolves once it listens. Each
 * server has its own heap, as in production: no collection while one is measured marks another's games.
 */
export function startServer(options: ServerOptions): Promise<Server> {
  const root = options.root ?? join(import.meta.dirname, "..", "..");
  const entry = join(root, "bench", "rush", "server.ts");
  // Positional, always all four: an empty database url means none (the ceiling has none).
  const args = [
    ...SERVER_NODE_FLAGS,
    ...EXTRA_NODE_FLAGS,
    "--import",
    "tsx",
    entry,
    options.kind,
    options.work,
    options.dbUrl ?? "",
    options.logLevel ?? "warn",
  ];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise<Server>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    // Its one line of JSON; anything else it prints (V8 tracing flags write to stdout) is passed through.
    lines.on("line", (line) => {
      if (!line.startsWith('{"port":')) {
        console.log(line);
        return;
      }
      const { port, script } = JSON.parse(line) as { port: number; script?: string };
      // It printed, so it was spawned and has a pid; checked rather than defaulted, since a made-up pid would
      // read some other process's CPU time.
      if (child.pid === undefined) {
        reject(new Error(`rush server (${options.kind}) listens but has no pid`));
        return;
      }
      resolve({
        port,
        pid: child.pid,
        ...(script !== undefined && { script }),
        stop: async () => {
          child.stdin.end();
          const code = await exited;
          if (code !== 0) throw new Error(`rush server (${options.kind}) ended with code ${code}`);
        },
      });
    });
    void exited.then((code) =>
      reject(new Error(`rush server (${options.kind}) ended before listening (code ${code})`)),
    );
  });
}

export interface WrkResult {
  rps: number;
  /** Requests answered in the run. */
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

function ms(text: string | undefined): number {
  if (!text) return Number.NaN;
  const m = /([\d.]+)(us|ms|s)/.exec(text);
  if (!m) return Number.NaN;
  const v = Number(m[1]);
  return m[2] === "us" ? v / 1000 : m[2] === "s" ? v * 1000 : v;
}

/**
 * How many wrk runs each port has had. A run's parity goes to the script (its second argument): the vote script
 * picks only seats of that parity, so a player's first vote in a run differs from its last in the run before,
 * which the server would refuse as the standing ballot sent again (vote.unchanged).
 */
const runsOn = new Map<number, number>();

/**
 * wrk runs in its own process (one thread, `connections` connections, `seconds` long). Wait for it without
 * blocking this one: the servers' own output passes through here (startServer), and a server whose stdout pipe
 * filled up would stall mid-run.
 */
export async function wrk(
  port: number,
  script: string,
  seconds: number,
  connections: number,
): Promise<WrkResult> {
  const run = runsOn.get(port) ?? 0;
  runsOn.set(port, run + 1);
  const child = spawn(WRK, [
    "-t1",
    `-c${connections}`,
    `-d${seconds}s`,
    "--latency",
    "-s",
    script,
    `http://127.0.0.1:${port}`,
    "--",
    randomBytes(6).toString("hex"),
    String(run % 2),
  ]);
  let out = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  await new Promise((r) => child.once("exit", r));
  if (process.env.BENCH_DEBUG) console.log(out);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const p50 = ms(/\s50%\s+(\S+)/.exec(out)?.[1]);
  const p99 = ms(/\s99%\s+(\S+)/.exec(out)?.[1]);
  const errors =
    Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0) +
    Number(/Socket errors:.*timeout (\d+)/.exec(out)?.[1] ?? 0);
  return { rps, requests, p50, p99, errors };
}

/** Clock ticks per second in /proc/<pid>/stat (USER_HZ): what `getconf CLK_TCK` says, 100 where it cannot say. */
export const TICKS_PER_SECOND: number = (() => {
  try {
    const n = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
    return Number.isInteger(n) && n > 0 ? n : 100;
  } catch {
    return 100;
  }
})();

/** CPU time a process has used so far (or one thread of it), user and system, in clock ticks (TICKS_PER_SECOND). */
export function cpuTicks(pid: number, thread?: number): number {
  // After the ")" that ends the command name, utime and stime are the 12th and 13th fields.
  const stat = readFileSync(
    thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`,
    "utf8",
  );
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
