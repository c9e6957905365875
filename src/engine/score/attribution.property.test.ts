// 力量冲抵 as a property: the point goes to the camp with more forces, never to one with fewer, and nobody on a tie.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { Force } from "./attribution.ts";
import { attribute, forceFor } from "./attribution.ts";

const camp = fc.constantFrom("black" as const, "white" as const);
const code = fc.constantFrom("right" as const, "wrong" as const, "none" as const);
const force: fc.Arbitrary<Force> = fc.oneof(
  fc.record({ kind: fc.constant("post" as const), posterCamp: camp, code }),
  fc.record({ kind: fc.constant("vote" as const), code }),
  fc.record({ kind: fc.constant("take-along" as const), byCamp: camp, code }),
  fc.constant({ kind: "firework" as const }),
  fc.constant({ kind: "suicide" as const }),
  fc.constant({ kind: "penalty" as const }),
);

test("「冲抵后如双方力量均为0…双方均未能获得；冲抵后如一方尚有余力，则该分值归此方」 (property)", () => {
  fc.assert(
    fc.property(camp, fc.array(force, { minLength: 1, maxLength: 6 }), (victim, forces) => {
      const a = attribute({ victimCamp: victim, scored: true, activated: true, forces });
      const black = forces.filter((f) => forceFor(victim, f).for === "black").length;
      const white = forces.length - black;
      assert.equal(a.black, black);
      assert.equal(a.white, white);
      assert.equal(a.to, black > white ? "black" : white > black ? "white" : null);
      // The order the forces came in never matters.
      const b = attribute({
        victimCamp: victim,
        scored: true,
        activated: true,
        forces: [...forces].reverse(),
      });
      assert.equal(b.to, a.to);
    }),
  );
});

test("an unactivated or unscored seat never moves a point, whatever acts on it (property)", () => {
  fc.assert(
    fc.property(camp, fc.array(force, { maxLength: 6 }), fc.boolean(), (victim, forces, scored) => {
      const a = attribute({ victimCamp: victim, scored, activated: false, forces });
      assert.equal(a.to, null);
    }),
  );
});
