// makeFolder: creates missing parents, accepts an existing folder, and fails (rather than spins) where mkdir refuses.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { makeFolder } from "./make-folder.ts";

function inTempDir(fn: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), "bansha-folder-"));
  try {
    fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("missing parents are created, and an existing folder is left as it is", () => {
  inTempDir((dir) => {
    const deep = join(dir, "a", "b", "c");
    makeFolder(deep);
    assert.ok(statSync(deep).isDirectory());
    writeFileSync(join(deep, "kept"), "x");
    makeFolder(deep);
    assert.ok(existsSync(join(deep, "kept")), "an existing folder's files stay");
  });
});

test("a file where a folder should be is named", () => {
  inTempDir((dir) => {
    writeFileSync(join(dir, "a"), "x");
    assert.throws(() => makeFolder(join(dir, "a")), {
      message: `${join(dir, "a")} exists and is not a folder`,
    });
    assert.throws(() => makeFolder(join(dir, "a", "b")), { code: "ENOTDIR" });
  });
});

test("a folder the file system will not create fails with its ENOENT instead of looping", {
  skip: !existsSync("/proc/self"),
}, () => {
  // mkdir inside /proc answers ENOENT although /proc exists; Node 20's recursive mkdir spins on that for ever.
  assert.throws(() => makeFolder("/proc/bansha-no-such/db"), {
    code: "ENOENT",
    message: /mkdir '\/proc\/bansha-no-such'/,
  });
});
