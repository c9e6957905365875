// rosterReloadKey: the referee's roster is asked for again on a start and on a substitution, not only on sign-ups.
import assert from "node:assert/strict";
import { test } from "node:test";
import { rosterReloadKey } from "./roster-reload.ts";

const seats = [
  { seat: 0, alias: "云中鹤1" },
  { seat: 1, alias: "叶孤城1" },
];

test("the game's start changes the key though nobody signed up", () => {
  assert.notEqual(rosterReloadKey(41, "signup", []), rosterReloadKey(41, "running", seats));
  assert.notEqual(rosterReloadKey(41, "closed", []), rosterReloadKey(41, "running", []));
});

test("a substitute taking a seat changes the key", () => {
  const after = [seats[0]!, { seat: 1, alias: "替补甲" }];
  assert.notEqual(rosterReloadKey(42, "running", seats), rosterReloadKey(42, "running", after));
});

test("nothing new, same key: a vote or a post does not refetch the roster", () => {
  assert.equal(rosterReloadKey(41, "running", seats), rosterReloadKey(41, "running", [...seats]));
});
