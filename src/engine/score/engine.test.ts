// The score rule inside the engine (fengyun-57): code offering, IOU extensions, scored roles, survival sizes, results lines.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { RuleSet } from "../../rules/schema.ts";
import { Driver, local, preset } from "../test-kit.ts";
import { extensionRequestRefusal } from "./extension.ts";
import { show } from "./fraction.ts";
import { isScoredRole, offeredCodes, postCodes } from "./ledger.ts";
import { renderScoreLines } from "./results.ts";
import { campSizes, scoreReport, survivalValue } from "./totals.ts";

// fengyun-57 seats in deck order: 0-3 A killers, 4-7 B killers, 8-10 assassins, 11-12 lovers, 13 black bomb,
// 14-15 swordsmen, 16 bright bomb, 17 hidden bomb, 18-56 rangers.
const A1 = 0;
const B1 = 4;
const C1 = 8;
const SWORD1 = 14;
const SWORD2 = 15;

/** Round 1 voted: seats 55 and 56 out; round 2 open (its posting window 12-02 21:00–21:30). */
function afterRoundOne(): Driver {
  const d = new Driver(preset("fengyun-57"));
  let n = 0;
  d.everyoneVotes(local("12-02 10:00"), () => [n++ % 2 === 0 ? 55 : 56]);
  d.tick(local("12-02 21:00:01"));
  return d;
}

describe("code offering (代号)", () => {
  test("「未有杀刺出帖前，投票楼不提供代号供投选」: none before the first black kill post, then every living black scored code", () => {
    const d = afterRoundOne();
    assert.equal(offeredCodes(d.state), null);
    d.post(local("12-02 21:05"), SWORD1, 20);
    d.tick(local("12-02 21:30:01"));
    assert.equal(offeredCodes(d.state), null, "a white post does not open the codes");
    const d2 = afterRoundOne();
    d2.post(local("12-02 21:05"), C1, 20);
    d2.tick(local("12-02 21:30:01"));
    // "提供所有有分值的黑道代号供投选，而不是只提供已出帖杀刺的代号": 13 scored black codes, not the black bomb's.
    const codes = offeredCodes(d2.state);
    assert.equal(codes?.length, 13);
    assert.ok(!codes?.includes("十面埋伏"));
    assert.ok(codes?.includes("苍龙斧") && codes.includes("疯魔拳"));
  });

  test("「黑白两道出杀帖贴杀人员…还需提供对被贴杀人代号的猜想」: a kill post may guess any living scored code from round 2's posts on", () => {
    const d = afterRoundOne();
    // Before any post: the vote thread offers nothing, the kill post already offers both camps' scored codes.
    assert.equal(offeredCodes(d.state), null);
    const codes = postCodes(d.state);
    assert.equal(codes?.length, 15, "13 scored black seats and the two swordsmen");
    assert.ok(codes?.includes("狙击手") && codes.includes("神枪手") && codes.includes("疯魔拳"));
    for (const unscored of ["十面埋伏", "晴天霹雳", "雾里看花"])
      assert.ok(!codes?.includes(unscored), unscored);
    // A black post on a swordsman, guessing its code: once the swordsman is out, the code leaves the list.
    d.must({
      type: "SubmitKillPost",
      at: local("12-02 21:05"),
      poster: A1,
      target: SWORD1,
      words: 900,
      code: "狙击手",
    });
    d.tick(local("12-02 21:30:01"));
    assert.ok(postCodes(d.state)?.includes("狙击手"), "kept while the victim's identity is unpublished");
    d.tick(local("12-03 21:00:01"));
    assert.ok(!postCodes(d.state)?.includes("狙击手"), "a dead seat's code leaves the list once published");
    assert.equal(
      postCodes(new Driver(preset("airforce-40")).state),
      null,
      "no code guesses without the score rule",
    );
  });

  test("「死亡黑道的代号将从代号选项里去掉」: a dead black seat's code is refused on a ballot once its death is published", () => {
    const d = afterRoundOne();
    d.post(local("12-02 21:05"), SWORD1, C1);
    d.post(local("12-02 21:06"), A1, 21);
    d.tick(local("12-02 21:30:01"));
    // 「投票结束后，由哨子公布被票杀者身份以及被帖杀者身份」: during round 2's vote C1's identity is not yet out, so
    // its code stays offered (dropping it would say C1 was black), and in the kill-post list too.
    assert.equal(d.alive(C1), false);
    assert.ok(offeredCodes(d.state)?.includes("苍龙斧"));
    assert.ok(postCodes(d.state)?.includes("苍龙斧"));
    assert.equal(
      d.do({ type: "CastVote", at: local("12-03 10:00"), voter: 20, targets: [A1], codes: ["苍龙斧"] }),
      null,
    );
    // Everyone else votes (no suicides to end the game): two rangers go out.
    let n = 0;
    d.everyoneVotes(local("12-03 11:00"), () => [n++ % 2 === 0 ? 53 : 54]);
    d.tick(local("12-03 21:00:01"));
    // The results published C1 as black: from round 3 its code is gone.
    assert.equal(d.state.seats[C1]?.revealed, true);
    assert.ok(!offeredCodes(d.state)?.includes("苍龙斧"));
    assert.ok(!postCodes(d.state)?.includes("苍龙斧"));
    const r = d.do({
      type: "CastVote",
      at: local("12-04 10:00"),
      voter: 20,
      targets: [B1],
      codes: ["苍龙斧"],
    });
    assert.equal(r?.code, "vote.code-not-offered");
    assert.equal(
      d.do({ type: "CastVote", at: local("12-04 10:01"), voter: 22, targets: [B1], codes: ["追魂枪"] }),
      null,
    );
    // "未选代号的投票，不影响出票的有效性。"
    assert.equal(d.do({ type: "CastVote", at: local("12-04 10:02"), voter: 23, targets: [B1] }), null);
  });
});

