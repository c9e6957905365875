// Turning refusals and zod failures into the API's error body with a Chinese message.
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { AppRefusal } from "../app/refusal.ts";
import type { ApiError, FieldProblem } from "./api-types.ts";
import { fieldMessage } from "./field-messages.ts";
import { zhMessage } from "./messages-zh.ts";

const zhErrors = z.locales.zhCN().localeError;

export function sendRefusal(reply: FastifyReply, refusal: AppRefusal): FastifyReply {
  const body: ApiError = {
    error: {
      code: refusal.code,
      message: zhMessage(refusal.code, refusal.details),
      ...(refusal.details && { details: refusal.details }),
      ...(refusal.problems && { problems: [...refusal.problems] }),
    },
  };
  return reply.code(refusal.status).send(body);
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  fields?: FieldProblem[],
): FastifyReply {
  const body: ApiError = { error: { code, message: zhMessage(code), ...(fields && { fields }) } };
  return reply.code(status).send(body);
}

/** Answers 400 `invalid-body` for a body the JSON parser refused, saying so (there is no field to name). */
export function sendUnreadableBody(reply: FastifyReply): FastifyReply {
  const body: ApiError = {
    error: { code: "invalid-body", message: zhMessage("invalid-body", { json: false }) },
  };
  return reply.code(400).send(body);
}

/** Parses with the schema, or answers 400 naming each bad field and returns undefined. */
export function parseOr400<T extends z.ZodType>(
  schema: T,
  value: unknown,
  reply: FastifyReply,
): z.infer<T> | undefined {
  const input = value ?? {};
  // Without parse params first: zod takes its compiled fast path only then, and with the Chinese error map a
  // valid vote body took four times as long (2.1 µs against 0.5). Only a refused body pays for a second parse.
  const res = schema.safeParse(input);
  if (res.success) return res.data;
  // The same failure again, told in Chinese.
  const zh = schema.safeParse(input, { error: zhErrors });
  const fields = (zh.error ?? res.error).issues.map((i) => ({
    path: i.path.map(String).join("."),
    message: fieldMessage(i, input, i.message),
  }));
  // Every problem once: a union's branches can report the same field the same way.
  const said = [...new Set(fields.map((f) => f.message))];
  const body: ApiError = {
    error: {
      code: "invalid-body",
      message: said.length > 0 ? `请求格式不正确：${said.join("；")}` : zhMessage("invalid-body"),
      fields,
    },
  };
  reply.code(400).send(body);
  return undefined;
}
