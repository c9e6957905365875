// BANSHA_TRUST_PROXY's parsing (what it changes for the limits: test/server/auth.test.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseTrustProxy } from "./trust-proxy.ts";

test("the setting: unset or false trusts no proxy; true any; otherwise a list of addresses and ranges", () => {
  assert.equal(parseTrustProxy(undefined), false);
  assert.equal(parseTrustProxy(" "), false);
  assert.equal(parseTrustProxy("false"), false);
  assert.equal(parseTrustProxy("true"), true);
  assert.deepEqual(parseTrustProxy("127.0.0.1, 10.0.0.0/8,::1"), ["127.0.0.1", "10.0.0.0/8", "::1"]);
  assert.throws(() => parseTrustProxy("127.0.0.1,nginx"), /BANSHA_TRUST_PROXY: "nginx" is not an address/);
  assert.throws(() => parseTrustProxy("2"), /"2" is not an address/);
});
