// Reading games: the lobby list, one game and its events as the viewer may see them, posts, rooms, the referee's log.

import type { GameEvent } from "../engine/index.ts";
import type { RuleSet } from "../rules/schema.ts";
import type {
  GameEventDto,
  GameListItem,
  GameStatus,
  GameViewResponse,
  InboxItem,
  PostBodyResponse,
  RoomMessage,
  RosterEntry,
} from "../server/api-types.ts";
import type { Account, Storage, StoredEvent } from "../storage/storage.ts";
import { scriptMixPercent } from "../text/script-mix.ts";
import { countWords } from "../text/wordcount.ts";
import { type AppEvent, roomMessageReadable } from "./app-events.ts";
import type { Clock } from "./clock.ts";
import type { GameSnapshot } from "./game-actor.ts";
import { toDto } from "./game-helpers.ts";
import type { GameContext, GameService, Viewer } from "./game-service.ts";
import { type SiteSource, type SiteSourceShown, SOURCE_KIND_NAMES } from "./originality-port.ts";
import { ok, type Result, refuse } from "./refusal.ts";

export class GameReads<S> {
  readonly #games: GameService<S>;
  readonly #storage: Storage;
  readonly #clock: Clock;

  constructor(deps: { games: GameService<S>; storage: Storage; clock: Clock }) {
    this.#games = deps.games;
    this.#storage = deps.storage;
    this.#clock = deps.clock;
  }

  /**
   * The lobby's list. A draft (筹备中, sign-up not yet open) is listed only to its own referees and 副哨: nobody else
   * can do anything with it, and a half-made game is not public.
   */
  async list(status?: GameStatus, account: Account | null = null): Promise<GameListItem[]> {
    const games = await this.#storage.listGames();
    const items: GameListItem[] = [];
    for (const g of games) {
      if (status && g.status !== status) continue;
      if (g.status === "draft" && !(await this.#referees(g.id, account))) continue;
      const rules = g.rules as RuleSet;
      items.push({
        id: g.id,
        name: g.displayName,
        status: g.status as GameStatus,
        rulesName: rules.name,
        players: rules.players,
        signedUp: await this.#signedUp(g.id, g.status as GameStatus, rules),
        createdAt: g.createdAt,
      });
    }
    return items;
  }

  async #referees(gameId: string, account: Account | null): Promise<boolean> {
    if (!account) return false;
    const member = await this.#games.membership(gameId, account.id);
    return member !== undefined && member.kind !== "player";
  }

  /**
   * Players signed up: the player members until the game starts, then its seats. A game starts only with exactly
   * `rules.players` reports, and a substitute (替补) adds a player member for a seat already counted.
   */
  async #signedUp(gameId: string, status: GameStatus, rules: RuleSet): Promise<number> {
    if (status === "running" || status === "ended") return rules.players;
    const members = await this.#storage.listAliases(gameId);
    return members.filter((m) => m.kind === "player").length;
  }

  async view(gameId: string, account: Account | null): Promise<Result<GameViewResponse>> {
    const readable = await this.#games.readable(gameId, account);
    if (!readable.ok) return readable;
    const { ctx, snap, viewer: v } = readable.value;
    const members = await this.#storage.listAliases(gameId);
    return ok({
      game: this.#games.info(ctx, this.#games.status(snap)),
      viewer: { kind: v.kind, alias: v.alias, seat: v.seat, memberKind: v.memberKind },
      members: members.map((m) => ({ alias: m.alias, kind: m.kind, joinedAt: m.createdAt })),
      view: this.#games.engine.started(snap.engine)
        ? this.#games.engine.view(snap.engine, this.#games.engineViewer(v))
        : null,
      lastSeq: this.#games.lastSeenSeq(ctx, v, snap),
      serverTime: this.#clock.now(),
    });
  }

