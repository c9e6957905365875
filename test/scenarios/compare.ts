// Compares a replay with its expectation: every expected field must match; extra actual fields are allowed.

/** Arrays under these keys are sets of rows: their order is the engine's business, not the rules'. */
const UNORDERED = new Set(["out", "revived", "tally", "tied", "alliances"]);

/** A round that has opened but has no results yet: the engine may list it; an expectation stops before it. */
function isEmptyRound(r: unknown): boolean {
  if (r === null || typeof r !== "object") return false;
  const x = r as Record<string, unknown>;
  const empty = (v: unknown) => Array.isArray(v) && v.length === 0;
  return empty(x.out) && empty(x.revived) && empty(x.tally) && x.overtime === null;
}

/** Readable differences, one per line, each with its path; empty when the actual output satisfies the expectation. */
export function compareExpected(expected: unknown, actual: unknown, path = "", key = ""): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected a list, got ${show(actual)}`];
    const trimmed = key === "rounds" ? trimOpenRounds(actual, expected.length) : actual;
    if (trimmed !== actual) return compareExpected(expected, trimmed, path, key);
    if (expected.length !== actual.length) {
      return [
        `${path}: expected ${expected.length} entries ${show(expected)}, got ${actual.length} ${show(actual)}`,
      ];
    }
    if (UNORDERED.has(key)) {
      const left = [...actual];
      const missing: unknown[] = [];
      for (const e of expected) {
        const i = left.findIndex((a) => compareExpected(e, a).length === 0);
        if (i < 0) missing.push(e);
        else left.splice(i, 1);
      }
      return missing.length === 0 ? [] : [`${path}: expected ${show(expected)}, got ${show(actual)}`];
    }
    return expected.flatMap((e, i) => compareExpected(e, actual[i], `${path}[${i}]`, ""));
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) {
      return [`${path || "(root)"}: expected ${show(expected)}, got ${show(actual)}`];
    }
    const a = actual as Record<string, unknown>;
    return Object.entries(expected).flatMap(([k, v]) =>
      compareExpected(v, a[k], path ? `${path}.${k}` : k, k),
    );
  }
  return Object.is(expected, actual) ? [] : [`${path}: expected ${show(expected)}, got ${show(actual)}`];
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? "undefined" : s.length > 400 ? `${s.slice(0, 400)}…` : s;
}

/** Drops trailing rounds past the expectation's end that hold no results (opened when the clock stopped). */
function trimOpenRounds(actual: unknown[], expectedLength: number): unknown[] {
  let end = actual.length;
  while (end > expectedLength && isEmptyRound(actual[end - 1])) end--;
  return end === actual.length ? actual : actual.slice(0, end);
}
