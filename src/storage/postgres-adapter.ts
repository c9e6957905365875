// PostgreSQL through pg: a pool with synchronous_commit=on, int8 parsed to numbers, LISTEN/NOTIFY for notifications.
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { checkChannel, type DialectAdapter, errorCode } from "./dialect.ts";
import { createNotifyOutbox } from "./notify-outbox.ts";
import type { Database } from "./schema.ts";
import type { Notifier } from "./storage.ts";

const INT8_OID = 20;

/** pg returns int8 (bigint, count(*)) as a string; our ids, seqs and epoch-ms times all fit a JS number. */
function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value out of the safe integer range: ${text}`);
  return n;
}

const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID && format !== "binary"
      ? parseInt8
      : pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
};

export interface PostgresAdapterOptions {
  readonly schema?: string;
  readonly poolSize?: number;
}

export async function createPostgresAdapter(
  url: string,
  options: PostgresAdapterOptions = {},
): Promise<DialectAdapter> {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new TypeError(`invalid schema name: ${schema}`);
  }
  const settings = ["-c synchronous_commit=on"];
  if (schema !== undefined) settings.push(`-c search_path=${schema}`);
  const config: pg.PoolConfig = {
    connectionString: url,
    max: options.poolSize ?? 10,
    types,
    options: settings.join(" "),
  };
  const pool = new pg.Pool(config);
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => console.error(`postgres pool: ${error.message}`));
  if (schema !== undefined) await pool.query(`create schema if not exists ${schema}`);

  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Notifications are database-wide; a schema (one per test run) gets its own channel namespace.
  const notifier = createPgNotifier(pool, config, schema === undefined ? "" : `${schema}.`);

  return {
    kind: "postgres",
    db,
    beginWrite: "begin",
    maxWriteConcurrency: options.poolSize ?? 10,
    // Batches run on several pooled connections at once: a chained append is stored only on an append of its own
    // batch (events.ts appendTogether; split from it, it is refused and decided again), so a game's next plan waits
    // for the one before it to commit.
    appendsInOrder: false,
    blobType: "bytea",
    isUniqueViolation: (error) => errorCode(error) === "23505",
    // 40P01 deadlock, 40001 serialization failure: PostgreSQL rolled the whole transaction back.
    isRetryable: (error) => errorCode(error) === "40P01" || errorCode(error) === "40001",
    async allocateTextDocumentIds(trx, n) {
      const res = await sql<{
        id: number;
      }>`select nextval('text_document_ids') as id from generate_series(1, ${n})`.execute(trx);
      return res.rows.map((r) => r.id).sort((a, b) => a - b);
    },
    async claimTimer(trx, gameId, key, dueAt, now) {
      const res = await sql`
        update timers set fired_at = ${now}
        where (game_id, timer_key) in (
          select game_id, timer_key from timers
          where game_id = ${gameId} and timer_key = ${key} and due_at = ${dueAt} and fired_at is null
          for update skip locked)`.execute(trx);
      return res.numAffectedRows === 1n;
    },
    notifier,
    async destroy() {
      await notifier.close();
      await db.destroy();
    },
  };
}

/** LISTEN on one dedicated connection (a pooled one would be handed to others); NOTIFY through the pool. */
function createPgNotifier(
  pool: pg.Pool,
  config: pg.PoolConfig,
  prefix: string,
): Notifier & { close(): Promise<void> } {
  const channels = new Map<string, Set<Subscription>>();
  let client: Promise<pg.Client> | undefined;
  let closed = false;
  let relistening = false;
  const quote = (channel: string) => `"${(prefix + channel).replaceAll('"', '""')}"`;
  const outbox = createNotifyOutbox(pool);

  function connect(): Promise<pg.Client> {
    if (client) return client;
    const attempt: Promise<pg.Client> = (async () => {
      const c = new pg.Client({ ...config });
      c.on("notification", (msg) => {
        if (!msg.channel.startsWith(prefix)) return;
        for (const s of [...(channels.get(msg.channel.slice(prefix.length)) ?? [])]) {
          s.onMessage(msg.payload ?? "");
        }
      });
      c.on("error", (error) => {
        console.error(`postgres listener: ${error.message}`);
        // A dead connection may report several errors; only the first replaces it (once) and LISTENs again.
        if (client !== attempt) return;
        client = undefined;
        void c.end().catch(() => {});
        if (!closed && channels.size > 0) void relisten();
      });
      await c.connect();
      return c;
    })();
    client = attempt;
    // A failed connect must not be cached: the next subscribe tries again.
    attempt.catch(() => {
      if (client === attempt) client = undefined;
    });
    return attempt;
  }

  /**
   * Listens again on a new connection, trying until it works (the database may be restarting) or the notifier is
   * closed; then tells every subscriber that notifications may have been lost meanwhile.
   */
  async function relisten(): Promise<void> {
    if (relistening) return;
    relistening = true;
    try {
      for (
        let delay = RELISTEN_FIRST_MS;
        !closed && channels.size > 0;
        delay = Math.min(delay * 2, RELISTEN_MAX_MS)
      ) {
        try {
          const c = await connect();
          for (const channel of channels.keys()) await c.query(`listen ${quote(channel)}`);
        } catch (error) {
          console.error(
            `postgres listener: reconnect failed, trying again in ${delay} ms: ${(error as Error).message}`,
          );
          await new Promise((resolve) => setTimeout(resolve, delay).unref());
          continue;
        }
        for (const subscriptions of [...channels.values()]) {
          for (const s of [...subscriptions]) {
            try {
              s.onGap?.();
            } catch (error) {
              console.error(
                `postgres listener: a subscriber failed to catch up: ${(error as Error).message}`,
              );
            }
          }
        }
        return;
      }
    } finally {
      relistening = false;
    }
  }

  return {
    async subscribe(channel, onMessage, onGap) {
      checkChannel(channel);
      if (prefix.length + channel.length > 63)
        throw new TypeError(`notification channel too long: ${channel}`);
      // A new object per call, so the same function subscribed twice gets two independent subscriptions.
      const listener: Subscription = onGap ? { onMessage, onGap } : { onMessage };
      let set = channels.get(channel);
      if (!set) {
        set = new Set();
        channels.set(channel, set);
        await (await connect()).query(`listen ${quote(channel)}`);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
        if (set.size === 0 && channels.get(channel) === set) {
          channels.delete(channel);
          if (!closed) await (await connect()).query(`unlisten ${quote(channel)}`);
        }
      };
    },
    async notify(channel, payload) {
      checkChannel(channel);
      await outbox.send(prefix + channel, payload);
    },
    async close() {
      closed = true;
      channels.clear();
      const c = client;
      client = undefined;
      if (c) await (await c).end();
    },
  };
}

interface Subscription {
  readonly onMessage: (payload: string) => void;
  readonly onGap?: () => void;
}

/** The first wait before listening again after a failed reconnect, doubling up to the second. */
const RELISTEN_FIRST_MS = 250;
const RELISTEN_MAX_MS = 5_000;
