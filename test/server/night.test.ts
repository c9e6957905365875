// 7kill's abilities over HTTP (sevenkill-16, seed 001): a whole night, dawn as each viewer sees it, refusals, the bandit.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { NightYouView } from "../../src/engine/night/redact.ts";
import type {
  ApiError,
  CommandResponse,
  EventListResponse,
  GameEventDto,
  GameView,
  GameViewResponse,
  ResultsPreviewResponse,
} from "../../src/server/api-types.ts";
import { local } from "./fixtures.ts";
import {
  advanceTo,
  call,
  engineOf,
  type Game,
  type Harness,
  makeHarness,
  must,
  type Player,
  type Res,
  rid,
  startedPresetGame,
} from "./harness.ts";

type SevenKill = Game & { players: (Player & { role: string })[] };

/** A started sevenkill-16 game: day 1 runs 12-01 (Tuesday) 20:00 → 12-02 22:00, night 1 → 12-03 12:50. */
async function sevenKill(h: Harness): Promise<SevenKill> {
  const round1At = local("12-01 20:00:00");
  return (await startedPresetGame(h, {
    preset: "sevenkill-16",
    players: 16,
    prefix: "夜",
    seed: "night",
    round1At,
  })) as SevenKill;
}

/** A night action; the answer is a CommandResponse, or an ApiError where a refusal is expected. */
const act = <T = CommandResponse>(
  h: Harness,
  g: SevenKill,
  p: Player,
  action: string,
  target: number | null,
) => call<T>(h, "POST", `/api/games/${g.id}/night-actions`, p.cookie, { requestId: rid(), action, target });

const viewOf = async (h: Harness, g: SevenKill, cookie?: string): Promise<GameView> =>
  (await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, cookie))).json.view!;

/** The seat's own night record (GameView.engine.you.night), as the seat behind `cookie` sees it. */
const nightOf = async (h: Harness, g: SevenKill, cookie: string): Promise<NightYouView> =>
  engineOf(await viewOf(h, g, cookie)).you!.night!;

const eventsOf = async (h: Harness, g: SevenKill, cookie?: string): Promise<GameEventDto[]> =>
  (await must(call<EventListResponse>(h, "GET", `/api/games/${g.id}/events?after=0`, cookie))).json.events;

const byRole = (g: SevenKill, role: string) => g.players.filter((p) => p.role === role);

const DAY1 = local("12-01 21:00:00");
const NIGHT1 = local("12-02 22:00:01");
const DAWN1 = local("12-03 12:50:01");

