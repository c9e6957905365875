// The site's originality index over HTTP: kill posts and IOU completions are indexed as they are written, a
// later post's check finds them (sources for referees only), lineage exclusion, rows from other processes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ManualClock } from "../../src/app/clock.ts";
import { realEngine } from "../../src/app/engine-adapter.ts";
import { killPostLineage } from "../../src/app/originality-port.ts";
import { type IndexedOriginality, indexedOriginality } from "../../src/app/originality-service.ts";
import { builtinRulesCatalog } from "../../src/app/rules-catalog.ts";
import { Scheduler } from "../../src/app/scheduler.ts";
import type {
  GameCreatedResponse,
  OriginalityResponse,
  ReportListResponse,
} from "../../src/server/api-types.ts";
import { type BuiltApp, buildApp } from "../../src/server/app.ts";
import { openStorage } from "../../src/storage/storage.ts";
import { createFingerprinter, encodeFingerprints } from "../../src/text/fingerprint.ts";
import { normalise } from "../../src/text/normalise.ts";
import { local, smallRules } from "./fixtures.ts";
import { deafStorage } from "./flaky-storage.ts";
import {
  advanceTo,
  call,
  cast,
  draftGame,
  eventually,
  type Game,
  type Harness,
  must,
  postKill,
  quickAccount,
  REPORT,
  rid,
  startedGame,
} from "./harness.ts";

/** Round 1: posting window 21:00–21:30, posts released 21:30:01. */
const IN_WINDOW = local("12-01 21:10:00");
const AFTER_RELEASE = local("12-01 21:31:00");

/** 60 distinct 字 (北风 verses): any 13-character run of it is a copied passage. */
const KILL_TEXT =
  "北风卷地白草折，胡天八月即飞雪。忽如一夜春风来，千树万树梨花开。散入珠帘湿罗幕，狐裘不暖锦衾薄。将军角弓不得控，都护铁衣冷难着。";
const OWN_TEXT =
  "长街尽头的灯笼一盏一盏熄灭，剑客收起斗笠，在雨里站了很久，终于转身走进那条没有名字的小巷，巷子深处有人在吹笛。";

async function withIndexedGame(fn: (h: Harness, g: Game, o: IndexedOriginality) => Promise<void>) {
  const storage = await openStorage(":memory:");
  const clock = new ManualClock(local("12-01 12:00:00"));
  const originality = await indexedOriginality(storage, { pollMs: 0 });
  const built = await buildApp({
    storage,
    clock,
    engine: realEngine,
    rules: builtinRulesCatalog(),
    originality,
    rateLimits: { login: 100_000, writes: 1_000_000 },
  });
  const scheduler = new Scheduler<unknown>(storage, built.games as never, clock);
  const h: Harness = {
    ...(built as BuiltApp),
    storage,
    clock,
    scheduler,
    async close() {
      await originality.close();
      await built.app.close();
      await storage.close();
    },
  };
  try {
    await fn(h, await startedGame(h, 6), originality);
  } finally {
    await h.close();
  }
}

