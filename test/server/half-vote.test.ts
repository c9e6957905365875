// Half votes over HTTP: a player post-killed this round still votes (the engine decides), a player out otherwise does not.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { ApiError, GameViewResponse } from "../../src/server/api-types.ts";
import { local } from "./fixtures.ts";
import { advanceTo, call, cast, makeHarness, must, postKill, rid, startedGame } from "./harness.ts";

// Seed 000: "当轮被帖杀的人，仍有投票权，但其所投的票只在平票时有效(类似半票)；在平票加时投票时，其投票是合法的完全一票"
test("half votes: the round's post victim votes and the tally marks it half; a seat put out by the referee is refused", async () => {
  const h = await makeHarness();
  try {
    const g = await startedGame(h, 6);
    const { first, rangers } = cast(g);
    const victim = rangers[0]!;
    const removed = rangers[1]!;
    await advanceTo(h, local("12-01 21:10:00"));
    await postKill(h, g.id, first.cookie, victim.seat);
    await advanceTo(h, local("12-01 21:31:00"));
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "eliminate", target: removed.seat },
        reason: "违规",
      }),
    );
    await advanceTo(h, local("12-02 10:00:00"));
    const mine = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, victim.cookie));
    assert.equal(
      mine.json.view!.seats.find((s) => s.seat === victim.seat)!.alive,
      false,
      "the victim is out",
    );

    const half = await call(h, "POST", `/api/games/${g.id}/votes`, victim.cookie, {
      requestId: rid(),
      targets: [first.seat],
    });
    assert.equal(half.status, 200, half.text);
    const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`));
    const row = view.json.view!.tally.find((t) => t.seat === first.seat)!;
    assert.deepEqual({ votes: row.votes, half: row.half }, { votes: 0, half: 1 });

    const refused = await call<ApiError>(h, "POST", `/api/games/${g.id}/votes`, removed.cookie, {
      requestId: rid(),
      targets: [first.seat],
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error.code, "vote.voter-out");
    assert.match(refused.json.error.message, /出局/);

    // Seed 000 「如果有事无法按时投票。请向哨子托票」: the half vote may be entrusted to the referee like any vote (before,
    // the request was refused as from an out player while the referee could enter the ballot); an out seat's may not.
    const entrusted = await call(h, "POST", `/api/games/${g.id}/proxy-requests`, victim.cookie, {
      requestId: rid(),
      target: first.seat,
    });
    assert.equal(entrusted.status, 200, entrusted.text);
    const noVote = await call<ApiError>(h, "POST", `/api/games/${g.id}/proxy-requests`, removed.cookie, {
      requestId: rid(),
      target: first.seat,
    });
    assert.equal(noVote.status, 403);
    assert.equal(noVote.json.error.code, "vote.voter-out");
  } finally {
    await h.close();
  }
});

// RULINGS 10: "A failed IOU's poster has no vote that round"; the close counts only voters who still have a vote,
// and votes only on seats still alive (vote-close.ts). The live tally must show what the close will count.
test("the live tally drops the ballot of a voter put out mid-round, and votes on a seat put out", async () => {
  const h = await makeHarness();
  try {
    const g = await startedGame(h, 6);
    const { first, rangers } = cast(g);
    const [a, b, c] = rangers;
    await advanceTo(h, local("12-02 10:00:00"));
    const vote = (voter: typeof a, target: number) =>
      must(
        call(h, "POST", `/api/games/${g.id}/votes`, voter!.cookie, { requestId: rid(), targets: [target] }),
      );
    await vote(a, first.seat);
    await vote(b, first.seat);
    await vote(c, a!.seat);
    const tally = async () =>
      (await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`))).json.view!.tally.map((t) => [
        t.seat,
        t.votes,
      ]);
    assert.deepEqual(await tally(), [
      [first.seat, 2],
      [a!.seat, 1],
    ]);
    const eliminate = (target: number) =>
      must(
        call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
          requestId: rid(),
          override: { action: "eliminate", target },
          reason: "场外曝ID，判出局",
        }),
      );
    await eliminate(a!.seat);
    assert.deepEqual(await tally(), [[first.seat, 1]], "a's ballot and the vote on a are gone");
  } finally {
    await h.close();
  }
});
