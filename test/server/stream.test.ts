// Live updates over SSE: per-viewer filtering, the live tally, and resuming from Last-Event-ID.
import assert from "node:assert/strict";
import { get as httpGet, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { hashToken } from "../../src/app/account-service.ts";
import { realEngine } from "../../src/app/engine-adapter.ts";
import type {
  ApiError,
  DiscussionPostResponse,
  EventListResponse,
  GameView,
  GameViewResponse,
  StreamMessage,
} from "../../src/server/api-types.ts";
import { SESSION_COOKIE } from "../../src/server/app.ts";
import { openStorage } from "../../src/storage/storage.ts";
import type { EngineView } from "../../web/src/lib/engine-view.ts";
import { fillBallots, noBallotsHeld } from "../../web/src/lib/held-ballots.ts";
import { local } from "./fixtures.ts";
import { flakyStorage, replacing } from "./flaky-storage.ts";
import {
  advanceTo,
  call,
  cast,
  engineOf,
  eventually,
  type Harness,
  lastSeqOf,
  makeHarness,
  must,
  postKill,
  quickAccount,
  rid,
  startedGame,
} from "./harness.ts";

interface Frame {
  id: number | null;
  event: string;
  data: StreamMessage;
}

function parse(body: string): Frame[] {
  const frames: Frame[] = [];
  for (const block of body.split("\n\n")) {
    const lines = block.split("\n");
    const event = lines.find((l) => l.startsWith("event: "))?.slice(7);
    const data = lines.find((l) => l.startsWith("data: "))?.slice(6);
    const id = lines.find((l) => l.startsWith("id: "))?.slice(4);
    if (event && data) frames.push({ id: id ? Number(id) : null, event, data: JSON.parse(data) });
  }
  return frames;
}

function open(h: Harness, gameId: string, cookie: string | undefined, query: string, lastEventId?: number) {
  return h.app.inject({
    method: "GET",
    url: `/api/games/${gameId}/stream?${query}`,
    headers: {
      ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
      ...(lastEventId !== undefined ? { "last-event-id": String(lastEventId) } : {}),
    },
  });
}

test("SSE: live votes reach every viewer with the tally; room talk reaches only the room", async () => {
  const h = await makeHarness();
  try {
    const g = await startedGame(h, 6);
    const { first, second, rangers } = cast(g);
    await advanceTo(h, local("12-02 10:00:00"));
    const lastSeq = await lastSeqOf(h, g.id);
    // Two votes and one room message follow: the ranger sees 2 events, the killer 3.
    const rangerStream = open(h, g.id, rangers[0]!.cookie, `after=${lastSeq}&limit=2`);
    const killerStream = open(h, g.id, second.cookie, `after=${lastSeq}&limit=3`);
    await new Promise((r) => setTimeout(r, 20));
    await must(
      call(h, "POST", `/api/games/${g.id}/votes`, first.cookie, {
        requestId: rid(),
        targets: [rangers[1]!.seat],
      }),
    );
    await must(
      call(h, "POST", `/api/games/${g.id}/rooms/killer-room/messages`, first.cookie, {
        requestId: rid(),
        text: "密谋",
      }),
    );
    await must(
      call(h, "POST", `/api/games/${g.id}/votes`, second.cookie, {
        requestId: rid(),
        targets: [rangers[1]!.seat],
      }),
    );
    const ranger = parse((await rangerStream).body);
    const killer = parse((await killerStream).body);
    const events = (f: Frame[]) => f.filter((x) => x.data.kind === "game-event");
    assert.deepEqual(
      events(ranger).map((f) => (f.data.kind === "game-event" ? f.data.event.type : "")),
      ["VoteCast", "VoteCast"],
    );
    assert.deepEqual(
      events(killer).map((f) => (f.data.kind === "game-event" ? f.data.event.type : "")),
      ["VoteCast", "app.RoomMessagePosted", "VoteCast"],
    );
    const lastView = ranger.filter((f) => f.data.kind === "view").at(-1)!.data;
    assert.equal(lastView.kind, "view");
    if (lastView.kind === "view") {
      assert.deepEqual(
        lastView.view!.tally.map((t) => [t.seat, t.votes]),
        [[rangers[1]!.seat, 2]],
        "the tally updates live",
      );
    }
    const ids = events(killer).map((f) => f.id!);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
      "in commit order",
    );
  } finally {
    await h.close();
  }
});

