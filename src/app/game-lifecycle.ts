// A game's life before play: creation, sign-up and its withdrawal, 报道 (reports, rejections, redos), co-referees, start.
import { randomBytes, randomUUID } from "node:crypto";
import type { RuleSet } from "../rules/schema.ts";
import type { GameInfo, MemberInfo, ReportInfo } from "../server/api-types.ts";
import type { Account, GameRecord, PublicMember, Storage } from "../storage/storage.ts";
import { countWords } from "../text/wordcount.ts";
import type { AppEvent } from "./app-events.ts";
import type { Clock } from "./clock.ts";
import type { GameActor, GameSnapshot, JobDecision } from "./game-actor.ts";
import { addMemberThen, aliasReadsAsAccount, okEvents, signedBy, takenAlias } from "./game-helpers.ts";
import type { CommandOk, GameService } from "./game-service.ts";
import {
  type OriginalityPort,
  reportLineage,
  ruleSetCheck,
  unavailableOriginality,
} from "./originality-port.ts";
import { ok, type Result, refuse } from "./refusal.ts";
import type { RulesCatalog } from "./rules-catalog.ts";

export class GameLifecycle<S> {
  readonly #games: GameService<S>;
  readonly #storage: Storage;
  readonly #clock: Clock;
  readonly #rules: RulesCatalog;
  readonly #originality: OriginalityPort;

  constructor(deps: {
    games: GameService<S>;
    storage: Storage;
    clock: Clock;
    rules: RulesCatalog;
    originality?: OriginalityPort;
  }) {
    this.#games = deps.games;
    this.#storage = deps.storage;
    this.#clock = deps.clock;
    this.#rules = deps.rules;
    this.#originality = deps.originality ?? unavailableOriginality;
  }

