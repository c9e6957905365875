// 指定出帖人: the referee gives the turn of an absent member to another living member of the unit.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { summarize } from "./summary.ts";
import { closeVote, Driver, local, preset } from "./test-kit.ts";
import { redactEvent, viewFor } from "./view.ts";

const whistle = "seed 002 「游戏中哨子最大！游戏中如发生意外情况，以哨子的最终判断结果为准。」";
const rotation = "seed 000 「杀手方出帖按代号序轮流出帖」";

// 风云 seats: A组杀手 0–3 (疯魔拳 追魂枪 无情剑 多情环), B组杀手 4–7 (天心刀 噬魂刀 烈焰刀 红唇刀), 刺客 8–10, rangers 18–56.
// Round 2 (A杀2、B杀1…) opens at 12-02 21:00 with its posting window, to 21:30.
function round2(): Driver {
  const d = new Driver(preset("fengyun-57"));
  closeVote(d, "12-02", [56, 55]);
  return d;
}

describe(`指定出帖人 — ${whistle}`, () => {
  test(`${rotation}: 天心刀 (4) is absent; the referee gives its turn to 烈焰刀 (6), and the rotation goes on after 天心刀`, () => {
    const d = round2();
    assert.equal(d.post(local("12-02 21:05"), 6, 50)?.code, "post.not-your-turn");
    assert.equal(
      d.override(
        local("12-02 21:10"),
        { action: "assign-turn", unit: "killer-b", seat: 6 },
        "天心刀两天未上线",
      ),
      null,
    );
    assert.deepEqual(d.events("OverrideApplied").at(-1)?.override, {
      action: "assign-turn",
      unit: "killer-b",
      seat: 6,
      from: 4,
    });
    assert.equal(viewFor(d.state, { kind: "seat", seat: 6 }).you?.postRight?.yourTurn, true);
    assert.equal(viewFor(d.state, { kind: "seat", seat: 4 }).you?.postRight?.yourTurn, false);
    assert.equal(d.post(local("12-02 21:12"), 4, 50)?.code, "post.not-your-turn", "the turn is given away");
    assert.equal(d.post(local("12-02 21:12"), 5, 50)?.code, "post.not-your-turn");
    assert.equal(d.post(local("12-02 21:15"), 6, 50), null);
    d.tick(local("12-02 21:30:01"));
    const r2 = summarize(d.state).rounds.find((r) => r.round === 2);
    assert.equal(r2?.forfeited?.["killer-b"], undefined, "B组's post was made");
    assert.deepEqual(r2?.turnsAssigned, [{ unit: "killer-b", from: 4, to: 6, reason: "天心刀两天未上线" }]);
    assert.equal(d.alive(50), false);
    // Round 3 (B杀2): the rotation goes on after 天心刀's turn — 噬魂刀 (5) and 烈焰刀 (6), who keeps its own turn.
    closeVote(d, "12-03", [40, 41, 42, 43, 44]);
    assert.equal(d.post(local("12-03 21:05"), 7, 45)?.code, "post.not-your-turn");
    assert.equal(d.post(local("12-03 21:05"), 5, 45), null);
    assert.equal(d.post(local("12-03 21:06"), 6, 46), null);
  });

  test("seed 000 「杀手出局总数4人（含4人）AB两组杀手联合」 in the window: a turn given in B组 holds in the merged group", () => {
    const d = round2();
    assert.equal(
      d.override(local("12-02 21:05"), { action: "assign-turn", unit: "killer-b", seat: 6 }, "天心刀未上线"),
      null,
    );
    // Four killers out inside the window and told at once (A组's 2 and 3, B组's 5 and 7, their 报道 redos missed:
    // a suicide, 「自杀者身份立即公布」): AB两组 merge at once.
    for (const target of [2, 3, 5, 7])
      assert.equal(
        d.override(local("12-02 21:08"), { action: "eliminate", target, missedRedo: true }, "报道重写逾期"),
        null,
      );
    assert.ok(d.state.alliances.some((a) => a.id === "killers"));
    // 天心刀 (4) still has no turn; 烈焰刀 (6) posts in its place for the merged group.
    assert.equal(d.post(local("12-02 21:10"), 4, 50)?.code, "post.not-your-turn");
    assert.equal(d.post(local("12-02 21:12"), 6, 50), null);
  });

  test("with `from`, the turn of a later member of the round goes: 追魂枪 (1)'s turn to 多情环 (3) while 疯魔拳 (0) has not posted", () => {
    const d = round2();
    assert.equal(
      d.override(
        local("12-02 21:10"),
        { action: "assign-turn", unit: "killer-a", seat: 3, from: 1 },
        "追魂枪请假",
      ),
      null,
    );
    assert.equal(d.post(local("12-02 21:11"), 1, 50)?.code, "post.not-your-turn");
    assert.equal(d.post(local("12-02 21:12"), 0, 50), null);
    assert.equal(d.post(local("12-02 21:13"), 3, 51), null);
    d.tick(local("12-02 21:30:01"));
    assert.deepEqual(
      d
        .events("PostsReleased")
        .find((e) => e.round === 2)
        ?.posts.map((p) => p.poster),
      [0, 3],
    );
  });

  test("refused, and nothing recorded: an unknown unit, a non-member, an out member, the turn's own seat, no turn open", () => {
    const d = round2();
    // 无情剑 (2) goes out by the referee's ruling first.
    assert.equal(d.override(local("12-02 21:01"), { action: "eliminate", target: 2 }, "曝ID"), null);
    const before = d.log.length;
    const assign = (unit: string, seat: number, from?: number) =>
      d.override(
        local("12-02 21:10"),
        { action: "assign-turn", unit, seat, ...(from !== undefined ? { from } : {}) },
        "x",
      )?.code;
    assert.deepEqual(
      [assign("killer-c", 3), assign("killer-a", 8), assign("killer-a", 2), assign("killer-a", 0)],
      [
        "override.unknown-unit",
        "override.not-unit-member",
        "override.not-unit-member",
        "override.same-turn-seat",
      ],
    );
    assert.equal(assign("killer-a", 3, 3), "override.not-their-turn", "多情环 has no turn this round");
    assert.equal(d.log.length, before);
    // Both of A组's turns taken: none left to give; nor once the posts are out.
    assert.equal(d.post(local("12-02 21:12"), 0, 50), null);
    assert.equal(d.post(local("12-02 21:13"), 1, 51), null);
    assert.equal(assign("killer-a", 3), "override.no-turn-open");
    d.tick(local("12-02 21:30:01"));
    assert.equal(assign("killer-b", 5), "override.no-turn-open");
  });

  test("refused for a group choosing its own posters (空军 「集团自定」): it has no turns to give", () => {
    const d = new Driver(preset("airforce-40"));
    const o = { action: "assign-turn" as const, unit: "killer", seat: 1 };
    assert.equal(d.override(local("12-01 22:00"), o, "x")?.code, "override.group-choice");
  });

  test("the ruling goes to the seat given the turn (without whose it was), to that seat (without who took it), and the referees", () => {
    const d = round2();
    assert.equal(
      d.override(local("12-02 21:10"), { action: "assign-turn", unit: "killer-b", seat: 6 }, "天心刀未上线"),
      null,
    );
    const e = d.log.at(-1);
    assert.ok(e?.type === "OverrideApplied");
    const as = (seat: number) =>
      redactEvent(e, { kind: "seat", seat }, d.state) as { override: unknown } | null;
    assert.deepEqual(as(6)?.override, { action: "assign-turn", unit: "killer-b", seat: 6 });
    assert.deepEqual(as(4)?.override, { action: "assign-turn", unit: "killer-b", from: 4 });
    assert.deepEqual([as(5), as(30)], [null, null]);
    assert.equal(redactEvent(e, { kind: "public" }, d.state), null);
    assert.equal(redactEvent(e, { kind: "referee" }, d.state), e);
  });
});