test("SSE with omit=VoteCast: no ballot events, the ballots come in the views, other events as before", async () => {
  // The game pages open their streams so: in a rush the ballot events were most of every stream's frames.
  const h = await makeHarness();
  try {
    const g = await startedGame(h, 6);
    const { first, second, rangers } = cast(g);
    await advanceTo(h, local("12-02 10:00:00"));
    const lastSeq = await lastSeqOf(h, g.id);
    const killerStream = open(h, g.id, second.cookie, `after=${lastSeq}&limit=1&omit=VoteCast`);
    await new Promise((r) => setTimeout(r, 20));
    for (const voter of [first, second])
      await must(
        call(h, "POST", `/api/games/${g.id}/votes`, voter.cookie, {
          requestId: rid(),
          targets: [rangers[1]!.seat],
        }),
      );
    const message = await must(
      call<{ seq: number }>(h, "POST", `/api/games/${g.id}/rooms/killer-room/messages`, first.cookie, {
        requestId: rid(),
        text: "密谋",
      }),
    );
    const frames = parse((await killerStream).body);
    assert.deepEqual(
      frames.flatMap((f) => (f.data.kind === "game-event" ? [f.data.event.type] : [])),
      ["app.RoomMessagePosted"],
      "the two ballots are left out, the room message is not",
    );
    const views = frames.flatMap((f) => (f.data.kind === "view" && f.data.view ? [f.data] : []));
    const voteOf = (v: GameView) => (v.engine as EngineView).rounds.find((r) => r.vote)?.vote;
    assert.deepEqual(
      views.flatMap((v) => voteOf(v.view!)?.casts.map((c) => c.voter) ?? []),
      [first.seat, second.seat],
      "the views list the ballots (each only those not listed before)",
    );
    const last = views.at(-1)!;
    assert.equal(frames.at(-1)!.data, last, "the stream ends with a view");
    assert.equal(last.lastSeq, message.json.seq, "the view counts the left-out events");
    assert.equal(voteOf(last.view!)?.castCount, 2);
    assert.deepEqual(
      last.view!.tally.map((t) => [t.seat, t.votes]),
      [[rangers[1]!.seat, 2]],
    );

    const everything = parse((await open(h, g.id, second.cookie, `after=${lastSeq}&limit=0`)).body);
    assert.deepEqual(
      everything.flatMap((f) => (f.data.kind === "game-event" ? [f.data.event.type] : [])),
      ["VoteCast", "VoteCast", "app.RoomMessagePosted"],
      "without omit, the same backlog has the ballots",
    );
    const bad = await call<ApiError>(h, "GET", `/api/games/${g.id}/stream?limit=0&omit=PlayerOut`);
    assert.equal(bad.status, 400);
    assert.match(bad.json.error.message, /略去的事件的取值无效/);
    assert.deepEqual(
      bad.json.error.fields?.map((f) => f.path),
      ["omit"],
    );
  } finally {
    await h.close();
  }
});

test("SSE: a reconnect with Last-Event-ID resumes after that event, with nothing repeated or missed", async () => {
  const h = await makeHarness();
  try {
    const g = await startedGame(h, 6);
    const all = parse((await open(h, g.id, undefined, "limit=0")).body).filter(
      (f) => f.event === "game-event",
    );
    assert.ok(all.length >= 3);
    const cut = all[1]!.id!;
    const resumed = parse((await open(h, g.id, undefined, "limit=0", cut)).body).filter(
      (f) => f.event === "game-event",
    );
    assert.deepEqual(
      resumed.map((f) => f.id),
      all.slice(2).map((f) => f.id),
    );
    const unknown = await call(h, "GET", "/api/games/nope/stream?limit=0");
    assert.equal(unknown.status, 404);
    const bad = await call(h, "GET", `/api/games/${g.id}/stream?limit=-1`);
    assert.equal(bad.status, 400);
  } finally {
    await h.close();
  }
});

