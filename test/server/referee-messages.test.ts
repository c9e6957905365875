// 私信哨子 over HTTP: a player's private word to the referees and their answer, read by nobody else (events, stream).
import assert from "node:assert/strict";
import { test } from "node:test";
import type { ApiError, EventListResponse, InboxResponse } from "../../src/server/api-types.ts";
import {
  call,
  draftGame,
  type Game,
  type Harness,
  makeHarness,
  must,
  quickAccount,
  REPORT,
  rid,
  withStartedGame,
} from "./harness.ts";

const withGame = withStartedGame;

const messages = async (h: Harness, g: Game, cookie?: string) =>
  (await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, cookie))).json.events
    .filter((e) => e.type === "app.RefereeMessage")
    .map((e) => [e.data.alias, e.data.fromReferee, e.data.text]);

test("私信哨子: a player's message reaches the referees' inbox; the answer reaches that player; nobody else reads either", async () => {
  await withGame(async (h, g) => {
    const [a, b] = g.players;
    const sent = await call(h, "POST", `/api/games/${g.id}/referee-messages`, a!.cookie, {
      requestId: rid(),
      text: "我的报道被判抄袭，想申诉：那段是我自己在别的版发过的",
    });
    assert.equal(sent.status, 200, sent.text);
    const inbox = await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee));
    const item = inbox.json.items.find((i) => i.kind === "message");
    assert.equal(item?.fromAlias, a!.alias);
    assert.equal(item?.handled, undefined, "it waits for an answer");

    const answer = await call(h, "POST", `/api/games/${g.id}/referee/messages`, g.referee, {
      requestId: rid(),
      alias: a!.alias,
      text: "收到，请把原帖链接发来",
    });
    assert.equal(answer.status, 200, answer.text);
    const after = await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee));
    const replied = after.json.items.find((i) => i.kind === "message");
    assert.equal(replied?.handled?.outcome, "replied");
    // The inbox keeps what was answered, signed: another referee reads it there without asking.
    assert.deepEqual(replied?.replies, [{ text: "收到，请把原帖链接发来", referee: "p哨子" }]);
    // A second word on the same matter, with nothing waiting, goes with that message too (review find).
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/messages`, g.referee, {
        requestId: rid(),
        alias: a!.alias,
        text: "另外，申诉结果明天公布",
      }),
    );
    const twice = await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee));
    assert.deepEqual(
      twice.json.items.find((i) => i.kind === "message")?.replies?.map((r) => r.text),
      ["收到，请把原帖链接发来", "另外，申诉结果明天公布"],
    );

    // The player reads all three; another player, a visitor and the public stream read none.
    assert.deepEqual(await messages(h, g, a!.cookie), [
      [a!.alias, false, "我的报道被判抄袭，想申诉：那段是我自己在别的版发过的"],
      [a!.alias, true, "收到，请把原帖链接发来"],
      [a!.alias, true, "另外，申诉结果明天公布"],
    ]);
    assert.deepEqual(await messages(h, g, b!.cookie), []);
    assert.deepEqual(await messages(h, g), []);
    for (const cookie of [b!.cookie, undefined]) {
      const stream = await call(h, "GET", `/api/games/${g.id}/stream?limit=0&after=0`, cookie);
      assert.ok(
        !stream.text.includes("申诉") && !stream.text.includes("原帖链接"),
        "not in another's stream",
      );
    }

    await must(
      call(h, "POST", `/api/games/${g.id}/referee-messages`, a!.cookie, {
        requestId: rid(),
        text: "链接稍后发",
      }),
    );
    const later = await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee));
    const next = later.json.items.find((i) => i.kind === "message" && i.text === "链接稍后发");
    assert.deepEqual(
      [next?.handled, next?.replies],
      [undefined, undefined],
      "a later message waits unanswered",
    );
  });
});

test("私信哨子 refused: anonymous, not a player of the game, blank text; an answer to an alias not in the game", async () => {
  await withGame(async (h, g) => {
    const url = `/api/games/${g.id}/referee-messages`;
    assert.equal((await call(h, "POST", url, undefined, { requestId: rid(), text: "x" })).status, 401);
    const byReferee = await call<ApiError>(h, "POST", url, g.referee, { requestId: rid(), text: "x" });
    assert.equal(byReferee.status, 403);
    const blank = await call<ApiError>(h, "POST", url, g.players[0]!.cookie, {
      requestId: rid(),
      text: "  ",
    });
    assert.deepEqual([blank.status, blank.json.error.fields?.[0]?.path], [400, "text"]);
    const nobody = await call<ApiError>(h, "POST", `/api/games/${g.id}/referee/messages`, g.referee, {
      requestId: rid(),
      alias: "无此人",
      text: "你好",
    });
    assert.deepEqual(
      [nobody.status, nobody.json.error.code, nobody.json.error.message],
      [404, "player-not-found", "本局没有马甲为「无此人」的玩家"],
    );
    const byPlayer = await call(h, "POST", `/api/games/${g.id}/referee/messages`, g.players[1]!.cookie, {
      requestId: rid(),
      alias: g.players[0]!.alias,
      text: "冒充哨子",
    });
    assert.equal(byPlayer.status, 403);
    assert.deepEqual(await messages(h, g, g.referee), []);
  });
});

test("私信哨子 of a withdrawn sign-up stays with it: the alias's next holder reads none of it, and the inbox closes it", async () => {
  const h = await makeHarness();
  try {
    const referee = await quickAccount(h, "ref");
    const id = await draftGame(h, referee, { players: 6, refereeAlias: "哨" });
    await must(call(h, "POST", `/api/games/${id}/signup/open`, referee));
    const alice = await quickAccount(h, "alice");
    await must(call(h, "POST", `/api/games/${id}/join`, alice, { alias: "甲", report: REPORT }));
    await must(
      call(h, "POST", `/api/games/${id}/referee-messages`, alice, { requestId: rid(), text: "我其实是小号" }),
    );
    await must(call(h, "POST", `/api/games/${id}/withdraw`, alice, {}));
    h.clock.set(h.clock.now() + 60_000);
    const bob = await quickAccount(h, "bob");
    await must(call(h, "POST", `/api/games/${id}/join`, bob, { alias: "甲", report: REPORT }));
    const seen = await must(call<EventListResponse>(h, "GET", `/api/games/${id}/events`, bob));
    assert.deepEqual(
      seen.json.events.filter((e) => e.type === "app.RefereeMessage"),
      [],
      "bob, now 甲, reads nothing alice sent",
    );
    const stream = await call(h, "GET", `/api/games/${id}/stream?limit=0&after=0`, bob);
    assert.ok(!stream.text.includes("小号"));
    const inbox = await must(call<InboxResponse>(h, "GET", `/api/games/${id}/referee/inbox`, referee));
    assert.equal(inbox.json.items.find((i) => i.kind === "message")?.handled?.outcome, "signup-withdrawn");
    // What bob sends himself he reads.
    await must(call(h, "POST", `/api/games/${id}/referee-messages`, bob, { requestId: rid(), text: "你好" }));
    const own = await must(call<EventListResponse>(h, "GET", `/api/games/${id}/events`, bob));
    assert.deepEqual(
      own.json.events.filter((e) => e.type === "app.RefereeMessage").map((e) => e.data.text),
      ["你好"],
    );
  } finally {
    await h.close();
  }
});
