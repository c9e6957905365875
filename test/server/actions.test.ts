// Player actions over HTTP: each with its happy path and at least two refusals, all judged at the server's receipt time.
import assert from "node:assert/strict";
import { test } from "node:test";
import type {
  ApiError,
  CommandResponse,
  EventListResponse,
  GameEventDto,
  GameViewResponse,
  InboxResponse,
  PostBodyResponse,
  PostResponse,
  RoomMessagesResponse,
} from "../../src/server/api-types.ts";
import { local } from "./fixtures.ts";
import {
  advanceTo,
  call,
  cast,
  engineOf,
  type Game,
  type Harness,
  LONG_POST,
  must,
  postKill,
  rid,
  withStartedGame,
} from "./harness.ts";

const withGame = withStartedGame;

async function log(h: Harness, g: Game): Promise<GameEventDto[]> {
  const res = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/referee/log`, g.referee));
  return res.json.events;
}

/** Round 1: posting window 21:00–21:30, posts released 21:30:01, vote until 12-02 21:00:00. */
const IN_WINDOW = local("12-01 21:10:00");
const VOTING = local("12-02 10:00:00");

test("votes: accepted and tallied live; a retried request id is stored once", async () => {
  await withGame(async (h, g) => {
    await advanceTo(h, VOTING);
    const [a, b] = g.players;
    const requestId = rid();
    const first = await call<CommandResponse>(h, "POST", `/api/games/${g.id}/votes`, a!.cookie, {
      requestId,
      targets: [b!.seat],
    });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.json.receivedAt, VOTING);
    const again = await call<CommandResponse>(h, "POST", `/api/games/${g.id}/votes`, a!.cookie, {
      requestId,
      targets: [b!.seat],
    });
    assert.equal(again.status, 200);
    assert.equal(again.json.replayed, true);
    assert.equal(again.json.seq, first.json.seq);
    const casts = (await log(h, g)).filter((e) => e.type === "VoteCast");
    assert.equal(casts.length, 1, "the retry was not stored again");
    const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`));
    assert.deepEqual(
      view.json.view!.tally.map((t) => [t.seat, t.votes]),
      [[b!.seat, 1]],
    );
  });
});

test("votes: myVote is each voter's standing ballot, a change included, however many ballots came after it", async () => {
  await withGame(async (h, g) => {
    await advanceTo(h, VOTING);
    const [a, b, c, d] = g.players;
    const vote = (p: typeof a, target: typeof a) =>
      must(
        call(h, "POST", `/api/games/${g.id}/votes`, p!.cookie, { requestId: rid(), targets: [target!.seat] }),
      );
    await vote(a, b);
    await vote(c, b);
    await vote(a, c);
    await vote(d, b);
    const myVote = async (p: typeof a) =>
      (await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, p!.cookie))).json.view!.myVote
        ?.targets;
    assert.deepEqual(await myVote(a), [c!.seat], "the change, not the first ballot");
    assert.deepEqual(await myVote(c), [b!.seat]);
    assert.equal(await myVote(b), undefined, "no ballot, no myVote");
  });
});

