// Sends a write whose answer never came again, under the same request id, so the server stores it once.
//
// A write carrying a `requestId` is idempotent on the server: a second request with the same id answers the
// first one's result and stores nothing. A vote whose answer was lost (a dropped mobile connection, a server
// restarting behind its proxy) may well have been stored. Sent again under a new id it would be a second ballot:
// a vote change that uses up the player's change allowance, or is refused when none is left. So an unanswered
// write is sent again under its own id, a few times by itself, and again when the player repeats it by hand.

/** What came back for one attempt: an answer, or nothing (the request may or may not have reached the server). */
export type Attempt = { answered: true; res: Response } | { answered: false; res: Response | null };

/**
 * Waits before each automatic resend: 15.5 s in all, enough for a server restart behind a proxy. The server
 * judges every attempt by its own receipt time, so a resend that arrives after a deadline is refused, saying so.
 */
export const RESEND_DELAYS_MS: readonly number[] = [500, 1_000, 2_000, 4_000, 8_000];

/**
 * Answers that say the request was not handled: the proxy found no server, or the server was closing or
 * overloaded. Any other status is the server's answer (a 500 included: sending it again would fail again).
 */
export const NOT_ANSWERED: ReadonlySet<number> = new Set([502, 503, 504]);

export interface ResendDeps {
  /** One attempt: resolves with the response, rejects when no response came (a network error). */
  send(body: unknown): Promise<Response>;
  sleep(ms: number): Promise<void>;
  delays?: readonly number[];
  /** Called before each wait for a resend (the page may say that it is trying again). */
  onResend?: () => void;
}

/**
 * The last unanswered write to each address, with the id it was sent under. Only the next write to the same
 * address may reuse that id, and only with the same content: once another write there has been sent, the first
 * one's id is stale (reusing it for a vote cast again later would answer the old ballot and store nothing).
 */
export class UnansweredWrites {
  readonly #last = new Map<string, { content: string; requestId: string }>();

  /** The body to send: a repeat of the address's unanswered write gets that write's request id back. */
  prepare(path: string, body: { requestId: string }): { body: { requestId: string }; content: string } {
    const { requestId: _fresh, ...rest } = body;
    const content = JSON.stringify(rest);
    const earlier = this.#last.get(path);
    this.#last.delete(path);
    const reuse = earlier !== undefined && earlier.content === content;
    return { content, body: reuse ? { ...body, requestId: earlier.requestId } : body };
  }

  /** Remembers the write sent to `path` when it got no answer. */
  settle(path: string, sent: { body: { requestId: string }; content: string }, answered: boolean): void {
    if (!answered) this.#last.set(path, { content: sent.content, requestId: sent.body.requestId });
  }
}

/**
 * Sends `body` until an attempt is answered or the delays run out; the last attempt's outcome either way. A
 * response of 502, 503 or 504 counts as no answer.
 */
export async function sendUntilAnswered(body: unknown, deps: ResendDeps): Promise<Attempt> {
  const delays = deps.delays ?? RESEND_DELAYS_MS;
  for (let i = 0; ; i++) {
    let res: Response | null;
    try {
      res = await deps.send(body);
    } catch {
      res = null; // no response at all: the request may or may not have reached the server
    }
    if (res !== null && !NOT_ANSWERED.has(res.status)) return { answered: true, res };
    const delay = delays[i];
    if (delay === undefined) return { answered: false, res };
    deps.onResend?.();
    await deps.sleep(delay);
  }
}

/** Whether a request body is a write with a client request id (only those may be sent more than once). */
export function hasRequestId(body: unknown): body is { requestId: string } {
  return (
    typeof body === "object" &&
    body !== null &&
    typeof (body as { requestId?: unknown }).requestId === "string"
  );
}

/** How many writes are being sent again right now, for a notice while the page waits (see ResendNotice). */
export class ResendsInProgress {
  #count = 0;
  readonly #listeners = new Set<() => void>();

  get count(): number {
    return this.#count;
  }

  /** Counts one write as being resent until the returned call. */
  begin(): () => void {
    let ended = false;
    this.#change(1);
    return () => {
      if (ended) return;
      ended = true;
      this.#change(-1);
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #change(by: number): void {
    this.#count += by;
    for (const listener of this.#listeners) listener();
  }
}