test("7kill night over HTTP: 杀手…每晚共同杀人, 警察…每晚共同验人, 医生…每晚可以救治一人; dawn as each viewer sees it", async () => {
  const h = await makeHarness();
  try {
    const g = await sevenKill(h);
    const [k1, k2, k3] = byRole(g, "killer");
    const [p1, p2] = byRole(g, "police");
    const [doc] = byRole(g, "doctor");
    const [v1, v2, v3] = byRole(g, "villager");
    // No role of 7kill posts kill posts: the pages leave out 白条, 杀帖 and 举报.
    const info = await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, v1!.cookie));
    assert.equal(info.json.game.killPosts, false);
    // "分为杀手、好人两方": the pages name the camps and the days as 7kill does.
    assert.deepEqual(info.json.game.campNames, { black: "杀手方", white: "好人方", neutral: "中立" });
    assert.equal(info.json.game.dayNight, true);
    await advanceTo(h, NIGHT1);
    // "杀手（共4人）：互知身份，每晚共同杀人": one choice per group, the latest stands.
    await must(act(h, g, k1!, "kill", v1!.seat));
    const changed = await must(act(h, g, k2!, "kill", v2!.seat));
    assert.equal(changed.json.receivedAt, NIGHT1);
    await must(act(h, g, p1!, "check", k3!.seat));
    await must(act(h, g, doc!, "protect", v3!.seat));
    // A teammate sees the group's standing choice ("无反馈": no outcome), the police and the doctor do not.
    const killerNight = await nightOf(h, g, k3!.cookie);
    assert.deepEqual(
      killerNight.actions.map((a) => [a.ability, a.by, a.target]),
      [["kill", k2!.seat, v2!.seat]],
    );
    assert.deepEqual(killerNight.checks, []);
    const policeNight = await nightOf(h, g, p2!.cookie);
    // What a form needs: "不得放弃，不能验自己" (nor a fellow police), "允许放弃，不允许自杀" (nor a fellow killer).
    const police = byRole(g, "police").map((p) => p.seat);
    assert.deepEqual(policeNight.abilities, [
      { ability: "check", phase: "night", together: true, mayPass: false, notTargets: police },
    ]);
    assert.deepEqual(killerNight.abilities, [
      {
        ability: "kill",
        phase: "night",
        together: true,
        mayPass: true,
        notTargets: byRole(g, "killer").map((p) => p.seat),
      },
    ]);
    assert.deepEqual(
      policeNight.actions.map((a) => [a.ability, a.target]),
      [["check", k3!.seat]],
    );
    assert.equal((await viewOf(h, g)).phase, "night", "the board says 夜晚, not a results wait");
    const docNight = await nightOf(h, g, doc!.cookie);
    assert.deepEqual(
      docNight.actions.map((a) => [a.ability, a.target]),
      [["protect", v3!.seat]],
    );

    await advanceTo(h, DAWN1);
    // "所有出局者公布身份，不公布死因"
    const pub = await viewOf(h, g);
    const dead = pub.seats.find((s) => s.seat === v2!.seat)!;
    assert.equal(dead.alive, false);
    assert.equal(dead.role, "villager");
    assert.equal(pub.seats.filter((s) => !s.alive).length, 1);
    const publicEvents = await eventsOf(h, g);
    const out = publicEvents.find((e) => e.type === "PlayerOut");
    assert.equal(out?.data.seat, v2!.seat);
    assert.ok(!("cause" in (out?.data ?? {})) && !("by" in (out?.data ?? {})), "no cause published");
    assert.ok(!publicEvents.some((e) => e.type === "CheckResult" || e.type === "AbilityUsed"));
    // "验人结果只显示是好人或杀手": to the police, every one of them.
    for (const p of [p1!, p2!])
      assert.deepEqual((await nightOf(h, g, p.cookie)).checks, [
        { round: 1, target: k3!.seat, result: "killer" },
      ]);
    assert.deepEqual((await nightOf(h, g, v1!.cookie)).checks, []);
    assert.deepEqual((await nightOf(h, g, k1!.cookie)).checks, []);
    assert.ok(!(await eventsOf(h, g, v1!.cookie)).some((e) => e.type === "CheckResult"));
    assert.ok((await eventsOf(h, g, p2!.cookie)).some((e) => e.type === "CheckResult"));

    // Last words: "死者遗言结束即进入白天讨论、投票阶段（而无须等到遗言截止时间）".
    assert.deepEqual(engineOf(pub).dayNight!.lastWords[0]!.due, [v2!.seat]);
    assert.equal(pub.round, 1);
    assert.equal(pub.phase, "last-words");
    const words = await call(h, "POST", `/api/games/${g.id}/discussion/last-words-1/posts`, v2!.cookie, {
      requestId: rid(),
      text: "我是好人，大家加油。",
    });
    assert.equal(words.status, 200, words.text);
    const day2 = await viewOf(h, g);
    assert.equal(day2.round, 2);
    assert.equal(day2.phase, "vote");
    assert.equal(engineOf(day2).dayNight!.lastWords[0]!.endedAt, DAWN1);
    // The dead player acts no more.
    const late = await act(h, g, v2!, "kill", v1!.seat);
    assert.equal(late.status, 403);
  } finally {
    await h.close();
  }
});

test("7kill: 医生（1人）每晚可以救治一人，此人不会被杀手或秘匪杀死 — the protected target survives the night", async () => {
  const h = await makeHarness();
  try {
    const g = await sevenKill(h);
    const [k1] = byRole(g, "killer");
    const [p1] = byRole(g, "police");
    const [doc] = byRole(g, "doctor");
    const [v1] = byRole(g, "villager");
    await advanceTo(h, NIGHT1);
    await must(act(h, g, k1!, "kill", v1!.seat));
    await must(act(h, g, p1!, "check", v1!.seat));
    await must(act(h, g, doc!, "protect", v1!.seat));
    await advanceTo(h, DAWN1);
    const pub = await viewOf(h, g);
    assert.ok(pub.seats.every((s) => s.alive));
    assert.deepEqual((await nightOf(h, g, p1!.cookie)).checks, [
      { round: 1, target: v1!.seat, result: "good" },
    ]);
  } finally {
    await h.close();
  }
});