test("events: ?type= keeps only the named types of what the viewer may see; a malformed type is refused", async () => {
  await withGame(async (h, g) => {
    await advanceTo(h, VOTING);
    const [a, b, c] = g.players;
    for (const [p, target] of [
      [a, b],
      [c, b],
      [a, c],
    ] as const)
      await must(
        call(h, "POST", `/api/games/${g.id}/votes`, p!.cookie, { requestId: rid(), targets: [target!.seat] }),
      );
    const events = async (query: string, cookie?: string) =>
      (await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events${query}`, cookie))).json;
    for (const cookie of [undefined, a!.cookie, g.referee]) {
      const all = await events("", cookie);
      const only = (...types: string[]) => all.events.filter((e) => types.includes(e.type));
      const ballots = await events("?type=VoteCast", cookie);
      assert.equal(ballots.events.length, 3);
      assert.deepEqual(ballots.events, only("VoteCast"));
      assert.equal(ballots.lastSeq, all.lastSeq, "lastSeq still counts every event");
      const joined = only("app.PlayerJoined");
      assert.ok(joined.length > 0, "the fixture's sign-ups are visible");
      assert.deepEqual(
        (await events("?type=VoteCast,app.PlayerJoined", cookie)).events,
        only("VoteCast", "app.PlayerJoined"),
      );
      const secondOn = ballots.events[0]!.seq;
      assert.deepEqual(
        (await events(`?after=${secondOn}&type=VoteCast`, cookie)).events,
        ballots.events.slice(1),
      );
      assert.deepEqual((await events("?type=NoSuchEvent", cookie)).events, [], "a well-formed unknown type");
    }
    for (const bad of ["?type=", "?type=vote%20cast", "?type=VoteCast,,PlayerOut"]) {
      const res = await call<ApiError>(h, "GET", `/api/games/${g.id}/events${bad}`);
      assert.equal(res.status, 400, bad);
      assert.equal(res.json.error.code, "invalid-body");
      assert.match(res.json.error.fields![0]!.path, /^type/, bad);
    }
  });
});

test("votes: refused before the vote opens, for an unknown seat, after the deadline, and when malformed", async () => {
  await withGame(async (h, g) => {
    const [a, b] = g.players;
    await advanceTo(h, IN_WINDOW);
    const early = await call<ApiError>(h, "POST", `/api/games/${g.id}/votes`, a!.cookie, {
      requestId: rid(),
      targets: [b!.seat],
    });
    assert.equal(early.status, 409);
    assert.equal(early.json.error.code, "vote.not-open");
    await advanceTo(h, VOTING);
    const unknown = await call<ApiError>(h, "POST", `/api/games/${g.id}/votes`, a!.cookie, {
      requestId: rid(),
      targets: [99],
    });
    assert.equal(unknown.json.error.code, "vote.unknown-seat");
    // Seat 99 is the board's 100号.
    assert.equal(unknown.json.error.message, "没有100号座位");
    const malformed = await call<ApiError>(h, "POST", `/api/games/${g.id}/votes`, a!.cookie, {
      requestId: rid(),
      targets: "x",
    });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.json.error.fields![0]!.path, "targets");
    // The field's problem is told in Chinese, like the rest of the answer.
    assert.match(malformed.json.error.fields![0]!.message, /\p{Script=Han}/u);
    const noId = await call<ApiError>(h, "POST", `/api/games/${g.id}/votes`, a!.cookie, { targets: [1] });
    assert.equal(noId.status, 400);
    assert.equal(noId.json.error.fields![0]!.path, "requestId");
    // A player who voted in time is still alive after the deadline (non-voters count as suicides).
    for (const p of g.players) {
      const target = p === b ? a! : b!;
      await must(
        call(h, "POST", `/api/games/${g.id}/votes`, p.cookie, { requestId: rid(), targets: [target.seat] }),
      );
    }
    await advanceTo(h, local("12-02 21:00:02"));
    const late = await call<ApiError>(h, "POST", `/api/games/${g.id}/votes`, a!.cookie, {
      requestId: rid(),
      targets: [b!.seat],
    });
    assert.equal(late.status, 409);
    assert.equal(late.json.error.code, "vote.after-deadline");
    assert.equal(late.json.error.message, "投票已截止（截止时间 21:00:00，收到时间 21:00:02）");
    const casts = (await log(h, g)).filter((e) => e.type === "VoteCast");
    assert.equal(casts.length, g.players.length, "nothing stored by refused votes");
  });
});

test("votes: a ballot after a 加时 has closed names the 加时's deadline, not the day's", async () => {
  await withGame(async (h, g) => {
    await advanceTo(h, VOTING);
    const [p0, p1, p2, p3, p4, p5] = g.players;
    for (const [voter, target] of [
      [p0, p4],
      [p1, p4],
      [p2, p4],
      [p3, p1],
      [p4, p1],
      [p5, p1],
    ] as const) {
      await must(
        call(h, "POST", `/api/games/${g.id}/votes`, voter!.cookie, {
          requestId: rid(),
          targets: [target!.seat],
        }),
      );
    }
    // 3 to 3 at 21:00: a 15-minute 加时 between the two.
    await advanceTo(h, local("12-02 21:00:01"));
    const opened = (await log(h, g)).find((e) => e.type === "OvertimeOpened");
    assert.ok(opened, "the tie opened a 加时");
    await must(
      call(h, "POST", `/api/games/${g.id}/votes`, p0!.cookie, { requestId: rid(), targets: [p4!.seat] }),
    );
    await advanceTo(h, local("12-02 21:15:02"));
    const late = await call<ApiError>(h, "POST", `/api/games/${g.id}/votes`, p1!.cookie, {
      requestId: rid(),
      targets: [p4!.seat],
    });
    assert.equal(late.json.error.code, "vote.after-deadline");
    assert.equal(late.json.error.message, "投票已截止（截止时间 21:15:00，收到时间 21:15:02）");
  });
});

test("kill posts: the killer whose turn it is posts in the window; others and late posts are refused", async () => {
  await withGame(async (h, g) => {
    const { first, second, rangers } = cast(g);
    const target = rangers[0]!;
    const early = await call<ApiError>(h, "POST", `/api/games/${g.id}/kill-posts`, first.cookie, {
      requestId: rid(),
      target: target.seat,
      text: LONG_POST,
    });
    assert.equal(early.json.error.code, "post.outside-window");
    await advanceTo(h, IN_WINDOW);
    const ranger = await call<ApiError>(h, "POST", `/api/games/${g.id}/kill-posts`, target.cookie, {
      requestId: rid(),
      target: first.seat,
      text: LONG_POST,
    });
    assert.equal(ranger.status, 409);
    assert.equal(ranger.json.error.code, "post.no-post-right");
    const notTurn = await call<ApiError>(h, "POST", `/api/games/${g.id}/kill-posts`, second.cookie, {
      requestId: rid(),
      target: target.seat,
      text: LONG_POST,
    });
    assert.equal(notTurn.json.error.code, "post.not-your-turn");
    const ok = await call<PostResponse>(h, "POST", `/api/games/${g.id}/kill-posts`, first.cookie, {
      requestId: rid(),
      target: target.seat,
      text: LONG_POST,
    });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.json.iou, false);
    // Private until released: the public cannot read it, the poster can.
    const publicRead = await call(h, "GET", `/api/games/${g.id}/posts/${ok.json.postId}`);
    assert.equal(publicRead.status, 404);
    const own = await call<PostBodyResponse>(
      h,
      "GET",
      `/api/games/${g.id}/posts/${ok.json.postId}`,
      first.cookie,
    );
    assert.equal(own.json.text, LONG_POST);
    await advanceTo(h, local("12-01 21:31:00"));
    const released = await call(h, "GET", `/api/games/${g.id}/posts/${ok.json.postId}`);
    assert.equal(released.status, 200, released.text);
    const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`));
    const t = view.json.view!.seats.find((s) => s.seat === target.seat);
    assert.equal(t!.alive, false, "the target is out once posts are released");
  });
});