test("SSE: a delivery that fails ends that stream, logged, and the server and other streams go on", async () => {
  let failing = false;
  const lines: string[] = [];
  const h = await makeHarness({
    storage: flakyStorage(
      await openStorage(":memory:"),
      "membershipOf",
      "database unreachable",
      () => failing,
    ),
    logLines: lines,
    logLevel: "error",
  });
  try {
    const g = await startedGame(h, 6);
    const { first, rangers } = cast(g);
    await advanceTo(h, local("12-02 10:00:00"));
    // Someone signed in but not in the game: their membership is looked up (and not found) for every delivery.
    const outsider = await quickAccount(h, "outsider");
    // The voter's membership is looked up now, and then held in memory: only the outsider's lookups fail.
    const lastSeq = await lastSeqOf(h, g.id, first.cookie);
    const failingStream = open(h, g.id, outsider, `after=${lastSeq}`);
    const publicStream = open(h, g.id, undefined, `after=${lastSeq}&limit=1`);
    await new Promise((r) => setTimeout(r, 20));
    failing = true;
    await must(
      call(h, "POST", `/api/games/${g.id}/votes`, first.cookie, {
        requestId: rid(),
        targets: [rangers[0]!.seat],
      }),
    );
    // Before this was caught, the failed lookup was an unhandled rejection, which ends a Node process.
    const failed = await failingStream;
    assert.equal(failed.statusCode, 200);
    assert.deepEqual(parse(failed.body), [], "nothing was sent to that viewer");
    const logged = lines.find((l) => l.includes("live stream failed"));
    assert.ok(logged, "the failure is logged");
    assert.match(logged, /database unreachable/);
    const other = parse((await publicStream).body);
    assert.deepEqual(
      other
        .filter((f) => f.event === "game-event")
        .map((f) => f.data.kind === "game-event" && f.data.event.type),
      ["VoteCast"],
      "a stream that needs no lookup still got the vote",
    );
    failing = false;
    const again = parse((await open(h, g.id, outsider, `after=${lastSeq}&limit=0`)).body);
    assert.deepEqual(
      again.filter((f) => f.event === "game-event").map((f) => f.id),
      [lastSeq + 1],
      "reconnecting from its last event id, the viewer gets what it missed",
    );
  } finally {
    await h.close();
  }
});

/**
 * Listens on a real port and opens a stream there (inject cannot hold one open); `body()` is what has come, and
 * `pieces()` the same as the HTTP parser handed it over (a server write is one chunk of the chunked body).
 */
async function openLive(
  h: Harness,
  path: string,
  cookie: string,
): Promise<{ res: IncomingMessage; body: () => string; pieces: () => string[] }> {
  // One port for every stream a test opens.
  if (!h.app.server.listening) await h.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = h.app.server.address() as AddressInfo;
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    httpGet(
      { port, host: "127.0.0.1", path, headers: { cookie: `${SESSION_COOKIE}=${cookie}` } },
      resolve,
    ).on("error", reject),
  );
  const pieces: string[] = [];
  res.on("data", (d: Buffer) => {
    pieces.push(d.toString());
  });
  return { res, body: () => pieces.join(""), pieces: () => pieces };
}

test("SSE: closing the server ends its open streams, so a restart does not wait for every client to leave", async () => {
  const h = await makeHarness();
  const g = await startedGame(h, 6);
  const { res, body } = await openLive(h, `/api/games/${g.id}/stream`, g.players[0]!.cookie);
  const ended = new Promise<void>((resolve) => res.on("end", resolve));
  await eventually(body, (b) => b.includes("event: view"));
  assert.match(body(), /event: view/, "the stream is open and has sent the backlog");
  // Before, the close waited for the stream, which never ends by itself: the bound below would be hit.
  const closed = await Promise.race([
    h.close().then(() => "closed"),
    new Promise((r) => setTimeout(r, 5_000).unref()).then(() => "still open after 5 s"),
  ]);
  assert.equal(closed, "closed");
  await ended;
});

/** Opens a stream as `cookie` and waits for its first view; `ended()` says whether the server has ended it. */
async function openWatched(h: Harness, gameId: string, cookie: string) {
  const { res, body } = await openLive(h, `/api/games/${gameId}/stream`, cookie);
  let ended = false;
  res.on("end", () => {
    ended = true;
  });
  await eventually(body, (b) => b.includes("event: view"));
  return { body, ended: () => ended };
}

