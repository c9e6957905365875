// Test helper process for crash.test.ts: appends once, reports the acknowledgement, then dies by SIGKILL.
import { openStorage } from "./open-storage.ts";

const [url, mode] = process.argv.slice(2);
const storage = await openStorage(url, {
  unsafeAckBeforeCommit: mode === "unsafe",
  unsafeCommitDelayMs: 60_000,
});
const result = await storage.append("g", 0, [{ type: "VoteCast", at: 1, voter: "甲" }], {
  requestId: "vote-1",
});
process.stdout.write(`${JSON.stringify(result)}\n`);
// No close, no flush: the harshest ending a server process can have.
process.kill(process.pid, "SIGKILL");
