// The access log: one line per answered request, instead of Fastify's two (one on arrival, one on completion).
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * In a vote rush the server answers ten thousand requests a second or more, and each log line costs the event
 * loop its formatting; the arrival line says nothing the completion line does not. What a line may carry is set by
 * the logger's serializers in app.ts (method, path and status only).
 */
export class OneLineAccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        "request errored",
      );
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}
