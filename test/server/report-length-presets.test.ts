// 报道 length at sign-up for 空军 (seed 002, 300 字) and 风云 (seed 000, 301 字): one 字 short is refused, the minimum joins.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { ApiError, GameCreatedResponse, JoinResponse } from "../../src/server/api-types.ts";
import { call, makeHarness, must, quickAccount } from "./harness.ts";

/** Opens sign-up for `preset`; then a join with `short` 字 and one with `enough` 字 (distinct Han characters). */
async function joins(preset: string, short: number, enough: number) {
  const h = await makeHarness();
  try {
    const referee = await quickAccount(h, "ref");
    const created = await must(
      call<GameCreatedResponse>(h, "POST", "/api/games", referee, {
        name: "报道",
        preset,
        refereeAlias: "哨子",
      }),
    );
    const id = created.json.game.id;
    await must(call(h, "POST", `/api/games/${id}/signup/open`, referee));
    // Word counts each Han character 1 (RULINGS 5); distinct ones, so no copy check is tripped by repetition.
    const text = (n: number) =>
      Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + i)).join("");
    const u1 = await quickAccount(h, "u1");
    const refused = await call<ApiError>(h, "POST", `/api/games/${id}/join`, u1, {
      alias: "甲",
      report: text(short),
    });
    const u2 = await quickAccount(h, "u2");
    const joined = await call<JoinResponse>(h, "POST", `/api/games/${id}/join`, u2, {
      alias: "乙",
      report: text(enough),
    });
    return { refused, joined };
  } finally {
    await h.close();
  }
}

test("seed 002 「300字以上报道，原创首发，最好与背景或马甲相关。」: 299 字 is refused as too short, 300 字 joins", async () => {
  const { refused, joined } = await joins("airforce-40", 299, 300);
  assert.equal(refused.status, 409);
  assert.equal(refused.json.error.code, "report-too-short");
  assert.equal(joined.status, 200, joined.text);
  assert.equal(joined.json.report.words, 300);
});

test("seed 000 「报道必须原创首发文学作品且字数不得少于301。」: 300 字 is refused as too short, 301 字 joins", async () => {
  const { refused, joined } = await joins("fengyun-57", 300, 301);
  assert.equal(refused.json.error.code, "report-too-short");
  assert.equal(joined.status, 200, joined.text);
  assert.equal(joined.json.report.words, 301);
});