test("7kill refusals: 不允许自杀, 不得放弃，不能验自己, no ability, by day, out, referee — each with its Chinese message", async () => {
  const h = await makeHarness();
  try {
    const g = await sevenKill(h);
    const [k1, k2] = byRole(g, "killer");
    const [p1] = byRole(g, "police");
    const [v1] = byRole(g, "villager");
    await advanceTo(h, DAY1);
    // Night abilities by day.
    const byDay = await act<ApiError>(h, g, k1!, "kill", v1!.seat);
    assert.equal(byDay.status, 409);
    assert.equal(byDay.json.error.code, "ability.not-night");
    assert.equal(byDay.json.error.message, "这项能力只能在夜晚使用");
    await advanceTo(h, NIGHT1);
    const expect = async (res: Promise<Res<ApiError>>, status: number, code: string) => {
      const r = await res;
      assert.equal(r.status, status, JSON.stringify(r.json));
      assert.equal(r.json.error.code, code);
      assert.match(r.json.error.message, /[\u4e00-\u9fff]/);
      assert.doesNotMatch(r.json.error.message, /操作被拒绝/, "a message of its own, not the fallback");
    };
    // "杀手…不允许自杀": neither oneself nor a fellow killer.
    await expect(act(h, g, k1!, "kill", k1!.seat), 409, "ability.not-self");
    await expect(act(h, g, k1!, "kill", k2!.seat), 409, "ability.not-self");
    // "警察…不得放弃，不能验自己"
    await expect(act(h, g, p1!, "check", p1!.seat), 409, "ability.not-self");
    await expect(act(h, g, p1!, "check", null), 409, "ability.may-not-skip");
    // A villager has no ability; the police do not kill.
    await expect(act(h, g, v1!, "kill", k1!.seat), 403, "ability.not-yours");
    await expect(act(h, g, p1!, "kill", k1!.seat), 403, "ability.not-yours");
    await expect(act(h, g, k1!, "kill", 99), 409, "ability.unknown-seat");
    // The referee is not a player.
    const ref = await call(h, "POST", `/api/games/${g.id}/night-actions`, g.referee, {
      requestId: rid(),
      action: "kill",
      target: v1!.seat,
    });
    assert.equal(ref.status, 403);
    const bad = await call(h, "POST", `/api/games/${g.id}/night-actions`, k1!.cookie, {
      requestId: rid(),
      action: "poison",
      target: v1!.seat,
    });
    assert.equal(bad.status, 400);
    // "杀手…允许放弃"
    await must(act(h, g, k1!, "kill", null));
    // An out player acts no more.
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "eliminate", target: k2!.seat },
        reason: "测试出局",
      }),
    );
    await expect(act(h, g, k2!, "kill", v1!.seat), 403, "ability.actor-out");
    await expect(act(h, g, k1!, "kill", k2!.seat), 409, "ability.target-out");
    // Nothing refused was recorded: the killers' standing choice is still the pass.
    const night = await nightOf(h, g, k1!.cookie);
    assert.deepEqual(
      night.actions.map((a) => a.target),
      [null],
    );
  } finally {
    await h.close();
  }
});

