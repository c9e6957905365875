// Tests for the tally: standing ballots, multi-vote ballots, half votes, thresholds, overtime, duel, lead voters, out codes.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { meetsThreshold, tally } from "./tally.ts";
import { cast, clock, input, settings, votesOf } from "./test-support.ts";
import type { VoteCast } from "./types.ts";

// Seats used below: 1–9 and 20–29 are full voters, 40–49 post-killed half voters; A, B, C are the voted-for seats.
const A = 50;
const B = 51;
const C = 52;

describe("standing ballots", () => {
  test("the last cast stands", () => {
    // seed 000: "玩家可以根据具体情况随时改变自己的投票" — RULINGS.md 7: "free until the deadline, the last vote stands"
    const r = tally(
      input([
        cast(1, [A], "20:00:00"),
        cast(2, [A], "20:01:00"),
        cast(3, [B], "20:02:00"),
        cast(1, [B], "20:30:00"),
        cast(2, [B], "20:31:00"),
      ]),
    );
    assert.equal(votesOf(r, A), 0);
    assert.equal(votesOf(r, B), 3);
    assert.deepEqual(r.out, [B]);
    assert.deepEqual(
      r.votes.filter((v) => v.seat === B).map((v) => v.voter),
      [3, 1, 2],
    );
  });

  test("an abstention is a standing ballot that counts no seat", () => {
    // seed 001: "每人一票，允许弃权，弃权也需要发投票帖，并计为一次投票（或一次改票）"
    const r = tally(input([cast(1, [A], "20:00:00"), cast(1, [], "20:10:00"), cast(2, [A], "20:11:00")]));
    assert.equal(votesOf(r, A), 1);
    assert.deepEqual(r.abstainers, [1]);
  });

  test("a ballot whose only choice is no longer a candidate is void, not an abstention", () => {
    // seed 001: "每人一票，允许弃权，弃权也需要发投票帖…如：投票对象：无" — 弃权 names nobody; 3 named B, who left.
    const r = tally(
      input([cast(1, [], "20:00:00"), cast(2, [A], "20:01:00"), cast(3, [B], "20:02:00")], {
        candidates: [A],
      }),
    );
    assert.equal(votesOf(r, A), 1);
    assert.deepEqual(r.abstainers, [1]);
    assert.deepEqual(r.voided, [3]);
  });
});

describe("multi-vote ballots (票N)", () => {
  // seed 002: "若当轮投票为一票以上的，只投一票者或两票同投一人者，不算自杀，以第一票计算。"
  test("one cast, or both on one player, counts once; two players count one each", () => {
    const r = tally(
      input(
        [
          cast(1, [A, B], "20:00:00"),
          cast(2, [A], "20:01:00"),
          cast(3, [B, B], "20:02:00"),
          cast(4, [C, A], "20:03:00"),
        ],
        { votesPerVoter: 2, slots: 4 },
      ),
    );
    assert.equal(votesOf(r, A), 3);
    assert.equal(votesOf(r, B), 2);
    assert.equal(votesOf(r, C), 1);
    assert.deepEqual(r.out, [A, B, C]);
  });

  test("a two-on-one ballot keeps the first occurrence's code", () => {
    const r = tally(input([cast(1, [A, A], "20:00:00", { codes: ["北空", "沈空"] })], { votesPerVoter: 2 }));
    assert.equal(votesOf(r, A), 1);
    assert.equal(r.votes[0]?.code, "北空");
  });
});

