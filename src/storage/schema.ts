// Table shapes as Kysely sees them; column names are the SQL names, shared by both databases.
import type { ColumnType, Generated } from "kysely";

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: number;
}

export interface GamesTable {
  id: string;
  display_name: string;
  /** JSON text. */
  rules: string;
  status: string;
  created_at: number;
  created_by: number;
}

export interface AccountsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  /** 0 or 1 (no boolean type in SQLite). */
  is_admin: number;
  created_at: number;
  /** When the site admin disabled the account (migration 5); null while it may sign in. */
  disabled_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The name folded for uniqueness (username-key.ts, migration 6); null only for an older clashing account. */
  username_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  token_hash: string;
  account_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface AdminSetupTable {
  /** Always 1: there is at most one setup token. */
  id: number;
  token_hash: string;
  created_at: number;
  used_at: number | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  account_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface GameMembersTable {
  game_id: string;
  alias: string;
  /** The alias as compared (username-key.ts `aliasKey`); null only for a lookalike kept from before migration 7. */
  alias_key: ColumnType<string | null, string | null | undefined, string | null>;
  account_id: number;
  kind: string;
  created_at: number;
}

export interface EventsTable {
  game_id: string;
  seq: number;
  type: string;
  at: number;
  /** The whole event as JSON text, kept byte-exact (jsonb would reorder keys). */
  payload: string;
  /** SQLite: the request id of the append the row belongs to (migration 4); PostgreSQL leaves it null. */
  request_id: ColumnType<string | null, string | null | undefined, never>;
}

export interface AppendRequestsTable {
  game_id: string;
  request_id: string;
  first_seq: number;
  last_seq: number;
  created_at: number;
}

export interface PostBodiesTable {
  game_id: string;
  post_id: string;
  text: string;
  created_at: number;
}

export interface TimersTable {
  game_id: string;
  timer_key: string;
  due_at: number;
  fired_at: number | null;
}

export interface TextDocumentsTable {
  id: number;
  kind: string;
  source: string;
  ref: string | null;
  game_id: string | null;
  owner_key: string | null;
  body: string;
  fingerprints: Uint8Array;
  created_at: number;
}

export interface Database {
  schema_migrations: SchemaMigrationsTable;
  games: GamesTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  admin_setup: AdminSetupTable;
  password_resets: PasswordResetsTable;
  game_members: GameMembersTable;
  events: EventsTable;
  append_requests: AppendRequestsTable;
  post_bodies: PostBodiesTable;
  timers: TimersTable;
  text_documents: TextDocumentsTable;
}
