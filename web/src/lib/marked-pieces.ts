// A checked text cut into plain and copied pieces for highlighting, from the originality check's spans.

export interface MarkedPiece<S> {
  text: string;
  copied: boolean;
  /** The span's source as the caller names it (null for plain text or a span without one). */
  source: S | null;
}

/**
 * The text in order, each copied span marked once. Spans of different sources may overlap: the part past what is
 * already marked is marked too (skipping an overlapping span left copied characters unmarked).
 */
export function markedPieces<S>(
  text: string,
  spans: readonly { start: number; end: number }[],
  sourceOf: (index: number) => S | null,
): MarkedPiece<S>[] {
  const order = spans.map((s, i) => ({ ...s, i })).sort((a, b) => a.start - b.start);
  const pieces: MarkedPiece<S>[] = [];
  let at = 0;
  for (const span of order) {
    if (span.end <= at) continue;
    const start = Math.max(span.start, at);
    if (start > at) pieces.push({ text: text.slice(at, start), copied: false, source: null });
    pieces.push({ text: text.slice(start, span.end), copied: true, source: sourceOf(span.i) });
    at = span.end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), copied: false, source: null });
  return pieces;
}
