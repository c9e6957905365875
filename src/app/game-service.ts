// The core of the game use cases: loaded games, who is asking, the one command path, and durable deadlines.
import type { Command, Seat } from "../engine/contract.ts";
import { campNamesOf } from "../engine/ending-text.ts";
import type { RuleSet } from "../rules/schema.ts";
import type { GameEventDto, GameInfo, GameStatus, ViewerKind } from "../server/api-types.ts";
import type {
  Account,
  GameRecord,
  MemberKind,
  PublicMember,
  Storage,
  StoredEvent,
} from "../storage/storage.ts";
import { type AppEvent, type AppViewer, appEventShown, appEventVisible, isAppEvent } from "./app-events.ts";
import type { Clock } from "./clock.ts";
import type { EngineEvent, EnginePort, EngineViewer } from "./engine-port.ts";
import { GameActor, type GameSnapshot, type Job, type JobDecision, type JobResult } from "./game-actor.ts";
import { authorize, type Need, okEvents, seatByAlias, toCommandResult, toDto } from "./game-helpers.ts";
import { ok, type Result, refuse } from "./refusal.ts";
import { rulesSummaryOf } from "./rules-summary.ts";

/** Who is asking, resolved for one game. */
export interface Viewer {
  readonly account: Account | null;
  readonly memberKind: MemberKind | null;
  readonly alias: string | null;
  readonly seat: Seat | null;
  readonly alive: boolean;
  readonly referee: boolean;
  readonly kind: ViewerKind;
  /** A player member's row's time: when it took its alias (a withdrawn alias can be taken by someone else later). */
  readonly memberSince?: number;
}

export interface CommandOk {
  seq: number;
  receivedAt: number;
  replayed: boolean;
}

export interface GameContext<S> {
  record: GameRecord;
  rules: RuleSet;
  actor: GameActor<S>;
  /** When a request last asked for this game, by the server clock: an idle game leaves memory (`evictIdle`). */
  usedAt: number;
  /** Dropped from memory; a request that still held it may write through its actor once more. */
  evicted: boolean;
}

/** The listeners every loaded game has of its own (the service's, below); more means a live stream is open. */
const OWN_LISTENERS = 1;

export const TIMER_ENGINE = "engine:";

/** Events that never move a deadline or the game's status (a vote's close is a Tick, not the vote). */
const QUIET_EVENTS: ReadonlySet<string> = new Set([
  "VoteCast",
  "app.RoomMessagePosted",
  "app.ComplaintFiled",
  "app.ProxyRequested",
  "app.ExtensionRequested",
  // Always written with the engine's KillPostSubmitted, which is what may move a deadline.
  "app.KillPostEntered",
  "app.RefereeMessage",
  "app.PlayerJoined",
  // Only before the start, when no redo deadline is armed yet (see `deadlines`).
  "app.PlayerWithdrawn",
  "app.ReportRedone",
  // Daily-round discussion never moves a deadline (7kill posts go through the engine as Say and are not quiet).
  "app.DiscussionPosted",
]);
export const TIMER_REDO = "redo:";

/**
 * Whether a stored event may have made someone a member of its game or no longer one: a join, a withdrawn sign-up,
 * a co-referee, a substitute (an override). A caller holding a membership it read reads it again after one.
 */
export function mayChangeMembership(event: EngineEvent): boolean {
  return (
    event.type === "app.PlayerJoined" ||
    event.type === "app.PlayerWithdrawn" ||
    event.type === "app.CoRefereeAdded" ||
    event.type === "OverrideApplied"
  );
}

/** Engine refusals that say the seat has no right to act at all, answered as 403 like the app's own. */
const FORBIDDEN_ENGINE_CODES: ReadonlySet<string> = new Set(["vote.voter-out"]);

/** The HTTP status an engine refusal is answered with. */
export function engineRefusalStatus(code: string): 403 | 409 {
  return FORBIDDEN_ENGINE_CODES.has(code) ? 403 : 409;
}

/** A timer callback so the scheduler learns about new deadlines right away. */
export type DeadlinesChanged = (gameId: string, deadlines: { key: string; dueAt: number }[]) => void;