describe("half votes (半票)", () => {
  // seed 000: "当轮被帖杀的人，仍有投票权，但其所投的票只在平票时有效(类似半票)；在平票加时投票时，其投票是合法的完全一票，等同与其他人。"
  // RULINGS.md 10: "a vote worth 0.5 that is added only when the top places are tied, and only to break that tie"
  const halfVoters = new Set([40, 41, 42, 43]);

  test("half votes do not change a non-tied result, even when they would outnumber the lead", () => {
    const r = tally(
      input(
        [
          cast(1, [A], "20:00:00"),
          cast(2, [A], "20:01:00"),
          cast(3, [A], "20:02:00"),
          cast(4, [B], "20:03:00"),
          cast(5, [B], "20:04:00"),
          ...[40, 41, 42, 43].map((v, i) => cast(v, [B], `20:1${i}:00`)),
        ],
        { halfVoters },
      ),
    );
    assert.deepEqual(r.out, [A]);
    assert.equal(r.halfVotesApplied, false);
    assert.equal(r.tie, null);
    const b = r.entries.find((e) => e.seat === B);
    assert.equal(b?.halves, 4);
    assert.equal(b?.halfVotes, 0);
    assert.equal(b?.halfVotesUnused, 4);
  });

  test("half votes break a top tie, and show as a half in the count", () => {
    const r = tally(
      input(
        [
          cast(1, [A], "20:00:00"),
          cast(2, [A], "20:01:00"),
          cast(3, [B], "20:02:00"),
          cast(4, [B], "20:03:00"),
          cast(40, [B], "20:04:00"),
        ],
        { halfVoters },
      ),
    );
    assert.deepEqual(r.out, [B]);
    assert.equal(r.halfVotesApplied, true);
    assert.equal(votesOf(r, B), 2.5);
    assert.equal(r.tie, null);
  });

  test("half votes count only for the tied seats, not for a seat below the tie", () => {
    // C's 1.5 half-vote weight would lift it to 3.5, above the 3–3 tie; it must not enter.
    const r = tally(
      input(
        [
          ...[1, 2, 3].map((v) => cast(v, [A], `20:0${v}:00`)),
          ...[4, 5, 6].map((v) => cast(v, [B], `20:0${v}:00`)),
          cast(7, [C], "20:07:00"),
          cast(8, [C], "20:08:00"),
          cast(40, [C], "20:10:00"),
          cast(41, [C], "20:11:00"),
          cast(42, [C], "20:12:00"),
          cast(43, [A], "20:13:00"),
        ],
        { halfVoters },
      ),
    );
    assert.deepEqual(r.out, [A]);
    assert.equal(votesOf(r, A), 3.5);
    assert.equal(votesOf(r, C), 2);
    assert.equal(r.entries.find((e) => e.seat === C)?.halfVotesUnused, 3);
  });

  test("half votes that leave the tie level send it to overtime", () => {
    const r = tally(
      input(
        [
          cast(1, [A], "20:00:00"),
          cast(2, [B], "20:01:00"),
          cast(40, [A], "20:02:00"),
          cast(41, [B], "20:03:00"),
        ],
        { halfVoters },
      ),
    );
    assert.deepEqual(r.out, []);
    assert.equal(r.halfVotesApplied, true);
    assert.deepEqual(new Set(r.tie?.seats), new Set([A, B]));
    assert.equal(r.tie?.slots, 1);
  });

  test("a three-way tie narrowed by half votes leaves only the still-level seats tied", () => {
    const r = tally(
      input(
        [
          cast(1, [A], "20:00:00"),
          cast(2, [B], "20:01:00"),
          cast(3, [C], "20:02:00"),
          cast(40, [A], "20:03:00"),
          cast(41, [B], "20:04:00"),
        ],
        { halfVoters },
      ),
    );
    assert.deepEqual(r.out, []);
    assert.deepEqual(new Set(r.tie?.seats), new Set([A, B]));
  });

  test("above the tie seats stay out; half votes settle only the last open place", () => {
    // 出2: A leads, B and C tie for the second place; a half vote on C settles it.
    const r = tally(
      input(
        [
          ...[1, 2, 3].map((v) => cast(v, [A], `20:0${v}:00`)),
          cast(4, [B], "20:04:00"),
          cast(5, [C], "20:05:00"),
          cast(40, [C], "20:06:00"),
          cast(41, [A], "20:07:00"),
        ],
        { halfVoters, slots: 2 },
      ),
    );
    assert.deepEqual(r.out, [A, C]);
    // A was out on full votes: the half vote on A is not in its count.
    assert.equal(votesOf(r, A), 3);
  });

  test("in overtime a half voter's vote is a full vote", () => {
    // seed 000: "在平票加时投票时，其投票是合法的完全一票，等同与其他人。"
    const casts = [
      cast(1, [A], "21:05:00"),
      cast(2, [A], "21:06:00"),
      cast(3, [B], "21:07:00"),
      cast(40, [B], "21:08:00"),
      cast(41, [B], "21:09:00"),
    ];
    const r = tally(input(casts, { kind: "overtime", candidates: [A, B], halfVoters }));
    assert.deepEqual(r.out, [B]);
    assert.equal(votesOf(r, B), 3);
    assert.equal(r.entries.find((e) => e.seat === B)?.fullVotes, 3);
  });

  test("a rule set without half votes never adds them", () => {
    const r = tally(
      input([cast(1, [A], "20:00:00"), cast(2, [B], "20:01:00"), cast(40, [B], "20:02:00")], {
        settings: settings({ halfVotes: false }),
        halfVoters,
      }),
    );
    assert.deepEqual(r.out, []);
    assert.equal(r.halfVotesApplied, false);
    assert.deepEqual(new Set(r.tie?.seats), new Set([A, B]));
  });
});

