// Tests for checkCast (deadline, voter rights, targets, abstention, changes, proxies, codes) and nonVoters.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import type { VoteSettings } from "../../rules/schema.ts";
import { type CastContext, checkCast, nonVoters } from "./check-cast.ts";
import { cast, clock, settings } from "./test-support.ts";
import type { VoteCast } from "./types.ts";

const A = 50;
const B = 51;
const C = 52;
const living = new Set([1, 2, 3, 4, 5, A, B, C]);

function ctx(over: Partial<CastContext> = {}): CastContext {
  return {
    settings: settings(),
    kind: "regular",
    votesPerVoter: 1,
    deadline: clock("21:00:00"),
    alive: living,
    halfVoters: new Set(),
    noVote: new Set(),
    candidates: null,
    previous: [],
    ...over,
  };
}

const codeOf = (c: CastContext, x: VoteCast) => checkCast(c, x)?.code ?? null;

describe("the deadline, to the second", () => {
  // RULINGS.md 6: "a vote received at 21:00:00.999 counts, at 21:00:01.000 it does not"
  // seed 002: "每日21：00：00——次日21：00：00，论坛时间为准，过秒不计。"
  test("21:00:00.999 counts", () => {
    assert.equal(checkCast(ctx(), cast(1, [A], "21:00:00.999")), null);
  });
  test("21:00:01.000 is refused, with the times for the message", () => {
    const v = checkCast(ctx(), cast(1, [A], "21:00:01.000"));
    assert.equal(v?.code, "vote.after-deadline");
    assert.equal(v?.details.deadline, clock("21:00:00"));
    assert.equal(v?.details.receivedAt, clock("21:00:01"));
    assert.equal(v?.details.lastAccepted, clock("21:00:00.999"));
  });
  test("any receipt within the deadline's second counts; any later one does not", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5_000, max: 5_000 }), (offset) => {
        const v = checkCast(ctx(), cast(1, [A], clock("21:00:00") + offset));
        assert.equal(v === null, offset < 1000);
      }),
    );
  });
  test("an overtime cast before the overtime post is refused", () => {
    // seed 000: "以发出加时投票贴开始计，时间15分钟"
    const c = ctx({
      kind: "overtime",
      candidates: [A, B],
      opensAt: clock("21:05:00"),
      deadline: clock("21:20:00"),
    });
    assert.equal(codeOf(c, cast(1, [A], "21:04:59.999")), "vote.not-open");
    assert.equal(codeOf(c, cast(1, [A], "21:05:00")), null);
  });
});

describe("who may vote", () => {
  test("a seat that is out may not vote", () => {
    assert.equal(codeOf(ctx(), cast(9, [A], "20:00:00")), "vote.voter-out");
  });
  test("a post-killed seat keeps its (half) vote this round", () => {
    // seed 000: "当轮被帖杀的人，仍有投票权，但其所投的票只在平票时有效(类似半票)"
    assert.equal(codeOf(ctx({ halfVoters: new Set([9]) }), cast(9, [A], "20:00:00")), null);
    assert.equal(
      codeOf(
        ctx({ halfVoters: new Set([9]), settings: settings({ halfVotes: false }) }),
        cast(9, [A], "20:00:00"),
      ),
      "vote.voter-out",
    );
  });
  test("a failed IOU's poster has no vote that round", () => {
    // seed 002: "过时未补，出帖者出局当轮无票权，被帖者复活当轮恢复全票。"
    const v = checkCast(ctx({ noVote: new Set([3]) }), cast(3, [A], "20:00:00"));
    assert.equal(v?.code, "vote.no-vote-right");
    assert.equal(v?.details.voter, 3);
  });
});

