// A refusal over the rate limit says how long to wait when the server sends Retry-After.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { api, errorText, retryAfterSeconds } from "./client.ts";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answer(status: number, headers: Record<string, string>): void {
  const body = { error: { code: "rate-limited", message: "操作过于频繁，请稍后再试" } };
  globalThis.fetch = async () => new Response(JSON.stringify(body), { status, headers });
}

async function refusal(): Promise<string> {
  try {
    await api.login({ username: "甲", password: "wrong password" });
  } catch (e) {
    return errorText(e);
  }
  assert.fail("the request should have been refused");
}

test("429 with Retry-After in seconds says how many seconds to wait", async () => {
  answer(429, { "retry-after": "42" });
  assert.equal(await refusal(), "操作过于频繁，请 42 秒后再试");
});

test("a long wait is said in minutes", async () => {
  answer(429, { "retry-after": "900" });
  assert.equal(await refusal(), "操作过于频繁，请 15 分钟后再试");
});

test("without Retry-After the server's own message stands", async () => {
  answer(429, {});
  assert.equal(await refusal(), "操作过于频繁，请稍后再试");
});

test("Retry-After as an HTTP date or garbage is not read as seconds", () => {
  assert.equal(retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 GMT"), null);
  assert.equal(retryAfterSeconds(null), null);
  assert.equal(retryAfterSeconds("0"), 1);
  assert.equal(retryAfterSeconds(" 7 "), 7);
});
