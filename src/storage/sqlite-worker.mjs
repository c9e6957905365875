// The SQLite connection's own thread: runs each statement it is sent, so a commit's fsync never blocks the event loop.
//
// Plain JavaScript on purpose: a worker starts without the TypeScript loader, so opening a database stays quick.
// Three kinds of message:
// - one statement: { id, sql, params, lease } → { id, rows } | { id, changes, lastInsertRowid };
// - a whole group-commit batch of event appends in one transaction: { id, appendBatch, holdMs } → { id, outcomes },
//   so the hot path costs one round trip per batch. Batches and outcomes travel as flat arrays of strings and
//   numbers (layouts in append-wire.ts): cloning those across threads is far cheaper than cloning hundreds of
//   small objects, or than JSON text that must escape every event payload inside it;
// - the stored append of a request id: { id, findAppend: { gameId, requestId } } → { id, rows } (see "request ids").
// Failures answer { id, error: { name, message, code } }. A reply is posted only after the statement or COMMIT has
// returned, so it means the write is durable (synchronous=FULL).
import { parentPort, workerData } from "node:worker_threads";
import BetterSqlite3 from "better-sqlite3";

const STATEMENT_CACHE_SIZE = 256;
const WAL_AUTOCHECKPOINT_PAGES = 4000;

/** @type {import("better-sqlite3").Database} */
let db;
try {
  db = new BetterSqlite3(workerData.path);
  try {
    db.pragma("journal_mode = WAL");
    // FULL: a commit returns only after the WAL is fsynced, so an acknowledged write survives a power cut.
    db.pragma("synchronous = FULL");
    // A checkpoint runs inside the commit that crosses this many WAL pages and holds up that batch. In a vote rush
    // each commit writes a page per game it touches, so the default 1,000 pages meant a checkpoint every few dozen
    // commits; at 4,000 (a WAL of up to 16 MiB) about half as many commits take over 2 ms (deploy.md § Performance).
    db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    // Another process holding the write lock (a CLI import) is waited for here, on this thread only.
    db.pragma("busy_timeout = 5000");
    db.pragma("foreign_keys = ON");
  } catch (error) {
    db.close();
    throw error;
  }
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: describe(error) });
  process.exit(0);
}

/**
 * A Map kept least recently used first: the value for `key`, made and stored when absent, the oldest entry
 * dropped beyond `max`.
 */
function remembered(map, key, max, make) {
  const hit = map.get(key);
  if (hit !== undefined) {
    map.delete(key);
    map.set(key, hit);
    return hit;
  }
  const value = make();
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value);
  return value;
}

/** Prepared statements by SQL text; re-preparing costs more than running. */
const cache = new Map();

function prepare(text) {
  return remembered(cache, text, STATEMENT_CACHE_SIZE, () => db.prepare(text));
}

/** better-sqlite3 binds BLOBs only from Buffers; a Buffer crosses the thread boundary as a plain Uint8Array. */
function bindable(value) {
  return value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;
}

function describe(error) {
  return {
    name: error?.name ?? "Error",
    message: String(error?.message ?? error),
    code: typeof error?.code === "string" ? error.code : undefined,
  };
}

// ---------------------------------------------------------------- batch appends
// The same decisions as appendTogether/appendAlone in events.ts (the PostgreSQL path), written against prepared
// statements; the storage contract suite runs both. Each job runs in its own savepoint, so a duplicate key fails
// that job alone.

const SQL = {
  last: "select seq from events where game_id = ? order by seq desc limit 1",
  event: "insert into events (game_id, seq, type, at, payload, request_id) values (?, ?, ?, ?, ?, ?)",
  post: "insert into post_bodies (game_id, post_id, text, created_at) values (?, ?, ?, ?)",
  claim:
    "update timers set fired_at = ? where game_id = ? and timer_key = ? and due_at = ? and fired_at is null",
  // Request ids as stored before migration 4 (append_requests) and since (on the event rows).
  storedRequests: "select request_id, first_seq, last_seq from append_requests where game_id = ?",
  eventRequests:
    "select seq, request_id from events where game_id = ? and request_id is not null order by seq",
};

