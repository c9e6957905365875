// Poster secrecy: who wrote which kill post, and when it was handed in, stay the poster's and the referees' on every read.
import assert from "node:assert/strict";
import { test } from "node:test";
import type {
  EventListResponse,
  GameEventDto,
  GameViewResponse,
  PostBodyResponse,
  PostResponse,
  StreamMessage,
} from "../../src/server/api-types.ts";
import { local, smallRules } from "./fixtures.ts";
import {
  advanceTo,
  call,
  engineOf,
  type Game,
  type Harness,
  LONG_POST,
  makeHarness,
  must,
  type Player,
  postKill,
  rid,
  startedGame,
  startedPresetGame,
} from "./harness.ts";

/** A kill post of the world: who handed it in, and when (the submission's, or the referee's entry's, time). */
interface Kill {
  postId: string;
  index: number;
  poster: Player;
  handedIn: number;
}

interface World {
  h: Harness;
  g: Game;
  /** 乙, given 甲's turn by 指定出帖人: posts 0 (on the victim) and 4 (on the bomb, so 同归). */
  yi: Player;
  /** 甲, whose turn went to 乙. */
  jia: Player;
  /** 丙: post 1 voided before the release; post 2 on the victim too, complained of, 白条, accepted, voided, reinstated. */
  bing: Player;
  /** 丁: post 3, entered by the referee. */
  ding: Player;
  bomb: Player;
  /** Out by posts 0 and 2: the dead viewer. */
  victim: Player;
  /** Filed the complaint on post 2: the living viewer. */
  complainer: Player;
  released: Kill[];
  /** Post 1: handed in, voided before the release, never released. */
  unreleased: Kill;
  /** When the posts came out (its PostsReleased): the only time a non-poster may see on a released post. */
  releaseAt: number;
  /**
   * A released post's public number, by its engine index: its place by unit (the plan's order: killers, then
   * assassins), then target seat, worked out here from the referee's log apart from the engine's public-posts.ts.
   */
  publicOf: ReadonlyMap<number, number>;
  /** Times nobody but the referees and the seat concerned may see an event at: hand-ins, and rulings on them. */
  secretTimes: Map<number, string>;
  cookies: { other: string; admin: string };
}

/** Ten seats: two killers and two assassins with two posts each in round 1, a bomb that takes its poster (同归). */
function rules(): string {
  const base = smallRules(10);
  return JSON.stringify({
    ...base,
    id: "poster-secrecy",
    roles: [
      base.roles[0]!,
      {
        id: "assassin",
        name: "刺客",
        camp: "black",
        count: 2,
        codes: ["丙", "丁"],
        group: "assassin",
        post: "kill",
        // RULINGS 10: the victim of posts 0 and 2 has no half vote while post 2 stands, so voiding it rejudges the out.
        victimsHalfVote: false,
      },
      {
        id: "bomb",
        name: "明蛋",
        camp: "white",
        count: 1,
        bomb: { takesPoster: true, activeThroughRound: 2 },
      },
      { id: "ranger", name: "游侠", camp: "white", count: 5 },
    ],
    groups: [
      { id: "killer", name: "杀手组" },
      { id: "assassin", name: "刺客组" },
    ],
    progression: [
      { round: 1, voteOut: 1, posts: { killer: 2, assassin: 2 } },
      { round: 2, voteOut: 1, posts: { killer: 1, assassin: 1 } },
    ],
  });
}