test("SSE: disabling, a redeemed reset link, logout and a password change end the revoked sessions' open streams", async () => {
  // Before, an open stream outlived every revocation: the viewer went on receiving its private events.
  const h = await makeHarness({ liveViewIntervalMs: 0 });
  try {
    const g = await startedGame(h, 6);
    const [p0, p1, p2] = g.players;
    const accountOf = async (username: string) => (await h.storage.findAccountByUsername(username))!;

    const disabled = await openWatched(h, g.id, p0!.cookie);
    await h.accounts.setDisabled(await accountOf(p0!.username), true);
    assert.equal(await eventually(disabled.ended, (e) => e), true, "disabling ends the stream");

    const reset = await openWatched(h, g.id, p1!.cookie);
    const link = await h.accounts.createResetLink(await accountOf(p1!.username));
    assert.ok((await h.accounts.resetPassword(link.token, "reset-password-1")).ok);
    assert.equal(await eventually(reset.ended, (e) => e), true, "a redeemed reset link ends the stream");

    // Two sessions of one account, with a password known (through a link, before any stream was open).
    const other = await h.accounts.createResetLink(await accountOf(p2!.username));
    assert.ok((await h.accounts.resetPassword(other.token, "old-password-1")).ok);
    const signIn = async () => {
      const res = await h.accounts.login(p2!.username, "old-password-1");
      assert.ok(res.ok);
      return res.value.token;
    };
    const mine = await signIn();
    const elsewhere = await signIn();
    const mineStream = await openWatched(h, g.id, mine);
    const elsewhereStream = await openWatched(h, g.id, elsewhere);
    await must(
      call(h, "POST", "/api/auth/password", mine, {
        currentPassword: "old-password-1",
        newPassword: "new-password-1",
      }),
    );
    assert.equal(await eventually(elsewhereStream.ended, (e) => e), true, "the other session's stream ends");
    assert.equal(mineStream.ended(), false, "the caller's own stream goes on");

    await must(call(h, "POST", "/api/auth/logout", mine));
    assert.equal(await eventually(mineStream.ended, (e) => e), true, "logging out ends the stream");
  } finally {
    await h.close();
  }
});

test("SSE: a session revoked by another process ends its stream at a ping, once the session cache lets it see", async () => {
  const h = await makeHarness({ liveViewIntervalMs: 0, livePingMs: 50 });
  try {
    const g = await startedGame(h, 6);
    const [p0, p1] = g.players;
    const revoked = await openWatched(h, g.id, p0!.cookie);
    const kept = await openWatched(h, g.id, p1!.cookie);
    // Straight in storage, as another server process would: nothing in this one is told.
    await h.storage.revokeSession(hashToken(p0!.cookie), h.clock.now());
    h.clock.advance(61_000);
    assert.equal(await eventually(revoked.ended, (e) => e), true, "the revoked session's stream ends");
    assert.equal(kept.ended(), false, "a live session's stream goes on");
  } finally {
    await h.close();
  }
});

test("SSE: a burst of votes sends every event at once, and one view at the interval's end with all of them", async () => {
  // Before, every committed batch sent each open stream the viewer's whole view: in a rush with the players'
  // pages open that was most of the server's work (see VIEW_INTERVAL_MS).
  const h = await makeHarness({ liveViewIntervalMs: 2_000 });
  try {
    const g = await startedGame(h, 6);
    const { rangers } = cast(g);
    await advanceTo(h, local("12-02 10:00:00"));
    const lastSeq = await lastSeqOf(h, g.id);
    const { body } = await openLive(h, `/api/games/${g.id}/stream?after=${lastSeq}`, rangers[0]!.cookie);
    // Five votes, each its own batch (each awaited), well within the interval.
    const voters = g.players.filter((p) => p.seat !== rangers[1]!.seat).slice(0, 5);
    for (const p of voters) {
      await must(
        call(h, "POST", `/api/games/${g.id}/votes`, p.cookie, {
          requestId: rid(),
          targets: [rangers[1]!.seat],
        }),
      );
    }
    const frames = () => parse(body());
    const casts = (f: Frame[]) => f.filter((x) => x.data.kind === "game-event").length;
    const views = (f: Frame[]) => f.filter((x) => x.data.kind === "view");
    const early = await eventually(frames, (f) => casts(f) === 5);
    assert.equal(casts(early), 5, "every event went out at once");
    assert.equal(views(early).length, 1, "one view so far: the first batch's");
    const late = await eventually(frames, (f) => views(f).length >= 2);
    assert.equal(views(late).length, 2, "then one more, at the interval's end");
    const last = views(late).at(-1)!.data;
    assert.ok(last.kind === "view");
    assert.deepEqual(
      last.view!.tally.map((t) => [t.seat, t.votes]),
      [[rangers[1]!.seat, 5]],
      "the later view counts every vote",
    );
    assert.equal(last.lastSeq, lastSeq + 5);
  } finally {
    await h.close();
  }
});

