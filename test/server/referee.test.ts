// Referee actions over HTTP: proxy entry, complaint rulings, every override with a reason, substitutes, results.
import assert from "node:assert/strict";
import { test } from "node:test";
import type {
  ApiError,
  CommandResponse,
  EventListResponse,
  GameListResponse,
  GameViewResponse,
  InboxResponse,
  ResultsPreviewResponse,
  SeatView,
} from "../../src/server/api-types.ts";
import { syntheticText } from "../../src/text/synthetic.ts";
import { local, smallRules } from "./fixtures.ts";
import {
  advanceTo,
  call,
  cast,
  engineOf,
  type Game,
  type Harness,
  LONG_POST,
  makeHarness,
  must,
  type Player,
  postKill,
  quickAccount,
  rid,
  startedPresetGame,
  withStartedGame,
} from "./harness.ts";

const withGame = withStartedGame;

const VOTING = local("12-02 10:00:00");

async function seatOf(h: Harness, g: Game, seat: number): Promise<SeatView> {
  const v = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`));
  return v.json.view!.seats.find((s) => s.seat === seat)!;
}

test("proxy votes (托票): entered by the referee before the cut-off; refused after it and for players", async () => {
  await withGame(async (h, g) => {
    const [a, b] = g.players;
    await advanceTo(h, VOTING);
    const url = `/api/games/${g.id}/referee/proxy-votes`;
    const ok = await call(h, "POST", url, g.referee, {
      requestId: rid(),
      voter: a!.seat,
      targets: [b!.seat],
    });
    assert.equal(ok.status, 200, ok.text);
    const byPlayer = await call(h, "POST", url, a!.cookie, {
      requestId: rid(),
      voter: a!.seat,
      targets: [b!.seat],
    });
    assert.equal(byPlayer.status, 403);
    await advanceTo(h, local("12-02 20:41:00"));
    const late = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      voter: b!.seat,
      targets: [a!.seat],
    });
    assert.equal(late.status, 409);
    assert.equal(late.json.error.code, "proxy.after-cutoff");
    assert.match(late.json.error.message, /托票已截止（截止时间 20:40:00，收到时间 20:41:00）/);
    const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`));
    assert.deepEqual(
      view.json.view!.tally.map((t) => [t.seat, t.proxy]),
      [[b!.seat, 1]],
    );
  });
});

test("complaint rulings: an upheld complaint puts the poster out; no post or a player's ruling is refused", async () => {
  await withGame(async (h, g) => {
    const { first, rangers } = cast(g);
    await advanceTo(h, local("12-01 21:10:00"));
    await postKill(h, g.id, first.cookie, rangers[0]!.seat);
    await advanceTo(h, local("12-01 22:00:00"));
    const url = `/api/games/${g.id}/referee/complaint-rulings`;
    const none = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      against: rangers[1]!.seat,
      upheld: true,
      reason: "抄袭",
    });
    assert.equal(none.json.error.code, "complaint.no-post");
    const byPlayer = await call(h, "POST", url, rangers[1]!.cookie, {
      requestId: rid(),
      against: first.seat,
      upheld: true,
      reason: "抄袭",
    });
    assert.equal(byPlayer.status, 403);
    const noReason = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      against: first.seat,
      upheld: true,
    });
    assert.equal(noReason.status, 400);
    assert.equal(noReason.json.error.fields![0]!.path, "reason");
    // A ruling names the complaint's post (round 1, post 0 here); a post the poster did not write is refused.
    const wrongPost = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      against: first.seat,
      upheld: true,
      reason: "抄袭",
      round: 1,
      post: 5,
    });
    assert.equal(wrongPost.json.error.code, "complaint.no-such-post");
    assert.match(wrongPost.json.error.message, /在第1轮没有这张有效杀帖/);
    assert.equal((await seatOf(h, g, first.seat)).alive, true, "nothing changed");
    const upheld = await call(h, "POST", url, g.referee, {
      requestId: rid(),
      against: first.seat,
      upheld: true,
      reason: "百度内容超过20%",
      round: 1,
      post: 0,
    });
    assert.equal(upheld.status, 200, upheld.text);
    assert.equal((await seatOf(h, g, first.seat)).alive, false);
    assert.equal((await seatOf(h, g, rangers[0]!.seat)).alive, true, "the target is revived");
  });
});

test("overrides: eliminate, revive and extend with a reason; refused without one, twice, or by a player", async () => {
  await withGame(async (h, g) => {
    const [a, b] = g.players;
    await advanceTo(h, VOTING);
    const url = `/api/games/${g.id}/referee/overrides`;
    const out = await call(h, "POST", url, g.referee, {
      requestId: rid(),
      override: { action: "eliminate", target: a!.seat },
      reason: "潜水判罚",
    });
    assert.equal(out.status, 200, out.text);
    assert.equal((await seatOf(h, g, a!.seat)).alive, false);
    const twice = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      override: { action: "eliminate", target: a!.seat },
      reason: "再来一次",
    });
    assert.equal(twice.json.error.code, "override.already-out");
    const noReason = await call(h, "POST", url, g.referee, {
      requestId: rid(),
      override: { action: "revive", target: a!.seat },
    });
    assert.equal(noReason.status, 400);
    const badAction = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      override: { action: "explode", target: a!.seat },
      reason: "x",
    });
    assert.equal(badAction.status, 400);
    assert.equal(badAction.json.error.fields![0]!.path, "override.action");
    const byPlayer = await call(h, "POST", url, b!.cookie, {
      requestId: rid(),
      override: { action: "revive", target: a!.seat },
      reason: "x",
    });
    assert.equal(byPlayer.status, 403);
    const revive = await call(h, "POST", url, g.referee, {
      requestId: rid(),
      override: { action: "revive", target: a!.seat },
      reason: "误判",
    });
    assert.equal(revive.status, 200, revive.text);
    assert.equal((await seatOf(h, g, a!.seat)).alive, true);
    const until = local("12-02 22:00:00");
    const extend = await call(h, "POST", url, g.referee, {
      requestId: rid(),
      override: { action: "extend", deadline: "vote", until },
      reason: "服务器故障，延长投票",
    });
    assert.equal(extend.status, 200, extend.text);
    await advanceTo(h, local("12-02 21:30:00"));
    const vote = await call(h, "POST", `/api/games/${g.id}/votes`, b!.cookie, {
      requestId: rid(),
      targets: [a!.seat],
    });
    assert.equal(vote.status, 200, `the extended vote is still open: ${vote.text}`);
    // Brought forward again ("导演有权对时间临时做出调整"): the vote closes at the new, earlier time.
    const shorten = await call(h, "POST", url, g.referee, {
      requestId: rid(),
      override: { action: "extend", deadline: "vote", until: local("12-02 21:45:00") },
      reason: "提前截止",
    });
    assert.equal(shorten.status, 200, shorten.text);
    // Moved to a time already gone (a mistyped date): refused with both moments, dated, and nothing recorded.
    const gone = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      override: { action: "extend", deadline: "vote", until: local("12-01 21:40:00") },
      reason: "提前截止",
    });
    assert.equal(gone.json.error.code, "override.deadline-passed");
    assert.equal(
      gone.json.error.message,
      "新的期限（12月1日 21:40:00）早于收到时间（12月2日 21:30:00），请设为之后的时间",
    );
    // 替补 sent here is pointed to its own route rather than called malformed.
    const sub = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      override: { action: "substitute", seat: a!.seat, alias: "新人" },
      reason: "换人",
    });
    assert.deepEqual(
      [sub.status, sub.json.error.code, sub.json.error.message],
      [400, "use-substitute-route", "替补请使用替补功能"],
    );
    await advanceTo(h, local("12-02 21:45:02"));
    const late = await call<ApiError>(h, "POST", `/api/games/${g.id}/votes`, b!.cookie, {
      requestId: rid(),
      targets: [a!.seat],
    });
    assert.equal(late.status, 409, "no vote is taken after the new deadline");
    const logged = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/referee/log`, g.referee));
    const reasons = logged.json.events.filter((e) => e.data.reason).map((e) => e.data.reason);
    assert.ok(reasons.includes("潜水判罚") && reasons.includes("误判"), reasons.join(","));
    const closed = logged.json.events.find((e) => e.type === "VoteClosed");
    assert.ok(
      closed && closed.at >= local("12-02 21:45:00") && closed.at <= local("12-02 21:45:02"),
      "closed at 21:45",
    );
  });
});

test("end-game (判定胜负): the referee ends the game with a result and a reason; a bad winner, a player and an ended game are refused", async () => {
  await withGame(async (h, g) => {
    const [a, b] = g.players;
    await advanceTo(h, VOTING);
    const url = `/api/games/${g.id}/referee/overrides`;
    await must(
      call(h, "POST", `/api/games/${g.id}/votes`, a!.cookie, { requestId: rid(), targets: [b!.seat] }),
    );
    const badWinner = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      override: { action: "end-game", winner: "ranger" },
      reason: "x",
    });
    assert.equal(badWinner.status, 400);
    assert.equal(badWinner.json.error.fields![0]!.path, "override.winner");
    const byPlayer = await call(h, "POST", url, b!.cookie, {
      requestId: rid(),
      override: { action: "end-game", winner: "white" },
      reason: "x",
    });
    assert.equal(byPlayer.status, 403);
    const reason = "游侠私下提供哨子发的身份短信，白道判负";
    const ended = await call(h, "POST", url, g.referee, {
      requestId: rid(),
      override: { action: "end-game", winner: "black" },
      reason,
    });
    assert.equal(ended.status, 200, ended.text);
    // Everyone sees the result and why, in Chinese; the game's list shows it ended.
    const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, b!.cookie));
    assert.equal(view.json.game.killPosts, true, "this rule set's killers post kill posts");
    assert.deepEqual(view.json.game.campNames, { black: "黑道", white: "白道", neutral: "中立" });
    assert.equal(view.json.game.dayNight, false);
    // Plans and kill posts name groups by id; the pages show the rule set's names.
    assert.equal(view.json.view?.unitNames?.killer, "杀手组");
    assert.equal(view.json.view?.unitNames?.["role:killer"], "杀手");
    assert.deepEqual(
      { ...view.json.view?.result, reason: undefined },
      {
        ended: true,
        winner: "black",
        reason: undefined,
        why: { kind: "referee", reason },
        message: `哨子判定结束：${reason}`,
      },
    );
    const late = await call<ApiError>(h, "POST", `/api/games/${g.id}/votes`, b!.cookie, {
      requestId: rid(),
      targets: [a!.seat],
    });
    assert.equal(late.json.error.code, "game.ended");
    assert.equal(late.json.error.message, "游戏已经结束");
    const revive = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      override: { action: "revive", target: a!.seat },
      reason: "改判",
    });
    assert.equal(revive.json.error.code, "game.ended", "an ended game is not played on");
    const same = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      override: { action: "end-game", winner: "black" },
      reason: "维持",
    });
    assert.equal(same.status, 409);
    assert.equal(same.json.error.code, "override.same-result");
    assert.equal(same.json.error.message, "本局结果已经是所选的结果，无需改判");
    const byPlayerAfter = await call(h, "POST", url, b!.cookie, {
      requestId: rid(),
      override: { action: "end-game", winner: "white" },
      reason: "x",
    });
    assert.equal(byPlayerAfter.status, 403);
    const after = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`));
    assert.equal(after.json.view?.result?.winner, "black", "refused rulings changed nothing");
    // 改判结果: a complaint upheld after the end turns the result over; everyone sees the new one and why.
    const amended = await call(h, "POST", url, g.referee, {
      requestId: rid(),
      override: { action: "end-game", winner: "white" },
      reason: "复查：所谓身份短信系伪造，改判白道胜",
    });
    assert.equal(amended.status, 200, amended.text);
    const final = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, a!.cookie));
    assert.equal(final.json.view?.result?.winner, "white");
    assert.equal(final.json.view?.result?.message, "哨子判定结束：复查：所谓身份短信系伪造，改判白道胜");
    assert.equal(final.json.game.status, "ended");
  });
});

