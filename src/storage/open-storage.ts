// Picks the database from a URL, applies migrations and assembles the Storage from one module per concern.
import { createAccountStore } from "./accounts.ts";
import type { DialectAdapter } from "./dialect.ts";
import { createAppendExecutor, createEventStore } from "./events.ts";
import { createGameStore } from "./games.ts";
import { GroupCommitQueue } from "./group-commit.ts";
import { createMemberStore } from "./members.ts";
import { migrate } from "./migrations.ts";
import { createSqliteAdapter } from "./sqlite-adapter.ts";
import type { OpenStorageOptions, Storage } from "./storage.ts";
import { createTextDocumentStore } from "./text-documents.ts";
import { createTimerStore } from "./timers.ts";

export const DEFAULT_DATABASE_URL = "./data/bansha.sqlite";

export type DatabaseTarget =
  | { readonly kind: "sqlite"; readonly path: string }
  | { readonly kind: "postgres"; readonly url: string };

/** `postgres://…` / `postgresql://…`, `sqlite:<path>`, `:memory:`, or a plain file path (the default when empty). */
export function parseDatabaseUrl(url: string | undefined): DatabaseTarget {
  const value = url === undefined || url.trim() === "" ? DEFAULT_DATABASE_URL : url.trim();
  if (/^postgres(ql)?:\/\//i.test(value)) return { kind: "postgres", url: value };
  if (value.startsWith("sqlite:")) {
    const path = value.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
    if (path === "") throw new TypeError("sqlite: URL without a path");
    return { kind: "sqlite", path };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) throw new TypeError(`unsupported database URL: ${value}`);
  return { kind: "sqlite", path: value };
}

export async function openStorage(url?: string, options: OpenStorageOptions = {}): Promise<Storage> {
  const target = parseDatabaseUrl(url);
  const adapter: DialectAdapter =
    target.kind === "sqlite"
      ? await createSqliteAdapter(target.path)
      : // Loaded only for PostgreSQL: pg's own loading took about 90 ms of every start on SQLite.
        await (await import("./postgres-adapter.ts")).createPostgresAdapter(target.url, {
          ...(options.pgSchema !== undefined && { schema: options.pgSchema }),
          ...(options.pgPoolSize !== undefined && { poolSize: options.pgPoolSize }),
        });
  try {
    await migrate(adapter);
  } catch (error) {
    await adapter.destroy();
    throw error;
  }
  const queue = new GroupCommitQueue(adapter, createAppendExecutor(adapter), {
    concurrency: Math.max(1, Math.min(options.writeConcurrency ?? 2, adapter.maxWriteConcurrency)),
    maxBatchSize: options.maxBatchSize ?? 512,
    unsafeAckBeforeCommit: options.unsafeAckBeforeCommit ?? false,
    unsafeCommitDelayMs: options.unsafeCommitDelayMs ?? 50,
    ...(options.onBatchCommitted && { onBatchCommitted: options.onBatchCommitted }),
  });
  let closing: Promise<void> | undefined;
  return {
    dialect: adapter.kind,
    appendsInOrder: adapter.appendsInOrder,
    ...createEventStore(adapter, queue),
    ...createGameStore(adapter),
    ...createAccountStore(adapter),
    ...createMemberStore(adapter),
    ...createTimerStore(adapter),
    ...createTextDocumentStore(adapter),
    subscribe: (channel, onMessage, onGap) => adapter.notifier.subscribe(channel, onMessage, onGap),
    notify: (channel, payload) => adapter.notifier.notify(channel, payload),
    close() {
      closing ??= queue.close().then(() => adapter.destroy());
      return closing;
    },
  };
}
