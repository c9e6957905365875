// npm start's process (the bundled server) with a bad setting, a database it cannot open, or a port in use: it stops
// at once with a message naming the problem (exit code 1, no stack trace), and a bad setting stops it before anything
// is created.
import assert from "node:assert/strict";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { buildServer } from "../../scripts/build-server.ts";
import { SERVER_START_FLAGS } from "../../src/server/node-flags.ts";

const ROOT = join(import.meta.dirname, "..", "..");
/** This file's own build of what npm start runs: inside the project, where the bundle finds node_modules. */
const BUNDLE_DIR = join(ROOT, "dist", `server-startup-test-${process.pid}`);
let entry = "";
before(async () => {
  entry = await buildServer(BUNDLE_DIR);
});
after(() => rmSync(BUNDLE_DIR, { recursive: true, force: true }));

interface Started {
  readonly child: ChildProcessWithoutNullStreams;
  /** Resolves when the process exits. */
  readonly exited: Promise<{ code: number | null; stderr: string; stdout: string }>;
  /** Resolves once stdout has printed a line matching `pattern`. */
  printed(pattern: RegExp): Promise<void>;
  /** What stdout has printed so far. */
  stdoutNow(): Promise<string>;
}

/** Starts the bundled server as npm start does (in `cwd`), with `env` on top of a clean environment. */
function spawnServer(env: Record<string, string>, cwd = ROOT): Started {
  const child = spawn(process.execPath, [...SERVER_START_FLAGS, entry], {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", ...env },
    stdio: "pipe",
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  // A server that is still running is a failure of these tests; stop it rather than hang.
  const guard = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const exited = new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(guard);
      resolve({ code, stderr, stdout });
    }),
  );
  const printed = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(stdout)) return;
        child.stdout.off("data", check);
        resolve();
      };
      child.stdout.on("data", check);
      check();
      void exited.then((r) =>
        reject(new Error(`exited (${r.code}) before printing ${pattern}:\n${r.stderr}`)),
      );
    });
  return { child, exited, printed, stdoutNow: async () => stdout };
}

/** Runs the server's entry point with `env`; resolves when it exits. */
function start(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return spawnServer(env).exited;
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  assert.ok(address && typeof address === "object");
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return address.port;
}

/** Opens a request and sends only part of its body, so the server holds it in flight; resolves once sent. */
async function holdRequestOpen(port: number): Promise<Socket> {
  const socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  socket.on("error", () => {});
  socket.write(
    "POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
  );
  // Let the server read the headers, so the request is in flight and not an idle connection.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return socket;
}

function assertNoStack(stderr: string): void {
  assert.doesNotMatch(stderr, /\n\s+at /, `no stack trace:\n${stderr}`);
}

/** The packages a bundle file imports at load time, following its static imports of the bundle's own chunks. */
function packagesLoadedWith(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const [, from, bare] of readFileSync(file, "utf8").matchAll(
    /^import\s[^;]*?\sfrom\s"([^"]+)";?$|^import\s"([^"]+)";?$/gm,
  )) {
    const spec = (from ?? bare) as string;
    if (spec.startsWith("."))
      for (const p of packagesLoadedWith(resolve(dirname(file), spec), seen)) packages.add(p);
    else packages.add(spec);
  }
  return packages;
}

test("a start on SQLite does not load pg: the bundle imports it only in the chunk a PostgreSQL start loads", () => {
  const atStart = packagesLoadedWith(entry);
  assert.ok(atStart.has("fastify") && atStart.has("node:worker_threads"), [...atStart].join(", "));
  assert.equal(atStart.has("pg"), false, "pg is imported at start");
  const pgChunk = readFileSync(join(BUNDLE_DIR, "chunks", chunkNamed("postgres-adapter")), "utf8");
  assert.match(pgChunk, /^import pg from "pg";$/m);
});

/** The bundle chunk whose name starts with `prefix`. */
function chunkNamed(prefix: string): string {
  const name = readdirSync(join(BUNDLE_DIR, "chunks")).find(
    (f) => f.startsWith(prefix) && f.endsWith(".mjs"),
  );
  assert.ok(name, `no chunk ${prefix}*.mjs`);
  return name;
}

