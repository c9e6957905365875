// The originality check over an in-memory index of the text_documents table: loaded at start-up, kept current as
// posts are written here and as rows arrive from other processes (corpus imports, other servers).
import type { CopiedSpan, OriginalityResponse } from "../server/api-types.ts";
import type { Storage, StoredEvent, TextDocumentSummary } from "../storage/storage.ts";
import { encodeFingerprints } from "../text/fingerprint.ts";
import { type CheckOptions, OriginalityIndex, type SourceTexts } from "../text/originality-index.ts";
import type { OriginalityReport } from "../text/originality-report.ts";
import {
  type CheckRequest,
  type DocumentKind,
  killPostLineage,
  type OriginalityPort,
  type SiteDocument,
  type SiteSource,
  SOURCE_KIND_NAMES,
} from "./originality-port.ts";

/** Notified with "first,last" ids after rows are inserted; PostgreSQL carries it to every process. */
export const TEXT_DOCUMENTS_CHANNEL = "bansha_text_documents";
const LOAD_BATCH = 2000;
/** Source texts stay in the database; this many characters of recently verified ones are kept in memory. */
const TEXT_CACHE_CHARS = 4_000_000;

export interface LoadedIndex {
  readonly index: OriginalityIndex;
  /** Documents skipped at load because their blob was made with other fingerprint parameters. */
  readonly skipped: number;
  /** Adds the rows with an id above the highest seen (and any notified range); single-flight. */
  catchUp(range?: { first: number; last: number }): Promise<number>;
  /** The check, reading candidate sources' texts from the database as needed. */
  check(text: string, options: CheckOptions): Promise<OriginalityReport>;
  /** What to leave out when re-checking a site post: its lineage, or the post alone when it has none. */
  exclusionsOf(postId: string): Pick<CheckOptions, "excludeLineage" | "excludeDocIds" | "sourcesBefore">;
  /** The index's ids of site posts, by post id (those it holds). */
  docIdsOf(postIds: readonly string[]): string[];
}

/** A site post's ref is "label · postId" (or the post id alone), so its id can be read back after a restart. */
const REF_SEPARATOR = " · ";
function siteRef(doc: SiteDocument): string {
  return doc.label === undefined ? doc.postId : `${doc.label}${REF_SEPARATOR}${doc.postId}`;
}
function postIdOf(ref: string): string {
  const at = ref.lastIndexOf(REF_SEPARATOR);
  return at < 0 ? ref : ref.slice(at + REF_SEPARATOR.length);
}
/** The label part of a site post's ref (game, kind, round, seat or alias), without the post id; null if it has none. */
function labelOf(ref: string): string | null {
  const at = ref.lastIndexOf(REF_SEPARATOR);
  return at < 0 ? null : ref.slice(0, at);
}

/** Index ids carry the row's kind and id, so a source can be shown and its text fetched without a side table. */
function indexId(kind: string, id: number): string {
  return `${kind}:${id}`;
}
function rowId(docId: string): number {
  return Number(docId.slice(docId.lastIndexOf(":") + 1));
}
export function kindOf(docId: string): string {
  return docId.slice(0, docId.lastIndexOf(":"));
}

/** Source texts read from the database: a check runs once, fetches the candidates it missed, and runs again. */
class DatabaseTexts implements SourceTexts {
  readonly misses = new Set<string>();
  pinned: ReadonlyMap<string, string> = new Map();
  readonly #cache = new Map<string, string>();
  #chars = 0;

  get(docId: string): string | undefined {
    const t = this.pinned.get(docId) ?? this.#cache.get(docId);
    if (t === undefined) this.misses.add(docId);
    return t;
  }