describe("IOU extension (白条延期)", () => {
  const iouRound = (poster: number) => {
    const d = afterRoundOne();
    d.post(local("12-02 21:05"), poster, 20, 500);
    d.tick(local("12-02 21:30:01"));
    return d;
  };
  const ask = (d: Driver, requestedBy: number[], at = "12-03 09:00") =>
    d.do({ type: "GrantIouExtension", at: local(at), requestedBy });

  test("「对方阵营有权申请当轮延长一天…白道的申请权由剑侠行使」: a swordsman asks, the round's vote moves one day, the next round follows", () => {
    const d = iouRound(A1);
    assert.equal(ask(d, [SWORD2]), null);
    assert.equal(d.state.rounds[2]?.voteDeadline, local("12-04 21:00"));
    const granted = d.events("IouExtensionGranted")[0];
    assert.equal(granted?.camp, "white");
    d.must({ type: "CompleteIou", at: local("12-03 11:00"), poster: A1, words: 1300 });
    d.everyoneVotes(local("12-04 10:00"), () => [30]);
    d.tick(local("12-04 21:00:01"));
    assert.equal(d.state.rounds[2]?.closed, true);
    assert.equal(d.state.rounds[3]?.openedAt, local("12-04 21:00"));
  });

  test("a ranger cannot ask while a swordsman lives; a camp cannot ask about its own IOU; once per round", () => {
    const d = iouRound(A1);
    assert.equal(ask(d, [30])?.code, "iou-extension.not-swordsman");
    assert.equal(ask(d, [B1])?.code, "iou-extension.no-open-iou");
    assert.equal(ask(d, [SWORD1]), null);
    assert.equal(ask(d, [SWORD2], "12-03 09:30")?.code, "iou-extension.already-extended");
  });

  test("「对方阵营有权申请当轮延长一天」: the referee moving the deadline for another reason does not use the extension up", () => {
    const d = iouRound(A1);
    const until = local("12-03 21:30");
    d.must({
      type: "Override",
      at: local("12-03 08:00"),
      override: { action: "extend", deadline: "round:2:vote", until },
      reason: "论坛维护，延长半小时",
    });
    assert.equal(ask(d, [SWORD1]), null);
    // One day on from the deadline as it stands.
    assert.equal(d.state.rounds[2]?.voteDeadline, local("12-04 21:30"));
    assert.equal(ask(d, [SWORD2], "12-03 09:30")?.code, "iou-extension.already-extended");
  });

  test("「该申请必须在白条补齐前提出」: after the IOU is completed there is nothing to extend", () => {
    const d = iouRound(A1);
    d.must({ type: "CompleteIou", at: local("12-03 08:00"), poster: A1, words: 1300 });
    assert.equal(ask(d, [SWORD1])?.code, "iou-extension.no-open-iou");
  });

  test("black asks about a swordsman's IOU", () => {
    const d = iouRound(SWORD1);
    assert.equal(ask(d, [C1]), null);
    assert.equal(d.events("IouExtensionGranted")[0]?.camp, "black");
  });

  test("「剑侠若已出局，则存活全票游侠经一致同意」: with both swordsmen out, every living full-vote ranger must agree", () => {
    const d = new Driver(preset("fengyun-57"));
    // Round 1 votes out both swordsmen.
    let n = 0;
    d.everyoneVotes(local("12-02 10:00"), () => [n++ % 2 === 0 ? SWORD1 : SWORD2]);
    d.tick(local("12-02 21:00:01"));
    d.post(local("12-02 21:05"), A1, 20, 500);
    d.tick(local("12-02 21:30:01"));
    // Living white seats without a post right: bright bomb, hidden bomb and rangers 18-56 but 20 (post victim).
    const rangers = d.state.seats.filter((s) => s.alive && s.seat >= 16).map((s) => s.seat);
    assert.equal(ask(d, rangers.slice(1))?.code, "iou-extension.not-unanimous");
    assert.equal(ask(d, rangers), null);
  });
});

