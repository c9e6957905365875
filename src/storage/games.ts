// Games: id, display name, rule set (JSON), status, creation time and creator.
import type { DialectAdapter } from "./dialect.ts";
import type { GamesTable } from "./schema.ts";
import type { GameRecord, GameStore } from "./storage.ts";

export function createGameStore(adapter: DialectAdapter): GameStore {
  const { db } = adapter;
  return {
    async createGame(game) {
      try {
        await db
          .insertInto("games")
          .values({
            id: game.id,
            display_name: game.displayName,
            rules: JSON.stringify(game.rules),
            status: game.status,
            created_at: game.createdAt,
            created_by: game.createdBy,
          })
          .execute();
      } catch (error) {
        if (adapter.isUniqueViolation(error)) return { ok: false, code: "conflict" };
        throw error;
      }
      return { ok: true, value: game };
    },
    async getGame(id) {
      const row = await db.selectFrom("games").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toGame(row);
    },
    async listGames() {
      const rows = await db
        .selectFrom("games")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id")
        .execute();
      return rows.map(toGame);
    },
    async setGameStatus(id, status) {
      const res = await db.updateTable("games").set({ status }).where("id", "=", id).executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },
  };
}

function toGame(row: GamesTable): GameRecord {
  return {
    id: row.id,
    displayName: row.display_name,
    rules: JSON.parse(row.rules) as unknown,
    status: row.status,
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}