async function world(): Promise<World> {
  const h = await makeHarness();
  const g = await startedPresetGame(h, {
    preset: "",
    rulesText: rules(),
    players: 10,
    prefix: "s",
    seed: "poster-secrecy",
    round1At: local("12-01 21:00:00"),
  });
  const other = await startedGame(h, 6, "o");
  const seat = (role: string, code: string | null = null) =>
    g.players.find((p) => p.role === role && (code === null || p.code === code))!;
  const jia = seat("killer", "甲");
  const yi = seat("killer", "乙");
  const bing = seat("assassin", "丙");
  const ding = seat("assassin", "丁");
  const bomb = seat("bomb");
  const [victim, aside, complainer] = g.players.filter((p) => p.role === "ranger") as [
    Player,
    Player,
    Player,
  ];
  const secretTimes = new Map<number, string>();
  const at = async (time: string, secret?: string) => {
    await advanceTo(h, local(time));
    if (secret) secretTimes.set(local(time), secret);
  };
  const override = (o: Record<string, unknown>, reason: string) =>
    must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: o,
        reason,
      }),
    );
  const kill = (res: { json: PostResponse }, index: number, poster: Player, handedIn: number): Kill => ({
    postId: res.json.postId,
    index,
    poster,
    handedIn,
  });

  await at("12-01 21:02:00", "指定出帖人");
  await override({ action: "assign-turn", unit: "killer", seat: yi.seat }, "甲两天未上线");
  await at("12-01 21:03:00", "乙交帖 0");
  const k0 = kill(await postKill(h, g.id, yi.cookie, victim.seat), 0, yi, local("12-01 21:03:00"));
  await at("12-01 21:04:00", "丙交帖 1");
  const k1 = kill(await postKill(h, g.id, bing.cookie, aside.seat), 1, bing, local("12-01 21:04:00"));
  await at("12-01 21:05:00", "放出前作废帖 1");
  await override({ action: "void-post", poster: bing.seat }, "发错目标");
  await at("12-01 21:06:00", "丙交帖 2");
  const k2 = kill(await postKill(h, g.id, bing.cookie, victim.seat), 2, bing, local("12-01 21:06:00"));
  await at("12-01 21:07:00", "哨子录入丁的帖 3");
  const entered = await must(
    call<PostResponse>(h, "POST", `/api/games/${g.id}/referee/kill-posts`, g.referee, {
      requestId: rid(),
      poster: ding.seat,
      target: aside.seat,
      text: `${LONG_POST}（站外私信哨子代发）`,
    }),
  );
  const k3 = kill(entered, 3, ding, local("12-01 21:07:00"));
  await at("12-01 21:08:00", "乙交帖 4");
  const k4 = kill(await postKill(h, g.id, yi.cookie, bomb.seat), 4, yi, local("12-01 21:08:00"));

  // The window closes at 21:30; everything after is about released posts, public in what it did, not in who.
  await at("12-01 21:31:00");
  await at("12-01 21:40:00");
  // The complainer names post 2 as players read it: by the public number the view gives its body.
  const seen = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, complainer.cookie));
  const named = engineOf(seen.json.view).rounds[0]!.posts!.find((p) => p.postId === k2.postId)!.index;
  await must(
    call(h, "POST", `/api/games/${g.id}/complaints`, complainer.cookie, {
      requestId: rid(),
      round: 1,
      post: named,
      text: "Word 里只有 30 字",
    }),
  );
  await at("12-01 21:45:00");
  await must(
    call(h, "POST", `/api/games/${g.id}/referee/complaint-rulings`, g.referee, {
      requestId: rid(),
      against: bing.seat,
      upheld: true,
      asIou: true,
      reason: "字数不足，按白条处理",
      round: 1,
      post: 2,
    }),
  );
  await at("12-01 21:50:00");
  await override({ action: "accept-iou", round: 1, post: 2 }, "WPS 统计够字");
  await at("12-01 21:55:00");
  await override({ action: "void-post", poster: bing.seat, round: 1, post: 2 }, "格式不符");
  await at("12-01 22:00:00");
  await override({ action: "reinstate-post", round: 1, post: 2 }, "作废有误，恢复");
  await at("12-01 22:05:00");
  await override({ action: "void-post", poster: yi.seat, round: 1, post: 4 }, "目标写错");
  await at("12-01 22:10:00");

  const log = await refereeLog(h, g);
  // The release, public: what a released post's text shows as its time (game-reads.ts).
  const releaseAt = log.find((e) => e.type === "PostsReleased" && e.data.round === 1)!.at;
  const units = ["killer", "assassin"];
  const out = log.find((e) => e.type === "PostsReleased")!.data.posts as {
    index: number;
    unit: string;
    target: number;
  }[];
  const ordered = [...out].sort(
    (a, b) => units.indexOf(a.unit) - units.indexOf(b.unit) || a.target - b.target || a.index - b.index,
  );
  const publicOf = new Map(ordered.map((p, n) => [p.index, n]));
  return {
    h,
    g,
    yi,
    jia,
    bing,
    ding,
    bomb,
    victim,
    complainer,
    released: [k0, k2, k3, k4],
    unreleased: k1,
    releaseAt,
    publicOf,
    secretTimes,
    cookies: { other: other.players[0]!.cookie, admin: await setUpAdmin(h) },
  };
}