  remember(docId: string, text: string): void {
    if (this.#cache.has(docId)) return;
    this.#cache.set(docId, text);
    this.#chars += text.length;
    // Insertion order is age order: drop the oldest until under the budget.
    for (const [id, old] of this.#cache) {
      if (this.#chars <= TEXT_CACHE_CHARS) break;
      this.#cache.delete(id);
      this.#chars -= old.length;
    }
  }
}

/** Loads every row's fingerprint blob into a fresh index (bodies stay in the database). */
export async function loadOriginalityIndex(storage: Storage): Promise<LoadedIndex> {
  const texts = new DatabaseTexts();
  const index = await OriginalityIndex.create({ texts });
  let last = 0;
  let skipped = 0;
  let running: Promise<number> = Promise.resolve(0);
  // Site posts only (a few per player per round), so a referee can re-check a published post without itself.
  const posts = new Map<string, { docId: string; lineage: string | null; time: number }>();

  const addRows = (batch: TextDocumentSummary[]): number => {
    let added = 0;
    for (const d of batch) {
      if (d.id > last) last = d.id;
      const id = indexId(d.kind, d.id);
      if (index.has(id)) continue;
      try {
        index.addBlob(
          {
            id,
            label: d.ref ?? d.source,
            ...(d.kind !== "reference" && d.ownerKey !== null && { lineage: d.ownerKey }),
            // A reference text counts against anything; a site post only against what was written after it.
            ...(d.kind !== "reference" && { time: d.createdAt }),
          },
          d.fingerprints,
        );
        added++;
        if (d.source === "site" && d.ref !== null)
          posts.set(postIdOf(d.ref), { docId: id, lineage: d.ownerKey, time: d.createdAt });
      } catch {
        skipped++;
      }
    }
    return added;
  };

  const load = async (after: number): Promise<number> => {
    let added = 0;
    await storage.streamTextDocuments(
      LOAD_BATCH,
      (batch) => {
        added += addRows(batch);
      },
      after,
    );
    return added;
  };

  await load(0);
  index.compact();

  return {
    index,
    get skipped() {
      return skipped;
    },
    catchUp(range) {
      // Rows of another process's transaction may commit after higher ids were seen (PostgreSQL sequences),
      // so a notified range is read from its start; rows already indexed are skipped.
      running = running.catch(() => 0).then(() => load(range ? Math.min(last, range.first - 1) : last));
      return running;
    },
    docIdsOf(postIds) {
      return postIds.flatMap((id) => {
        const p = posts.get(id);
        return p ? [p.docId] : [];
      });
    },
    exclusionsOf(postId) {
      const p = posts.get(postId);
      if (!p) return {};
      // A published post checked again (a complaint) is measured against what was there when it was written: a
      // later copy of it, or a player quoting it in the discussion, must not make its author look the copier.
      const own = p.lineage !== null ? { excludeLineage: p.lineage } : { excludeDocIds: [p.docId] };
      return { ...own, sourcesBefore: p.time };
    },
    async check(text, options) {
      let report = index.check(text, options);
      for (let pass = 0; pass < 3 && texts.misses.size > 0; pass++) {
        const wanted = [...texts.misses];
        texts.misses.clear();
        const fetched = new Map<string, string>();
        await Promise.all(
          wanted.map(async (id) => {
            const row = await storage.getTextDocument(rowId(id));
            if (row) fetched.set(id, row.body);
          }),
        );
        texts.pinned = fetched;
        report = index.check(text, options);
        texts.pinned = new Map();
        for (const [id, body] of fetched) texts.remember(id, body);
      }
      texts.misses.clear();
      return report;
    },
  };
}

export interface IndexedOriginalityOptions {
  /**
   * How often to look for rows written by other processes (ms; 0 = never). PostgreSQL notifies at once; SQLite
   * notifications stay in one process, so a `corpus import` beside a running server is found by this poll.
   */
  pollMs?: number;
  onError?: (error: unknown) => void;
}

export interface IndexedOriginality extends OriginalityPort {
  addDocument(doc: SiteDocument): Promise<void>;
  /** Reads rows written by other processes now (what the poll and notifications do). */
  refresh(): Promise<number>;
  /** Stops the poll and the subscription. */
  close(): Promise<void>;
  readonly size: number;
}

/** The app's originality port over the database. */
export async function indexedOriginality(
  storage: Storage,
  options: IndexedOriginalityOptions = {},
): Promise<IndexedOriginality> {
  const loaded = await loadOriginalityIndex(storage);
  const { index } = loaded;
  const onError = options.onError ?? (() => {});
  const unsubscribe = await storage.subscribe(
    TEXT_DOCUMENTS_CHANNEL,
    (payload) => {
      const [first, last] = payload.split(",").map(Number);
      const range =
        Number.isSafeInteger(first) && Number.isSafeInteger(last)
          ? { first: first as number, last: last as number }
          : undefined;
      loaded.catchUp(range).catch(onError);
    },
    // Documents announced while the notifier could not listen are read now, not at the next poll.
    () => void loaded.catchUp().catch(onError),
  );
  const pollMs = options.pollMs ?? 10_000;
  const timer =
    pollMs > 0 ? setInterval(() => void loaded.catchUp().catch(onError), pollMs).unref() : undefined;

  return {
    get size() {
      return index.size;
    },
    async check(text, request) {
      const { withSources, siteSource, limitPercent, excludeLineage, excludePostId } = request;
      const own = excludePostId !== undefined ? loaded.exclusionsOf(excludePostId) : {};
      const others = request.excludePostIds?.length ? loaded.docIdsOf(request.excludePostIds) : [];
      if (others.length > 0) own.excludeDocIds = [...(own.excludeDocIds ?? []), ...others];
      const options: CheckOptions = {
        limitPercent,
        ...(request.minRun !== undefined && { minRun: request.minRun }),
        ...(request.ambiguousIsEastAsian !== undefined && {
          ambiguousIsEastAsian: request.ambiguousIsEastAsian,
        }),
        ...own,
        // Both given (not a case the app has): the request's lineage wins.
        ...(excludeLineage !== undefined && { excludeLineage }),
      };
      let report = await loaded.check(text, options);
      // Sources the caller may not read are left out and the text measured again: with them gone, a run they had
      // covered may match a readable source instead. Each pass leaves out more, so this ends.
      if (request.readable) {
        const judged = new Map<string, boolean>();
        for (;;) {
          const unread: string[] = [];
          for (const docId of new Set(report.spans.map((sp) => sp.source.docId))) {
            if (!judged.has(docId)) judged.set(docId, await readableDoc(storage, docId, request.readable));
            if (judged.get(docId) === false) unread.push(docId);
          }
          if (unread.length === 0) break;
          options.excludeDocIds = [...(options.excludeDocIds ?? []), ...unread];
          report = await loaded.check(text, options);
        }
      }
      return toResponse(report, withSources ? await sourcesShown(storage, report, siteSource) : null);
    },
    async addDocument(doc) {
      try {
        // Fingerprinted once here; the catch-up reads the stored blob back, so every process indexes the same bytes.
        const blob = encodeFingerprints(index.fingerprintText(doc.text), index.params);
        const [id] = await storage.insertTextDocuments([
          {
            kind: doc.kind,
            source: "site",
            ref: siteRef(doc),
            gameId: doc.gameId,
            // Never an account: the lineage names a game, a round and a seat or alias.
            ownerKey: doc.lineage ?? null,
            body: doc.text,
            fingerprints: blob,
            createdAt: doc.time,
          },
        ]);
        if (id === undefined) return;
        await loaded.catchUp({ first: id, last: id });
        await storage.notify(TEXT_DOCUMENTS_CHANNEL, `${id},${id}`);
      } catch (error) {
        onError(error);
      }
    },
    refresh: () => loaded.catchUp(),
    async close() {
      if (timer) clearInterval(timer);
      await unsubscribe();
    },
  };
}

/**
 * Indexes a kill post or IOU completion just committed. Its round and poster come from the committed event that
 * names the post, so the post and its IOU completion share one lineage (neither is a source against the other).
 */
export async function indexCommittedPost(
  port: OriginalityPort,
  game: { id: string; name: string; events: () => Promise<readonly StoredEvent[]> },
  postId: string,
  text: string,
): Promise<void> {
  if (!port.addDocument) return;
  const events = await game.events();
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!.event;
    if (e.postId !== postId || (e.type !== "KillPostSubmitted" && e.type !== "IouCompleted")) continue;
    const round = Number(e.round);
    const seat = Number(e.poster);
    const kind = e.type === "KillPostSubmitted" ? "kill" : "iou";
    await port.addDocument({
      kind,
      postId,
      gameId: game.id,
      text,
      label: `${game.name} · 第${round}轮 · ${kind === "kill" ? "杀帖" : "补白条"} · ${seat + 1}号`,
      lineage: killPostLineage(game.id, round, seat),
      time: e.at,
    });
    return;
  }
}

type ShownSource = NonNullable<CopiedSpan["source"]>;

/**
 * Each source of the report as the caller may see it: a reference text in full, a site post as `siteSource` says
 * (its row is read for the game it belongs to). Null for a source the caller may not see at all.
 */
/** Whether the caller may read an indexed document: imported reference texts are everyone's. */
async function readableDoc(
  storage: Storage,
  docId: string,
  readable: (source: SiteSource) => Promise<boolean>,
): Promise<boolean> {
  const kind = kindOf(docId) as DocumentKind;
  if (kind === "reference") return true;
  const row = await storage.getTextDocument(rowId(docId));
  if (row?.source !== "site") return true;
  if (row.gameId === null || row.ref === null) return false;
  return readable({ kind, gameId: row.gameId, postId: postIdOf(row.ref) });
}

async function sourcesShown(
  storage: Storage,
  r: OriginalityReport,
  siteSource: CheckRequest["siteSource"],
): Promise<Map<string, ShownSource | null>> {
  const shown = new Map<string, ShownSource | null>();
  const docs = new Map(r.spans.map((s) => [s.source.docId, s.source.label ?? null]));
  await Promise.all(
    [...docs].map(async ([docId, label]) => {
      const kind = kindOf(docId) as DocumentKind;
      // A site post's label is its stored ref, which ends with the post id: shown without it, a referee reads
      // 「… · 报道 · 云中鹤」, not an internal id.
      const title =
        kind === "reference"
          ? label
          : ((label !== null ? labelOf(label) : null) ?? SOURCE_KIND_NAMES[kind as SiteSource["kind"]]);
      const full = { kind, ref: docId, title };
      if (!siteSource || kind === "reference") return void shown.set(docId, full);
      const row = await storage.getTextDocument(rowId(docId));
      if (row?.source !== "site") return void shown.set(docId, row ? full : null);
      const seen =
        row.gameId === null || row.ref === null
          ? null
          : await siteSource({ kind, gameId: row.gameId, postId: postIdOf(row.ref) });
      // A title in place of the label, with no row id either: ids follow the order posts were written in.
      shown.set(docId, seen === "full" ? full : seen && { kind, ref: null, title: seen.title });
    }),
  );
  return shown;
}

function toResponse(
  r: OriginalityReport,
  sources: Map<string, ShownSource | null> | null,
): OriginalityResponse {
  return {
    available: true,
    words: r.words,
    copiedWords: r.copiedWords,
    copiedPercent: Math.round(r.share * 1000) / 10,
    flagged: r.flagged,
    spans: r.spans.map((s) => ({
      start: s.start,
      end: s.end,
      ...(sources && { source: sources.get(s.source.docId) ?? null }),
    })),
  };
}