test("SSE: each view lists only the ballots the stream has not sent; the page's held lists equal the whole view's", async () => {
  // Before, each view carried every ballot of the open vote: its cost grew with the ballots, and in a rush with
  // the players' pages open that was most of the server's work (deploy.md § Live streams in a rush).
  const h = await makeHarness({ liveViewIntervalMs: 0 });
  try {
    const g = await startedGame(h, 6);
    const { rangers } = cast(g);
    await advanceTo(h, local("12-02 10:00:00"));
    const { body } = await openLive(h, `/api/games/${g.id}/stream`, rangers[0]!.cookie);
    const frames = () => parse(body());
    const views = (f: Frame[]) =>
      f.flatMap((x) => (x.data.kind === "view" && x.data.view ? [x.data.view] : []));
    const openVote = (v: GameView) => (v.engine as EngineView).rounds.find((r) => r.vote)?.vote ?? null;
    await eventually(frames, (f) => views(f).length >= 1);

    const vote = async (p: (typeof g.players)[number], target: number) =>
      must(call(h, "POST", `/api/games/${g.id}/votes`, p.cookie, { requestId: rid(), targets: [target] }));
    let seen = 0;
    /** The views since the last call, once the last of them counts `count` ballots. */
    const viewsUpTo = async (count: number) => {
      const f = await eventually(frames, (x) => openVote(views(x).at(-1)!)?.castCount === count);
      const all = views(f);
      const fresh = all.slice(seen);
      seen = all.length;
      return fresh;
    };
    for (const p of g.players.slice(0, 3)) await vote(p, rangers[1]!.seat);
    await viewsUpTo(3);
    await vote(g.players[3]!, rangers[2]!.seat);
    const [fourth] = await viewsUpTo(4);
    assert.deepEqual(
      [openVote(fourth!)?.castsFrom, openVote(fourth!)?.casts.map((c) => c.voter)],
      [3, [g.players[3]!.seat]],
      "the view after the fourth vote lists that ballot alone",
    );
    assert.deepEqual(
      fourth!.tally.map((t) => [t.seat, t.votes]),
      [
        [rangers[1]!.seat, 3],
        [rangers[2]!.seat, 1],
      ],
      "the tally still counts every ballot",
    );
    // The referee voids the first voter's ballot: the list starts again from 0, without it.
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "void-vote", voter: g.players[0]!.seat },
        reason: "代投",
      }),
    );
    const afterVoid = await viewsUpTo(3);
    assert.equal(openVote(afterVoid.at(-1)!)?.castsFrom, 0, "a removed ballot sends the list whole");
    await vote(g.players[4]!, rangers[1]!.seat);
    await viewsUpTo(4);

    // What the page holds, from every view of the stream in order, equals the whole view's list.
    let held = noBallotsHeld;
    let shown: GameView | null = null;
    for (const v of views(frames())) {
      const filled = fillBallots(v, held);
      assert.ok(filled, "every view continues the lists the page holds");
      held = filled.held;
      shown = filled.view;
    }
    const whole = (await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, rangers[0]!.cookie)))
      .json;
    assert.deepEqual(openVote(shown!)?.casts, openVote(whole.view!)?.casts);
    assert.deepEqual(
      openVote(whole.view!)?.casts.map((c) => c.voter),
      [g.players[1]!.seat, g.players[2]!.seat, g.players[3]!.seat, g.players[4]!.seat],
    );
  } finally {
    await h.close();
  }
});