function lastSeqOf(gameId) {
  return Number(prepare(SQL.last).get(gameId)?.seq ?? 0);
}

// ---------------------------------------------------------------- request ids
// A retried request must find the original append. An index on (game, request id) would do it, but request ids
// are random, so each vote would dirty a page of that index and cost one more WAL frame per commit. Instead each
// append's request id is written on its event rows, with no index, and this thread keeps a game's ids in memory,
// loaded on first use from the rows. The memory is the truth only while no other connection writes: SQLite's
// data_version changes when one has committed, and then it is dropped and loaded again.

/**
 * gameId → requestId → the append's seq if it wrote one row, else { firstSeq, lastSeq }; for recently touched
 * games, least recently used first. Nearly every append is a vote of one row, and a number in a Map is no object of
 * its own: a rush keeps every vote's id here, and each object would be one more for the collector to mark.
 */
const requestsByGame = new Map();
/** Finished games stop being touched and fall out; one touched again is loaded again from its rows. */
const REQUEST_GAMES_KEPT = 256;
let seenDataVersion;

/**
 * gameId → the seq of the last event this thread appended, for chained appends (AppendOptions.chained): one is
 * stored only on top of this thread's own append, never on a gap another writer filled.
 */
const appendedHere = new Map();

/** Drops both memories if another connection committed since we last looked. Call before trusting them. */
function forgetIfOthersWrote() {
  const version = db.pragma("data_version", { simple: true });
  if (version !== seenDataVersion) {
    forget();
    seenDataVersion = version;
  }
}

function forget() {
  requestsByGame.clear();
  appendedHere.clear();
}

function requestsOf(gameId) {
  return remembered(requestsByGame, gameId, REQUEST_GAMES_KEPT, () => loadRequests(gameId));
}

/** The memory's entry for an append of seqs firstSeq..lastSeq (see requestsByGame). */
function entryOf(firstSeq, lastSeq) {
  return firstSeq === lastSeq ? firstSeq : { firstSeq, lastSeq };
}

/** The span an entry stands for. */
function spanOf(entry) {
  return typeof entry === "number" ? { firstSeq: entry, lastSeq: entry } : entry;
}

function loadRequests(gameId) {
  const known = new Map();
  for (const r of prepare(SQL.storedRequests).iterate(gameId))
    known.set(r.request_id, entryOf(Number(r.first_seq), Number(r.last_seq)));
  // An append's rows are consecutive, so its first row sets firstSeq and each later one moves lastSeq.
  for (const r of prepare(SQL.eventRequests).iterate(gameId)) {
    const seq = Number(r.seq);
    const entry = known.get(r.request_id);
    known.set(r.request_id, entry === undefined ? seq : entryOf(spanOf(entry).firstSeq, seq));
  }
  return known;
}

function priorOf(job) {
  if (job.requestId === undefined) return undefined;
  const entry = requestsOf(job.gameId).get(job.requestId);
  if (entry === undefined) return undefined;
  const { firstSeq, lastSeq } = spanOf(entry);
  return { ok: true, firstSeq, lastSeq, replayed: true };
}

