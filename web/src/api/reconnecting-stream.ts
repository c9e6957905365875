// A server-sent event stream that comes back after the browser has given up on it.
//
// EventSource retries by itself only after a network error or a stream the server ended. An answer that is not
// a stream (a 502 from the reverse proxy while the server restarts, a 503 from a server that is closing) closes it
// for good, and the page would stop updating until it was reloaded: the vote tally would freeze mid-rush.

/** What this needs of an EventSource (the browser's, or a test's). */
export interface StreamSource {
  readonly readyState: number;
  onopen: ((ev: Event) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void): void;
  close(): void;
}

/** EventSource.CLOSED: the browser will not reconnect this one. */
const CLOSED = 2;

/** Waits before each new connection after the browser gave up: quickly at first, then every 30 s. */
export const RECONNECT_DELAYS_MS: readonly number[] = [2_000, 5_000, 10_000, 30_000];

export interface ReconnectingStreamOptions {
  /** The stream's address, asked at each connection, so a new one resumes after what was already seen. */
  url: () => string;
  /** Listeners by event name. */
  listeners: Readonly<Record<string, (e: MessageEvent<string>) => void>>;
  /** Whether the stream is connected now. */
  onLive: (live: boolean) => void;
  /** Called when a new connection replaces one the browser gave up on (what was missed may need fetching). */
  onReconnect?: () => void;
  create?: (url: string) => StreamSource;
  schedule?: (run: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
  delays?: readonly number[];
}

/** Opens the stream; returns the call that closes it for good. */
export function openReconnectingStream(options: ReconnectingStreamOptions): () => void {
  const create = options.create ?? ((url: string) => new EventSource(url));
  const schedule = options.schedule ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const cancel =
    options.cancel ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const delays = options.delays ?? RECONNECT_DELAYS_MS;
  let source: StreamSource | undefined;
  let pending: unknown;
  let failures = 0;
  let stopped = false;

  const connect = (): void => {
    const s = create(options.url());
    source = s;
    for (const [name, listener] of Object.entries(options.listeners)) s.addEventListener(name, listener);
    s.onopen = () => {
      failures = 0;
      options.onLive(true);
    };
    s.onerror = () => {
      options.onLive(false);
      if (s.readyState !== CLOSED || stopped) return; // the browser is retrying on its own
      s.close();
      const wait = delays[Math.min(failures, delays.length - 1)] ?? 30_000;
      failures++;
      pending = schedule(() => {
        pending = undefined;
        if (stopped) return;
        connect();
        options.onReconnect?.();
      }, wait);
    };
  };

  connect();
  return () => {
    stopped = true;
    if (pending !== undefined) cancel(pending);
    source?.close();
  };
}