test("substitutes (替补): a new account takes the seat under a new alias, stored once on retry; unknown seat, taken alias, a member's account and players refused", async () => {
  await withGame(async (h, g) => {
    const [a, b] = g.players;
    const sub = await quickAccount(h, "替补账号");
    const url = `/api/games/${g.id}/referee/substitutes`;
    const unknownSeat = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      seat: 50,
      username: "替补账号",
      alias: "新马甲",
    });
    assert.equal(unknownSeat.json.error.code, "seat-unknown");
    const taken = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      seat: a!.seat,
      username: "替补账号",
      alias: b!.alias,
    });
    assert.equal(taken.json.error.code, "member-alias-taken");
    assert.equal(taken.json.error.message, `马甲「${b!.alias}」已被本游戏使用，请换一个`);
    // The new player's alias may not read as a username either (请勿曝ID): its own, or anyone's.
    for (const [alias, code] of [
      ["替补账号", "alias-is-substitute-username"],
      [g.players[1]!.username, "alias-is-username"],
    ] as const) {
      const named = await call<ApiError>(h, "POST", url, g.referee, {
        requestId: rid(),
        seat: a!.seat,
        username: "替补账号",
        alias,
      });
      assert.equal(named.json.error.code, code, alias);
    }
    // Each clash is named apart, so the referee knows whether to change the alias or the account.
    const playerAccount = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      seat: a!.seat,
      username: b!.username,
      alias: "新马甲",
    });
    assert.equal(playerAccount.json.error.code, "member-already-player");
    assert.equal(playerAccount.json.error.message, `该账号已在本游戏中（马甲「${b!.alias}」），不能再次加入`);
    const refereeAccount = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      seat: a!.seat,
      username: "p-ref",
      alias: "新马甲",
    });
    assert.equal(refereeAccount.json.error.code, "member-is-referee");
    assert.equal(refereeAccount.json.error.message, "不能替补或加为副哨：这是哨子本人的账号");
    // An account the site admin disabled could not sign in to play the seat.
    await quickAccount(h, "停用的账号");
    const disabledAccount = (await h.storage.findAccountByUsername("停用的账号"))!;
    await h.accounts.setDisabled(disabledAccount, true);
    const disabled = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      seat: a!.seat,
      username: "停用的账号",
      alias: "新马甲",
    });
    assert.equal(disabled.json.error.code, "member-account-disabled");
    assert.equal(disabled.json.error.message, "该账号已被站点管理员停用，不能替补或加为副哨");
    // A substitution that could never go through (an alias taken, a seat out) is refused for that, disabled or
    // not: an attempt that adds nobody tells nothing of which accounts the admin disabled.
    const disabledTaken = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      seat: a!.seat,
      username: "停用的账号",
      alias: b!.alias,
    });
    assert.equal(disabledTaken.json.error.code, "member-alias-taken");
    const outSeat = g.players[2]!;
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "eliminate", target: outSeat.seat },
        reason: "出局",
      }),
    );
    for (const username of ["停用的账号", "替补账号"]) {
      const out = await call<ApiError>(h, "POST", url, g.referee, {
        requestId: rid(),
        seat: outSeat.seat,
        username,
        alias: "出局座位的替补",
      });
      assert.equal(out.json.error.code, "override.already-out", username);
    }
    const byPlayer = await call(h, "POST", url, b!.cookie, {
      requestId: rid(),
      seat: a!.seat,
      username: "替补账号",
      alias: "新马甲",
    });
    assert.equal(byPlayer.status, 403);
    const substitution = { requestId: rid(), seat: a!.seat, username: "替补账号", alias: "新马甲" };
    const ok = await call<CommandResponse>(h, "POST", url, g.referee, substitution);
    assert.equal(ok.status, 200, ok.text);
    // A retried request answers the original, rather than a conflict with the alias it stored itself.
    const retry = await call<CommandResponse>(h, "POST", url, g.referee, substitution);
    assert.equal(retry.status, 200, retry.text);
    assert.deepEqual([retry.json.seq, retry.json.replayed], [ok.json.seq, true]);
    const subView = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, sub));
    assert.equal(subView.json.viewer.seat, a!.seat);
    assert.equal(subView.json.viewer.alias, "新马甲");
    const oldView = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, a!.cookie));
    assert.equal(oldView.json.viewer.seat, null, "the replaced player no longer holds the seat");
    // The lobby counts seats, not member rows: the substitute takes a seat already counted.
    const lobby = await must(call<GameListResponse>(h, "GET", "/api/games"));
    const listed = lobby.json.games.find((x) => x.id === g.id)!;
    assert.deepEqual([listed.status, listed.signedUp], ["running", g.players.length]);
    await advanceTo(h, VOTING);
    const oldVote = await call(h, "POST", `/api/games/${g.id}/votes`, a!.cookie, {
      requestId: rid(),
      targets: [b!.seat],
    });
    assert.notEqual(oldVote.status, 200);
  });
});

