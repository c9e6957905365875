// How a batch of appends and its outcomes cross to the SQLite worker and back: flat arrays of strings and numbers.
//
// A structured clone of one array of primitives costs a fraction of JSON text whose every event payload (itself
// JSON) must be escaped as a string inside it: in a throwaway benchmark on this VM (29 appends a message), about
// 0.5 µs against 1.3–2 µs per append on the event loop, and about 0.35 µs against 1.5 µs to read it back.
// The worker (sqlite-worker.mjs, plain JavaScript) reads and writes the same layouts in `decodeJobs` and
// `encodeOutcomes`; keep the three in step.
//
// Jobs, field after field, one job after another:
//   gameId, expectedSeq, requestId | null, now, chained (1 | 0), fireTimer key | null, fireTimer dueAt | 0,
//   number of posts, number of rows, then each post (postId, text), then each row (type, at, payload).
// Outcomes, four slots per job, in the jobs' order:
//   0, firstSeq, lastSeq, replayed (1 | 0)     stored, or a retry answered with what was stored
//   1, currentSeq, 0, 0                        refused: the stream has moved on
//   2, 0, 0, 0                                 refused: the timer has fired already
//   3, name, message, code | null              that job alone failed (a fault)
import type { AppendJob } from "./dialect.ts";
import type { AppendResult } from "./storage.ts";

export type Wire = (string | number | null)[];

/** A job's outcome from the worker: its result, or the fault that failed it alone. */
export type WorkerOutcome<R> = { ok: true; value: R } | { ok: false; error: WorkerError };

export interface WorkerError {
  name: string;
  message: string;
  code?: string;
}

export function encodeJobs(jobs: readonly AppendJob[]): Wire {
  const out: Wire = [];
  for (const j of jobs) {
    out.push(
      j.gameId,
      j.expectedSeq,
      j.requestId ?? null,
      j.now,
      j.chained ? 1 : 0,
      j.fireTimer ? j.fireTimer.key : null,
      j.fireTimer ? j.fireTimer.dueAt : 0,
      j.posts.length,
      j.rows.length,
    );
    for (const p of j.posts) out.push(p.postId, p.text);
    for (const r of j.rows) out.push(r.type, r.at, r.payload);
  }
  return out;
}

export function decodeOutcomes(wire: Wire, jobs: number): WorkerOutcome<AppendResult>[] {
  if (wire.length !== jobs * 4) throw new Error("SQLite worker: outcomes do not match the batch");
  const out: WorkerOutcome<AppendResult>[] = [];
  for (let i = 0; i < wire.length; i += 4) {
    const tag = wire[i];
    const a = wire[i + 1];
    const b = wire[i + 2];
    const c = wire[i + 3];
    if (tag === 0)
      out.push({
        ok: true,
        value: { ok: true, firstSeq: a as number, lastSeq: b as number, replayed: c === 1 },
      });
    else if (tag === 1)
      out.push({ ok: true, value: { ok: false, code: "conflict", currentSeq: a as number } });
    else if (tag === 2) out.push({ ok: true, value: { ok: false, code: "timer-already-fired" } });
    else if (tag === 3)
      out.push({
        ok: false,
        error: { name: String(a), message: String(b), ...(typeof c === "string" && { code: c }) },
      });
    else throw new Error(`SQLite worker: unknown outcome tag ${String(tag)}`);
  }
  return out;
}
