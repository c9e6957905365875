// The 繁体字帖 / 外文帖 hint over HTTP: the referee gets it with a post's body; nobody else gets it or the post early.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { PostBodyResponse } from "../../src/server/api-types.ts";
import { local } from "./fixtures.ts";
import { advanceTo, call, cast, makeHarness, must, postKill, startedGame } from "./harness.ts";

const IN_WINDOW = local("12-01 21:10:00");
const RELEASED = local("12-01 21:31:00");

// Written by hand in traditional characters.
const TRADITIONAL_POST =
  "夜色如墨，長街無聲。一柄短劍自簷角落下，映著殘月的寒光，直取樓中那人的咽喉。他們說這個時候誰也不會來，" +
  "可是門外還是響起了腳步聲。";

test("seed 002 「哨群有权拒绝外文帖、繁体字帖…充作杀贴」: the referee reads a kill post with its script figures; players never get them, nor another's unreleased post", async () => {
  const h = await makeHarness();
  try {
    const g = await startedGame(h, 6);
    const { first, rangers } = cast(g);
    await advanceTo(h, IN_WINDOW);
    const posted = await postKill(h, g.id, first.cookie, rangers[0]!.seat, TRADITIONAL_POST);
    const path = `/api/games/${g.id}/posts/${posted.json.postId}`;

    const referee = await must(call<PostBodyResponse>(h, "GET", path, g.referee));
    assert.deepEqual(referee.json.script?.flags, ["traditional"]);
    assert.equal(referee.json.script?.traditionalPercent, 100);
    assert.equal(referee.json.script?.foreignPercent, 0);

    // Before release another player learns nothing of the post; its poster reads it without the hint.
    const early = await call(h, "GET", path, rangers[1]!.cookie);
    assert.equal(early.status, 404);
    assert.doesNotMatch(early.text, /traditional|script/);
    const own = await must(call<PostBodyResponse>(h, "GET", path, first.cookie));
    assert.equal(own.json.script, undefined);

    await advanceTo(h, RELEASED);
    const player = await must(call<PostBodyResponse>(h, "GET", path, rangers[1]!.cookie));
    assert.equal(player.json.text, TRADITIONAL_POST);
    assert.equal(player.json.script, undefined);
    const anonymous = await must(call<PostBodyResponse>(h, "GET", path));
    assert.equal(anonymous.json.script, undefined);
  } finally {
    await h.close();
  }
});
