// The storage port: one interface the server uses over SQLite or PostgreSQL, chosen by `openStorage(url)`.
//
// Contract shared by every method: times are epoch milliseconds chosen by the caller (storage never reads
// the clock for domain data), integers come back as JS numbers on both databases, and domain outcomes (a conflict, an
// unknown token) are returned as values. Only real faults (I/O, broken SQL, closed storage) throw.

export { openStorage } from "./open-storage.ts";

/** An event as storage sees it: opaque JSON with a `type` and the server receipt time `at` (epoch ms). */
export interface StoredEventInput {
  readonly type: string;
  readonly at: number;
  readonly [key: string]: unknown;
}

/** One event read back, with its position in the game's stream (seq starts at 1, no gaps). */
export interface StoredEvent {
  readonly seq: number;
  readonly event: StoredEventInput;
}

/** A long text (post, report) referenced by events and stored in the same transaction. */
export interface PostBodyInput {
  readonly postId: string;
  readonly text: string;
}

export interface PostBody extends PostBodyInput {
  readonly gameId: string;
  readonly createdAt: number;
}

export interface AppendOptions {
  /** Client request id, unique per game: a retry with the same id is stored once and gets the original result. */
  readonly requestId?: string;
  /** Post bodies written in the same transaction as the events. */
  readonly posts?: readonly PostBodyInput[];
  /** Marks this timer fired in the same transaction; the append is refused if it had already fired. */
  readonly fireTimer?: { readonly key: string; readonly dueAt: number };
  /** Server time of the write, stored on request ids and post bodies. Defaults to the last event's `at`. */
  readonly now?: number;
  /**
   * Decided on top of this process's own appends that may not have committed yet (see `appendsInOrder`): stored
   * only if the event at `expectedSeq` was written by this storage's own append, else a conflict. So a command
   * never lands after events it was not decided against, even if the append it counted on failed and another
   * writer filled the gap. Where `appendsInOrder` is false (PostgreSQL), only an append below it in the same
   * group-commit batch counts as this storage's own: one whose append below went in another batch is refused.
   */
  readonly chained?: boolean;
}

export type AppendResult =
  | {
      readonly ok: true;
      /** Seq of the first and last event written (firstSeq > lastSeq only when `events` was empty). */
      readonly firstSeq: number;
      readonly lastSeq: number;
      /** True when this was a retry of a request id already stored: nothing new was written. */
      readonly replayed: boolean;
    }
  | {
      readonly ok: false;
      /** `conflict`: the stream has moved past `expectedSeq` (or a post id is taken). */
      readonly code: "conflict";
      readonly currentSeq: number;
    }
  | { readonly ok: false; readonly code: "timer-already-fired" };

