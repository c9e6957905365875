// Discussion threads over HTTP: posting and reading, who may post, live delivery, the index, and 7kill's 潜水 and 诈尸.
import assert from "node:assert/strict";
import { test } from "node:test";
import { presets } from "../../src/rules/presets/index.ts";
import type {
  ApiError,
  DiscussionPostResponse,
  DiscussionPostsResponse,
  DiscussionThreadsResponse,
  EventListResponse,
  GameEventDto,
  GameViewResponse,
  OriginalityResponse,
  StreamMessage,
} from "../../src/server/api-types.ts";
import { SESSION_COOKIE } from "../../src/server/app.ts";
import { local } from "./fixtures.ts";
import {
  advanceTo,
  call,
  type Game,
  type Harness,
  lastSeqOf,
  makeHarness,
  must,
  quickAccount,
  rid,
  startedGame,
  startedPresetGame,
} from "./harness.ts";

const TALK = "我觉得昨晚那篇杀帖的文风很像三楼，大家怎么看？";
/** Posts to a thread; the answer is a DiscussionPostResponse, or name ApiError where a refusal is expected. */
const say = <T = DiscussionPostResponse>(
  h: Harness,
  gameId: string,
  thread: string,
  cookie: string | undefined,
  text = TALK,
) =>
  call<T>(h, "POST", `/api/games/${gameId}/discussion/${thread}/posts`, cookie, { requestId: rid(), text });

async function withDaily(fn: (h: Harness, g: Game) => Promise<void>): Promise<void> {
  const h = await makeHarness();
  try {
    const g = await startedGame(h, 6);
    await advanceTo(h, local("12-01 21:10:00"));
    await fn(h, g);
  } finally {
    await h.close();
  }
}

async function log(h: Harness, gameId: string, referee: string): Promise<GameEventDto[]> {
  const res = await must(call<EventListResponse>(h, "GET", `/api/games/${gameId}/referee/log`, referee));
  return res.json.events;
}

test("discussion: a living player posts to the round's thread; everyone reads it by alias with the server time", async () => {
  await withDaily(async (h, g) => {
    const [a, b] = g.players;
    const threads = await must(call<DiscussionThreadsResponse>(h, "GET", `/api/games/${g.id}/discussion`));
    assert.equal(threads.json.current, "round-1");
    assert.deepEqual(
      threads.json.threads.map((t) => [t.id, t.open]),
      [
        ["general", true],
        ["round-1", true],
      ],
    );
    const posted = await say(h, g.id, "round-1", a!.cookie);
    assert.equal(posted.status, 200, posted.text);
    assert.equal(posted.json.post.alias, a!.alias);
    assert.equal(posted.json.post.at, local("12-01 21:10:00"));
    assert.equal(posted.json.receivedAt, local("12-01 21:10:00"));
    assert.ok(posted.json.post.words > 0);
    await must(say(h, g.id, "general", b!.cookie, "场外聊两句"));
    // Anyone, signed in or not, reads the thread: aliases only, never an account.
    const page = await must(
      call<DiscussionPostsResponse>(h, "GET", `/api/games/${g.id}/discussion/round-1/posts`),
    );
    assert.equal(page.json.posts.length, 1);
    assert.equal(page.json.posts[0]!.text, TALK);
    assert.equal(page.json.posts[0]!.alias, a!.alias);
    assert.equal(page.json.thread.posts, 1);
    assert.ok(!page.text.includes(a!.username), "no account in a public thread");
    // The body is stored beside the events, as every post is.
    const body = await h.storage.getPostBody(g.id, posted.json.post.postId);
    assert.equal(body?.text, TALK);
    const general = await must(
      call<DiscussionPostsResponse>(h, "GET", `/api/games/${g.id}/discussion/general/posts`, a!.cookie),
    );
    assert.deepEqual(
      general.json.posts.map((p) => [p.alias, p.text]),
      [[b!.alias, "场外聊两句"]],
    );
  });
});