async function setUpAdmin(h: Harness): Promise<string> {
  const token = (await h.accounts.prepareAdminSetup())!;
  await must(
    call(h, "POST", "/api/setup", undefined, { token, username: "site-admin", password: "password123" }),
  );
  const res = await h.app.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ username: "site-admin", password: "password123" }),
  });
  return res.cookies[0]!.value;
}

async function refereeLog(h: Harness, g: Game): Promise<GameEventDto[]> {
  return (await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/referee/log`, g.referee))).json
    .events;
}

const overrideAction = (e: GameEventDto): string | undefined =>
  e.type === "OverrideApplied" ? (e.data.override as { action?: string }).action : undefined;

/** What one viewer reads of the game: its feed, its stream (events and the closing view), its view, the post bodies. */
interface Crawl {
  events: GameEventDto[];
  stream: { events: GameEventDto[]; views: unknown[]; text: string };
  view: GameViewResponse;
  viewText: string;
  eventsText: string;
  bodies: { kill: Kill; status: number; body: PostBodyResponse; text: string }[];
  unreleasedStatus: number;
}

async function crawl(w: World, cookie: string | undefined): Promise<Crawl> {
  const base = `/api/games/${w.g.id}`;
  const events = await must(call<EventListResponse>(w.h, "GET", `${base}/events`, cookie));
  const stream = await call(w.h, "GET", `${base}/stream?limit=0&after=0`, cookie);
  assert.equal(stream.status, 200, stream.text);
  const messages = stream.text
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice("data: ".length)) as StreamMessage);
  const view = await must(call<GameViewResponse>(w.h, "GET", base, cookie));
  const bodies = [];
  for (const kill of w.released) {
    const res = await call<PostBodyResponse>(w.h, "GET", `${base}/posts/${kill.postId}`, cookie);
    bodies.push({ kill, status: res.status, body: res.json, text: res.text });
  }
  const unreleased = await call(w.h, "GET", `${base}/posts/${w.unreleased.postId}`, cookie);
  return {
    events: events.json.events,
    eventsText: events.text,
    stream: {
      events: messages.flatMap((m) => (m.kind === "game-event" ? [m.event] : [])),
      views: messages.flatMap((m) => (m.kind === "view" ? [m.view] : [])),
      text: stream.text,
    },
    view: view.json,
    viewText: view.text,
    bodies,
    unreleasedStatus: unreleased.status,
  };
}

/** Every non-null `poster` anywhere in a value, with its path: a poster seat the viewer was given. */
function postersIn(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => postersIn(v, `${path}[${i}]`));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === "poster" && v !== null && v !== undefined
      ? [`${path}.${k}=${JSON.stringify(v)}`]
      : postersIn(v, `${path}.${k}`),
  );
}

/** Events that speak of a post: a poster's alias or account name must not stand in any of them. */
const ABOUT_POSTS = new Set([
  "PostsReleased",
  "PlayerOut",
  "PlayerRevived",
  "PostOutRejudged",
  "PostFiringVoided",
  "BombFired",
  "OverrideApplied",
  "ComplaintRuledIou",
  "ComplaintDismissed",
  "ComplaintUpheld",
  "IouOpened",
  "IouCompleted",
  "IouFailed",
  "app.ComplaintFiled",
]);

/**
 * Everything in one viewer's crawl that tells it a poster, a hand-in time, a referee's entry, or the unreleased post.
 * BombFired's and PostFiringVoided's `victim` is post 4's poster by the rules themselves (同归 is announced: the bomb
 * takes its poster out in public), so only `poster` and a post out's `by` are held to be secret.
 */
function leaksOf(w: World, who: string, c: Crawl, log: ReadonlyMap<number, GameEventDto>): string[] {
  const leaks: string[] = [];
  const posters = [...w.released, w.unreleased].map((k) => k.poster);
  for (const [where, events] of [
    ["events", c.events],
    ["stream", c.stream.events],
  ] as const) {
    for (const e of events) {
      const label = `${who} ${where} #${e.seq} ${e.type} ${JSON.stringify(e.data).slice(0, 200)}`;
      if (e.type === "KillPostSubmitted" || e.type === "ComplaintFiled" || e.type === "app.KillPostEntered")
        leaks.push(`${label}: hidden type shown`);
      if (overrideAction(e) === "assign-turn") leaks.push(`${label}: 指定出帖人 shown`);
      for (const p of postersIn(e.data)) leaks.push(`${label}: poster ${p}`);
      if (e.type === "PlayerOut" && e.data.cause === "post" && e.data.by !== null) leaks.push(`${label}: by`);
      if (e.type === "PostOutRejudged" && e.data.by !== null) leaks.push(`${label}: by`);
      if (e.type === "app.ComplaintFiled" && e.data.against !== undefined) leaks.push(`${label}: against`);
      const secret = w.secretTimes.get(e.at);
      if (secret) leaks.push(`${label}: at the time of ${secret}`);
      // A post is named by its public number, that of the very post the referee's log names by its engine index
      // (the engine index is the hand-in order, and its gaps tell of the unreleased post).
      const logged = log.get(e.seq);
      const override = e.data.override as { round?: number; post?: number } | undefined;
      const loggedOverride = logged?.data.override as { round?: number; post?: number } | undefined;
      for (const [shown, raw] of [
        [e.data.post, logged?.data.post],
        [override?.post, loggedOverride?.post],
      ] as const) {
        if (shown === undefined && raw === undefined) continue;
        if (raw === w.unreleased.index && e.data.round === 1)
          leaks.push(`${label}: speaks of the unreleased post`);
        else if (typeof raw === "number" && shown !== w.publicOf.get(raw))
          leaks.push(
            `${label}: post ${String(shown)}, not the public number ${w.publicOf.get(raw)} of post ${raw}`,
          );
      }
      if (e.type === "PostsReleased") {
        const posts = e.data.posts as { index: number; postId?: string }[];
        const numbers = posts.map((p) => p.index);
        if (JSON.stringify(numbers) !== JSON.stringify(posts.map((_, n) => n)))
          leaks.push(`${label}: released posts numbered ${JSON.stringify(numbers)}, not 0..n-1`);
      }
      if (ABOUT_POSTS.has(e.type)) {
        const text = JSON.stringify(e.data);
        for (const p of posters) if (text.includes(p.alias)) leaks.push(`${label}: poster alias ${p.alias}`);
      }
    }
  }
  for (const [where, view] of [
    ["view", c.view.view],
    ...c.stream.views.map((v, i) => [`stream view ${i}`, v] as const),
  ] as const) {
    for (const p of postersIn(view)) leaks.push(`${who} ${where}: poster ${p}`);
    const posts = engineOf(view as GameViewResponse["view"])?.rounds[0]?.posts ?? [];
    const numbers = posts.map((p) => p.index);
    if (JSON.stringify(numbers) !== JSON.stringify(posts.map((_, n) => n)))
      leaks.push(`${who} ${where}: released posts numbered ${JSON.stringify(numbers)}, not 0..n-1`);
    for (const p of posts) {
      const kill = w.released.find((k) => k.postId === p.postId);
      if (kill && w.publicOf.get(kill.index) !== p.index)
        leaks.push(
          `${who} ${where}: post ${kill.index} shown as ${p.index}, not ${w.publicOf.get(kill.index)}`,
        );
    }
  }
  // Whatever the field, a raw hand-in time, the unreleased post's id or a poster's account is a leak anywhere.
  for (const [where, text] of [
    ["events", c.eventsText],
    ["stream", c.stream.text],
    ["view", c.viewText],
    ...c.bodies.map((b) => [`post ${b.kill.index}`, b.text] as const),
  ] as const) {
    for (const [time, what] of w.secretTimes)
      if (text.includes(String(time))) leaks.push(`${who} ${where}: the time of ${what}`);
    if (text.includes(w.unreleased.postId)) leaks.push(`${who} ${where}: the unreleased post's id`);
    for (const p of posters)
      if (text.includes(p.username)) leaks.push(`${who} ${where}: ${p.username}, a poster's account`);
  }
  for (const b of c.bodies) {
    const label = `${who} post ${b.kill.index}`;
    if (b.status !== 200) {
      leaks.push(`${label}: ${b.status}, a released post unreadable (${b.text.slice(0, 100)})`);
      continue;
    }
    if (b.body.createdAt !== w.releaseAt)
      leaks.push(`${label}: createdAt ${b.body.createdAt}, not the release`);
    if (b.body.script !== undefined) leaks.push(`${label}: the referee's script check`);
    for (const p of posters) if (b.text.includes(p.alias)) leaks.push(`${label}: poster alias ${p.alias}`);
  }
  if (c.unreleasedStatus !== 404) leaks.push(`${who} reads the unreleased post: ${c.unreleasedStatus}`);
  return leaks;
}