describe("targets", () => {
  test("a seat that is out cannot be voted for", () => {
    const v = checkCast(ctx(), cast(1, [9], "20:00:00"));
    assert.equal(v?.code, "vote.target-dead");
    assert.equal(v?.details.target, 9);
  });
  test("overtime: only the tied", () => {
    // seed 000: "加时投票由所有活着的玩家投票进入加时的玩家"
    const c = ctx({ kind: "overtime", candidates: [A, B] });
    assert.equal(codeOf(c, cast(1, [C], "20:00:00")), "vote.not-a-candidate");
    assert.equal(codeOf(c, cast(1, [B], "20:00:00")), null);
  });
  test("no more targets than votes; two on one player is allowed", () => {
    // seed 002: "若当轮投票为一票以上的，只投一票者或两票同投一人者，不算自杀，以第一票计算。"
    const v = checkCast(ctx(), cast(1, [A, B], "20:00:00"));
    assert.equal(v?.code, "vote.too-many-targets");
    assert.equal(v?.details.allowed, 1);
    assert.equal(v?.details.got, 2);
    assert.equal(codeOf(ctx({ votesPerVoter: 2 }), cast(1, [A, A], "20:00:00")), null);
    assert.equal(codeOf(ctx({ votesPerVoter: 2 }), cast(1, [A], "20:00:00")), null);
  });
});

describe("abstaining (投票对象：无)", () => {
  const sevenkill = settings({
    abstainAllowed: true,
    duel: { abstainAllowed: false, tieOutcome: "nobody-out" },
    threshold: { kind: "percent", percent: 40 },
  });
  test("7kill allows it in the day vote", () => {
    // seed 001: "每人一票，允许弃权，弃权也需要发投票帖，并计为一次投票（或一次改票）"
    assert.equal(codeOf(ctx({ settings: sevenkill }), cast(1, [], "20:00:00")), null);
  });
  test("but not in the duel", () => {
    // seed 001: "此时的投票对象只能为高票对决的双方，且不允许弃权。"
    const c = ctx({ settings: sevenkill, kind: "duel", candidates: [A, B] });
    assert.equal(codeOf(c, cast(1, [], "20:00:00")), "vote.abstain-not-allowed");
    assert.equal(codeOf(c, cast(1, [C], "20:00:00")), "vote.not-a-candidate");
  });
  test("风云 does not allow it", () => {
    // seed 000: "当轮游戏参加者必须按时投票" — a vote names a player (abstainAllowed: false).
    assert.equal(codeOf(ctx(), cast(1, [], "20:00:00")), "vote.abstain-not-allowed");
  });
});

describe("changes (改票)", () => {
  // seed 001: "投票后，有一次改票机会" / "白天结束前1个小时不得改票"
  const s: VoteSettings = settings({ changes: { max: 1, freezeMinutes: 60 }, abstainAllowed: true });
  const deadline = clock("22:00:00");
  const first = cast(1, [A], "12:00:00");
  const change = cast(1, [B], "13:00:00");

  test("one change is allowed, a second is refused", () => {
    assert.equal(codeOf(ctx({ settings: s, deadline }), first), null);
    assert.equal(codeOf(ctx({ settings: s, deadline, previous: [first] }), change), null);
    const v = checkCast(ctx({ settings: s, deadline, previous: [first, change] }), cast(1, [C], "14:00:00"));
    assert.equal(v?.code, "vote.no-more-changes");
    assert.equal(v?.details.changesMade, 1);
    assert.equal(v?.details.max, 1);
  });
  test("other voters' casts do not use up this voter's change", () => {
    const others = [cast(2, [A], "12:00:00"), cast(2, [B], "12:30:00")];
    assert.equal(codeOf(ctx({ settings: s, deadline, previous: [...others, first] }), change), null);
  });
  test("no change in the last hour; a first vote is still allowed", () => {
    const c = ctx({ settings: s, deadline, previous: [first] });
    assert.equal(codeOf(c, cast(1, [B], "20:59:59.999")), null);
    const v = checkCast(c, cast(1, [B], "21:00:00"));
    assert.equal(v?.code, "vote.change-frozen");
    assert.equal(v?.details.freezeFrom, clock("21:00:00"));
    assert.equal(codeOf(ctx({ settings: s, deadline }), cast(1, [B], "21:30:00")), null);
  });
  test("风云: changes are free until the deadline", () => {
    // seed 000: "玩家可以根据具体情况随时改变自己的投票"
    const previous = [cast(1, [A], "20:00:00"), cast(1, [B], "20:10:00"), cast(1, [A], "20:20:00")];
    assert.equal(codeOf(ctx({ previous }), cast(1, [C], "21:00:00.500")), null);
  });
});