describe("thresholds", () => {
  // seed 001: "被投票数最高，且大于等于未出局人数的40%者，将被投出局" — RULINGS.md 4: "out if votes * 100 >= alive * 40 (16 alive → 7 votes)"
  const pct = settings({ threshold: { kind: "percent", percent: 40 } });
  for (const [alive, needed] of [
    [16, 7],
    [15, 6],
    [10, 4],
    [5, 2],
  ] as const) {
    test(`40% of ${alive} alive is ${needed} votes`, () => {
      assert.equal(meetsThreshold(pct, needed * 2, alive), true);
      assert.equal(meetsThreshold(pct, (needed - 1) * 2, alive), false);
      const voters = Array.from({ length: needed }, (_, i) => i + 1);
      const reach = tally(
        input(
          voters.map((v) => cast(v, [A], `20:0${v % 10}:00`)),
          { settings: pct, alive },
        ),
      );
      assert.deepEqual(reach.out, [A]);
      const short = tally(
        input(
          voters.slice(1).map((v) => cast(v, [A], `20:0${v % 10}:00`)),
          { settings: pct, alive },
        ),
      );
      assert.deepEqual(short.out, []);
      assert.equal(short.tie, null);
    });
  }

  test("halves are compared exactly: 6.5 of 16 reaches 40% (6.4), 5.5 of 15 does not (6)", () => {
    assert.equal(meetsThreshold(pct, 13, 16), true);
    assert.equal(meetsThreshold(pct, 11, 15), false);
  });

  test("two level at or above 40% are a tie; two level below it are nobody out", () => {
    // seed 001: "如果出现两个票数相同且均大于等于未出局人数40%者，进行高票对决" / "如果所有人被投票数均小于未出局人数的40%，则无人出局进入夜晚"
    const seven = Array.from({ length: 7 }, (_, i) => i + 1);
    const atThreshold = tally(
      input(
        [...seven.map((v) => cast(v, [A], "20:00:00")), ...seven.map((v) => cast(v + 20, [B], "20:00:00"))],
        { settings: pct, alive: 16 },
      ),
    );
    assert.deepEqual(atThreshold.out, []);
    assert.deepEqual(new Set(atThreshold.tie?.seats), new Set([A, B]));
    const six = seven.slice(1);
    const below = tally(
      input([...six.map((v) => cast(v, [A], "20:00:00")), ...six.map((v) => cast(v + 20, [B], "20:00:00"))], {
        settings: pct,
        alive: 16,
      }),
    );
    assert.deepEqual(below.out, []);
    assert.equal(below.tie, null);
  });

  test("the highest goes out when two are above 40% but not level", () => {
    const r = tally(
      input(
        [
          ...[1, 2, 3, 4, 5, 6, 7, 8].map((v) => cast(v, [A], "20:00:00")),
          ...[20, 21, 22, 23, 24, 25, 26].map((v) => cast(v, [B], "20:00:00")),
        ],
        { settings: pct, alive: 16 },
      ),
    );
    assert.deepEqual(r.out, [A]);
  });
});