test("the world holds every event that names a poster or a hand-in time, in the referee's log", async () => {
  const w = await world();
  try {
    const log = await refereeLog(w.h, w.g);
    const types = new Set(log.map((e) => e.type));
    for (const type of [
      "KillPostSubmitted",
      "PostsReleased",
      "ComplaintFiled",
      "app.ComplaintFiled",
      "ComplaintRuledIou",
      "IouOpened",
      "PlayerOut",
      "BombFired",
      "PostOutRejudged",
      "PostFiringVoided",
    ])
      assert.ok(types.has(type), `the world produced ${type}`);
    assert.deepEqual(
      log.filter((e) => e.type === "OverrideApplied").map((e) => [overrideAction(e), e.data.override]),
      [
        ["assign-turn", { action: "assign-turn", unit: "killer", seat: w.yi.seat, from: w.jia.seat }],
        ["void-post", { action: "void-post", poster: w.bing.seat, round: 1, post: 1 }],
        [
          "accept-iou",
          { action: "accept-iou", round: 1, post: 2, poster: w.bing.seat, target: w.victim.seat },
        ],
        ["void-post", { action: "void-post", poster: w.bing.seat, round: 1, post: 2 }],
        [
          "reinstate-post",
          { action: "reinstate-post", round: 1, post: 2, poster: w.bing.seat, target: w.victim.seat },
        ],
        ["void-post", { action: "void-post", poster: w.yi.seat, round: 1, post: 4 }],
      ],
    );
    // Each hand-in is in the log at its time, by its poster: the times the crawl looks for are the real ones.
    const submitted = log.filter((e) => e.type === "KillPostSubmitted");
    assert.deepEqual(
      submitted.map((e) => [e.at, e.data.poster, e.data.postId]),
      [...w.released, w.unreleased]
        .sort((a, b) => a.index - b.index)
        .map((k) => [k.handedIn, k.poster.seat, k.postId]),
    );
    // 录入杀帖 is signed on the post's own event, so it makes no more hidden events than a player's own post.
    const entered = submitted.filter((e) => typeof e.data.referee === "string");
    assert.deepEqual(
      entered.map((e) => [e.at, e.data.poster]),
      [[w.released[2]!.handedIn, w.ding.seat]],
    );
    assert.ok(!types.has("app.KillPostEntered"));
    const released = log.find((e) => e.type === "PostsReleased")!;
    assert.deepEqual(
      (released.data.posts as { index: number; poster: number }[]).map((p) => [p.index, p.poster]),
      w.released.map((k) => [k.index, k.poster.seat]),
    );
    // The victim is out by posts 0 and 2 throughout, so each change to post 2 rejudged its out (by post 0 of 乙).
    assert.deepEqual(
      log.filter((e) => e.type === "PostOutRejudged").map((e) => [e.data.seat, e.data.by, e.data.halfVote]),
      [
        [w.victim.seat, w.yi.seat, true],
        [w.victim.seat, w.yi.seat, false],
      ],
    );
    assert.ok(
      log.some((e) => e.type === "PlayerOut" && e.data.cause === "post" && e.data.by === w.yi.seat),
      "a post out names its poster in the log",
    );
    // The release is when the posts came out, after every hand-in and before every ruling on a released post.
    assert.ok(w.released.every((k) => k.handedIn < w.releaseAt));
  } finally {
    await w.h.close();
  }
});

