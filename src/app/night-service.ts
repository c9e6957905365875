// 7kill's night abilities (杀人, 验人, 救治) and the secret bandit's bullet (by day too), sent to the engine as UseAbility.
import type { AbilityName } from "../engine/night/types.ts";
import type { Account } from "../storage/storage.ts";
import type { GameSnapshot, JobDecision } from "./game-actor.ts";
import type { CommandOk, GameService } from "./game-service.ts";
import { type Result, refuse } from "./refusal.ts";

export const NIGHT_ABILITIES: readonly AbilityName[] = ["kill", "check", "protect", "shoot"];

/** Refusals about who the actor is, rather than about the moment or the target: 403 like the app's own. */
const FORBIDDEN_ABILITY_CODES: ReadonlySet<string> = new Set(["ability.actor-out", "ability.not-yours"]);

export class NightService<S> {
  readonly #games: GameService<S>;

  constructor(deps: { games: GameService<S> }) {
    this.#games = deps.games;
  }

  /**
   * A seat's ability. Who may use which ability, when, and on whom is the engine's alone (the bandit turned killer kills
   * with the killers, "不允许自杀", "不得放弃，不能验自己"); the app only names the actor and the receipt time. A group
   * acts as one, so a later choice by any member replaces the group's standing one until the night ends.
   */
  act(
    gameId: string,
    account: Account | null,
    input: { requestId: string; action: AbilityName; target: number | null },
  ): Promise<Result<CommandOk>> {
    const engine = this.#games.engine;
    return this.#games.run(
      gameId,
      account,
      "seated",
      (_ctx, v, at) => {
        const seat = v.seat!;
        return (snap: GameSnapshot<S>): JobDecision => {
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
          return {
            ok: false,
            refusal: { code: d.refusal.code, status, details: { ...d.refusal.details, at } },
          };
        };
      },
      // Kept apart from the other commands' request ids, as night actions have always been stored.
      { requestId: `night:${input.requestId}` },
    );
  }
}
