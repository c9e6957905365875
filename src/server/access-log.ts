// The server's logging: identity-free serializers, and one access-log line per answered request instead of two.
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";

/** Where log lines go: a stream (tests read it), a file (appended to, as stdout would be), or stdout. */
export type LogDestination = { stream: { write(line: string): void } } | { file: string } | undefined;

/**
 * The server's logger options: pino at `level`, with serializers that keep identities out of every line. Only
 * method, path and status of a request: never headers, cookies, query strings or bodies, so no alias or account
 * can reach a log line through a request.
 */
export function loggerOptions(level: string, destination: LogDestination): FastifyServerOptions["logger"] {
  return {
    level,
    ...(destination && "stream" in destination && { stream: destination.stream }),
    ...(destination && "file" in destination && { file: destination.file }),
    serializers: {
      req: (req: { method: string; url: string }) => ({
        method: req.method,
        path: req.url.split("?")[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      // Storage and driver messages name tables and constraints, never row values.
      err: (err: Error & { code?: string }) => ({
        type: err.name,
        code: err.code ?? null,
        message: err.message,
        stack: err.stack ?? "",
      }),
    },
  };
}

/**
 * In a vote rush the server answers ten thousand requests a second or more, and each log line costs the event
 * loop its formatting; the arrival line says nothing the completion line does not. What a line may carry is set by
 * the serializers of `loggerOptions` (method, path and status only). Each line names its request id itself, since
 * requests log through the server's logger (see `requestLogger`).
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
        { reqId: request.id, req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        "request errored",
      );
    else
      reply.log.info(
        { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
        "request completed",
      );
  }
}

/**
 * Fastify's `childLoggerFactory`: every request logs through the server's own logger. Fastify's default makes a pino
 * child (bound to the request id) for every request, whether or not the request writes a line, which in a vote rush
 * is thousands of children a second; the few lines a request writes name `reqId` themselves instead.
 */
export function requestLogger<L>(logger: L): L {
  return logger;
}
