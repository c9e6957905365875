// Small pieces the game services share: who may act, command results, event DTOs, seat lookup, adding a member.
import type { GameEventDto } from "../server/api-types.ts";
import type { Storage } from "../storage/storage.ts";
import { aliasKey } from "../storage/username-key.ts";
import type { EngineEvent, SeatInfo } from "./engine-port.ts";
import type { JobDecision, JobResult } from "./game-actor.ts";
import type { CommandOk, GameService, Viewer } from "./game-service.ts";
import { type AppRefusal, ok, type Result, refuse } from "./refusal.ts";

/** What a command asks of its caller, checked before the command is decided. */
export type Need = "referee" | "player" | "seated" | "living" | "member" | "signed-in";

/** Every request asks which seat its alias holds; seat lists are replaced, never changed, so index each once. */
const seatIndexes = new WeakMap<readonly SeatInfo[], Map<string, SeatInfo>>();
export function seatByAlias(seats: readonly SeatInfo[]): Map<string, SeatInfo> {
  let index = seatIndexes.get(seats);
  if (!index) {
    index = new Map(seats.map((s) => [s.alias, s]));
    seatIndexes.set(seats, index);
  }
  return index;
}

export function okEvents(events: EngineEvent[]): JobDecision {
  return { ok: true, events };
}

export function toDto(seq: number, event: EngineEvent): GameEventDto {
  const { type, at, ...data } = event;
  return { seq, type, at, data };
}

/** The acting referee's alias, which the referee's acts are signed with (events.ts `Signed`, app.PlayerWithdrawn). */
export function signedBy(v: Viewer): { referee?: string } {
  return v.alias === null ? {} : { referee: v.alias };
}

export function authorize(v: Viewer, need: Need): { ok: false; refusal: AppRefusal } | null {
  switch (need) {
    case "signed-in":
      return null;
    case "referee":
      return v.referee ? null : refuse("forbidden", 403);
    case "member":
      return v.memberKind ? null : refuse("forbidden", 403);
    case "player":
      return v.memberKind === "player" ? null : refuse("forbidden", 403);
    case "seated":
      if (v.memberKind !== "player") return refuse("forbidden", 403);
      return v.seat === null ? seatless(v) : null;
    case "living":
      if (v.memberKind !== "player") return refuse("forbidden", 403);
      if (v.seat === null) return seatless(v);
      return v.alive ? null : refuse("seat-out", 403);
  }
}

/**
 * A player with no seat: before the start everyone is (alive, not yet dealt); after it, only one whose seat a
 * substitute took over (替补), who must be told so, not that the game has yet to start.
 */
function seatless(v: Viewer): { ok: false; refusal: AppRefusal } {
  return v.alive ? refuse("game-not-started", 409) : refuse("seat-replaced", 403);
}

export function toCommandResult(res: JobResult, at: number): Result<CommandOk> {
  if (!res.ok) return res;
  return ok({ seq: res.lastSeq, receivedAt: at, replayed: res.replayed });
}

/**
 * Puts an existing account into the game under an alias, then runs the command that announces it; if that command
 * is refused, the membership is undone (see GameService.removeMember), so nothing stays stored.
 */