test("SSE: what a stream has to send within the flush time goes out in one write", async () => {
  // Before, each committed batch was its own write to each open stream: in a rush those socket writes were most
  // of the server's time (FLUSH_MS in live-stream.ts).
  const h = await makeHarness({ liveFlushMs: 2_000, liveViewIntervalMs: 60_000 });
  try {
    const g = await startedGame(h, 6);
    const { rangers } = cast(g);
    await advanceTo(h, local("12-02 10:00:00"));
    const lastSeq = await lastSeqOf(h, g.id);
    const { body, pieces } = await openLive(
      h,
      `/api/games/${g.id}/stream?after=${lastSeq}`,
      rangers[0]!.cookie,
    );
    await eventually(body, (b) => b.includes("retry:"));
    // Five votes, each its own batch (each awaited), well within the flush time.
    for (const p of g.players.filter((x) => x.seat !== rangers[1]!.seat).slice(0, 5)) {
      await must(
        call(h, "POST", `/api/games/${g.id}/votes`, p.cookie, {
          requestId: rid(),
          targets: [rangers[1]!.seat],
        }),
      );
    }
    const frames = await eventually(
      () => parse(body()),
      (f) => f.filter((x) => x.data.kind === "game-event").length === 5,
    );
    assert.equal(frames.filter((x) => x.data.kind === "game-event").length, 5, "every vote came");
    // The first batch's view is written at once (its tally and server time are as of then), with the event
    // before it; the four later events, which brought no view within the interval, in one write.
    const carrying = pieces().filter((p) => p.includes("event: game-event"));
    assert.equal(carrying.length, 2, "two writes for five events");
    assert.match(carrying[0]!, /event: view/);
    assert.equal(carrying[1]!.split("event: game-event").length - 1, 4);
    assert.doesNotMatch(carrying[1]!, /event: view/);
  } finally {
    await h.close();
  }
});

test("SSE: in one batch, a stream that sees an event as stored and one that sees it redacted each get their own", async () => {
  // Events shown as stored are serialised once for every stream of the game; a redacted copy must not be
  // taken for one. The referee sees the released post's poster, a ranger does not.
  const h = await makeHarness();
  try {
    const g = await startedGame(h, 6);
    const { first, rangers } = cast(g);
    await advanceTo(h, local("12-01 21:10:00"));
    await postKill(h, g.id, first.cookie, rangers[0]!.seat);
    const lastSeq = await lastSeqOf(h, g.id, g.referee);
    const refereeStream = open(h, g.id, g.referee, `after=${lastSeq}&limit=1`);
    const rangerStream = open(h, g.id, rangers[1]!.cookie, `after=${lastSeq}&limit=1`);
    await new Promise((r) => setTimeout(r, 20));
    await advanceTo(h, local("12-01 21:31:00"));
    const released = (body: string) => {
      const e = parse(body).find((f) => f.data.kind === "game-event")!.data;
      assert.ok(e.kind === "game-event" && e.event.type === "PostsReleased", JSON.stringify(e));
      return (e.event.data.posts as { poster: number | null }[])[0]!.poster;
    };
    assert.equal(released((await refereeStream).body), first.seat, "the referee sees who posted");
    assert.equal(released((await rangerStream).body), null, "the ranger does not");
  } finally {
    await h.close();
  }
});