/** Decides one append against the stream as it stands inside the transaction, and writes it. */
function write(job, last) {
  const prior = priorOf(job);
  if (prior) return prior;
  let current = last.get(job.gameId);
  if (current === undefined) {
    current = lastSeqOf(job.gameId);
    last.set(job.gameId, current);
  }
  if (current !== job.expectedSeq || (job.chained && appendedHere.get(job.gameId) !== current))
    return { ok: false, code: "conflict", currentSeq: current };
  if (job.fireTimer) {
    const { changes } = prepare(SQL.claim).run(job.now, job.gameId, job.fireTimer.key, job.fireTimer.dueAt);
    if (changes !== 1) return { ok: false, code: "timer-already-fired" };
  }
  const firstSeq = job.expectedSeq + 1;
  const lastSeq = job.expectedSeq + job.rows.length;
  const event = prepare(SQL.event);
  const requestId = job.requestId ?? null;
  job.rows.forEach((r, i) => {
    event.run(job.gameId, firstSeq + i, r.type, r.at, r.payload, requestId);
  });
  for (const p of job.posts) prepare(SQL.post).run(job.gameId, p.postId, p.text, job.now);
  // Remembered only once every row is written; a batch that rolls back drops the memory (rollbackQuietly).
  // Nothing from here on may fail: an append of one row has no savepoint (oneWrite), so a failure after its
  // INSERT would leave the row in the batch. The game's ids are in memory already (priorOf loaded them).
  if (job.requestId !== undefined) requestsOf(job.gameId).set(job.requestId, entryOf(firstSeq, lastSeq));
  appendedHere.set(job.gameId, lastSeq);
  return { ok: true, firstSeq, lastSeq, replayed: false };
}

const isUnique = (error) =>
  error?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || error?.code === "SQLITE_CONSTRAINT_UNIQUE";

/**
 * An append whose one write is a single event row (a vote): SQLite backs out a failed statement by itself, so it
 * needs no savepoint of its own. That saves two statements per vote on this thread.
 */
const oneWrite = (job) => job.rows.length === 1 && job.posts.length === 0 && !job.fireTimer;

