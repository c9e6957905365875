// The port through which reference corpora and their fingerprints are kept between runs (file now, database later).
import type { DocMeta } from "./originality-index.ts";

/** A stored document: its text and its fingerprint blob (encodeFingerprints). */
export interface StoredDoc {
  meta: DocMeta;
  text: string;
  blob: Uint8Array;
}

export interface CorpusStore {
  /** Adds or replaces documents (the last write of an id wins). */
  put(docs: readonly StoredDoc[]): Promise<void>;
  /** Every stored document, each id once. */
  all(): AsyncIterable<StoredDoc>;
}