test("SSE: a signed-in visitor who is no member costs one membership read per stream, not one per batch", async () => {
  // Only members are cached by the game service, so reading a visitor's membership for every batch went to
  // storage every time. A stream now reads it again only after a batch that may have changed it.
  let reads = 0;
  let counted = -1;
  const base = await openStorage(":memory:");
  const storage = replacing(base, "membershipOf", () => async (gameId: string, accountId: number) => {
    if (accountId === counted) reads++;
    return base.membershipOf(gameId, accountId);
  });
  const h = await makeHarness({ storage, liveViewIntervalMs: 0 });
  try {
    const g = await startedGame(h, 6);
    const { rangers } = cast(g);
    await advanceTo(h, local("12-02 10:00:00"));
    const visitor = await quickAccount(h, "visitor");
    counted = (await h.storage.findAccountByUsername("visitor"))!.id;
    const { body } = await openLive(h, `/api/games/${g.id}/stream`, visitor);
    await eventually(body, (b) => b.includes("event: view"));
    const before = reads;
    for (const p of g.players.slice(0, 5)) {
      await must(
        call(h, "POST", `/api/games/${g.id}/votes`, p.cookie, {
          requestId: rid(),
          targets: [rangers[1]!.seat],
        }),
      );
    }
    const votes = (b: string) => b.split('"type":"VoteCast"').length - 1;
    await eventually(body, (b) => votes(b) === 5);
    assert.equal(votes(body()), 5, "the visitor saw every vote");
    assert.equal(reads - before, 0, "no read for five batches");
    // An override may make someone a member (a substitute): the next batch reads it again, once.
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "void-vote", voter: g.players[0]!.seat },
        reason: "代投",
      }),
    );
    await eventually(body, (b) => b.includes("OverrideApplied"));
    await eventually(
      () => reads - before,
      (n) => n >= 1,
    );
    assert.equal(reads - before, 1);
  } finally {
    await h.close();
  }
});