export interface EventStore {
  /**
   * Appends `events` after seq `expectedSeq` (the last seq the caller has seen; 0 for an empty stream).
   * Resolves only after the transaction holding it has committed durably. Appends arriving together share
   * one transaction (group commit) but each keeps its own concurrency check and result.
   */
  append(
    gameId: string,
    expectedSeq: number,
    events: readonly StoredEventInput[],
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /** Events of one game with seq >= fromSeq (default 1), ordered by seq. */
  load(gameId: string, fromSeq?: number): Promise<StoredEvent[]>;
  /** The result stored for a request id (a command already appended), without appending anything. */
  findRequest(
    gameId: string,
    requestId: string,
  ): Promise<{ readonly firstSeq: number; readonly lastSeq: number } | undefined>;
  /** Seq of the last event of a game, 0 when it has none. */
  lastSeq(gameId: string): Promise<number>;
  getPostBody(gameId: string, postId: string): Promise<PostBody | undefined>;
}

export interface GameRecord {
  readonly id: string;
  readonly displayName: string;
  readonly rules: unknown;
  readonly status: string;
  readonly createdAt: number;
  readonly createdBy: number;
}

export type Conflict = { readonly ok: false; readonly code: "conflict" };
export type NotFound = { readonly ok: false; readonly code: "not-found" };
export type Created<T> = { readonly ok: true; readonly value: T } | Conflict;

export interface GameStore {
  createGame(game: GameRecord): Promise<Created<GameRecord>>;
  getGame(id: string): Promise<GameRecord | undefined>;
  /** Newest first. */
  listGames(): Promise<GameRecord[]>;
  /** Returns false when the game does not exist. */
  setGameStatus(id: string, status: string): Promise<boolean>;
}

export interface Account {
  readonly id: number;
  readonly username: string;
  readonly passwordHash: string;
  readonly isAdmin: boolean;
  readonly createdAt: number;
  /** When the site admin disabled it; null while it may sign in. */
  readonly disabledAt: number | null;
}

/**
 * What the site admin's account list shows: no id and nothing about games, since the admin is not every game's
 * referee and must not learn which aliases an account plays.
 */
export interface AccountSummary {
  readonly username: string;
  readonly createdAt: number;
  readonly isAdmin: boolean;
  readonly disabledAt: number | null;
}

export interface PasswordReset {
  readonly tokenHash: string;
  readonly accountId: number;
  readonly createdAt: number;
  readonly expiresAt: number;
}

export interface NewAccount {
  readonly username: string;
  readonly passwordHash: string;
  readonly isAdmin?: boolean;
  readonly createdAt: number;
}

export interface Session {
  readonly tokenHash: string;
  readonly accountId: number;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly revokedAt: number | null;
}

export interface SessionAccount {
  readonly session: Session;
  readonly account: Account;
}

export interface AccountStore {
  /** Conflict when the username is taken. */
  createAccount(account: NewAccount): Promise<Created<Account>>;
  getAccount(id: number): Promise<Account | undefined>;
  findAccountByUsername(username: string): Promise<Account | undefined>;
  /**
   * An account whose username reads as `name` (username-key.ts usernameKey: case and full width folded), or is
   * exactly `name`: a player's 马甲 must not read as an account's name (app/game-helpers.ts aliasReadsAsAccount).
   */
  findAccountNamed(name: string): Promise<Account | undefined>;
  createSession(session: Omit<Session, "revokedAt">): Promise<void>;
  /** The session behind a token hash if it exists, is not revoked and has not expired at `now`. */
  findLiveSession(tokenHash: string, now: number): Promise<Session | undefined>;
  /** The same live session together with its account, in one query (every signed-in request may ask). */
  findLiveSessionAccount(tokenHash: string, now: number): Promise<SessionAccount | undefined>;
  /** The same for many tokens at once (background re-checks), keyed by token hash; dead sessions are absent. */
  findLiveSessionAccounts(tokenHashes: readonly string[], now: number): Promise<Map<string, SessionAccount>>;
  revokeSession(tokenHash: string, now: number): Promise<void>;
  revokeSessionsOfAccount(accountId: number, now: number): Promise<void>;
  /** Stores the hash of the one-time admin setup token unless an admin setup was already completed. */
  setAdminSetupToken(tokenHash: string, now: number): Promise<{ readonly ok: boolean }>;
  /** Whether a setup token is waiting to be used (i.e. no admin has been created through it yet). */
  adminSetupPending(): Promise<boolean>;
  /**
   * Uses the setup token once and creates the admin account in the same transaction.
   * `invalid-token` when the hash does not match or the token was already used.
   */
  createAdminWithSetupToken(
    tokenHash: string,
    account: Omit<NewAccount, "isAdmin">,
  ): Promise<Created<Account> | { readonly ok: false; readonly code: "invalid-token" }>;
  /**
   * Accounts ordered by username, at most `limit`: those starting with `prefix` (exactly, case-sensitive) and
   * coming after `after` (the last username of the previous page).
   */
  listAccounts(query: {
    readonly prefix?: string;
    readonly after?: string;
    readonly limit: number;
  }): Promise<AccountSummary[]>;
  /**
   * Disables the account at `now` (an already disabled account keeps its first time) or enables it again, and either
   * way revokes its sessions in the same transaction. False when there is no such account.
   */
  setAccountDisabled(accountId: number, disabled: boolean, now: number): Promise<boolean>;
  /**
   * Sets a signed-in account's new password hash and revokes every other session of it (not `keepTokenHash`, the
   * session that changed it), in one transaction.
   */
  changePassword(accountId: number, passwordHash: string, keepTokenHash: string, now: number): Promise<void>;
  /** Stores a reset link's token hash; the account's earlier unused links stop working. */
  createPasswordReset(reset: PasswordReset): Promise<void>;
  /**
   * Uses a reset link once: sets the new password hash and revokes every session of the account, in one
   * transaction. `invalid-token` when unknown, used or expired at `now`; `account-disabled` (the link stays unused)
   * when the account is disabled.
   */
  redeemPasswordReset(
    tokenHash: string,
    passwordHash: string,
    now: number,
  ): Promise<
    | { readonly ok: true; readonly value: Account }
    | { readonly ok: false; readonly code: "invalid-token" | "account-disabled" }
  >;
}

export type MemberKind = "player" | "referee" | "co-referee";

/** What anyone may see about a member: the alias, never the account behind it. */
export interface PublicMember {
  readonly alias: string;
  readonly kind: MemberKind;
  readonly createdAt: number;
}

/** A member with the account behind the alias: only for that game's referees. */
export interface RevealedMember extends PublicMember {
  readonly accountId: number;
  readonly username: string;
}

export interface MemberStore {
  /** Conflict when the alias is taken in this game or the account is already a member of it. */
  addMember(member: {
    readonly gameId: string;
    readonly alias: string;
    readonly accountId: number;
    readonly kind: MemberKind;
    readonly createdAt: number;
  }): Promise<Created<PublicMember>>;
  /**
   * Undoes an `addMember` whose command was then refused, so a refused request leaves nothing stored, or whose
   * sign-up was withdrawn: deletes the row only while it still joins this alias to this account. False when there
   * was no such row.
   */
  removeMember(gameId: string, alias: string, accountId: number): Promise<boolean>;
  /**
   * Whether a player of a game whose status is one of `statuses` goes by an alias that reads as `name` (username-key.ts
   * aliasKey) or is exactly `name`: a username registered later must not pass for that 马甲's account. Names nothing,
   * so it tells no more than the games' public rosters.
   */
  playerAliasExists(name: string, statuses: readonly string[]): Promise<boolean>;
  /** Every alias of a game, without account ids: safe to show to anyone who may see the game. */
  listAliases(gameId: string): Promise<PublicMember[]>;
  /** The caller's own membership in a game (their own alias), if any. */
  membershipOf(gameId: string, accountId: number): Promise<PublicMember | undefined>;
  /**
   * The accounts behind the aliases, only when `refereeAccountId` is a referee or co-referee of that game;
   * otherwise `forbidden`. Storage checks this itself so a caller cannot leak identities by forgetting to.
   */
  refereeRoster(
    gameId: string,
    refereeAccountId: number,
  ): Promise<
    | { readonly ok: true; readonly members: RevealedMember[] }
    | { readonly ok: false; readonly code: "forbidden" }
  >;
  /**
   * Points a seat (alias) at another account, for a substitute (替补). Conflict when that account is already
   * a member of the game; `not-found` when the alias is unknown.
   */
  replaceMemberAccount(
    gameId: string,
    alias: string,
    accountId: number,
  ): Promise<Created<PublicMember> | NotFound>;
}

export interface TimerRecord {
  readonly gameId: string;
  readonly key: string;
  readonly dueAt: number;
  readonly firedAt: number | null;
}

export interface TimerStore {
  /** Arms (or re-arms) a timer. Moving `dueAt` clears `firedAt`; upserting the same `dueAt` keeps it. */
  upsertTimer(gameId: string, key: string, dueAt: number): Promise<void>;
  /** Unfired timers with dueAt <= now, earliest first. */
  dueTimers(now: number, limit?: number): Promise<TimerRecord[]>;
  /** Unfired timers whatever their due time, earliest first (to schedule in-process wake-ups). */
  pendingTimers(limit?: number): Promise<TimerRecord[]>;
  /**
   * Marks the timer fired if it is still unfired and still due at `dueAt`. Exactly one of any number of
   * concurrent claimers (in any process) gets true; firing again has no effect.
   */
  claimTimer(gameId: string, key: string, dueAt: number, now: number): Promise<boolean>;
  getTimer(gameId: string, key: string): Promise<TimerRecord | undefined>;
}

export interface TextDocumentInput {
  readonly kind: string;
  readonly source: string;
  readonly ref: string | null;
  readonly gameId: string | null;
  readonly ownerKey: string | null;
  readonly body: string;
  /** Opaque bytes (the originality index's fingerprints), stored and returned unchanged. */
  readonly fingerprints: Uint8Array;
  readonly createdAt: number;
}

export interface TextDocument extends TextDocumentInput {
  readonly id: number;
}

/** What the in-memory originality index needs at start-up: everything but the body. */
export type TextDocumentSummary = Omit<TextDocument, "body" | "gameId">;

export interface TextDocumentStore {
  /** Inserts rows in one transaction; returns their ids in input order. */
  insertTextDocuments(rows: readonly TextDocumentInput[]): Promise<number[]>;
  /**
   * Calls onBatch with up to batchSize summaries at a time, ordered by id, of the rows with id > afterId
   * (default 0: every row); resolves to the count passed.
   */
  streamTextDocuments(
    batchSize: number,
    onBatch: (batch: TextDocumentSummary[]) => void | Promise<void>,
    afterId?: number,
  ): Promise<number>;
  getTextDocument(id: number): Promise<TextDocument | undefined>;
}

/**
 * Cross-process notifications: PostgreSQL LISTEN/NOTIFY, or an in-process bus on SQLite. Every subscriber
 * (in this process too) receives each notification once. Payloads are short strings (PostgreSQL caps them
 * near 8000 bytes): send ids and seqs, not events.
 */
export interface Notifier {
  /**
   * `onGap`, if given, is called when notifications on the channel may have been lost: the notifier lost its
   * connection to the database and has listened again, and whatever was sent in between never arrives. The
   * subscriber should then read what it may have missed.
   */
  subscribe(
    channel: string,
    onMessage: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
}

export interface Storage
  extends EventStore,
    GameStore,
    AccountStore,
    MemberStore,
    TimerStore,
    TextDocumentStore,
    Notifier {
  readonly dialect: "sqlite" | "postgres";
  /**
   * Appends run in the order they were submitted, across transactions (SQLite: one worker running batches in
   * order). A game may then submit its next commands, decided on the previous ones, before those commit.
   */
  readonly appendsInOrder: boolean;
  close(): Promise<void>;
}

export interface BatchCommitInfo {
  /** Number of appends committed together in this transaction. */
  readonly size: number;
}

export interface OpenStorageOptions {
  /**
   * TEST ONLY: resolve appends before their transaction commits (and delay the commit), so a crash loses
   * acknowledged writes. The crash test uses it to prove it can detect lost votes. Never set in production.
   */
  readonly unsafeAckBeforeCommit?: boolean;
  /** Delay between the early acknowledgement and the commit in unsafe mode (default 50 ms). */
  readonly unsafeCommitDelayMs?: number;
  /** Instrumentation: called after each group-commit transaction of appends has committed. */
  readonly onBatchCommitted?: (info: BatchCommitInfo) => void;
  /** PostgreSQL only: schema to create if missing and put first on the search_path (tests use a random one). */
  readonly pgSchema?: string;
  /** PostgreSQL only: pool size (default 10). */
  readonly pgPoolSize?: number;
  /**
   * How many group-commit batches may be in flight at once (default 2, so one is on its way while another
   * commits). SQLite runs them one after another on its worker; PostgreSQL on separate pool connections.
   */
  readonly writeConcurrency?: number;
  /** Most appends per group-commit transaction (default 512). */
  readonly maxBatchSize?: number;
}