test("bad settings: every one is named, and nothing is created", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bansha-start-"));
  try {
    const dbFile = join(dir, "not-yet", "bansha.sqlite");
    const r = await start({ PORT: "abc", LOG_LEVEL: "loud", DATABASE_URL: dbFile });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /^bansha: cannot start: 2 settings are wrong:\n/);
    assert.match(r.stderr, /\n {2}- PORT: "abc" is not a port number/);
    assert.match(r.stderr, /\n {2}- LOG_LEVEL: "loud" is not a log level/);
    assertNoStack(r.stderr);
    assert.equal(r.stdout, "");
    assert.equal(existsSync(join(dir, "not-yet")), false, "the database's folder was not created");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a database that cannot be opened is named, with the reason, and without its password", async () => {
  // Nothing listens on port 1: the connection is refused at once.
  const r = await start({ DATABASE_URL: "postgres://bansha:hunter2@127.0.0.1:1/bansha", PORT: "3990" });
  assert.equal(r.code, 1, r.stderr);
  assert.match(
    r.stderr,
    /^bansha: cannot start: the database postgres:\/\/bansha:\*\*\*@127\.0\.0\.1:1\/bansha cannot be opened: .*ECONNREFUSED/,
  );
  assert.doesNotMatch(r.stderr, /hunter2/);
  assertNoStack(r.stderr);

  const dir = mkdtempSync(join(tmpdir(), "bansha-start-"));
  try {
    // A folder where the SQLite file should be.
    const r2 = await start({ DATABASE_URL: dir, PORT: "3990" });
    assert.equal(r2.code, 1, r2.stderr);
    assert.match(r2.stderr, new RegExp(`^bansha: cannot start: the database ${dir} cannot be opened: `));
    assertNoStack(r2.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  if (existsSync("/proc/self")) {
    // A folder the file system refuses to create: Node's recursive mkdir spun on it for ever, and the start hung.
    const r3 = await start({ DATABASE_URL: "/proc/bansha-no-such/bansha.sqlite", PORT: "3990" });
    assert.equal(r3.code, 1, r3.stderr);
    assert.match(
      r3.stderr,
      /^bansha: cannot start: the database \/proc\/bansha-no-such\/bansha\.sqlite cannot be opened: ENOENT.*'\/proc\/bansha-no-such'/,
    );
    assertNoStack(r3.stderr);
  }
});

test("a port in use stops the start with what to do about it", async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const address = taken.address();
  assert.ok(address && typeof address === "object");
  const dir = mkdtempSync(join(tmpdir(), "bansha-start-"));
  try {
    const r = await start({ PORT: String(address.port), DATABASE_URL: join(dir, "bansha.sqlite") });
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(`bansha: cannot start: port ${address.port} is already in use on 127\\.0\\.0\\.1 \\(`),
    );
    assertNoStack(r.stderr);
    assert.doesNotMatch(r.stdout, /bansha: serving/);
  } finally {
    taken.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A server started with `env`, serving, and (when `hold`) with a request held in flight; SIGTERM sent. */
async function stoppedServer(
  env: Record<string, string>,
  hold: boolean,
): Promise<{ server: Started; held: Socket | undefined }> {
  const port = await freePort();
  const server = spawnServer({ PORT: String(port), ...env });
  await server.printed(/bansha: serving /);
  const held = hold ? await holdRequestOpen(port) : undefined;
  server.child.kill("SIGTERM");
  return { server, held };
}

test("a stop ends the process: at once when idle, after the grace time or at a second signal when it hangs", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bansha-stop-"));
  try {
    // Nothing in flight: a clean stop, exit code 0.
    const idle = await stoppedServer({ DATABASE_URL: join(dir, "a.sqlite") }, false);
    const idleEnd = await idle.server.exited;
    assert.equal(idleEnd.code, 0, idleEnd.stderr);
    assert.equal(idleEnd.stderr, "");

    // A request held open keeps the stop waiting; the grace time ends it, saying why.
    const grace = await stoppedServer(
      { DATABASE_URL: join(dir, "b.sqlite"), BANSHA_STOP_SECONDS: "1" },
      true,
    );
    const graceEnd = await grace.server.exited;
    grace.held?.destroy();
    assert.equal(graceEnd.code, 1, graceEnd.stderr);
    assert.match(graceEnd.stderr, /^bansha: still stopping after 1 s \(requests in flight or the database/);
    assertNoStack(graceEnd.stderr);

    // The same with a long grace time: a second SIGTERM ends it at once.
    const second = await stoppedServer(
      { DATABASE_URL: join(dir, "c.sqlite"), BANSHA_STOP_SECONDS: "600" },
      true,
    );
    // Still running while the request is held (the first signal alone does not end it).
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(second.server.child.exitCode, null, "the first SIGTERM waits for the request in flight");
    second.server.child.kill("SIGTERM");
    const secondEnd = await second.server.exited;
    second.held?.destroy();
    assert.equal(secondEnd.code, 1, secondEnd.stderr);
    assert.match(secondEnd.stderr, /^bansha: a second SIGTERM while stopping; stopping now without waiting/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the pages come from beside the code, whatever folder the server is started in", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bansha-start-"));
  const port = await freePort();
  const server = spawnServer({ PORT: String(port), DATABASE_URL: join(dir, "bansha.sqlite") }, dir);
  try {
    await server.printed(/bansha: serving/);
    const res = await fetch(`http://127.0.0.1:${port}/games/abc`);
    const webDist = join(ROOT, "web", "dist");
    if (existsSync(join(webDist, "index.html"))) {
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /text\/html/);
    } else {
      // A clean checkout before the web build: the start says where it looked, and that is beside the code.
      assert.equal(res.status, 404);
      server.child.kill("SIGTERM");
      const { stdout } = await server.exited;
      assert.match(stdout, /the web app is not built here/);
      assert.ok(stdout.includes(JSON.stringify(webDist)), stdout);
    }
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a second start that cannot take the port leaves the running server's admin link working", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bansha-start-"));
  const port = await freePort();
  const env = { PORT: String(port), DATABASE_URL: join(dir, "bansha.sqlite") };
  const first = spawnServer(env);
  try {
    await first.printed(/setup\?token=\S+/);
    await first.printed(/bansha: serving /);
    const second = await start(env);
    assert.equal(second.code, 1, second.stderr);
    const res = await fetch(`http://127.0.0.1:${port}/api/setup`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({
        token: tokenIn(await first.stdoutNow()),
        username: "站长",
        password: "correct horse",
      }),
    });
    assert.equal(res.status, 200, await res.text());
  } finally {
    first.child.kill("SIGKILL");
    await first.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});

function tokenIn(stdout: string): string {
  const token = /setup\?token=(\S+)/.exec(stdout)?.[1];
  assert.ok(token, stdout);
  return token;
}