test("the posters and the referee read their own: seats, hand-in times, the entry and the unreleased post", async () => {
  const w = await world();
  try {
    const ref = await crawl(w, w.g.referee);
    assert.ok(ref.events.some((e) => e.type === "KillPostSubmitted" && e.data.poster === w.yi.seat));
    assert.ok(ref.events.some((e) => e.type === "KillPostSubmitted" && typeof e.data.referee === "string"));
    assert.deepEqual(
      ref.bodies.map((b) => b.body.createdAt),
      w.released.map((k) => k.handedIn),
      "the referee reads each post's hand-in time",
    );
    assert.equal(ref.unreleasedStatus, 200);
    const log = new Map((await refereeLog(w.h, w.g)).map((e) => [e.seq, e]));
    assert.notDeepEqual(
      leaksOf(w, "referee", ref, log),
      [],
      "the leak check finds what the referee may know",
    );
    assert.deepEqual(
      engineOf(ref.view.view).rounds[0]!.posts!.map((p) => p.index),
      [0, 2, 3, 4],
      "the referee reads the engine's indices, the gap of the unreleased post included",
    );

    // 乙: its own two posts, its turn given by 指定出帖人, its post holding the victim out.
    const yi = await crawl(w, w.yi.cookie);
    const own = (e: GameEventDto) => e.type === "KillPostSubmitted" && e.data.poster === w.yi.seat;
    assert.deepEqual(
      yi.events.filter(own).map((e) => e.at),
      [w.released[0]!.handedIn, w.released[3]!.handedIn],
    );
    assert.deepEqual(
      yi.events.filter((e) => overrideAction(e) === "assign-turn").map((e) => e.data.override),
      [{ action: "assign-turn", unit: "killer", seat: w.yi.seat }],
    );
    assert.ok(yi.events.some((e) => e.type === "PostOutRejudged" && e.data.by === w.yi.seat));
    assert.ok(
      yi.events.some((e) => e.type === "PlayerOut" && e.data.cause === "post" && e.data.by === w.yi.seat),
    );
    const yiPosts = engineOf(yi.view.view).rounds[0]!.posts!;
    assert.deepEqual(
      yiPosts.filter((p) => p.poster !== null).map((p) => [p.index, p.poster]),
      [w.publicOf.get(0)!, w.publicOf.get(4)!].sort().map((n) => [n, w.yi.seat]),
      "the poster too reads its posts by public number",
    );
    assert.deepEqual(
      yi.bodies.filter((b) => b.kill.poster === w.yi).map((b) => b.body.createdAt),
      [w.released[0]!.handedIn, w.released[3]!.handedIn],
      "the poster reads its own hand-in times",
    );

    // 甲 learns its turn went to 乙, not who posted it.
    const jia = await crawl(w, w.jia.cookie);
    assert.deepEqual(
      jia.events.filter((e) => overrideAction(e) === "assign-turn").map((e) => e.data.override),
      [{ action: "assign-turn", unit: "killer", from: w.jia.seat }],
    );

    // 丙: its unreleased post and the ruling that voided it (naming no post: it never got a number), the 白条 ruling
    // naming it, its own hand-in time.
    const bing = await crawl(w, w.bing.cookie);
    assert.equal(bing.unreleasedStatus, 200);
    assert.deepEqual(
      bing.events.filter((e) => overrideAction(e) === "void-post").map((e) => e.data.override),
      [
        { action: "void-post", poster: w.bing.seat },
        { action: "void-post", poster: w.bing.seat, round: 1, post: w.publicOf.get(2) },
        { action: "void-post", poster: null, round: 1, post: w.publicOf.get(4) },
      ],
    );
    assert.deepEqual(
      engineOf(bing.view.view)
        .you?.posts.filter((p) => p.round === 1)
        .map((p) => [p.index, p.voided]),
      [
        [null, true],
        [w.publicOf.get(2), false],
      ],
      "its own unreleased post shows no number",
    );
    assert.equal(bing.events.find((e) => e.type === "ComplaintRuledIou")?.data.poster, w.bing.seat);
    assert.deepEqual(
      bing.events
        .filter((e) => ["accept-iou", "reinstate-post"].includes(overrideAction(e) ?? ""))
        .map((e) => (e.data.override as { poster?: number }).poster),
      [w.bing.seat, w.bing.seat],
    );
    assert.equal(bing.bodies.find((b) => b.kill.index === 2)?.body.createdAt, w.released[1]!.handedIn);

    // 丁: told that a referee entered its post, and when.
    const ding = await crawl(w, w.ding.cookie);
    const entry = ding.events.find(
      (e) => e.type === "KillPostSubmitted" && typeof e.data.referee === "string",
    );
    assert.deepEqual([entry?.at, entry?.data.postId], [w.released[2]!.handedIn, w.released[2]!.postId]);
    assert.equal(ding.bodies.find((b) => b.kill.index === 3)?.body.createdAt, w.released[2]!.handedIn);
  } finally {
    await w.h.close();
  }
});