test("IOU: a short kill post becomes an IOU; completion too short or by a seat without one is refused", async () => {
  await withGame(async (h, g) => {
    const { first, rangers } = cast(g);
    await advanceTo(h, IN_WINDOW);
    const short = await postKill(h, g.id, first.cookie, rangers[0]!.seat, "短帖一则");
    assert.equal(short.json.iou, true);
    await advanceTo(h, local("12-01 21:31:00"));
    const tooShort = await call<ApiError>(h, "POST", `/api/games/${g.id}/iou`, first.cookie, {
      requestId: rid(),
      text: LONG_POST,
    });
    assert.equal(tooShort.status, 409);
    assert.equal(tooShort.json.error.code, "iou.too-short");
    const none = await call<ApiError>(h, "POST", `/api/games/${g.id}/iou`, rangers[1]!.cookie, {
      requestId: rid(),
      text: LONG_POST.repeat(3),
    });
    assert.equal(none.json.error.code, "iou.none-open");
    const done = await call(h, "POST", `/api/games/${g.id}/iou`, first.cookie, {
      requestId: rid(),
      text: LONG_POST.repeat(3),
    });
    assert.equal(done.status, 200, done.text);
    const events = (await log(h, g)).map((e) => e.type);
    assert.ok(events.includes("IouCompleted"), events.join(","));
  });
});

test("IOU entered by the referee: an out poster sends the 白条's text privately; the referee enters it, signed, and the kill stands", async () => {
  await withGame(async (h, g) => {
    const { first, rangers } = cast(g);
    await advanceTo(h, IN_WINDOW);
    assert.equal((await postKill(h, g.id, first.cookie, rangers[0]!.seat, "短帖一则")).json.iou, true);
    await advanceTo(h, local("12-01 21:31:00"));
    // The poster goes out before completing (here by the referee): the player's own route is closed to it.
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "eliminate", target: first.seat },
        reason: "曝ID",
      }),
    );
    const own = await call<ApiError>(h, "POST", `/api/games/${g.id}/iou`, first.cookie, {
      requestId: rid(),
      text: LONG_POST.repeat(3),
    });
    assert.equal(own.json.error.code, "seat-out");
    const url = `/api/games/${g.id}/referee/iou-completions`;
    const byPlayer = await call<ApiError>(h, "POST", url, rangers[1]!.cookie, {
      requestId: rid(),
      poster: first.seat,
      text: LONG_POST.repeat(3),
    });
    assert.equal(byPlayer.status, 403);
    const short = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      poster: first.seat,
      text: LONG_POST,
    });
    assert.equal(short.json.error.code, "iou.too-short");
    const none = await call<ApiError>(h, "POST", url, g.referee, {
      requestId: rid(),
      poster: rangers[1]!.seat,
      text: LONG_POST.repeat(3),
    });
    assert.equal(none.json.error.code, "iou.none-open");
    const entered = await call<PostResponse>(h, "POST", url, g.referee, {
      requestId: rid(),
      poster: first.seat,
      text: LONG_POST.repeat(3),
    });
    assert.equal(entered.status, 200, entered.text);
    const completed = (await log(h, g)).find((e) => e.type === "IouCompleted");
    assert.equal(completed?.data.poster, first.seat);
    assert.equal(typeof completed?.data.referee, "string", "signed by the referee who entered it");
    // To other players neither the poster nor who entered it: a referee's entry would say the poster is out.
    const seen = await must(
      call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, rangers[1]!.cookie),
    );
    const shown = seen.json.events.find((e) => e.type === "IouCompleted");
    assert.ok(shown);
    assert.equal(shown.data.poster, null);
    assert.equal("referee" in shown.data, false);
    // Past the 白条 deadline the kill stands: the target stays out.
    await advanceTo(h, local("12-02 12:00:01"));
    const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`));
    assert.equal(view.json.view!.seats.find((s) => s.seat === rangers[0]!.seat)?.alive, false);
    assert.ok(!(await log(h, g)).some((e) => e.type === "IouFailed"));
  });
});

test("录入杀帖: the referee enters a kill post sent off the site for the seat whose turn it is; it is that seat's post, signed in the referees' log only", async () => {
  await withGame(async (h, g) => {
    const { first, second, rangers } = cast(g);
    const url = `/api/games/${g.id}/referee/kill-posts`;
    const enter = (cookie: string, poster: number, text = LONG_POST) =>
      call<ApiError & PostResponse>(h, "POST", url, cookie, {
        requestId: rid(),
        poster,
        target: rangers[0]!.seat,
        text,
      });
    // Before the window: refused like the player's own.
    assert.equal((await enter(g.referee, first.seat)).json.error.code, "post.outside-window");
    await advanceTo(h, IN_WINDOW);
    // Not a referee: a player cannot enter a post for another seat (nor for its own through this route).
    const byPlayer = await enter(rangers[1]!.cookie, first.seat);
    assert.equal(byPlayer.status, 403);
    assert.equal((await enter(first.cookie, first.seat)).status, 403);
    // The rotation holds: this round's post is 甲's, not 乙's; a ranger has no post at all.
    assert.equal((await enter(g.referee, second.seat)).json.error.code, "post.not-your-turn");
    assert.equal((await enter(g.referee, rangers[1]!.seat)).json.error.code, "post.no-post-right");
    const entered = await enter(g.referee, first.seat);
    assert.equal(entered.status, 200, entered.text);
    assert.equal(entered.json.receivedAt, IN_WINDOW, "received when the referee entered it");
    assert.equal(entered.json.iou, false);
    assert.ok(entered.json.words > 0);
    // It is the seat's post this round: the player's own is now refused as a second one would be.
    const own = await call<ApiError>(h, "POST", `/api/games/${g.id}/kill-posts`, first.cookie, {
      requestId: rid(),
      target: rangers[1]!.seat,
      text: LONG_POST,
    });
    assert.equal(own.status, 409);
    assert.equal(own.json.error.code, "post.no-posts-left");
    const events = await log(h, g);
    const sent = events.filter((e) => e.type === "KillPostSubmitted");
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.data.poster, first.seat);
    assert.equal(sent[0]!.data.postId, entered.json.postId);
    assert.equal(sent[0]!.data.words, entered.json.words);
    // Signed by the referee who entered it, on the post's own event: one event, as a player's own post is, so the
    // seqs other players see cannot tell the two apart (secrecy audit: an app.KillPostEntered beside it made two).
    assert.equal(sent[0]!.data.referee, "p哨子", "signed by the referee who entered it");
    assert.ok(!events.some((e) => e.type === "app.KillPostEntered"));
    const seqs = events.map((e) => e.seq);
    const at = seqs.indexOf(sent[0]!.seq);
    assert.ok(
      events.slice(at + 1).every((e) => e.at !== IN_WINDOW),
      "nothing else stored with it",
    );
    // Stored with its body: the poster reads it as its own post.
    const body = await must(
      call<PostBodyResponse>(h, "GET", `/api/games/${g.id}/posts/${entered.json.postId}`, first.cookie),
    );
    assert.equal(body.json.text, LONG_POST);
    // Indexed for originality like the player's own: the same text now reads as copied.
    const again = await must(
      call<{ copiedPercent: number }>(h, "POST", `/api/games/${g.id}/originality`, g.referee, {
        text: LONG_POST,
      }),
    );
    assert.ok(again.json.copiedPercent > 50, `copied ${again.json.copiedPercent}%`);
    // Who entered it is the referees' and the poster's: other players see nothing of it, before or after release.
    const feed = async (cookie?: string) =>
      (await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, cookie))).json.events;
    assert.equal(
      (await feed(first.cookie)).find((e) => e.type === "KillPostSubmitted")?.data.referee,
      "p哨子",
      "the poster's own page can say the referee entered it",
    );
    await advanceTo(h, local("12-01 21:31:00"));
    for (const cookie of [rangers[1]!.cookie, second.cookie, undefined]) {
      const seen = await feed(cookie);
      // Nothing at the entry's time, as for a post the player sent: the post shows only once released.
      assert.deepEqual(
        seen.filter((e) => e.at === IN_WINDOW).map((e) => e.type),
        [],
      );
      const released = seen.find((e) => e.type === "PostsReleased");
      assert.ok(released);
      assert.equal((released.data.posts as { poster: unknown }[])[0]?.poster, null);
    }
    const view = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`));
    assert.equal(view.json.view!.seats.find((s) => s.seat === rangers[0]!.seat)?.alive, false);
    // The released text's time is the release for everyone but the referees and the poster: its hand-in time would
    // tell a late post, or one a referee entered, from the rest.
    const bodyAt = async (cookie?: string) =>
      (
        await must(
          call<PostBodyResponse>(h, "GET", `/api/games/${g.id}/posts/${entered.json.postId}`, cookie),
        )
      ).json.createdAt;
    // The release (the window 21:00–21:30 closes, its last second counting): what everyone saw the post at.
    const release = local("12-01 21:30:01");
    assert.equal(
      (await feed(undefined)).find((e) => e.type === "PostsReleased")?.at,
      release,
      "the time its release event has",
    );
    for (const cookie of [rangers[1]!.cookie, second.cookie, undefined])
      assert.equal(await bodyAt(cookie), release);
    assert.equal(await bodyAt(g.referee), IN_WINDOW);
    assert.equal(await bodyAt(first.cookie), IN_WINDOW);
  });
});

