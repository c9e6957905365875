// 风云 (seed 000) score rule: a code guess goes with the kill post or the vote itself, and decides where the point goes.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Seat } from "../contract.ts";
import { summarize } from "../summary.ts";
import { closeVote, Driver, local, preset } from "../test-kit.ts";

// fengyun-57 seats: A killers 0–3 (疯魔拳 追魂枪 无情剑 多情环), B killers 4–7 (天心刀 …), swords 14–15, rangers 18–56.

/** Round 1 out 55, 56; round 2: A killers 0 and 1 and B killer 4 post rangers; swordsman 14 posts B killer 4 with `code`. */
function swordOnKiller(code: string | null): Driver {
  const d = new Driver(preset("fengyun-57"));
  closeVote(d, "12-02", [55, 56]);
  for (const [poster, target] of [
    [0, 20],
    [1, 21],
    [4, 22],
  ] as [Seat, Seat][])
    assert.equal(d.post(local("12-02 21:05"), poster, target), null);
  assert.equal(
    d.do({ type: "SubmitKillPost", at: local("12-02 21:06"), poster: 14, target: 4, words: 900, code }),
    null,
  );
  d.tick(local("12-02 21:30:01"));
  return d;
}

const pointOf = (d: Driver, round: number, seat: Seat) => {
  const p = summarize(d.state)
    .rounds.find((r) => r.round === round)
    ?.out.find((o) => o.seat === seat)?.points;
  return [p?.to, p?.reason];
};

test("seed 000 「只增加了玩家在票杀和贴杀时需同步提交对于被票杀和贴杀人代号猜想的程序。」 (贴杀): the guess sent with the post takes the point; a wrong or missing one does not", () => {
  assert.equal(swordOnKiller("天心刀").state.seats[4]?.code, "天心刀");
  assert.deepEqual(pointOf(swordOnKiller("天心刀"), 2, 4), ["white", "post-code-right"]);
  assert.deepEqual(pointOf(swordOnKiller("噬魂刀"), 2, 4), ["black", "post-code-wrong"]);
  // seed 000 「不提供代号猜想的，不影响杀人，但是，不能抢分。」
  assert.deepEqual(pointOf(swordOnKiller(null), 2, 4), ["black", "post-no-code"]);
});

test("seed 000 「只增加了玩家在票杀和贴杀时需同步提交对于被票杀和贴杀人代号猜想的程序。」 (票杀): the guesses sent with the votes decide the voted-out killer's point", () => {
  for (const [code, to, reason] of [
    ["疯魔拳", "white", "black-voted-out-code-right"],
    ["追魂枪", "black", "black-voted-out-code-wrong"],
  ] as const) {
    const d = swordOnKiller(null);
    // Round 2's vote (票杀5人): A killer 0, who posted, and four rangers; every ballot on 0 guesses `code`.
    const victims: Seat[] = [0, 30, 31, 32, 33];
    let n = 0;
    for (const s of d.state.seats) {
      if (!s.alive) continue;
      const target = victims[n++ % victims.length] as Seat;
      d.must({
        type: "CastVote",
        at: local("12-03 10:00"),
        voter: s.seat,
        targets: [target],
        codes: [target === 0 ? code : null],
      });
    }
    d.tick(local("12-03 21:00:01"));
    assert.equal(d.state.seats[0]?.out?.cause, "vote", code);
    assert.deepEqual(pointOf(d, 2, 0), [to, reason], code);
  }
});
