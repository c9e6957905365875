// Per-route request limits (a fixed window per account or address), checked before a write is parsed.
//
// In place of @fastify/rate-limit: that plugin answered the same way but cost the vote endpoint a least-recently-
// used cache update, several promises and a callback per request, about 3% of the event loop in bench/vote-rush.ts.
// This keeps one counter per key and route in a Map and runs as a plain callback hook.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";

/** A route's limit: at most `max` requests per key in each window of `timeWindow` ms. */
export interface RouteRateLimit {
  readonly max: number;
  readonly timeWindow: number;
  /** Counts by this in place of the app-wide key (sign-in routes must not count per account). */
  readonly key?: (req: FastifyRequest) => string | number;
}

declare module "fastify" {
  interface FastifyContextConfig {
    rateLimit?: RouteRateLimit;
  }
}

interface Window {
  startedAt: number;
  count: number;
}

/** Windows are dropped once over; the map is swept only when it has grown past this many keys. */
const SWEEP_ABOVE = 10_000;

/** The counters of one route. */
export class FixedWindows {
  readonly #limit: RouteRateLimit;
  readonly #windows = new Map<string | number, Window>();
  #sweepAbove = SWEEP_ABOVE;

  constructor(limit: RouteRateLimit) {
    this.#limit = limit;
  }

  /** Counts a request; returns 0 if it is allowed, else the ms until its key's window ends. */
  hit(key: string | number, now: number): number {
    let w = this.#windows.get(key);
    if (w === undefined || now - w.startedAt >= this.#limit.timeWindow) {
      if (w === undefined && this.#windows.size >= this.#sweepAbove) this.#sweep(now);
      w = { startedAt: now, count: 0 };
      this.#windows.set(key, w);
    }
    w.count++;
    return w.count > this.#limit.max ? this.#limit.timeWindow - (now - w.startedAt) : 0;
  }

  get size(): number {
    return this.#windows.size;
  }

  #sweep(now: number): void {
    for (const [key, w] of this.#windows) {
      if (now - w.startedAt >= this.#limit.timeWindow) this.#windows.delete(key);
    }
    // Many keys all still inside their window: sweep again only after as many more have come, so a flood of
    // new keys costs amortised constant time per request.
    this.#sweepAbove = Math.max(SWEEP_ABOVE, this.#windows.size * 2);
  }
}

/**
 * Adds the check to every route declared after this call whose config has a `rateLimit`. `keyOf` names whose
 * requests are counted together (it runs after the instance's own onRequest hooks); `refuse` answers a request over its limit (the Retry-After header is set).
 */
export function addRateLimits(
  app: FastifyInstance,
  keyOf: (req: FastifyRequest) => string | number,
  refuse: (reply: FastifyReply) => void,
  now: () => number = Date.now,
): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const windows = new FixedWindows(limit);
    const key = limit.key ?? keyOf;
    const check = (req: FastifyRequest, reply: FastifyReply, done: () => void): void => {
      const waitMs = windows.hit(key(req), now());
      if (waitMs === 0) {
        done();
        return;
      }
      reply.header("retry-after", Math.ceil(waitMs / 1000));
      refuse(reply);
    };
    const hooks = route.onRequest;
    route.onRequest = hooks === undefined ? [check] : [...(Array.isArray(hooks) ? hooks : [hooks]), check];
  });
}