test("录入夜间行动: the referee enters a seat's night choice sent off the site; judged as the player's own, signed, seen by its group only", async () => {
  const h = await makeHarness();
  try {
    const g = await sevenKill(h);
    const [k1, k2] = byRole(g, "killer");
    const [p1] = byRole(g, "police");
    const [v1, v2] = byRole(g, "villager");
    const enter = (seat: number, action: string, target: number | null, cookie = g.referee) =>
      call<ApiError & CommandResponse>(h, "POST", `/api/games/${g.id}/referee/night-actions`, cookie, {
        requestId: rid(),
        seat,
        action,
        target,
      });
    // By day a night ability is refused for the referee's entry as for the player's own.
    await advanceTo(h, DAY1);
    assert.equal((await enter(k1!.seat, "kill", v1!.seat)).json.error.code, "ability.not-night");
    await advanceTo(h, NIGHT1);
    // Judged as the seat's own: "不允许自杀", a villager has no ability.
    const self = await enter(k1!.seat, "kill", k2!.seat);
    assert.equal(self.status, 409);
    assert.equal(self.json.error.code, "ability.not-self");
    assert.match(self.json.error.message, /[\u4e00-\u9fff]/);
    const none = await enter(v1!.seat, "kill", v2!.seat);
    assert.deepEqual([none.status, none.json.error.code], [409, "ability.not-yours"]);
    assert.equal(none.json.error.message, `${v1!.seat + 1}号的身份现在没有这项能力`);
    // A player cannot enter another seat's choice.
    assert.equal((await enter(k2!.seat, "kill", v1!.seat, k1!.cookie)).status, 403);
    const ENTRY = NIGHT1 + 60_000;
    await advanceTo(h, ENTRY);
    const entered = await enter(k1!.seat, "kill", v2!.seat);
    assert.equal(entered.status, 200, JSON.stringify(entered.json));
    assert.equal(entered.json.receivedAt, ENTRY);
    // The group's standing choice, by that seat; its teammates see it was entered by the referee.
    const killerNight = await nightOf(h, g, k2!.cookie);
    assert.deepEqual(
      killerNight.actions.map((a) => [a.ability, a.by, a.target]),
      [["kill", k1!.seat, v2!.seat]],
    );
    const used = (await eventsOf(h, g, k2!.cookie)).find((e) => e.type === "AbilityUsed");
    assert.equal(used?.data.referee, "夜哨子");
    // Nobody outside the group learns of it, nor that the referee entered anything.
    for (const cookie of [p1!.cookie, v1!.cookie, undefined])
      assert.ok(!(await eventsOf(h, g, cookie)).some((e) => e.type === "AbilityUsed" || e.at === ENTRY));
    // Dawn: it counts as the group's kill.
    await advanceTo(h, DAWN1);
    assert.equal((await viewOf(h, g)).seats.find((s) => s.seat === v2!.seat)?.alive, false);
  } finally {
    await h.close();
  }
});

test("7kill 秘匪: 拥有一发子弹 — shoots by day, the target is out at once, the bullet is spent; a retry is idempotent", async () => {
  const h = await makeHarness();
  try {
    const g = await sevenKill(h);
    const [bandit] = byRole(g, "bandit");
    const [v1, v2] = byRole(g, "villager");
    const [k1] = byRole(g, "killer");
    await advanceTo(h, DAY1);
    const before = (await nightOf(h, g, bandit!.cookie)).bandit;
    assert.equal(before!.bulletLeft, true);
    await assertCode(act(h, g, k1!, "shoot", v1!.seat), 403, "ability.not-yours");
    // Not shooting is no command at all, and the refusal says so rather than that shooting is compulsory.
    await assertCode(act(h, g, bandit!, "shoot", null), 409, "ability.nothing-to-pass");
    await assertCode(act(h, g, bandit!, "shoot", bandit!.seat), 409, "ability.not-self");
    const requestId = rid();
    const body = { requestId, action: "shoot", target: v1!.seat };
    const shot = await must(
      call<CommandResponse>(h, "POST", `/api/games/${g.id}/night-actions`, bandit!.cookie, body),
    );
    const retry = await must(
      call<CommandResponse>(h, "POST", `/api/games/${g.id}/night-actions`, bandit!.cookie, body),
    );
    assert.equal(retry.json.replayed, true);
    assert.equal(retry.json.seq, shot.json.seq);
    const pub = await viewOf(h, g);
    const target = pub.seats.find((s) => s.seat === v1!.seat)!;
    assert.equal(target.alive, false);
    assert.equal(target.role, "villager");
    const out = (await eventsOf(h, g)).find((e) => e.type === "PlayerOut");
    assert.ok(out && !("cause" in out.data), "所有出局者公布身份，不公布死因");
    // "如果在前三天开枪，则转为水民"
    const after = (await nightOf(h, g, bandit!.cookie)).bandit;
    assert.equal(after!.bulletLeft, false);
    assert.equal(after!.became, "villager");
    // The role card says what the bandit has become, and the camp it now counts for.
    const card = (await must(call<GameViewResponse>(h, "GET", `/api/games/${g.id}`, bandit!.cookie))).json
      .view!.roleCard!;
    assert.equal(card.roleName, "秘匪（已转为水民）");
    assert.equal(card.camp, "white");
    const again = await act<ApiError>(h, g, bandit!, "shoot", v2!.seat);
    assert.ok(again.status === 403 || again.status === 409);
    assert.match(again.json.error.code, /^ability\./);
  } finally {
    await h.close();
  }
});

