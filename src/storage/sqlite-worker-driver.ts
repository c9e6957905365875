// A Kysely dialect whose one SQLite connection lives on a worker thread (sqlite-worker.mjs), so the event loop
// keeps serving requests while a group commit waits for its fsync.
import { Worker } from "node:worker_threads";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import {
  decodeOutcomes,
  encodeJobs,
  type Wire,
  type WorkerError,
  type WorkerOutcome,
} from "./append-wire.ts";
import type { AppendJob } from "./dialect.ts";
import type { AppendResult } from "./storage.ts";

type Reply =
  | { id: number; rows: unknown[] }
  | { id: number; outcomes: Wire; early?: true }
  | { id: number; changes: number; lastInsertRowid: number }
  | { id: number; closed: true }
  | { id: number; error: WorkerError };

type Startup = { ready: true } | { ready: false; error: WorkerError };

interface Waiting {
  resolve(reply: Reply): void;
  reject(error: Error): void;
  early?: (reply: Reply) => void;
}

/** Rebuilds the driver's error on this thread, keeping the SQLite code that storage maps (SQLITE_CONSTRAINT_…). */
export function toError(e: WorkerError): Error {
  return Object.assign(new Error(e.message), { name: e.name, ...(e.code !== undefined && { code: e.code }) });
}

/** The worker and the statements in flight to it. */
export class SqliteWorker {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, Waiting>();
  #nextId = 1;
  #exited: Error | undefined;
  #closing: Promise<void> | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: Reply) => {
      const w = this.#waiting.get(reply.id);
      if (!w) return;
      if ("early" in reply) {
        w.early?.(reply);
        return;
      }
      this.#waiting.delete(reply.id);
      if (this.#waiting.size === 0) this.#worker.unref();
      w.resolve(reply);
    });
    const fail = (error: Error) => {
      this.#exited = error;
      for (const w of this.#waiting.values()) w.reject(error);
      this.#waiting.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`SQLite worker exited (code ${code})`)));
    // Idle, the worker must not keep the process alive; while a statement is in flight it must. After the
    // listeners: adding a "message" listener refs the worker's port again.
    worker.unref();
  }

  /** Starts the worker and waits until the database is open with its pragmas set, or fails with why not. */
  static async open(path: string): Promise<SqliteWorker> {
    const worker = new Worker(new URL("./sqlite-worker.mjs", import.meta.url), {
      workerData: { path },
      // The worker is plain JavaScript: no TypeScript loader, no test-runner flags.
      execArgv: [],
    });
    const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
    let onMessage!: (m: Startup) => void;
    let onError!: (e: Error) => void;
    let onExit!: (code: number) => void;
    const startup = await new Promise<Startup>((resolve, reject) => {
      onMessage = resolve;
      onError = reject;
      onExit = (code) => reject(new Error(`SQLite worker exited during open (code ${code})`));
      worker.once("message", onMessage);
      worker.once("error", onError);
      worker.once("exit", onExit);
    }).finally(() => {
      // Only our own listeners: Worker keeps internal ones that removeAllListeners would break.
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    });
    if (!startup.ready) {
      // The worker ends itself after reporting; wait for that rather than terminate() it mid-exit, which can
      // leave its message port holding the process open.
      await exited;
      throw toError(startup.error);
    }
    return new SqliteWorker(worker);
  }

  #send(
    message:
      | { sql: string; params: readonly unknown[]; lease: number }
      | { appendBatch: Wire; holdMs: number }
      | { findAppend: { gameId: string; requestId: string } }
      | { close: true },
    early?: (reply: Reply) => void,
  ): Promise<Reply> {
    if (this.#exited) return Promise.reject(this.#exited);
    const id = this.#nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject, ...(early && { early }) });
      this.#worker.ref();
      this.#worker.postMessage({ id, ...message });
    });
  }

  /** Runs one statement for `lease` (a Kysely connection); see the worker for how leases keep transactions whole. */
  async execute<R>(sql: string, params: readonly unknown[], lease: number): Promise<QueryResult<R>> {
    const reply = await this.#send({ sql, params, lease });
    if ("error" in reply) throw toError(reply.error);
    if ("rows" in reply) return { rows: reply.rows as R[] };
    if ("changes" in reply) {
      return { numAffectedRows: BigInt(reply.changes), insertId: BigInt(reply.lastInsertRowid), rows: [] };
    }
    throw new Error("SQLite worker: unexpected reply");
  }

  /**
   * Runs a batch of appends in one durable transaction on the worker and resolves once it has committed.
   * With `unsafe`, the outcomes are handed to `unsafe.ack` before the commit, which waits `unsafe.holdMs` (the
   * crash harness's switch for proving it can see lost acknowledgements). Batches run in the order sent.
   */
  async appendBatch(
    jobs: readonly AppendJob[],
    unsafe?: { ack(outcomes: WorkerOutcome<AppendResult>[]): void; holdMs: number },
  ): Promise<WorkerOutcome<AppendResult>[]> {
    const reply = await this.#send(
      { appendBatch: encodeJobs(jobs), holdMs: unsafe ? Math.max(1, unsafe.holdMs) : 0 },
      unsafe && ((early) => "outcomes" in early && unsafe.ack(decodeOutcomes(early.outcomes, jobs.length))),
    );
    if ("error" in reply) throw toError(reply.error);
    if ("outcomes" in reply) return decodeOutcomes(reply.outcomes, jobs.length);
    throw new Error("SQLite worker: unexpected reply");
  }

  /** The stored append of a request id, from the worker's memory of request ids (batches run in order with it). */
  async findAppend(
    gameId: string,
    requestId: string,
  ): Promise<{ firstSeq: number; lastSeq: number } | undefined> {
    const reply = await this.#send({ findAppend: { gameId, requestId } });
    if ("error" in reply) throw toError(reply.error);
    if ("rows" in reply) return reply.rows[0] as { firstSeq: number; lastSeq: number } | undefined;
    throw new Error("SQLite worker: unexpected reply");
  }

  /** Closes the database and ends the worker; safe to call more than once. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#exited) return;
      try {
        const reply = await this.#send({ close: true });
        if ("error" in reply) throw toError(reply.error);
      } finally {
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }
}

class WorkerConnection implements DatabaseConnection {
  readonly #worker: SqliteWorker;
  readonly #lease: number;
  constructor(worker: SqliteWorker, lease: number) {
    this.#worker = worker;
    this.#lease = lease;
  }
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.#worker.execute<R>(query.sql, query.parameters, this.#lease);
  }
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // Nothing here streams; rows arrive whole from the worker and are handed out one at a time.
    const { rows } = await this.executeQuery<R>(query);
    for (const row of rows) yield { rows: [row] };
  }
}

/**
 * Every acquisition is a new lease on the one SQLite connection, handed out without waiting: the worker runs
 * statements in arrival order and holds other leases back while one has a transaction open. So reads no longer
 * queue behind each other on this thread. A transaction must use the connection it was begun on (Kysely's
 * `connection()` and `transaction()` do), never the pool.
 */
class WorkerDriver implements Driver {
  readonly #worker: SqliteWorker;
  #nextLease = 1;

  constructor(worker: SqliteWorker) {
    this.#worker = worker;
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new WorkerConnection(this.#worker, this.#nextLease++);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.#worker.close();
  }
}

export class SqliteWorkerDialect implements Dialect {
  readonly #worker: SqliteWorker;
  constructor(worker: SqliteWorker) {
    this.#worker = worker;
  }
  createDriver(): Driver {
    return new WorkerDriver(this.#worker);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
