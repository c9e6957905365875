// Walks JSON from the API and finds any role or code name attached to a seat the viewer may not know.

export interface Leak {
  path: string;
  seat: number;
  value: unknown;
}

function hasSecret(o: Record<string, unknown>): boolean {
  return (
    (o.role !== undefined && o.role !== null) ||
    (o.roleName !== undefined && o.roleName !== null) ||
    (o.code !== undefined && o.code !== null) ||
    (o.camp !== undefined && o.camp !== null && typeof o.alias === "string")
  );
}

/** Seats carry either a `seat` number or, in a started game's seat list, their index. */
export function findLeaks(json: unknown, allowed: ReadonlySet<number>, path = "$"): Leak[] {
  const out: Leak[] = [];
  if (Array.isArray(json)) {
    json.forEach((x, i) => {
      const seatsList = path.endsWith(".seats");
      if (
        seatsList &&
        x &&
        typeof x === "object" &&
        !("seat" in x) &&
        hasSecret(x as Record<string, unknown>)
      ) {
        if (!allowed.has(i)) out.push({ path: `${path}[${i}]`, seat: i, value: x });
      }
      out.push(...findLeaks(x, allowed, `${path}[${i}]`));
    });
  } else if (json && typeof json === "object") {
    const o = json as Record<string, unknown>;
    if (typeof o.seat === "number" && hasSecret(o) && !allowed.has(o.seat)) {
      out.push({ path, seat: o.seat, value: o });
    }
    for (const [k, v] of Object.entries(o)) out.push(...findLeaks(v, allowed, `${path}.${k}`));
  }
  return out;
}

/** The JSON payloads of an SSE body (`data:` lines). */
export function sseData(text: string): unknown[] {
  return text
    .split("\n")
    .filter((l) => l.startsWith("data: "))
    .map((l) => JSON.parse(l.slice(6)) as unknown);
}
