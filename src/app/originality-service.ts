// The originality check over the in-memory index, fed from the text_documents table and every published 报道/post.
import type { OriginalityResponse } from "../server/api-types.ts";
import type { Storage } from "../storage/storage.ts";
import { OriginalityIndex } from "../text/originality-index.ts";
import type { OriginalityReport } from "../text/originality-report.ts";
import type { OriginalityPort } from "./originality-port.ts";

/** Loads every stored document into a fresh index; texts published later are added (and stored) as they come. */
export async function indexedOriginality(storage: Storage): Promise<OriginalityPort> {
  const index = await OriginalityIndex.create();
  const ids: number[] = [];
  await storage.streamTextDocuments(1000, (batch) => {
    for (const d of batch) ids.push(d.id);
  });
  for (const id of ids) {
    const d = await storage.getTextDocument(id);
    if (d) index.add({ id: `doc-${d.id}`, label: d.ref ?? d.source, time: d.createdAt }, d.body);
  }
  return {
    check(text, { withSources, limitPercent }) {
      return toResponse(index.check(text, { limitPercent }), withSources);
    },
    add(doc) {
      const fingerprints = index.add({ id: doc.id, label: doc.label, time: doc.time }, doc.text);
      void storage
        .insertTextDocuments([
          {
            kind: "post",
            source: "site",
            ref: doc.label,
            gameId: null,
            // Never an account: the owner of a post is known only through its alias.
            ownerKey: null,
            body: doc.text,
            fingerprints,
            createdAt: doc.time,
          },
        ])
        .catch(() => {});
    },
  };
}

function toResponse(r: OriginalityReport, withSources: boolean): OriginalityResponse {
  return {
    available: true,
    words: r.words,
    copiedWords: r.copiedWords,
    copiedPercent: Math.round(r.share * 1000) / 10,
    flagged: r.flagged,
    spans: r.spans.map((s) => ({
      start: s.start,
      end: s.end,
      ...(withSources && { source: { kind: "post", ref: s.source.docId, title: s.source.label ?? null } }),
    })),
  };
}