export async function addMemberThen(
  games: Pick<GameService<unknown>, "removeMember">,
  storage: Storage,
  gameId: string,
  input: { username: string; alias: string },
  kind: "player" | "co-referee",
  at: number,
  command: () => Promise<Result<CommandOk>>,
): Promise<Result<CommandOk>> {
  const target = await storage.findAccountByUsername(input.username);
  // Named back as typed: a referee who mistyped it sees which name was not found.
  if (!target) return refuse("account-not-found", 404, { username: input.username });
  // The clashes first: checked before them, the disabled refusal answered a referee's probe under an alias that
  // clashes (their own), which adds nobody, so anyone could learn with a throwaway game which accounts the admin
  // disabled. Now only an add that would go through learns it, and for an account not disabled it adds it (the
  // residual is in docs/deploy.md § What the site admin can do).
  const clash = await memberClash(storage, gameId, input.alias, target.id);
  if (clash) return clash;
  if (kind === "player") {
    const named = await aliasReadsAsAccount(storage, input.alias, target.id, "substitute");
    if (named) return named;
  }
  // A disabled account cannot sign in to play the seat or referee (docs/deploy.md § What the site admin can do).
  if (target.disabledAt !== null) return refuse("member-account-disabled", 409);
  const added = await storage.addMember({
    gameId,
    alias: input.alias,
    accountId: target.id,
    kind,
    createdAt: at,
  });
  if (!added.ok) return memberConflict(storage, gameId, input.alias, target.id);
  const res = await command();
  if (!res.ok) await games.removeMember(gameId, input.alias, target.id);
  return res;
}

/**
 * Says which of the clashes refused an `addMember`, so the referee knows what to change. Only referees reach this
 * (the substitute and co-referee commands are gated first), and they may see which account stands behind an alias,
 * so naming the account's own alias here reveals nothing they could not read in the roster.
 */
async function memberConflict(
  storage: Storage,
  gameId: string,
  alias: string,
  accountId: number,
): Promise<{ ok: false; refusal: AppRefusal }> {
  // Neither clash is there any more: the other member left between the insert and these reads.
  return (await memberClash(storage, gameId, alias, accountId)) ?? refuse("conflict", 409);
}

/**
 * A player's 马甲 that reads as a site username (folded as usernames are): players know each other by aliases alone
 * (请勿曝ID), so one's own username would expose one's real ID, and another's would make that member look like the
 * player behind it. Referees and 副哨 are not held to it: they act in the open.
 */
export async function aliasReadsAsAccount(
  storage: Storage,
  alias: string,
  accountId: number,
  /** `substitute`: the referee names the alias for a 替补's account, so "your own username" would be the wrong "your". */
  asking: "player" | "substitute" = "player",
): Promise<{ ok: false; refusal: AppRefusal } | null> {
  const named = await storage.findAccountNamed(alias);
  if (!named) return null;
  if (named.id !== accountId) return refuse("alias-is-username", 409, { alias });
  return refuse(asking === "player" ? "alias-is-own-username" : "alias-is-substitute-username", 409, {
    alias,
  });
}

/**
 * The member whose alias `alias` folds onto (username-key.ts aliasKey), as a refusal's details: the alias asked for,
 * and the one standing when it differs (「ＡＢ」 against 「ab」), so the message can say why a name never used is taken.
 */
export async function takenAlias(
  storage: Storage,
  gameId: string,
  alias: string,
): Promise<{ alias: string; existing?: string } | null> {
  const key = aliasKey(alias);
  const m = (await storage.listAliases(gameId)).find((x) => aliasKey(x.alias) === key);
  if (!m) return null;
  return m.alias === alias ? { alias } : { alias, existing: m.alias };
}

/** The clash that would refuse adding the account under the alias, if any (see memberConflict). */
async function memberClash(
  storage: Storage,
  gameId: string,
  alias: string,
  accountId: number,
): Promise<{ ok: false; refusal: AppRefusal } | null> {
  const held = await storage.membershipOf(gameId, accountId);
  const key = aliasKey(alias);
  // The account's own alias however typed: named as it stands, before any clash with the alias as a taken one.
  if (held && aliasKey(held.alias) === key)
    return refuse("member-already-under-alias", 409, { alias: held.alias });
  const taken = await takenAlias(storage, gameId, alias);
  if (taken) return refuse("member-alias-taken", 409, taken);
  if (held?.kind === "referee") return refuse("member-is-referee", 409);
  if (held?.kind === "co-referee") return refuse("member-is-co-referee", 409, { alias: held.alias });
  if (held) return refuse("member-already-player", 409, { alias: held.alias });
  return null;
}
