// loadRuleSet for node: a preset id or a YAML/JSON file, validated, with problems located to file lines.
import { readFileSync } from "node:fs";
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import { parseRuleSet } from "./parse.ts";
import { presets } from "./presets/index.ts";
import { type PathSegment, type Problem, problem } from "./problems.ts";
import type { RuleSet } from "./schema.ts";

export type LoadResult =
  | { ok: true; ruleSet: RuleSet; source: string }
  | { ok: false; problems: Problem[]; source: string };

/** Loads a preset by id, or else a YAML or JSON file (JSON is read as YAML, which keeps line numbers). */
export function loadRuleSet(idOrPath: string): LoadResult {
  const preset = presets[idOrPath];
  if (preset !== undefined) return { ...parseRuleSet(preset), source: `preset ${idOrPath}` };
  let text: string;
  try {
    text = readFileSync(idOrPath, "utf8");
  } catch (e) {
    const reason =
      e instanceof Error && "code" in e && e.code === "ENOENT" ? "no such file or preset" : String(e);
    return {
      ok: false,
      source: idOrPath,
      problems: [
        problem(
          [],
          "cannot-read",
          `cannot read "${idOrPath}": ${reason} (presets: ${Object.keys(presets).join(", ")})`,
          `无法读取 "${idOrPath}"：${reason === "no such file or preset" ? "没有这个文件或预设" : reason}`,
        ),
      ],
    };
  }
  return { ...parseRuleSetText(text), source: idOrPath };
}

/** Parses YAML or JSON text into a rule set; problems carry 1-based line numbers. */
export function parseRuleSetText(
  text: string,
): { ok: true; ruleSet: RuleSet } | { ok: false; problems: Problem[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((err) => {
        const firstLine = (err.message.split("\n")[0] ?? err.message).replace(
          / at line \d+, column \d+:?$/,
          "",
        );
        const pos = err.linePos?.[0];
        // The parser's own words are English: the CLI gives them, the page says where in Chinese.
        const p = problem(
          [],
          "syntax",
          `not valid YAML or JSON: ${firstLine}`,
          pos
            ? `不是有效的 YAML 或 JSON：第${pos.col}列附近有格式错误（缩进、括号、引号或逗号）`
            : "不是有效的 YAML 或 JSON：有格式错误（缩进、括号、引号或逗号）",
        );
        if (pos) p.line = pos.line;
        return p;
      }),
    };
  }
  const result = parseRuleSet(doc.toJS());
  if (result.ok) return result;
  for (const p of result.problems) {
    const offset = offsetOf(doc.contents, p.segments);
    if (offset !== undefined) p.line = lines.linePos(offset).line;
  }
  return result;
}

/** The source offset of the deepest node on the path: a key's own position when the path ends at a key. */
function offsetOf(root: unknown, segments: readonly PathSegment[]): number | undefined {
  let node: unknown = root;
  let found = rangeStart(root);
  for (const seg of segments) {
    if (isMap(node)) {
      const pair = node.items.find((it) => isScalar(it.key) && String(it.key.value) === String(seg));
      if (!pair) break;
      found = rangeStart(pair.key) ?? found;
      node = pair.value;
    } else if (isSeq(node) && typeof seg === "number") {
      const item = node.items[seg];
      if (item === undefined) break;
      found = rangeStart(item) ?? found;
      node = item;
    } else break;
  }
  return found;
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as Node | null)?.range;
  return Array.isArray(range) ? range[0] : undefined;
}