test("杀帖 要求是本人的原创首发文学作品…不得使用旧贴改编: a kill post is a source for a later post's check at once; players never see the source", async () => {
  await withIndexedGame(async (h, g, originality) => {
    const { first, rangers } = cast(g);
    const before = originality.size;
    await advanceTo(h, IN_WINDOW);
    const post = await postKill(h, g.id, first.cookie, rangers[0]!.seat, KILL_TEXT);
    assert.equal(originality.size, before + 1, "indexed when written, before the response");

    // A later post: a third copied from the kill post, the rest its own.
    const later = `${OWN_TEXT}${KILL_TEXT.slice(0, 30)}`;
    const asReferee = await must(
      call<OriginalityResponse>(h, "POST", `/api/games/${g.id}/originality`, g.referee, { text: later }),
    );
    assert.equal(asReferee.json.available, true);
    assert.ok(asReferee.json.copiedPercent > 20, `copied ${asReferee.json.copiedPercent}%`);
    assert.equal(asReferee.json.flagged, true, "百度内容不得超过20%");
    const sources = asReferee.json.spans.map((s) => s.source);
    assert.deepEqual(
      sources.map((s) => s!.kind),
      ["kill"],
    );
    assert.match(sources[0]!.title!, /第1轮 · 杀帖/);

    // Until its release the post is its poster's and the referees': a player's check leaves it out, or a match
    // would confirm a guess at a post nobody else may read yet (secrecy audit).
    const early = await must(
      call<OriginalityResponse>(h, "POST", `/api/games/${g.id}/originality`, rangers[1]!.cookie, {
        text: later,
      }),
    );
    assert.equal(early.json.copiedPercent, 0);
    assert.deepEqual(early.json.spans, []);
    await advanceTo(h, local("12-01 21:31:00"));

    // 旧帖追魂 is forbidden: the player sees the share and the passages, never whose post they came from.
    const asPlayer = await must(
      call<OriginalityResponse>(h, "POST", `/api/games/${g.id}/originality`, rangers[1]!.cookie, {
        text: later,
      }),
    );
    assert.equal(asPlayer.json.copiedPercent, asReferee.json.copiedPercent);
    assert.deepEqual(
      asPlayer.json.spans.map((s) => [s.start, s.end]),
      asReferee.json.spans.map((s) => [s.start, s.end]),
    );
    assert.ok(
      asPlayer.json.spans.every((s) => !("source" in s)),
      asPlayer.text,
    );
    assert.ok(!asPlayer.text.includes(post.json.postId) && !asPlayer.text.includes("杀帖"));

    // A referee re-checking the published post itself: the post is not its own source.
    const self = { withSources: true, limitPercent: 20, excludePostId: post.json.postId };
    assert.equal((await originality.check(KILL_TEXT, self)).copiedPercent, 0);
    assert.equal(
      (await originality.check(KILL_TEXT, { ...self, excludePostId: "other" })).copiedPercent,
      100,
    );
    // Over HTTP the referee names the post; a player naming it gains nothing (their draft has no post yet).
    const viaRoute = (cookie: string) =>
      call<OriginalityResponse>(h, "POST", `/api/games/${g.id}/originality`, cookie, {
        text: KILL_TEXT,
        postId: post.json.postId,
      });
    assert.equal((await must(viaRoute(g.referee))).json.copiedPercent, 0);
    assert.equal((await must(viaRoute(rangers[1]!.cookie))).json.copiedPercent, 100);

    // Copied later (another game's kill post, a player quoting it): checked again, the published post is still its
    // author's own; only what was there when it was written counts.
    await originality.addDocument!({
      kind: "kill",
      postId: "copy-later",
      gameId: "another-game",
      text: KILL_TEXT,
      label: "另一局 · 第2轮 · 杀帖",
      lineage: "another-game:2:3",
      time: h.clock.now() + 3_600_000,
    });
    assert.equal((await originality.check(KILL_TEXT, self)).copiedPercent, 0, "a later copy is no source");
    assert.equal((await must(viaRoute(g.referee))).json.copiedPercent, 0);

    // A restart loads the same document, its kind, its label and its post id from the database.
    const restarted = await indexedOriginality(h.storage, { pollMs: 0 });
    try {
      const again = await restarted.check(later, { withSources: true, limitPercent: 20 });
      assert.deepEqual(again, asReferee.json);
      assert.equal((await restarted.check(KILL_TEXT, self)).copiedPercent, 0);
    } finally {
      await restarted.close();
    }
  });
});

test("RULINGS 17 (matched as runs of at least 13 characters): a game checks with its rule set's text.minCopiedRun", async () => {
  await withIndexedGame(async (h, g) => {
    const { first, rangers } = cast(g);
    await advanceTo(h, IN_WINDOW);
    await postKill(h, g.id, first.cookie, rangers[0]!.seat, KILL_TEXT);
    // Copied runs of 17 and 16 characters, each across a verse break and holding no whole sentence of its source.
    const later = `${OWN_TEXT}${KILL_TEXT.slice(3, 20)}${OWN_TEXT}${KILL_TEXT.slice(35, 51)}`;
    const referee = await quickAccount(h, "strict-ref");
    const strict = smallRules(6);
    const created = await must(
      call<GameCreatedResponse>(h, "POST", "/api/games", referee, {
        name: "长片段局",
        rulesText: JSON.stringify({ ...strict, text: { ...strict.text, minCopiedRun: 20 } }),
        refereeAlias: "长片段哨子",
      }),
    );
    const check = (gameId: string, cookie: string) =>
      must(call<OriginalityResponse>(h, "POST", `/api/games/${gameId}/originality`, cookie, { text: later }));
    // The default 13: both runs are copied passages.
    const byDefault = (await check(g.id, g.referee)).json;
    assert.equal(byDefault.spans.length, 2, JSON.stringify(byDefault.spans));
    assert.ok(byDefault.copiedWords >= 30, `copied ${byDefault.copiedWords}`);
    // A rule set asking for 20: neither run is long enough.
    const longer = (await check(created.json.game.id, referee)).json;
    assert.equal(longer.copiedWords, 0, JSON.stringify(longer.spans));
    assert.deepEqual(longer.spans, []);
  });
});