export class GameService<S> {
  readonly #storage: Storage;
  readonly #engine: EnginePort<S>;
  readonly #clock: Clock;
  readonly #games = new Map<string, GameContext<S>>();
  /**
   * Positive membership cache. An entry goes with `removeMember` (a refused join's undo, a withdrawn sign-up), and
   * with a withdrawal committed here or read from another process (see `#load`).
   */
  readonly #members = new Map<string, Map<number, PublicMember>>();
  readonly #armed = new Map<string, string>();
  readonly #graceMs: number;
  /** Per game, the last command held for the deadline grace (afterDeadlines), for the next to queue behind. */
  readonly #held = new Map<string, { tail: Promise<void>; firstAt: number }>();
  onDeadlines: DeadlinesChanged | undefined;
  /** Called after this process committed events of a game (to notify other processes). */
  onCommitted: ((gameId: string, lastSeq: number) => void) | undefined;
  /** Told of a failure in work no request waits for (the app logs it); nothing stored is lost by one. */
  onBackgroundError: ((gameId: string, error: unknown) => void) | undefined;

  constructor(deps: { storage: Storage; engine: EnginePort<S>; clock: Clock; deadlineGraceMs?: number }) {
    this.#storage = deps.storage;
    this.#engine = deps.engine;
    this.#clock = deps.clock;
    this.#graceMs = deps.deadlineGraceMs ?? 0;
  }