test("substitutes (替补) carry the referee's reason (「替补」 when absent) and the old alias into every viewer's feed, never an account", async () => {
  await withGame(async (h, g) => {
    const [a, b, c] = g.players;
    await quickAccount(h, "sub-one");
    await quickAccount(h, "sub-two");
    const url = `/api/games/${g.id}/referee/substitutes`;
    await must(
      call(h, "POST", url, g.referee, {
        requestId: rid(),
        seat: a!.seat,
        username: "sub-one",
        alias: "新马甲一",
        reason: "原玩家出差",
      }),
    );
    // An older client sends no reason: the ruling still carries one.
    await must(
      call(h, "POST", url, g.referee, {
        requestId: rid(),
        seat: b!.seat,
        username: "sub-two",
        alias: "新马甲二",
      }),
    );
    const blank = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      seat: c!.seat,
      username: "sub-two",
      alias: "新马甲三",
      reason: "",
    });
    assert.equal(blank.status, 400, "an empty reason is refused like any other field left empty");
    for (const viewer of [c!.cookie, undefined]) {
      const feed = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, viewer));
      const subs = feed.json.events
        .filter((e) => e.type === "OverrideApplied")
        .map((e) => e.data as { override: Record<string, unknown>; reason: string });
      assert.deepEqual(
        subs.map((x) => [x.override.seat, x.override.previous, x.override.alias, x.reason]),
        [
          [a!.seat, a!.alias, "新马甲一", "原玩家出差"],
          [b!.seat, b!.alias, "新马甲二", "替补"],
        ],
      );
      const text = JSON.stringify(feed.json.events);
      for (const username of ["sub-one", "sub-two", a!.username, b!.username])
        assert.ok(!text.includes(username), `${username} is not in the feed`);
    }
  });
});

test("results post: preview and publish after the round; unknown round and players refused", async () => {
  await withGame(async (h, g) => {
    const [a, b] = g.players;
    await advanceTo(h, VOTING);
    for (const p of g.players) {
      await must(
        call(h, "POST", `/api/games/${g.id}/votes`, p.cookie, {
          requestId: rid(),
          targets: [p === b ? a!.seat : b!.seat],
        }),
      );
    }
    // While the vote runs a post would tell the wrong outs: refused until it (and any 加时) has closed.
    const early = await call<ApiError>(h, "POST", `/api/games/${g.id}/referee/results`, g.referee, {
      requestId: rid(),
      round: 1,
      text: "第1轮结果",
    });
    assert.equal(early.status, 409);
    assert.equal(early.json.error.code, "results-vote-open");
    assert.match(early.json.error.message, /尚未结束/);
    // The referee's preview of a round's results post.
    const preview = <T>(round: number) =>
      call<T>(h, "GET", `/api/games/${g.id}/referee/results?round=${round}`, g.referee);
    // Nor is there a preview: it would show the regular vote's outs as the round's result.
    const earlyPreview = await preview<ApiError>(1);
    assert.equal(earlyPreview.json.error.code, "results-vote-open");
    assert.equal(earlyPreview.json.error.message, "第1轮的投票（含加时）尚未结束，结束后才有结果帖");
    await advanceTo(h, local("12-02 21:00:05"));
    const first = await preview<ResultsPreviewResponse>(1);
    assert.equal(first.status, 200, first.text);
    assert.ok(first.json.text.includes(b!.alias), first.json.text);
    // "同时发布下一轮的游戏进程": round 2 of this rule set votes one out and gives the killers one post.
    assert.match(first.json.text, /\n第2轮进程：票杀1人；出帖：杀手组1帖。$/);
    // A 进程微调 made since does not rewrite round 1's post: it announced round 2's plan as it stood then.
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "set-progression", round: 2, voteOut: 2 },
        reason: "加快进程",
      }),
    );
    const again = await preview<ResultsPreviewResponse>(1);
    assert.match(again.json.text, /\n第2轮进程：票杀1人；出帖：杀手组1帖。$/);
    // Once the game is over (ended by the referee after round 2's results), round 1's post is still previewed as it was
    // published (风云 audit: the line vanished); round 2's, the last, has none.
    await advanceTo(h, local("12-03 21:00:05"));
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "end-game", winner: "white" },
        reason: "测试结束",
      }),
    );
    const last = await preview<ResultsPreviewResponse>(2);
    assert.match(last.json.text, /游戏结束/);
    assert.doesNotMatch(last.json.text, /进程/);
    const ended = await preview<ResultsPreviewResponse>(1);
    assert.match(ended.json.text, /\n第2轮进程：票杀1人；出帖：杀手组1帖。$/);
    const unknown = await call(h, "GET", `/api/games/${g.id}/referee/results?round=9`, g.referee);
    assert.equal(unknown.status, 404);
    // Nor can a round that never opened be published (routes audit: round 9 went into everyone's log).
    const logBefore = await call<{ events: unknown[] }>(h, "GET", `/api/games/${g.id}/events`, g.referee);
    for (const round of [3, 9, 1000]) {
      const never = await call<ApiError>(h, "POST", `/api/games/${g.id}/referee/results`, g.referee, {
        requestId: rid(),
        round,
        text: `第${round}轮结果`,
      });
      assert.equal(never.status, 404, never.text);
      assert.equal(never.json.error.code, "round-unknown");
      assert.equal(never.json.error.message, "没有这一轮");
    }
    const logAfter = await call<{ events: unknown[] }>(h, "GET", `/api/games/${g.id}/events`, g.referee);
    assert.deepEqual(logAfter.json.events, logBefore.json.events);
    // A daily game's round has one post: no `part` in the answer, and no night to ask for.
    assert.ok(!("part" in first.json));
    const noNight = await call<ApiError>(
      h,
      "GET",
      `/api/games/${g.id}/referee/results?round=1&part=night`,
      g.referee,
    );
    assert.equal(noNight.status, 400);
    assert.equal(noNight.json.error.code, "results-no-night");
    const byPlayer = await call(h, "GET", `/api/games/${g.id}/referee/results?round=1`, a!.cookie);
    assert.equal(byPlayer.status, 403);
    const publish = await call(h, "POST", `/api/games/${g.id}/referee/results`, g.referee, {
      requestId: rid(),
      round: 1,
    });
    assert.equal(publish.status, 200, publish.text);
    const events = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`));
    const published = events.json.events.find((e) => e.type === "app.ResultsPublished")!;
    assert.equal(published.data.text, first.json.text);
    assert.ok(!("part" in published.data));
    // A daily game's round may be published again, as before.
    const republish = await call(h, "POST", `/api/games/${g.id}/referee/results`, g.referee, {
      requestId: rid(),
      round: 1,
    });
    assert.equal(republish.status, 200, republish.text);
    const publishByPlayer = await call(h, "POST", `/api/games/${g.id}/referee/results`, a!.cookie, {
      requestId: rid(),
      round: 1,
    });
    assert.equal(publishByPlayer.status, 403);
  });
});

/**
 * 风云 (score rule) to round 2's posting window: everyone voted in round 1, and killer-a has just sent a short post (a
 * 白条 once released at 21:30) on a ranger.
 */
async function scoreGameWithIou(h: Harness, prefix: string) {
  const g = await startedPresetGame(h, {
    preset: "fengyun-57",
    players: 57,
    prefix,
    seed: "extension",
    round1At: local("12-01 21:00:00"),
  });
  const [killer, sword, ranger, victim, sword2] = [
    g.players.find((p) => p.role === "killer-a")!,
    g.players.find((p) => p.role === "sword")!,
    g.players.filter((p) => p.role === "ranger")[0]!,
    g.players.filter((p) => p.role === "ranger")[1]!,
    g.players.filter((p) => p.role === "sword")[1]!,
  ];
  // Round 1: everyone votes (not voting is suicide in 风云), two rangers go out (票杀2人); round 2's posts follow.
  const rangers = g.players.filter((p) => p.role === "ranger");
  const out = rangers.at(-1)!;
  await advanceTo(h, VOTING);
  for (const p of g.players)
    await must(
      call(h, "POST", `/api/games/${g.id}/votes`, p.cookie, {
        requestId: rid(),
        targets: [p === out ? rangers.at(-2)!.seat : out.seat],
      }),
    );
  await advanceTo(h, local("12-02 21:05:00"));
  await postKill(h, g.id, killer.cookie, victim.seat, "短短一帖，挂个白条。");
  return { g, killer, sword, ranger, sword2 };
}

test("白条延期 (score rule): the referee grants a swordsman's request while a black IOU is open; refused for a ranger, a player, and twice; a 托票 carries its code guess", async () => {
  const h = await makeHarness();
  try {
    const { g, killer, sword, ranger, sword2 } = await scoreGameWithIou(h, "yq");
    const grant = (requestedBy: number[], who = g.referee) =>
      call<ApiError>(h, "POST", `/api/games/${g.id}/referee/iou-extensions`, who, {
        requestId: rid(),
        requestedBy,
        reason: "白道申请延期",
      });
    // Before the posts are out no IOU is open yet.
    assert.equal((await grant([sword.seat])).json.error.code, "iou-extension.no-open-iou");
    await advanceTo(h, local("12-02 21:30:01"));
    const before = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`));
    const deadline = engineOf(before.json.view).rounds.find((r) => r.round === 2)!.voteDeadline;
    assert.equal((await grant([sword.seat], killer.cookie)).status, 403, "players cannot grant it");
    // Who may not ask is refused at once, as the referee's grant would be: no grant button the engine refuses.
    const request = (p: Player, note = "请延期") =>
      call<ApiError>(h, "POST", `/api/games/${g.id}/extension-requests`, p.cookie, {
        requestId: rid(),
        note,
      });
    const ownIou = await request(killer);
    assert.equal(ownIou.status, 409);
    assert.equal(ownIou.json.error.code, "iou-extension.no-open-iou", "the open 白条 is black's own");
    assert.equal(ownIou.json.error.message, "对方阵营没有未补齐的白条，不能申请延期");
    const byRangerAsk = await request(ranger);
    assert.equal(byRangerAsk.json.error.code, "iou-extension.not-swordsman");
    assert.equal(byRangerAsk.json.error.message, "白道的延期申请由剑侠提出");
    // The request form knows it too: each seat's own card says whether it may ask (from public facts only).
    const refusalOf = async (p: Player) =>
      (await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, p.cookie))).json.view!.roleCard!
        .extensionRefusal;
    assert.deepEqual(
      [await refusalOf(sword), await refusalOf(ranger), await refusalOf(killer)],
      [null, "iou-extension.not-swordsman", "iou-extension.no-open-iou"],
    );
    // The swordsmen ask through the site: the requests reach the referee's inbox only.
    await must(request(sword, "白条未补"));
    await must(request(sword2, "再延"));
    const inboxOf = async () =>
      (
        await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee))
      ).json.items.find((i) => i.kind === "extension-request");
    assert.equal((await inboxOf())?.fromSeat, sword.seat);
    const asked = (await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee)))
      .json.items;
    assert.deepEqual(
      asked.filter((i) => i.kind === "extension-request").map((i) => i.fromSeat),
      [sword.seat, sword2.seat],
      "the refused requests never reached the inbox",
    );
    assert.equal((await inboxOf())?.handled, undefined);
    const others = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, ranger.cookie));
    assert.ok(!others.json.events.some((e) => e.type === "app.ExtensionRequested"), "private to the referee");
    const byRanger = await grant([ranger.seat]);
    assert.equal(byRanger.json.error.code, "iou-extension.not-swordsman");
    assert.equal(byRanger.json.error.message, "白道的延期申请由剑侠提出");
    assert.equal((await grant([sword.seat])).status, 200);
    assert.equal((await inboxOf())?.handled?.outcome, "granted");
    const after = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`));
    assert.equal(
      engineOf(after.json.view).rounds.find((r) => r.round === 2)!.voteDeadline,
      deadline + 86_400_000,
      "the round runs one day longer",
    );
    assert.equal((await grant([sword.seat])).json.error.code, "iou-extension.already-extended");
    const log = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, ranger.cookie));
    assert.ok(
      log.json.events.some((e) => e.type === "IouExtensionGranted"),
      "granted publicly (哨子批准后应予公告)",
    );
    // 托票 with a code guess (score rule): the request carries it to the inbox, and the ballot entered from it too.
    const ask = await call(h, "POST", `/api/games/${g.id}/proxy-requests`, ranger.cookie, {
      requestId: rid(),
      target: killer.seat,
      code: killer.code,
    });
    assert.equal(ask.status, 200, ask.text);
    const inbox = await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee));
    const item = inbox.json.items.find((i) => i.kind === "proxy-request" && i.fromSeat === ranger.seat);
    assert.equal(item?.code, killer.code);
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/proxy-votes`, g.referee, {
        requestId: rid(),
        voter: ranger.seat,
        targets: [killer.seat],
        codes: [item!.code!],
      }),
    );
    // Once extended, nobody may ask again this round, and the other swordsman's request is answered by the grant
    // (「当轮延长一天」 once): no 批准 button the engine would refuse.
    assert.equal((await request(sword2)).json.error.code, "iou-extension.already-extended");
    const other = (
      await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee))
    ).json.items.find((i) => i.kind === "extension-request" && i.fromSeat === sword2.seat);
    assert.equal(other?.handled?.outcome, "round-extended");
  } finally {
    await h.close();
  }
});

