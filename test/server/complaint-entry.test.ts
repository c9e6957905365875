// 录入举报 over HTTP: a complaint the 哨群 received off the site, entered by the referee, judged by its receipt time.
import assert from "node:assert/strict";
import { test } from "node:test";
import type {
  ApiError,
  CommandResponse,
  EventListResponse,
  InboxResponse,
} from "../../src/server/api-types.ts";
import { local } from "./fixtures.ts";
import {
  advanceTo,
  call,
  cast,
  type Game,
  type Harness,
  must,
  postKill,
  quickAccount,
  rid,
  withStartedGame,
} from "./harness.ts";

/** Round 1: posts released 12-01 21:30:01, complaints taken until 12-02 16:00:00 (seed 000 「至次日16点前」). */
const RELEASED = local("12-01 21:30:01");
const AFTER_WINDOW = local("12-02 17:00:00");

/** Round 1's one post: 甲's on the last ranger, released at 21:30:01. */
async function released(h: Harness, g: Game): Promise<void> {
  const { first, rangers } = cast(g);
  await advanceTo(h, local("12-01 21:10:00"));
  await postKill(h, g.id, first.cookie, rangers[3]!.seat);
  await advanceTo(h, RELEASED);
}

function enter(h: Harness, g: Game, cookie: string, body: Record<string, unknown>) {
  return call<ApiError & CommandResponse>(h, "POST", `/api/games/${g.id}/referee/complaints`, cookie, {
    requestId: rid(),
    round: 1,
    post: 0,
    text: "QQ上举报：疑似旧帖",
    ...body,
  });
}

