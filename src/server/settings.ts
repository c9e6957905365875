// The server's settings, read from the environment before anything is opened, with every problem named at once.
//
// A typo in a setting must stop the start with a message that says which variable and why, not a stack trace from
// deep inside a library, and not be taken silently (BANSHA_SECURE_COOKIES=true once meant insecure cookies).
import { type DatabaseTarget, parseDatabaseUrl } from "../storage/open-storage.ts";
import { parseIdleMinutes } from "./idle-games.ts";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy.ts";

export interface ServerSettings {
  readonly port: number;
  readonly host: string;
  /** As given (empty: the default SQLite file). */
  readonly databaseUrl: string | undefined;
  /** `databaseUrl` parsed: which database, and for SQLite which file. */
  readonly database: DatabaseTarget;
  /** 0: games never leave memory. */
  readonly gameIdleMs: number;
  readonly trustProxy: TrustProxy;
  readonly secureCookies: boolean;
  /** Writes per minute per route and account; undefined: the app's default. */
  readonly rateLimitWrites: number | undefined;
  readonly logLevel: string;
  /** How long a stop (SIGTERM, SIGINT) waits for requests in flight and the database before ending anyway. */
  readonly stopGraceMs: number;
  /**
   * How long after its due time a deadline fires (Scheduler's graceMs): BANSHA_TIMER_GRACE_MS, by default 2000 on
   * PostgreSQL (several processes may share the database) and 0 on SQLite (one process).
   */
  readonly timerGraceMs: number;
  /** TEST ONLY (the crash harness): acknowledge before commit, so lost votes can be shown. */
  readonly unsafeAckBeforeCommit: boolean;
}

export type SettingsResult = { ok: true; settings: ServerSettings } | { ok: false; problems: string[] };

/** pino's levels, and `silent`. */
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const YES = ["1", "true", "yes", "on"];
const NO = ["", "0", "false", "no", "off"];

export function readSettings(env: Readonly<Record<string, string | undefined>>): SettingsResult {
  const problems: string[] = [];
  /** The parse's value, or `fallback` with its message recorded (parsers throw with the variable named). */
  const read = <T>(parse: () => T, fallback: T): T => {
    try {
      return parse();
    } catch (error) {
      problems.push((error as Error).message);
      return fallback;
    }
  };

  const portText = (env.PORT ?? "").trim();
  const port = portText === "" ? 3000 : Number(portText);
  if (portText !== "" && (!/^\d+$/.test(portText) || port < 1 || port > 65535))
    problems.push(`PORT: "${portText}" is not a port number (expected 1 to 65535, e.g. 3000)`);

  const hostText = env.HOST?.trim();
  const host = hostText === undefined || hostText === "" ? "0.0.0.0" : hostText;

  const databaseUrl = env.DATABASE_URL;
  let database: DatabaseTarget = { kind: "sqlite", path: ":memory:" }; // only ever returned parsed
  try {
    database = parseDatabaseUrl(databaseUrl);
  } catch (error) {
    // A mistyped scheme (postgress://) still carries the password: the message must not print it.
    problems.push(
      `DATABASE_URL: ${hidePasswords((error as Error).message)} (expected postgres://user:password@host/db, sqlite:path or a file path)`,
    );
  }

  const gameIdleMs = read(() => parseIdleMinutes(env.BANSHA_GAME_IDLE_MINUTES), 0);
  const trustProxy = read<TrustProxy>(() => parseTrustProxy(env.BANSHA_TRUST_PROXY), false);

  const secureText = (env.BANSHA_SECURE_COOKIES ?? "").trim().toLowerCase();
  if (!YES.includes(secureText) && !NO.includes(secureText))
    problems.push(
      `BANSHA_SECURE_COOKIES: "${env.BANSHA_SECURE_COOKIES}" is neither on nor off (expected 1 or 0; true, false, yes, no, on and off are read too)`,
    );

  /** A whole number from 1, or undefined when unset; anything else is a problem naming `what` it counts. */
  const countOf = (name: string, what: string, example: number): number | undefined => {
    const text = (env[name] ?? "").trim();
    if (text === "") return undefined;
    const n = Number(text);
    if (/^\d+$/.test(text) && n > 0) return n;
    problems.push(
      `${name}: "${text}" is not a number of ${what} (expected a whole number from 1, e.g. ${example})`,
    );
    return undefined;
  };

  const rateLimitWrites = countOf("BANSHA_RATE_LIMIT_WRITES", "writes a minute", 120);

  const logText = (env.LOG_LEVEL ?? "").trim();
  const logLevel = logText === "" ? "info" : logText;
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL: "${logText}" is not a log level (expected one of ${LOG_LEVELS.join(", ")})`);

  const stopSeconds = countOf("BANSHA_STOP_SECONDS", "seconds", 10) ?? 10;

  const graceText = (env.BANSHA_TIMER_GRACE_MS ?? "").trim();
  let timerGraceMs = database.kind === "postgres" ? 2000 : 0;
  if (graceText !== "") {
    timerGraceMs = Number(graceText);
    if (!/^\d+$/.test(graceText) || timerGraceMs > 60_000)
      problems.push(
        `BANSHA_TIMER_GRACE_MS: "${graceText}" is not a number of milliseconds from 0 to 60000 (e.g. 2000)`,
      );
  }

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    settings: {
      port,
      host,
      databaseUrl,
      database,
      gameIdleMs,
      trustProxy,
      secureCookies: YES.includes(secureText),
      rateLimitWrites,
      logLevel,
      stopGraceMs: stopSeconds * 1000,
      timerGraceMs,
      unsafeAckBeforeCommit: env.BANSHA_UNSAFE_ACK_BEFORE_COMMIT === "1",
    },
  };
}

/** A database URL fit to print: a PostgreSQL password is replaced by `***`. */
export function shownDatabaseUrl(url: string | undefined): string {
  const target = parseDatabaseUrl(url);
  return target.kind === "sqlite" ? target.path : hidePasswords(target.url);
}

/** `text` with the password of every `scheme://user:password@` in it replaced by `***`. */
function hidePasswords(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]*@/gi, "$1***@");
}

/** Why the server could not listen, in words a person starting it can act on. */
export function listenProblem(error: unknown, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE")
    return `port ${port} is already in use on ${host} (another bansha, or another program; PORT picks another)`;
  if (code === "EACCES") return `not allowed to listen on port ${port} (ports below 1024 need privileges)`;
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return `HOST "${host}" is not an address of this machine (expected e.g. 0.0.0.0, 127.0.0.1 or ::)`;
  return (error as Error).message;
}
