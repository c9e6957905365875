// What a seated player does in play: votes, kill posts and IOU completions, room messages, complaints, proxy requests;
// and what a referee enters for a player from off the site (录入杀帖, 补白条, 举报).
import { randomUUID } from "node:crypto";
import type { Command, Seat } from "../engine/contract.ts";
import type { Account } from "../storage/storage.ts";
import { countWords } from "../text/wordcount.ts";
import type { EngineEvent } from "./engine-port.ts";
import type { GameSnapshot } from "./game-actor.ts";
import { okEvents, signedBy } from "./game-helpers.ts";
import {
  type CommandOk,
  engineRefusalStatus,
  type GameContext,
  type GameService,
  type Viewer,
} from "./game-service.ts";
import { type OriginalityPort, unavailableOriginality } from "./originality-port.ts";
import { indexCommittedPost } from "./originality-service.ts";
import { ok, type Result, refuse } from "./refusal.ts";

/** A post's answer: the command's, plus the post's id, its 字数, and whether a kill post became an IOU (白条). */
type PostOk = CommandOk & { postId: string; words: number; iou: boolean };

/**
 * Refusals of a proxy ballot that no 托票 asked now could escape: a seat with no vote to entrust, past the cut-off or
 * the deadline, or a change the seat may no longer make (7kill: its one change used, or the last hour begun).
 */
