// The game's status over HTTP and SSE follows the game: sign-up, closed, running once started, ended when won.
import assert from "node:assert/strict";
import { test } from "node:test";
import type {
  ApiError,
  GameListResponse,
  GameViewResponse,
  StreamMessage,
} from "../../src/server/api-types.ts";
import { SESSION_COOKIE } from "../../src/server/app.ts";
import { local } from "./fixtures.ts";
import {
  call,
  cast,
  draftGame,
  type Harness,
  makeHarness,
  must,
  quickAccount,
  REPORT,
  rid,
  startedGame,
} from "./harness.ts";

async function streamStatus(h: Harness, gameId: string, cookie: string): Promise<string | undefined> {
  const res = await h.app.inject({
    method: "GET",
    url: `/api/games/${gameId}/stream?after=0&limit=1`,
    headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
  });
  const views = res.body
    .split("\n\n")
    .filter((b) => b.includes("event: view"))
    .map(
      (b) =>
        JSON.parse(
          b
            .split("\n")
            .find((l) => l.startsWith("data: "))!
            .slice(6),
        ) as StreamMessage,
    );
  const last = views.at(-1);
  return last?.kind === "view" ? last.status : undefined;
}

test("status: signup, closed, then running after start (GET, SSE and the lobby) and ended once won", async () => {
  const h = await makeHarness();
  try {
    const referee = await quickAccount(h, "ref");
    const id = await draftGame(h, referee, { name: "状态局" });
    await must(call(h, "POST", `/api/games/${id}/signup/open`, referee));
    assert.equal(
      (await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`))).json.game.status,
      "signup",
    );
    for (const alias of ["甲", "乙", "丙"]) {
      const c = await quickAccount(h, `u-${alias}`);
      await must(call(h, "POST", `/api/games/${id}/join`, c, { alias, report: REPORT }));
    }
    await must(call(h, "POST", `/api/games/${id}/signup/close`, referee));
    assert.equal(
      (await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`))).json.game.status,
      "closed",
    );
    await must(
      call(h, "POST", `/api/games/${id}/start`, referee, { seed: "s", round1At: local("12-01 21:00:00") }),
    );
    assert.equal(
      (await must(call<GameViewResponse>(h, "GET", `/api/games/${id}`))).json.game.status,
      "running",
    );
    assert.equal(await streamStatus(h, id, referee), "running");
    const lobby = await must(call<GameListResponse>(h, "GET", "/api/games?status=running"));
    assert.ok(lobby.json.games.some((g) => g.id === id));
    const reopen = await call<ApiError>(h, "POST", `/api/games/${id}/signup/open`, referee);
    assert.equal(reopen.json.error.code, "signup-not-openable", "a running game cannot reopen sign-up");
  } finally {
    await h.close();
  }
});

test("status: a game whose black camp is all out reads ended", async () => {
  const h = await makeHarness();
  try {
    const g = await startedGame(h, 6);
    const { first, second } = cast(g);
    for (const k of [first, second]) {
      await must(
        call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
          requestId: rid(),
          override: { action: "eliminate", target: k.seat },
          reason: "测试",
        }),
      );
    }
    const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, first.cookie));
    assert.equal(view.json.game.status, "ended");
    assert.equal(await streamStatus(h, g.id, first.cookie), "ended");
  } finally {
    await h.close();
  }
});