describe("a player's own 白条延期 request (extensionRequestRefusal)", () => {
  const RANGER = 30;
  const BRIGHT_BOMB = 16;
  const code = (d: Driver, seat: number) => extensionRequestRefusal(d.state, seat)?.code ?? null;

  test("refused as the referee's grant would be: a ranger while a swordsman lives, a camp about its own IOU", () => {
    const d = afterRoundOne();
    d.post(local("12-02 21:05"), A1, 20, 500);
    d.tick(local("12-02 21:30:01"));
    assert.equal(code(d, SWORD1), null);
    assert.equal(code(d, RANGER), "iou-extension.not-swordsman");
    assert.equal(code(d, BRIGHT_BOMB), "iou-extension.not-swordsman");
    assert.equal(code(d, B1), "iou-extension.no-open-iou", "the open IOU is black's own");
    assert.equal(code(d, 55), "iou-extension.bad-requesters", "out in round 1");
    d.must({ type: "GrantIouExtension", at: local("12-03 09:00"), requestedBy: [SWORD1] });
    assert.equal(code(d, SWORD2), "iou-extension.already-extended");
  });

  test("with both swordsmen published out, one ranger may ask: his part of the unanimous request", () => {
    const d = new Driver(preset("fengyun-57"));
    let n = 0;
    d.everyoneVotes(local("12-02 10:00"), () => [n++ % 2 === 0 ? SWORD1 : SWORD2]);
    d.tick(local("12-02 21:00:01"));
    assert.ok(d.state.seats[SWORD1]?.revealed && d.state.seats[SWORD2]?.revealed);
    d.post(local("12-02 21:05"), A1, 20, 500);
    d.tick(local("12-02 21:30:01"));
    assert.equal(code(d, RANGER), null);
    assert.equal(code(d, BRIGHT_BOMB), null);
  });

  test("swordsmen out but not yet published: a ranger is refused just as while one lives (nothing secret leaks)", () => {
    const alive = afterRoundOne();
    alive.post(local("12-02 21:05"), A1, 20, 500);
    alive.tick(local("12-02 21:30:01"));
    const d = afterRoundOne();
    d.post(local("12-02 21:05"), A1, SWORD1, 500);
    d.post(local("12-02 21:06"), B1, SWORD2);
    d.tick(local("12-02 21:30:01"));
    assert.ok(!d.state.seats[SWORD1]?.alive && !d.state.seats[SWORD2]?.alive, "both post-killed");
    assert.ok(!d.state.seats[SWORD1]?.revealed, "published only with the round's results");
    assert.deepEqual(extensionRequestRefusal(d.state, RANGER), extensionRequestRefusal(alive.state, RANGER));
    // The engine itself (the referee's grant) goes by the facts: every living ranger together may.
    const rangers = d.state.seats.filter((s) => s.alive && s.seat >= 16).map((s) => s.seat);
    assert.equal(d.do({ type: "GrantIouExtension", at: local("12-03 09:00"), requestedBy: rangers }), null);
  });
});

