// Live updates over SSE: per-viewer filtering, the live tally, and resuming from Last-Event-ID.
import assert from "node:assert/strict";
import { get as httpGet, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import type { GameViewResponse, StreamMessage } from "../../src/server/api-types.ts";
import { SESSION_COOKIE } from "../../src/server/app.ts";
import { openStorage } from "../../src/storage/storage.ts";
import { local } from "./fixtures.ts";
import { flakyStorage } from "./flaky-storage.ts";
import {
  advanceTo,
  call,
  cast,
  eventually,
  type Harness,
  makeHarness,
  must,
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
    const { lastSeq } = (await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`))).json;
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
    const { lastSeq } = (await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, first.cookie)))
      .json;
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

/** Listens on a real port and opens a stream there (inject cannot hold one open); `body()` is what has come. */
async function openLive(
  h: Harness,
  path: string,
  cookie: string,
): Promise<{ res: IncomingMessage; body: () => string }> {
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = h.app.server.address() as AddressInfo;
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    httpGet(
      { port, host: "127.0.0.1", path, headers: { cookie: `${SESSION_COOKIE}=${cookie}` } },
      resolve,
    ).on("error", reject),
  );
  let body = "";
  res.on("data", (d: Buffer) => {
    body += d.toString();
  });
  return { res, body: () => body };
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

test("SSE: a burst of votes sends every event at once, and one view at the interval's end with all of them", async () => {
  // Before, every committed batch sent each open stream the viewer's whole view: in a rush with the players'
  // pages open that was most of the server's work (see VIEW_INTERVAL_MS).
  const h = await makeHarness({ liveViewIntervalMs: 2_000 });
  try {
    const g = await startedGame(h, 6);
    const { rangers } = cast(g);
    await advanceTo(h, local("12-02 10:00:00"));
    const { lastSeq } = (await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`))).json;
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