test("录入杀帖: refused for a seat that is out and once the window has closed; a short one is a 白条 as the player's own", async () => {
  await withGame(async (h, g) => {
    const { first, second, rangers } = cast(g);
    const url = `/api/games/${g.id}/referee/kill-posts`;
    const enter = (poster: number, text = LONG_POST) =>
      call<ApiError & PostResponse>(h, "POST", url, g.referee, {
        requestId: rid(),
        poster,
        target: rangers[0]!.seat,
        text,
      });
    await advanceTo(h, IN_WINDOW);
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "eliminate", target: first.seat },
        reason: "曝ID",
      }),
    );
    const out = await enter(first.seat);
    assert.equal(out.status, 409);
    assert.equal(out.json.error.code, "post.poster-out");
    const short = await enter(second.seat, "短帖一则");
    assert.equal(short.status, 200, short.text);
    assert.equal(short.json.iou, true, "shorter than the minimum: a 白条");
    await advanceTo(h, local("12-01 21:30:01"));
    const late = await enter(second.seat);
    assert.equal(late.status, 409);
    assert.equal(late.json.error.code, "post.outside-window");
    // Released as a 白条, owed by its poster like one the player sent.
    const events = await log(h, g);
    assert.equal(events.filter((e) => e.type === "KillPostSubmitted").length, 1);
    const iou = events.find((e) => e.type === "IouOpened");
    assert.equal(iou?.data.poster, second.seat);
  });
});

test("team room: killers talk in their room; rangers can neither post nor read; empty text is malformed", async () => {
  await withGame(async (h, g) => {
    const { first, second, rangers } = cast(g);
    const url = `/api/games/${g.id}/rooms/killer-room/messages`;
    const posted = await call(h, "POST", url, first.cookie, { requestId: rid(), text: "今晚刀谁？" });
    assert.equal(posted.status, 200, posted.text);
    const read = await must(call<RoomMessagesResponse>(h, "GET", url, second.cookie));
    assert.deepEqual(
      read.json.messages.map((m) => [m.alias, m.text]),
      [[first.alias, "今晚刀谁？"]],
    );
    const outsider = await call(h, "POST", url, rangers[0]!.cookie, { requestId: rid(), text: "偷听" });
    assert.equal(outsider.status, 403);
    assert.equal((await call(h, "GET", url, rangers[0]!.cookie)).status, 403);
    const byReferee = await must(call<RoomMessagesResponse>(h, "GET", url, g.referee));
    assert.deepEqual(
      byReferee.json.messages.map((m) => m.text),
      ["今晚刀谁？"],
    );
    // A room the rule set does not have is an error for the referee too, not an empty room.
    const unknown = await call<ApiError>(
      h,
      "GET",
      `/api/games/${g.id}/rooms/no-such-room/messages`,
      g.referee,
    );
    assert.equal(unknown.status, 404, unknown.text);
    assert.equal(unknown.json.error.code, "room-not-found");
    const empty = await call<ApiError>(h, "POST", url, first.cookie, { requestId: rid(), text: "" });
    assert.equal(empty.status, 400);
    assert.equal(empty.json.error.fields![0]!.path, "text");
    const events = await must(call(h, "GET", `/api/games/${g.id}/events`, rangers[0]!.cookie));
    assert.ok(!events.text.includes("今晚刀谁"), "room talk is not in a ranger's event feed");
  });
});