test("a referee of one game sees of another game's post only what that game shows the public: never its seat", async () => {
  await withIndexedGame(async (h, g) => {
    const { first, rangers } = cast(g);
    await advanceTo(h, IN_WINDOW);
    await postKill(h, g.id, first.cookie, rangers[0]!.seat, KILL_TEXT);
    // Any account may create a game and referee it; so may the referee of the post's own game.
    const ownGame = async (cookie: string, alias: string) =>
      (
        await must(
          call<GameCreatedResponse>(h, "POST", "/api/games", cookie, {
            name: "探针",
            preset: "airforce-40",
            refereeAlias: alias,
          }),
        )
      ).json.game.id;
    const outsider = await quickAccount(h, "outsider");
    const probe = await ownGame(outsider, "探针哨子");
    const elsewhere = await ownGame(g.referee, "另一局哨子");
    const later = `${OWN_TEXT}${KILL_TEXT.slice(0, 30)}`;
    const check = async (gameId: string, cookie: string) =>
      (
        await must(
          call<OriginalityResponse>(h, "POST", `/api/games/${gameId}/originality`, cookie, { text: later }),
        )
      ).json;
    const full = await check(g.id, g.referee);
    // The label as indexed, without the post id its stored ref ends with (a referee has no use for an id).
    assert.equal(full.spans[0]!.source!.title, `测试局 · 第1轮 · 杀帖 · ${first.seat + 1}号`);

    // Unreleased: nothing at all. It counted once, without its source, but a match then confirmed a guess at the
    // text of a post nobody else may read yet (secrecy audit, thirty-second session).
    const unreleased = await check(probe, outsider);
    assert.equal(unreleased.copiedPercent, 0);
    assert.deepEqual(unreleased.spans, []);

    // Released: the game, the round and the kind, as the public sees the post; not the seat, nor the row id.
    await advanceTo(h, AFTER_RELEASE);
    const released = await check(probe, outsider);
    assert.deepEqual(
      released.spans.map((s) => s.source),
      [{ kind: "kill", ref: null, title: "测试局 · 第1轮 · 杀帖" }],
    );
    assert.ok(!JSON.stringify(released).includes("号"), JSON.stringify(released));

    // Refereeing the post's game is what shows it in full, whichever game the check is made from.
    assert.deepEqual((await check(elsewhere, g.referee)).spans, full.spans);
  });
});

test("a 报道's public copied share counts only posts the public may read: not a kill post before its release", async () => {
  await withIndexedGame(async (h, g) => {
    const { first, rangers } = cast(g);
    await advanceTo(h, IN_WINDOW);
    await postKill(h, g.id, first.cookie, rangers[0]!.seat, KILL_TEXT);
    const referee = await quickAccount(h, "other-ref");
    const signUp = async (name: string) => {
      const id = await draftGame(h, referee, { name, refereeAlias: `${name}哨子` });
      await must(call(h, "POST", `/api/games/${id}/signup/open`, referee));
      const cookie = await quickAccount(h, `${name}-player`);
      await must(
        call(h, "POST", `/api/games/${id}/join`, cookie, { alias: `${name}马甲`, report: KILL_TEXT }),
      );
      const list = await must(call<ReportListResponse>(h, "GET", `/api/games/${id}/reports`));
      return list.json.reports[0]!.copiedPercent;
    };
    // Before the release the kill post is its poster's and its referees': a 报道 with its text shows nothing copied,
    // else anyone could confirm a guess at a hidden post by signing up somewhere with it.
    assert.equal(await signUp("前局"), 0);
    await advanceTo(h, AFTER_RELEASE);
    assert.equal(await signUp("后局"), 100);
  });
});

test("a 报道 found as a source reads as the game, 报道 and the alias, never its post id", async () => {
  await withIndexedGame(async (h, g) => {
    const copied = REPORT.repeat(3);
    const res = await must(
      call<OriginalityResponse>(h, "POST", `/api/games/${g.id}/originality`, g.referee, { text: copied }),
    );
    const titles = new Set(res.json.spans.map((s) => s.source?.title));
    assert.ok(titles.size > 0, JSON.stringify(res.json));
    for (const title of titles) assert.match(title ?? "", /^测试局 · 报道 · p马甲\d+$/);
    assert.ok(!JSON.stringify(res.json.spans).includes("report-"), JSON.stringify(res.json.spans));
  });
});