describe("a player's own 白条延期 request as its told role", () => {
  test("a seat told another role (toldAs) is answered as that role: its real camp does not show through", () => {
    // A custom rule set whose 暗蛋 plays for black while told it is a ranger.
    const base = preset("fengyun-57");
    const rules: RuleSet = {
      ...base,
      roles: base.roles.map((r) => (r.id === "hidden-bomb" ? { ...r, camp: "black" as const } : r)),
    };
    const d = new Driver(rules);
    let n = 0;
    d.everyoneVotes(local("12-02 10:00"), () => [n++ % 2 === 0 ? 55 : 56]);
    d.tick(local("12-02 21:00:01"));
    d.post(local("12-02 21:05"), A1, 20, 500);
    d.tick(local("12-02 21:30:01"));
    const HIDDEN_BOMB = 17;
    assert.equal(d.state.seats[HIDDEN_BOMB]?.role, "hidden-bomb");
    assert.equal(extensionRequestRefusal(d.state, 30)?.code, "iou-extension.not-swordsman");
    assert.equal(extensionRequestRefusal(d.state, HIDDEN_BOMB)?.code, "iou-extension.not-swordsman");
    // The referee's inbox asks as the grant judges, by the real camp: the open 白条 is the bomb's own camp's.
    assert.equal(extensionRequestRefusal(d.state, HIDDEN_BOMB, true)?.code, "iou-extension.no-open-iou");
  });
});

describe("scored players and survival points", () => {
  test("「医生、工兵均属分值人员」 and 「炸弹…也不属于分值人员」: the airforce-40 engineer is scored, bombs and rangers are not", () => {
    const rules = preset("airforce-40");
    const role = (id: string) => rules.roles.find((r) => r.id === id);
    const engineer = role("engineer");
    assert.ok(engineer && isScoredRole(engineer));
    for (const id of ["bright-bomb", "hidden-bomb", "ranger"]) {
      const r = role(id);
      assert.ok(r && !isScoredRole(r), id);
    }
  });

  test("「附条件出帖人员非自始具有出帖权…不属分值人员」: the black bomb that may take over posts carries no point", () => {
    const bomb = preset("fengyun-57").roles.find((r) => r.id === "black-bomb");
    assert.ok(bomb && !isScoredRole(bomb));
  });

  test("「中立身份的玩家（如猎人）自身不带分值」 even with a post right; `scored` may override the default", () => {
    const base = preset("fengyun-57");
    const hunter = { ...base.roles[0], id: "hunter", camp: "neutral" as const } as RuleSet["roles"][number];
    assert.equal(isScoredRole(hunter), false);
    const unscored = { ...base.roles[0], scored: false } as RuleSet["roles"][number];
    assert.equal(isScoredRole(unscored), false);
  });

  test("「带免死功能的玩家每实际免死一次，存活分比例中该阵营方人数自动+1」: sizes 14 : 43, one white immunity → 14/44", () => {
    const d = new Driver(preset("fengyun-57"));
    assert.deepEqual(campSizes(d.state), { black: 14, white: 43 });
    assert.equal(show(survivalValue("white", campSizes(d.state))), "14/43");
    assert.equal(show(survivalValue("white", campSizes(d.state, { black: 0, white: 1 }))), "7/22");
    assert.equal(show(survivalValue("white", campSizes(d.state, { black: 1, white: 0 }))), "15/43");
    // At the start, survival points balance: 14 × 1 = 43 × 14/43.
    const r = scoreReport(d.state, { final: true });
    assert.equal(show(r.black.total), "14");
    assert.equal(show(r.white.total), "14");
    assert.equal(r.winner, "draw");
  });
});

describe("results post lines", () => {
  test("「公布黑白两道各自得分情况及分值归属原因，但是，买猎所获分值只公布归属哪方，不公布归属原因」", () => {
    const lines = renderScoreLines({
      moves: [{ alias: "剑1", code: "狙击手", house: 1, to: "black", reason: "post-code-right" }],
      houses: [{ house: 1, black: { exact: "2", value: 2 }, white: { exact: "56/43", value: 1.3 } }],
      purchases: [{ to: "white", points: "1" }],
    });
    assert.deepEqual(lines, [
      "分值：剑1（狙击手） 1分归黑道——被贴杀，代号正确，分值归出帖方。",
      "当前得分：黑道 2分，白道 56/43分（约1.30分）。",
      "买猎：1分归白道。",
    ]);
  });

  test("two houses: each house its own lines", () => {
    const lines = renderScoreLines({
      moves: [{ alias: "刺1", code: "苍龙斧", house: 2, to: "white", reason: "post-code-right" }],
      houses: [
        { house: 1, black: { exact: "1", value: 1 }, white: { exact: "1", value: 1 } },
        { house: 2, black: { exact: "0", value: 0 }, white: { exact: "2", value: 2 } },
      ],
    });
    assert.deepEqual(lines, [
      "一府当前得分：黑道 1分，白道 1分。",
      "二府分值：刺1（苍龙斧） 1分归白道——被贴杀，代号正确，分值归出帖方。",
      "二府当前得分：黑道 0分，白道 2分。",
    ]);
  });
});