test("complaints name a released post, never a seat; proxy requests; both reach the referee inbox only", async () => {
  await withGame(async (h, g) => {
    const { first, rangers } = cast(g);
    const [a, , c] = rangers;
    const early = await call<ApiError>(h, "POST", `/api/games/${g.id}/complaints`, a!.cookie, {
      requestId: rid(),
      round: 1,
      post: 0,
      text: "x",
    });
    assert.equal(early.json.error.code, "post-not-found", "no post is out yet");
    await advanceTo(h, IN_WINDOW);
    await postKill(h, g.id, first.cookie, rangers[3]!.seat);
    await advanceTo(h, local("12-01 21:31:00"));
    // Before complaining, a player reads the released post: its body is public, its poster is not.
    const seen = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, a!.cookie));
    const released = engineOf(seen.json.view).rounds.find((r) => r.round === 1)?.posts?.[0];
    assert.equal(released?.poster, null);
    const body = await must(
      call<PostBodyResponse>(h, "GET", `/api/games/${g.id}/posts/${released?.postId}`, a!.cookie),
    );
    assert.equal(body.json.text, LONG_POST);
    const complaint = await call(h, "POST", `/api/games/${g.id}/complaints`, a!.cookie, {
      requestId: rid(),
      round: 1,
      post: 0,
      text: "疑似抄袭",
    });
    assert.equal(complaint.status, 200, complaint.text);
    const badPost = await call<ApiError>(h, "POST", `/api/games/${g.id}/complaints`, a!.cookie, {
      requestId: rid(),
      round: 1,
      post: 7,
      text: "x",
    });
    assert.equal(badPost.json.error.code, "post-not-found");
    const bySeat = await call(h, "POST", `/api/games/${g.id}/complaints`, a!.cookie, {
      requestId: rid(),
      against: first.seat,
      text: "x",
    });
    assert.equal(bySeat.status, 400, "a complaint cannot name a seat");
    const byReferee = await call(h, "POST", `/api/games/${g.id}/complaints`, g.referee, {
      requestId: rid(),
      round: 1,
      post: 0,
      text: "x",
    });
    assert.equal(byReferee.status, 403);
    // The author sees their complaint, but not whose post it was.
    const own = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, a!.cookie));
    const filed = own.json.events.find((e) => e.type === "app.ComplaintFiled")!;
    assert.deepEqual({ round: filed.data.round, post: filed.data.post }, { round: 1, post: 0 });
    assert.equal(filed.data.against, undefined, "the poster stays hidden from the complainer");
    // The engine records it too (an ending its ruling could change waits for it), for the referees only.
    assert.ok(!own.json.events.some((e) => e.type === "ComplaintFiled"));
    const refereeFeed = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, g.referee));
    assert.deepEqual(
      refereeFeed.json.events
        .filter((e) => e.type === "ComplaintFiled")
        .map((e) => [e.data.round, e.data.post, e.data.poster]),
      [[1, 0, first.seat]],
    );
    const proxy = await call(h, "POST", `/api/games/${g.id}/proxy-requests`, a!.cookie, {
      requestId: rid(),
      target: c!.seat,
      note: "请代投",
    });
    assert.equal(proxy.status, 200, proxy.text);
    const proxyBad = await call<ApiError>(h, "POST", `/api/games/${g.id}/proxy-requests`, a!.cookie, {
      requestId: rid(),
      target: 77,
    });
    assert.equal(proxyBad.json.error.code, "seat-unknown");
    const anon = await call(h, "POST", `/api/games/${g.id}/proxy-requests`, undefined, {
      requestId: rid(),
      target: 1,
    });
    assert.equal(anon.status, 401);
    const inbox = await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee));
    // The harness's players all sign up with the same 报道, so each copy also waits there as report-flagged.
    const asked = inbox.json.items.filter((i) => i.kind !== "report-flagged");
    assert.deepEqual(
      asked.map((i) => i.kind),
      ["complaint", "proxy-request"],
    );
    const item = asked[0]!;
    assert.deepEqual(
      [item.against, item.round, item.post],
      [first.seat, 1, 0],
      "the referee learns the poster",
    );
    const ruling = await call(h, "POST", `/api/games/${g.id}/referee/complaint-rulings`, g.referee, {
      requestId: rid(),
      against: item.against,
      upheld: false,
      reason: "不成立",
    });
    assert.equal(ruling.status, 200, ruling.text);
    // Handled items stay in the inbox for the record, marked, so nobody handles them twice.
    const inboxAfter = async () =>
      (await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee))).json.items
        .filter((i) => i.kind !== "report-flagged")
        .map((i) => [i.kind, i.handled?.outcome ?? null]);
    assert.deepEqual(await inboxAfter(), [
      ["complaint", "dismissed"],
      ["proxy-request", null],
    ]);
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/proxy-votes`, g.referee, {
        requestId: rid(),
        voter: a!.seat,
        targets: [c!.seat],
      }),
    );
    assert.deepEqual(await inboxAfter(), [
      ["complaint", "dismissed"],
      ["proxy-request", "proxy-cast"],
    ]);
    const other = await must(call(h, "GET", `/api/games/${g.id}/events`, c!.cookie));
    assert.ok(!other.text.includes("疑似抄袭") && !other.text.includes("请代投"));
    assert.equal((await call(h, "GET", `/api/games/${g.id}/referee/inbox`, a!.cookie)).status, 403);
  });
});

test("a complaint whose post is voided before a ruling leaves the inbox as 帖已作废, and cannot be ruled on", async () => {
  await withGame(async (h, g) => {
    const { first, rangers } = cast(g);
    const [a] = rangers;
    await advanceTo(h, IN_WINDOW);
    // Short of the kill-post minimum: a 白条, due 12:00 the next day.
    const posted = await postKill(h, g.id, first.cookie, rangers[3]!.seat, "短剑落下。");
    assert.equal(posted.json.iou, true);
    await advanceTo(h, local("12-01 21:31:00"));
    await must(
      call(h, "POST", `/api/games/${g.id}/complaints`, a!.cookie, {
        requestId: rid(),
        round: 1,
        post: 0,
        text: "抄袭",
      }),
    );
    const complaints = async () =>
      (await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee))).json.items
        .filter((i) => i.kind === "complaint")
        .map((i) => i.handled?.outcome ?? null);
    assert.deepEqual(await complaints(), [null]);
    // Seed 000 「如未按时补齐，则出贴者出局被帖者复活」: the post is void before anyone ruled; nothing is left to rule on.
    await advanceTo(h, local("12-02 12:00:02"));
    assert.deepEqual(await complaints(), ["voided"]);
    const ruling = await call<ApiError>(
      h,
      "POST",
      `/api/games/${g.id}/referee/complaint-rulings`,
      g.referee,
      {
        requestId: rid(),
        against: first.seat,
        round: 1,
        post: 0,
        upheld: true,
        reason: "抄袭",
      },
    );
    assert.equal(ruling.status, 409);
  });
});

/** The referee's inbox's 托票 items: [asker, outcome or null while waiting, when handled, cut-off]. */
async function proxyItems(h: Harness, g: Game): Promise<unknown[][]> {
  const res = await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee));
  return res.json.items
    .filter((i) => i.kind === "proxy-request")
    .map((i) => [i.fromAlias, i.handled?.outcome ?? null, i.handled?.at ?? null, i.cutoff ?? null]);
}

test("a 托票 waiting in the inbox shows its cut-off, and from the cut-off on is marked as no longer enterable", async () => {
  await withGame(async (h, g) => {
    const { rangers } = cast(g);
    const [a, , c] = rangers;
    const cutoff = local("12-02 20:40:00");
    await advanceTo(h, local("12-02 20:30:00"));
    await must(
      call(h, "POST", `/api/games/${g.id}/proxy-requests`, a!.cookie, { requestId: rid(), target: c!.seat }),
    );
    await advanceTo(h, cutoff - 1);
    assert.deepEqual(await proxyItems(h, g), [[a!.alias, null, null, cutoff]], "waits, with its cut-off");
    // RULINGS 12: the referee's entry time counts, so from 20:40 on the engine refuses it: the inbox says so.
    await advanceTo(h, local("12-02 20:41:00"));
    assert.deepEqual(await proxyItems(h, g), [[a!.alias, "after-cutoff", cutoff, cutoff]]);
    const entry = await call<ApiError>(h, "POST", `/api/games/${g.id}/referee/proxy-votes`, g.referee, {
      requestId: rid(),
      voter: a!.seat,
      targets: [c!.seat],
    });
    assert.equal(entry.json.error.code, "proxy.after-cutoff", "the engine agrees: it cannot be entered");
    // The vote's close changes nothing: it lapsed at the cut-off.
    await advanceTo(h, local("12-02 21:00:02"));
    assert.deepEqual(await proxyItems(h, g), [[a!.alias, "after-cutoff", cutoff, cutoff]]);
  });
});

test("a 托票 the player overrode by voting himself afterwards is no longer offered; one asked after his vote waits", async () => {
  await withGame(async (h, g) => {
    const { rangers } = cast(g);
    const [a, b, c, d] = rangers;
    const vote = (p: typeof a, target: number) =>
      must(call(h, "POST", `/api/games/${g.id}/votes`, p!.cookie, { requestId: rid(), targets: [target] }));
    const ask = (p: typeof a, target: number) =>
      must(call(h, "POST", `/api/games/${g.id}/proxy-requests`, p!.cookie, { requestId: rid(), target }));
    const cutoff = local("12-02 20:40:00");
    await advanceTo(h, local("12-02 19:00:00"));
    await ask(a, c!.seat);
    await ask(b, c!.seat);
    // d votes before asking: his request is the later word, and waits.
    await vote(d, c!.seat);
    await advanceTo(h, local("12-02 19:10:00"));
    await ask(d, b!.seat);
    // a then votes himself: his own ballot supersedes the request he made at 19:00.
    await advanceTo(h, local("12-02 19:30:00"));
    await vote(a, d!.seat);
    assert.deepEqual(await proxyItems(h, g), [
      [a!.alias, "self-voted", local("12-02 19:30:00"), null],
      [b!.alias, null, null, cutoff],
      [d!.alias, null, null, cutoff],
    ]);
    // Another seat's vote answers nobody's request but its own.
    await vote(c, a!.seat);
    assert.deepEqual(
      (await proxyItems(h, g)).map((x) => x[1]),
      ["self-voted", null, null],
    );
    // A 托票 entered for a afterwards is the referee's call (the engine takes it); the item stays as the player left it.
    await advanceTo(h, local("12-02 20:35:00"));
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/proxy-votes`, g.referee, {
        requestId: rid(),
        voter: a!.seat,
        targets: [c!.seat],
      }),
    );
    assert.deepEqual(
      (await proxyItems(h, g)).map((x) => x[1]),
      ["self-voted", null, null],
    );
  });
});

