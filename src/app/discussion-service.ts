// Discussion threads (讨论帖): which threads a game has, their posts, and posting (7kill's posts go to the engine as Say).
import { randomUUID } from "node:crypto";
import type { Command, Seat } from "../engine/contract.ts";
import type {
  DiscussionPost,
  DiscussionThread,
  DiscussionThreadKind,
  GameView,
} from "../server/api-types.ts";
import type { Account, Storage } from "../storage/storage.ts";
import { countWords } from "../text/wordcount.ts";
import type { AppEvent } from "./app-events.ts";
import type { Clock } from "./clock.ts";
import type { EngineEvent } from "./engine-port.ts";
import type { GameActor, GameSnapshot, JobDecision } from "./game-actor.ts";
import { type CommandOk, deadMayPostInGeneral, type GameService } from "./game-service.ts";
import { discussionLineage, type OriginalityPort } from "./originality-port.ts";
import { ok, type Result, refuse } from "./refusal.ts";

export const GENERAL_THREAD = "general";
const PAGE_MAX = 200;

type DiscussionEvent = Extract<AppEvent, { type: "app.DiscussionPosted" }>;

interface ThreadRef {
  id: string;
  kind: DiscussionThreadKind;
  round: number | null;
}

/** "3:day" (the engine's thread key, as in DiscussionPosted and ThreadClosed) → "day-3". */
export function threadIdOfKey(key: string): string | null {
  const m = /^(\d+):(day|duel)$/.exec(key);
  return m ? `${m[2]}-${m[1]}` : null;
}

export function parseThreadId(id: string): ThreadRef | null {
  if (id === GENERAL_THREAD) return { id, kind: "general", round: null };
  const m = /^(round|day|duel|last-words)-([1-9]\d{0,4})$/.exec(id);
  if (!m) return null;
  return { id, kind: m[1] as DiscussionThreadKind, round: Number(m[2]) };
}

export class DiscussionService<S> {
  readonly #games: GameService<S>;
  readonly #storage: Storage;
  readonly #clock: Clock;
  readonly #originality: OriginalityPort | undefined;

  constructor(deps: {
    games: GameService<S>;
    storage: Storage;
    clock: Clock;
    originality?: OriginalityPort;
  }) {
    this.#games = deps.games;
    this.#storage = deps.storage;
    this.#clock = deps.clock;
    this.#originality = deps.originality;
  }

  // ---------------------------------------------------------------- which threads exist and which are open

