// Accounts, sessions, the one-time admin setup and password reset links: the use cases behind /api/auth, /api/setup and /api/password-reset.
import { createHash, randomBytes } from "node:crypto";
import type { GameStatus } from "../server/api-types.ts";
import type { Account, SessionAccount, Storage } from "../storage/storage.ts";
import type { Clock } from "./clock.ts";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./passwords.ts";
import { ok, type Result, refuse } from "./refusal.ts";

const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/**
 * How long a looked-up session is trusted without asking the database again. A logout in this process takes
 * effect at once; a revocation by another process (PostgreSQL, several servers) within this many milliseconds
 * plus one re-check, which waits up to RECHECK_BATCH_MS (see SESSION_STALE_MS).
 */
const SESSION_CACHE_MS = 5_000;
/**
 * After SESSION_CACHE_MS a session is re-checked in the background while its requests go on; only past this age
 * does a request wait for the database. Without it, every player's first request after each 5 s would queue
 * behind the group commits for a read, which in a vote rush costs more than the votes.
 */
const SESSION_STALE_MS = 60_000;
/**
 * Background re-checks wait this long to be asked together: thousands of players each due every 5 s would
 * otherwise cost a query apiece.
 */
const RECHECK_BATCH_MS = 250;
const SESSION_CACHE_MAX = 50_000;
/** A password reset link works this long: the admin hands it to its owner out of band, perhaps not at once. */
export const RESET_LINK_TTL_MS = 24 * 3600 * 1000;

/** Sessions revoked in this process: all of an account's but the one kept (or none), or a single one. */
export type RevokedSessions =
  | { readonly accountId: number; readonly keepTokenHash: string | null }
  | { readonly tokenHash: string };

export interface SignedIn {
  readonly account: Account;
  /** The opaque token for the cookie; only its hash is stored. */
  readonly token: string;
}

/** Every request hashes its session token to authenticate; remember recent answers. */
const tokenHashes = new Map<string, string>();
const TOKEN_HASHES_MAX = 50_000;

export function hashToken(token: string): string {
  const known = tokenHashes.get(token);
  if (known !== undefined) return known;
  const hash = createHash("sha256").update(token).digest("base64url");
  if (tokenHashes.size >= TOKEN_HASHES_MAX) tokenHashes.clear();
  tokenHashes.set(token, hash);
  return hash;
}

/** Games whose players' aliases a new username may not read as: from sign-up until the end (a draft has none). */
const ALIASES_IN_PLAY: readonly GameStatus[] = ["signup", "closed", "running"];

export class AccountService {
  readonly #storage: Storage;
  readonly #clock: Clock;
  readonly #sessions = new Map<string, { account: Account; checkedAt: number; expiresAt: number }>();
  /** Sessions queued for or in a background re-check, so a burst asks the database once. */
  readonly #rechecking = new Set<string>();
  #dueForRecheck: string[] = [];
  #recheckTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every revocation here (logout, disabling, reset): a look-up that started before one must not cache what it read. */
  #revocations = 0;
  /**
   * Told once a revocation here is stored: what holds a session open beyond single requests (a live stream) must
   * end it, as the session cache forgetting it reaches only the requests still to come.
   */
  onRevoked: ((revoked: RevokedSessions) => void) | undefined;

  constructor(storage: Storage, clock: Clock) {
    this.#storage = storage;
    this.#clock = clock;
  }

  /**
   * Arms a fresh one-time admin token unless an admin was already set up; returns it (to print) or null.
   * Only the token's hash is stored, so each start before setup replaces the link with a new one.
   */
  async prepareAdminSetup(): Promise<string | null> {
    const token = randomBytes(24).toString("base64url");
    const res = await this.#storage.setAdminSetupToken(hashToken(token), this.#clock.now());
    return res.ok ? token : null;
  }

  setupPending(): Promise<boolean> {
    return this.#storage.adminSetupPending();
  }