  async events(
    gameId: string,
    account: Account | null,
    after: number,
    types?: ReadonlySet<string>,
  ): Promise<Result<{ events: GameEventDto[]; lastSeq: number }>> {
    const readable = await this.#games.readable(gameId, account);
    if (!readable.ok) return readable;
    const { ctx, snap, viewer: v } = readable.value;
    const events = await ctx.actor.events(after + 1);
    const visible = this.#games.visibleEvents(events, v, snap);
    // The last event the viewer may see, listed here unless none came after `after` (then it is found further
    // back): not the game's last, which moves with hidden events. Taken before the type filter, which is the
    // caller's choice and hides nothing from it.
    const lastSeq = visible.at(-1)?.seq ?? this.#games.lastSeenSeq(ctx, v, snap);
    // Filtered on the type as shown, after redaction, so a type filter never reveals what redaction changed.
    return ok({ events: types ? visible.filter((e) => types.has(e.type)) : visible, lastSeq });
  }

  /** A post body, shown only when an event the viewer may see refers to it. */
  async postBody(gameId: string, account: Account | null, postId: string): Promise<Result<PostBodyResponse>> {
    const readable = await this.#games.readable(gameId, account);
    if (!readable.ok) return readable;
    const { ctx, snap, viewer: v } = readable.value;
    const seen = this.#seenPost(ctx, snap, v, postId);
    if (!seen) return refuse("post-not-found", 404);
    const body = await this.#storage.getPostBody(gameId, postId);
    if (!body) return refuse("post-not-found", 404);
    const words =
      typeof seen.ref?.data.words === "number"
        ? seen.ref.data.words
        : countWords(body.text, { ambiguousIsEastAsian: ctx.rules.text.ambiguousIsEastAsian }).words;
    // The referee judges whether a post is a 繁体字帖 or 外文帖; others who may read it can see that for themselves.
    const script = v.referee ? { script: scriptMixPercent(body.text) } : {};
    // When it was handed in is the referees' and, through its own event, the poster's: a released kill post shows
    // everyone else its release, or its hand-in times would tell which posts were late, or entered by a referee.
    const createdAt = v.referee ? body.createdAt : (seen.ref?.at ?? seen.releasedAt ?? body.createdAt);
    return ok({ postId, text: body.text, words, createdAt, ...script });
  }

