// What a referee does in play: proxy votes, complaint rulings, overrides, substitutes, and the results post.
import type { Override, Seat } from "../engine/contract.ts";
import type { Account, Storage } from "../storage/storage.ts";
import { AWARD_KINDS, type AwardKind, type GivenAward, isAppEvent, resultsKey } from "./app-events.ts";
import type { Clock } from "./clock.ts";
import type { EngineEvent, RoundPlanInfo } from "./engine-port.ts";
import type { GameActor } from "./game-actor.ts";
import { addMemberThen, okEvents, signedBy } from "./game-helpers.ts";
import type { CommandOk, GameService } from "./game-service.ts";
import { ok, type RefusalStatus, type Result, refuse } from "./refusal.ts";
import { nightResolved, type ResultsPart, roundPostText } from "./results-post.ts";
import { toAliases } from "./scenario/output.ts";

export class RefereeActions<S> {
  readonly #games: GameService<S>;
  readonly #storage: Storage;
  readonly #clock: Clock;

  constructor(deps: { games: GameService<S>; storage: Storage; clock: Clock }) {
    this.#games = deps.games;
    this.#storage = deps.storage;
    this.#clock = deps.clock;
  }

  proxyVote(
    gameId: string,
    account: Account | null,
    input: { requestId: string; voter: number; targets: number[]; codes?: (string | null)[] | undefined },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(
      gameId,
      account,
      "referee",
      (_ctx, v, at) =>
        this.#games.engineJob({
          ...signedBy(v),
          type: "EnterProxyVote",
          at,
          voter: input.voter,
          targets: input.targets,
          ...(input.codes && { codes: input.codes }),
        }),
      { requestId: input.requestId },
    );
  }

  /** A referee's private answer to one player (私信): only the referees and that alias read it. */
  messagePlayer(
    gameId: string,
    account: Account | null,
    input: { requestId: string; alias: string; text: string },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(
      gameId,
      account,
      "referee",
      (_ctx, v, at) => (snap) => {
        // To a player of this game: one signed up, or a seat's alias once dealt (out ones included).
        const seated = this.#games.engine.seats(snap.engine).some((s) => s.alias === input.alias);
        if (!seated && !snap.app.reports.has(input.alias))
          return refuse("player-not-found", 404, { alias: input.alias });
        return okEvents([
          {
            type: "app.RefereeMessage",
            at,
            alias: input.alias,
            text: input.text,
            fromReferee: true,
            ...signedBy(v),
          },
        ]);
      },
      { requestId: input.requestId },
    );
  }

  ruleComplaint(
    gameId: string,
    account: Account | null,
    input: {
      requestId: string;
      against: number;
      upheld: boolean;
      reason: string;
      round?: number;
      post?: number;
      asIou?: true;
      iouDeadline?: number;
    },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(
      gameId,
      account,
      "referee",
      (_ctx, v, at) =>
        this.#games.engineJob({
          ...signedBy(v),
          type: "RuleComplaint",
          at,
          against: input.against,
          upheld: input.upheld,
          reason: input.reason,
          ...(input.round !== undefined &&
            input.post !== undefined && { round: input.round, post: input.post }),
          ...(input.asIou && { asIou: true as const }),
          ...(input.asIou && input.iouDeadline !== undefined && { iouDeadline: input.iouDeadline }),
        }),
      { requestId: input.requestId },
    );
  }

  override(
    gameId: string,
    account: Account | null,
    input: { requestId: string; override: Override; reason: string },
  ): Promise<Result<CommandOk>> {
    if (input.override.action === "substitute") return Promise.resolve(refuse("use-substitute-route", 400));
    return this.#games.run(
      gameId,
      account,
      "referee",
      (_ctx, v, at) =>
        this.#games.engineJob({
          ...signedBy(v),
          type: "Override",
          at,
          override: input.override,
          reason: input.reason,
        }),
      { requestId: input.requestId },
    );
  }

  /** 白条延期: the other camp's request, granted (src/engine/score/extension.ts checks who may ask, and when). */
  iouExtension(
    gameId: string,
    account: Account | null,
    input: { requestId: string; requestedBy: number[]; reason: string },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(
      gameId,
      account,
      "referee",
      (_ctx, v, at) =>
        this.#games.engineJob({
          ...signedBy(v),
          type: "GrantIouExtension",
          at,
          requestedBy: input.requestedBy,
          reason: input.reason,
        }),
      { requestId: input.requestId },
    );
  }

  async substitute(
    gameId: string,
    account: Account | null,
    input: { requestId: string; seat: number; username: string; alias: string; reason?: string },
  ): Promise<Result<CommandOk>> {
    const at = this.#clock.now(); // receipt time: before any I/O
    if (!account) return refuse("unauthenticated", 401);
    const gate = await this.#games.refereeGate(gameId, account);
    if (!gate.ok) return gate;
    const snap = await gate.value.actor.snapshot();
    if (!this.#games.engine.started(snap.engine)) return refuse("game-not-started", 409);
    const seat = this.#games.engine.seats(snap.engine).find((s) => s.seat === input.seat);
    if (!seat) return refuse("seat-unknown", 409, { seat: input.seat });
    // As the engine would refuse it, but before the account is looked at: refused after, a substitution that could
    // never go through would tell whether the account is disabled (addMemberThen).
    if (!seat.alive) return refuse("override.already-out", 409, { seat: input.seat, at });
    const override = () =>
      this.#games.run(
        gameId,
        account,
        "referee",
        (_ctx, v) =>
          this.#games.engineJob({
            ...signedBy(v),
            type: "Override",
            at,
            override: { action: "substitute", seat: input.seat, alias: input.alias },
            // A blank or absent reason (older clients) keeps the plain word every substitution carried before.
            reason: input.reason?.trim() || "替补",
          }),
        { requestId: input.requestId },
      );
    // A retry of a substitution already stored gets the original answer, not a conflict on its own new alias.
    if (await this.#storage.findRequest(gameId, `${account.id}:${input.requestId}`)) return override();
    return addMemberThen(this.#games, this.#storage, gameId, input, "player", at, override);
  }

  publishResults(
    gameId: string,
    account: Account | null,
    input: { requestId: string; round: number; part?: ResultsPart | undefined; text: string },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(
      gameId,
      account,
      "referee",
      (ctx, v, at) => (snap) => {
        const dayNight = ctx.rules.schedule.kind === "day-night";
        const part = input.part ?? "day";
        // In the preview's order, so the two never answer the same request differently.
        if (!this.#games.engine.started(snap.engine)) return refuse("game-not-started", 409, { at });
        const refused = this.#partRefused(snap.engine, dayNight, input.round, part);
        if (refused?.code === "results-no-night" || refused?.code === "results-vote-open")
          return refuse(refused.code, refused.status, { ...refused.details, at });
        // A round not yet opened (or none such) has no results: published, its post stood in everyone's log.
        if (!this.#games.engine.summarize(snap.engine).rounds.some((r) => r.round === input.round))
          return refuse("round-unknown", 404, { round: input.round, at });
        if (refused) return refuse(refused.code, refused.status, { ...refused.details, at });
        // A daily game's round may be published again, as before. A day-night round's part published again is a
        // plain duplicate with the same text (the old way to announce the night: 第N天结果 twice), else a correction.
        const before = snap.app.published?.get(resultsKey(input.round, part));
        if (dayNight && before === input.text)
          return refuse("results-already-published", 409, { round: input.round, part, at });
        return okEvents([
          {
            type: "app.ResultsPublished",
            at,
            round: input.round,
            ...(dayNight && { part }),
            text: input.text,
            ...(dayNight && before !== undefined && { correction: true }),
            ...signedBy(v),
          },
        ]);
      },
      { requestId: input.requestId },
    );
  }

  /**
   * 评奖: the single awards once the game has ended (seed 001 4.1), each to a seat of the game, with a note; given again
   * they replace the earlier ones.
   */
  giveAwards(
    gameId: string,
    account: Account | null,
    input: { requestId: string; awards: Partial<Record<AwardKind, Seat | null>>; note?: string | undefined },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(
      gameId,
      account,
      "referee",
      (_ctx, v, at) => (snap) => {
        if (this.#games.status(snap) !== "ended") return refuse("awards-before-end", 409, { at });
        const seats = new Set(this.#games.engine.seats(snap.engine).map((s) => s.seat));
        const awards: GivenAward[] = [];
        for (const award of AWARD_KINDS) {
          const seat = input.awards[award];
          if (seat === undefined || seat === null) continue;
          if (!seats.has(seat)) return refuse("seat-unknown", 409, { seat });
          awards.push({ award, seat });
        }
        return okEvents([{ type: "app.AwardsGiven", at, awards, note: input.note ?? "", ...signedBy(v) }]);
      },
      { requestId: input.requestId },
    );
  }

  /**
   * Why a part of a round's results post cannot be written yet, if it cannot: a daily game's round has no night; a
   * post written while the round's vote (or its 加时, 7kill's duel) still runs would tell the wrong outs and the wrong
   * count; the night's post waits for dawn (「III.天亮公布结果」).
   */
  #partRefused(
    state: S,
    dayNight: boolean,
    round: number,
    part: ResultsPart,
  ): { code: string; status: RefusalStatus; details: Record<string, string | number> } | null {
    if (part === "night" && !dayNight) return { code: "results-no-night", status: 400, details: { round } };
    if (this.#voteRuns(state, round))
      return { code: "results-vote-open", status: 409, details: { round, ...(dayNight && { dayNight: 1 }) } };
    // A tie or a 领票人 the rules left to the referee decides who of this round is out: a post before it said 「由哨子在
    // 甲、乙 中定1人出局」 and then 「本轮无人出局」 (phone audit).
    if (part === "day" && this.#decisionOpen(state, round))
      return { code: "results-decision-open", status: 409, details: { round } };
    if (part === "night" && !nightResolved(this.#games.engine.summarize(state).dayNight, round))
      return { code: "results-night-unresolved", status: 409, details: { round } };
    return null;
  }

  /**
   * The next round's plan as it stood when `round`'s results came out (the end of the batch that closed it), as the
   * post was published then: read now, an alliance formed or a 进程微调 made since would rewrite an older round's
   * post (the replay's md takes it the same way, scenario/run.ts).
   */
  #planWhenClosed(actor: GameActor<S>, now: S, round: number): RoundPlanInfo | null {
    const engine = this.#games.engine;
    if (!engine.roundPlan) return null;
    const events = actor.loadedEvents(1).map((e) => e.event);
    const closed = events.findIndex((e) => e.type === "RoundClosed" && e.round === round);
    if (closed < 0) return engine.roundPlan(now, round + 1);
    let end = closed + 1;
    while (end < events.length && events[end]?.at === events[closed]?.at) end++;
    const then = engine.replay(events.slice(0, end).filter((e) => !isAppEvent(e)) as EngineEvent[]);
    return engine.roundPlan(then, round + 1);
  }

  /**
   * Whether a tie's places or a bomb's 领票人 in `round` wait for the referee (decide-tie, decide-lead-voter) and the
   * answer can still put someone out. Not once the game is over: nothing can be decided then, and the post says the
   * tie was left undecided.
   */
  #decisionOpen(state: S, round: number): boolean {
    const engine = this.#games.engine;
    if (engine.ended?.(state) ?? engine.summarize(state).result.ended) return false;
    return engine.roundsAwaitingDecision?.(state).includes(round) ?? false;
  }

  /** A post written while the round's vote (or its 加时) still runs would tell the wrong outs and the wrong count. */
  #voteRuns(state: S, round: number): boolean {
    return this.#games.engine
      .pendingDeadlines(state)
      .some((d) => d.key === `round:${round}:vote` || d.key === `round:${round}:overtime`);
  }

  async resultsPreview(
    gameId: string,
    account: Account | null,
    round: number,
    part?: ResultsPart,
  ): Promise<Result<{ round: number; part?: ResultsPart; text: string }>> {
    const gate = await this.#games.refereeGate(gameId, account);
    if (!gate.ok) return gate;
    const snap = await gate.value.actor.snapshot();
    if (!this.#games.engine.started(snap.engine)) return refuse("game-not-started", 409);
    const rules = gate.value.rules;
    const dayNight = rules.schedule.kind === "day-night";
    const summary = this.#games.engine.summarize(snap.engine);
    const aliasOf = new Map(this.#games.engine.seats(snap.engine).map((s) => [s.seat, s.alias]));
    // The replay's own alias mapping, so the live post has what `bansha replay --format md` has (两府制 houses too).
    const named = toAliases(summary, (seat: Seat): string => aliasOf.get(seat) ?? `${seat}号`);
    const r = named.rounds.find((x) => x.round === round);
    // A preview while the 加时 runs showed the regular vote's outs as the round's result.
    const refused = this.#partRefused(snap.engine, dayNight, round, part ?? "day");
    if (refused?.code === "results-no-night" || refused?.code === "results-vote-open")
      return refuse(refused.code, refused.status, refused.details);
    if (!r) return refuse("round-unknown", 404);
    if (refused) return refuse(refused.code, refused.status, refused.details);
    const lastRound = summary.rounds.at(-1)?.round;
    const isLast = summary.result.ended && lastRound === round;
    // 7kill has no 进程 of posts and votes to announce: its days follow the threshold rule.
    const announces = rules.roles.some((x) => x.post !== undefined);
    // Only the game's last post has no next round: an earlier post of an ended game is previewed as it was published.
    const next = isLast || !announces ? null : this.#planWhenClosed(gate.value.actor, snap.engine, round);
    const text = roundPostText(part ?? "day", r, {
      rules,
      alliances: summary.alliances,
      result: summary.result,
      dayNight: named.dayNight,
      ...(lastRound !== undefined && { lastRound }),
      ...(next && { nextPlan: { round: round + 1, ...next } }),
    });
    return ok({ round, ...(dayNight && { part: part ?? "day" }), text });
  }
}
