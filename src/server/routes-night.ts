// HTTP routes of 7kill's abilities: the night's 杀人/验人/救治 and the secret bandit's 开枪 (by day too), a player's own
// or entered by the referee for it (录入夜间行动).
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { CommandOk } from "../app/game-service.ts";
import { NIGHT_ABILITIES, type NightService } from "../app/night-service.ts";
import type { Result } from "../app/refusal.ts";
import type { CommandResponse } from "./api-types.ts";
import { parseOr400, sendRefusal } from "./http-errors.ts";

const NightActionBody = z.strictObject({
  requestId: z.string().min(8).max(100),
  action: z.enum(NIGHT_ABILITIES),
  /** null: the group passes ("允许放弃"), where the ability allows it. */
  target: z.number().int().min(0).max(10_000).nullable(),
});

/** 录入夜间行动: the referee enters, for `seat`, the choice its player sent off the site. */
const RefereeNightActionBody = NightActionBody.extend({
  seat: z.number().int().min(0).max(10_000),
});

/** A night action's answer: the refusal like every other, or the command's receipt. */
function commandReply(reply: FastifyReply, res: Result<CommandOk>): FastifyReply | CommandResponse {
  if (!res.ok) return sendRefusal(reply, res.refusal);
  return { ok: true, ...res.value };
}

export function registerNightRoutes<S>(
  app: FastifyInstance,
  night: NightService<S>,
  writeLimit: { rateLimit: { max: number; timeWindow: number } },
): void {
  app.post<{ Params: { id: string } }>(
    "/api/games/:id/night-actions",
    { config: writeLimit },
    async (req, reply) => {
      const body = parseOr400(NightActionBody, req.body, reply);
      if (!body) return reply;
      return commandReply(reply, await night.act(req.params.id, req.account, body));
    },
  );

  app.post<{ Params: { id: string } }>(
    "/api/games/:id/referee/night-actions",
    { config: writeLimit },
    async (req, reply) => {
      const body = parseOr400(RefereeNightActionBody, req.body, reply);
      if (!body) return reply;
      return commandReply(reply, await night.actFor(req.params.id, req.account, body));
    },
  );
}
