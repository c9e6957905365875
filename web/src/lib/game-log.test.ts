// The players' game log: each viewer's own (redacted) feed reads as sentences, the important ones by default.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { GameEvent } from "../../../src/engine/events.ts";
import { evolve } from "../../../src/engine/evolve.ts";
import { simulateDayNight } from "../../../src/engine/night/sim.ts";
import { simulate } from "../../../src/engine/sim.ts";
import { initialState } from "../../../src/engine/state.ts";
import { preset } from "../../../src/engine/test-kit.ts";
import { redactEvent, type Viewer } from "../../../src/engine/view.ts";
import type { GameEventDto, GameInfo } from "../../../src/server/api-types.ts";
import { IMPORTANT_TYPES, logItems, mergeBySeq, viewerLogNames } from "./game-log.ts";

const T0 = Date.UTC(2024, 11, 4, 10, 0, 0);

/** The feed a viewer gets: each event redacted against the state after it, as the server sends it (toDto). */
function feedOf(events: readonly GameEvent[], viewer: Viewer): GameEventDto[] {
  let state = initialState;
  const out: GameEventDto[] = [];
  events.forEach((event, i) => {
    state = evolve(state, event);
    const shown = redactEvent(event, viewer, state);
    if (!shown) return;
    const { type, at, ...data } = shown;
    out.push({ seq: i + 1, type, at, data });
  });
  return out;
}

type Info = Pick<GameInfo, "dayNight" | "killPosts" | "campNames" | "rulesName">;
const games = (): { info: Info; events: GameEvent[] }[] => [
  {
    info: { dayNight: false, killPosts: true, campNames: {}, rulesName: "空军场" },
    events: simulate(preset("airforce-40"), "game-log", T0).events,
  },
  {
    info: { dayNight: false, killPosts: true, campNames: {}, rulesName: "风云场" },
    events: simulate(preset("fengyun-57"), "game-log", T0).events,
  },
  {
    info: {
      dayNight: true,
      killPosts: false,
      campNames: { black: "杀手方", white: "好人方" },
      rulesName: "七杀",
    },
    events: simulateDayNight(preset("sevenkill-16"), "game-log", T0).events,
  },
];

