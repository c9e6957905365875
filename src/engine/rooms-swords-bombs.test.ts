// The swordsmen's room (剑群) in 风云 (seed 000) and 空军 (seed 002): who is in it from the start, and which bombs join it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { roomsOf } from "./groups.ts";
import { closeVote, Driver, local, preset } from "./test-kit.ts";
import { knownSeats } from "./view.ts";

const swordRoom = (d: Driver) =>
  d.state.seats.filter((s) => roomsOf(d.state, s.seat).includes("sword-room")).map((s) => s.seat);

// 风云 seats: A killers 0–3, B killers 4–7, …, swords 14–15, bright bomb 16, hidden bomb 17, rangers 18–56.
test("seed 000 「在剑群。归属游侠方，剑内部互知身份。不知道其他人其他组身份。」: the two swordsmen share the 剑群 and know each other, and no one else", () => {
  const d = new Driver(preset("fengyun-57"));
  assert.deepEqual(swordRoom(d), [14, 15]);
  assert.deepEqual([...knownSeats(d.state, 14)], [15]);
  assert.deepEqual([...knownSeats(d.state, 15)], [14]);
  assert.ok(![...knownSeats(d.state, 20)].includes(14), "a ranger does not know the swords");
});

test("seed 000 「明蛋烟花或出局即与双剑联合。」 and 暗蛋 「永不和剑联合。」: both bombs go off in round 2; only the 明蛋 joins the 剑群", () => {
  const d = new Driver(preset("fengyun-57"));
  closeVote(d, "12-02", [55, 56]);
  assert.equal(d.post(local("12-02 21:05"), 0, 16), null);
  assert.equal(d.post(local("12-02 21:05"), 4, 17), null);
  d.tick(local("12-02 21:30:01"));
  closeVote(d, "12-03", [50, 51, 52, 53, 54]);
  assert.deepEqual([d.alive(16), d.alive(17)], [false, false]);
  assert.deepEqual(swordRoom(d), [14, 15, 16]);
  assert.deepEqual(roomsOf(d.state, 17), []);
});

// 空军 seats: killers 0–5, lovers 6–7, assassin 8, engineer 9, swords 10–11, bright bomb 12, hidden bomb 13, rangers 14–39.
test("seed 002 「明蛋、暗蛋与双剑永不联合。」: both bombs go off in round 2 and neither joins the swords' room", () => {
  const d = new Driver(preset("airforce-40"));
  assert.deepEqual(swordRoom(d), [10, 11]);
  closeVote(d, "12-02", [39]);
  assert.equal(d.post(local("12-02 21:05"), 0, 12), null);
  assert.equal(d.post(local("12-02 21:05"), 6, 13), null);
  d.tick(local("12-02 21:30:01"));
  closeVote(d, "12-03", [35, 36, 37, 38]);
  assert.deepEqual([d.alive(12), d.alive(13)], [false, false]);
  assert.deepEqual(swordRoom(d), [10, 11]);
  assert.deepEqual([roomsOf(d.state, 12), roomsOf(d.state, 13)], [[], []]);
});