test("a 托票 for what the player has cast itself is not offered, and the engine refuses it: only the time would change", async () => {
  await withGame(async (h, g) => {
    const { rangers } = cast(g);
    const [a, b, c] = rangers;
    const vote = (p: typeof a, target: number) =>
      must(call(h, "POST", `/api/games/${g.id}/votes`, p!.cookie, { requestId: rid(), targets: [target] }));
    const ask = (p: typeof a, target: number) =>
      must(call(h, "POST", `/api/games/${g.id}/proxy-requests`, p!.cookie, { requestId: rid(), target }));
    await advanceTo(h, local("12-02 19:00:00"));
    await vote(a, c!.seat);
    await vote(b, c!.seat);
    await advanceTo(h, local("12-02 19:10:00"));
    // a asks for the very vote it cast; b asks for another seat.
    await ask(a, c!.seat);
    await ask(b, a!.seat);
    assert.deepEqual(
      (await proxyItems(h, g)).map((x) => x.slice(0, 3)),
      [
        [a!.alias, "same-as-own", local("12-02 19:10:00")],
        [b!.alias, null, null],
      ],
    );
    const entry = await call<ApiError>(h, "POST", `/api/games/${g.id}/referee/proxy-votes`, g.referee, {
      requestId: rid(),
      voter: a!.seat,
      targets: [c!.seat],
    });
    assert.equal(entry.status, 409);
    assert.equal(entry.json.error.code, "proxy.same-as-own");
    assert.match(entry.json.error.message, /无需代投/);
    // b's vote keeps its time: entered, its 托票 is a change and is taken.
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/proxy-votes`, g.referee, {
        requestId: rid(),
        voter: b!.seat,
        targets: [a!.seat],
      }),
    );
    assert.deepEqual(
      (await proxyItems(h, g)).map((x) => x[1]),
      ["same-as-own", "proxy-cast"],
    );
    // 作废投票 takes a's ballot away: its requests for that seat are something to enter again (the earlier one too),
    // and the engine takes the entry.
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "void-vote", voter: a!.seat },
        reason: "代投嫌疑",
      }),
    );
    await advanceTo(h, local("12-02 19:20:00"));
    await ask(a, c!.seat);
    assert.deepEqual(
      (await proxyItems(h, g)).map((x) => x[1]),
      [null, "proxy-cast", null],
    );
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/proxy-votes`, g.referee, {
        requestId: rid(),
        voter: a!.seat,
        targets: [c!.seat],
      }),
    );
  });
});