  /**
   * What `account` may see of a post quoted as an originality source: everything if it referees the post's game;
   * else what that game shows the public, once the public may read the post (the game's name, the post's kind and
   * round; never its seat or alias, 旧帖追魂); else nothing.
   */
  async originalitySource(account: Account | null, source: SiteSource): Promise<SiteSourceShown> {
    const ctx = await this.#games.context(source.gameId);
    if (!ctx) return null;
    const snap = await ctx.actor.snapshot();
    if ((await this.#games.viewer(source.gameId, account, snap)).referee) return "full";
    // A draft's name is its referees' alone (GameService.readable).
    if (this.#games.status(snap) === "draft") return null;
    const seen = this.#seenPost(
      ctx,
      snap,
      await this.#games.viewer(source.gameId, null, snap),
      source.postId,
    );
    if (!seen) return null;
    const round = seen.round ?? seen.ref?.data.round;
    const parts = [ctx.record.displayName, ...(typeof round === "number" ? [`第${round}轮`] : [])];
    return { title: [...parts, SOURCE_KIND_NAMES[source.kind]].join(" · ") };
  }

  /** Whether the viewer may read a post: an event it may see names the post, or the post is released. */
  #seenPost(
    ctx: GameContext<S>,
    snap: GameSnapshot<S>,
    v: Viewer,
    postId: string,
  ): { ref: GameEventDto | undefined; round: number | undefined; releasedAt: number | undefined } | null {
    // Only the events naming this post are redacted for the viewer: redaction keeps or drops a postId, never
    // adds one, and redacting the whole log for every post opened costs in proportion to the game's length.
    const naming: StoredEvent[] = [];
    ctx.actor.visitLoaded(1, (event, seq) => {
      if ((event as { postId?: unknown }).postId === postId) naming.push({ seq, event });
    });
    const ref = this.#games.visibleEvents(naming, v, snap).find((e) => e.data.postId === postId);
    const released = this.#games.engine.publicPostIds?.(snap.engine).get(postId);
    return ref || released ? { ref, round: released?.round, releasedAt: released?.at } : null;
  }

  async roomMessages(
    gameId: string,
    account: Account | null,
    roomId: string,
  ): Promise<Result<{ room: { id: string; name: string }; messages: RoomMessage[] }>> {
    if (!account) return refuse("unauthenticated", 401);
    const ctx = await this.#games.context(gameId);
    if (!ctx) return refuse("game-not-found", 404);
    const snap = await ctx.actor.snapshot();
    const v = await this.#games.viewer(gameId, account, snap);
    if (this.#games.hiddenDraft(snap, v)) return refuse("game-not-found", 404);
    let room: { id: string; name: string } | undefined;
    if (v.referee) {
      // Every room a seat can be in is declared in the rule set (the checker refuses others), alliance rooms too.
      const r = ctx.rules.rooms.find((x) => x.id === roomId);
      if (!r) return refuse("room-not-found", 404, { room: roomId });
      room = { id: r.id, name: r.name };
    } else if (v.seat !== null) {
      room = this.#games.engine.roomsOf(snap.engine, v.seat).find((r) => r.id === roomId);
    }
    if (!room) return refuse("not-in-room", 403, { room: roomId });
    const messages: RoomMessage[] = [];
    const reader =
      v.referee || v.seat === null
        ? null
        : {
            rooms: new Set([roomId]),
            hiddenMember: this.#games.engine.hiddenRoomMemberOf?.(snap.engine, v.seat) ?? null,
            roomsSince: this.#games.engine.roomsJoinedLate?.(snap.engine, v.seat) ?? null,
          };
    ctx.actor.visitLoaded(1, (event, seq) => {
      const e = event as AppEvent;
      if (
        e.type === "app.RoomMessagePosted" &&
        e.room === roomId &&
        (!reader || roomMessageReadable(e, reader))
      )
        messages.push({ seq, at: e.at, alias: e.alias, text: e.text });
    });
    return ok({ room: { id: room.id, name: room.name }, messages });
  }

  async roster(gameId: string, account: Account | null): Promise<Result<RosterEntry[]>> {
    if (!account) return refuse("unauthenticated", 401);
    const ctx = await this.#games.context(gameId);
    if (!ctx) return refuse("game-not-found", 404);
    const res = await this.#storage.refereeRoster(gameId, account.id);
    const snap = await ctx.actor.snapshot();
    if (!res.ok)
      return this.#games.hiddenDraft(snap, { referee: false })
        ? refuse("game-not-found", 404)
        : refuse("forbidden", 403);
    const seats = this.#games.engine.seats(snap.engine);
    const seatOf = new Map(seats.map((s) => [s.alias, s.seat]));
    return ok(
      res.members.map((m) => ({
        alias: m.alias,
        kind: m.kind,
        seat: seatOf.get(m.alias) ?? null,
        accountId: m.accountId,
        username: m.username,
        joinedAt: m.createdAt,
      })),
    );
  }

  async inbox(gameId: string, account: Account | null): Promise<Result<InboxItem[]>> {
    const gate = await this.#games.refereeGate(gameId, account);
    if (!gate.ok) return gate;
    const items: InboxItem[] = [];
    const snap = await gate.value.actor.snapshot(); // loads the stream if it is not in memory
    const engine = this.#games.engine;
    const waiting = (kind: InboxItem["kind"], matches: (item: InboxItem) => boolean) =>
      items.filter((it) => it.kind === kind && it.handled === undefined && matches(it));
    // Each round's submissions in order (a post's index is its place), voided or not, for the post a 作废杀帖 hit: the
    // one it names, or (events from before it named one) the poster's latest standing one (decide-override.ts).
    const sent = new Map<number, { poster: number; voided: boolean }[]>();
    // When a 白条 last stopped being open (completed, failed, voided by an upheld complaint): a 白条延期 request with
    // none of the other camp's left has nothing to extend.
    let lastIouEnd: number | null = null;

    gate.value.actor.visitLoaded(1, (event, seq) => {
      const e = event as AppEvent | GameEvent;
      if (
        e.type === "IouCompleted" ||
        e.type === "IouFailed" ||
        e.type === "ComplaintUpheld" ||
        (e.type === "OverrideApplied" && e.override.action === "accept-iou")
      )
        lastIouEnd = e.at;
      if (e.type === "KillPostSubmitted") {
        sent.set(e.round, [...(sent.get(e.round) ?? []), { poster: e.poster, voided: false }]);
      }
      if (e.type === "VoteCast") {
        // A proxy ballot answers the seat's requests before it (a later one supersedes an earlier one); the player's
        // own ballot overrides them (any still waiting were asked in this vote: a vote's close settles the rest).
        // A 代投 for other seats than asked is told as such: the record must not read as the request followed.
        for (const it of waiting("proxy-request", (x) => x.fromSeat === e.voter)) {
          const otherwise = e.proxy && (e.targets.length !== 1 || e.targets[0] !== it.target);
          it.handled = {
            at: e.at,
            outcome: e.proxy ? "proxy-cast" : "self-voted",
            ...(otherwise && { castOtherwise: [...e.targets] }),
          };
        }
      } else if (e.type === "VoteClosed") {
        // A 托票 is for the vote it was asked in: once that closes, its button would cast into the next round's. One
        // still waiting went unentered past its cut-off (an overtime's proxies are not timed: those simply expire).
        const cutoff =
          e.stage === "regular" ? (engine.proxyCutoffOf?.(snap.engine, 0, e.round) ?? null) : null;
        for (const it of waiting("proxy-request", (x) => x.at <= e.at)) {
          if (cutoff !== null && it.at < cutoff && cutoff <= e.at) {
            it.cutoff = cutoff;
            it.handled = { at: cutoff, outcome: "after-cutoff" };
          } else it.handled = { at: e.at, outcome: "expired" };
        }
      } else if (e.type === "TieBroken" && e.referee && e.referee.slots > 0) {
        // Nobody asked: the rule left the place open, and only the referee can fill it (RULINGS 11).
        items.push({
          seq,
          at: e.at,
          kind: "tie-decision",
          fromSeat: null,
          fromAlias: "",
          round: e.round,
          tied: e.referee.seats,
          slots: e.referee.slots,
          tieReason: e.referee.reason,
          ...(e.house !== undefined && { house: e.house }),
          text: "",
        });
      } else if (e.type === "LeadVoterLeftToReferee") {
        // leadVoter "referee" (RULINGS 13): the bomb is out and takes nobody until the referee names its 领票人.
        items.push({
          seq,
          at: e.at,
          kind: "lead-voter-decision",
          fromSeat: null,
          fromAlias: "",
          round: e.round,
          bomb: e.bomb,
          voters: e.voters,
          text: "",
        });
      } else if (e.type === "OverrideApplied" && e.override.action === "decide-lead-voter") {
        const o = e.override;
        for (const it of waiting("lead-voter-decision", (x) => x.round === o.round && x.bomb === o.bomb))
          it.handled = { at: e.at, outcome: "decided" };
      } else if (e.type === "OverrideApplied" && e.override.action === "decide-tie") {
        const o = e.override;
        for (const it of waiting(
          "tie-decision",
          (x) => x.round === o.round && (x.house ?? 1) === (o.house ?? 1),
        ))
          it.handled = { at: e.at, outcome: "decided" };
      } else if (e.type === "EndingLeftToReferee") {
        // Win conditions for different winners held at once: only the referee's 结束游戏 settles it.
        items.push({
          seq,
          at: e.at,
          kind: "ending-decision",
          fromSeat: null,
          fromAlias: "",
          round: e.round,
          endings: e.candidates.map(({ winner, why }) => ({ winner, why })),
          text: "",
        });
      } else if (e.type === "EndingContestWithdrawn") {
        // A revival undid the contest: the question is gone (an ending that now holds alone ends the game as usual).
        for (const it of waiting("ending-decision", () => true))
          it.handled = { at: e.at, outcome: "withdrawn" };
      } else if (e.type === "GameEnded") {
        for (const it of waiting("ending-decision", () => true))
          it.handled = { at: e.at, outcome: "decided" };
        // Nothing can be ruled on once the game is over: a complaint still waiting expires with the ties.
        for (const it of [
          ...waiting("tie-decision", () => true),
          ...waiting("lead-voter-decision", () => true),
          ...waiting("complaint", () => true),
        ])
          it.handled = { at: e.at, outcome: "expired" };
      } else if (e.type === "ComplaintWindowClosed" && !e.keepsFiled) {
        // A log stored before complaints outlived their window (events.ts): there they lapsed with it.
        for (const it of waiting("complaint", (x) => x.round === e.round))
          it.handled = { at: e.at, outcome: "expired" };
      } else if (e.type === "RoundClosed") {
        // 白条延期 is "当轮延长一天": once the round is over, a request left unanswered has nothing to extend.
        for (const it of waiting("extension-request", (x) => x.at <= e.at))
          it.handled = { at: e.at, outcome: "expired" };
      } else if (e.type === "IouExtensionGranted") {
        // 「当轮延长一天」 once: every other request waiting for this round is answered by it too.
        for (const it of waiting("extension-request", (x) => x.at <= e.at)) {
          const asked = it.fromSeat !== null && e.requestedBy.includes(it.fromSeat);
          it.handled = { at: e.at, outcome: asked ? "granted" : "round-extended" };
        }
      } else if (e.type === "IouFailed") {
        // The post is void already (its 白条 failed): there is nothing left to rule on.
        for (const it of waiting("complaint", (x) => x.round === e.round && x.post === e.post))
          it.handled = { at: e.at, outcome: "voided" };
      } else if (e.type === "OverrideApplied" && e.override.action === "substitute") {
        // A 托票 is its asker's: the 替补 who takes the seat did not ask for it, and votes for itself.
        const seat = e.override.seat;
        for (const it of waiting("proxy-request", (x) => x.fromSeat === seat))
          it.handled = { at: e.at, outcome: "expired" };
      } else if (e.type === "OverrideApplied" && e.override.action === "void-post") {
        const poster = e.override.poster;
        const posts = sent.get(e.round) ?? [];
        const named = e.override.post;
        const index =
          named !== undefined ? named : posts.findLastIndex((p) => p.poster === poster && !p.voided);
        if (index >= 0) (posts[index] as { voided: boolean }).voided = true;
        // Only the complaint on that very post: one on the poster's other post of the round still waits.
        for (const it of waiting("complaint", (x) => x.round === e.round && x.post === index))
          it.handled = { at: e.at, outcome: "voided" };
      } else if (
        e.type === "ComplaintUpheld" ||
        e.type === "ComplaintDismissed" ||
        e.type === "ComplaintRuledIou"
      ) {
        const outcome =
          e.type === "ComplaintUpheld" ? "upheld" : e.type === "ComplaintRuledIou" ? "as-iou" : "dismissed";
        const named = (x: InboxItem) =>
          x.against === e.poster && (x.round === undefined || (x.round === e.round && x.post === e.post));
        for (const it of waiting("complaint", named)) it.handled = { at: e.at, outcome };
      } else if (e.type === "app.ReportApproved" || e.type === "app.ReportRejected") {
        const outcome = e.type === "app.ReportApproved" ? "approved" : "rejected";
        for (const it of waiting("report-flagged", (x) => x.fromAlias === e.alias))
          it.handled = { at: e.at, outcome };
      } else if (e.type === "app.PlayerWithdrawn") {
        // The sign-up is gone, its 报道 with it: nothing is left to rule on, and nobody to answer (the alias's next
        // holder is another player, who reads none of this one's 私信).
        for (const it of waiting("report-flagged", (x) => x.fromAlias === e.alias))
          it.handled = { at: e.at, outcome: "signup-withdrawn" };
        for (const it of waiting("message", (x) => x.fromAlias === e.alias))
          it.handled = { at: e.at, outcome: "signup-withdrawn" };
      } else if ((e.type === "app.PlayerJoined" || e.type === "app.ReportRedone") && e.copiedFlagged) {
        // Over the copied-share limit (RULINGS 17): the referee rules on it in 报道审核.
        items.push({
          seq,
          at: e.at,
          kind: "report-flagged",
          fromSeat: null,
          fromAlias: e.alias,
          ...(typeof e.copiedPercent === "number" && { copiedPercent: e.copiedPercent }),
          postId: e.postId,
          text: "",
        });
      } else if (e.type === "app.RefereeMessage") {
        // 私信哨子 waits for an answer; a referee's answer to that player answers every one before it.
        // The answer goes with each: the inbox is where the referees see what was said back, by whom. An answer with
        // none waiting (a second word on the same matter) goes with that player's latest message.
        if (e.fromReferee) {
          const reply = { text: e.text, ...(e.referee !== undefined && { referee: e.referee }) };
          const open = waiting("message", (x) => x.fromAlias === e.alias);
          const to =
            open.length > 0
              ? open
              : items.filter((x) => x.kind === "message" && x.fromAlias === e.alias).slice(-1);
          for (const it of to) {
            it.handled ??= { at: e.at, outcome: "replied" };
            it.replies = [...(it.replies ?? []), reply];
          }
        } else
          items.push({ seq, at: e.at, kind: "message", fromSeat: null, fromAlias: e.alias, text: e.text });
      } else if (e.type === "app.ComplaintFiled")
        items.push({
          seq,
          at: e.at,
          kind: "complaint",
          fromSeat: e.seat,
          fromAlias: e.alias,
          against: e.against,
          ...(e.round !== undefined && { round: e.round }),
          ...(e.post !== undefined && { post: e.post }),
          text: e.text,
          ...(e.receivedAt !== undefined && { receivedAt: e.receivedAt }),
          ...(e.referee !== undefined && { enteredBy: e.referee }),
        });
      else if (e.type === "app.ExtensionRequested")
        items.push({
          seq,
          at: e.at,
          kind: "extension-request",
          fromSeat: e.seat,
          fromAlias: e.alias,
          text: e.note,
        });
      else if (e.type === "app.ProxyRequested")
        items.push({
          seq,
          at: e.at,
          kind: "proxy-request",
          fromSeat: e.seat,
          fromAlias: e.alias,
          target: e.target,
          ...(e.code ? { code: e.code } : {}),
          text: e.note,
        });
    });
    // The requests still waiting are for the vote open now or the next to open: each is told its cut-off, and from
    // the cut-off on (no event marks it) it can no longer be entered (RULINGS 12: the entry time is what counts).
    const now = this.#clock.now();
    for (const it of waiting("extension-request", () => true)) {
      // Asked of the engine as the grant would be (score/extension.ts), by the seat's real role: only "nothing open
      // to extend for" answers it.
      const refusal =
        it.fromSeat === null ? null : engine.extensionRequestRefusal?.(snap.engine, it.fromSeat, true);
      if (refusal?.code === "iou-extension.no-open-iou")
        it.handled = { at: Math.max(lastIouEnd ?? it.at, it.at), outcome: "iou-settled" };
    }
    for (const it of items) {
      if (it.kind !== "proxy-request" || it.handled !== undefined || it.fromSeat === null) continue;
      // Asked for what the player has cast itself already: entering it would change only the vote's time (its place),
      // and the engine refuses it (proxy.same-as-own). Nothing to do unless the player votes otherwise.
      const own = engine.standingBallotOf?.(snap.engine, it.fromSeat) ?? null;
      if (own && !own.proxy && own.targets.length === 1 && own.targets[0] === it.target) {
        if ((own.codes?.[0] ?? null) === (it.code ?? null)) {
          it.handled = { at: it.at, outcome: "same-as-own" };
          continue;
        }
      }
      const cutoff = engine.proxyCutoffOf?.(snap.engine, it.fromSeat) ?? null;
      if (cutoff === null) continue;
      it.cutoff = cutoff;
      if (now >= cutoff) it.handled = { at: cutoff, outcome: "after-cutoff" };
    }
    return ok(items);
  }

  async log(
    gameId: string,
    account: Account | null,
    after = 0,
  ): Promise<Result<{ events: GameEventDto[]; lastSeq: number }>> {
    const gate = await this.#games.refereeGate(gameId, account);
    if (!gate.ok) return gate;
    const events = await gate.value.actor.events(after + 1);
    const snap = await gate.value.actor.snapshot();
    return ok({ events: events.map((e) => toDto(e.seq, e.event)), lastSeq: snap.lastSeq });
  }
}