test("GET view and events: a viewer's lastSeq is the last event it may see, not moved by events hidden from it", async () => {
  // Before, both gave the game's last seq: polling them told a ranger when the killers talked in their room or
  // handed in a kill post.
  const h = await makeHarness();
  try {
    const g = await startedGame(h, 6);
    const { first, rangers } = cast(g);
    await advanceTo(h, local("12-01 21:10:00"));
    const ranger = rangers[0]!;
    const before = await lastSeqOf(h, g.id, g.referee);
    assert.equal(await lastSeqOf(h, g.id, ranger.cookie), before, "so far the ranger has seen every event");
    const eventsAfter = async (query: string) =>
      (await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events?${query}`, ranger.cookie)))
        .json;

    // Hidden from the ranger: the killers' room talk, then a kill post handed in.
    await must(
      call(h, "POST", `/api/games/${g.id}/rooms/killer-room/messages`, first.cookie, {
        requestId: rid(),
        text: "密谋",
      }),
    );
    await postKill(h, g.id, first.cookie, ranger.seat);
    assert.equal(await lastSeqOf(h, g.id, g.referee), before + 2, "the referee's lastSeq counts both");
    assert.equal(await lastSeqOf(h, g.id, ranger.cookie), before, "the ranger's GET view's does not");
    assert.deepEqual(
      await eventsAfter(`after=${before}`),
      { events: [], lastSeq: before },
      "nor its GET events'",
    );

    // Something the ranger may see moves it, to that event's seq; a type filter leaves it there.
    const said = await must(
      call<DiscussionPostResponse>(
        h,
        "POST",
        `/api/games/${g.id}/discussion/round-1/posts`,
        rangers[1]!.cookie,
        {
          requestId: rid(),
          text: "今晚谁动手？",
        },
      ),
    );
    assert.equal(said.json.seq, before + 3);
    assert.equal(await lastSeqOf(h, g.id, ranger.cookie), said.json.seq);
    assert.deepEqual(await eventsAfter(`after=${before}&type=VoteCast`), {
      events: [],
      lastSeq: said.json.seq,
    });
    assert.equal((await eventsAfter("after=0")).lastSeq, said.json.seq);
  } finally {
    await h.close();
  }
});

test("SSE: events hidden from a viewer bring it no frame, not even a view, nor a later view's lastSeq", async () => {
  // Before, every committed batch brought each open stream a view with the stream's last seq: a ranger's open
  // page learnt the moment the killers talked in their room or handed in a kill post.
  const h = await makeHarness({ liveViewIntervalMs: 0, liveFlushMs: 1 });
  try {
    const g = await startedGame(h, 6);
    const { first, second, rangers } = cast(g);
    await advanceTo(h, local("12-01 21:10:00"));
    const ranger = rangers[0]!;
    const before = await lastSeqOf(h, g.id, g.referee);
    const watching = await openLive(h, `/api/games/${g.id}/stream?omit=VoteCast`, ranger.cookie);
    const teammate = await openLive(h, `/api/games/${g.id}/stream?omit=VoteCast`, second.cookie);
    const views = (f: Frame[]) => f.flatMap((x) => (x.data.kind === "view" ? [x.data] : []));
    for (const s of [watching, teammate])
      await eventually(
        () => parse(s.body()),
        (f) => views(f).length === 1,
      );
    const quiet = watching.body().length;

    // Hidden from the ranger: the killers' room talk, then a kill post handed in.
    const talk = await must(
      call<{ seq: number }>(h, "POST", `/api/games/${g.id}/rooms/killer-room/messages`, first.cookie, {
        requestId: rid(),
        text: "密谋",
      }),
    );
    await eventually(
      () => parse(teammate.body()),
      (f) => views(f).length === 2,
    );
    await postKill(h, g.id, first.cookie, ranger.seat);

    // Then something the ranger may see: its frames since the quiet are that event and its view, nothing else.
    const said = await must(
      call<DiscussionPostResponse>(
        h,
        "POST",
        `/api/games/${g.id}/discussion/round-1/posts`,
        rangers[1]!.cookie,
        {
          requestId: rid(),
          text: "今晚谁动手？",
        },
      ),
    );
    const since = await eventually(
      () => parse(watching.body().slice(quiet)),
      (f) => views(f).length >= 1,
    );
    assert.deepEqual(
      since.map((f) => [f.event, f.id]),
      [
        ["game-event", said.json.seq],
        ["view", null],
      ],
      "no frame for the hidden events",
    );
    assert.equal(views(since)[0]!.lastSeq, said.json.seq);
    assert.equal(said.json.seq, before + 3, "after the two hidden events");

    // The kill post is hidden from the other killer too, but it uses up their group's post: that view goes out,
    // with the lastSeq of the room talk, the last event it may see.
    const mates = views(
      await eventually(
        () => parse(teammate.body()),
        (f) => views(f).length >= 3,
      ),
    );
    assert.ok(mates.length >= 3, "the teammate's view came after the kill post");
    const postRight = (m: (typeof mates)[number]) => engineOf(m.view).you?.postRight?.used;
    assert.deepEqual(
      mates.slice(1, 3).map((m) => [m.lastSeq, postRight(m)]),
      [
        [talk.json.seq, 0],
        [talk.json.seq, 1],
      ],
    );
  } finally {
    await h.close();
  }
});

test("SSE: a view that said nothing new still counts for the interval, so hidden batches build no view each", async () => {
  // Review finding: after a suppressed view the interval was not restarted, so every later hidden batch built and
  // compared a whole view at once (a room's busy chat cost each open page a view per message).
  const INTERVAL = 2_000;
  const h = await makeHarness({ liveViewIntervalMs: INTERVAL, liveFlushMs: 1 });
  const original = realEngine.view;
  try {
    const g = await startedGame(h, 6);
    const { first, rangers } = cast(g);
    await advanceTo(h, local("12-01 21:10:00"));
    const watching = await openLive(h, `/api/games/${g.id}/stream?omit=VoteCast`, rangers[0]!.cookie);
    await eventually(
      () => parse(watching.body()),
      (f) => f.some((x) => x.data.kind === "view"),
    );
    const talk = (text: string) =>
      must(
        call(h, "POST", `/api/games/${g.id}/rooms/killer-room/messages`, first.cookie, {
          requestId: rid(),
          text,
        }),
      );
    // Past the interval: the next hidden batch builds a view, finds nothing new and sends nothing.
    await new Promise((r) => setTimeout(r, INTERVAL + 100));
    let builds = 0;
    realEngine.view = (...args) => {
      builds++;
      return original(...args);
    };
    await talk("密谋");
    await eventually(
      () => builds,
      (n) => n >= 1,
    );
    // Within the interval that view started, twenty more hidden batches build none (the one at its end aside).
    for (let i = 0; i < 20; i++) await talk(`密谋${i}`);
    await new Promise((r) => setTimeout(r, 50));
    assert.ok(builds <= 2, `${builds} views built for 21 hidden batches within one interval`);
    assert.equal(
      parse(watching.body()).filter((x) => x.data.kind === "view").length,
      1,
      "nothing was sent for them",
    );
  } finally {
    realEngine.view = original;
    await h.close();
  }
});
