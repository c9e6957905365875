// HTTP routes of the discussion threads (讨论帖): the thread list, a page of posts, and posting.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { DiscussionService } from "../app/discussion-service.ts";
import type {
  DiscussionPostResponse,
  DiscussionPostsResponse,
  DiscussionThreadsResponse,
} from "./api-types.ts";
import { parseOr400, sendRefusal } from "./http-errors.ts";

const PostBody = z.strictObject({
  requestId: z.string().min(8).max(100),
  text: z
    .string()
    .max(50_000)
    .refine((t) => t.trim().length > 0, { message: "不能为空" }),
});

const PageQuery = z.strictObject({
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

type T = { Params: { id: string; thread: string } };

export function registerDiscussionRoutes<S>(
  app: FastifyInstance,
  discussion: DiscussionService<S>,
  writeLimit: { rateLimit: { max: number; timeWindow: number } },
): void {
  app.get<{ Params: { id: string } }>("/api/games/:id/discussion", async (req, reply) => {
    const res = await discussion.threads(req.params.id, req.account);
    if (!res.ok) return sendRefusal(reply, res.refusal);
    const body: DiscussionThreadsResponse = res.value;
    return body;
  });

  app.get<T>("/api/games/:id/discussion/:thread/posts", async (req, reply) => {
    const q = parseOr400(PageQuery, req.query, reply);
    if (!q) return reply;
    const res = await discussion.posts(req.params.id, req.account, req.params.thread, q);
    if (!res.ok) return sendRefusal(reply, res.refusal);
    const body: DiscussionPostsResponse = res.value;
    return body;
  });

  app.post<T>("/api/games/:id/discussion/:thread/posts", { config: writeLimit }, async (req, reply) => {
    const body = parseOr400(PostBody, req.body, reply);
    if (!body) return reply;
    const res = await discussion.post(req.params.id, req.account, req.params.thread, body);
    if (!res.ok) return sendRefusal(reply, res.refusal);
    const out: DiscussionPostResponse = { ok: true, ...res.value };
    return out;
  });
}
