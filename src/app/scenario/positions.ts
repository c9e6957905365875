// Maps a path inside a parsed YAML document to the line it was written on, so problems name their line.
import { type Document, isMap, isPair, isScalar, isSeq, type LineCounter, type Node } from "yaml";

export type PathSegment = string | number;

/** `events[3].vote.for` */
export function formatPath(path: readonly PathSegment[]): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else out += out === "" ? seg : `.${seg}`;
  }
  return out === "" ? "(file)" : out;
}

/**
 * The line of the deepest node the path reaches. A key path points at the key's line, so a misspelled
 * or missing field is reported where its map or key is written.
 */
export function lineOf(doc: Document, counter: LineCounter, path: readonly PathSegment[]): number | null {
  let node: unknown = doc.contents;
  let offset: number | null = rangeStart(node);
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg),
      );
      if (!pair) break;
      offset = rangeStart(pair.key) ?? offset;
      node = pair.value;
      const valueStart = rangeStart(node);
      // A value on the key's own line is reported there; a block value below keeps the key's line.
      if (valueStart !== null && offset !== null && lineAt(counter, valueStart) === lineAt(counter, offset)) {
        offset = valueStart;
      } else if (isScalar(node) && valueStart !== null) {
        offset = valueStart;
      }
    } else if (isSeq(node) && typeof seg === "number") {
      const item = node.items[seg];
      if (item === undefined) break;
      node = item;
      offset = rangeStart(item) ?? offset;
    } else {
      break;
    }
  }
  return offset === null ? null : lineAt(counter, offset);
}

function rangeStart(node: unknown): number | null {
  const range = (node as Node | null | undefined)?.range;
  return Array.isArray(range) && typeof range[0] === "number" ? range[0] : null;
}

function lineAt(counter: LineCounter, offset: number): number {
  return counter.linePos(offset).line;
}