test("a 代投 for another seat than the 托票 asked for is recorded as such in the inbox, not as the request followed", async () => {
  await withGame(async (h, g) => {
    const { rangers } = cast(g);
    const [a, b, c, d] = rangers;
    await advanceTo(h, local("12-02 19:00:00"));
    for (const p of [a, b])
      await must(
        call(h, "POST", `/api/games/${g.id}/proxy-requests`, p!.cookie, {
          requestId: rid(),
          target: c!.seat,
        }),
      );
    const enter = (voter: number, target: number) =>
      must(
        call(h, "POST", `/api/games/${g.id}/referee/proxy-votes`, g.referee, {
          requestId: rid(),
          voter,
          targets: [target],
        }),
      );
    await enter(a!.seat, d!.seat);
    await enter(b!.seat, c!.seat);
    const res = await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee));
    const handled = res.json.items.filter((i) => i.kind === "proxy-request").map((i) => i.handled);
    assert.deepEqual(
      handled.map((x) => [x?.outcome, x?.castOtherwise ?? null]),
      [
        ["proxy-cast", [d!.seat]],
        ["proxy-cast", null],
      ],
    );
  });
});

/**
 * Round 1's kill post is released and complained about; then the referee's `override` (with its reason): what the
 * inbox's complaint items say afterwards, as [post, outcome].
 */
async function complaintThen(override: Record<string, unknown>, reason: string): Promise<unknown[][]> {
  let outcomes: unknown[][] = [];
  await withGame(async (h, g) => {
    const { first, rangers } = cast(g);
    await advanceTo(h, IN_WINDOW);
    await postKill(h, g.id, first.cookie, rangers[3]!.seat);
    await advanceTo(h, local("12-01 21:31:00"));
    await must(
      call(h, "POST", `/api/games/${g.id}/complaints`, rangers[0]!.cookie, {
        requestId: rid(),
        round: 1,
        post: 0,
        text: "抄袭",
      }),
    );
    const named = { ...override, ...("poster" in override ? { poster: first.seat } : {}) };
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: named,
        reason,
      }),
    );
    const inbox = await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee));
    outcomes = inbox.json.items
      .filter((i) => i.kind === "complaint")
      .map((i) => [i.post, i.handled?.outcome]);
  });
  return outcomes;
}

test("a complaint on a post the referee voids (作废杀帖) leaves the inbox as 帖已作废", async () => {
  // `poster` is filled in with the post's poster.
  assert.deepEqual(await complaintThen({ action: "void-post", poster: null }, "旧帖"), [[0, "voided"]]);
});

/** A referee's ruling, with a reason. */
function ruling(h: Harness, g: Game, override: Record<string, unknown>) {
  return must(
    call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
      requestId: rid(),
      override,
      reason: "测试",
    }),
  );
}

/** Round 1 with the other killer out and two posts for the group, so the first killer posts both. */
async function twoPostRound(h: Harness, g: Game): Promise<void> {
  await ruling(h, g, { action: "eliminate", target: cast(g).second.seat });
  await ruling(h, g, { action: "set-progression", round: 1, posts: { killer: 2 } });
  await advanceTo(h, IN_WINDOW);
}