test("an IOU completion and its kill post share a lineage: neither is a source against the other", async () => {
  await withIndexedGame(async (h, g, originality) => {
    const { first, rangers } = cast(g);
    await advanceTo(h, IN_WINDOW);
    // Under the rule set's killPostMin (20 字): an IOU to complete later.
    const short = KILL_TEXT.slice(0, 16);
    const iou = await postKill(h, g.id, first.cookie, rangers[0]!.seat, short);
    assert.equal(iou.json.iou, true);
    await advanceTo(h, AFTER_RELEASE);
    const completion = `${short}${KILL_TEXT.slice(16)}${OWN_TEXT}`;
    await must(
      call(h, "POST", `/api/games/${g.id}/iou`, first.cookie, { requestId: rid(), text: completion }),
    );

    const request = { withSources: true, limitPercent: 20 };
    const lineage = killPostLineage(g.id, 1, first.seat);
    const own = await originality.check(completion, { ...request, excludeLineage: lineage });
    assert.equal(own.copiedPercent, 0, JSON.stringify(own));
    // Anyone else's text is checked against both.
    const other = await originality.check(completion, request);
    assert.equal(other.copiedPercent, 100);
    assert.deepEqual(new Set(other.spans.map((s) => s.source?.kind)), new Set(["iou"]));

    // Over HTTP: the poster checking a completion draft names the IOU's round; the IOU is not a source against it,
    // while the same round named by another player leaves nothing out (only the caller's own seat counts).
    const draft = `${short}${OWN_TEXT}`;
    const check = (cookie: string) =>
      call<OriginalityResponse>(h, "POST", `/api/games/${g.id}/originality`, cookie, {
        text: draft,
        iouRound: 1,
      });
    assert.equal((await must(check(first.cookie))).json.copiedPercent, 0);
    assert.ok((await must(check(rangers[1]!.cookie))).json.copiedPercent > 0);
    // A referee entering the completion the poster sent names the seat too; a player naming a seat is ignored.
    const asReferee = (cookie: string) =>
      call<OriginalityResponse>(h, "POST", `/api/games/${g.id}/originality`, cookie, {
        text: draft,
        iouRound: 1,
        iouSeat: first.seat,
      });
    assert.equal((await must(asReferee(g.referee))).json.copiedPercent, 0);
    assert.ok((await must(asReferee(rangers[1]!.cookie))).json.copiedPercent > 0);
  });
});

test("rows written by another process (a corpus import) are found by the catch-up without a restart", async () => {
  await withIndexedGame(async (h, g, originality) => {
    const fp = await createFingerprinter();
    const nm = normalise(KILL_TEXT);
    await h.storage.insertTextDocuments([
      {
        kind: "reference",
        source: "边塞诗",
        ref: "岑参《白雪歌送武判官归京》",
        gameId: null,
        ownerKey: null,
        body: KILL_TEXT,
        fingerprints: encodeFingerprints(fp.fingerprints(nm.codes, nm.length), fp.params),
        createdAt: 0,
      },
    ]);
    const request = { withSources: true, limitPercent: 20 };
    assert.equal((await originality.check(KILL_TEXT, request)).copiedPercent, 0, "not yet read");
    assert.equal(await originality.refresh(), 1);
    const found = await originality.check(KILL_TEXT, request);
    assert.equal(found.copiedPercent, 100);
    assert.deepEqual(found.spans[0]?.source, {
      kind: "reference",
      ref: found.spans[0]?.source?.ref,
      title: "岑参《白雪歌送武判官归京》",
    });
    assert.equal(await originality.refresh(), 0, "each row is read once");
    void g;
  });
});

test("documents announced while notifications were lost are read once the notifier reports the gap", async () => {
  const storage = await openStorage(":memory:");
  const control = deafStorage(storage);
  const writer = await indexedOriginality(storage, { pollMs: 0 });
  // No poll: only a notification or the gap's catch-up can bring the writer's document to the reader.
  const reader = await indexedOriginality(control.storage, { pollMs: 0 });
  const request = { withSources: false, limitPercent: 20 };
  try {
    control.deaf = true;
    await writer.addDocument({ kind: "kill", postId: "p-1", gameId: "g-1", text: KILL_TEXT, time: 0 });
    await new Promise((r) => setTimeout(r, 50));
    assert.equal((await reader.check(KILL_TEXT, request)).copiedPercent, 0, "the notification was lost");
    control.deaf = false;
    control.reportGap();
    const copied = await eventually(
      async () => (await reader.check(KILL_TEXT, request)).copiedPercent,
      (percent) => percent > 0,
      20,
    );
    assert.equal(copied, 100, "the reader read the document it missed");
  } finally {
    await reader.close();
    await writer.close();
    await storage.close();
  }
});