async function assertCode(res: Promise<Res<ApiError>>, status: number, code: string): Promise<void> {
  const r = await res;
  assert.equal(r.status, status, JSON.stringify(r.json));
  assert.equal(r.json.error.code, code);
}

test("7kill: 此种情况处罚时不公开 — a secret warning's withdrawal reaches only the referee and the warned seat", async () => {
  const h = await makeHarness();
  try {
    const g = await sevenKill(h);
    // Everyone posts and votes on day 1, so the only warnings are the police's secret ones for not checking.
    await advanceTo(h, DAY1);
    for (const p of g.players) {
      for (let i = 0; i < 5; i++) {
        const text = `第${i}帖 ${p.alias}`;
        await must(
          call(h, "POST", `/api/games/${g.id}/discussion/day-1/posts`, p.cookie, { requestId: rid(), text }),
        );
      }
      await must(call(h, "POST", `/api/games/${g.id}/votes`, p.cookie, { requestId: rid(), targets: [] }));
    }
    await advanceTo(h, NIGHT1);
    await advanceTo(h, DAWN1);
    const [police, otherPolice] = byRole(g, "police");
    const [villager] = byRole(g, "villager");
    await must(
      call(h, "POST", `/api/games/${g.id}/referee/overrides`, g.referee, {
        requestId: rid(),
        override: { action: "withdraw-warning", target: police!.seat, round: 1, offence: "lurking" },
        reason: "网络故障，撤销警告",
      }),
    );
    const withdrawals = async (cookie?: string) =>
      (await eventsOf(h, g, cookie)).filter((e) => e.type === "OverrideApplied").length;
    assert.equal(await withdrawals(), 0, "the public");
    assert.equal(await withdrawals(villager!.cookie), 0, "a villager");
    assert.equal(await withdrawals(otherPolice!.cookie), 0, "another police seat");
    assert.equal(await withdrawals(police!.cookie), 1, "the warned seat");
    assert.equal(await withdrawals(g.referee), 1, "the referee");
  } finally {
    await h.close();
  }
});

test("7kill 「投票后，有一次改票机会」: a 托票 asked after the one change is refused at once, not left to fail at the referee's button", async () => {
  const h = await makeHarness();
  try {
    const g = await sevenKill(h);
    const [p, a, b, c] = g.players as [Player, Player, Player, Player];
    await advanceTo(h, local("12-01 21:00:00"));
    const vote = (targets: number[]) =>
      call<ApiError>(h, "POST", `/api/games/${g.id}/votes`, p.cookie, { requestId: rid(), targets });
    const ask = (target: number) =>
      call<ApiError>(h, "POST", `/api/games/${g.id}/proxy-requests`, p.cookie, { requestId: rid(), target });
    await must(vote([a.seat]));
    // One change left: asking for a proxy (the referee would enter it as the change) is fine.
    await must(ask(b.seat));
    await must(vote([b.seat]));
    const refused = await ask(c.seat);
    assert.equal(refused.status, 409);
    assert.equal(refused.json.error.code, "vote.no-more-changes");
    assert.match(refused.json.error.message, /改票次数已用完/);
  } finally {
    await h.close();
  }
});

