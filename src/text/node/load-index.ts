// Builds an in-memory originality index from a corpus store (what the CLI and, until the database lands, the server use).
import type { CorpusStore } from "../corpus-store.ts";
import { OriginalityIndex } from "../originality-index.ts";

/** Loads every stored document's fingerprint blob; texts stay in memory for verifying candidates. */
export async function loadIndex(store: CorpusStore): Promise<OriginalityIndex> {
  const texts = new Map<string, string>();
  const index = await OriginalityIndex.create({ texts });
  for await (const doc of store.all()) {
    texts.set(doc.meta.id, doc.text);
    index.addBlob(doc.meta, doc.blob);
  }
  index.compact();
  return index;
}