const PROXY_REFUSED: ReadonlySet<string> = new Set([
  // No vote to entrust: an out seat without this round's half vote (RULINGS 10).
  "vote.voter-out",
  "vote.no-vote-right",
  "proxy.after-cutoff",
  "proxy.too-late-to-publish",
  "vote.after-deadline",
  "vote.no-more-changes",
  "vote.change-frozen",
]);
const VOTE_NOT_OPEN: ReadonlySet<string> = new Set(["vote.not-open"]);

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

  killPost(
    gameId: string,
    account: Account | null,
    input: { requestId: string; target: number; text: string; code?: string | null | undefined },
  ): Promise<Result<PostOk>> {
    return this.#post(gameId, account, input, "post", (at, v, words, postId) => ({
      type: "SubmitKillPost",
      at,
      poster: v.seat!,
      target: input.target,
      words,
      postId,
      ...(input.code !== undefined && { code: input.code }),
    }));
  }

  /**
   * 录入杀帖: a kill post entered by a referee for `poster`, whose player sent it off the site (QQ, 站内信) in the
   * posting window when the site could not be reached. The same command as the player's own (the engine's window,
   * rotation and post-right checks, judged at the referee's entry time), counted, stored and indexed alike, so it is
   * the seat's post for this round. The event itself names the referee who entered it (`referee`): one event, as a
   * player's own post is, so the seqs the other players see do not tell the two apart (an `app.KillPostEntered`
   * beside it did, until the thirty-second session; logs stored before keep theirs).
   */
  killPostFor(
    gameId: string,
    account: Account | null,
    input: {
      requestId: string;
      poster: Seat;
      target: number;
      text: string;
      code?: string | null | undefined;
    },
  ): Promise<Result<PostOk>> {
    return this.#post(
      gameId,
      account,
      input,
      "post",
      (at, v, words, postId) => ({
        type: "SubmitKillPost",
        at,
        poster: input.poster,
        target: input.target,
        words,
        postId,
        ...(input.code !== undefined && { code: input.code }),
        ...signedBy(v),
      }),
      "referee",
    );
  }

  completeIou(
    gameId: string,
    account: Account | null,
    input: { requestId: string; text: string },
  ): Promise<Result<PostOk>> {
    return this.#post(gameId, account, input, "iou", (at, v, words, postId) => ({
      type: "CompleteIou",
      at,
      poster: v.seat!,
      words,
      postId,
    }));
  }

  /**
   * 补白条 entered by a referee for `poster`: the text a poster sent them privately (one already out, whose posts on
   * the site would be 诈尸, or one who could not reach the site), counted and indexed like the poster's own, and
   * signed by the referee.
   */
  completeIouFor(
    gameId: string,
    account: Account | null,
    input: { requestId: string; poster: Seat; text: string },
  ): Promise<Result<PostOk>> {
    return this.#post(
      gameId,
      account,
      input,
      "iou",
      (at, v, words, postId) => ({
        ...signedBy(v),
        type: "CompleteIou",
        at,
        poster: input.poster,
        words,
        postId,
      }),
      "referee",
    );
  }

  /**
   * A post with a body (a kill post, an IOU completion): its 字数 counted by the rule set, its body stored with
   * the command's events, and indexed for originality once committed. `iou` says whether a kill post fell short
   * of the kill-post minimum (an IOU completion never does).
   */
  async #post(
    gameId: string,
    account: Account | null,
    input: { requestId: string; text: string },
    idPrefix: "post" | "iou",
    command: (at: number, v: Viewer, words: number, postId: string) => Command,
    need: "living" | "referee" = "living",
    /** App events to write beside the engine's, from those (a referee's entry names the round the engine chose). */
    also?: (events: EngineEvent[], v: Viewer, snap: GameSnapshot<S>) => EngineEvent[],
  ): Promise<Result<PostOk>> {
    const ctx = await this.#games.context(gameId);
    const rules = ctx?.rules;
    const words = rules
      ? countWords(input.text, { ambiguousIsEastAsian: rules.text.ambiguousIsEastAsian }).words
      : 0;
    const postId = `${idPrefix}-${randomUUID()}`;
    const res = await this.#games.run(
      gameId,
      account,
      need,
      (_ctx, v, at) => {
        const job = this.#games.engineJob(command(at, v, words, postId));
        return (snap) => {
          const d = job(snap);
          if (!d.ok) return d;
          const events = also ? [...d.events, ...also(d.events, v, snap)] : d.events;
          return { ...d, events, posts: [{ postId, text: input.text }] };
        };
      },
      { requestId: input.requestId },
    );
    if (!res.ok) return res;
    if (ctx && !res.value.replayed) await this.#indexPost(ctx, postId, input.text);
    const iou = idPrefix === "post" && rules !== undefined && words < rules.text.killPostMin;
    return ok({ ...res.value, postId, words, iou });
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
        // Players name the released post by its public number (its engine index is the hand-in order, not theirs to
        // know); the complaint is stored by the engine index, as the referee's desk names posts.
        const post = this.#games.engine.postIndexOfPublic(snap.engine, input.round, input.post);
        // Only the referee learns whose it is.
        const poster =
          post === null ? null : (this.#games.engine.posterOf?.(snap.engine, input.round, post) ?? null);
        if (post === null || poster === null) return refuse("post-not-found", 404);
        const filed: EngineEvent = {
          type: "app.ComplaintFiled",
          at,
          seat: v.seat,
          alias: v.alias!,
          against: poster,
          round: input.round,
          post,
          text: input.text,
        };
        // The engine records it, so an ending its ruling could change waits for the ruling; past the complaint
        // deadline (RULINGS 16) the referee could no longer rule on it: refused now, not then.
        const job = this.#games.engineJob({ type: "FileComplaint", at, round: input.round, post }, [filed]);
        return job(snap);
      },
      { requestId: input.requestId },
    );
  }

  /**
   * 录入举报: a complaint the 哨群 received off the site, entered by a referee, perhaps after the window: the engine
   * judges it by `receivedAt` (seed 000 「至次日16点前哨群受理举报」). With a complainant it is that seat's, under the
   * seat's alias now, exactly as its own complaint would be (so its 我的举报 lists it); without, the 哨群's own.
   */
  complaintFor(
    gameId: string,
    account: Account | null,
    input: {
      requestId: string;
      round: number;
      post: number;
      text: string;
      receivedAt: number;
      complainant?: Seat | undefined;
    },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(
      gameId,
      account,
      "referee",
      (ctx, v, at) => (snap) => {
        let by: { seat: Seat | null; alias: string } = { seat: null, alias: "" };
        if (input.complainant !== undefined) {
          const seat = this.#games.engine.seats(snap.engine).find((s) => s.seat === input.complainant);
          if (!seat) return refuse("seat-unknown", 409, { seat: input.complainant });
          // The complaint is its sender's: a 替补 who took the seat after the 哨群 received it is another person, who
          // must not read it as its own (its 我的举报 would show it).
          let since = 0;
          ctx.actor.visitLoaded(1, (event) => {
            const o = (event as { type: string; override?: { action?: string; seat?: number } }).override;
            if (event.type === "OverrideApplied" && o?.action === "substitute" && o.seat === seat.seat)
              since = (event as { at: number }).at;
          });
          if (since > input.receivedAt)
            return refuse("complainant-replaced", 409, { seat: seat.seat, alias: seat.alias });
          by = { seat: seat.seat, alias: seat.alias };
        }
        const poster = this.#games.engine.posterOf?.(snap.engine, input.round, input.post) ?? null;
        if (poster === null) return refuse("post-not-found", 404);
        const signed = signedBy(v);
        const filed: EngineEvent = {
          type: "app.ComplaintFiled",
          at,
          ...by,
          against: poster,
          round: input.round,
          post: input.post,
          text: input.text,
          receivedAt: input.receivedAt,
          ...signed,
        };
        const job = this.#games.engineJob(
          {
            type: "FileComplaint",
            at,
            round: input.round,
            post: input.post,
            receivedAt: input.receivedAt,
            ...signed,
          },
          [filed],
        );
        return job(snap);
      },
      { requestId: input.requestId },
    );
  }

  proxyRequest(
    gameId: string,
    account: Account | null,
    input: { requestId: string; target: number; note?: string | undefined; code?: string | null | undefined },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(
      gameId,
      account,
      // Not "living": a player post-killed this round keeps a half vote (RULINGS 10) and may entrust it to the referee
      // like any vote (seed 000 「如果有事无法按时投票。请向哨子托票」); the engine's check below refuses the rest.
      "seated",
      (_ctx, v, at) => (snap) => {
        const seats = this.#games.engine.seats(snap.engine);
        const target = seats.find((s) => s.seat === input.target);
        if (!target) return refuse("seat-unknown", 409, { seat: input.target });
        if (!target.alive) return refuse("target-out", 409, { seat: input.target });
        const entry: Command = { type: "EnterProxyVote", at, voter: v.seat!, targets: [input.target] };
        // An out seat's half vote lives in its round's open vote only: with no vote open it has none to entrust (the
        // engine would say only that the vote is not open).
        const alive = seats.find((s) => s.seat === v.seat)?.alive === true;
        if (!alive && this.#wouldRefuse(snap.engine, entry, VOTE_NOT_OPEN))
          return refuse("vote.voter-out", 403, { voter: v.seat });
        // "20:45分后不接受任何形式的托票": a request the referee could no longer enter is refused now, not accepted and
        // left to fail at the referee's button (a living player's request before the vote opens is fine).
        const late = this.#wouldRefuse(snap.engine, entry, PROXY_REFUSED);
        if (late) return late;
        return okEvents([
          {
            type: "app.ProxyRequested",
            at,
            seat: v.seat!,
            alias: v.alias!,
            target: input.target,
            note: input.note ?? "",
            ...(input.code ? { code: input.code } : {}),
          },
        ]);
      },
      { requestId: input.requestId },
    );
  }

  /**
   * 白条延期 (score rule): "对方阵营有权申请当轮延长一天…该申请必须在白条补齐前提出". The request goes to the referee's
   * inbox, private like a 托票; the referee grants it or lets it lie. Who may ask and when is the engine's check, run
   * here on the player's receipt time (src/engine/score/extension.ts `extensionRequestRefusal`).
   */
  extensionRequest(
    gameId: string,
    account: Account | null,
    input: { requestId: string; note?: string | undefined },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(
      gameId,
      account,
      "living",
      (ctx, v, at) => {
        if (ctx.rules.win.kind !== "score") return refuse("iou-extension.not-score-rule", 409);
        return (snap) => {
          // The engine's check of the grant the referee would make (GrantIouExtension, requestedBy this seat): a
          // request the referee could only fail to grant is refused now, not left in the inbox with a grant button.
          // It reads only what the player may know (a ranger is not told whether a swordsman is alive).
          const refusal = this.#games.engine.extensionRequestRefusal?.(snap.engine, v.seat!) ?? null;
          if (refusal) return refuse(refusal.code, engineRefusalStatus(refusal.code), refusal.details);
          return okEvents([
            { type: "app.ExtensionRequested", at, seat: v.seat!, alias: v.alias!, note: input.note ?? "" },
          ]);
        };
      },
      { requestId: input.requestId },
    );
  }

  /**
   * 私信哨子: a word to the referees only. Any player of the game, before the start, out or replaced too: what the
   * forum's 站内信 carried (an appeal of a ruling, a problem with the site, a leak seen), which nobody else reads.
   */
  messageReferee(
    gameId: string,
    account: Account | null,
    input: { requestId: string; text: string },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(
      gameId,
      account,
      "player",
      (_ctx, v, at) => () =>
        okEvents([{ type: "app.RefereeMessage", at, alias: v.alias!, text: input.text, fromReferee: false }]),
      { requestId: input.requestId },
    );
  }

  /**
   * The refusal the engine would give the referee's command now, where its code is one of `codes`; else null. A
   * player's request that the referee could only fail to act on is refused at the player's own receipt time.
   */
  #wouldRefuse(state: S, command: Command, codes: ReadonlySet<string>): ReturnType<typeof refuse> | null {
    const d = this.#games.engine.decide(state, command);
    if (d.ok || !codes.has(d.refusal.code)) return null;
    return refuse(d.refusal.code, engineRefusalStatus(d.refusal.code), d.refusal.details);
  }
}