test("discussion: pages of posts, newest last, with older pages by seq", async () => {
  await withDaily(async (h, g) => {
    const [a, b] = g.players;
    for (let i = 1; i <= 5; i++) await must(say(h, g.id, "round-1", (i % 2 ? a : b)!.cookie, `第${i}帖`));
    const last = await must(
      call<DiscussionPostsResponse>(h, "GET", `/api/games/${g.id}/discussion/round-1/posts?limit=2`),
    );
    assert.deepEqual(
      last.json.posts.map((p) => p.text),
      ["第4帖", "第5帖"],
    );
    assert.equal(last.json.hasOlder, true);
    const before = last.json.posts[0]!.seq;
    const older = await must(
      call<DiscussionPostsResponse>(
        h,
        "GET",
        `/api/games/${g.id}/discussion/round-1/posts?limit=2&before=${before}`,
      ),
    );
    assert.deepEqual(
      older.json.posts.map((p) => p.text),
      ["第2帖", "第3帖"],
    );
    const after = await must(
      call<DiscussionPostsResponse>(
        h,
        "GET",
        `/api/games/${g.id}/discussion/round-1/posts?after=${older.json.posts[1]!.seq}`,
      ),
    );
    assert.deepEqual(
      after.json.posts.map((p) => p.text),
      ["第4帖", "第5帖"],
    );
  });
});

test("discussion: a player whose seat a substitute took over posts nowhere under the old alias", async () => {
  await withDaily(async (h, g) => {
    const [a] = g.players;
    await quickAccount(h, "接手的人");
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/substitutes`, g.referee, {
        requestId: rid(),
        seat: a!.seat,
        username: "接手的人",
        alias: "接手马甲",
      }),
    );
    // Override audit: the old account still posted 「我被替补了，我是警察，8号是杀手」 under its old alias.
    for (const thread of ["round-1", "general"]) {
      const refused = await say<ApiError>(h, g.id, thread, a!.cookie, "我原来是剑侠");
      assert.equal(refused.status, 403, thread);
      assert.equal(refused.json.error.code, "seat-replaced");
      assert.equal(refused.json.error.message, "你的座位已由替补接手，不能再以原马甲行动或发言");
    }
    const posts = await must(
      call<DiscussionPostsResponse>(h, "GET", `/api/games/${g.id}/discussion/general/posts`),
    );
    assert.ok(!posts.text.includes("我原来是剑侠"));
    // Nor does it act: told why, not that the game has yet to start.
    const vote = await call<ApiError>(h, "POST", `/api/games/${g.id}/votes`, a!.cookie, {
      requestId: rid(),
      targets: [g.players[1]!.seat],
    });
    assert.equal(vote.json.error.code, "seat-replaced");
  });
});

test("discussion: refused for the anonymous, another game's player, a dead player of a daily game, a closed thread", async () => {
  const h = await makeHarness();
  try {
    const g = await startedGame(h, 6, "p");
    const other = await startedGame(h, 6, "q");
    await advanceTo(h, local("12-01 21:10:00"));
    const [a, b] = g.players;

    const anon = await say<ApiError>(h, g.id, "round-1", undefined);
    assert.equal(anon.status, 401);
    assert.equal(anon.json.error.code, "unauthenticated");

    const stranger = await say<ApiError>(h, g.id, "round-1", other.players[0]!.cookie);
    assert.equal(stranger.status, 403);
    assert.equal(stranger.json.error.code, "forbidden");

    const outsider = await quickAccount(h, "outsider");
    assert.equal((await say(h, g.id, "general", outsider)).status, 403);

    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "eliminate", target: a!.seat },
        reason: "测试出局",
      }),
    );
    const dead = await say<ApiError>(h, g.id, "round-1", a!.cookie);
    assert.equal(dead.status, 403);
    assert.equal(dead.json.error.code, "seat-out");
    assert.match(dead.json.error.message, /出局/);
    const deadGeneral = await say<ApiError>(h, g.id, "general", a!.cookie);
    assert.equal(deadGeneral.json.error.code, "seat-out");

    const unknown = await say<ApiError>(h, g.id, "round-9", b!.cookie);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error.code, "discussion-thread-unknown");
    const bogus = await say(h, g.id, "nonsense", b!.cookie);
    assert.equal(bogus.status, 404);

    const empty = await call(h, "POST", `/api/games/${g.id}/discussion/round-1/posts`, b!.cookie, {
      requestId: rid(),
      text: "   ",
    });
    assert.equal(empty.status, 400);

    // Round 2 opens 12-02 21:00: round 1's thread closes, round 2's opens. Everyone votes (a non-voter is out).
    await advanceTo(h, local("12-02 10:00:00"));
    for (const p of g.players.slice(1))
      await must(
        call(h, "POST", `/api/games/${g.id}/votes`, p.cookie, { requestId: rid(), targets: [b!.seat] }),
      );
    await advanceTo(h, local("12-02 21:05:00"));
    const seats = (await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`))).json.view!.seats;
    const living = g.players.find((p) => seats.some((s) => s.seat === p.seat && s.alive))!;
    const late = await say<ApiError>(h, g.id, "round-1", living.cookie);
    assert.equal(late.status, 409);
    assert.equal(late.json.error.code, "discussion-thread-closed");
    await must(say(h, g.id, "round-2", living.cookie));

    const page = await must(
      call<DiscussionPostsResponse>(h, "GET", `/api/games/${g.id}/discussion/round-1/posts`),
    );
    assert.equal(page.json.posts.length, 0, "no refused post was published");
  } finally {
    await h.close();
  }
});