function appendOne(job, last) {
  const guarded = !oneWrite(job);
  if (guarded) prepare("savepoint request").run();
  try {
    const value = write(job, last);
    if (guarded) prepare("release savepoint request").run();
    if (value.ok && !value.replayed) last.set(job.gameId, value.lastSeq);
    return { ok: true, value };
  } catch (error) {
    if (guarded) {
      prepare("rollback to savepoint request").run();
      prepare("release savepoint request").run();
    } else if (!db.inTransaction) {
      // Some errors (a full disk, an I/O error) roll the whole transaction back; the batch fails, as it does
      // when rolling back to a savepoint finds none.
      throw error;
    }
    if (!isUnique(error)) return { ok: false, error: describe(error) };
    // Another writer stored this request id first (the retry gets that original result), or took this seq,
    // or a post id is taken.
    const prior = priorOf(job);
    if (prior) return { ok: true, value: prior };
    const current = lastSeqOf(job.gameId);
    last.set(job.gameId, current);
    return { ok: true, value: { ok: false, code: "conflict", currentSeq: current } };
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** A batch's jobs from their flat layout (append-wire.ts, `encodeJobs`). */
function decodeJobs(wire) {
  const jobs = [];
  let i = 0;
  while (i < wire.length) {
    const gameId = wire[i];
    const expectedSeq = wire[i + 1];
    const requestId = wire[i + 2] ?? undefined;
    const now = wire[i + 3];
    const chained = wire[i + 4] === 1;
    const fireTimer = wire[i + 5] === null ? undefined : { key: wire[i + 5], dueAt: wire[i + 6] };
    const postCount = wire[i + 7];
    const rowCount = wire[i + 8];
    i += 9;
    const posts = [];
    for (let p = 0; p < postCount; p++, i += 2) posts.push({ postId: wire[i], text: wire[i + 1] });
    const rows = [];
    for (let r = 0; r < rowCount; r++, i += 3)
      rows.push({ type: wire[i], at: wire[i + 1], payload: wire[i + 2] });
    jobs.push({ gameId, expectedSeq, requestId, now, chained, fireTimer, posts, rows });
  }
  return jobs;
}

/** The outcomes in their flat layout (append-wire.ts, `decodeOutcomes`): four slots per job. */
function encodeOutcomes(outcomes) {
  const wire = [];
  for (const o of outcomes) {
    if (!o.ok) wire.push(3, o.error.name, o.error.message, o.error.code ?? null);
    else if (o.value.ok) wire.push(0, o.value.firstSeq, o.value.lastSeq, o.value.replayed ? 1 : 0);
    else if (o.value.code === "conflict") wire.push(1, o.value.currentSeq, 0, 0);
    else if (o.value.code === "timer-already-fired") wire.push(2, 0, 0, 0);
    // A refusal this layout has no slot for wrote nothing: that job fails alone, saying so, rather than be read
    // as another refusal.
    else wire.push(3, "Error", `SQLite worker: no outcome tag for refusal ${o.value.code}`, null);
  }
  return wire;
}

function appendBatch(msg) {
  prepare("begin immediate").run();
  let outcomes;
  try {
    // Under the write lock: nobody else can commit until this batch has.
    forgetIfOthersWrote();
    const last = new Map();
    outcomes = decodeJobs(msg.appendBatch).map((job) => appendOne(job, last));
    if (msg.holdMs > 0) {
      // The crash harness's unsafe switch: acknowledge, then hold the transaction open before committing.
      parentPort.postMessage({ id: msg.id, early: true, outcomes: encodeOutcomes(outcomes) });
      Atomics.wait(pause, 0, 0, msg.holdMs);
    }
  } catch (error) {
    rollbackQuietly();
    throw error;
  }
  try {
    prepare("commit").run();
  } catch (error) {
    // A failed COMMIT can leave the transaction open (SQLITE_BUSY); close it before the next batch.
    rollbackQuietly();
    throw error;
  }
  return outcomes;
}

function rollbackQuietly() {
  // The memory may hold request ids and seqs of appends that are now rolled back.
  forget();
  try {
    if (db.inTransaction) prepare("rollback").run();
  } catch {
    // Nothing left to roll back.
  }
}

/** The stored append of a request id, for a retry refused by the game (storage.findRequest). */
function findAppend(msg) {
  try {
    forgetIfOthersWrote();
    const entry = requestsOf(msg.findAppend.gameId).get(msg.findAppend.requestId);
    parentPort.postMessage({ id: msg.id, rows: entry === undefined ? [] : [spanOf(entry)] });
  } catch (error) {
    parentPort.postMessage({ id: msg.id, error: describe(error) });
  }
}

function runBatch(msg) {
  try {
    parentPort.postMessage({ id: msg.id, outcomes: encodeOutcomes(appendBatch(msg)) });
  } catch (error) {
    parentPort.postMessage({ id: msg.id, error: describe(error) });
  }
}

/**
 * Statements come tagged with the lease (one Kysely connection on the main thread) that sent them, so the main
 * thread can have many statements in flight without a lock. While a lease's transaction is open, messages of
 * other leases and batches wait here, in arrival order, and run as soon as it ends; a batch is its own lease.
 */
const BATCH = "batch";
let owner = null;
const deferred = [];

function dispatch(msg) {
  if (msg.appendBatch !== undefined) runBatch(msg);
  else if (msg.findAppend !== undefined) findAppend(msg);
  else handleStatement(msg);
  owner = db.open && db.inTransaction ? (msg.lease ?? BATCH) : null;
}

parentPort.on("message", (msg) => {
  const lease = msg.appendBatch !== undefined || msg.findAppend !== undefined ? BATCH : msg.lease;
  if (owner !== null && lease !== owner) {
    deferred.push(msg);
    return;
  }
  dispatch(msg);
  while (owner === null && deferred.length > 0) dispatch(deferred.shift());
});

function handleStatement(msg) {
  if (msg.close) {
    try {
      db.close();
      parentPort.postMessage({ id: msg.id, closed: true });
    } catch (error) {
      parentPort.postMessage({ id: msg.id, error: describe(error) });
    }
    return;
  }
  try {
    const stmt = prepare(msg.sql);
    const params = msg.params.map(bindable);
    if (stmt.reader) {
      parentPort.postMessage({ id: msg.id, rows: stmt.all(params) });
    } else {
      const { changes, lastInsertRowid } = stmt.run(params);
      parentPort.postMessage({ id: msg.id, changes, lastInsertRowid: Number(lastInsertRowid) });
    }
  } catch (error) {
    parentPort.postMessage({ id: msg.id, error: describe(error) });
  }
}
