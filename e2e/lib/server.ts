// The real server for e2e runs: buildApp + real engine + SQLite in a temp file, listening on a free loopback port,
// with a manual clock so a test can jump to a deadline and fire it as the scheduler would.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { hashToken } from "../../src/app/account-service.ts";
import { ManualClock } from "../../src/app/clock.ts";
import { realEngine } from "../../src/app/engine-adapter.ts";
import type { OriginalityPort } from "../../src/app/originality-port.ts";
import { builtinRulesCatalog } from "../../src/app/rules-catalog.ts";
import { Scheduler } from "../../src/app/scheduler.ts";
import { buildApp, SESSION_COOKIE } from "../../src/server/app.ts";
import { openStorage, type Storage } from "../../src/storage/storage.ts";

export interface Server {
  url: string;
  clock: ManualClock;
  storage: Storage;
  /** Sets the server clock and fires every deadline now due. */
  advanceTo(at: number): Promise<void>;
  /** A site account with a session, created straight in storage (no scrypt: 41 accounts stay fast). */
  account(username: string): Promise<string>;
  /** Calls the API as the holder of `cookie`; throws on any status >= 300. */
  api<T = unknown>(method: "GET" | "POST", path: string, cookie?: string | null, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export const WEB_ROOT = resolve("web/dist");

export async function startServer(
  start: number,
  options: { originality?: OriginalityPort } = {},
): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), "bansha-e2e-"));
  const storage = await openStorage(`sqlite:${join(dir, "e2e.sqlite")}`);
  const clock = new ManualClock(start);
  const built = await buildApp({
    storage,
    clock,
    engine: realEngine,
    rules: builtinRulesCatalog(),
    webRoot: WEB_ROOT,
    ...(options.originality && { originality: options.originality }),
    rateLimits: { login: 100_000, writes: 1_000_000 },
  });
  const scheduler = new Scheduler<unknown>(storage, built.games as never, clock);
  built.games.onDeadlines = () => void scheduler.runDue().catch(() => {});
  const address = await built.app.listen({ port: 0, host: "127.0.0.1" });
  const url = address.replace("[::1]", "127.0.0.1");

  const api = async <T>(
    method: "GET" | "POST",
    path: string,
    cookie?: string | null,
    body?: unknown,
  ): Promise<T> => {
    const res = await built.app.inject({
      method,
      url: path,
      headers: {
        ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return (res.body ? JSON.parse(res.body) : null) as T;
  };

  return {
    url,
    clock,
    storage,
    async advanceTo(at) {
      clock.set(at);
      await scheduler.runDue();
    },
    async account(username) {
      const created = await storage.createAccount({ username, passwordHash: "x", createdAt: clock.now() });
      if (!created.ok) throw new Error(`account ${username} exists`);
      const token = randomBytes(24).toString("base64url");
      await storage.createSession({
        tokenHash: hashToken(token),
        accountId: created.value.id,
        createdAt: clock.now(),
        expiresAt: clock.now() + 365 * 86_400_000,
      });
      return token;
    },
    api,
    async close() {
      await built.app.close();
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function requestId(): string {
  return randomBytes(12).toString("hex");
}

/** "12-02 21:00:00" in Asia/Shanghai, year 2026. */
export function beijing(text: string): number {
  const [date, time] = text.split(" ");
  return Date.parse(`2026-${date}T${time && time.length === 5 ? `${time}:00` : time}+08:00`);
}