test("作废杀帖 naming the first of a poster's two posts closes that post's complaint only; the other's still waits", async () => {
  await withGame(async (h, g) => {
    const { first, rangers } = cast(g);
    await twoPostRound(h, g);
    await postKill(h, g.id, first.cookie, rangers[2]!.seat);
    await postKill(h, g.id, first.cookie, rangers[3]!.seat);
    await advanceTo(h, local("12-01 21:31:00"));
    for (const post of [0, 1])
      await must(
        call(h, "POST", `/api/games/${g.id}/complaints`, rangers[0]!.cookie, {
          requestId: rid(),
          round: 1,
          post,
          text: "抄袭",
        }),
      );
    await ruling(h, g, { action: "void-post", poster: first.seat, round: 1, post: 0 });
    const inbox = await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee));
    assert.deepEqual(
      inbox.json.items.filter((i) => i.kind === "complaint").map((i) => [i.post, i.handled?.outcome ?? null]),
      [
        [0, "voided"],
        [1, null],
      ],
    );
  });
});

test("a player's complaint names a post by its public number and reaches that post, whatever the hand-in order", async () => {
  await withGame(async (h, g) => {
    const { first, rangers } = cast(g);
    await twoPostRound(h, g);
    // Handed in on the higher seat first: engine index 0 is on rangers[3], index 1 on rangers[2].
    const [low, high] = [rangers[2]!.seat, rangers[3]!.seat].sort((a, b) => a - b) as [number, number];
    await postKill(h, g.id, first.cookie, high);
    await postKill(h, g.id, first.cookie, low);
    await advanceTo(h, local("12-01 21:31:00"));
    // A player reads them by target (public number 0 on the lower seat), the referee by hand-in order.
    const seen = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, rangers[0]!.cookie));
    const shown = engineOf(seen.json.view).rounds.find((r) => r.round === 1)?.posts;
    assert.deepEqual(
      shown?.map((p) => [p.index, p.target]),
      [
        [0, low],
        [1, high],
      ],
    );
    const desk = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, g.referee));
    assert.deepEqual(
      engineOf(desk.json.view)
        .rounds.find((r) => r.round === 1)
        ?.posts?.map((p) => [p.index, p.target]),
      [
        [0, high],
        [1, low],
      ],
    );
    await must(
      call(h, "POST", `/api/games/${g.id}/complaints`, rangers[0]!.cookie, {
        requestId: rid(),
        round: 1,
        post: 0,
        text: "抄袭",
      }),
    );
    // The referees get the engine index of the post the player picked (the one on the lower seat).
    const inbox = await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee));
    assert.deepEqual(
      inbox.json.items.filter((i) => i.kind === "complaint").map((i) => [i.round, i.post]),
      [[1, 1]],
    );
    const refereeFeed = await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, g.referee));
    assert.deepEqual(
      refereeFeed.json.events.filter((e) => e.type === "ComplaintFiled").map((e) => e.data.post),
      [1],
    );
    // The author reads its complaint by the number it picked the post by.
    const own = await must(
      call<EventListResponse>(h, "GET", `/api/games/${g.id}/events`, rangers[0]!.cookie),
    );
    const filed = own.json.events.find((e) => e.type === "app.ComplaintFiled");
    assert.deepEqual([filed?.data.round, filed?.data.post], [1, 0]);
  });
});

test("a complaint still waiting when the game ends expires (nothing can be ruled on after the end)", async () => {
  assert.deepEqual(await complaintThen({ action: "end-game", winner: "white" }, "测试结束"), [
    [0, "expired"],
  ]);
});

test("a 托票 asked after the cut-off and a 举报 after its deadline are refused; an unanswered 托票 lapses at the cut-off", async () => {
  await withGame(async (h, g) => {
    const { first, rangers } = cast(g);
    const [a, b, c] = rangers;
    await advanceTo(h, IN_WINDOW);
    await postKill(h, g.id, first.cookie, rangers[3]!.seat);
    // Asked while the posting window runs, before the vote opens: fine, the referee enters it later.
    await must(
      call(h, "POST", `/api/games/${g.id}/proxy-requests`, a!.cookie, { requestId: rid(), target: c!.seat }),
    );
    // "20:45分后不接受任何形式的托票" (this rule set: 20 minutes before the 21:00 deadline).
    await advanceTo(h, local("12-02 20:40:00"));
    const late = await call<ApiError>(h, "POST", `/api/games/${g.id}/proxy-requests`, b!.cookie, {
      requestId: rid(),
      target: c!.seat,
    });
    assert.equal(late.status, 409);
    assert.equal(late.json.error.code, "proxy.after-cutoff");
    assert.equal(late.json.error.message, "托票已截止（截止时间 20:40:00，收到时间 20:40:00）");
    // 举报 past the complaint deadline (RULINGS 16: 举报截止 16:00 the day after the release).
    const complaint = await call<ApiError>(h, "POST", `/api/games/${g.id}/complaints`, a!.cookie, {
      requestId: rid(),
      round: 1,
      post: 0,
      text: "疑似抄袭",
    });
    assert.equal(complaint.json.error.code, "complaint.after-deadline");
    const inbox = async () =>
      (await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee))).json.items
        .filter((i) => i.kind === "proxy-request")
        .map((i) => [i.kind, i.fromAlias, i.handled?.outcome ?? null]);
    // Asked before the vote opened and not entered by the cut-off: the referee can no longer enter it.
    assert.deepEqual(await inbox(), [["proxy-request", a!.alias, "after-cutoff"]]);
    // Round 1's vote closes without it: it stays so, and is not left to cast into round 2's vote.
    await advanceTo(h, local("12-02 21:00:02"));
    assert.deepEqual(await inbox(), [["proxy-request", a!.alias, "after-cutoff"]]);
    // In round 2, before its posts are out, the message still gives round 1's deadline (it read the current round's).
    await advanceTo(h, local("12-02 21:20:00"));
    const later = await call<ApiError>(h, "POST", `/api/games/${g.id}/complaints`, a!.cookie, {
      requestId: rid(),
      round: 1,
      post: 0,
      text: "疑似抄袭",
    });
    assert.equal(later.json.error.message, "举报期限已过（截止时间 16:00:00，收到时间 21:20:00）");
  });
});
