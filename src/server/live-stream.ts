// Server-sent events per game and viewer: backlog from Last-Event-ID, then every committed batch, filtered per viewer.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { RevokedSessions } from "../app/account-service.ts";
import { SentBallots } from "../app/engine-port.ts";
import { type GameService, mayChangeMembership } from "../app/game-service.ts";
import type { Account, PublicMember, StoredEvent } from "../storage/storage.ts";
import type { GameEventDto, StreamMessage } from "./api-types.ts";

export const EVENTS_CHANNEL = "bansha_events";
/** A comment line this often keeps proxies from closing an idle stream; the stream's session is checked then too. */
export const PING_MS = 15_000;
/**
 * A stream sends its viewer's view at most this often; the events go out with the next write (FLUSH_MS). Sent
 * after every committed batch, as it was once, a vote rush with the players' pages open cost a view per batch per
 * open page: with a tenth of 3,420 players' streams open the server fell from about 12,000 to about 1,000 votes
 * a second (bench/stream-rush.ts; deploy.md § Live streams in a rush).
 */
export const VIEW_INTERVAL_MS = 1_000;
/**
 * What a stream has to send is gathered this long and written at once. Written as it came, each committed batch
 * was one socket write per open stream of its game: in a rush with the players' pages open those writes were
 * most of the server's time (bench/stream-rush.ts). A tenth of a second late is nothing to a reader.
 */
export const FLUSH_MS = 100;

export interface StreamOptions {
  after: number;
  /** End after this many game events (0: after the backlog); undefined streams until the client leaves. */
  limit: number | undefined;
  /** The server's open streams, which it ends when it closes. */
  open: OpenStreams;
  /** At most one view a this many ms (VIEW_INTERVAL_MS unless a test says otherwise). */
  viewIntervalMs?: number;
  /** Writes gathered this long (FLUSH_MS unless a test says otherwise). */
  flushMs?: number;
  /**
   * Event types this stream does not send (the `omit` query). The game pages leave out `VoteCast`: the ballots of
   * the open vote threads reach them in the views, and in a rush the ballots were most of every stream's frames.
   * Left-out events the viewer may see still count as seen: they bring a view, and its `lastSeq` counts them.
   */
  omit?: ReadonlySet<string>;
  /** The signed-in viewer's session, so that revoking it here ends the stream at once (OpenStreams.endSessions). */
  session?: StreamSession;
  /**
   * Asked at every ping: whether the stream's session still signs in its account. A revocation by another server
   * process (PostgreSQL) reaches this one only through the database, so without asking, a disabled account or one
   * whose password was reset would go on receiving its private events for as long as its page stays open.
   */
  stillSignedIn?: () => boolean | Promise<boolean>;
  /** The ping's interval (PING_MS unless a test says otherwise). */
  pingMs?: number;
}

/** Whose stream it is: the account, and the hash of the session token it was opened with. */
export interface StreamSession {
  readonly accountId: number;
  readonly tokenHash: string;
}

/**
 * The server's open streams, each held as the call that ends it. An open stream never finishes by itself, so it
 * would hold the server's close (and so a restart) until its client left: closing ends them all, and the clients
 * reconnect from their last event id. A stream that gets this far after the close began is ended at once.
 */
export class OpenStreams {
  readonly #ends = new Map<() => void, StreamSession | undefined>();
  #closing = false;

