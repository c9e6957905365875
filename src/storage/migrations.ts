// The schema as an ordered list of migrations in code, applied at open and recorded in schema_migrations.
import { type Kysely, sql } from "kysely";
import type { DialectAdapter } from "./dialect.ts";
import type { Database } from "./schema.ts";
import { inWriteTransaction } from "./transaction.ts";
import { aliasKey, usernameKey } from "./username-key.ts";

interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Kysely<Database>, adapter: DialectAdapter): Promise<void>;
}

// Append only: never edit a migration that has shipped; add the next version instead.
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: "accounts, sessions, games, members",
    async up(db, adapter) {
      await db.schema
        .createTable("accounts")
        .addColumn("id", "integer", (c) =>
          adapter.kind === "sqlite"
            ? c.primaryKey().autoIncrement()
            : c.primaryKey().generatedByDefaultAsIdentity(),
        )
        .addColumn("username", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("sessions")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id"))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("revoked_at", "bigint")
        .execute();
      await db.schema.createIndex("sessions_account").on("sessions").column("account_id").execute();
      await db.schema
        .createTable("admin_setup")
        .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn("token_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("used_at", "bigint")
        .execute();
      await db.schema
        .createTable("games")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("display_name", "text", (c) => c.notNull())
        .addColumn("rules", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("created_by", "integer", (c) => c.notNull().references("accounts.id"))
        .execute();
      await db.schema
        .createTable("game_members")
        .addColumn("game_id", "text", (c) => c.notNull().references("games.id"))
        .addColumn("alias", "text", (c) => c.notNull())
        .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("game_members_pk", ["game_id", "alias"])
        .addUniqueConstraint("game_members_account", ["game_id", "account_id"])
        .execute();
    },
  },
  {
    version: 2,
    name: "events, request ids, post bodies, timers",
    async up(db) {
      // No foreign key to games: the event store stays usable for streams whose game row lives elsewhere.
      await db.schema
        .createTable("events")
        .addColumn("game_id", "text", (c) => c.notNull())
        .addColumn("seq", "bigint", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("at", "bigint", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("events_pk", ["game_id", "seq"])
        .execute();
      await db.schema
        .createTable("append_requests")
        .addColumn("game_id", "text", (c) => c.notNull())
        .addColumn("request_id", "text", (c) => c.notNull())
        .addColumn("first_seq", "bigint", (c) => c.notNull())
        .addColumn("last_seq", "bigint", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("append_requests_pk", ["game_id", "request_id"])
        .execute();
      await db.schema
        .createTable("post_bodies")
        .addColumn("game_id", "text", (c) => c.notNull())
        .addColumn("post_id", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("post_bodies_pk", ["game_id", "post_id"])
        .execute();
      await db.schema
        .createTable("timers")
        .addColumn("game_id", "text", (c) => c.notNull())
        .addColumn("timer_key", "text", (c) => c.notNull())
        .addColumn("due_at", "bigint", (c) => c.notNull())
        .addColumn("fired_at", "bigint")
        .addPrimaryKeyConstraint("timers_pk", ["game_id", "timer_key"])
        .execute();
      await sql`create index timers_pending on timers (due_at) where fired_at is null`.execute(db);
    },
  },
  {
    version: 3,
    name: "text documents",
    async up(db, adapter) {
      // Ids are allocated by the adapter (a sequence on PostgreSQL) so a batch insert knows them in input order.
      await db.schema
        .createTable("text_documents")
        .addColumn("id", adapter.kind === "sqlite" ? "integer" : "bigint", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("ref", "text")
        .addColumn("game_id", "text")
        .addColumn("owner_key", "text")
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("fingerprints", sql.raw(adapter.blobType), (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("text_documents_game").on("text_documents").column("game_id").execute();
      if (adapter.kind === "postgres") await sql`create sequence text_document_ids`.execute(db);
    },
  },
  {
    version: 4,
    name: "request ids on event rows",
    async up(db) {
      // SQLite records each append's request id on its event rows, with no index: the writer keeps the ids in
      // memory (sqlite-worker.mjs), which saves a random index insert, one WAL page, per vote. PostgreSQL, where
      // several processes write, keeps using append_requests' unique index and leaves this column empty.
      await db.schema.alterTable("events").addColumn("request_id", "text").execute();
    },
  },
  {
    version: 5,
    name: "disabled accounts, password reset links",
    async up(db) {
      await db.schema.alterTable("accounts").addColumn("disabled_at", "bigint").execute();
      // Only the hash of a reset link's token is kept, as for sessions and the admin setup link.
      await db.schema
        .createTable("password_resets")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id"))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("used_at", "bigint")
        .execute();
      await db.schema
        .createIndex("password_resets_account")
        .on("password_resets")
        .column("account_id")
        .execute();
    },
  },
  {
    version: 6,
    name: "username keys",
    async up(db) {
      // One account per name however it is typed (username-key.ts). Accounts made before this keep their names; of
      // two that already fold together, the older keeps the key and the newer has none (it can still sign in).
      await db.schema.alterTable("accounts").addColumn("username_key", "text").execute();
      const rows = await db.selectFrom("accounts").select(["id", "username"]).orderBy("id").execute();
      const taken = new Set<string>();
      for (const r of rows) {
        // The key as it was then (width and case); migration 8 re-keys with today's usernameKey.
        const key = r.username.normalize("NFKC").toLowerCase();
        if (taken.has(key)) continue;
        taken.add(key);
        await db.updateTable("accounts").set({ username_key: key }).where("id", "=", r.id).execute();
      }
      await db.schema
        // Not "accounts_username_key": PostgreSQL has given that name to the unique constraint on username.
        .createIndex("accounts_folded_username")
        .on("accounts")
        .column("username_key")
        .unique()
        .execute();
    },
  },
  {
    version: 7,
    name: "alias keys",
    async up(db) {
      // One member per alias in a game however it is typed (username-key.ts `aliasKey`). Members from before keep
      // their aliases; of two in a game that already fold together, the one who joined first keeps the key.
      await db.schema.alterTable("game_members").addColumn("alias_key", "text").execute();
      const rows = await db
        .selectFrom("game_members")
        .select(["game_id", "alias"])
        .orderBy("game_id")
        .orderBy("created_at")
        .orderBy("alias")
        .execute();
      const taken = new Set<string>();
      for (const r of rows) {
        const key = aliasKey(r.alias);
        if (taken.has(`${r.game_id}\u0000${key}`)) continue;
        taken.add(`${r.game_id}\u0000${key}`);
        await db
          .updateTable("game_members")
          .set({ alias_key: key })
          .where("game_id", "=", r.game_id)
          .where("alias", "=", r.alias)
          .execute();
      }
      await db.schema
        .createIndex("game_members_folded_alias")
        .on("game_members")
        .columns(["game_id", "alias_key"])
        .unique()
        .execute();
    },
  },
  {
    version: 8,
    name: "username keys without variation selectors",
    async up(db) {
      // usernameKey now drops variation selectors too, as aliasKey does: 「❤️小明」 and 「❤小明」 are one name. Of two
      // accounts that newly fold together, the older keeps the key and the newer has none (it can still sign in), as
      // in migration 6. The keys are cleared first so that re-keying never meets a key still held by a later row.
      const rows = await db.selectFrom("accounts").select(["id", "username"]).orderBy("id").execute();
      await db.updateTable("accounts").set({ username_key: null }).execute();
      const taken = new Set<string>();
      for (const r of rows) {
        const key = usernameKey(r.username);
        if (taken.has(key)) continue;
        taken.add(key);
        await db.updateTable("accounts").set({ username_key: key }).where("id", "=", r.id).execute();
      }
    },
  },
];

export interface MigrationReport {
  /** Versions applied by this call, in order (empty when the schema was already current). */
  readonly applied: number[];
}

/** Applies every missing migration in one transaction; concurrent openers on PostgreSQL wait on an advisory lock. */
export async function migrate(adapter: DialectAdapter): Promise<MigrationReport> {
  return inWriteTransaction(adapter, async (trx) => {
    if (adapter.kind === "postgres") {
      // Any constant works; it only has to be the same for every bansha process.
      await sql`select pg_advisory_xact_lock(7412203)`.execute(trx);
    }
    await trx.schema
      .createTable("schema_migrations")
      .ifNotExists()
      .addColumn("version", "integer", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("applied_at", "bigint", (c) => c.notNull())
      .execute();
    const rows = await trx.selectFrom("schema_migrations").select("version").execute();
    const done = new Set(rows.map((r) => r.version));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await m.up(trx, adapter);
      await trx
        .insertInto("schema_migrations")
        .values({ version: m.version, name: m.name, applied_at: Date.now() })
        .execute();
      applied.push(m.version);
    }
    return { applied };
  });
}