const events = async (h: Harness, g: Game, path: string, cookie: string) =>
  (await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/${path}`, cookie))).json.events;

test("录入举报: received by 16:00 and entered at 17:00, it is the complainant's, waits in the inbox and is ruled on", async () => {
  await withStartedGame(async (h, g) => {
    const { first, rangers } = cast(g);
    const [a, b] = rangers;
    await released(h, g);
    await advanceTo(h, AFTER_WINDOW);
    // The window has closed: a player's own complaint is refused now.
    const own = await call<ApiError>(h, "POST", `/api/games/${g.id}/complaints`, a!.cookie, {
      requestId: rid(),
      round: 1,
      post: 0,
      text: "x",
    });
    assert.equal(own.json.error.code, "complaint.after-deadline");

    const received = local("12-02 15:30:00");
    const entered = await enter(h, g, g.referee, { receivedAt: received, complainant: a!.seat });
    assert.equal(entered.status, 200, entered.text);
    assert.equal(entered.json.receivedAt, AFTER_WINDOW, "entered at the server's clock");
    // The referees' log: the engine's record and the complaint, both with the receipt and who entered it.
    const log = await events(h, g, "referee/log", g.referee);
    const filed = log.find((e) => e.type === "ComplaintFiled");
    assert.deepEqual(filed?.data, {
      round: 1,
      post: 0,
      poster: first.seat,
      receivedAt: received,
      referee: "p哨子",
    });
    const app = log.find((e) => e.type === "app.ComplaintFiled");
    assert.deepEqual(app?.data, {
      seat: a!.seat,
      alias: a!.alias,
      against: first.seat,
      round: 1,
      post: 0,
      text: "QQ上举报：疑似旧帖",
      receivedAt: received,
      referee: "p哨子",
    });
    // The complainant sees it as its own complaint, without the poster; another player sees nothing of it.
    const mine = (await events(h, g, "events", a!.cookie)).filter((e) => e.type.includes("ComplaintFiled"));
    assert.deepEqual(
      mine.map((e) => [e.type, e.data.against, e.data.receivedAt]),
      [["app.ComplaintFiled", undefined, received]],
    );
    const others = await events(h, g, "events", b!.cookie);
    assert.ok(!others.some((e) => e.type.includes("ComplaintFiled")));

    // The 哨群's own entry names nobody.
    const group = await enter(h, g, g.referee, { receivedAt: local("12-02 09:00:00"), text: "哨子查到旧帖" });
    assert.equal(group.status, 200, group.text);

    const inbox = async () =>
      (await must(call<InboxResponse>(h, "GET", `/api/games/${g.id}/referee/inbox`, g.referee))).json.items
        .filter((i) => i.kind === "complaint")
        .map((i) => [
          i.fromSeat,
          i.fromAlias,
          i.against,
          i.receivedAt,
          i.enteredBy,
          i.handled?.outcome ?? null,
        ]);
    assert.deepEqual(await inbox(), [
      [a!.seat, a!.alias, first.seat, received, "p哨子", null],
      [null, "", first.seat, local("12-02 09:00:00"), "p哨子", null],
    ]);
    // Taken in, it may be ruled on past the window, as one filed in it.
    const ruled = await call(h, "POST", `/api/games/${g.id}/referee/complaint-rulings`, g.referee, {
      requestId: rid(),
      against: first.seat,
      upheld: true,
      reason: "查实为旧帖",
      round: 1,
      post: 0,
    });
    assert.equal(ruled.status, 200, ruled.text);
    assert.deepEqual(
      (await inbox()).map((x) => x.at(-1)),
      ["upheld", "upheld"],
    );
  });
});

test("录入举报 refused: received after the deadline, after now, before the release; a post not out; a player; an unknown seat", async () => {
  await withStartedGame(async (h, g) => {
    const { rangers } = cast(g);
    // Before the release there is no post to complain of.
    await advanceTo(h, local("12-01 21:10:00"));
    const early = await enter(h, g, g.referee, { receivedAt: local("12-01 21:05:00") });
    assert.deepEqual([early.status, early.json.error.code], [404, "post-not-found"]);
    await released(h, g);
    await advanceTo(h, AFTER_WINDOW);

    const late = await enter(h, g, g.referee, { receivedAt: local("12-02 16:00:01") });
    assert.equal(late.status, 409);
    assert.equal(late.json.error.code, "complaint.after-deadline");
    assert.equal(
      late.json.error.message,
      "哨群收到举报的时间（12月2日 16:00:01）已过举报期限（12月2日 16:00:00），逾期不再受理",
    );
    const future = await enter(h, g, g.referee, { receivedAt: AFTER_WINDOW + 1000 });
    assert.equal(future.json.error.code, "complaint.received-in-future");
    assert.equal(
      future.json.error.message,
      "收到举报的时间（12月2日 17:00:01）晚于现在（12月2日 17:00:00），请填写哨群实际收到举报的时间",
    );
    const before = await enter(h, g, g.referee, { receivedAt: RELEASED - 1000 });
    assert.equal(before.json.error.code, "complaint.received-before-release");
    assert.match(before.json.error.message, /早于第1轮杀帖的发布时间（12月1日 21:30:01）/);
    const noPost = await enter(h, g, g.referee, { receivedAt: local("12-02 10:00:00"), post: 3 });
    assert.deepEqual([noPost.status, noPost.json.error.code], [404, "post-not-found"]);
    const byPlayer = await enter(h, g, rangers[0]!.cookie, { receivedAt: local("12-02 10:00:00") });
    assert.equal(byPlayer.status, 403);
    const unknown = await enter(h, g, g.referee, { receivedAt: local("12-02 10:00:00"), complainant: 77 });
    assert.deepEqual([unknown.status, unknown.json.error.code], [409, "seat-unknown"]);
    const noTime = await enter(h, g, g.referee, {});
    assert.equal(noTime.status, 400);
    // Nothing was recorded by any of them.
    const log = await events(h, g, "referee/log", g.referee);
    assert.ok(!log.some((e) => e.type.includes("ComplaintFiled")));
  });
});

test("录入举报 for a seat a 替补 took after the 哨群 received it: refused (the complaint is the earlier player's); after it, taken", async () => {
  await withStartedGame(async (h, g) => {
    const { rangers } = cast(g);
    const seat = rangers[0]!.seat;
    await released(h, g);
    await advanceTo(h, local("12-02 12:00:00"));
    await quickAccount(h, "sub-player");
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/substitutes`, g.referee, {
        requestId: rid(),
        seat,
        username: "sub-player",
        alias: "替补甲",
      }),
    );
    await advanceTo(h, local("12-02 15:00:00"));
    const before = await enter(h, g, g.referee, { receivedAt: local("12-02 10:00:00"), complainant: seat });
    assert.deepEqual([before.status, before.json.error.code], [409, "complainant-replaced"]);
    assert.match(before.json.error.message, /换了替补（现为「替补甲」）/);
    await must(enter(h, g, g.referee, { receivedAt: local("12-02 10:00:00") }));
    const after = await enter(h, g, g.referee, { receivedAt: local("12-02 13:00:00"), complainant: seat });
    assert.equal(after.status, 200, JSON.stringify(after.json));
  });
});