describe("proxy votes (托票)", () => {
  const proxy = (time: string) => cast(1, [A], time, { proxy: true });

  test("风云: refused from 20:40 for a 21:00 deadline", () => {
    // seed 000: "晚20：40之后不接受托票。"
    const c = ctx({ settings: settings({ proxy: { cutoffMinutes: 20, publishMinutes: null } }) });
    assert.equal(codeOf(c, proxy("20:39:59.999")), null);
    const v = checkCast(c, proxy("20:40:00"));
    assert.equal(v?.code, "proxy.after-cutoff");
    assert.equal(v?.details.cutoff, clock("20:40:00"));
  });
  test("空军: refused from 20:45", () => {
    // seed 002: "投票截止前15分钟，即20：45起不再接受托票。"
    const c = ctx({ settings: settings({ proxy: { cutoffMinutes: 15, publishMinutes: null } }) });
    assert.equal(codeOf(c, proxy("20:44:59.999")), null);
    assert.equal(codeOf(c, proxy("20:45:00")), "proxy.after-cutoff");
    // The cut-off concerns proxies only: the player's own vote is still on time.
    assert.equal(codeOf(c, cast(1, [A], "20:50:00")), null);
  });
  test("RULINGS 12 「naming one target」: a proxy vote cannot abstain, even where players may", () => {
    // seed 001 (where players may abstain): "代投必须明确指定投票对象，不允许给出条件让导演确定投票对象！"
    const c = ctx({ settings: settings({ abstainAllowed: true }) });
    assert.equal(codeOf(c, cast(1, [], "12:00:00", { proxy: true })), "proxy.no-target");
    assert.equal(codeOf(c, cast(1, [], "12:00:00")), null);
  });
  test("an overtime takes no 托票: it opens at the day's deadline, past the day's cut-off", () => {
    // seed 000: "晚20：40之后不接受托票。" seed 002: "20:45分后不接受任何形式的托票。"
    const c = ctx({
      kind: "overtime",
      candidates: [A, B],
      deadline: clock("21:15:00"),
      dayDeadline: clock("21:00:00"),
      settings: settings({ proxy: { cutoffMinutes: 20, publishMinutes: null } }),
    });
    const v = checkCast(c, cast(1, [A], "21:05:00", { proxy: true }));
    assert.equal(v?.code, "proxy.after-cutoff");
    // The message names the day's cut-off, not one counted back from the overtime's own deadline.
    assert.equal(v?.details.cutoff, clock("20:40:00"));
    // The player's own vote in the overtime is still taken.
    assert.equal(codeOf(c, cast(1, [A], "21:05:00")), null);
  });
  test("7kill's duel times its 代投 by the duel's own deadline", () => {
    // seed 001: "建议导演至少在投票截至的10～15分钟前（如果已经收到代投信息）发出代投信息"
    const c = ctx({
      kind: "duel",
      candidates: [A, B],
      deadline: clock("23:00:00"),
      settings: settings({ abstainAllowed: true, proxy: { cutoffMinutes: 0, publishMinutes: 10 } }),
    });
    assert.equal(codeOf(c, cast(1, [A], "22:40:00", { proxy: true })), null);
    assert.equal(codeOf(c, cast(1, [A], "22:55:00", { proxy: true })), "proxy.too-late-to-publish");
  });
  test("7kill: a proxy published later than 10 minutes before the deadline is void", () => {
    // seed 001: "建议导演至少在投票截至的10～15分钟前（如果已经收到代投信息）发出代投信息" /
    // "导演在统计票数时才公布的代投信息是无效的。"
    const c = ctx({
      settings: settings({ abstainAllowed: true, proxy: { cutoffMinutes: 0, publishMinutes: 10 } }),
      deadline: clock("22:00:00"),
    });
    assert.equal(codeOf(c, proxy("21:50:00")), null);
    const v = checkCast(c, proxy("21:50:00.001"));
    assert.equal(v?.code, "proxy.too-late-to-publish");
    assert.equal(v?.details.publishBy, clock("21:50:00"));
    assert.equal(v?.details.receivedAt, clock("21:50:00.001"));
  });
});

