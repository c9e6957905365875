// Text documents for the originality index: bodies plus opaque fingerprint bytes, loaded in batches at start-up.
import type { DialectAdapter } from "./dialect.ts";
import type { TextDocument, TextDocumentStore, TextDocumentSummary } from "./storage.ts";
import { inWriteTransaction } from "./transaction.ts";

/** 9 bind parameters per row: 400 rows stay under SQLite's and PostgreSQL's limits with room to spare. */
const ROWS_PER_INSERT = 400;

export function createTextDocumentStore(adapter: DialectAdapter): TextDocumentStore {
  const { db } = adapter;
  return {
    async insertTextDocuments(rows) {
      if (rows.length === 0) return [];
      return inWriteTransaction(adapter, async (trx) => {
        const ids = await adapter.allocateTextDocumentIds(trx, rows.length);
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
          await trx
            .insertInto("text_documents")
            .values(
              rows.slice(i, i + ROWS_PER_INSERT).map((r, j) => ({
                id: ids[i + j]!,
                kind: r.kind,
                source: r.source,
                ref: r.ref,
                game_id: r.gameId,
                owner_key: r.ownerKey,
                body: r.body,
                fingerprints: toBuffer(r.fingerprints),
                created_at: r.createdAt,
              })),
            )
            .execute();
        }
        return ids;
      });
    },

    async streamTextDocuments(batchSize, onBatch, afterId = 0) {
      if (!Number.isSafeInteger(batchSize) || batchSize < 1)
        throw new TypeError("batchSize must be a positive integer");
      let after = afterId;
      let total = 0;
      // Keyset pages rather than a cursor: no connection is held while onBatch builds the index.
      for (;;) {
        const rows = await db
          .selectFrom("text_documents")
          .select(["id", "kind", "source", "ref", "owner_key", "fingerprints", "created_at"])
          .where("id", ">", after)
          .orderBy("id")
          .limit(batchSize)
          .execute();
        if (rows.length === 0) return total;
        total += rows.length;
        after = rows.at(-1)!.id;
        await onBatch(
          rows.map(
            (r): TextDocumentSummary => ({
              id: r.id,
              kind: r.kind,
              source: r.source,
              ref: r.ref,
              ownerKey: r.owner_key,
              fingerprints: toBytes(r.fingerprints),
              createdAt: Number(r.created_at),
            }),
          ),
        );
        if (rows.length < batchSize) return total;
      }
    },

    async getTextDocument(id) {
      const r = await db.selectFrom("text_documents").selectAll().where("id", "=", id).executeTakeFirst();
      return (
        r &&
        ({
          id: r.id,
          kind: r.kind,
          source: r.source,
          ref: r.ref,
          gameId: r.game_id,
          ownerKey: r.owner_key,
          body: r.body,
          fingerprints: toBytes(r.fingerprints),
          createdAt: r.created_at,
        } satisfies TextDocument)
      );
    },
  };
}

/** better-sqlite3 binds only Buffers as BLOBs; a view over the same memory avoids a copy. */
function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Both drivers return Buffers, which may be views into a shared pool; a copy gives callers a plain
 * Uint8Array that owns exactly its bytes, the same type on both databases.
 */
function toBytes(value: Uint8Array): Uint8Array {
  return new Uint8Array(value);
}