describe("duel (高票对决)", () => {
  // seed 001: "此时的投票对象只能为高票对决的双方，且不允许弃权。高票对决后如仍平票，则无人出局进入夜晚。"
  const pct = settings({
    threshold: { kind: "percent", percent: 40 },
    duel: { abstainAllowed: false, tieOutcome: "nobody-out" },
  });

  test("votes for other seats are dropped and the higher count goes out", () => {
    const r = tally(
      input(
        [
          cast(1, [A], "23:00:00"),
          cast(2, [A], "23:01:00"),
          cast(3, [B], "23:02:00"),
          cast(4, [C], "23:03:00"),
          cast(5, [C], "23:04:00"),
        ],
        // 2 of 5 living is 40%: the threshold is met (see below for a duel winner short of it).
        { settings: pct, kind: "duel", candidates: [A, B], alive: 5 },
      ),
    );
    assert.deepEqual(r.out, [A]);
    assert.equal(
      r.entries.some((e) => e.seat === C),
      false,
    );
  });

  test("a level duel is a tie between the two", () => {
    const r = tally(
      input([cast(1, [A], "23:00:00"), cast(2, [B], "23:01:00")], {
        settings: pct,
        kind: "duel",
        candidates: [A, B],
        alive: 16,
      }),
    );
    assert.deepEqual(r.out, []);
    assert.deepEqual(new Set(r.tie?.seats), new Set([A, B]));
  });

  test("the duel is a day's vote again: its winner needs 40% of the living too", () => {
    // seed 001: "所有存活玩家继续进行讨论并再次进行投票" and "被投票数最高，且大于等于未出局人数的40%者，将被投出局；
    // 如果所有人被投票数均小于未出局人数的40%，则无人出局进入夜晚" (RULINGS 4: votes*100 >= alive*40).
    const casts = (n: number) => [
      ...Array.from({ length: n }, (_, i) => cast(i, [A], `23:0${i}:00`)),
      cast(9, [B], "23:30:00"),
    ];
    const duel = (n: number) =>
      tally(input(casts(n), { settings: pct, kind: "duel", candidates: [A, B], alive: 15 }));
    assert.deepEqual(duel(5).out, [], "5 of 15 is short of 40%: nobody out");
    assert.equal(duel(5).tie, null, "and it is no tie");
    assert.deepEqual(duel(6).out, [A], "6 of 15 is 40%");
  });

  test("a duellist who left leaves no one voted out with no vote", () => {
    // seed 001 "被投票数最高，且大于等于未出局人数的40%者，将被投出局": B left during the duel day; A has 0 votes.
    const r = tally(
      input([cast(1, [B], "23:00:00")], { settings: pct, kind: "duel", candidates: [A], alive: 15 }),
    );
    assert.deepEqual(r.out, []);
    assert.equal(r.tie, null);
    assert.deepEqual(r.voided, [1], "the vote on B is void");
  });
});

describe("overtime (平票加时)", () => {
  test("a lone candidate left (the other went out) goes out on votes, not with none", () => {
    // seed 000: "加时投票由所有活着的玩家投票进入加时的玩家，得票最多的出局" — the most votes, so at least one.
    const lone = (casts: VoteCast[]) => tally(input(casts, { kind: "overtime", candidates: [A] }));
    assert.deepEqual(lone([]).out, []);
    assert.deepEqual(lone([cast(1, [B], "21:05:00")]).out, [], "a vote on the one who left is void");
    assert.deepEqual(lone([cast(1, [A], "21:05:00")]).out, [A]);
  });

  // seed 000: "加时投票由所有活着的玩家投票进入加时的玩家，得票最多的出局，不投票不算自杀。"
  test("every candidate is ranked, so an overtime nobody voted in is still a tie", () => {
    const r = tally(input([], { kind: "overtime", candidates: [A, B] }));
    assert.deepEqual(r.out, []);
    assert.deepEqual(new Set(r.tie?.seats), new Set([A, B]));
    assert.deepEqual(
      r.entries.map((e) => e.halves),
      [0, 0],
    );
  });

  test("the most votes go out", () => {
    const r = tally(
      input([cast(1, [B], "21:01:00"), cast(2, [B], "21:02:00"), cast(3, [A], "21:03:00")], {
        kind: "overtime",
        candidates: [A, B],
      }),
    );
    assert.deepEqual(r.out, [B]);
  });
});

describe("proxy votes (托票)", () => {
  // RULINGS.md 12: "recorded at the referee's entry time and shown publicly as proxy votes"
  test("proxy votes count like others and are marked", () => {
    const r = tally(input([cast(1, [A], "20:00:00"), cast(2, [A], "20:30:00", { proxy: true })]));
    const a = r.entries.find((e) => e.seat === A);
    assert.equal(a?.halves, 4);
    assert.equal(a?.proxyVotes, 1);
  });
});

