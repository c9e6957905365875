// 7kill (seed 001 4.2, 4.3) offences the referee rules on: each 【…】 kind is a public warning, two warnings put the player out.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Seat } from "../contract.ts";
import { Driver, preset } from "../test-kit.ts";
import { beijing, SEVEN_SEATS } from "./test-game.ts";
import type { OffenceKind } from "./types.ts";

const t = beijing;
const game = () => new Driver(preset("sevenkill-16"), t("2026-12-01T20:00:00"), SEVEN_SEATS);
const warn = (d: Driver, at: string, target: Seat, offence: OffenceKind, severe = false) =>
  d.override(t(at), { action: "warn", target, offence, ...(severe && { severe }) }, offence);

const KINDS: [OffenceKind, string][] = [
  ["expose-id", "seed 001 「【曝ID】在游戏过程中，每个游戏参与者的真实ID是保密的。」"],
  [
    "evidence",
    "seed 001 「【贴证】在游戏讨论中，以任何形式帖QQ、MSN、站内消息等聊天记录以及与网址、附件等，视为帖证；」",
  ],
  [
    "negative-play",
    "seed 001 「【消极游戏】玩家有意扰乱游戏的正常进行，或有意做出对己方不利的行为，视为消极游戏。」",
  ],
  [
    "abuse",
    "seed 001 「【不当发言】玩家在游戏进行当中，对其他玩家出现侮辱、谩骂或人身攻击等，视为不当发言。」",
  ],
];

describe("seed 001 4.3 「当玩家出现潜水、曝ID、帖证、消极游戏、不当发言时，会给予一次警告…累积两次警告，将被判罚出局」", () => {
  for (const [kind, line] of KINDS) {
    test(`${line}: a first ${kind} is a public warning and the player plays on; a second warning puts it out, identity published`, () => {
      const d = game();
      assert.equal(warn(d, "2026-12-01T21:00:00", 9, kind), null);
      assert.deepEqual(
        d.state.dayNight?.offences.map((o) => [o.seat, o.offence, o.warning, o.public]),
        [[9, kind, true, true]],
      );
      assert.equal(d.alive(9), true);
      assert.equal(warn(d, "2026-12-01T22:00:00", 9, kind), null);
      assert.equal(d.state.seats[9]?.out?.cause, "penalty");
      assert.equal(d.state.seats[9]?.revealed, true);
      assert.equal(d.alive(10), true, "nobody else");
    });
  }

  test("seed 001 「情节严重者，或累积两次警告，将被判罚出局」: a severe first warning puts the player out at once", () => {
    const d = game();
    assert.equal(warn(d, "2026-12-01T21:00:00", 9, "abuse", true), null);
    assert.equal(d.state.seats[9]?.out?.cause, "penalty");
  });

  test("seed 001 4.3: warnings of two different kinds add up", () => {
    const d = game();
    assert.equal(warn(d, "2026-12-01T21:00:00", 9, "expose-id"), null);
    assert.equal(warn(d, "2026-12-01T21:30:00", 9, "evidence"), null);
    assert.equal(d.state.seats[9]?.out?.cause, "penalty");
  });
});