test("discussion: a referee posts under the referee alias; a retried request id is stored once", async () => {
  await withDaily(async (h, g) => {
    const r = await must(say(h, g.id, "round-1", g.referee, "【哨子】本轮讨论开始"));
    assert.equal(r.json.post.referee, true);
    assert.equal(r.json.post.seat, null);
    const [a] = g.players;
    const requestId = rid();
    const body = { requestId, text: TALK };
    const url = `/api/games/${g.id}/discussion/round-1/posts`;
    const first = await must(call<DiscussionPostResponse>(h, "POST", url, a!.cookie, body));
    const again = await must(call<DiscussionPostResponse>(h, "POST", url, a!.cookie, body));
    assert.equal(again.json.replayed, true);
    assert.equal(again.json.post.postId, first.json.post.postId);
    assert.equal(again.json.post.text, TALK);
    const page = await must(
      call<DiscussionPostsResponse>(h, "GET", `/api/games/${g.id}/discussion/round-1/posts`),
    );
    assert.equal(page.json.posts.length, 2);
  });
});

test("discussion: posts are added to the originality index; only referees see the source", async () => {
  await withDaily(async (h, g) => {
    const [a, b] = g.players;
    const text =
      "长夜将尽，城头的灯火一盏一盏熄灭，我在茶楼二层看着街上的行人，心里盘算着今天该投谁一票才好，思来想去仍旧没有答案。";
    await must(say(h, g.id, "round-1", a!.cookie, text));
    const asPlayer = await must(
      call<OriginalityResponse>(h, "POST", `/api/games/${g.id}/originality`, b!.cookie, { text }),
    );
    assert.equal(asPlayer.json.available, true);
    assert.ok(asPlayer.json.copiedPercent > 50, `copied ${asPlayer.json.copiedPercent}%`);
    assert.ok(
      asPlayer.json.spans.every((s) => s.source === undefined),
      "players never see sources",
    );
    const asReferee = await must(
      call<OriginalityResponse>(h, "POST", `/api/games/${g.id}/originality`, g.referee, { text }),
    );
    assert.ok(asReferee.json.spans.some((s) => s.source));
  });
});

