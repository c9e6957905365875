// 空军 (seed 002) kill posts on any player: a teammate or one's own camp is taken like anyone else.
import assert from "node:assert/strict";
import { test } from "node:test";
import { closeVote, Driver, local, preset } from "./test-kit.ts";

// 空军 seats: killers 0–5, lovers 6–7, assassin 8, engineer 9, swords 10–11, bright bomb 12, hidden bomb 13, rangers 14–39.

test("seed 002 「一张杀帖贴杀一人，杀帖可贴杀任何玩家。」: posts on a teammate (killer, lover, swordsman) and on one's own camp (the engineer) each take their target", () => {
  const d = new Driver(preset("airforce-40"));
  closeVote(d, "12-02", [39]);
  const posts: [poster: number, target: number][] = [
    [0, 1], // killer on killer
    [6, 7], // lover on lover
    [8, 9], // assassin on the engineer (black, no group of its own)
    [10, 11], // swordsman on swordsman
    [2, 20], // and a killer on a ranger, as the plan's second killer post
  ];
  for (const [poster, target] of posts) assert.equal(d.post(local("12-02 21:05"), poster, target), null);
  d.tick(local("12-02 21:30:01"));
  for (const [poster, target] of posts) {
    assert.equal(d.state.seats[target]?.out?.cause, "post", `${poster} → ${target}`);
    assert.equal(d.alive(poster), true, `${poster} stays`);
  }
  assert.deepEqual(
    d.state.rounds[2]?.outs.map((o) => [o.seat, o.cause, o.by]),
    posts.map(([poster, target]) => [target, "post", poster]),
  );
});