test("白条延期: a request left when the 白条 is completed has nothing to extend (「该申请必须在白条补齐前提出」)", async () => {
  const h = await makeHarness();
  try {
    const { g, killer, sword, sword2 } = await scoreGameWithIou(h, "yr");
    await advanceTo(h, local("12-02 21:30:01"));
    for (const p of [sword, sword2])
      await must(
        call(h, "POST", `/api/games/${g.id}/extension-requests`, p.cookie, {
          requestId: rid(),
          note: "请延期",
        }),
      );
    const requests = async () =>
      (await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee))).json.items
        .filter((i) => i.kind === "extension-request")
        .map((i) => i.handled ?? null);
    assert.deepEqual(await requests(), [null, null]);
    await advanceTo(h, local("12-03 08:00:00"));
    await must(
      call(h, "POST", `/api/games/${g.id}/iou`, killer.cookie, {
        requestId: rid(),
        text: syntheticText(26, 1300),
      }),
    );
    assert.deepEqual(await requests(), [
      { at: local("12-03 08:00:00"), outcome: "iou-settled" },
      { at: local("12-03 08:00:00"), outcome: "iou-settled" },
    ]);
  } finally {
    await h.close();
  }
});

/**
 * Six seats under a rule set that leaves a final tie to the referee (no overtime): round 1 ties p4 and p1 at three
 * votes each, and at 21:00:01 the tie waits for the referee.
 */
async function tieLeftToReferee(h: Harness, prefix: string) {
  const base = smallRules(6);
  const g = await startedPresetGame(h, {
    preset: "",
    rulesText: JSON.stringify({
      ...base,
      vote: { ...base.vote, overtimeMinutes: null, finalTieBreak: "referee" },
    }),
    players: 6,
    prefix,
    seed: "tie",
    round1At: local("12-01 21:00:00"),
  });
  const players = g.players as [Player, Player, Player, Player, Player, Player];
  const [p0, p1, p2, p3, p4, p5] = players;
  await advanceTo(h, VOTING);
  await castVotes(h, g, [
    [p0, p4],
    [p1, p4],
    [p2, p4],
    [p3, p1],
    [p4, p1],
    [p5, p1],
  ]);
  await advanceTo(h, local("12-02 21:00:01"));
  return { g, players };
}