  /**
   * With a deadline grace (several processes, see the Scheduler's graceMs): a command received past a deadline the
   * game has not fired yet waits until the grace has run and reads what other processes stored meanwhile, before it
   * is decided. Deciding it at once would fire the deadline (the engine fires what is due by a command's receipt
   * time) ahead of commands another process received before it and has not stored yet: a ballot cast at 20:59:59.97
   * would meet a closed vote. Commands received before the deadline go on at once.
   *
   * Held commands go to the game in the order they came: each waits for the one before it to be handed to the
   * actor (`submit` puts it in the actor's queue), so timers firing together or reads finishing out of order
   * cannot let a later ballot be decided before an earlier one.
   */
  afterDeadlines<T>(
    ctx: GameContext<S>,
    snap: GameSnapshot<S>,
    at: number,
    submit: () => Promise<T>,
  ): Promise<T> {
    if (this.#graceMs <= 0) return submit();
    const pending = this.#engine.pendingDeadlines(snap.engine);
    // The last of the deadlines due by the receipt time (they come in time order): the grace runs from it.
    let last: number | null = null;
    for (const d of pending) {
      if (d.at > at) break;
      last = d.at;
    }
    const gameId = ctx.actor.gameId;
    const held = this.#held.get(gameId);
    // Commands still held that were received before this one go first: it queues behind them. One received before
    // all of them (its receipt time taken earlier, or another process's view of time) does not wait for them.
    const prior = held !== undefined && at >= held.firstAt ? held : undefined;
    if (last === null && prior === undefined) return submit();
    const due = last;
    let result: Promise<T> | undefined;
    const step = (prior?.tail ?? Promise.resolve()).then(async () => {
      const wait = due === null ? 0 : due + this.#graceMs - this.#clock.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await ctx.actor.catchUp();
      result = submit();
    });
    const tail = step.catch(() => {});
    // One received before every held command starts the line afresh only if none is held.
    if (prior !== undefined || held === undefined) {
      const entry = { tail, firstAt: prior?.firstAt ?? at };
      this.#held.set(gameId, entry);
      void tail.then(() => {
        if (this.#held.get(gameId) === entry) this.#held.delete(gameId);
      });
    }
    return step.then(() => result as Promise<T>);
  }

  get engine(): EnginePort<S> {
    return this.#engine;
  }

  // ---------------------------------------------------------------- loading and viewers

  async context(gameId: string): Promise<GameContext<S> | undefined> {
    const ctx = this.#games.get(gameId) ?? (await this.#load(gameId));
    if (ctx) ctx.usedAt = this.#clock.now();
    return ctx;
  }

  /** The game's context, made and kept the first time it is asked for (once, however many ask at once). */
  async #load(gameId: string): Promise<GameContext<S> | undefined> {
    const record = await this.#storage.getGame(gameId);
    if (!record) return undefined;
    const again = this.#games.get(gameId);
    if (again) return again;
    const actor = new GameActor<S>(gameId, this.#storage, this.#engine);
    const ctx: GameContext<S> = {
      record,
      rules: record.rules as RuleSet,
      actor,
      usedAt: this.#clock.now(),
      evicted: false,
    };
    actor.onCommitted((events, written) => {
      const last = events.at(-1);
      // Only the process that wrote tells the others: each reader telling them again made N processes send N
      // notifications a commit, and N² deliveries.
      if (last && written) this.onCommitted?.(gameId, last.seq);
      // A request that held the game across its eviction wrote through this actor: the one loaded since learns
      // of it now, not at its own next write, so its live streams miss nothing.
      // If that read fails, the copy learns of the write with the game's next command (a conflict reloads it).
      if (ctx.evicted)
        void this.#games
          .get(gameId)
          ?.actor.catchUp()
          .catch((error: unknown) => this.onBackgroundError?.(gameId, error));
      // Another process's withdrawal reaches this one only as its event: its member row goes there, not here.
      for (const { event } of events) {
        const e = event as AppEvent;
        if (e.type === "app.PlayerWithdrawn") this.#forgetAlias(gameId, e.alias);
      }
      // Re-arming timers and the status costs a summary and a schedule walk; votes and talk change neither.
      if (events.some((e) => !QUIET_EVENTS.has(e.event.type))) return this.#afterCommit(ctx);
    });
    this.#games.set(gameId, ctx);
    return ctx;
  }

  /**
   * Drops from memory every game no request has asked for in `idleMs`, unless a live stream listens or a command
   * is under way; the next request loads it again from storage. A long-running server otherwise keeps every game
   * it ever loaded, finished ones included, each with its whole event log. Returns the ids dropped.
   */
  evictIdle(idleMs: number): string[] {
    const now = this.#clock.now();
    const dropped: string[] = [];
    for (const [gameId, ctx] of this.#games) {
      if (now - ctx.usedAt < idleMs || ctx.actor.busy || ctx.actor.listenerCount > OWN_LISTENERS) continue;
      ctx.evicted = true;
      this.#games.delete(gameId);
      this.#members.delete(gameId);
      dropped.push(gameId);
    }
    return dropped;
  }

  /** Loaded games with live listeners or in memory, for notifications from other processes. */
  loadedActor(gameId: string): GameActor<S> | undefined {
    return this.#games.get(gameId)?.actor;
  }

  /** The ids of the games in memory (to catch up after notifications from other processes may have been lost). */
  loadedGameIds(): string[] {
    return [...this.#games.keys()];
  }

  async membership(gameId: string, accountId: number): Promise<PublicMember | undefined> {
    const cached = this.#members.get(gameId)?.get(accountId);
    if (cached) return cached;
    const found = await this.#storage.membershipOf(gameId, accountId);
    if (found && !this.#signupPending(gameId, found)) {
      const m = this.#members.get(gameId) ?? new Map<number, PublicMember>();
      m.set(accountId, found);
      this.#members.set(gameId, m);
    }
    return found;
  }

  /**
   * Undoes a membership stored just before a command that was then refused (a join, a substitute, a co-referee),
   * so the refused request leaves nothing stored and the alias is free again; or one whose sign-up was withdrawn.
   * Not called when the command threw: then it may have committed, and a member without its event is the lesser
   * harm than an event without its member.
   */
  async removeMember(gameId: string, alias: string, accountId: number): Promise<void> {
    await this.#storage.removeMember(gameId, alias, accountId);
    const cached = this.#members.get(gameId);
    if (cached?.get(accountId)?.alias === alias) cached.delete(accountId);
  }

  #forgetAlias(gameId: string, alias: string): void {
    const cached = this.#members.get(gameId);
    if (!cached) return;
    for (const [accountId, member] of cached) if (member.alias === alias) cached.delete(accountId);
  }

  /**
   * A player row with no sign-up before the start, as the loaded game has it: a withdrawal's row not yet removed, or
   * a join not yet committed. Not cached: cached while its withdrawal's row was still there, it would outlive it.
   */
  #signupPending(gameId: string, member: PublicMember): boolean {
    const snap = this.#games.get(gameId)?.actor.loadedSnapshot();
    return (
      snap !== undefined &&
      member.kind === "player" &&
      !snap.app.reports.has(member.alias) &&
      !this.#engine.started(snap.engine)
    );
  }

  async viewer(gameId: string, account: Account | null, snapshot: GameSnapshot<S>): Promise<Viewer> {
    const member = account ? await this.membership(gameId, account.id) : undefined;
    return this.#viewerOf(account, member, snapshot);
  }

  /** The viewer for a membership the caller has already read (`membership`): no storage read, no wait. */
  viewerWith(account: Account | null, member: PublicMember | undefined, snapshot: GameSnapshot<S>): Viewer {
    return this.#viewerOf(account, member, snapshot);
  }

  #viewerOf(account: Account | null, member: PublicMember | undefined, snapshot: GameSnapshot<S>): Viewer {
    if (!account || !member) {
      return {
        account,
        memberKind: null,
        alias: null,
        seat: null,
        alive: false,
        referee: false,
        kind: "public",
      };
    }
    if (member.kind !== "player") {
      return {
        account,
        memberKind: member.kind,
        alias: member.alias,
        seat: null,
        alive: false,
        referee: true,
        kind: "referee",
      };
    }
    const seat = seatByAlias(this.#engine.seats(snapshot.engine)).get(member.alias);
    const started = this.#engine.started(snapshot.engine);
    const alive = seat ? seat.alive : !started;
    return {
      account,
      memberKind: "player",
      alias: member.alias,
      seat: seat?.seat ?? null,
      alive,
      referee: false,
      kind: alive ? "player" : "dead-player",
      memberSince: member.createdAt,
    };
  }

  engineViewer(v: Viewer): EngineViewer {
    if (v.referee) return { kind: "referee" };
    if (v.seat !== null) return { kind: "seat", seat: v.seat };
    return { kind: "public" };
  }

  #appViewer(v: Viewer, snapshot: GameSnapshot<S>): AppViewer {
    const rooms =
      v.seat === null
        ? []
        : (this.#engine.roomIdsOf?.(snapshot.engine, v.seat) ??
          this.#engine.roomsOf(snapshot.engine, v.seat).map((r) => r.id));
    const hiddenMember =
      v.seat === null ? null : (this.#engine.hiddenRoomMemberOf?.(snapshot.engine, v.seat) ?? null);
    const roomsSince =
      v.seat === null ? null : (this.#engine.roomsJoinedLate?.(snapshot.engine, v.seat) ?? null);
    const alias = v.memberKind === "player" ? v.alias : null;
    return {
      referee: v.referee,
      seat: v.seat,
      alias,
      aliasSince: v.memberSince ?? null,
      rooms: new Set(rooms),
      hiddenMember,
      roomsSince,
      ...(v.referee
        ? {}
        : {
            publicPost: (round: number, post: number) =>
              this.#engine.publicPostNumber(snapshot.engine, round, post),
          }),
    };
  }

  /**
   * The events as this viewer may see them. `shared`, kept by the caller across viewers, holds the DTOs of events
   * shown as stored (every viewer's are the same object), so a caller can serialise each of them once.
   */
  visibleEvents(
    events: readonly StoredEvent[],
    v: Viewer,
    snapshot: GameSnapshot<S>,
    shared?: Map<number, GameEventDto>,
  ): GameEventDto[] {
    const ev = this.engineViewer(v);
    const av = this.#appViewer(v, snapshot);
    const out: GameEventDto[] = [];
    for (const { seq, event } of events) {
      const shown = this.#shown(event, v, ev, av, snapshot);
      if (!shown) continue;
      // An event shown as stored is the same for every viewer: with `shared`, one DTO for all of them.
      if (shown !== event || !shared) out.push(toDto(seq, shown));
      else {
        let dto = shared.get(seq);
        if (!dto) {
          dto = toDto(seq, event);
          shared.set(seq, dto);
        }
        out.push(dto);
      }
    }
    return out;
  }

  /** A test of whether this viewer may see an event at all (visibleEvents would list it), making no DTO. */
  seenBy(v: Viewer, snapshot: GameSnapshot<S>): (event: EngineEvent) => boolean {
    const ev = this.engineViewer(v);
    const av = this.#appViewer(v, snapshot);
    return (event) => this.#shown(event, v, ev, av, snapshot) !== null;
  }

  /**
   * The seq of the last event up to the snapshot's that this viewer may see (0: none), which is the `lastSeq` it
   * is told. The game's own last seq would move with events hidden from the viewer and so tell it when they happen.
   */
  lastSeenSeq(ctx: GameContext<S>, v: Viewer, snapshot: GameSnapshot<S>): number {
    // Everyone sees nearly every event, so the scan back from the newest stops after a few.
    return ctx.actor.lastLoadedSeq(snapshot.lastSeq, this.seenBy(v, snapshot));
  }

  #shown(
    event: EngineEvent,
    v: Viewer,
    ev: EngineViewer,
    av: AppViewer,
    snapshot: GameSnapshot<S>,
  ): EngineEvent | null {
    if (isAppEvent(event)) return appEventVisible(event, av) ? appEventShown(event, av) : null;
    return v.referee ? event : this.#engine.redact(event, snapshot.engine, ev);
  }

  // ---------------------------------------------------------------- status and gates

  /** The game's status now: the app's sign-up status until the engine has started, then the engine's. */
  status(snap: GameSnapshot<S>): GameStatus {
    if (!this.#engine.started(snap.engine)) return snap.app.status;
    const ended = this.#engine.ended?.(snap.engine) ?? this.#engine.summarize(snap.engine).result.ended;
    return ended ? "ended" : "running";
  }

  info(ctx: GameContext<S>, status: GameStatus): GameInfo {
    const r = ctx.rules;
    return {
      id: ctx.record.id,
      name: ctx.record.displayName,
      status,
      rulesId: r.id,
      rulesName: r.name,
      players: r.players,
      createdAt: ctx.record.createdAt,
      reportMin: r.text.reportMin,
      reportRedoMin: r.text.reportRedoMin,
      killPostMin: r.text.killPostMin,
      iouMin: r.text.iouMin,
      ambiguousIsEastAsian: r.text.ambiguousIsEastAsian,
      timeZone: r.schedule.timeZone,
      codeGuesses: r.win.kind === "score" && r.win.codeGuesses,
      scoreRule: r.win.kind === "score",
      voteThresholdPercent: r.vote.threshold.kind === "percent" ? r.vote.threshold.percent : null,
      duel: r.vote.duel !== null,
      killPosts: r.roles.some((role) => role.post !== undefined),
      campNames: campNamesOf(r),
      dayNight: r.schedule.kind === "day-night",
      deadMayPostInGeneral: deadMayPostInGeneral(r),
      proxyCutoffMinutes: r.vote.proxy.cutoffMinutes,
      nonVoting: { outcome: r.vote.nonVoting.outcome, excusedRounds: [...r.vote.nonVoting.excusedRounds] },
      roundStart: r.schedule.kind === "day-night" ? r.schedule.phases.day.start : r.schedule.roundStart,
      rulesSummary: rulesSummaryOf(r),
    };
  }

  /**
   * Whether the game is a draft this viewer may not know of: to anyone but its referees every route answers as for no
   * game (`game-not-found`), not a 403 that would tell it exists. Cheap on a game in play (no ending read).
   */
  hiddenDraft(snap: GameSnapshot<S>, viewer: { referee: boolean }): boolean {
    return !viewer.referee && !this.#engine.started(snap.engine) && snap.app.status === "draft";
  }

  /**
   * The game as `account` may read it, with its state and the viewer. A draft (筹备中, sign-up not yet open) exists
   * only for its referees and 副哨, as in the lobby's list: to anyone else, even holding its link, there is no such
   * game, so a half-made game's name and rules stay with its referees until they open sign-up.
   */
  async readable(
    gameId: string,
    account: Account | null,
  ): Promise<Result<{ ctx: GameContext<S>; snap: GameSnapshot<S>; viewer: Viewer }>> {
    const ctx = await this.context(gameId);
    if (!ctx) return refuse("game-not-found", 404);
    const snap = await ctx.actor.snapshot();
    const viewer = await this.viewer(gameId, account, snap);
    if (this.hiddenDraft(snap, viewer)) return refuse("game-not-found", 404);
    return ok({ ctx, snap, viewer });
  }

  /** The game, for a signed-in referee of it. */
  async refereeGate(gameId: string, account: Account | null): Promise<Result<GameContext<S>>> {
    if (!account) return refuse("unauthenticated", 401);
    const ctx = await this.context(gameId);
    if (!ctx) return refuse("game-not-found", 404);
    const snap = await ctx.actor.snapshot();
    const v = await this.viewer(gameId, account, snap);
    if (!v.referee)
      return this.hiddenDraft(snap, v) ? refuse("game-not-found", 404) : refuse("forbidden", 403);
    return ok(ctx);
  }

  // ---------------------------------------------------------------- common command path

  /**
   * How a member's command is submitted: the receipt time, the caller's right to act (`need`), then the command
   * `build` makes (a decision to run against the game's state at its turn, or a refusal up front). Creating a
   * game, joining one (the caller is not a member yet), a discussion post (it needs the events it wrote) and the
   * timers submit to the actor directly.
   */
  async run(
    gameId: string,
    account: Account | null,
    need: Need,
    build: (
      ctx: GameContext<S>,
      v: Viewer,
      at: number,
    ) => ((snap: GameSnapshot<S>) => JobDecision) | Result<never>,
    extra: { requestId?: string | undefined; receivedAt?: number } = {},
  ): Promise<Result<CommandOk>> {
    // Receipt time: before any I/O, or earlier where the caller did some (a text check) before calling.
    const at = extra.receivedAt ?? this.#clock.now();
    if (!account) return refuse("unauthenticated", 401);
    // Each step has an answer in memory for a game in play; awaiting one anyway costs every vote a promise and a
    // turn of the microtask queue, so the awaits are only for what is not loaded yet.
    const ctx = this.#games.get(gameId) ?? (await this.context(gameId));
    if (!ctx) return refuse("game-not-found", 404);
    ctx.usedAt = at;
    const snap = ctx.actor.loadedSnapshot() ?? (await ctx.actor.snapshot());
    const member = this.#members.get(gameId)?.get(account.id) ?? (await this.membership(gameId, account.id));
    const v = this.#viewerOf(account, member, snap);
    if (this.hiddenDraft(snap, v)) return refuse("game-not-found", 404);
    const denied = authorize(v, need);
    // Every refusal says when the request was received, since that time is what it was judged by.
    if (denied)
      return { ok: false, refusal: { ...denied.refusal, details: { ...denied.refusal.details, at } } };
    const decide = build(ctx, v, at);
    if (typeof decide !== "function") return decide;
    const job: Job<S> =
      extra.requestId === undefined
        ? { now: at, decide }
        : { now: at, decide, requestId: `${account.id}:${extra.requestId}` };
    const res = await (this.#graceMs > 0
      ? this.afterDeadlines(ctx, snap, at, () => ctx.actor.submit(job))
      : ctx.actor.submit(job));
    if (res.ok && res.replayed) {
      // A retry answers with the original's receipt time: that is the time the stored command was judged by.
      const original = (await ctx.actor.events(res.lastSeq)).find((e) => e.seq === res.lastSeq);
      return ok({ seq: res.lastSeq, receivedAt: original?.event.at ?? at, replayed: true });
    }
    return toCommandResult(res, at);
  }

  /** An engine command for the viewer, with refusals mapped from the engine's codes. */
  engineJob(command: Command, extraEvents: EngineEvent[] = []): (snap: GameSnapshot<S>) => JobDecision {
    return (snap) => {
      if (!this.#engine.started(snap.engine)) return refuse("game-not-started", 409);
      const d = this.#engine.decide(snap.engine, command);
      if (!d.ok) {
        // The message names the deadline and the receipt time, so a late player sees exactly why.
        const deadline = this.#engine.deadlineOf?.(snap.engine, d.refusal.code, d.refusal.details) ?? null;
        const details = { ...d.refusal.details, at: command.at, ...(deadline !== null && { deadline }) };
        const status = engineRefusalStatus(d.refusal.code);
        return { ok: false, refusal: { code: d.refusal.code, status, details } };
      }
      return { ok: true, events: [...d.events, ...extraEvents] };
    };
  }

  // ---------------------------------------------------------------- timers

  /** Fires one durable timer: a Tick for engine deadlines, a suicide for a missed report redo. */
  async fireTimer(gameId: string, key: string, dueAt: number): Promise<JobResult | undefined> {
    const ctx = await this.context(gameId);
    if (!ctx) return undefined;
    const at = Math.max(this.#clock.now(), dueAt);
    const fireTimer = { key, dueAt };
    if (key.startsWith(TIMER_REDO)) {
      const alias = key.slice(TIMER_REDO.length);
      return ctx.actor.submit({
        now: at,
        fireTimer,
        decide: (snap) => {
          const r = snap.app.reports.get(alias);
          const seat = this.#engine.seats(snap.engine).find((s) => s.alias === alias);
          if (r?.status !== "rejected" || !seat || !seat.alive) return okEvents([]);
          const d = this.#engine.decide(snap.engine, {
            type: "Override",
            at,
            override: { action: "eliminate", target: seat.seat, missedRedo: true },
            reason: "报道重做逾期，视为自杀",
          });
          return d.ok ? { ok: true, events: d.events } : okEvents([]);
        },
      });
    }
    return ctx.actor.submit({
      now: at,
      fireTimer,
      decide: (snap) => {
        const d = this.#engine.decide(snap.engine, { type: "Tick", at });
        return d.ok ? { ok: true, events: d.events } : okEvents([]);
      },
    });
  }

  /** Deadlines the game needs armed now: the engine's and the report redos (after the game has started). */
  deadlines(snap: GameSnapshot<S>): { key: string; dueAt: number }[] {
    const out = this.#engine
      .pendingDeadlines(snap.engine)
      .map((d) => ({ key: TIMER_ENGINE + d.key, dueAt: d.at }));
    const started = this.#engine.started(snap.engine);
    for (const r of snap.app.reports.values()) {
      if (r.status === "rejected" && r.rejection) {
        // A missed redo counts when the game starts or the deadline passes, whichever is later.
        const start = started ? 0 : Number.POSITIVE_INFINITY;
        const due = Math.max(r.rejection.redoDeadline, start);
        if (Number.isFinite(due)) out.push({ key: TIMER_REDO + r.alias, dueAt: due });
      }
    }
    return out;
  }

  async syncTimers(gameId: string): Promise<void> {
    const ctx = await this.context(gameId);
    if (ctx) await this.#afterCommit(ctx);
  }

  async #afterCommit(ctx: GameContext<S>): Promise<void> {
    const snap = await ctx.actor.snapshot();
    const gameId = ctx.record.id;
    const status = this.status(snap);
    if (status !== ctx.record.status) {
      ctx.record = { ...ctx.record, status };
      await this.#storage.setGameStatus(gameId, status);
    }
    const deadlines = this.deadlines(snap);
    const fingerprint = JSON.stringify(deadlines);
    if (this.#armed.get(gameId) === fingerprint) return;
    this.#armed.set(gameId, fingerprint);
    for (const d of deadlines) await this.#storage.upsertTimer(gameId, d.key, d.dueAt);
    this.onDeadlines?.(gameId, deadlines);
  }
}

/**
 * Whether a dead player's post in the general thread (场外总帖) is published: in day-night games whose rule set leaves
 * 诈尸 there to the referee. Daily games refuse a dead player's post anywhere.
 */
export function deadMayPostInGeneral(rules: RuleSet): boolean {
  return rules.schedule.kind === "day-night" && (rules.penalties?.zhashiInGeneral ?? "referee") === "referee";
}
