// The site admin's powers over accounts: list them, hand out password reset links, disable and enable them.
//
// The admin is not every game's referee: nothing here reads game membership, so no answer can say which games or
// aliases an account has (docs/architecture.md, alias secrecy).
import type { Account, AccountSummary, Storage } from "../storage/storage.ts";
import type { AccountService } from "./account-service.ts";
import { ok, type Result, refuse } from "./refusal.ts";

/** Accounts per page of the admin's list. */
export const ACCOUNT_PAGE = 50;

export interface AccountPage {
  readonly accounts: readonly AccountSummary[];
  /** The `after` that reads the next page, or null on the last one. */
  readonly next: string | null;
}

export interface ResetLink {
  readonly username: string;
  readonly token: string;
  readonly expiresAt: number;
}

export class AdminService {
  readonly #storage: Storage;
  readonly #accounts: AccountService;

  constructor(deps: { storage: Storage; accounts: AccountService }) {
    this.#storage = deps.storage;
    this.#accounts = deps.accounts;
  }

  async listAccounts(
    caller: Account | null,
    query: { prefix?: string; after?: string },
  ): Promise<Result<AccountPage>> {
    const denied = adminOnly(caller);
    if (denied) return denied;
    // One more than a page, to know whether another follows.
    const rows = await this.#storage.listAccounts({ ...query, limit: ACCOUNT_PAGE + 1 });
    const accounts = rows.slice(0, ACCOUNT_PAGE);
    return ok({ accounts, next: rows.length > ACCOUNT_PAGE ? accounts.at(-1)!.username : null });
  }

  async createResetLink(caller: Account | null, username: string): Promise<Result<ResetLink>> {
    const target = await this.#target(caller, username);
    if (!target.ok) return target;
    // An admin's password is not the admin's to hand out: with one admin, a stolen admin session would take it over.
    if (target.value.isAdmin) return refuse("admin-account-protected", 409);
    const link = await this.#accounts.createResetLink(target.value);
    return ok({ username: target.value.username, ...link });
  }

  async setDisabled(caller: Account | null, username: string, disabled: boolean): Promise<Result<Account>> {
    const target = await this.#target(caller, username);
    if (!target.ok) return target;
    // The only admin disabling itself would leave the site without one; there is no second admin to undo it.
    if (disabled && target.value.isAdmin) return refuse("admin-account-protected", 409);
    await this.#accounts.setDisabled(target.value, disabled);
    return ok(target.value);
  }

  async #target(caller: Account | null, username: string): Promise<Result<Account>> {
    const denied = adminOnly(caller);
    if (denied) return denied;
    const account = await this.#storage.findAccountByUsername(username);
    return account ? ok(account) : refuse("account-not-found", 404, { username });
  }
}

function adminOnly(caller: Account | null): ReturnType<typeof refuse> | null {
  if (!caller) return refuse("unauthenticated", 401);
  if (!caller.isAdmin) return refuse("admin-only", 403);
  return null;
}
