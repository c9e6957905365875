// The server's logging: identity-free serializers, and one access-log line per answered request instead of two.
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { type Logger, pino } from "pino";

/** Where log lines go: a stream (tests read it), a file (appended to, as stdout would be), or stdout. */
export type LogDestination = { stream: { write(line: string): void } } | { file: string } | undefined;

/**
 * What a line may carry: method, path and status of a request, never headers, cookies, query strings or bodies, so
 * no alias or account can reach a log line through a request.
 */
const serializers = {
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
};

/** Whether a logger at `level` writes the access line of each request (it is written at info). */
export function writesAccessLines(level: string): boolean {
  // An unknown level counts as writing them; pino refuses it when the logger is made (serverLogger).
  return (pino.levels.values[level] ?? 0) <= pino.levels.values.info!;
}

/**
 * The server's logger: pino at `level`, with the identity-free serializers, to a stream (tests), a file (opened as
 * Fastify opens its `file` option) or stdout. At info and below Fastify is given it (`loggerInstance`) and writes
 * the access lines through it. Above info the app is built without a Fastify logger and every request gets this
 * one (`childLoggerFactory`): Fastify given a logger sets up a listener pair and a log-controller call on every
 * request so as to write an access line that above info is never written. In a vote rush a prototype measured
 * that unused work at 2.7% of the vote endpoint's throughput, within this VM's noise (deploy.md § Performance).
 */
export function serverLogger(level: string, destination: LogDestination): Logger {
  const options = { level, serializers };
  if (destination && "stream" in destination) return pino(options, destination.stream);
  if (destination && "file" in destination) return pino(options, pino.destination(destination.file));
  return pino(options);
}

/**
 * In a vote rush the server answers ten thousand requests a second or more, and each log line costs the event
 * loop its formatting; the arrival line says nothing the completion line does not. What a line may carry is set by
 * the serializers of `serverLogger` (method, path and status only). Each line names its request id itself, since
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
