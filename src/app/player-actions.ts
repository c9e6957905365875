// What a seated player does in play: votes, kill posts and IOU completions, room messages, complaints, proxy requests.
import { randomUUID } from "node:crypto";
import type { Account } from "../storage/storage.ts";
import { countWords } from "../text/wordcount.ts";
import { okEvents } from "./game-helpers.ts";
import type { CommandOk, GameContext, GameService } from "./game-service.ts";
import { type OriginalityPort, unavailableOriginality } from "./originality-port.ts";
import { indexCommittedPost } from "./originality-service.ts";
import { ok, type Result, refuse } from "./refusal.ts";

export class PlayerActions<S> {
  readonly #games: GameService<S>;
  readonly #originality: OriginalityPort;

  constructor(deps: { games: GameService<S>; originality?: OriginalityPort }) {
    this.#games = deps.games;
    this.#originality = deps.originality ?? unavailableOriginality;
  }

  vote(
    gameId: string,
    account: Account | null,
    input: { requestId: string; targets: number[]; codes?: (string | null)[] | undefined },
  ): Promise<Result<CommandOk>> {
    // Not "living": a player post-killed this round keeps a half vote (RULINGS 10), and only the engine knows it.
    return this.#games.run(
      gameId,
      account,
      "seated",
      (_ctx, v, at) =>
        this.#games.engineJob({
          type: "CastVote",
          at,
          voter: v.seat!,
          targets: input.targets,
          ...(input.codes && { codes: input.codes }),
        }),
      { requestId: input.requestId },
    );
  }

  async killPost(
    gameId: string,
    account: Account | null,
    input: { requestId: string; target: number; text: string; code?: string | null | undefined },
  ): Promise<Result<CommandOk & { postId: string; words: number; iou: boolean }>> {
    const ctx = await this.#games.context(gameId);
    const rules = ctx?.rules;
    const words = rules
      ? countWords(input.text, { ambiguousIsEastAsian: rules.text.ambiguousIsEastAsian }).words
      : 0;
    const postId = `post-${randomUUID()}`;
    const res = await this.#games.run(
      gameId,
      account,
      "living",
      (_ctx, v, at) => {
        const job = this.#games.engineJob({
          type: "SubmitKillPost",
          at,
          poster: v.seat!,
          target: input.target,
          words,
          postId,
          ...(input.code !== undefined && { code: input.code }),
        });
        return (snap) => {
          const d = job(snap);
          return d.ok ? { ...d, posts: [{ postId, text: input.text }] } : d;
        };
      },
      { requestId: input.requestId },
    );
    if (!res.ok) return res;
    if (ctx && !res.value.replayed) await this.#indexPost(ctx, postId, input.text);
    return ok({ ...res.value, postId, words, iou: rules ? words < rules.text.killPostMin : false });
  }

  async completeIou(
    gameId: string,
    account: Account | null,
    input: { requestId: string; text: string },
  ): Promise<Result<CommandOk & { postId: string; words: number; iou: boolean }>> {
    const ctx = await this.#games.context(gameId);
    const rules = ctx?.rules;
    const words = rules
      ? countWords(input.text, { ambiguousIsEastAsian: rules.text.ambiguousIsEastAsian }).words
      : 0;
    const postId = `iou-${randomUUID()}`;
    const res = await this.#games.run(
      gameId,
      account,
      "living",
      (_ctx, v, at) => {
        const job = this.#games.engineJob({ type: "CompleteIou", at, poster: v.seat!, words, postId });
        return (snap) => {
          const d = job(snap);
          return d.ok ? { ...d, posts: [{ postId, text: input.text }] } : d;
        };
      },
      { requestId: input.requestId },
    );
    if (!res.ok) return res;
    if (ctx && !res.value.replayed) await this.#indexPost(ctx, postId, input.text);
    return ok({ ...res.value, postId, words, iou: false });
  }

  /** Kill posts and IOU completions join the originality index as they are written. */
  #indexPost(ctx: GameContext<S>, postId: string, text: string): Promise<void> {
    const game = { id: ctx.record.id, name: ctx.record.displayName, events: () => ctx.actor.events() };
    return indexCommittedPost(this.#originality, game, postId, text);
  }

  roomMessage(
    gameId: string,
    account: Account | null,
    roomId: string,
    input: { requestId: string; text: string },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(
      gameId,
      account,
      "living",
      (_ctx, v, at) => (snap) => {
        const rooms = this.#games.engine.roomsOf(snap.engine, v.seat!);
        if (!rooms.some((r) => r.id === roomId)) return refuse("not-in-room", 403, { room: roomId });
        return okEvents([
          {
            type: "app.RoomMessagePosted",
            at,
            room: roomId,
            seat: v.seat!,
            alias: v.alias!,
            text: input.text,
          },
        ]);
      },
      { requestId: input.requestId },
    );
  }

  complaint(
    gameId: string,
    account: Account | null,
    input: { requestId: string; round: number; post: number; text: string },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(
      gameId,
      account,
      "player",
      (_ctx, v, at) => (snap) => {
        if (v.seat === null) return refuse("not-a-player", 403);
        // Players name the released post; only the referee learns whose it is.
        const poster = this.#games.engine.posterOf?.(snap.engine, input.round, input.post) ?? null;
        if (poster === null) return refuse("post-not-found", 404);
        return okEvents([
          {
            type: "app.ComplaintFiled",
            at,
            seat: v.seat,
            alias: v.alias!,
            against: poster,
            round: input.round,
            post: input.post,
            text: input.text,
          },
        ]);
      },
      { requestId: input.requestId },
    );
  }

  proxyRequest(
    gameId: string,
    account: Account | null,
    input: { requestId: string; target: number; note?: string | undefined },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(
      gameId,
      account,
      "living",
      (_ctx, v, at) => (snap) => {
        const target = this.#games.engine.seats(snap.engine).find((s) => s.seat === input.target);
        if (!target) return refuse("seat-unknown", 409, { seat: input.target });
        if (!target.alive) return refuse("target-out", 409, { seat: input.target });
        return okEvents([
          {
            type: "app.ProxyRequested",
            at,
            seat: v.seat!,
            alias: v.alias!,
            target: input.target,
            note: input.note ?? "",
          },
        ]);
      },
      { requestId: input.requestId },
    );
  }
}