describe("lead voter (领票人)", () => {
  // seed 000: "黑蛋1人，没有出帖权，五轮出贴后失效。被贴杀同归，上票房可带走领票人。"
  // RULINGS.md 13: "the voter whose standing vote on the bomb is the earliest at the deadline. Option: earliest standing
  // vote / earliest vote ever cast / last voter / referee's choice."
  const casts = [
    cast(3, [B], "19:00:00"), // earliest ever, later changed away
    cast(1, [B], "20:00:00"),
    cast(2, [B], "20:10:00"),
    cast(3, [C], "20:20:00"),
    cast(4, [B], "20:30:00"),
    cast(1, [B], "20:40:00"), // re-cast unchanged: keeps its 20:00 date
  ];
  const lead = (mode: "earliest-standing" | "earliest-ever" | "last-voter" | "referee") =>
    tally(input(casts, { settings: settings({ leadVoter: mode }) })).leadVoters[B];

  test("earliest standing vote (default)", () => {
    assert.equal(lead("earliest-standing"), 1);
  });
  test("earliest vote ever cast, even if changed away", () => {
    assert.equal(lead("earliest-ever"), 3);
  });
  test("last voter: the vote that reached the final count", () => {
    assert.equal(lead("last-voter"), 4);
  });
  test("referee: none chosen by the machine", () => {
    assert.equal(lead("referee"), null);
  });
  test("referee: the standing voters on the seat are offered, earliest first; one who changed away is not", () => {
    const r = tally(input(casts, { settings: settings({ leadVoter: "referee" }) }));
    assert.deepEqual(r.leadVoterChoices?.[B], [1, 2, 4]);
    assert.deepEqual(r.leadVoterChoices?.[C], [3]);
  });
  test("referee: a half voter is offered only if half votes were applied", () => {
    const s = settings({ leadVoter: "referee" });
    const unused = tally(
      input([cast(40, [B], "18:00:00"), cast(1, [B], "20:00:00"), cast(2, [B], "20:05:00")], {
        settings: s,
        halfVoters: new Set([40]),
      }),
    );
    assert.deepEqual(unused.leadVoterChoices?.[B], [1, 2]);
    const applied = tally(
      input([cast(40, [B], "18:00:00"), cast(1, [B], "20:00:00"), cast(3, [C], "20:10:00")], {
        settings: s,
        halfVoters: new Set([40]),
      }),
    );
    assert.equal(applied.halfVotesApplied, true);
    assert.deepEqual(applied.leadVoterChoices?.[B], [40, 1]);
  });
  test("other options offer no choices", () => {
    assert.equal(tally(input(casts)).leadVoterChoices, undefined);
  });

  // RULINGS.md 13: "A half-voter is 领票人 only if half votes were applied."
  test("a half voter with the earliest vote is not the lead voter when half votes were not applied", () => {
    const r = tally(
      input(
        [
          cast(40, [B], "18:00:00"),
          cast(1, [B], "20:00:00"),
          cast(2, [B], "20:05:00"),
          cast(3, [C], "20:10:00"),
        ],
        {
          halfVoters: new Set([40]),
        },
      ),
    );
    assert.deepEqual(r.out, [B]);
    assert.equal(r.leadVoters[B], 1);
  });
  test("a half voter with the earliest vote is the lead voter when half votes settled the tie", () => {
    const r = tally(
      input([cast(40, [B], "18:00:00"), cast(1, [B], "20:00:00"), cast(3, [C], "20:10:00")], {
        halfVoters: new Set([40]),
      }),
    );
    assert.deepEqual(r.out, [B]);
    assert.equal(r.halfVotesApplied, true);
    assert.equal(r.leadVoters[B], 40);
  });
  test("earliest-ever skips a half voter's changed-away vote unless half votes were applied to the seat", () => {
    const s = settings({ leadVoter: "earliest-ever" });
    const r = tally(
      input([cast(40, [B], "18:00:00"), cast(40, [C], "18:30:00"), cast(1, [B], "20:00:00")], {
        settings: s,
        halfVoters: new Set([40]),
      }),
    );
    assert.deepEqual(r.out, [B]);
    assert.equal(r.leadVoters[B], 1);
  });
});