  add(end: () => void, session?: StreamSession): void {
    if (this.#closing) end();
    else this.#ends.set(end, session);
  }

  /** Ends the streams opened with sessions just revoked: a revoked session must stop receiving at once. */
  endSessions(revoked: RevokedSessions): void {
    for (const [end, session] of [...this.#ends]) {
      if (session === undefined) continue;
      const hit =
        "tokenHash" in revoked
          ? session.tokenHash === revoked.tokenHash
          : session.accountId === revoked.accountId && session.tokenHash !== revoked.keepTokenHash;
      if (hit) end();
    }
  }

  delete(end: () => void): void {
    this.#ends.delete(end);
  }

  endAll(): void {
    this.#closing = true;
    for (const end of [...this.#ends.keys()]) end();
  }
}

function frameOf(id: number | null, event: string, msg: StreamMessage): string {
  return frameWith(id, event, JSON.stringify(msg));
}

function frameWith(id: number | null, event: string, data: string): string {
  return `${id !== null ? `id: ${id}\n` : ""}event: ${event}\ndata: ${data}\n\n`;
}

/**
 * What a view message tells its reader, for comparing two: without the server time, and without each vote
 * thread's newly listed ballots and where they start (`casts`, `castsFrom`), in which two views of the same
 * ballots differ (the second lists none). `newBallots`: the message lists a ballot, so it must go out, or the
 * reader's lists would miss it.
 */
function contentOf(msg: unknown): { content: string; newBallots: boolean } {
  let newBallots = false;
  const content = JSON.stringify(msg, (key, value: unknown) => {
    if (key === "serverTime" || key === "castsFrom") return undefined;
    if (key === "casts") {
      if (Array.isArray(value) && value.length > 0) newBallots = true;
      return undefined;
    }
    return value;
  });
  return { content, newBallots };
}

/**
 * What every stream of a game sends alike from one committed batch (keyed by the batch, which each stream is
 * handed as the same array): the DTOs of events shown as stored, and their frames, made once and not per stream.
 */
const batchShares = new WeakMap<
  readonly StoredEvent[],
  { dtos: Map<number, GameEventDto>; frames: Map<GameEventDto, string> }
>();

export async function serveStream<S>(
  games: GameService<S>,
  gameId: string,
  account: Account | null,
  req: FastifyRequest,
  reply: FastifyReply,
  options: StreamOptions,
  now: () => number,
): Promise<void> {
  const ctx = (await games.context(gameId))!;
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  let sent = 0;
  let closed = false;
  /** The last event seq this stream has been through (sent, left out or hidden from the viewer). */
  let lastSent = options.after;
  /**
   * The last event seq this viewer may see of those: what its views tell it as `lastSeq`. The stream's own
   * position (lastSent) would grow with events hidden from the viewer and so tell it when they happen. A client
   * that resumes after it has the hidden events after it filtered again, to nothing.
   */
  let lastSeen = options.after;
  /** An event this viewer may see came since the last view (which then needs no comparing, see sendView). */
  let seenSinceView = false;
  /**
   * The last view this stream sent, for telling whether a new one says anything more: its data, and what it
   * tells (contentOf), worked out the first time it is compared.
   */
  let lastView: { data: string; content?: string } | undefined;
  /** A view due at the end of the interval (see viewSoon). */
  let viewTimer: ReturnType<typeof setTimeout> | undefined;
  const flushMs = options.flushMs ?? FLUSH_MS;
  /** Frames not written yet, and the timer that writes them (see FLUSH_MS). */
  let unwritten: string[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    flushTimer = undefined;
    // A client that has left gets nothing more.
    if (unwritten.length === 0 || raw.destroyed) return;
    raw.write(unwritten.join(""));
    unwritten = [];
  };
  const writeFrame = (frame: string): void => {
    unwritten.push(frame);
    flushTimer ??= setTimeout(flush, flushMs);
  };
  const finish = (): void => {
    if (closed) return;
    closed = true;
    options.open.delete(finish);
    unsubscribe();
    clearInterval(ping);
    if (viewTimer !== undefined) clearTimeout(viewTimer);
    flush();
    raw.end();
  };

  // Deliveries are queued while one batch is being filtered so the order on the wire is the commit order.
  let chain = Promise.resolve();
  const enqueue = (step: () => Promise<void>): void => {
    chain = chain.then(step);
    // A delivery that fails (the database unreachable for a membership, a fault in a view) ends this stream: the
    // client reconnects from its last event id and misses nothing. Left uncaught, the rejection would end the
    // whole server, and every later delivery on this chain would be skipped.
    chain = chain.catch((error: unknown) => {
      req.log.error(
        { reqId: req.id, gameId, err: error },
        "live stream failed; closed for the client to reconnect",
      );
      finish();
    });
  };

  /**
   * The viewer's membership as this stream last read it, read again after a batch that may have changed it. Read
   * for every batch, as before, a signed-in visitor who is no member cost a storage read per batch per stream
   * (only members are cached by the game service).
   */
  let membership: { member: PublicMember | undefined } | undefined;
  const readMembership = async (): Promise<{ member: PublicMember | undefined }> => ({
    member: account ? await games.membership(gameId, account.id) : undefined,
  });

  const interval = options.viewIntervalMs ?? VIEW_INTERVAL_MS;
  // Each view lists only the ballots this stream has not sent yet; the client appends them to those it holds.
  const ballotsSent = new SentBallots(gameId);
  let lastViewAt = Number.NEGATIVE_INFINITY;
  /**
   * The viewer's view of the game as it is now, with the last event seq it may see. After events it may see, it
   * goes out. After only events hidden from it, it goes out only if it tells the viewer anything the last view did
   * not: a hidden event may still change what the viewer may know (a teammate's kill post uses up the group's
   * post right), and a view that says nothing new would only tell the viewer that something hidden happened.
   *
   * Whether the batch holds an event the viewer may see is the first test, as it is known without building a
   * view, and it is enough: such an event always says something new (the view's `lastSeq` moves with it).
   * Comparing every view instead would cost each one a second serialisation on the busy path (a vote rush), and
   * needs care, as two views of the same ballots differ in their lists (contentOf). So the comparison is made only
   * after hidden events, whose views are built no more often than every batch's were before.
   */
  const sendView = async (): Promise<void> => {
    const snap = await ctx.actor.snapshot();
    membership ??= await readMembership();
    const v = games.viewerWith(account, membership.member, snap);
    const started = games.engine.started(snap.engine);
    const msg: StreamMessage = {
      kind: "view",
      lastSeq: lastSeen,
      view: started ? games.engine.view(snap.engine, games.engineViewer(v), ballotsSent) : null,
      status: games.status(snap),
      serverTime: now(),
    };
    if (!seenSinceView && lastView !== undefined) {
      const next = contentOf(msg);
      lastView.content ??= contentOf(JSON.parse(lastView.data)).content;
      // Ballots that are listed must go out (the stream counts them as sent), though hidden events bring none.
      if (!next.newBallots && next.content === lastView.content) {
        // Built and compared all the same: the interval starts again, or every hidden batch would build one.
        lastViewAt = performance.now();
        return;
      }
    }
    const data = JSON.stringify(msg);
    writeFrame(frameWith(null, "view", data));
    // Written at once, with the events gathered before it: its tally and server time are as of now.
    flush();
    lastViewAt = performance.now();
    lastView = { data };
    seenSinceView = false;
  };
  /** A view now if none went out within the interval, else one at its end (one, however many batches came). */
  const viewSoon = async (): Promise<void> => {
    const wait = lastViewAt + interval - performance.now();
    if (wait <= 0) return sendView();
    viewTimer ??= setTimeout(() => {
      viewTimer = undefined;
      enqueue(async () => {
        if (!closed) await sendView();
      });
    }, wait);
  };

  const deliver = (events: readonly StoredEvent[]): void =>
    enqueue(async () => {
      if (closed) return;
      const fresh = events.filter((e) => e.seq > lastSent);
      if (fresh.length === 0) return;
      const omit = options.omit;
      const toSend = omit === undefined ? fresh : fresh.filter((e) => !omit.has(e.event.type));
      // Without a wait when the snapshot is in memory and the membership already read, as nearly always.
      const snap = ctx.actor.loadedSnapshot() ?? (await ctx.actor.snapshot());
      if (fresh.some((e) => mayChangeMembership(e.event))) membership = undefined;
      membership ??= await readMembership();
      const v = games.viewerWith(account, membership.member, snap);
      let shares = batchShares.get(events);
      if (!shares) {
        shares = { dtos: new Map(), frames: new Map() };
        batchShares.set(events, shares);
      }
      /** The last seq of this batch the viewer may see (0: none yet found). */
      let seenTo = 0;
      // A rush of ballots left out sends nothing: no visibility to work out for it.
      const shown = toSend.length === 0 ? [] : games.visibleEvents(toSend, v, snap, shares.dtos);
      for (const dto of shown) {
        const shared = shares.dtos.get(dto.seq) === dto;
        let frame = shared ? shares.frames.get(dto) : undefined;
        if (frame === undefined) {
          frame = frameOf(dto.seq, "game-event", { kind: "game-event", event: dto });
          if (shared) shares.frames.set(dto, frame);
        }
        writeFrame(frame);
        sent++;
        seenTo = dto.seq;
      }
      if (omit !== undefined) {
        // A left-out event the viewer may see counts as seen (the views carry the ballots). Looked for from the
        // batch's end back to the last event sent: in a rush the first one looked at is a ballot, and that ends it.
        let seen: ((event: StoredEvent["event"]) => boolean) | undefined;
        for (let i = fresh.length - 1; i >= 0 && fresh[i]!.seq > seenTo; i--) {
          const e = fresh[i]!;
          if (!omit.has(e.event.type)) continue;
          seen ??= games.seenBy(v, snap);
          if (seen(e.event)) {
            seenTo = e.seq;
            break;
          }
        }
      }
      lastSent = fresh.at(-1)!.seq;
      if (seenTo <= lastSeen) {
        // Nothing here this viewer may see: nothing is sent for it, not even a new `lastSeq`, unless the hidden
        // events changed what the view tells the viewer (see sendView). A stream yet to send a view has nothing
        // to compare with; its client's view is the one it fetched.
        if (lastView !== undefined) await viewSoon();
        return;
      }
      lastSeen = seenTo;
      seenSinceView = true;
      if (options.limit !== undefined && sent >= options.limit) {
        // A stream that ends here ends with the view as it is now, not one from before its last events.
        await sendView();
        finish();
      } else await viewSoon();
    });

  await ctx.actor.snapshot();
  // Taken and subscribed in the same turn, so no commit falls between the backlog and the live feed.
  const backlog = ctx.actor.loadedEvents(options.after + 1);
  const unsubscribe = ctx.actor.onCommitted(deliver);
  const stillSignedIn = options.stillSignedIn;
  /** A session check under way, so a slow database does not pile them up. */
  let checking = false;
  const ping = setInterval(() => {
    raw.write(": ping\n\n");
    if (stillSignedIn === undefined || checking) return;
    checking = true;
    Promise.resolve()
      .then(stillSignedIn)
      .then(
        (yes) => {
          if (!yes) finish();
        },
        // Unknown (the database unreachable): asked again at the next ping, rather than every stream of the
        // server ending, and reconnecting, at once.
        (error: unknown) =>
          req.log.warn({ reqId: req.id, gameId, err: error }, "live stream: session check failed"),
      )
      .finally(() => {
        checking = false;
      });
  }, options.pingMs ?? PING_MS);
  ping.unref();
  req.raw.on("close", finish);
  options.open.add(finish, options.session);
  if (closed) return; // the server is closing: nothing more may be written

  raw.write("retry: 2000\n\n");
  deliver(backlog);
  await chain;
  if (options.limit === 0 && !closed) finish();
}
