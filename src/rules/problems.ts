// Problems found in a rule set: a place in the file, a stable code and plain-word messages in English and Chinese.
import type { z } from "zod";

export type PathSegment = string | number;

export interface Problem {
  /** Where in the rule set, e.g. `roles[3].count`; empty for the whole file. */
  path: string;
  /** The same place as segments, for finding the line in a YAML file. */
  segments: PathSegment[];
  /** Stable code, e.g. `unknown-key` or `count-sum`. */
  code: string;
  /** Plain English, for the CLI. */
  en: string;
  /** Plain Chinese, for the UI. */
  zh: string;
  /** 1-based line in the source file, when loaded from one. */
  line?: number;
}

const plainKey = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** `["roles", 3, "count"]` → `roles[3].count`. */
export function formatPath(segments: readonly PathSegment[]): string {
  let out = "";
  for (const s of segments) {
    if (typeof s === "number") out += `[${s}]`;
    else if (plainKey.test(s)) out += out === "" ? s : `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

export function problem(segments: PathSegment[], code: string, en: string, zh: string): Problem {
  return { path: formatPath(segments), segments, code, en, zh };
}

/** `path: message`, the CLI's line for a problem. */
export function describeProblem(p: Problem, lang: "en" | "zh" = "en"): string {
  const where = p.path === "" ? "(file)" : p.path;
  const line = p.line === undefined ? "" : ` (line ${p.line})`;
  return `${where}${line}: ${lang === "en" ? p.en : p.zh}`;
}

// ---------------------------------------------------------------- zod issues in plain words

type Issue = z.core.$ZodIssue;
type AnySchema = z.core.$ZodType;

/** Custom messages set in the schema (English) and their Chinese text. */
const customZh: Record<string, string> = {
  "must be a kebab-case id such as killer-a": "必须是小写字母、数字和连字符组成的标识，如 killer-a",
  "must be a time such as 21:00": "必须是时间，如 21:00",
};

const typeWords: Record<string, [string, string]> = {
  number: ["a number", "数字"],
  int: ["a whole number", "整数"],
  string: ["text", "文字"],
  boolean: ["true or false", "true 或 false"],
  array: ["a list", "列表"],
  object: ["a set of keys and values", "键值表"],
  record: ["a set of keys and values", "键值表"],
  null: ["null", "null"],
};

function describeValue(value: unknown): [string, string] {
  if (value === null) return ["null", "null"];
  if (Array.isArray(value)) return ["a list", "列表"];
  switch (typeof value) {
    case "number":
      return Number.isInteger(value)
        ? [`the number ${value}`, `数字 ${value}`]
        : [`the number ${value}`, `小数 ${value}`];
    case "string":
      return [`the text ${JSON.stringify(value)}`, `文字 ${JSON.stringify(value)}`];
    case "boolean":
      return [String(value), String(value)];
    case "object":
      return ["a set of keys and values", "键值表"];
    default:
      return ["nothing", "空"];
  }
}

function valueAt(input: unknown, segments: readonly PathSegment[]): unknown {
  let v: unknown = input;
  for (const s of segments) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PathSegment, unknown>)[s];
  }
  return v;
}

function optionList(values: readonly unknown[], sep: string): string {
  return values.map((v) => JSON.stringify(v)).join(sep);
}

/** Unwraps defaults, optionals, lazies and pipes down to a schema that says what the value must be. */
function unwrap(schema: AnySchema): AnySchema {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const def = s._zod.def;
    switch (def.type) {
      case "optional":
      case "nullable":
      case "default":
      case "prefault":
      case "readonly":
      case "nonoptional":
      case "catch":
        s = (def as z.core.$ZodOptionalDef).innerType;
        break;
      case "lazy":
        s = (def as z.core.$ZodLazyDef).getter();
        break;
      case "pipe":
        s = (def as z.core.$ZodPipeDef).in;
        break;
      default:
        return s;
    }
  }
  return s;
}

/** The object schemas the value at `segments` may have been checked against. */
function objectSchemasAt(root: AnySchema, input: unknown, segments: readonly PathSegment[]): AnySchema[] {
  let current: AnySchema[] = [root];
  for (let i = 0; i <= segments.length; i++) {
    const here = valueAt(input, segments.slice(0, i));
    // Resolve unions to the options that can apply to the value here.
    const expanded: AnySchema[] = [];
    const queue = current.map(unwrap);
    while (queue.length > 0) {
      const s = queue.shift()!;
      const def = s._zod.def;
      if (def.type === "union") {
        const u = def as z.core.$ZodDiscriminatedUnionDef;
        const disc = u.discriminator;
        for (const opt of u.options) {
          const o = unwrap(opt);
          if (
            disc !== undefined &&
            o._zod.def.type === "object" &&
            here !== null &&
            typeof here === "object"
          ) {
            const d = (o._zod.def as z.core.$ZodObjectDef).shape[disc];
            const want = d === undefined ? undefined : unwrap(d)._zod.def;
            const tag = (here as Record<string, unknown>)[disc];
            if (
              want?.type === "literal" &&
              !(want as z.core.$ZodLiteralDef<z.core.util.Literal>).values.includes(tag as never)
            )
              continue;
          }
          queue.push(o);
        }
      } else expanded.push(s);
    }
    if (i === segments.length) return expanded.filter((s) => s._zod.def.type === "object");
    const seg = segments[i]!;
    const next: AnySchema[] = [];
    for (const s of expanded) {
      const def = s._zod.def;
      if (def.type === "object" && typeof seg === "string") {
        const child = (def as z.core.$ZodObjectDef).shape[seg];
        if (child) next.push(child);
      } else if (def.type === "array" && typeof seg === "number") {
        next.push((def as z.core.$ZodArrayDef).element);
      } else if (def.type === "record") {
        next.push((def as z.core.$ZodRecordDef).valueType);
      }
    }
    current = next;
  }
  return [];
}

/** Keys an object at `segments` may have, for "did you mean". */
export function allowedKeysAt(root: AnySchema, input: unknown, segments: readonly PathSegment[]): string[] {
  const keys = new Set<string>();
  for (const s of objectSchemasAt(root, input, segments)) {
    for (const k of Object.keys((s._zod.def as z.core.$ZodObjectDef).shape)) keys.add(k);
  }
  return [...keys];
}

function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/** The closest allowed key, if close enough to be a likely misspelling. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

/** A union's branch that got furthest: the one whose issues are fewest, then deepest. */
function bestBranch(branches: readonly Issue[][]): Issue[] {
  let best: Issue[] = [];
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const b of branches) {
    const depth = Math.max(0, ...b.map((i) => i.path.length));
    const score = depth - b.length * 10;
    if (score > bestScore) {
      bestScore = score;
      best = b;
    }
  }
  return best;
}

/** Maps zod issues to problems in plain words, in both languages; a missing key explained by a misspelling is left out. */
export function problemsFromIssues(
  issues: readonly Issue[],
  input: unknown,
  root: AnySchema,
  prefix: PathSegment[] = [],
): Problem[] {
  const all = issueProblems(issues, input, root, prefix);
  const misspelt = new Set(
    all
      .filter((p) => p.code === "unknown-key" && p.suggestion)
      .map((p) => `${formatPath(p.segments.slice(0, -1))}\u0000${p.suggestion}`),
  );
  return all
    .filter(
      (p) =>
        !(
          p.code === "required" &&
          misspelt.has(
            `${formatPath(p.segments.slice(0, -1))}\u0000${String(p.segments[p.segments.length - 1])}`,
          )
        ),
    )
    .map(({ suggestion, ...p }) => {
      void suggestion;
      return p;
    });
}

type DraftProblem = Problem & { suggestion?: string };

function issueProblems(
  issues: readonly Issue[],
  input: unknown,
  root: AnySchema,
  prefix: PathSegment[] = [],
): DraftProblem[] {
  const out: DraftProblem[] = [];
  for (const issue of issues) {
    const at = [...prefix, ...(issue.path as PathSegment[])];
    switch (issue.code) {
      case "unrecognized_keys": {
        const allowed = allowedKeysAt(root, input, at);
        for (const key of issue.keys) {
          const guess = closest(key, allowed);
          const hintEn = guess
            ? ` (did you mean "${guess}"?)`
            : allowed.length
              ? ` (allowed: ${allowed.join(", ")})`
              : "";
          const hintZh = guess
            ? `（是不是 "${guess}"？）`
            : allowed.length
              ? `（可用的键：${allowed.join("、")}）`
              : "";
          const p: DraftProblem = problem(
            [...at, key],
            "unknown-key",
            `unknown key "${key}"${hintEn}`,
            `未知的键 "${key}"${hintZh}`,
          );
          if (guess) p.suggestion = guess;
          out.push(p);
        }
        break;
      }
      case "invalid_type": {
        const got = valueAt(input, at);
        const [wantEn, wantZh] = typeWords[issue.expected] ?? [issue.expected, issue.expected];
        if (got === undefined) {
          out.push(problem(at, "required", `is required: expected ${wantEn}`, `缺少必填项（应为${wantZh}）`));
        } else {
          const [gotEn, gotZh] = describeValue(got);
          out.push(
            problem(at, "wrong-type", `must be ${wantEn}, not ${gotEn}`, `应为${wantZh}（现在是${gotZh}）`),
          );
        }
        break;
      }
      case "too_small": {
        const n = Number(issue.minimum);
        const [gotEn, gotZh] = describeValue(valueAt(input, at));
        if (issue.origin === "array" || issue.origin === "set") {
          out.push(problem(at, "too-few", `must list at least ${n} item(s)`, `至少要有 ${n} 项`));
        } else if (issue.origin === "string") {
          out.push(
            problem(
              at,
              "too-short",
              n <= 1 ? "must not be empty" : `must be at least ${n} characters`,
              n <= 1 ? "不能为空" : `至少 ${n} 个字符`,
            ),
          );
        } else if (issue.inclusive) {
          const en = n === 0 ? "must be 0 or more" : `must be at least ${n}`;
          out.push(problem(at, "too-small", `${en}, not ${gotEn}`, `不能小于 ${n}（现在是${gotZh}）`));
        } else {
          out.push(
            problem(
              at,
              "too-small",
              `must be more than ${n}, not ${gotEn}`,
              `必须大于 ${n}（现在是${gotZh}）`,
            ),
          );
        }
        break;
      }
      case "too_big": {
        const n = Number(issue.maximum);
        const [gotEn, gotZh] = describeValue(valueAt(input, at));
        if (issue.origin === "array" || issue.origin === "set") {
          out.push(problem(at, "too-many", `must list at most ${n} item(s)`, `最多 ${n} 项`));
        } else if (issue.origin === "string") {
          out.push(problem(at, "too-long", `must be at most ${n} characters`, `最多 ${n} 个字符`));
        } else {
          out.push(
            problem(
              at,
              "too-big",
              `${issue.inclusive ? `must be at most ${n}` : `must be less than ${n}`}, not ${gotEn}`,
              `${issue.inclusive ? `不能大于 ${n}` : `必须小于 ${n}`}（现在是${gotZh}）`,
            ),
          );
        }
        break;
      }
      case "invalid_format": {
        const zh = customZh[issue.message];
        out.push(
          problem(
            at,
            "bad-format",
            zh ? issue.message : `is not in the expected format (${issue.format})`,
            zh ?? `格式不对（${issue.format}）`,
          ),
        );
        break;
      }
      case "invalid_value": {
        const got = valueAt(input, at);
        // zod reports a missing enum or literal field as a wrong value; it is a missing field ("not nothing" reads as nonsense).
        if (got === undefined) {
          const [wantEn, wantZh] =
            issue.values.length === 1
              ? [JSON.stringify(issue.values[0]), JSON.stringify(issue.values[0])]
              : [`one of ${optionList(issue.values, ", ")}`, `${optionList(issue.values, "、")} 之一`];
          out.push(problem(at, "required", `is required: ${wantEn}`, `缺少必填项（应为 ${wantZh}）`));
          break;
        }
        const [gotEn, gotZh] = describeValue(got);
        if (issue.values.length === 1) {
          out.push(
            problem(
              at,
              "not-allowed",
              `must be ${JSON.stringify(issue.values[0])}, not ${gotEn}`,
              `必须是 ${JSON.stringify(issue.values[0])}（现在是${gotZh}）`,
            ),
          );
        } else {
          out.push(
            problem(
              at,
              "not-allowed",
              `must be one of ${optionList(issue.values, ", ")}, not ${gotEn}`,
              `必须是 ${optionList(issue.values, "、")} 之一（现在是${gotZh}）`,
            ),
          );
        }
        break;
      }
      case "invalid_union": {
        const u = issue as z.core.$ZodIssueInvalidUnion & { discriminator?: string; options?: unknown[] };
        if (u.discriminator !== undefined) {
          const got = valueAt(input, at);
          const opts = u.options ?? [];
          if (got === undefined) {
            out.push(
              problem(
                at,
                "required",
                `is required: one of ${optionList(opts, ", ")}`,
                `缺少必填项（应为 ${optionList(opts, "、")} 之一）`,
              ),
            );
          } else {
            const [gotEn, gotZh] = describeValue(got);
            out.push(
              problem(
                at,
                "not-allowed",
                `must be one of ${optionList(opts, ", ")}, not ${gotEn}`,
                `必须是 ${optionList(opts, "、")} 之一（现在是${gotZh}）`,
              ),
            );
          }
        } else if (u.errors.length > 0) {
          out.push(...issueProblems(bestBranch(u.errors), input, root, at));
        } else {
          out.push(problem(at, "invalid", "does not match any allowed form", "不符合任何一种允许的写法"));
        }
        break;
      }
      case "invalid_key": {
        const inner = issueProblems(issue.issues, at[at.length - 1], root, []);
        for (const p of inner) {
          out.push(problem(at, "bad-key", `the key is not valid: ${p.en}`, `键名不合规：${p.zh}`));
        }
        break;
      }
      case "invalid_element": {
        out.push(...issueProblems(issue.issues, input, root, at));
        break;
      }
      default: {
        out.push(problem(at, "invalid", issue.message, customZh[issue.message] ?? issue.message));
      }
    }
  }
  return out;
}