test("7kill results over HTTP: 第N天结果 after the day's vote, 第N夜结果 (天亮公布结果) only from dawn; a part is not published twice", async () => {
  const h = await makeHarness();
  try {
    const g = await sevenKill(h);
    const [bandit] = byRole(g, "bandit");
    const [k1] = byRole(g, "killer");
    const [v1, v2, v3] = byRole(g, "villager");
    const [doc] = byRole(g, "doctor");
    const results = `/api/games/${g.id}/referee/results`;
    const preview = (query: string) =>
      call<ResultsPreviewResponse & ApiError>(h, "GET", `${results}?${query}`, g.referee);
    const publish = (body: Record<string, unknown>) =>
      call<CommandResponse & ApiError>(h, "POST", results, g.referee, { requestId: rid(), ...body });
    // Day 1: the bandit shoots v1 by day; night 1: the killers take v2, the doctor's needle on v3 is empty, the
    // police check a killer.
    await advanceTo(h, DAY1);
    await must(act(h, g, bandit!, "shoot", v1!.seat));
    // While the day's vote runs there is no post yet, said as 七杀 names its days.
    const early = await preview("round=1");
    assert.equal(early.json.error.code, "results-vote-open");
    assert.equal(early.json.error.message, "第1天的投票（含高票对决）尚未结束，结束后才有结果帖");
    await advanceTo(h, NIGHT1);
    await must(act(h, g, k1!, "kill", v2!.seat));
    await must(act(h, g, doc!, "protect", v3!.seat));
    await must(act(h, g, byRole(g, "police")[0]!, "check", k1!.seat));
    // The night runs: the day's post is out, without the night's dead.
    const day = await must(preview("round=1"));
    assert.equal(day.json.part, "day");
    assert.match(day.json.text, /^## 第1天结果$/m);
    assert.match(day.json.text, new RegExp(`^出局（不公布死因）：${v1!.alias}（好人方·水民）$`, "m"));
    assert.match(day.json.text, /\n白天出局1人，现存活15人。$/);
    assert.equal((await must(preview("round=1&part=day"))).json.text, day.json.text);
    // 「III.天亮公布结果」: before dawn there is no night post to preview or publish.
    for (const r of [
      await preview("round=1&part=night"),
      await publish({ round: 1, part: "night" }),
      await publish({ round: 1, part: "night", text: "## 第1夜结果" }),
    ]) {
      assert.equal(r.status, 409, JSON.stringify(r.json));
      assert.equal(r.json.error.code, "results-night-unresolved");
      assert.equal(r.json.error.message, "第1夜尚未天亮，天亮后才有第1夜结果");
    }
    assert.equal((await preview("round=1&part=evening")).status, 400);
    await must(publish({ round: 1 }));
    // The same day post again (the old way to announce the night) is refused, not published twice.
    const again = await publish({ round: 1 });
    assert.equal(again.status, 409);
    assert.equal(again.json.error.code, "results-already-published");
    assert.equal(
      again.json.error.message,
      "第1天结果已经发布过，内容相同，不再重复发布（当晚的出局请发布第1夜结果）",
    );

    await advanceTo(h, DAWN1);
    // The day's post reads as before dawn; the night's lists its dead with identities, no cause, and their last words.
    assert.equal((await must(preview("round=1"))).json.text, day.json.text);
    const night = await must(preview("round=1&part=night"));
    assert.equal(night.json.part, "night");
    assert.equal(
      night.json.text,
      [
        "## 第1夜结果",
        "",
        `出局（不公布死因）：${v2!.alias}（好人方·水民）`,
        `遗言：${v2!.alias}，请于 12月3日 20:00 前发表遗言。`,
        "",
        "夜晚出局1人，现存活14人。",
      ].join("\n"),
    );
    await must(publish({ round: 1, part: "night" }));
    const dup = await publish({ round: 1, part: "night" });
    assert.equal(dup.status, 409);
    assert.equal(dup.json.error.code, "results-already-published");
    // Other text for a part already out is a correction, and says so.
    await must(publish({ round: 1, text: `${day.json.text}\n（更正）` }));
    const posts = (await eventsOf(h, g, v3!.cookie)).filter((e) => e.type === "app.ResultsPublished");
    assert.deepEqual(
      posts.map((e) => [e.data.round, e.data.part, e.data.correction ?? null]),
      [
        [1, "day", null],
        [1, "night", null],
        [1, "day", true],
      ],
    );
    assert.equal(posts[1]!.data.text, night.json.text);
  } finally {
    await h.close();
  }
});
