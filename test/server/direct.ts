// Accounts and writes made straight against a built app and its storage, for harnesses that skip sign-up pages.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { hashToken } from "../../src/app/account-service.ts";
import { SESSION_COOKIE } from "../../src/server/app.ts";
import type { Storage } from "../../src/storage/storage.ts";

const DAY = 86_400_000;

/** Creates an account with a live session and returns the session token (the cookie value). */
export async function seedSession(
  storage: Storage,
  username: string,
  now: number,
  ttlMs: number = DAY,
): Promise<string> {
  const created = await storage.createAccount({ username, passwordHash: "x", createdAt: now });
  if (!created.ok) throw new Error(`account ${username} exists`);
  const token = randomBytes(24).toString("base64url");
  await storage.createSession({
    tokenHash: hashToken(token),
    accountId: created.value.id,
    createdAt: now,
    expiresAt: now + ttlMs,
  });
  return token;
}

/** POSTs JSON as the session's holder and returns the parsed answer; any refusal throws with its body. */
export async function postOk<T = unknown>(
  app: FastifyInstance,
  url: string,
  cookie: string,
  body: unknown,
): Promise<T> {
  const res = await app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", cookie: `${SESSION_COOKIE}=${cookie}` },
    payload: JSON.stringify(body),
  });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as T;
}
