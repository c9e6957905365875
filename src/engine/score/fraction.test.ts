// Exact fractions for 存活分: "白道人员的存活分为每人18/52分" stays 9/26, never a float.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { add, cmp, frac, mul, show, sub, toFixed2 } from "./fraction.ts";

test("「如黑道18人白道52人的规则，白道人员的存活分为每人18/52分」: 18/52 reduces to 9/26, shown 0.35", () => {
  const v = frac(18, 52);
  assert.equal(show(v), "9/26");
  assert.equal(toFixed2(v), "0.35");
  assert.equal(show(mul(v, frac(52))), "18");
});

test("fengyun-57's white survivor: 14/43 ≈ 0.33; 3 survivors 42/43 ≈ 0.98", () => {
  assert.equal(toFixed2(frac(14, 43)), "0.33");
  assert.equal(show(mul(frac(3), frac(14, 43))), "42/43");
  assert.equal(toFixed2(frac(42, 43)), "0.98");
  assert.equal(toFixed2(frac(1, 8)), "0.13");
  assert.equal(toFixed2(frac(-1, 8)), "-0.13");
});

test("addition and subtraction are exact and reduced (property)", () => {
  const f = fc.tuple(fc.integer({ min: -500, max: 500 }), fc.integer({ min: 1, max: 500 }));
  fc.assert(
    fc.property(f, f, ([an, ad], [bn, bd]) => {
      const a = frac(an, ad);
      const b = frac(bn, bd);
      assert.equal(cmp(sub(add(a, b), b), a), 0);
      const s = add(a, b);
      assert.equal(s.n * BigInt(ad * bd), BigInt(an * bd + bn * ad) * s.d);
    }),
  );
});
