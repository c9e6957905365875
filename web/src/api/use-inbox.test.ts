// The referee inbox's refetch at a 托票's cut-off: the earliest cut-off among the requests still waiting.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { InboxItem } from "../../../src/server/api-types.ts";
import { nextLapse } from "./use-inbox.ts";

const item = (over: Partial<InboxItem>): InboxItem =>
  ({ kind: "proxy", at: 0, fromSeat: 1, fromAlias: "a", ...over }) as InboxItem;

test("the inbox asks again at the earliest cut-off of a 托票 still waiting; handled ones and others do not count", () => {
  assert.equal(nextLapse([]), null);
  assert.equal(
    nextLapse([
      item({ cutoff: 3000 }),
      item({ cutoff: 2000 }),
      item({ cutoff: 1000, handled: { at: 1000, outcome: "after-cutoff" } }),
      item({ kind: "complaint" }),
    ]),
    2000,
  );
  assert.equal(
    nextLapse([item({ cutoff: 1000, handled: { at: 500, outcome: "proxy-cast" } }), item({})]),
    null,
  );
});
