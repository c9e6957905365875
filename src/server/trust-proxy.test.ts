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
  assert.deepEqual(parseTrustProxy("fe80::/10,192.168.0.0/16"), ["fe80::/10", "192.168.0.0/16"]);
  // Shapes that look like addresses but are not: each stops the start rather than trusting nothing or anything.
  for (const bad of ["999.1.1.1", "10.0.0", "10.0.0.0/33", "::1/129", "10.0.0.0/8/8", ".", "10.0.0.0/"])
    assert.throws(
      () => parseTrustProxy(bad),
      new RegExp(`"${bad.replace(/[.*/]/g, "\\$&")}" is not an address`),
      bad,
    );
});