  async create(
    account: Account,
    input: {
      name: string;
      preset?: string | undefined;
      rulesText?: string | undefined;
      refereeAlias: string;
    },
  ): Promise<Result<GameInfo>> {
    let rules: RuleSet | undefined;
    if (input.preset !== undefined) {
      rules = this.#rules.preset(input.preset);
      if (!rules) return refuse("preset-unknown", 404, { preset: input.preset });
    } else if (input.rulesText !== undefined) {
      const checked = this.#rules.check(input.rulesText);
      if (!checked.ok)
        return { ok: false, refusal: { code: "rules-invalid", status: 422, problems: checked.problems } };
      rules = checked.rules;
    } else {
      return refuse("rules-missing", 400);
    }
    const now = this.#clock.now();
    const id = randomBytes(6).toString("base64url");
    const record: GameRecord = {
      id,
      displayName: input.name,
      rules,
      status: "draft",
      createdAt: now,
      createdBy: account.id,
    };
    const created = await this.#storage.createGame(record);
    if (!created.ok) return refuse("conflict", 409);
    await this.#storage.addMember({
      gameId: id,
      alias: input.refereeAlias,
      accountId: account.id,
      kind: "referee",
      createdAt: now,
    });
    const ctx = (await this.#games.context(id))!;
    await ctx.actor.submit({
      now,
      decide: () =>
        okEvents([
          {
            type: "app.GameCreated",
            at: now,
            name: input.name,
            rulesId: rules.id,
            refereeAlias: input.refereeAlias,
          },
        ]),
    });
    return ok(this.#games.info(ctx, "draft"));
  }

  openSignup(gameId: string, account: Account | null): Promise<Result<CommandOk>> {
    return this.#games.run(gameId, account, "referee", (_ctx, _v, at) => (snap) => {
      // A started game keeps the app's "closed" sign-up status, so ask for the status that counts.
      const status = this.#games.status(snap);
      if (status !== "draft" && status !== "closed") return refuse("signup-not-openable", 409);
      return okEvents([{ type: "app.SignupOpened", at }]);
    });
  }

  closeSignup(gameId: string, account: Account | null): Promise<Result<CommandOk>> {
    return this.#games.run(gameId, account, "referee", (_ctx, _v, at) => (snap) => {
      if (snap.app.status !== "signup") return refuse("signup-not-open", 409);
      return okEvents([{ type: "app.SignupClosed", at }]);
    });
  }

  async join(
    gameId: string,
    account: Account | null,
    alias: string,
    report: string,
  ): Promise<Result<{ member: MemberInfo; report: ReportInfo }>> {
    const at = this.#clock.now();
    if (!account) return refuse("unauthenticated", 401);
    // A draft is its referees' alone (GameService.readable): to anyone else it is no game to join.
    const readable = await this.#games.readable(gameId, account);
    if (!readable.ok) return readable;
    const { ctx, snap } = readable.value;
    if (snap.app.status !== "signup") return refuse("signup-closed", 409);
    if (snap.app.reports.size >= ctx.rules.players)
      return refuse("game-full", 409, { players: ctx.rules.players });
    const words = countWords(report, { ambiguousIsEastAsian: ctx.rules.text.ambiguousIsEastAsian }).words;
    if (words < ctx.rules.text.reportMin)
      return refuse("report-too-short", 409, { words, min: ctx.rules.text.reportMin });
    const held = await this.#games.membership(gameId, account.id);
    // A referee or 副哨 is told why, not only that it is in the game already.
    if (held) return refuse("already-member", 409, held.kind === "player" ? {} : { referee: true });
    const named = await aliasReadsAsAccount(this.#storage, alias, account.id);
    if (named) return named;
    const postId = `report-${randomUUID()}`;
    // 原创首发: the copied share is recorded with the 报道 for the referee to rule on (RULINGS.md 24). The 报道 of a
    // sign-up withdrawn from this game is no source: a player who withdrew and signs up again with the same text is
    // not flagged as copying itself (which would tie its old alias to the new one in public).
    const check = await this.#originality.check(report, {
      withSources: false,
      ...ruleSetCheck(ctx.rules.text),
      excludePostIds: withdrawnReports(ctx.actor),
    });
    const copiedPercent = check.available ? check.copiedPercent : null;
    const copied = check.available ? { copiedPercent, copiedFlagged: check.flagged } : { copiedPercent };
    const added = await this.#storage.addMember({
      gameId,
      alias,
      accountId: account.id,
      kind: "player",
      createdAt: at,
    });
    if (!added.ok) {
      // Either the alias is taken or the account joined meanwhile; only the alias case is the caller's to fix.
      return (await this.#storage.membershipOf(gameId, account.id))
        ? refuse("already-member", 409)
        : refuse("alias-taken", 409, (await takenAlias(this.#storage, gameId, alias)) ?? { alias });
    }
    const res = await ctx.actor.submit({
      now: at,
      // Checked again in turn: joins decided one after another cannot overfill the game, whatever arrived together.
      decide: (s) =>
        s.app.status !== "signup"
          ? refuse("signup-closed", 409)
          : s.app.reports.size >= ctx.rules.players
            ? refuse("game-full", 409, { players: ctx.rules.players })
            : {
                ok: true,
                events: [{ type: "app.PlayerJoined", at, alias, postId, words, ...copied }],
                posts: [{ postId, text: report }],
              },
    });
    if (!res.ok) {
      await this.#games.removeMember(gameId, alias, account.id);
      return res;
    }
    await this.#originality.addDocument?.({
      kind: "report",
      postId,
      gameId,
      text: report,
      label: `${ctx.record.displayName} · 报道 · ${alias}`,
      lineage: reportLineage(gameId, alias),
      time: at,
    });
    return ok({
      member: { alias, kind: "player", joinedAt: at },
      report: {
        alias,
        postId,
        words,
        submittedAt: at,
        status: "accepted",
        rejection: null,
        copiedPercent,
        flagged: check.available && check.flagged,
        approved: null,
      },
    });
  }

  /**
   * 退出报名: the player's own sign-up undone before the start. The event first, then the member row, so the account
   * may sign up again and the alias is free; a retry after a crash between the two removes the row left behind.
   */
  async withdraw(gameId: string, account: Account | null): Promise<Result<CommandOk>> {
    const asked: { alias: string | null } = { alias: null };
    const res = await this.#games.run(gameId, account, "signed-in", (_ctx, v, at) => {
      if (v.memberKind !== "player" || v.alias === null) return refuse("not-a-player", 403);
      const alias = v.alias;
      asked.alias = alias;
      return (snap) =>
        this.#withdrawal(snap, alias, { type: "app.PlayerWithdrawn", at, alias, reason: null });
    });
    if (!account || asked.alias === null) return res;
    if (res.ok) {
      await this.#games.removeMember(gameId, asked.alias, account.id);
      return res;
    }
    const member = await this.#storage.membershipOf(gameId, account.id);
    return this.#finishLeftBehind(gameId, res, member && { ...member, accountId: account.id });
  }

  /** 移除报名: a referee undoes a player's sign-up before the start (a dropout, a second account), with a reason. */
  async removeSignup(
    gameId: string,
    account: Account | null,
    input: { alias: string; reason: string },
  ): Promise<Result<CommandOk>> {
    let asked = false;
    const res = await this.#games.run(gameId, account, "referee", (_ctx, v, at) => {
      asked = true;
      const event: AppEvent = {
        type: "app.PlayerWithdrawn",
        at,
        alias: input.alias,
        reason: input.reason,
        ...signedBy(v),
      };
      return (snap) => this.#withdrawal(snap, input.alias, event);
    });
    if (!account || !asked || (!res.ok && res.refusal.code !== "report-not-found")) return res;
    // The roster is the referee's to read: it names the account whose row goes with the sign-up.
    const roster = await this.#storage.refereeRoster(gameId, account.id);
    const member = roster.ok
      ? roster.members.find((x) => x.alias === input.alias && x.kind === "player")
      : undefined;
    if (!res.ok) return this.#finishLeftBehind(gameId, res, member);
    if (member) await this.#games.removeMember(gameId, member.alias, member.accountId);
    return res;
  }

  /** The withdrawal of `alias`'s sign-up, decided at its turn: only before the start, only of a sign-up there is. */
  #withdrawal(snap: GameSnapshot<S>, alias: string, event: AppEvent): JobDecision {
    // After the start a seat is handed over with a substitute (替补), never emptied: the message says so.
    if (this.#games.engine.started(snap.engine))
      return refuse("game-already-started", 409, {
        // A referee's removal always carries its reason; the player's own withdrawal none.
        leaving: event.type === "app.PlayerWithdrawn" && event.reason !== null ? "remove" : "withdraw",
      });
    if (!snap.app.reports.has(alias)) return refuse("report-not-found", 404, { alias });
    return okEvents([event]);
  }

  /**
   * A withdrawal refused as `report-not-found` whose event is in fact stored, its member row left behind by a process
   * that died before removing it: the row goes now, and the answer is the stored withdrawal's, as for a retry. The row
   * is that sign-up's when the alias's last sign-up event is its withdrawal, at or after the row was made; a row made
   * later is a join of the alias again, still being recorded, and stays. Otherwise the refusal stands.
   */
  async #finishLeftBehind(
    gameId: string,
    refused: Result<CommandOk>,
    member: (PublicMember & { accountId: number }) | undefined,
  ): Promise<Result<CommandOk>> {
    if (refused.ok || refused.refusal.code !== "report-not-found" || member?.kind !== "player")
      return refused;
    const ctx = await this.#games.context(gameId);
    if (!ctx) return refused;
    const snap = await ctx.actor.snapshot();
    const withdrawnAt = snap.app.withdrawn?.get(member.alias);
    if (
      this.#games.engine.started(snap.engine) ||
      snap.app.reports.has(member.alias) ||
      withdrawnAt === undefined ||
      withdrawnAt < member.createdAt
    )
      return refused;
    await this.#games.removeMember(gameId, member.alias, member.accountId);
    const seq = ctx.actor.lastLoadedSeq(snap.lastSeq, (stored) => {
      const e = stored as AppEvent;
      return e.type === "app.PlayerWithdrawn" && e.alias === member.alias;
    });
    return ok({ seq, receivedAt: withdrawnAt, replayed: true });
  }

  async reports(gameId: string, account: Account | null): Promise<Result<ReportInfo[]>> {
    const readable = await this.#games.readable(gameId, account);
    if (!readable.ok) return readable;
    const { ctx, snap } = readable.value;
    return ok(
      [...snap.app.reports.values()].map((r) => ({
        alias: r.alias,
        postId: r.postId,
        words: r.words,
        submittedAt: r.submittedAt,
        status: r.status,
        rejection: r.rejection,
        copiedPercent: r.copiedPercent,
        flagged:
          r.copiedFlagged ??
          (r.copiedPercent !== null && r.copiedPercent > ctx.rules.text.copiedShareLimitPercent),
        approved: r.approved,
      })),
    );
  }

  rejectReport(
    gameId: string,
    account: Account | null,
    input: { alias: string; reason: string; redoDeadline: number },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(gameId, account, "referee", (ctx, _v, at) => {
      if (input.redoDeadline <= at) return refuse("deadline-in-past", 409);
      return (snap) => {
        const r = snap.app.reports.get(input.alias);
        if (!r) return refuse("report-not-found", 404, { alias: input.alias });
        if (r.status === "rejected") return refuse("report-already-rejected", 409, { alias: input.alias });
        return okEvents([
          {
            type: "app.ReportRejected",
            at,
            alias: input.alias,
            reason: input.reason,
            redoDeadline: input.redoDeadline,
            redoMin: ctx.rules.text.reportRedoMin,
          },
        ]);
      };
    });
  }

  approveReport(
    gameId: string,
    account: Account | null,
    input: { alias: string; reason: string },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(gameId, account, "referee", (_ctx, _v, at) => (snap) => {
      const r = snap.app.reports.get(input.alias);
      if (!r) return refuse("report-not-found", 404, { alias: input.alias });
      if (r.approved) return refuse("report-already-approved", 409, { alias: input.alias });
      return okEvents([{ type: "app.ReportApproved", at, alias: input.alias, reason: input.reason }]);
    });
  }

  async redoReport(
    gameId: string,
    account: Account | null,
    input: { requestId: string; text: string },
  ): Promise<Result<CommandOk & { alias: string }>> {
    const at = this.#clock.now(); // receipt time: the text check below must not make a redo late
    const ctx = account ? await this.#games.context(gameId) : undefined;
    const member = account && ctx ? await this.#games.membership(gameId, account.id) : undefined;
    // 原创首发 holds for the redo too. Its own rejected text is of its lineage, so reusing it is not copying.
    const lineage = member?.kind === "player" ? reportLineage(gameId, member.alias) : null;
    const check =
      ctx && lineage
        ? await this.#originality.check(input.text, {
            withSources: false,
            ...ruleSetCheck(ctx.rules.text),
            excludeLineage: lineage,
          })
        : null;
    const copied = check?.available
      ? { copiedPercent: check.copiedPercent, copiedFlagged: check.flagged }
      : {};
    const postId = `report-${randomUUID()}`;
    let redoneAs: string | null = null;
    const res = await this.#games.run(
      gameId,
      account,
      "member",
      (game, v, at) => {
        if (v.referee || v.alias === null) return refuse("not-a-player", 403);
        const alias = v.alias;
        const words = countWords(input.text, {
          ambiguousIsEastAsian: game.rules.text.ambiguousIsEastAsian,
        }).words;
        return (snap) => {
          const r = snap.app.reports.get(alias);
          if (r?.status !== "rejected" || !r.rejection) return refuse("report-not-rejected", 409);
          if (at > r.rejection.redoDeadline)
            return refuse("redo-deadline-passed", 409, { deadline: r.rejection.redoDeadline, at });
          if (words < r.rejection.redoMin)
            return refuse("report-too-short", 409, { words, min: r.rejection.redoMin });
          redoneAs = alias;
          return {
            ok: true,
            events: [{ type: "app.ReportRedone", at, alias, postId, words, ...copied }],
            posts: [{ postId, text: input.text }],
          };
        };
      },
      { requestId: input.requestId, receivedAt: at },
    );
    if (res.ok && !res.value.replayed && redoneAs !== null && ctx) {
      await this.#originality.addDocument?.({
        kind: "report",
        postId,
        gameId,
        text: input.text,
        label: `${ctx.record.displayName} · 报道（重写） · ${redoneAs}`,
        lineage: reportLineage(gameId, redoneAs),
        time: at,
      });
    }
    // The alias is the caller's (a retry included), so the route can answer with this player's report.
    return res.ok ? ok({ ...res.value, alias: member?.alias ?? "" }) : res;
  }

  async addCoReferee(
    gameId: string,
    account: Account | null,
    input: { username: string; alias: string },
  ): Promise<Result<CommandOk>> {
    const at = this.#clock.now(); // receipt time: before any I/O
    const gate = await this.#games.refereeGate(gameId, account);
    if (!gate.ok) return gate;
    return addMemberThen(this.#games, this.#storage, gameId, input, "co-referee", at, () =>
      this.#games.run(
        gameId,
        account,
        "referee",
        () => () => okEvents([{ type: "app.CoRefereeAdded", at, alias: input.alias }]),
      ),
    );
  }

  start(
    gameId: string,
    account: Account | null,
    input: { seed?: string | undefined; round1At?: number | undefined },
  ): Promise<Result<CommandOk>> {
    return this.#games.run(gameId, account, "referee", (ctx, _v, at) => {
      const seed = input.seed ?? randomBytes(8).toString("hex");
      return (snap) => {
        if (snap.app.status !== "closed") return refuse("signup-not-closed", 409);
        if (this.#games.engine.started(snap.engine)) return refuse("game-already-started", 409);
        const aliases = [...snap.app.reports.keys()];
        if (aliases.length !== ctx.rules.players)
          return refuse("wrong-player-count", 409, { players: aliases.length, needed: ctx.rules.players });
        const d = this.#games.engine.decide(snap.engine, {
          type: "StartGame",
          at,
          rules: ctx.rules,
          start: input.round1At ?? at,
          seats: { aliases, seed },
        });
        if (!d.ok)
          return {
            ok: false,
            refusal: {
              code: d.refusal.code,
              status: 409,
              ...(d.refusal.details && { details: d.refusal.details }),
            },
          };
        return { ok: true, events: d.events };
      };
    });
  }
}

/** The post ids of every 报道 (and redo) whose sign-up was withdrawn from the game (call after `snapshot()`). */
function withdrawnReports(actor: { visitLoaded: GameActor<unknown>["visitLoaded"] }): string[] {
  const live = new Map<string, string[]>();
  const out: string[] = [];
  actor.visitLoaded(1, (stored) => {
    const e = stored as AppEvent;
    if (e.type === "app.PlayerJoined" || e.type === "app.ReportRedone")
      live.set(e.alias, [...(live.get(e.alias) ?? []), e.postId]);
    else if (e.type === "app.PlayerWithdrawn") {
      out.push(...(live.get(e.alias) ?? []));
      live.delete(e.alias);
    }
  });
  return out;
}
