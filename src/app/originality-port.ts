// The originality check as the app uses it: a report with sources, projected per viewer by the caller.
import type { RuleSet } from "../rules/schema.ts";
import type { OriginalityResponse } from "../server/api-types.ts";

/** What a text is in the index: an imported reference text or a post written on the site. */
export type DocumentKind = "reference" | "report" | "kill" | "iou" | "discussion";

/** A post written on the site, to be indexed and stored as it is written. */
export interface SiteDocument {
  kind: Exclude<DocumentKind, "reference">;
  /** The post's id (its `postId`). */
  postId: string;
  gameId: string;
  text: string;
  /** Shown to referees as the source (game, kind, alias, round); defaults to the post id. */
  label?: string;
  /**
   * Texts of one lineage are never sources against each other: a post, its earlier drafts and its IOU
   * completion. Build it with `killPostLineage` / `reportLineage`; omit it for a text with no relatives.
   */
  lineage?: string;
  time: number;
}

/** How a source's kind is named in a title shown in place of its label. */
export const SOURCE_KIND_NAMES: Readonly<Record<SiteSource["kind"], string>> = {
  report: "报道",
  kill: "杀帖",
  iou: "补白条",
  discussion: "讨论",
};

/** A post written on the site, found as a source. */
export interface SiteSource {
  kind: Exclude<DocumentKind, "reference">;
  gameId: string;
  postId: string;
}

/**
 * What a caller may see of a site source: "full" (the label as indexed: it names the poster's seat or alias), a
 * title to show instead, or null for nothing beyond the copied span itself.
 */
export type SiteSourceShown = "full" | { title: string } | null;

export interface CheckRequest {
  /** True only for referees: sources can reveal who wrote an old post (旧帖追魂 is forbidden to players). */
  withSources: boolean;
  /**
   * With sources: how much of each site source this caller may see. Being a referee of one game says nothing about
   * another game's posts, so the app answers per source; absent, every source is shown in full (the CLI).
   */
  siteSource?: (source: SiteSource) => Promise<SiteSourceShown>;
  limitPercent: number;
  /**
   * The rule set's shortest copied run (`text.minCopiedRun`) and its 字数 reading of ambiguous punctuation
   * (`text.ambiguousIsEastAsian`); absent, the index's defaults (13, true). A game's check passes its rule set's.
   */
  minRun?: number;
  ambiguousIsEastAsian?: boolean;
  /** The lineage of the text being checked, so its own drafts and IOU text are not counted against it. */
  excludeLineage?: string;
  /** A published site post being re-checked (a referee's complaint view): it and its lineage are left out. */
  excludePostId?: string;
  /** Site posts that are no source against this text (the withdrawn 报道 of a game one signs up to again). */
  excludePostIds?: readonly string[];
  /**
   * Whether the caller may read a site source. Given, a source it may not (a kill post not yet released, a draft
   * game's 报道) counts for nothing: else a match would tell a player that a hidden post holds the text it guessed.
   */
  readable?: (source: SiteSource) => Promise<boolean>;
}

export interface OriginalityPort {
  check(text: string, options: CheckRequest): Promise<OriginalityResponse>;
  /** Indexes and stores a post; resolves once later checks see it. Never rejects (indexing is best effort). */
  addDocument?(doc: SiteDocument): Promise<void>;
}

/** A kill post and its IOU completion share this lineage: one poster, one round, one game. */
export function killPostLineage(gameId: string, round: number, seat: number): string {
  return `${gameId}/kill/r${round}/s${seat}`;
}

/** What a game's rule set says about the check: its copy limit, its shortest copied run and its 字数 reading. */
export function ruleSetCheck(
  text: RuleSet["text"],
): Pick<CheckRequest, "limitPercent" | "minRun" | "ambiguousIsEastAsian"> {
  return {
    limitPercent: text.copiedShareLimitPercent,
    minRun: text.minCopiedRun,
    ambiguousIsEastAsian: text.ambiguousIsEastAsian,
  };
}

/** A player's discussion posts in one game share this lineage: one writer, however often it posts. */
export function discussionLineage(gameId: string, alias: string): string {
  return `${gameId}/discussion/${alias}`;
}

/** A 报道 and its redone version share this lineage. */
export function reportLineage(gameId: string, alias: string): string {
  return `${gameId}/report/${alias}`;
}

/** Used until the index is available: reports that no check could be made. */
export const unavailableOriginality: OriginalityPort = {
  check: async (_text, { limitPercent }) => ({
    available: false,
    words: 0,
    copiedWords: 0,
    copiedPercent: 0,
    flagged: limitPercent < 0,
    spans: [],
  }),
};
