// HTTP routes of the site admin (account list, reset links, disabling) and of the reset link's page.
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { AccountService } from "../app/account-service.ts";
import type { AdminService } from "../app/admin-service.ts";
import { dayAt } from "../engine/clock.ts";
import type {
  AccountStatusResponse,
  AdminAccountsResponse,
  OkResponse,
  ResetLinkResponse,
} from "./api-types.ts";
import { parseOr400, sendRefusal } from "./http-errors.ts";
import * as S from "./schemas.ts";

export function registerAdminRoutes(
  app: FastifyInstance,
  deps: { admin: AdminService; accounts: AccountService },
  limits: { writes: RouteShorthandOptions["config"]; signIn: RouteShorthandOptions["config"] },
): void {
  const { admin, accounts } = deps;
  /**
   * Every admin action leaves a line naming the admin and the target account, never an alias or a game: the log
   * may be read by people who are no game's referee. At warn, so that the LOG_LEVEL=warn a busy server runs at
   * (docs/deploy.md § Logs) keeps them; they are rare.
   */
  const audit = (req: FastifyRequest, target: string, msg: string): void =>
    req.log.warn({ reqId: req.id, admin: req.account?.username, target }, msg);

  app.get("/api/admin/accounts", async (req, reply) => {
    const q = parseOr400(S.AdminAccountsQuery, req.query, reply);
    if (!q) return reply;
    const res = await admin.listAccounts(req.account, q);
    if (!res.ok) return sendRefusal(reply, res.refusal);
    const out: AdminAccountsResponse = {
      accounts: res.value.accounts.map((a) => ({
        username: a.username,
        // The day only: an account made seconds before an alias joined a game (members' join times are public)
        // would otherwise tie the two for the admin, who is no referee of that game.
        createdAt: dayAt(a.createdAt, 0, "00:00", "Asia/Shanghai"),
        isAdmin: a.isAdmin,
        disabled: a.disabledAt !== null,
        disabledAt: a.disabledAt,
      })),
      next: res.value.next,
    };
    return out;
  });

  app.post("/api/admin/accounts/password-reset", { config: limits.writes }, async (req, reply) => {
    const body = parseOr400(S.AdminAccountBody, req.body, reply);
    if (!body) return reply;
    const res = await admin.createResetLink(req.account, body.username);
    if (!res.ok) return sendRefusal(reply, res.refusal);
    audit(req, res.value.username, "admin created a password reset link");
    const out: ResetLinkResponse = {
      username: res.value.username,
      path: `/reset-password?token=${res.value.token}`,
      expiresAt: res.value.expiresAt,
    };
    return out;
  });

  for (const [action, disabled] of [
    ["disable", true],
    ["enable", false],
  ] as const) {
    app.post(`/api/admin/accounts/${action}`, { config: limits.writes }, async (req, reply) => {
      const body = parseOr400(S.AdminAccountBody, req.body, reply);
      if (!body) return reply;
      const res = await admin.setDisabled(req.account, body.username, disabled);
      if (!res.ok) return sendRefusal(reply, res.refusal);
      audit(req, res.value.username, disabled ? "admin disabled an account" : "admin enabled an account");
      const out: AccountStatusResponse = { username: res.value.username, disabled };
      return out;
    });
  }

  // Counted per address like a log-in: each try is a guess at a token.
  app.post("/api/password-reset", { config: limits.signIn }, async (req, reply) => {
    const body = parseOr400(S.PasswordResetBody, req.body, reply);
    if (!body) return reply;
    const res = await accounts.resetPassword(body.token, body.password);
    if (!res.ok) return sendRefusal(reply, res.refusal);
    req.log.warn({ reqId: req.id, account: res.value.username }, "a password reset link was used");
    const out: OkResponse = { ok: true };
    return out;
  });
}
