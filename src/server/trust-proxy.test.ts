// BANSHA_TRUST_PROXY: parsing, and what it changes for the per-address limits behind a reverse proxy.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ManualClock } from "../app/clock.ts";
import { realEngine } from "../app/engine-adapter.ts";
import { builtinRulesCatalog } from "../app/rules-catalog.ts";
import { openStorage } from "../storage/storage.ts";
import { buildApp } from "./app.ts";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy.ts";

test("the setting: unset or false trusts no proxy; true any; otherwise a list of addresses and ranges", () => {
  assert.equal(parseTrustProxy(undefined), false);
  assert.equal(parseTrustProxy(" "), false);
  assert.equal(parseTrustProxy("false"), false);
  assert.equal(parseTrustProxy("true"), true);
  assert.deepEqual(parseTrustProxy("127.0.0.1, 10.0.0.0/8,::1"), ["127.0.0.1", "10.0.0.0/8", "::1"]);
  assert.throws(() => parseTrustProxy("127.0.0.1,nginx"), /BANSHA_TRUST_PROXY: "nginx" is not an address/);
  assert.throws(() => parseTrustProxy("2"), /"2" is not an address/);
});

/** Statuses of five failed logins, each from another client behind the proxy at 127.0.0.1 (inject's address). */
async function loginsFromFiveClients(trustProxy: TrustProxy): Promise<number[]> {
  const storage = await openStorage(":memory:");
  const { app } = await buildApp({
    storage,
    clock: new ManualClock(Date.now()),
    engine: realEngine,
    rules: builtinRulesCatalog(),
    rateLimits: { login: 3, writes: 100 },
    trustProxy,
  });
  try {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}` },
        payload: JSON.stringify({ username: "x", password: "y" }),
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  } finally {
    await app.close();
    await storage.close();
  }
}

test("behind a trusted proxy each client has its own log-in count; untrusted, they all share the proxy's", async () => {
  assert.deepEqual(await loginsFromFiveClients(["127.0.0.1"]), [401, 401, 401, 401, 401]);
  assert.deepEqual(await loginsFromFiveClients(false), [401, 401, 401, 429, 429]);
});
