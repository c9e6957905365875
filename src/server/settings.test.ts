// The server's settings from the environment: defaults, every bad value named, and no value taken silently.
import assert from "node:assert/strict";
import test from "node:test";
import { listenProblem, readSettings, type ServerSettings, shownDatabaseUrl } from "./settings.ts";

function settingsOf(env: Record<string, string>): ServerSettings {
  const r = readSettings(env);
  assert.ok(r.ok, r.ok ? "" : r.problems.join("; "));
  return r.settings;
}

function problemsOf(env: Record<string, string>): string[] {
  const r = readSettings(env);
  assert.ok(!r.ok, `expected problems with ${JSON.stringify(env)}`);
  return r.problems;
}

test("with nothing set, the server serves SQLite under ./data on port 3000 at log level info", () => {
  const s = settingsOf({});
  assert.equal(s.port, 3000);
  assert.equal(s.host, "0.0.0.0");
  assert.equal(s.databaseUrl, undefined);
  assert.equal(shownDatabaseUrl(s.databaseUrl), "./data/bansha.sqlite");
  assert.deepEqual(s.database, { kind: "sqlite", path: "./data/bansha.sqlite" });
  assert.equal(s.gameIdleMs, 30 * 60_000);
  assert.equal(s.trustProxy, false);
  assert.equal(s.secureCookies, false);
  assert.equal(s.rateLimitWrites, undefined);
  assert.equal(s.logLevel, "info");
  assert.equal(s.stopGraceMs, 10_000);
  assert.equal(s.timerGraceMs, 0, "one process: a deadline fires when due");
  assert.equal(s.unsafeAckBeforeCommit, false);
});

test("values that are set are read", () => {
  const s = settingsOf({
    PORT: "8080",
    HOST: "127.0.0.1",
    DATABASE_URL: "postgres://bansha:pw@db/bansha",
    BANSHA_GAME_IDLE_MINUTES: "0",
    BANSHA_TRUST_PROXY: "127.0.0.1",
    BANSHA_SECURE_COOKIES: "1",
    BANSHA_RATE_LIMIT_WRITES: "600",
    LOG_LEVEL: "warn",
    BANSHA_STOP_SECONDS: "30",
  });
  assert.equal(s.port, 8080);
  assert.equal(s.host, "127.0.0.1");
  assert.equal(s.databaseUrl, "postgres://bansha:pw@db/bansha");
  assert.deepEqual(s.database, { kind: "postgres", url: "postgres://bansha:pw@db/bansha" });
  assert.equal(s.gameIdleMs, 0);
  assert.deepEqual(s.trustProxy, ["127.0.0.1"]);
  assert.equal(s.secureCookies, true);
  assert.equal(s.rateLimitWrites, 600);
  assert.equal(s.logLevel, "warn");
  assert.equal(s.stopGraceMs, 30_000);
  assert.equal(s.timerGraceMs, 2000, "PostgreSQL: other processes' commands received in time land first");
  assert.equal(settingsOf({ DATABASE_URL: "postgres://db/x", BANSHA_TIMER_GRACE_MS: "0" }).timerGraceMs, 0);
  assert.equal(settingsOf({ BANSHA_TIMER_GRACE_MS: "500" }).timerGraceMs, 500);
});

test("BANSHA_SECURE_COOKIES reads the usual words for on and off, and refuses anything else", () => {
  for (const on of ["1", "true", "TRUE", "yes", "on"])
    assert.equal(settingsOf({ BANSHA_SECURE_COOKIES: on }).secureCookies, true, on);
  for (const off of ["", "0", "false", "no", "off"])
    assert.equal(settingsOf({ BANSHA_SECURE_COOKIES: off }).secureCookies, false, off);
  // Before, any value but "1" meant cookies without the Secure flag, whatever the operator meant.
  assert.match(problemsOf({ BANSHA_SECURE_COOKIES: "ture" })[0]!, /^BANSHA_SECURE_COOKIES: "ture"/);
});

