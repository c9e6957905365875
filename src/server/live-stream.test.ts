// The server's register of open live streams: all ended on close, and one that registers during the close too.
import assert from "node:assert/strict";
import test from "node:test";
import { OpenStreams } from "./live-stream.ts";

test("OpenStreams: endAll ends every open stream once; one added after the close began is ended at once", () => {
  const open = new OpenStreams();
  const ended: string[] = [];
  const stream = (name: string) => {
    const end = () => {
      ended.push(name);
      open.delete(end); // as a stream's finish does
    };
    return end;
  };
  open.add(stream("a"));
  const b = stream("b");
  open.add(b);
  open.delete(b); // b's client left on its own
  open.add(stream("c"));
  open.endAll();
  assert.deepEqual(ended, ["a", "c"]);
  // A stream request still setting up when the close began registers late: it must not stay open.
  open.add(stream("d"));
  assert.deepEqual(ended, ["a", "c", "d"]);
  open.endAll();
  assert.deepEqual(ended, ["a", "c", "d"], "nothing is ended twice");
});