  #dayNight(rules: { schedule: { kind: string } }): boolean {
    return rules.schedule.kind === "day-night";
  }

  #publicView(snap: GameSnapshot<S>): GameView | null {
    const engine = this.#games.engine;
    return engine.started(snap.engine) ? engine.view(snap.engine, { kind: "public" }) : null;
  }

  /**
   * 7kill's discussion thread open now, as the engine counts it: during a vote the day's (or the duel's), during last
   * words already the next day's ("允许导演视实际情况提前开帖讨论"), none at night. Asked of the engine with a trial Say
   * by a living seat, so the app never keeps a second copy of the phase rules.
   */
  #openDayThread(snap: GameSnapshot<S>, at: number): string | null {
    const engine = this.#games.engine;
    const living = engine.seats(snap.engine).find((s) => s.alive);
    if (!living) return null;
    const d = engine.decide(snap.engine, { type: "Say", at, seat: living.seat, thread: "discussion" });
    if (!d.ok) return null;
    const posted = d.events.find((e) => e.type === "DiscussionPosted");
    return typeof posted?.thread === "string" ? threadIdOfKey(posted.thread) : null;
  }

  /** Every thread of the game, chronologically, with the open ones marked. */
  #threads(
    rules: { schedule: { kind: string } },
    snap: GameSnapshot<S>,
    actor: GameActor<S>,
    at: number,
  ): { threads: DiscussionThread[]; current: string } {
    const view = this.#publicView(snap);
    const ended = snap.app.status === "ended" || (view?.result?.ended ?? false);
    const refs = new Map<string, ThreadRef>();
    const open = new Set<string>();
    const add = (id: string | null): void => {
      if (id === null || refs.has(id)) return;
      const ref = parseThreadId(id);
      if (ref) refs.set(id, ref);
    };
    add(GENERAL_THREAD);
    if (!ended) open.add(GENERAL_THREAD);
    let current = GENERAL_THREAD;
    const round = view?.round ?? null;
    const stats = new Map<string, { posts: number; last: number }>();
    const lastWords = new Map<number, boolean>();
    // Visited rather than read as records: this runs for every post, over the game's whole log.
    actor.visitLoaded(1, (event) => {
      if (event.type === "app.DiscussionPosted") {
        const e = event as DiscussionEvent;
        add(e.thread);
        const s = stats.get(e.thread) ?? { posts: 0, last: 0 };
        stats.set(e.thread, { posts: s.posts + 1, last: e.at });
      } else if (event.type === "ThreadClosed" && typeof event.thread === "string") {
        add(threadIdOfKey(event.thread));
      } else if (event.type === "LastWordsOpened" && typeof event.round === "number") {
        lastWords.set(event.round, true);
        add(`last-words-${event.round}`);
      } else if (event.type === "LastWordsEnded" && typeof event.round === "number") {
        lastWords.set(event.round, false);
      }
    });
    if (round !== null) {
      for (let r = 1; r <= round; r++) add(this.#dayNight(rules) ? `day-${r}` : `round-${r}`);
      if (!ended) {
        if (this.#dayNight(rules)) {
          const day = this.#openDayThread(snap, at);
          if (day !== null) {
            add(day);
            open.add(day);
            current = day;
          }
          for (const [r, isOpen] of lastWords) if (isOpen) open.add(`last-words-${r}`);
        } else {
          open.add(`round-${round}`);
          current = `round-${round}`;
        }
      }
    }
    const order: Record<DiscussionThreadKind, number> = {
      general: 0,
      round: 1,
      day: 1,
      duel: 2,
      "last-words": 3,
    };
    const threads = [...refs.values()]
      .sort((a, b) => (a.round ?? 0) - (b.round ?? 0) || order[a.kind] - order[b.kind])
      .map((r) => ({
        ...r,
        open: open.has(r.id),
        posts: stats.get(r.id)?.posts ?? 0,
        lastPostAt: stats.get(r.id)?.last ?? null,
      }));
    return { threads, current };
  }

  async threads(
    gameId: string,
    account: Account | null,
  ): Promise<Result<{ threads: DiscussionThread[]; current: string }>> {
    const readable = await this.#games.readable(gameId, account);
    if (!readable.ok) return readable;
    const { ctx, snap } = readable.value;
    return ok(this.#threads(ctx.rules, snap, ctx.actor, this.#clock.now()));
  }

  // ---------------------------------------------------------------- reading

  /** A page of a thread's posts, oldest first: the newest `limit` by default, or those before/after a seq. */
  async posts(
    gameId: string,
    account: Account | null,
    threadId: string,
    page: { before?: number | undefined; after?: number | undefined; limit: number },
  ): Promise<Result<{ thread: DiscussionThread; posts: DiscussionPost[]; hasOlder: boolean }>> {
    const readable = await this.#games.readable(gameId, account);
    if (!readable.ok) return readable;
    const { ctx, snap } = readable.value;
    const { threads } = this.#threads(ctx.rules, snap, ctx.actor, this.#clock.now());
    const thread = threads.find((t) => t.id === threadId);
    if (!thread) return refuse("discussion-thread-unknown", 404, { thread: threadId });
    const all: { seq: number; event: DiscussionEvent }[] = [];
    ctx.actor.visitLoaded(1, (event, seq) => {
      if (event.type === "app.DiscussionPosted" && (event as DiscussionEvent).thread === threadId)
        all.push({ seq, event: event as DiscussionEvent });
    });
    const limit = Math.min(Math.max(page.limit, 1), PAGE_MAX);
    let from: number;
    let to: number;
    if (page.after !== undefined) {
      const after = page.after;
      from = all.findIndex((p) => p.seq > after);
      if (from < 0) from = all.length;
      to = Math.min(from + limit, all.length);
    } else {
      const before = page.before;
      to = before === undefined ? all.length : all.filter((p) => p.seq < before).length;
      from = Math.max(0, to - limit);
    }
    const posts: DiscussionPost[] = [];
    for (const { seq, event } of all.slice(from, to)) {
      const body = await this.#storage.getPostBody(gameId, event.postId);
      posts.push(toPost(seq, event, body?.text ?? ""));
    }
    return ok({ thread, posts, hasOlder: from > 0 });
  }

  // ---------------------------------------------------------------- posting

  /**
   * A post in a thread by a member. Referees and living players post; a dead player is refused. In 7kill the dead
   * player's attempt still goes to the engine, which records it as 诈尸 ("出局玩家在白天的讨论帖或投票帖中发言，或者在
   * 其他帖子中…讨论与游戏相关的内容，将被视为诈尸"), and a living player's post in the day's thread is counted for 潜水.
   */
  async post(
    gameId: string,
    account: Account | null,
    threadId: string,
    input: { requestId: string; text: string },
  ): Promise<Result<CommandOk & { post: DiscussionPost }>> {
    const at = this.#clock.now(); // receipt time: before any I/O
    if (!account) return refuse("unauthenticated", 401);
    const ctx = await this.#games.context(gameId);
    if (!ctx) return refuse("game-not-found", 404);
    const snap0 = await ctx.actor.snapshot();
    const v = await this.#games.viewer(gameId, account, snap0);
    if (this.#games.hiddenDraft(snap0, v)) return refuse("game-not-found", 404);
    if (!v.memberKind || v.alias === null) return refuse("forbidden", 403, { at });
    const ref = parseThreadId(threadId);
    if (!ref) return refuse("discussion-thread-unknown", 404, { thread: threadId });
    const engine = this.#games.engine;
    const dayNight = this.#dayNight(ctx.rules);
    const words = countWords(input.text, { ambiguousIsEastAsian: ctx.rules.text.ambiguousIsEastAsian }).words;
    const postId = `talk-${randomUUID()}`;
    const alias = v.alias;
    const seat: Seat | null = v.referee ? null : v.seat;
    const published: DiscussionEvent = {
      type: "app.DiscussionPosted",
      at,
      thread: threadId,
      seat,
      alias,
      referee: v.referee,
      postId,
      words,
    };
    const publish = (engineEvents: EngineEvent[] = []): JobDecision => ({
      ok: true,
      events: [...engineEvents, published],
      posts: [{ postId, text: input.text }],
    });
    const say = (snap: GameSnapshot<S>, thread: "discussion" | "last-words") => {
      const command: Command = { type: "Say", at, seat: seat as Seat, thread };
      const d = engine.decide(snap.engine, command);
      if (d.ok) return d;
      return refuse(d.refusal.code, 409, { ...d.refusal.details, at });
    };

    const decide = (snap: GameSnapshot<S>): JobDecision => {
      const started = engine.started(snap.engine);
      // A player whose seat a substitute took over (替补) has left the game: a post under the old alias would tie it
      // to the account and carry what the seat knew (the seat's secrets are the substitute's now).
      if (started && !v.referee && seat === null) return refuse("seat-replaced", 403, { at });
      const me = seat === null ? undefined : engine.seats(snap.engine).find((s) => s.seat === seat);
      // The 场外总帖 takes a dead player's post like anyone's where the referee judges 诈尸 there
      // (penalties.zhashiInGeneral).
      const chat = ref.kind === "general" && deadMayPostInGeneral(ctx.rules);
      // "第二次诈尸，再次给予警告的同时，封玩家ID": a banned seat posts nowhere.
      if (chat && started && me && !me.alive && bannedSeat(ctx.actor, me.seat))
        return refuse("discussion-banned", 403, { at });
      if (started && me && !me.alive && !chat) {
        if (!dayNight) return refuse("seat-out", 403, { at });
        if (ref.kind === "last-words") {
          const d = say(snap, "last-words");
          return d.ok ? publish(d.events) : d;
        }
        // 诈尸, in any thread: the engine records the offence; nothing is published and the caller is refused.
        const d = say(snap, "discussion");
        return d.ok ? { ok: true, events: d.events } : d;
      }
      const { threads } = this.#threads(ctx.rules, snap, ctx.actor, at);
      const thread = threads.find((t) => t.id === threadId);
      if (!thread) return refuse("discussion-thread-unknown", 404, { thread: threadId });
      if (!thread.open) {
        return refuse(ref.kind === "general" ? "game-ended" : "discussion-thread-closed", 409, {
          thread: threadId,
          at,
        });
      }
      // The last-words thread is the dead players' (and the referee's).
      if (ref.kind === "last-words" && seat !== null)
        return refuse("discussion-thread-closed", 409, { thread: threadId, at });
      if (dayNight && started && seat !== null && (ref.kind === "day" || ref.kind === "duel")) {
        const d = say(snap, "discussion");
        if (!d.ok) return d;
        const posted = d.events.find((e) => e.type === "DiscussionPosted");
        const counted = typeof posted?.thread === "string" ? threadIdOfKey(posted.thread) : null;
        if (counted !== threadId) return refuse("discussion-thread-closed", 409, { thread: threadId, at });
        return publish(d.events);
      }
      return publish();
    };

    // A 七杀 discussion post fires the deadlines due by its receipt time, as a vote does (GameService.run).
    const snap = ctx.actor.loadedSnapshot() ?? (await ctx.actor.snapshot());
    const res = await this.#games.afterDeadlines(ctx, snap, at, () =>
      ctx.actor.submit({ now: at, decide, requestId: `${account.id}:discussion:${input.requestId}` }),
    );
    if (!res.ok) return res;
    const written = (await ctx.actor.events(res.firstSeq)).filter((e) => e.seq <= res.lastSeq);
    const refused = written.find((e) => e.event.type === "PostRefused");
    if (refused) {
      const offence = written.find((e) => e.event.type === "OffenceRecorded")?.event;
      return refuse("discussion-zhashi", 403, { at: refused.event.at, banned: offence?.banned === true });
    }
    const mine = written.find((e) => e.event.type === "app.DiscussionPosted");
    if (!mine) return refuse("conflict", 409);
    const event = mine.event as DiscussionEvent;
    const body = res.replayed ? await this.#storage.getPostBody(gameId, event.postId) : undefined;
    const text = res.replayed ? (body?.text ?? "") : input.text;
    if (!res.replayed) {
      // Players never see sources; the label is for referees.
      await this.#originality?.addDocument?.({
        kind: "discussion",
        postId: event.postId,
        gameId,
        text,
        label: `${ctx.record.displayName} · 讨论 · ${event.alias}`,
        lineage: discussionLineage(gameId, event.alias),
        time: event.at,
      });
    }
    return ok({
      seq: mine.seq,
      receivedAt: event.at,
      replayed: res.replayed,
      post: toPost(mine.seq, event, text),
    });
  }
}

function toPost(seq: number, e: DiscussionEvent, text: string): DiscussionPost {
  return {
    seq,
    postId: e.postId,
    thread: e.thread,
    alias: e.alias,
    seat: e.seat,
    referee: e.referee,
    at: e.at,
    words: e.words,
    text,
  };
}

/** Whether a seat's ID was banned for a second 诈尸 (an OffenceRecorded with `banned`). */
function bannedSeat(actor: Pick<GameActor<unknown>, "visitLoaded">, seat: Seat): boolean {
  let banned = false;
  actor.visitLoaded(1, (event) => {
    const e = event as { type: string; seat?: unknown; banned?: unknown };
    if (e.type === "OffenceRecorded" && e.seat === seat && e.banned === true) banned = true;
  });
  return banned;
}
