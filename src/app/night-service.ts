// 7kill's night abilities (杀人, 验人, 救治) and the secret bandit's bullet (by day too), sent to the engine as UseAbility.
import type { AbilityName } from "../engine/night/types.ts";
import type { Account } from "../storage/storage.ts";
import type { GameSnapshot, JobDecision } from "./game-actor.ts";
import { signedBy } from "./game-helpers.ts";
import type { CommandOk, GameService, Viewer } from "./game-service.ts";
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
    return this.#use(gameId, account, "seated", input, (v) => ({ actor: v.seat! }));
  }

  /**
   * 录入夜间行动: a choice a player sent the referee off the site (短消息, QQ; 「如出现特殊情况（如论坛出现故障）」),
   * entered for that seat at the referee's entry time and judged exactly as the player's own. The event names the
   * referee who entered it; only that seat's group and the referees see it, like every night action.
   */
  actFor(
    gameId: string,
    account: Account | null,
    input: { requestId: string; seat: number; action: AbilityName; target: number | null },
  ): Promise<Result<CommandOk>> {
    return this.#use(gameId, account, "referee", input, (v) => ({ actor: input.seat, ...signedBy(v) }));
  }

  #use(
    gameId: string,
    account: Account | null,
    need: "seated" | "referee",
    input: { requestId: string; action: AbilityName; target: number | null },
    who: (v: Viewer) => { actor: number; referee?: string },
  ): Promise<Result<CommandOk>> {
    const engine = this.#games.engine;
    return this.#games.run(
      gameId,
      account,
      need,
      (_ctx, v, at) => {
        const by = who(v);
        return (snap: GameSnapshot<S>): JobDecision => {
          if (!engine.started(snap.engine)) return refuse("game-not-started", 409, { at });
          const d = engine.decide(snap.engine, {
            type: "UseAbility",
            at,
            ...by,
            ability: input.action,
            target: input.target,
          });
          if (d.ok) return { ok: true, events: d.events };
          // A referee entering for a seat is let in; the seat's lack of the ability is the entry's fault, not a
          // forbidden caller, and the message names the seat rather than 「你」.
          const entry = need === "referee";
          const status = !entry && FORBIDDEN_ABILITY_CODES.has(d.refusal.code) ? 403 : 409;
          const details = { ...d.refusal.details, at, ...(entry && { enteredFor: by.actor }) };
          return { ok: false, refusal: { code: d.refusal.code, status, details } };
        };
      },
      // Kept apart from the other commands' request ids, as night actions have always been stored.
      { requestId: `night:${input.requestId}` },
    );
  }
}