test("a player's and the public's redacted feeds read as sentences: no null, no raw data, every out and ruling said", () => {
  for (const g of games()) {
    // Cut before the end: once the game has ended every viewer sees the whole record, nothing is redacted.
    const ended = g.events.findIndex((e) => e.type === "GameEnded");
    const running = ended < 0 ? g.events : g.events.slice(0, ended);
    for (const viewer of [{ kind: "public" }, { kind: "seat", seat: 3 }] as Viewer[]) {
      const feed = feedOf(running, viewer);
      const names = viewerLogNames(null, feed, g.info);
      const lines = logItems(feed, names, "votes");
      for (const l of lines) assert.doesNotMatch(l.text, /null|undefined|NaN|\[object|\{|"/, l.text);
      // The lines that matter most are never skipped as unreadable, redacted as they are.
      for (const e of feed.filter((x) => IMPORTANT_TYPES.has(x.type)))
        assert.ok(
          lines.some((l) => l.seq === e.seq),
          `${g.info.rulesName} ${viewer.kind} ${e.type} ${JSON.stringify(e.data).slice(0, 160)}`,
        );
      // 7kill publishes no causes: an out reads without one rather than being dropped.
      if (g.info.dayNight && viewer.kind === "public") {
        const out = lines.find((l) => feed.find((e) => e.seq === l.seq)?.type === "PlayerOut");
        assert.match(out?.text ?? "", /^\d+号 \S+ 出局$/);
        assert.ok(
          lines.every((l) => !/第\d+轮/.test(l.text)),
          "days, not rounds",
        );
      }
    }
  }
});

test("the default lists the important events, newest first; ballots only when asked for", () => {
  const g = games()[0]!;
  const feed = feedOf(g.events, { kind: "public" });
  const names = viewerLogNames(null, feed, g.info);
  const important = logItems(feed, names, "important");
  const all = logItems(feed, names, "all");
  const votes = logItems(feed, names, "votes");
  assert.ok(important.length > 0 && important.length < all.length && all.length < votes.length);
  assert.ok(
    important.every((l, i) => i === 0 || important[i - 1]!.seq > l.seq),
    "newest first",
  );
  const typeOf = (seq: number) => feed.find((e) => e.seq === seq)?.type;
  assert.ok(!all.some((l) => typeOf(l.seq) === "VoteCast"));
  assert.ok(votes.some((l) => typeOf(l.seq) === "VoteCast"));
  assert.equal(typeOf(important[0]!.seq), "GameEnded");
});

test("a redacted event reads without the fields left out: another's post, a hidden cause, a secret requester", () => {
  const names = viewerLogNames({ seats: [{ seat: 2, alias: "王五" } as never], unitNames: {} }, [], {
    dayNight: false,
    killPosts: true,
    campNames: {},
    rulesName: "风云场",
  });
  const line = (type: string, data: Record<string, unknown>) =>
    logItems([{ seq: 1, type, at: T0, data }], names, "all")[0]?.text;
  assert.equal(
    line("OverrideApplied", { round: 2, override: { action: "void-post", poster: null }, reason: "抄袭" }),
    "哨子改判（理由：抄袭）：作废一篇杀帖（出帖者不公开）",
  );
  assert.match(
    line("IouOpened", { round: 2, post: 1, poster: null, target: 2, deadline: T0 })!,
    /出帖者不公开 → 3号 王五/,
  );
  assert.equal(line("PlayerOut", { round: 2, seat: 2 }), "3号 王五 出局");
  assert.match(
    line("IouExtensionGranted", {
      round: 2,
      camp: "white",
      requestedBy: [],
      voteDeadline: T0,
      reason: null,
    })!,
    /^白条延期：应白道的请求/,
  );
  assert.equal(line("BanditShot", { round: 2, by: "day" }), "秘匪白天开枪");
  // A line it cannot read is left out, never shown as raw data.
  assert.equal(line("PlayerOut", { round: 2 }), undefined);
});

test("merging the stream's events with fetched ballots keeps seq order, each event once", () => {
  const e = (seq: number, type = "X") => ({ seq, type, at: 0, data: {} });
  assert.deepEqual(
    mergeBySeq([e(1), e(3), e(5)], [e(2, "VoteCast"), e(3)]).map((x) => x.seq),
    [1, 2, 3, 5],
  );
});

test("a poster its bomb took, put out again for its void post in the same ruling, reads as that out only", () => {
  const names = viewerLogNames({ seats: [{ seat: 2, alias: "王五" } as never], unitNames: {} }, [], {
    dayNight: false,
    killPosts: true,
    campNames: {},
    rulesName: "风云场",
  });
  const ev = (seq: number, at: number, type: string, data: Record<string, unknown>): GameEventDto => ({
    seq,
    type,
    at,
    data,
  });
  const ruling = [
    ev(1, T0, "ComplaintUpheld", { round: 2, post: 0, poster: null, reason: "抄袭" }),
    ev(2, T0, "PlayerRevived", { round: 2, seat: 2, reason: "complaint" }),
    ev(3, T0, "PlayerOut", { round: 2, seat: 2, cause: "complaint" }),
  ];
  const texts = logItems(ruling, names, "important").map((l) => l.text);
  assert.equal(texts.filter((t) => t.includes("复活")).length, 0, texts.join(" / "));
  assert.equal(texts.filter((t) => t.includes("被举报成立")).length, 1, texts.join(" / "));
  // A revival that stands (the target of the void post) is still said, and so is one a later ruling undoes.
  const later = [
    ev(1, T0, "PlayerRevived", { round: 2, seat: 2, reason: "complaint" }),
    ev(2, T0 + 60_000, "PlayerOut", { round: 2, seat: 2, cause: "complaint" }),
  ];
  assert.equal(logItems(later, names, "important").filter((l) => l.text.includes("复活")).length, 1);
});