test("each bad value is refused with the variable named and what it expects", () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: "abc" }, /^PORT: "abc" is not a port number \(expected 1 to 65535/],
    [{ PORT: "0" }, /^PORT: "0"/],
    [{ PORT: "70000" }, /^PORT: "70000"/],
    [{ PORT: "30.5" }, /^PORT: "30.5"/],
    [
      { DATABASE_URL: "mysql://db/x" },
      /^DATABASE_URL: unsupported database URL: mysql:\/\/db\/x \(expected postgres:/,
    ],
    [{ BANSHA_GAME_IDLE_MINUTES: "-5" }, /^BANSHA_GAME_IDLE_MINUTES: "-5"/],
    [{ BANSHA_TRUST_PROXY: "garbage" }, /^BANSHA_TRUST_PROXY: "garbage"/],
    // Before, a limit that was not a number turned the limit off (every count compared false with NaN).
    [
      { BANSHA_RATE_LIMIT_WRITES: "abc" },
      /^BANSHA_RATE_LIMIT_WRITES: "abc" is not a number of writes a minute/,
    ],
    [{ BANSHA_RATE_LIMIT_WRITES: "0" }, /^BANSHA_RATE_LIMIT_WRITES: "0"/],
    [{ BANSHA_STOP_SECONDS: "soon" }, /^BANSHA_STOP_SECONDS: "soon" is not a number of seconds/],
    [{ BANSHA_STOP_SECONDS: "0" }, /^BANSHA_STOP_SECONDS: "0"/],
    [{ BANSHA_TIMER_GRACE_MS: "2s" }, /^BANSHA_TIMER_GRACE_MS: "2s" is not a number of milliseconds/],
    [{ BANSHA_TIMER_GRACE_MS: "90000" }, /^BANSHA_TIMER_GRACE_MS: "90000"/],
    [
      { LOG_LEVEL: "loud" },
      /^LOG_LEVEL: "loud" is not a log level \(expected one of fatal, error, warn, info/,
    ],
  ];
  for (const [env, expected] of cases) {
    const problems = problemsOf(env);
    assert.equal(problems.length, 1, `${JSON.stringify(env)}: ${problems.join("; ")}`);
    assert.match(problems[0]!, expected);
  }
});

test("every problem is named at once, so one start shows them all", () => {
  const problems = problemsOf({ PORT: "x", LOG_LEVEL: "loud", BANSHA_TRUST_PROXY: "nope" });
  assert.deepEqual(
    problems.map((p) => p.split(":")[0]),
    ["PORT", "BANSHA_TRUST_PROXY", "LOG_LEVEL"],
  );
});

test("a PostgreSQL password is never printed", () => {
  assert.equal(
    shownDatabaseUrl("postgres://bansha:s3cr:et@db.internal:5432/bansha"),
    "postgres://bansha:***@db.internal:5432/bansha",
  );
  assert.equal(shownDatabaseUrl("postgresql://bansha@db/bansha"), "postgresql://bansha@db/bansha");
  assert.equal(shownDatabaseUrl("sqlite:/var/lib/bansha/x.sqlite"), "/var/lib/bansha/x.sqlite");
  // Nor when the scheme is mistyped, and the URL is refused.
  const [problem] = problemsOf({ DATABASE_URL: "postgress://bansha:hunter2@db/bansha" });
  assert.match(problem!, /^DATABASE_URL: unsupported database URL: postgress:\/\/bansha:\*\*\*@db\/bansha /);
  assert.doesNotMatch(problem!, /hunter2/);
});

test("a failed listen says what to do about it", () => {
  const err = (code: string) => Object.assign(new Error(`listen ${code}`), { code });
  assert.match(
    listenProblem(err("EADDRINUSE"), "0.0.0.0", 3000),
    /^port 3000 is already in use on 0\.0\.0\.0/,
  );
  assert.match(listenProblem(err("EACCES"), "0.0.0.0", 80), /^not allowed to listen on port 80/);
  assert.match(
    listenProblem(err("EADDRNOTAVAIL"), "10.9.9.9", 3000),
    /^HOST "10\.9\.9\.9" is not an address/,
  );
  assert.equal(listenProblem(err("EOTHER"), "0.0.0.0", 3000), "listen EOTHER");
});