test("a tie left to the referee (RULINGS 11 「referee decides」) waits in the inbox; 裁定 puts the chosen out by vote, once", async () => {
  const h = await makeHarness();
  try {
    const { g, players } = await tieLeftToReferee(h, "tie");
    const [p0, p1, p2, , p4] = players;

    const inbox = async () =>
      (
        await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee))
      ).json.items.filter((it) => it.kind === "tie-decision");
    const [waiting] = await inbox();
    assert.equal(waiting?.round, 1);
    assert.deepEqual(waiting?.tied?.slice().sort(), [p1.seat, p4.seat].sort());
    assert.equal(waiting?.slots, 1);
    assert.equal(waiting?.tieReason, "referee-rule");
    assert.equal(waiting?.handled, undefined);

    // Before the decision the round's results post would say 「由哨子在 甲、乙 中定1人出局」 and then 「本轮无人出局」:
    // neither previewed nor published until the referee has decided (phone audit).
    const undecided = await call<ApiError>(h, "GET", `/api/games/${g.id}/referee/results?round=1`, g.referee);
    assert.equal(undecided.status, 409);
    assert.equal(undecided.json.error.code, "results-decision-open");
    assert.equal(
      undecided.json.error.message,
      "第1轮还有待哨子裁定的平票或领票人，请先在收件箱裁定，裁定后才有结果帖",
    );
    const early = await call<ApiError>(h, "POST", `/api/games/${g.id}/referee/results`, g.referee, {
      requestId: rid(),
      round: 1,
      text: "第1轮结果",
    });
    assert.equal(early.json.error.code, "results-decision-open");

    const url = `/api/games/${g.id}/referee/overrides`;
    const decide = (cookie: string, out: number[]) =>
      call<ApiError>(h, "POST", url, cookie, {
        requestId: rid(),
        override: { action: "decide-tie", round: 1, out },
        reason: "平票，哨子裁定",
      });
    assert.equal((await decide(p0.cookie, [p4.seat])).status, 403);
    const stray = await decide(g.referee, [p2.seat]);
    assert.equal(stray.status, 409);
    assert.equal(stray.json.error.code, "override.not-tied");
    assert.match(stray.json.error.message, /不在平票者之中/);
    const both = await decide(g.referee, [p1.seat, p4.seat]);
    assert.equal(both.json.error.code, "override.tie-places");
    assert.equal(await seatOf(h, g, p4.seat).then((s) => s.alive), true);

    await must(decide(g.referee, [p4.seat]));
    const s4 = await seatOf(h, g, p4.seat);
    assert.equal(s4.alive, false);
    assert.equal((await seatOf(h, g, p1.seat)).alive, true);
    const [handled] = await inbox();
    assert.equal(handled?.handled?.outcome, "decided");
    assert.equal((await decide(g.referee, [p1.seat])).json.error.code, "override.tie-decided");

    const post = await must(
      call<ResultsPreviewResponse>(h, "GET", `/api/games/${g.id}/referee/results?round=1`, g.referee),
    );
    assert.match(
      post.json.text,
      new RegExp(`^平票（规则规定由哨子裁定），由哨子在 .+ 中定1人出局：哨子定 ${p4.alias} 出局。$`, "m"),
    );
    assert.match(post.json.text, new RegExp(`^票杀：${p4.alias}（`, "m"));
  } finally {
    await h.close();
  }
});

test("a tie never decided before the game ended does not block the round's results post: it says so (review find)", async () => {
  const h = await makeHarness();
  try {
    const { g } = await tieLeftToReferee(h, "tie-end");
    const preview = () =>
      call<ResultsPreviewResponse & ApiError>(
        h,
        "GET",
        `/api/games/${g.id}/referee/results?round=1`,
        g.referee,
      );
    assert.equal((await preview()).json.error?.code, "results-decision-open");
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "end-game", winner: "draw" },
        reason: "论坛关闭，本局作废",
      }),
    );
    // Nothing can be decided any more (decide-tie is refused on an ended game): the post is written, and says so.
    const after = await preview();
    assert.equal(after.status, 200, after.text);
    assert.match(
      after.json.text,
      /^平票（规则规定由哨子裁定），由哨子在 .+ 中定1人出局；游戏已结束，未作裁定，无人因此出局。$/m,
    );
  } finally {
    await h.close();
  }
});

test("a bomb voted out under leadVoter 「referee」 (RULINGS 13) waits in the inbox; 定为领票人 takes the named voter along, once", async () => {
  const h = await makeHarness();
  try {
    const base = smallRules(6);
    const bomb = { id: "bomb", name: "暗弹", camp: "white" as const, count: 1 };
    const g = await startedPresetGame(h, {
      preset: "",
      rulesText: JSON.stringify({
        ...base,
        roles: [
          ...base.roles.map((r) => (r.id === "ranger" ? { ...r, count: 3 } : r)),
          { ...bomb, bomb: { takesPoster: false, takesLeadVoter: true, activeThroughRound: 2 } },
        ],
        vote: { ...base.vote, leadVoter: "referee" },
      }),
      players: 6,
      prefix: "lead",
      seed: "lead",
      round1At: local("12-01 21:00:00"),
    });
    const theBomb = g.players.find((p) => p.role === "bomb");
    assert.ok(theBomb, "one player holds the bomb");
    const others = g.players.filter((p) => p !== theBomb);
    const [v0, v1, v2, v3] = others as [Player, Player, Player, Player];
    await advanceTo(h, VOTING);
    // Three vote the bomb (v0 first), one votes v0; the bomb votes v0 too.
    await castVotes(h, g, [
      [v0, theBomb],
      [v1, theBomb],
      [v2, theBomb],
      [v3, v0],
      [theBomb, v0],
    ]);
    await advanceTo(h, local("12-02 21:00:01"));
    assert.equal((await seatOf(h, g, theBomb.seat)).alive, false);
    assert.equal((await seatOf(h, g, v0.seat)).alive, true);

    const inbox = async () =>
      (
        await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee))
      ).json.items.filter((it) => it.kind === "lead-voter-decision");
    const [waiting] = await inbox();
    assert.equal(waiting?.round, 1);
    assert.equal(waiting?.bomb, theBomb.seat);
    assert.deepEqual(waiting?.voters, [v0.seat, v1.seat, v2.seat]);
    assert.equal(waiting?.handled, undefined);
    const undecided = await call<ApiError>(h, "GET", `/api/games/${g.id}/referee/results?round=1`, g.referee);
    assert.equal(undecided.json.error.code, "results-decision-open", "the 领票人 is still to be named");

    const url = `/api/games/${g.id}/referee/overrides`;
    const name = (cookie: string, leadVoter: number) =>
      call<ApiError>(h, "POST", url, cookie, {
        requestId: rid(),
        override: { action: "decide-lead-voter", round: 1, bomb: theBomb.seat, leadVoter },
        reason: "哨子指定领票人",
      });
    assert.equal((await name(v1.cookie, v1.seat)).status, 403);
    const stray = await name(g.referee, v3.seat);
    assert.equal(stray.status, 409);
    assert.equal(stray.json.error.code, "override.not-a-voter");
    assert.match(stray.json.error.message, /没有投这个炸弹/);
    assert.equal((await seatOf(h, g, v3.seat)).alive, true);

    await must(name(g.referee, v1.seat));
    assert.equal((await seatOf(h, g, v1.seat)).alive, false);
    assert.equal((await seatOf(h, g, v0.seat)).alive, true);
    const [handled] = await inbox();
    assert.equal(handled?.handled?.outcome, "decided");
    assert.equal((await name(g.referee, v2.seat)).json.error.code, "override.lead-voter-decided");

    const post = await must(
      call<ResultsPreviewResponse>(h, "GET", `/api/games/${g.id}/referee/results?round=1`, g.referee),
    );
    assert.match(
      post.json.text,
      new RegExp(`^${theBomb.alias} 被票出，哨子在 .+ 中定 ${v1.alias} 为领票人。$`, "m"),
    );
    assert.match(post.json.text, new RegExp(`^领票人随被票出的炸弹出局：${v1.alias}（`, "m"));
  } finally {
    await h.close();
  }
});

