// `bansha admin`: what the operator does from the server's shell when no site admin can sign in to do it.
import type { Command } from "commander";
import { AccountService, RESET_LINK_TTL_MS } from "../app/account-service.ts";
import { systemClock } from "../app/clock.ts";
import { serverLogger } from "../server/access-log.ts";
import { openStorage } from "../storage/open-storage.ts";

function fail(message: string): void {
  process.stderr.write(`bansha: ${message}\n`);
  process.exitCode = 1;
}

/**
 * The same audit lines the 站点管理 page leaves in the server's log (routes-admin.ts), in its format (pino JSON at
 * warn), naming the shell instead of an admin. On standard error: this process is not the server and has no hold
 * on its log, and standard output carries the link for scripts. The operator keeps them (docs/deploy.md § Logs).
 */
function auditLine(target: string, msg: string): void {
  serverLogger("warn", { stream: process.stderr }).warn({ admin: null, via: "shell", target }, msg);
}

export function registerAdminCommands(program: Command): void {
  const admin = program
    .command("admin")
    .description(
      "Site accounts from the server's shell (DATABASE_URL as the server, default ./data/bansha.sqlite)",
    );

  admin
    .command("reset-link <username>")
    .description(
      `print a one-time password reset link for an account, the site admin's included (the 站点管理 page makes ` +
        `them for other accounts); it works once, for ${RESET_LINK_TTL_MS / 3_600_000} h`,
    )
    .option("--site <url>", "the site's address, which the link starts with", "http://localhost:3000")
    .action(async (username: string, opts: { site: string }) => {
      const storage = await openStorage(process.env.DATABASE_URL);
      try {
        const account = await storage.findAccountByUsername(username);
        if (!account) return fail(`no account is named "${username}"`);
        // The page refuses a disabled account's link, and the admin who could enable it may be the one locked out.
        if (account.disabledAt !== null) {
          await new AccountService(storage, systemClock).setDisabled(account, false);
          auditLine(account.username, "admin enabled an account");
          console.log(`enabled "${username}" (it was disabled)`);
        }
        const link = await new AccountService(storage, systemClock).createResetLink(account);
        auditLine(account.username, "admin created a password reset link");
        console.log(`${opts.site.replace(/\/+$/, "")}/reset-password?token=${link.token}`);
        console.log(`works once, until ${new Date(link.expiresAt).toISOString()}; a newer link replaces it`);
      } finally {
        await storage.close();
      }
    });
}
