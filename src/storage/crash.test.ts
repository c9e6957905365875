// A process killed right after an acknowledgement keeps the write; the unsafe test switch visibly loses it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { openStorage } from "./open-storage.ts";

const child = fileURLToPath(new URL("./crash-child.ts", import.meta.url));

async function ackThenKill(mode: "safe" | "unsafe"): Promise<{ acked: unknown; storedAfterRestart: number }> {
  const dir = await mkdtemp(join(tmpdir(), "bansha-crash-"));
  const url = `sqlite:${join(dir, "db.sqlite")}`;
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", child, url, mode], { encoding: "utf8" });
    assert.equal(run.signal, "SIGKILL", run.stderr);
    const acked: unknown = JSON.parse(run.stdout.trim());
    const storage = await openStorage(url);
    const storedAfterRestart = (await storage.load("g")).length;
    await storage.close();
    return { acked, storedAfterRestart };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test("an acknowledged append survives SIGKILL right after the acknowledgement", async () => {
  const { acked, storedAfterRestart } = await ackThenKill("safe");
  assert.deepEqual(acked, { ok: true, firstSeq: 1, lastSeq: 1, replayed: false });
  assert.equal(storedAfterRestart, 1);
});

test("with unsafeAckBeforeCommit the same acknowledged append is lost, so a crash harness can see it", async () => {
  const { acked, storedAfterRestart } = await ackThenKill("unsafe");
  assert.deepEqual(acked, { ok: true, firstSeq: 1, lastSeq: 1, replayed: false });
  assert.equal(storedAfterRestart, 0);
});