test("win conditions for both camps at once wait in the inbox (胜负待裁定); 结束游戏 there ends the game, hidden from players till then", async () => {
  const h = await makeHarness();
  try {
    const g = await startedPresetGame(h, {
      preset: "",
      rulesText: JSON.stringify(smallRules(6)),
      players: 6,
      prefix: "both",
      seed: "both",
      round1At: local("12-01 21:00:00"),
    });
    const [p0] = g.players as [Player];
    // Nobody votes: every seat is out for it at the deadline, so 「杀手全灭」 and 「游侠全灭」 hold together.
    await advanceTo(h, local("12-02 21:00:01"));
    await advanceTo(h, local("12-03 21:00:01"));
    const game = async (cookie: string) =>
      (await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, cookie))).json;
    assert.equal((await game(g.referee)).view?.result ?? null, null);
    const inbox = async () =>
      (
        await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee))
      ).json.items.filter((it) => it.kind === "ending-decision");
    const [waiting] = await inbox();
    assert.deepEqual(
      waiting?.endings?.map((e) => e.winner),
      ["white", "black"],
    );
    assert.equal(waiting?.handled, undefined);
    const seen = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, p0.cookie));
    assert.equal(
      seen.json.events.some((e) => e.type === "EndingLeftToReferee"),
      false,
    );

    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "end-game", winner: "draw" },
        reason: "双方同时全灭，判平局",
      }),
    );
    assert.equal((await game(p0.cookie)).view?.result?.winner, "draw");
    const [handled] = await inbox();
    assert.equal(handled?.handled?.outcome, "decided");
  } finally {
    await h.close();
  }
});

test("a 胜负待裁定 undone by a revival is withdrawn from the inbox, and the ending that alone holds ends the game", async () => {
  const h = await makeHarness();
  try {
    const g = await startedPresetGame(h, {
      preset: "",
      rulesText: JSON.stringify(smallRules(6)),
      players: 6,
      prefix: "undone",
      seed: "undone",
      round1At: local("12-01 21:00:00"),
    });
    // Everyone out for not voting, as above: both camps' conditions hold and the referee is asked.
    await advanceTo(h, local("12-02 21:00:01"));
    await advanceTo(h, local("12-03 21:00:01"));
    const inbox = async () =>
      (
        await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee))
      ).json.items.filter((it) => it.kind === "ending-decision");
    assert.equal((await inbox())[0]?.handled, undefined);
    // The referee brings a killer back: 「杀手全灭」 no longer holds; 「游侠全灭」 alone does, and black wins.
    const killer = g.players.find((p) => p.role === "killer");
    assert.ok(killer);
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "revive", target: killer.seat },
        reason: "误判",
      }),
    );
    const [withdrawn] = await inbox();
    assert.equal(withdrawn?.handled?.outcome, "withdrawn");
    const view = (await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, g.referee))).json.view;
    assert.equal(view?.result?.winner, "black");
  } finally {
    await h.close();
  }
});

/** Each voter casts one vote on its target, in order. */
async function castVotes(h: Harness, g: Game, votes: readonly (readonly [Player, Player])[]): Promise<void> {
  for (const [voter, target] of votes)
    await must(
      call(h, "POST", `/api/games/${g.id}/votes`, voter.cookie, { requestId: rid(), targets: [target.seat] }),
    );
}

test("the referee's acts name the referee or co-referee who made them, in the referee's log and the players' feed", async () => {
  await withGame(async (h, g) => {
    const { first, rangers } = cast(g);
    const co = await quickAccount(h, "co-ref");
    await must(
      call(h, "POST", `/api/games/${g.id}/co-referees`, g.referee, { username: "co-ref", alias: "副哨" }),
    );
    await advanceTo(h, local("12-01 21:10:00"));
    await postKill(h, g.id, first.cookie, rangers[0]!.seat);
    await advanceTo(h, local("12-01 22:00:00"));
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/complaint-rulings`, co, {
        requestId: rid(),
        against: first.seat,
        upheld: false,
        reason: "未见抄袭",
        round: 1,
        post: 0,
      }),
    );
    await advanceTo(h, VOTING);
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/proxy-votes`, g.referee, {
        requestId: rid(),
        voter: rangers[1]!.seat,
        targets: [rangers[2]!.seat],
      }),
    );
    await must(
      call(h, "POST", `/api/games/${g.id}/votes`, rangers[2]!.cookie, {
        requestId: rid(),
        targets: [rangers[1]!.seat],
      }),
    );
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, co, {
        requestId: rid(),
        override: { action: "eliminate", target: rangers[3]!.seat },
        reason: "曝ID",
      }),
    );
    const signers = (events: EventListResponse["events"]) =>
      events
        .filter(
          (e) =>
            ["ComplaintDismissed", "VoteCast", "OverrideApplied"].includes(e.type) ||
            (e.type === "PlayerOut" && e.data.cause === "referee"),
        )
        .map((e) => [e.type, e.data.referee ?? null]);
    const expected = [
      ["ComplaintDismissed", "副哨"],
      ["VoteCast", "p哨子"],
      ["VoteCast", null],
      ["OverrideApplied", "副哨"],
      ["PlayerOut", null],
    ];
    const log = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/referee/log`, g.referee));
    assert.deepEqual(signers(log.json.events), expected);
    // Referees' aliases are public (the game's page names its 哨子 and 副哨), so players read who ruled.
    const feed = await must(
      call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, rangers[2]!.cookie),
    );
    assert.deepEqual(signers(feed.json.events), expected);
  });
});

/**
 * An 8-seat game (2 killers, 5 rangers, a bomb that takes its 领票人 when voted out), started at 12-01 21:00: the bomb
 * and the other seven players in seat order.
 */
async function bombGame(h: Harness, prefix: string): Promise<{ g: Game; theBomb: Player; others: Player[] }> {
  const base = smallRules(8);
  const bomb = { id: "bomb", name: "暗弹", camp: "white" as const, count: 1 };
  const g = await startedPresetGame(h, {
    preset: "",
    rulesText: JSON.stringify({
      ...base,
      roles: [
        ...base.roles.map((r) => (r.id === "ranger" ? { ...r, count: 5 } : r)),
        { ...bomb, bomb: { takesPoster: false, takesLeadVoter: true, activeThroughRound: 2 } },
      ],
    }),
    players: 8,
    prefix,
    seed: prefix,
    round1At: local("12-01 21:00:00"),
  });
  const theBomb = g.players.find((p) => p.role === "bomb");
  assert.ok(theBomb, "one player holds the bomb");
  return { g, theBomb, others: g.players.filter((p) => p !== theBomb) };
}

test("改判票杀 (amend-vote-out): after the close the referee changes whom the vote put out; the bomb now out takes its 领票人, and the results post says so", async () => {
  const h = await makeHarness();
  try {
    const { g, theBomb, others } = await bombGame(h, "amend");
    const [v0, v1, v2, v3, v4, v5, v6] = others as [Player, Player, Player, Player, Player, Player, Player];
    await advanceTo(h, VOTING);
    // v0 votes the bomb first; v3 gets three votes and goes out. Everyone votes, so nobody is out for not voting.
    await castVotes(h, g, [
      [v0, theBomb],
      [v1, v3],
      [v2, v3],
      [theBomb, v3],
      [v3, v0],
      [v4, v1],
      [v5, v2],
      [v6, v1],
    ]);
    const url = `/api/games/${g.id}/referee/overrides`;
    const amend = (cookie: string, override: Record<string, unknown>) =>
      call<ApiError>(h, "POST", url, cookie, { requestId: rid(), override, reason: "托票漏录" });
    const early = await amend(g.referee, { action: "amend-vote-out", round: 1, out: [theBomb.seat] });
    assert.equal(early.json.error.code, "override.vote-not-closed");
    assert.match(early.json.error.message, /第1轮的投票尚未截止/);
    await advanceTo(h, local("12-02 21:00:01"));
    assert.equal((await seatOf(h, g, v3.seat)).alive, false);

    const ruling = { action: "amend-vote-out", round: 1, out: [theBomb.seat] };
    assert.equal((await amend(v1.cookie, ruling)).status, 403);
    // `previous` is the engine's to record: a request that sends it is refused by name.
    const forged = await amend(g.referee, { ...ruling, previous: [] });
    assert.equal(forged.status, 400);
    assert.match(forged.json.error.message, /previous/);
    assert.equal((await seatOf(h, g, v3.seat)).alive, false, "nothing changed by refused requests");

    await must(amend(g.referee, ruling));
    assert.equal((await seatOf(h, g, v3.seat)).alive, true);
    assert.equal((await seatOf(h, g, theBomb.seat)).alive, false);
    assert.equal(
      (await seatOf(h, g, v0.seat)).alive,
      false,
      "the bomb takes the earliest standing vote on it",
    );
    const again = await amend(g.referee, ruling);
    assert.equal(again.status, 409);
    assert.equal(again.json.error.code, "override.same-vote-out");
    assert.equal(again.json.error.message, "这一轮的票杀结果已经就是所选的玩家，无需改判");

    const post = await must(
      call<ResultsPreviewResponse>(h, "GET", `/api/games/${g.id}/referee/results?round=1`, g.referee),
    );
    assert.match(
      post.json.text,
      new RegExp(`^哨子改判票杀：${v3.alias} → ${theBomb.alias}（托票漏录）$`, "m"),
    );
    assert.match(post.json.text, new RegExp(`^领票人随被票出的炸弹出局：${v0.alias}（`, "m"));
  } finally {
    await h.close();
  }
});

test("恢复杀帖 (reinstate-post): a post voided by 作废杀帖 stands again; refused while it stands; a player's feed never names its poster", async () => {
  await withGame(async (h, g) => {
    const { first, rangers } = cast(g);
    const victim = rangers[0]!;
    await advanceTo(h, local("12-01 21:10:00"));
    await postKill(h, g.id, first.cookie, victim.seat);
    await advanceTo(h, local("12-01 22:00:00"));
    assert.equal((await seatOf(h, g, victim.seat)).alive, false);
    const url = `/api/games/${g.id}/referee/overrides`;
    const rule = (cookie: string, override: Record<string, unknown>, reason = "误判") =>
      call<ApiError>(h, "POST", url, cookie, { requestId: rid(), override, reason });
    const reinstate = { action: "reinstate-post", round: 1, post: 0 };
    const standing = await rule(g.referee, reinstate);
    assert.equal(standing.status, 409);
    assert.equal(standing.json.error.code, "override.post-stands");
    assert.equal(standing.json.error.message, "第1轮的这篇杀帖并未作废，无需恢复");
    await must(rule(g.referee, { action: "void-post", poster: first.seat }, "格式不符"));
    assert.equal((await seatOf(h, g, victim.seat)).alive, true);

    assert.equal((await rule(rangers[1]!.cookie, reinstate)).status, 403);
    // `poster` is the engine's to record: a request that sends it is refused by name.
    const forged = await rule(g.referee, { ...reinstate, poster: rangers[1]!.seat });
    assert.equal(forged.status, 400);
    assert.match(forged.json.error.message, /poster/);
    const missing = await rule(g.referee, { ...reinstate, post: 3 });
    assert.equal(missing.json.error.message, "第1轮没有这篇已公布的杀帖");
    assert.equal((await seatOf(h, g, victim.seat)).alive, true, "nothing changed by refused requests");

    await must(rule(g.referee, reinstate, "作废有误，恢复"));
    assert.equal((await seatOf(h, g, victim.seat)).alive, false);
    assert.equal((await seatOf(h, g, first.seat)).alive, true);
    const ruling = (events: EventListResponse["events"]) =>
      events.find(
        (e) =>
          e.type === "OverrideApplied" &&
          (e.data.override as { action?: string }).action === "reinstate-post",
      );
    const feed = await must(
      call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, rangers[1]!.cookie),
    );
    assert.deepEqual(ruling(feed.json.events)?.data.override, {
      action: "reinstate-post",
      round: 1,
      post: 0,
      target: victim.seat,
    });
    const log = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/referee/log`, g.referee));
    const logged = ruling(log.json.events)?.data.override as { poster?: number } | undefined;
    assert.equal(logged?.poster, first.seat);
  });
});