test("discussion: a post reaches another player's SSE stream live, alias only", async () => {
  await withDaily(async (h, g) => {
    const [a, b] = g.players;
    const lastSeq = await lastSeqOf(h, g.id);
    const stream = h.app.inject({
      method: "GET",
      url: `/api/games/${g.id}/stream?after=${lastSeq}&limit=1`,
      headers: { cookie: `${SESSION_COOKIE}=${b!.cookie}` },
    });
    await new Promise((r) => setTimeout(r, 20));
    await must(say(h, g.id, "round-1", a!.cookie));
    const res = await stream;
    const frames = res.body
      .split("\n\n")
      .map((block) => block.split("\n").find((l) => l.startsWith("data: ")))
      .filter((l): l is string => l !== undefined)
      .map((l) => JSON.parse(l.slice(6)) as StreamMessage);
    const posted = frames.find((f) => f.kind === "game-event" && f.event.type === "app.DiscussionPosted");
    assert.ok(posted && posted.kind === "game-event");
    assert.equal(posted.event.data.alias, a!.alias);
    assert.equal(posted.event.data.thread, "round-1");
    assert.ok(!res.body.includes(a!.username));
  });
});

// ---------------------------------------------------------------- 7kill (sevenkill-16, seed 001)

type SevenKill = Game;

/** A started sevenkill-16 game: day 1 runs 12-01 (Tuesday) 20:00 → 12-02 22:00. */
async function sevenKill(h: Harness, rulesText?: string): Promise<SevenKill> {
  const round1At = local("12-01 20:00:00");
  return await startedPresetGame(h, {
    preset: "sevenkill-16",
    ...(rulesText !== undefined && { rulesText }),
    players: 16,
    prefix: "七杀",
    seed: "talk",
    round1At,
  });
}

test("7kill 诈尸: 出局玩家在白天的讨论帖或投票帖中发言…将被视为诈尸 — refused with the message, recorded as the offence", async () => {
  const h = await makeHarness();
  try {
    const g = await sevenKill(h);
    await advanceTo(h, local("12-01 21:00:00"));
    const [a, b] = g.players;
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "eliminate", target: a!.seat },
        reason: "测试出局",
      }),
    );
    const threads = await must(call<DiscussionThreadsResponse>(h, "GET", `/api/games/${g.id}/discussion`));
    assert.equal(threads.json.current, "day-1");
    const res = await say<ApiError>(h, g.id, "day-1", a!.cookie);
    assert.equal(res.status, 403);
    assert.equal(res.json.error.code, "discussion-zhashi");
    assert.match(res.json.error.message, /诈尸/);
    const events = await log(h, g.id, g.referee);
    assert.ok(events.some((e) => e.type === "PostRefused" && e.data.seat === a!.seat));
    const offence = events.find((e) => e.type === "OffenceRecorded" && e.data.seat === a!.seat);
    assert.equal(offence?.data.offence, "zhashi");
    assert.equal(offence?.data.banned, false);
    // "或者在其他帖子中（如旁观帖、灌水帖等）讨论与游戏相关的内容，将被视为诈尸": whether a post in the 场外总帖 discusses the
    // game is the referee's call (penalties.zhashiInGeneral: referee, the default), so it is published, no offence.
    const chat = await must(say(h, g.id, "general", a!.cookie));
    assert.equal(chat.json.post.alias, a!.alias);
    const afterChat = await log(h, g.id, g.referee);
    assert.equal(afterChat.filter((e) => e.type === "OffenceRecorded" && e.data.seat === a!.seat).length, 1);
    // "第二次诈尸，再次给予警告的同时，封玩家ID"
    const second = await say<ApiError>(h, g.id, "day-1", a!.cookie);
    assert.equal(second.json.error.code, "discussion-zhashi");
    assert.match(second.json.error.message, /封禁/);
    const banned = await say<ApiError>(h, g.id, "general", a!.cookie);
    assert.equal(banned.status, 403);
    assert.equal(banned.json.error.code, "discussion-banned");
    assert.match(banned.json.error.message, /封禁/);
    const page = await must(
      call<DiscussionPostsResponse>(h, "GET", `/api/games/${g.id}/discussion/day-1/posts`),
    );
    assert.equal(page.json.posts.length, 0, "a 诈尸 post is never published");
    // A living player's post in the day's thread is published and counted by the engine.
    await must(say(h, g.id, "day-1", b!.cookie));
    const after = await log(h, g.id, g.referee);
    assert.ok(
      after.some(
        (e) => e.type === "DiscussionPosted" && e.data.seat === b!.seat && e.data.thread === "1:day",
      ),
    );
  } finally {
    await h.close();
  }
});