  async completeSetup(token: string, username: string, password: string): Promise<Result<SignedIn>> {
    const passwordHash = await hashPassword(password);
    const res = await this.#storage.createAdminWithSetupToken(hashToken(token), {
      username,
      passwordHash,
      createdAt: this.#clock.now(),
    });
    if (!res.ok)
      return res.code === "conflict" ? refuse("username-taken", 409) : refuse("setup-token-invalid", 403);
    return ok(await this.#startSession(res.value));
  }

  async register(username: string, password: string): Promise<Result<SignedIn>> {
    // The mirror of a 马甲 that may not read as a username (game-helpers.ts aliasReadsAsAccount): an account named
    // after a player's alias in a game under way would pass for the person behind it (请勿曝ID). Ended games'
    // aliases are free again. The rosters are public from sign-up on, so the refusal tells nothing new.
    if (await this.#storage.playerAliasExists(username, ALIASES_IN_PLAY))
      return refuse("username-is-alias", 409);
    const passwordHash = await hashPassword(password);
    const res = await this.#storage.createAccount({ username, passwordHash, createdAt: this.#clock.now() });
    if (!res.ok) return refuse("username-taken", 409);
    return ok(await this.#startSession(res.value));
  }

  async login(username: string, password: string): Promise<Result<SignedIn>> {
    const account = await this.#storage.findAccountByUsername(username);
    const good = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
    if (!account || !good) return refuse("bad-credentials", 401);
    // Told only to whoever knows the password, so nobody else learns which accounts were disabled.
    if (account.disabledAt !== null) return refuse("account-disabled", 403);
    return ok(await this.#startSession(account));
  }

  /** A reset link for an account: the token to hand over (only its hash is stored) and when it stops working. */
  async createResetLink(account: Account): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString("base64url");
    const now = this.#clock.now();
    const expiresAt = now + RESET_LINK_TTL_MS;
    await this.#storage.createPasswordReset({
      tokenHash: hashToken(token),
      accountId: account.id,
      createdAt: now,
      expiresAt,
    });
    return { token, expiresAt };
  }

  /** Sets a new password through a reset link; every session of the account ends, here at once. */
  async resetPassword(token: string, password: string): Promise<Result<Account>> {
    const passwordHash = await hashPassword(password);
    const res = await this.#storage.redeemPasswordReset(hashToken(token), passwordHash, this.#clock.now());
    if (!res.ok)
      return res.code === "account-disabled"
        ? refuse("account-disabled", 403)
        : refuse("reset-token-invalid", 403);
    this.#forgetSessionsOf(res.value.id);
    this.onRevoked?.({ accountId: res.value.id, keepTokenHash: null });
    return ok(res.value);
  }

  /**
   * A signed-in account's own password change: the current password must be right; every other session of the
   * account ends (a password changed because it leaked should shut out whoever holds it), the caller's stays.
   */
  async changePassword(
    account: Account,
    token: string,
    currentPassword: string,
    newPassword: string,
  ): Promise<Result<Account>> {
    // Read again: the account a cached session carries may hold a hash from before an earlier change.
    const stored = await this.#storage.findAccountByUsername(account.username);
    const good = await verifyPassword(currentPassword, stored?.passwordHash ?? DUMMY_HASH);
    if (!stored || !good) return refuse("wrong-password", 403);
    const keepTokenHash = hashToken(token);
    await this.#storage.changePassword(
      stored.id,
      await hashPassword(newPassword),
      keepTokenHash,
      this.#clock.now(),
    );
    this.#forgetSessionsOf(stored.id);
    this.onRevoked?.({ accountId: stored.id, keepTokenHash });
    return ok(stored);
  }

  /** Disables (or enables) an account; disabling ends its sessions, in this process at once. */
  async setDisabled(account: Account, disabled: boolean): Promise<void> {
    this.#forgetSessionsOf(account.id);
    await this.#storage.setAccountDisabled(account.id, disabled, this.#clock.now());
    // Again once written, as in logout: a look-up that read the account before must not cache it.
    this.#forgetSessionsOf(account.id);
    // Enabling revokes only sessions a disabled account could not use, so no stream is open on one.
    if (disabled) this.onRevoked?.({ accountId: account.id, keepTokenHash: null });
  }

  /** Drops the account's cached sessions; the bump keeps look-ups already under way from caching them again. */
  #forgetSessionsOf(accountId: number): void {
    this.#revocations++;
    for (const [hash, cached] of this.#sessions)
      if (cached.account.id === accountId) this.#sessions.delete(hash);
  }

  async logout(token: string): Promise<void> {
    const hash = hashToken(token);
    this.#revocations++;
    this.#sessions.delete(hash);
    await this.#storage.revokeSession(hash, this.#clock.now());
    // Again once revoked: a look-up that read the session before the revocation committed must not cache it.
    this.#revocations++;
    this.#sessions.delete(hash);
    this.onRevoked?.({ tokenHash: hash });
  }

  /**
   * The account behind a session token, if the session is live: at once when the session cache can answer (nearly every request), else a promise of
   * the database's answer. Not always a promise, because the server checks every request and a promise per
   * request is measurable on the vote machine's hot path.
   */
  authenticate(token: string | undefined): Account | undefined | Promise<Account | undefined> {
    if (!token) return undefined;
    const hash = hashToken(token);
    const now = this.#clock.now();
    const cached = this.#sessions.get(hash);
    if (cached && now >= cached.checkedAt && now < cached.expiresAt) {
      const age = now - cached.checkedAt;
      if (age < SESSION_CACHE_MS) return cached.account;
      if (age < SESSION_STALE_MS) {
        this.#queueRecheck(hash);
        return cached.account;
      }
    }
    return this.#lookUp(hash, now);
  }

  async #lookUp(hash: string, now: number): Promise<Account | undefined> {
    const revocations = this.#revocations;
    const found = await this.#storage.findLiveSessionAccount(hash, now);
    this.#remember(hash, found, now, revocations);
    return found?.account;
  }

  #queueRecheck(hash: string): void {
    if (this.#rechecking.has(hash)) return;
    this.#rechecking.add(hash);
    this.#dueForRecheck.push(hash);
    if (this.#recheckTimer !== undefined) return;
    this.#recheckTimer = setTimeout(() => {
      this.#recheckTimer = undefined;
      void this.#recheckDue();
    }, RECHECK_BATCH_MS);
    // A pending re-check must not keep a finished process (a CLI, a test) alive.
    this.#recheckTimer.unref();
  }

  async #recheckDue(): Promise<void> {
    const hashes = this.#dueForRecheck;
    this.#dueForRecheck = [];
    const now = this.#clock.now();
    const revocations = this.#revocations;
    try {
      const found = await this.#storage.findLiveSessionAccounts(hashes, now);
      for (const hash of hashes) this.#remember(hash, found.get(hash), now, revocations);
    } catch {
      // Unknown: each of these asks the database again on its next request.
      for (const hash of hashes) this.#sessions.delete(hash);
    } finally {
      for (const hash of hashes) this.#rechecking.delete(hash);
    }
  }

  /**
   * Caches what a look-up read, or forgets the session. A logout here while the look-up ran may have revoked any
   * of the sessions it read, so then nothing is cached (those ask again on their next request).
   */
  #remember(hash: string, found: SessionAccount | undefined, now: number, revocationsBefore: number): void {
    this.#sessions.delete(hash);
    if (!found || revocationsBefore !== this.#revocations) return;
    if (this.#sessions.size >= SESSION_CACHE_MAX) this.#sessions.delete(this.#sessions.keys().next().value!);
    this.#sessions.set(hash, { account: found.account, checkedAt: now, expiresAt: found.session.expiresAt });
  }

  findByUsername(username: string): Promise<Account | undefined> {
    return this.#storage.findAccountByUsername(username);
  }

  async #startSession(account: Account): Promise<SignedIn> {
    const token = randomBytes(32).toString("base64url");
    const now = this.#clock.now();
    await this.#storage.createSession({
      tokenHash: hashToken(token),
      accountId: account.id,
      createdAt: now,
      expiresAt: now + SESSION_TTL_MS,
    });
    return { account, token };
  }
}