describe("code guesses (代号)", () => {
  // seed 000: "未有杀刺出帖前，投票楼不提供代号供投选。有一个杀刺出帖后，勺子会在票楼里提供所有有分值的黑道代号供投选"
  test("no codes before the first black post", () => {
    const v = checkCast(ctx({ codeChoices: null }), cast(1, [A], "20:00:00", { codes: ["轰炸机"] }));
    assert.equal(v?.code, "vote.codes-not-offered");
    // Codes are not checked at all where the caller offers none (undefined): not a score game.
    assert.equal(codeOf(ctx(), cast(1, [A], "20:00:00", { codes: ["轰炸机"] })), null);
  });
  test("one code guess per vote at most", () => {
    const c = ctx({ codeChoices: ["轰炸机", "航测团"] });
    const v = checkCast(c, cast(1, [A], "20:00:00", { codes: ["轰炸机", "航测团"] }));
    assert.equal(v?.code, "vote.too-many-codes");
    // Extra empty guesses are harmless: only a code actually given needs a vote to ride on.
    assert.equal(codeOf(c, cast(1, [A], "20:00:00", { codes: [null, null] })), null);
  });
  test("afterwards only the offered codes; a vote without one stays valid", () => {
    // seed 000: "未选代号的投票，不影响出票的有效性。"
    const c = ctx({ codeChoices: ["轰炸机", "航测团"] });
    assert.equal(codeOf(c, cast(1, [A], "20:00:00", { codes: ["航测团"] })), null);
    assert.equal(codeOf(c, cast(1, [A], "20:00:00", { codes: [null] })), null);
    assert.equal(codeOf(c, cast(1, [A], "20:00:00")), null);
    assert.equal(codeOf(c, cast(1, [A], "20:00:00", { codes: ["北空"] })), "vote.code-not-offered");
  });
});

describe("两府制 (two houses)", () => {
  // seed 000: "两府制算分时，分数不跨票楼归属，死亡人员在哪个票楼，其死亡后分值就在哪个票楼的结果里判归属"
  test("a thread takes votes for its own house's players only", () => {
    const c = ctx({ house: { house: 1, seats: new Set([1, 2, A]) } });
    assert.equal(codeOf(c, cast(1, [A], "20:00:00")), null);
    const v = checkCast(c, cast(1, [B], "20:00:00"));
    assert.equal(v?.code, "vote.target-other-house");
    assert.equal(v?.details.seat, B);
    assert.equal(v?.details.house, 1);
  });
});

describe("the change count from the caller's cast log", () => {
  test("castsBy replaces counting `previous`", () => {
    const s = settings({ changes: { max: 1, freezeMinutes: 0 } });
    assert.equal(codeOf(ctx({ settings: s, castsBy: () => 1 }), cast(1, [A], "20:00:00")), null);
    assert.equal(
      codeOf(ctx({ settings: s, castsBy: () => 2 }), cast(1, [A], "20:00:00")),
      "vote.no-more-changes",
    );
  });
});

describe("nonVoters", () => {
  // seed 000: "不投票者或迟到者算自杀"
  test("lists the seats due to vote that cast nothing; abstentions and proxies are votes", () => {
    const casts = [
      cast(2, [A], "20:00:00"),
      cast(3, [], "20:00:00"),
      cast(4, [A], "20:30:00", { proxy: true }),
    ];
    assert.deepEqual(nonVoters([5, 4, 3, 2, 1], casts), [1, 5]);
  });
});
