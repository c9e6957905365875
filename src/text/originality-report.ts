// What an originality check returns, and the player's view of it, which hides every source (旧帖追魂 is forbidden).

/** Where a copied passage was found: visible to the referee only. */
export interface SourceRef {
  docId: string;
  /** A human label for the source (a poem's title, a post's game and round). */
  label?: string;
  /** Who wrote the source, when known. */
  author?: string;
  /** UTF-16 offsets of the passage in the source text. */
  start: number;
  end: number;
}

/** A copied passage of the checked text: UTF-16 offsets [start, end) into the checked text. */
export interface CopiedSpan {
  start: number;
  end: number;
  text: string;
  source: SourceRef;
}

export interface OriginalityReport {
  /** The post's 字数. */
  words: number;
  /** 字数 of the characters covered by copied passages. */
  copiedWords: number;
  /** copiedWords ÷ words, in [0, 1]. */
  share: number;
  /** The rule set's limit (百度内容不得超过20%). */
  limitPercent: number;
  /** Whether the share is over the limit. */
  flagged: boolean;
  /** Copied passages in text order; overlapping finds from several sources keep the longest. */
  spans: CopiedSpan[];
  /** Per source document, the 字数 of the post it covers, largest first. */
  sources: { docId: string; label?: string; author?: string; copiedWords: number }[];
}

/** The same report with every trace of the sources removed. */
export interface PlayerOriginalityView {
  words: number;
  copiedWords: number;
  share: number;
  limitPercent: number;
  flagged: boolean;
  spans: { start: number; end: number; text: string }[];
}

/** Projection for a player checking their own draft: the share and highlighted passages, never the sources (pure). */
export function playerView(report: OriginalityReport): PlayerOriginalityView {
  return {
    words: report.words,
    copiedWords: report.copiedWords,
    share: report.share,
    limitPercent: report.limitPercent,
    flagged: report.flagged,
    spans: report.spans.map((s) => ({ start: s.start, end: s.end, text: s.text })),
  };
}

/** The referee sees everything (identity projection, named so call sites say who they serve). */
export function refereeView(report: OriginalityReport): OriginalityReport {
  return report;
}
