// npm start's process with a bad setting, a database it cannot open, or a port in use: it stops at once with a
// message naming the problem (exit code 1, no stack trace), and a bad setting stops it before anything is created.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { SERVER_NODE_FLAGS } from "../../src/server/node-flags.ts";

const ROOT = join(import.meta.dirname, "..", "..");

/** Runs the server's entry point with `env` on top of a clean environment; resolves when it exits. */
function start(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, "--import", "tsx", join(ROOT, "src/server/main.ts")],
    { cwd: ROOT, env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", ...env }, stdio: "pipe" },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  // A server that did start is a failure of these tests; stop it rather than hang.
  const guard = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(guard);
      resolve({ code, stderr, stdout });
    }),
  );
}

function assertNoStack(stderr: string): void {
  assert.doesNotMatch(stderr, /\n\s+at /, `no stack trace:\n${stderr}`);
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
