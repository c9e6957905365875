// Site accounts, login sessions and password reset links (by token hash), the one-time admin setup token. Hashing is the caller's job.
import { type Kysely, type Selectable, sql } from "kysely";
import type { DialectAdapter } from "./dialect.ts";
import type { AccountsTable, Database } from "./schema.ts";
import type { Account, AccountStore, Created, NewAccount, Session, SessionAccount } from "./storage.ts";
import { inWriteTransaction } from "./transaction.ts";
import { usernameKey } from "./username-key.ts";

/** Token hashes per IN list: far below SQLite's and PostgreSQL's bind-parameter limits. */
const CHUNK = 500;

export function createAccountStore(adapter: DialectAdapter): AccountStore {
  const { db } = adapter;

  async function insertAccount(trx: Kysely<Database>, account: NewAccount): Promise<Created<Account>> {
    try {
      const row = await trx
        .insertInto("accounts")
        .values({
          username: account.username,
          username_key: usernameKey(account.username),
          password_hash: account.passwordHash,
          is_admin: account.isAdmin ? 1 : 0,
          created_at: account.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ok: true, value: toAccount(row) };
    } catch (error) {
      if (adapter.isUniqueViolation(error)) return { ok: false, code: "conflict" };
      throw error;
    }
  }

  /** Live sessions with their accounts, one statement per chunk of token hashes. */
  async function findLive(tokenHashes: readonly string[], now: number): Promise<Map<string, SessionAccount>> {
    const found = new Map<string, SessionAccount>();
    for (let i = 0; i < tokenHashes.length; i += CHUNK) {
      const rows = await db
        .selectFrom("sessions")
        .innerJoin("accounts", "accounts.id", "sessions.account_id")
        .selectAll("accounts")
        .select([
          "sessions.token_hash",
          "sessions.account_id",
          "sessions.created_at as session_created_at",
          "sessions.expires_at",
          "sessions.revoked_at",
        ])
        .where("sessions.token_hash", "in", tokenHashes.slice(i, i + CHUNK))
        .where("sessions.revoked_at", "is", null)
        .where("sessions.expires_at", ">", now)
        // Disabling revokes the sessions too; this also covers one created by a log-in racing the disabling.
        .where("accounts.disabled_at", "is", null)
        .execute();
      for (const row of rows) {
        const session: Session = {
          tokenHash: row.token_hash,
          accountId: row.account_id,
          createdAt: row.session_created_at,
          expiresAt: row.expires_at,
          revokedAt: row.revoked_at,
        };
        found.set(row.token_hash, { session, account: toAccount(row) });
      }
    }
    return found;
  }

  return {
    createAccount: (account) => insertAccount(db, account),
    async getAccount(id) {
      const row = await db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toAccount(row);
    },
    async findAccountByUsername(username) {
      const row = await db
        .selectFrom("accounts")
        .selectAll()
        .where("username", "=", username)
        .executeTakeFirst();
      return row && toAccount(row);
    },
    async findAccountNamed(name) {
      const row = await db
        .selectFrom("accounts")
        .selectAll()
        .where((eb) => eb.or([eb("username_key", "=", usernameKey(name)), eb("username", "=", name)]))
        .orderBy("id")
        .executeTakeFirst();
      return row && toAccount(row);
    },
    async createSession(session) {
      await db
        .insertInto("sessions")
        .values({
          token_hash: session.tokenHash,
          account_id: session.accountId,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
          revoked_at: null,
        })
        .execute();
    },
    async findLiveSession(tokenHash, now) {
      const row = await db
        .selectFrom("sessions")
        .selectAll()
        .where("token_hash", "=", tokenHash)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return (
        row &&
        ({
          tokenHash: row.token_hash,
          accountId: row.account_id,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
          revokedAt: row.revoked_at,
        } satisfies Session)
      );
    },
    async findLiveSessionAccount(tokenHash, now) {
      return (await findLive([tokenHash], now)).get(tokenHash);
    },
    findLiveSessionAccounts: findLive,
    async revokeSession(tokenHash, now) {
      await db
        .updateTable("sessions")
        .set({ revoked_at: now })
        .where("token_hash", "=", tokenHash)
        .where("revoked_at", "is", null)
        .execute();
    },
    async revokeSessionsOfAccount(accountId, now) {
      await db
        .updateTable("sessions")
        .set({ revoked_at: now })
        .where("account_id", "=", accountId)
        .where("revoked_at", "is", null)
        .execute();
    },
    async setAdminSetupToken(tokenHash, now) {
      return inWriteTransaction(adapter, async (trx) => {
        const row = await trx
          .selectFrom("admin_setup")
          .select("used_at")
          .where("id", "=", 1)
          .executeTakeFirst();
        if (row?.used_at != null) return { ok: false };
        // A restart before setup replaces the token: only the newest printed link works.
        await trx
          .insertInto("admin_setup")
          .values({ id: 1, token_hash: tokenHash, created_at: now, used_at: null })
          .onConflict((oc) => oc.column("id").doUpdateSet({ token_hash: tokenHash, created_at: now }))
          .execute();
        return { ok: true };
      });
    },
    async adminSetupPending() {
      const row = await db.selectFrom("admin_setup").select("used_at").where("id", "=", 1).executeTakeFirst();
      return row !== undefined && row.used_at === null;
    },
    async createAdminWithSetupToken(tokenHash, account) {
      return inWriteTransaction(adapter, async (trx) => {
        const used = await trx
          .updateTable("admin_setup")
          .set({ used_at: account.createdAt })
          .where("id", "=", 1)
          .where("token_hash", "=", tokenHash)
          .where("used_at", "is", null)
          .executeTakeFirst();
        if (used.numUpdatedRows !== 1n) return { ok: false, code: "invalid-token" } as const;
        const created = await insertAccount(trx, { ...account, isAdmin: true });
        // A taken username must leave the token unused; throwing rolls the whole transaction back.
        if (!created.ok) throw new UsernameTaken();
        return created;
      }).catch((error: unknown) => {
        if (error instanceof UsernameTaken) return { ok: false, code: "conflict" } as const;
        throw error;
      });
    },
    async listAccounts({ prefix, after, limit }) {
      let q = db
        .selectFrom("accounts")
        .select(["username", "created_at", "is_admin", "disabled_at"])
        .orderBy("username")
        .limit(limit);
      // substr rather than LIKE: LIKE ignores case on SQLite and not on PostgreSQL, and would need % and _ escaped.
      if (prefix !== undefined && prefix !== "")
        // In characters (code points), as SQL's substr counts them, not UTF-16 units: 𠀀 is one character.
        q = q.where(sql<string>`substr(username, 1, ${[...prefix].length})`, "=", prefix);
      if (after !== undefined) q = q.where("username", ">", after);
      const rows = await q.execute();
      return rows.map((r) => ({
        username: r.username,
        createdAt: r.created_at,
        isAdmin: r.is_admin === 1,
        disabledAt: r.disabled_at,
      }));
    },
    async setAccountDisabled(accountId, disabled, now) {
      return inWriteTransaction(adapter, async (trx) => {
        const found = await trx
          .selectFrom("accounts")
          .select("disabled_at")
          .where("id", "=", accountId)
          .executeTakeFirst();
        if (!found) return false;
        if (!disabled)
          await trx.updateTable("accounts").set({ disabled_at: null }).where("id", "=", accountId).execute();
        else if (found.disabled_at === null)
          await trx.updateTable("accounts").set({ disabled_at: now }).where("id", "=", accountId).execute();
        // Enabling a disabled account revokes too: a log-in that raced the disabling made a session nothing
        // revoked, which the disabled account hid and enabling would otherwise bring back. Enabling one that was
        // never disabled changes nothing: its owner's sessions are theirs.
        if (!disabled && found.disabled_at === null) return true;
        await trx
          .updateTable("sessions")
          .set({ revoked_at: now })
          .where("account_id", "=", accountId)
          .where("revoked_at", "is", null)
          .execute();
        return true;
      });
    },
    async changePassword(accountId, passwordHash, keepTokenHash, now) {
      await inWriteTransaction(adapter, async (trx) => {
        await trx
          .updateTable("accounts")
          .set({ password_hash: passwordHash })
          .where("id", "=", accountId)
          .execute();
        await trx
          .updateTable("sessions")
          .set({ revoked_at: now })
          .where("account_id", "=", accountId)
          .where("revoked_at", "is", null)
          .where("token_hash", "!=", keepTokenHash)
          .execute();
      });
    },
    async createPasswordReset(reset) {
      await inWriteTransaction(adapter, async (trx) => {
        // The account's row locked first (PostgreSQL's READ COMMITTED): two links made at once for one account
        // would each delete the other's unused link before it existed and both stay live.
        await sql`update accounts set id = id where id = ${reset.accountId}`.execute(trx);
        await trx
          .deleteFrom("password_resets")
          .where("account_id", "=", reset.accountId)
          .where("used_at", "is", null)
          .execute();
        await trx
          .insertInto("password_resets")
          .values({
            token_hash: reset.tokenHash,
            account_id: reset.accountId,
            created_at: reset.createdAt,
            expires_at: reset.expiresAt,
            used_at: null,
          })
          .execute();
      });
    },
    async redeemPasswordReset(tokenHash, passwordHash, now) {
      return inWriteTransaction(adapter, async (trx) => {
        // The account's row locked before any of password_resets, as createPasswordReset takes them: in the other
        // order a redemption and a new link for the same account at once deadlocked on PostgreSQL. A plain read
        // (no lock) finds whose row it is; the read below, after the lock, is the one acted on.
        const owner = await trx
          .selectFrom("password_resets")
          .select("account_id")
          .where("token_hash", "=", tokenHash)
          .executeTakeFirst();
        if (!owner) return { ok: false, code: "invalid-token" } as const;
        await sql`update accounts set id = id where id = ${owner.account_id}`.execute(trx);
        const row = await trx
          .selectFrom("password_resets")
          .innerJoin("accounts", "accounts.id", "password_resets.account_id")
          .selectAll("accounts")
          .where("password_resets.token_hash", "=", tokenHash)
          .where("password_resets.used_at", "is", null)
          .where("password_resets.expires_at", ">", now)
          .executeTakeFirst();
        if (!row) return { ok: false, code: "invalid-token" } as const;
        if (row.disabled_at !== null) return { ok: false, code: "account-disabled" } as const;
        // Claimed only if still unused: on PostgreSQL (READ COMMITTED) two redemptions at once both read it unused,
        // and the second's update, waiting on the first's row lock, then finds it used and claims nothing.
        const claimed = await trx
          .updateTable("password_resets")
          .set({ used_at: now })
          .where("token_hash", "=", tokenHash)
          .where("used_at", "is", null)
          .executeTakeFirst();
        if (claimed.numUpdatedRows !== 1n) return { ok: false, code: "invalid-token" } as const;
        await trx
          .updateTable("accounts")
          .set({ password_hash: passwordHash })
          .where("id", "=", row.id)
          .execute();
        await trx
          .updateTable("sessions")
          .set({ revoked_at: now })
          .where("account_id", "=", row.id)
          .where("revoked_at", "is", null)
          .execute();
        return { ok: true, value: toAccount({ ...row, password_hash: passwordHash }) } as const;
      });
    },
  };
}

class UsernameTaken extends Error {}

function toAccount(row: Selectable<AccountsTable>): Account {
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.password_hash,
    isAdmin: row.is_admin === 1,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
  };
}
