// Game members under aliases (马甲). Public reads never select account_id; only referees get the roster with it.
import type { DialectAdapter } from "./dialect.ts";
import type { MemberKind, MemberStore, PublicMember, RevealedMember } from "./storage.ts";
import { aliasKey } from "./username-key.ts";

const REFEREE_KINDS: readonly MemberKind[] = ["referee", "co-referee"];
const KINDS: readonly string[] = ["player", "referee", "co-referee"];

export function createMemberStore(adapter: DialectAdapter): MemberStore {
  const { db } = adapter;
  return {
    async addMember(member) {
      if (!KINDS.includes(member.kind)) throw new TypeError(`unknown member kind: ${member.kind}`);
      try {
        await db
          .insertInto("game_members")
          .values({
            game_id: member.gameId,
            alias: member.alias,
            alias_key: aliasKey(member.alias),
            account_id: member.accountId,
            kind: member.kind,
            created_at: member.createdAt,
          })
          .execute();
      } catch (error) {
        if (adapter.isUniqueViolation(error)) return { ok: false, code: "conflict" };
        throw error;
      }
      return { ok: true, value: { alias: member.alias, kind: member.kind, createdAt: member.createdAt } };
    },

    async removeMember(gameId, alias, accountId) {
      const res = await db
        .deleteFrom("game_members")
        .where("game_id", "=", gameId)
        .where("alias", "=", alias)
        .where("account_id", "=", accountId)
        .executeTakeFirst();
      return res.numDeletedRows === 1n;
    },

    async playerAliasExists(name, statuses) {
      if (statuses.length === 0) return false;
      const row = await db
        .selectFrom("game_members")
        .innerJoin("games", "games.id", "game_members.game_id")
        .select("game_members.game_id")
        .where("game_members.kind", "=", "player")
        .where("games.status", "in", statuses)
        .where((eb) =>
          eb.or([eb("game_members.alias_key", "=", aliasKey(name)), eb("game_members.alias", "=", name)]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async listAliases(gameId) {
      const rows = await db
        .selectFrom("game_members")
        .select(["alias", "kind", "created_at"])
        .where("game_id", "=", gameId)
        .orderBy("created_at")
        .orderBy("alias")
        .execute();
      return rows.map(toPublic);
    },

    async membershipOf(gameId, accountId) {
      const row = await db
        .selectFrom("game_members")
        .select(["alias", "kind", "created_at"])
        .where("game_id", "=", gameId)
        .where("account_id", "=", accountId)
        .executeTakeFirst();
      return row && toPublic(row);
    },

    async refereeRoster(gameId, refereeAccountId) {
      const asker = await db
        .selectFrom("game_members")
        .select("kind")
        .where("game_id", "=", gameId)
        .where("account_id", "=", refereeAccountId)
        .executeTakeFirst();
      if (!asker || !REFEREE_KINDS.includes(asker.kind as MemberKind))
        return { ok: false, code: "forbidden" };
      // One query with the usernames: a 60-seat game's roster was 60 more look-ups, one account at a time.
      const rows = await db
        .selectFrom("game_members")
        .innerJoin("accounts", "accounts.id", "game_members.account_id")
        .select([
          "game_members.alias",
          "game_members.kind",
          "game_members.created_at",
          "game_members.account_id",
          "accounts.username",
        ])
        .where("game_members.game_id", "=", gameId)
        .orderBy("game_members.created_at")
        .orderBy("game_members.alias")
        .execute();
      return {
        ok: true,
        members: rows.map(
          (r): RevealedMember => ({ ...toPublic(r), accountId: r.account_id, username: r.username }),
        ),
      };
    },

    async replaceMemberAccount(gameId, alias, accountId) {
      try {
        const row = await db
          .updateTable("game_members")
          .set({ account_id: accountId })
          .where("game_id", "=", gameId)
          .where("alias", "=", alias)
          .returning(["alias", "kind", "created_at"])
          .executeTakeFirst();
        if (!row) return { ok: false, code: "not-found" };
        return { ok: true, value: toPublic(row) };
      } catch (error) {
        if (adapter.isUniqueViolation(error)) return { ok: false, code: "conflict" };
        throw error;
      }
    },
  };
}

function toPublic(row: { alias: string; kind: string; created_at: number }): PublicMember {
  return { alias: row.alias, kind: row.kind as MemberKind, createdAt: row.created_at };
}