describe("out codes (出局代号)", () => {
  // seed 000: "杀刺票楼被票死时，其出局代号以票杀他的票里，投选的最多的代号为准，半票依然只算半票。代号出现平票时，看哪个代号先到，
  // 先到为准。加时投票，出局代号以加时的选投为准。未选代号的投票，不影响出票的有效性。"
  test("the most chosen code wins; a codeless vote still counts", () => {
    const r = tally(
      input([
        cast(1, [A], "20:00:00", { codes: ["轰炸机"] }),
        cast(2, [A], "20:01:00", { codes: ["攻击机"] }),
        cast(3, [A], "20:02:00", { codes: ["攻击机"] }),
        cast(4, [A], "20:03:00"),
        cast(5, [B], "20:04:00"),
      ]),
    );
    assert.deepEqual(r.out, [A]);
    assert.equal(votesOf(r, A), 4);
    assert.equal(r.outCodes[A], "攻击机");
  });

  test("half votes count half, and a level count goes to the code that came first", () => {
    // A and B tie 3–3 on full votes; two half votes on A settle it. Codes on A: 轰炸机 2 full votes (from 19:00),
    // 攻击机 1 full + 2 half votes (from 19:30) = 2 votes as well. Counted as whole votes 攻击机 would win 3–2.
    const r = tally(
      input(
        [
          cast(1, [A], "19:00:00", { codes: ["轰炸机"] }),
          cast(2, [A], "19:10:00", { codes: ["轰炸机"] }),
          cast(3, [A], "19:30:00", { codes: ["攻击机"] }),
          ...[4, 5, 6].map((v) => cast(v, [B], `20:0${v}:00`)),
          cast(40, [A], "20:10:00", { codes: ["攻击机"] }),
          cast(41, [A], "20:11:00", { codes: ["攻击机"] }),
        ],
        { halfVoters: new Set([40, 41]) },
      ),
    );
    assert.deepEqual(r.out, [A]);
    assert.equal(r.halfVotesApplied, true);
    assert.equal(r.outCodes[A], "轰炸机");
  });

  test("a code changed later is dated at its change", () => {
    // Voter 1 chose 攻击机 at 19:00 and switched the code to 轰炸机 at 20:30 (same target); voter 3 chose 攻击机 at 20:00.
    // One each: the standing 攻击机 arrived at 20:00, the 轰炸机 only at 20:30, although voter 1's vote dates from 19:00.
    const r = tally(
      input([
        cast(1, [A], "19:00:00", { codes: ["攻击机"] }),
        cast(3, [A], "20:00:00", { codes: ["攻击机"] }),
        cast(1, [A], "20:30:00", { codes: ["轰炸机"] }),
        cast(3, [A], "20:40:00", { codes: ["攻击机"] }),
      ]),
    );
    assert.equal(r.votes.find((v) => v.voter === 1)?.at, clock("19:00:00"));
    assert.equal(r.outCodes[A], "攻击机");
  });

  test("in overtime the overtime votes decide the code", () => {
    const regular = tally(
      input([cast(1, [A], "20:00:00", { codes: ["轰炸机"] }), cast(2, [B], "20:01:00", { codes: ["北空"] })]),
    );
    assert.notEqual(regular.tie, null);
    const overtime = tally(
      input([cast(1, [A], "21:16:00", { codes: ["歼击机"] }), cast(3, [A], "21:17:00")], {
        kind: "overtime",
        candidates: regular.tie?.seats ?? [],
      }),
    );
    assert.deepEqual(overtime.out, [A]);
    assert.equal(overtime.outCodes[A], "歼击机");
  });

  test("no code chosen gives no out code", () => {
    const r = tally(input([cast(1, [A], "20:00:00")]));
    assert.equal(r.outCodes[A], null);
  });
});

describe("dating votes (先到先出)", () => {
  // RULINGS.md 11: "counting only votes standing at the deadline, a changed vote dated at its change"
  test("reachedAt is the date of the vote that brought the final count; a change is dated at the change", () => {
    const r = tally(
      input(
        [
          cast(1, [A], "21:05:00"),
          cast(2, [A], "21:08:00"),
          cast(4, [A], "21:02:00"),
          cast(3, [B], "21:03:00"),
          cast(5, [B], "21:06:00"),
          cast(4, [B], "21:09:00"),
        ],
        { kind: "overtime", candidates: [A, B] },
      ),
    );
    const a = r.entries.find((e) => e.seat === A);
    const b = r.entries.find((e) => e.seat === B);
    assert.equal(votesOf(r, A), 2);
    assert.equal(votesOf(r, B), 3);
    assert.equal(a?.reachedAt, clock("21:08:00"));
    // Voter 4 first voted A at 21:02 and changed to B at 21:09: B's count was reached at 21:09, not 21:06.
    assert.equal(b?.reachedAt, clock("21:09:00"));
    assert.equal(b?.firstAt, clock("21:03:00"));
  });
});
