// 7kill's night abilities (杀人, 验人, 救治) and the secret bandit's bullet (by day too), sent to the engine as UseAbility.
import type { AbilityName } from "../engine/night/types.ts";
import type { Account } from "../storage/storage.ts";
import type { Clock } from "./clock.ts";
import type { GameSnapshot, JobDecision } from "./game-actor.ts";
import type { CommandOk, GameService } from "./game-service.ts";
import { ok, type Result, refuse } from "./refusal.ts";

export const NIGHT_ABILITIES: readonly AbilityName[] = ["kill", "check", "protect", "shoot"];

/** Refusals about who the actor is, rather than about the moment or the target: 403 like the app's own. */
const FORBIDDEN_ABILITY_CODES: ReadonlySet<string> = new Set(["ability.actor-out", "ability.not-yours"]);

export class NightService<S> {
  readonly #games: GameService<S>;
  readonly #clock: Clock;

  constructor(deps: { games: GameService<S>; clock: Clock }) {
    this.#games = deps.games;
    this.#clock = deps.clock;
  }

  /**
   * A seat's ability. Who may use which ability, when, and on whom is the engine's alone (the bandit turned killer kills
   * with the killers, "不允许自杀", "不得放弃，不能验自己"); the app only names the actor and the receipt time. A group
   * acts as one, so a later choice by any member replaces the group's standing one until the night ends.
   */
  async act(
    gameId: string,
    account: Account | null,
    input: { requestId: string; action: AbilityName; target: number | null },
  ): Promise<Result<CommandOk>> {
    const at = this.#clock.now(); // receipt time: before any I/O
    if (!account) return refuse("unauthenticated", 401);
    const ctx = await this.#games.context(gameId);
    if (!ctx) return refuse("game-not-found", 404);
    const snap0 = await ctx.actor.snapshot();
    const v = await this.#games.viewer(gameId, account, snap0);
    if (v.memberKind !== "player") return refuse("forbidden", 403, { at });
    const seat = v.seat;
    if (seat === null) return refuse("game-not-started", 409, { at });
    const engine = this.#games.engine;

    const decide = (snap: GameSnapshot<S>): JobDecision => {
      if (!engine.started(snap.engine)) return refuse("game-not-started", 409, { at });
      const d = engine.decide(snap.engine, {
        type: "UseAbility",
        at,
        actor: seat,
        ability: input.action,
        target: input.target,
      });
      if (d.ok) return { ok: true, events: d.events };
      const status = FORBIDDEN_ABILITY_CODES.has(d.refusal.code) ? 403 : 409;
      return { ok: false, refusal: { code: d.refusal.code, status, details: { ...d.refusal.details, at } } };
    };

    const res = await ctx.actor.submit({
      now: at,
      decide,
      requestId: `${account.id}:night:${input.requestId}`,
    });
    if (!res.ok) return res;
    if (res.replayed) {
      // A retry answers with the original's receipt time: that is the time the stored command was judged by.
      const original = (await ctx.actor.events(res.lastSeq)).find((e) => e.seq === res.lastSeq);
      return ok({ seq: res.lastSeq, receivedAt: original?.event.at ?? at, replayed: true });
    }
    return ok({ seq: res.lastSeq, receivedAt: at, replayed: false });
  }
}