test("no one but a referee or the poster reads who wrote a kill post or when it was handed in: events, stream, view, post bodies", async () => {
  const w = await world();
  try {
    const viewers: [string, string | undefined][] = [
      ["another player (the complainer)", w.complainer.cookie],
      ["a dead player (the posts' victim)", w.victim.cookie],
      ["the bomb", w.bomb.cookie],
      ["another game's player", w.cookies.other],
      ["anonymous", undefined],
      ["the admin", w.cookies.admin],
    ];
    const crawls: [string, Crawl][] = [];
    for (const [who, cookie] of viewers) crawls.push([who, await crawl(w, cookie)]);
    const log = new Map((await refereeLog(w.h, w.g)).map((e) => [e.seq, e]));
    assert.deepEqual(
      crawls.flatMap(([who, c]) => leaksOf(w, who, c, log)),
      [],
    );
    // The crawl saw the world: the posts came out, each ruling on a released post was announced, the bodies read.
    for (const [who, c] of crawls) {
      for (const events of [c.events, c.stream.events]) {
        assert.ok(
          events.some((e) => e.type === "PostsReleased"),
          `${who} sees the release`,
        );
        assert.ok(
          events.some((e) => e.type === "ComplaintRuledIou"),
          `${who} sees the 白条 ruling`,
        );
        assert.ok(
          events.some((e) => e.type === "PostOutRejudged"),
          `${who} sees the rejudged out`,
        );
        assert.ok(
          events.some((e) => e.type === "PostFiringVoided"),
          `${who} sees the 同归 taken back`,
        );
        assert.deepEqual(
          events.map(overrideAction).filter((a) => a !== undefined),
          ["accept-iou", "void-post", "reinstate-post", "void-post"],
          `${who} sees the rulings on released posts`,
        );
      }
      assert.equal(c.stream.views.length, 1, `${who}'s stream ends with a view`);
      assert.deepEqual(
        engineOf(c.view.view).rounds[0]!.posts!.map((p) => [p.index, p.postId]),
        [...w.released]
          .sort((a, b) => w.publicOf.get(a.index)! - w.publicOf.get(b.index)!)
          .map((k) => [w.publicOf.get(k.index), k.postId]),
        `${who} sees the released posts in the view, by public number`,
      );
      assert.deepEqual(
        c.bodies.map((b) => b.body.text.startsWith(LONG_POST)),
        [true, true, true, true],
        `${who} reads the released posts' text`,
      );
    }
  } finally {
    await w.h.close();
  }
});