test("7kill 潜水: a. 在一个白天的讨论帖中，发帖数少于5帖 — counted from real posts when the day's thread closes", async () => {
  const h = await makeHarness();
  try {
    const g = await sevenKill(h);
    await advanceTo(h, local("12-01 21:00:00"));
    const [quiet, ...rest] = g.players;
    for (let i = 0; i < 4; i++) await must(say(h, g.id, "day-1", quiet!.cookie, `第${i + 1}帖`));
    for (const p of rest) for (let i = 0; i < 5; i++) await must(say(h, g.id, "day-1", p.cookie, `发言${i}`));
    // General-thread posts are not the day's discussion thread: they do not count.
    await must(say(h, g.id, "general", quiet!.cookie, "场外"));
    // "弃权也需要发投票帖，并计为一次投票": everyone abstains, so only the post count can make an offence.
    await advanceTo(h, local("12-02 12:00:00"));
    for (const p of g.players)
      await must(call(h, "POST", `/api/games/${g.id}/votes`, p.cookie, { requestId: rid(), targets: [] }));
    await advanceTo(h, local("12-02 22:00:01"));
    const events = await log(h, g.id, g.referee);
    const offences = events.filter((e) => e.type === "OffenceRecorded");
    assert.deepEqual(
      offences.map((e) => [e.data.seat, e.data.offence, e.data.reasons]),
      [[quiet!.seat, "lurking", ["posts"]]],
    );
    // At night the day's thread is closed; the general thread stays open.
    const night = await say<ApiError>(h, g.id, "day-1", rest[0]!.cookie);
    assert.equal(night.status, 409);
    assert.equal(night.json.error.code, "discussion-thread-closed");
    const threads = await must(call<DiscussionThreadsResponse>(h, "GET", `/api/games/${g.id}/discussion`));
    const day1 = threads.json.threads.find((t) => t.id === "day-1")!;
    assert.equal(day1.open, false);
    assert.equal(day1.posts, 4 + 15 * 5);
  } finally {
    await h.close();
  }
});

test("7kill with penalties.zhashiInGeneral: always — a dead player's post in the 场外总帖 is 诈尸 like one in the day's thread", async () => {
  const h = await makeHarness();
  try {
    const strict = { ...presets["sevenkill-16"]!, id: "sevenkill-strict" };
    strict.penalties = { ...strict.penalties, zhashiInGeneral: "always" };
    const g = await sevenKill(h, JSON.stringify(strict));
    await advanceTo(h, local("12-01 21:00:00"));
    const [a] = g.players;
    const info = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, a!.cookie));
    assert.equal(info.json.game.deadMayPostInGeneral, false);
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "eliminate", target: a!.seat },
        reason: "测试出局",
      }),
    );
    const res = await say<ApiError>(h, g.id, "general", a!.cookie);
    assert.equal(res.json.error.code, "discussion-zhashi");
    const events = await log(h, g.id, g.referee);
    assert.equal(
      events.find((e) => e.type === "OffenceRecorded" && e.data.seat === a!.seat)?.data.offence,
      "zhashi",
    );
  } finally {
    await h.close();
  }
});