test("a 替补 does not inherit the seat's 托票 request: not in its feed, and the referee's inbox closes it (review find)", async () => {
  await withGame(async (h, g) => {
    const [a, b] = g.players;
    await advanceTo(h, VOTING);
    await must(
      call(h, "POST", `/api/games/${g.id}/proxy-requests`, a!.cookie, {
        requestId: rid(),
        target: b!.seat,
        note: "私人备注",
      }),
    );
    const sub = await quickAccount(h, "接班人");
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/substitutes`, g.referee, {
        requestId: rid(),
        seat: a!.seat,
        username: "接班人",
        alias: "新来的",
      }),
    );
    const feed = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, sub));
    assert.equal(
      feed.json.events.some((e) => e.type === "app.ProxyRequested"),
      false,
      "the old player's request and its note are not the 替补's",
    );
    const inbox = await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee));
    const request = inbox.json.items.find((it) => it.kind === "proxy-request");
    assert.equal(request?.handled?.outcome, "expired");
  });
});

test("改定领票人 (amend-lead-voter): the referee names another of the bomb's voters; the one it took comes back; a non-voter and a player are refused", async () => {
  const h = await makeHarness();
  try {
    const { g, theBomb, others } = await bombGame(h, "relead");
    const [v0, v1, v2, v3, v4, v5, v6] = others as [Player, Player, Player, Player, Player, Player, Player];
    await advanceTo(h, VOTING);
    // v0 then v1 vote the bomb, which goes out with three votes and takes v0 (the earliest standing vote).
    await castVotes(h, g, [
      [v0, theBomb],
      [v1, theBomb],
      [v2, theBomb],
      [theBomb, v3],
      [v3, v4],
      [v4, v5],
      [v5, v6],
      [v6, v3],
    ]);
    await advanceTo(h, local("12-02 21:00:01"));
    assert.equal((await seatOf(h, g, v0.seat)).alive, false);
    const url = `/api/games/${g.id}/referee/overrides`;
    const rename = (cookie: string, leadVoter: number) =>
      call<ApiError>(h, "POST", url, cookie, {
        requestId: rid(),
        override: { action: "amend-lead-voter", round: 1, bomb: theBomb.seat, leadVoter },
        reason: "v0 的票判无效",
      });
    assert.equal((await rename(v1.cookie, v1.seat)).status, 403);
    const stray = await rename(g.referee, v3.seat);
    assert.equal(stray.json.error.code, "override.not-a-voter");
    assert.match(stray.json.error.message, /没有投这个炸弹/);
    await must(rename(g.referee, v1.seat));
    assert.equal((await seatOf(h, g, v0.seat)).alive, true);
    assert.equal((await seatOf(h, g, v1.seat)).alive, false);
    const again = await rename(g.referee, v1.seat);
    assert.equal(again.json.error.message, `${v1.seat + 1}号已经是这个炸弹的领票人`);
    const post = await must(
      call<ResultsPreviewResponse>(h, "GET", `/api/games/${g.id}/referee/results?round=1`, g.referee),
    );
    assert.match(
      post.json.text,
      new RegExp(`^哨子改定 ${theBomb.alias} 的领票人：${v0.alias} → ${v1.alias}（v0 的票判无效）$`, "m"),
    );
  } finally {
    await h.close();
  }
});

test("指定出帖人 (assign-turn): the referee gives the absent killer's turn to the other; only they post it; refusals in Chinese; the ruling reaches neither the public nor other players", async () => {
  await withGame(async (h, g) => {
    const { first, second, rangers } = cast(g);
    const ranger = rangers[0]!;
    await advanceTo(h, local("12-01 21:10:00"));
    const url = `/api/games/${g.id}/referee/overrides`;
    const assign = (cookie: string, unit: string, seat: number) =>
      call<ApiError>(h, "POST", url, cookie, {
        requestId: rid(),
        override: { action: "assign-turn", unit, seat },
        reason: "甲两天未上线",
      });
    assert.equal((await assign(second.cookie, "killer", second.seat)).status, 403);
    const unknown = await assign(g.referee, "killers", second.seat);
    assert.equal(unknown.json.error.code, "override.unknown-unit");
    assert.equal(unknown.json.error.message, "本局规则里没有出帖组「killers」");
    const stranger = await assign(g.referee, "killer", ranger.seat);
    assert.equal(stranger.json.error.code, "override.not-unit-member");
    assert.equal(stranger.json.error.message, `${ranger.seat + 1}号不是这个出帖组存活的成员，不能指定其出帖`);
    const own = await assign(g.referee, "killer", first.seat);
    assert.equal(own.json.error.message, `这一帖本来就轮到${first.seat + 1}号出`);
    await must(assign(g.referee, "killer", second.seat));
    const skipped = await call<ApiError>(h, "POST", `/api/games/${g.id}/kill-posts`, first.cookie, {
      requestId: rid(),
      target: ranger.seat,
      text: LONG_POST,
    });
    assert.equal(skipped.json.error.code, "post.not-your-turn");
    await postKill(h, g.id, second.cookie, ranger.seat);
    const done = await assign(g.referee, "killer", first.seat);
    assert.equal(done.json.error.code, "override.no-turn-open");
    const assigned = (e: { type: string; data: Record<string, unknown> }) =>
      e.type === "OverrideApplied" && (e.data.override as { action?: string }).action === "assign-turn";
    const feed = async (cookie?: string) =>
      (await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, cookie))).json.events.filter(
        assigned,
      );
    assert.deepEqual(
      (await feed(second.cookie)).map((e) => e.data.override),
      [{ action: "assign-turn", unit: "killer", seat: second.seat }],
    );
    assert.deepEqual([(await feed(ranger.cookie)).length, (await feed()).length], [0, 0]);
  });
});

test("字数不够按白条处理 (complaint ruled asIou): the post becomes an open 白条, its poster in; a 白条 already and a past deadline refused", async () => {
  await withGame(async (h, g) => {
    const { first, rangers } = cast(g);
    const victim = rangers[0]!;
    await advanceTo(h, local("12-01 21:10:00"));
    await postKill(h, g.id, first.cookie, victim.seat);
    await advanceTo(h, local("12-01 22:00:00"));
    await must(
      call(h, "POST", `/api/games/${g.id}/complaints`, rangers[1]!.cookie, {
        requestId: rid(),
        round: 1,
        post: 0,
        text: "Word 里只有 790 字",
      }),
    );
    const url = `/api/games/${g.id}/referee/complaint-rulings`;
    const rule = (extra: Record<string, unknown> = {}) =>
      call<ApiError>(h, "POST", url, g.referee, {
        requestId: rid(),
        against: first.seat,
        upheld: true,
        asIou: true,
        reason: "Word 统计不足字数",
        round: 1,
        post: 0,
        ...extra,
      });
    const past = await rule({ iouDeadline: local("12-01 21:59:00") });
    assert.equal(past.status, 409);
    assert.equal(past.json.error.code, "complaint.iou-deadline-past");
    assert.match(past.json.error.message, /所定的白条补齐期限（12月1日 21:59:00）不晚于收到时间/);
    await must(rule());
    assert.equal((await seatOf(h, g, first.seat)).alive, true, "a 白条, not a void post");
    assert.equal((await seatOf(h, g, victim.seat)).alive, false);
    const mine = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, first.cookie));
    assert.deepEqual(
      engineOf(mine.json.view).you!.ious.map((i) => [i.round, i.post, i.status, i.deadline]),
      [[1, 0, "open", local("12-02 12:00:00")]],
    );
    const inbox = await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee));
    assert.equal(inbox.json.items.find((i) => i.kind === "complaint")?.handled?.outcome, "as-iou");
    const again = await rule();
    assert.equal(again.json.error.code, "complaint.already-iou");
    assert.equal(again.json.error.message, "第1轮的这张杀帖已经是白条（待补、已补或逾期），不能再按白条处理");
    // Another seat's feed has the ruling without the poster.
    const feed = await must(
      call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, rangers[1]!.cookie),
    );
    const ruling = feed.json.events.find((e) => e.type === "ComplaintRuledIou");
    assert.equal(ruling?.data.poster, null);
    await advanceTo(h, local("12-02 12:00:01"));
    assert.equal((await seatOf(h, g, first.seat)).alive, false, "not completed: the poster is out");
    assert.equal((await seatOf(h, g, victim.seat)).alive, true, "and the target revived");
  });
});

test("认定字数足够 (accept-iou): the referee closes an open 白条 as full; no such post and no open 白条 refused", async () => {
  await withGame(async (h, g) => {
    const { first, rangers } = cast(g);
    const victim = rangers[0]!;
    await advanceTo(h, local("12-01 21:10:00"));
    assert.equal((await postKill(h, g.id, first.cookie, victim.seat, "短帖一则")).json.iou, true);
    await advanceTo(h, local("12-01 22:00:00"));
    const url = `/api/games/${g.id}/referee/overrides`;
    const rule = (override: Record<string, unknown>, cookie = g.referee) =>
      call<ApiError>(h, "POST", url, cookie, { requestId: rid(), override, reason: "WPS 统计够字" });
    const accept = { action: "accept-iou", round: 1, post: 0 };
    const missing = await rule({ ...accept, post: 4 });
    assert.equal(missing.json.error.code, "override.no-such-post");
    assert.equal((await rule(accept, rangers[1]!.cookie)).status, 403);
    const forged = await rule({ ...accept, poster: first.seat });
    assert.equal(forged.status, 400, "`poster` is the engine's to record");
    await must(rule(accept));
    const again = await rule(accept);
    assert.equal(again.json.error.code, "override.no-open-iou");
    assert.equal(again.json.error.message, "第1轮的这篇杀帖没有待补的白条（白条已补齐或已认定）");
    const mine = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, first.cookie));
    assert.deepEqual(
      engineOf(mine.json.view).you!.ious.map((i) => [i.status, i.accepted]),
      [["completed", true]],
    );
    await advanceTo(h, local("12-02 12:00:01"));
    assert.equal((await seatOf(h, g, first.seat)).alive, true, "nothing failed at the 白条 deadline");
    assert.equal((await seatOf(h, g, victim.seat)).alive, false);
    const feed = await must(
      call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, rangers[1]!.cookie),
    );
    const ruling = feed.json.events.find(
      (e) => e.type === "OverrideApplied" && (e.data.override as { action?: string }).action === "accept-iou",
    );
    assert.deepEqual(ruling?.data.override, { action: "accept-iou", round: 1, post: 0, target: victim.seat });
  });
});

test("评奖 (seed 001 「评出MVP、最佳演绎、最佳文字、最佳投入四个单项奖」): once the game has ended, public, given again to correct", async () => {
  await withStartedGame(async (h, g) => {
    const [a, b] = g.players;
    const url = `/api/games/${g.id}/referee/awards`;
    const give = (cookie: string, awards: Record<string, number | null>, note?: string) =>
      call<ApiError & CommandResponse>(h, "POST", url, cookie, {
        requestId: rid(),
        awards,
        ...(note !== undefined && { note }),
      });
    // While the game runs there is nothing to award yet.
    const early = await give(g.referee, { mvp: a!.seat });
    assert.deepEqual([early.status, early.json.error.code], [409, "awards-before-end"]);
    assert.equal(early.json.error.message, "游戏结束后才能评奖");
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "end-game", winner: "white" },
        reason: "测试结束",
      }),
    );
    // A player does not give awards; an unknown seat and an unknown award are refused.
    assert.equal((await give(b!.cookie, { mvp: a!.seat })).status, 403);
    const unknown = await give(g.referee, { mvp: 99 });
    assert.deepEqual([unknown.status, unknown.json.error.code], [409, "seat-unknown"]);
    const bad = await give(g.referee, { best: a!.seat });
    assert.equal(bad.status, 400);
    await must(give(g.referee, { mvp: a!.seat, writing: b!.seat, acting: null }, "文字出彩"));
    const awarded = async () =>
      (await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events?type=app.AwardsGiven`))).json
        .events;
    const first = await awarded();
    assert.deepEqual(first.at(-1)?.data.awards, [
      { award: "mvp", seat: a!.seat },
      { award: "writing", seat: b!.seat },
    ]);
    assert.equal(first.at(-1)?.data.note, "文字出彩");
    // Given again, the later list stands (a correction).
    await must(give(g.referee, { mvp: b!.seat }));
    assert.deepEqual((await awarded()).at(-1)?.data.awards, [{ award: "mvp", seat: b!.seat }]);
  });
});
