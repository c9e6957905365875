// The archive's score lines say what the results post says: each total term by term (docs/scoring.md §11's count).
import assert from "node:assert/strict";
import { test } from "node:test";
import { realEngine } from "../../../src/app/engine-adapter.ts";
import { simulate } from "../../../src/engine/sim.ts";
import { local, preset } from "../../../src/engine/test-kit.ts";
import { zhCN } from "./zh-CN.ts";

test("scoreParts: 抢得＋存活已激活＋个人存活分 with the seats and each seat's share, exact", () => {
  const v = (exact: string) => ({ exact, value: 0 });
  assert.equal(
    zhCN.archive.scoreParts("white", {
      taken: v("4"),
      living: v("0"),
      survival: { seats: 9, each: v("14/43"), total: v("126/43") },
    }),
    "白道：抢得4分＋存活已激活0分＋个人存活分9人×14/43分＝126/43分",
  );
  assert.equal(
    zhCN.archive.scoreParts("black", { taken: v("3"), living: v("3") }),
    "黑道：抢得3分＋存活已激活3分",
  );
});

test("a finished 风云 game's archive terms add up to its final totals", () => {
  const { state } = simulate(preset("fengyun-57"), "archive", local("12-01 21:00:00"));
  const scores = realEngine.view(state, { kind: "public" })!.result!.scores!;
  for (const camp of ["black", "white"] as const) {
    const p = scores.parts![camp];
    const sum = p.taken.value + p.living.value + (p.survival?.total.value ?? 0);
    assert.ok(Math.abs(sum - scores[camp].value) < 1e-9, `${camp}: ${sum} against ${scores[camp].value}`);
    assert.match(zhCN.archive.scoreParts(camp, p), /个人存活分\d+人×/);
  }
});
