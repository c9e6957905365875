// Sets games up through the API (fast) so browser tests can spend their time on what people see and click.
import type { GameViewResponse, RosterResponse } from "../../src/server/api-types.ts";
import { syntheticText } from "../../src/text/synthetic.ts";
import { beijing, type Server } from "./server.ts";

export interface Seat {
  username: string;
  cookie: string;
  alias: string;
  seat: number;
  role: string;
  roleName: string;
  code: string | null;
  camp: string;
}

export interface SetUpGame {
  id: string;
  refereeCookie: string;
  refereeUsername: string;
  seats: Seat[];
}

/** 40 aliases that read like forum 马甲. */
export function aliasOf(i: number): string {
  const names = [
    "云中鹤",
    "风清扬",
    "段小楼",
    "燕南天",
    "花满楼",
    "楚留香",
    "陆小凤",
    "西门雪",
    "叶孤城",
    "萧十一",
  ];
  return `${names[i % names.length]}${String(Math.floor(i / names.length) + 1)}`;
}

/** A 报道 of `words` 字 that differs per player (original first publication). */
export function reportText(i: number, words = 320): string {
  return syntheticText(1000 + i, words);
}

/** Creates an airforce-40 game and signs up `joined` players (all 40 unless fewer are asked for). */
export async function airforceGame(
  server: Server,
  options: {
    joined?: number;
    start?: boolean;
    prefix?: string;
    aliasFor?: (i: number) => string;
    /** A custom rule set's text (a variant of 空军's, 40 seats) instead of the preset. */
    rulesText?: string;
  } = {},
): Promise<SetUpGame> {
  const prefix = options.prefix ?? "u";
  const refereeUsername = `${prefix}-referee`;
  const refereeCookie = await server.account(refereeUsername);
  const { game } = await server.api<{ game: { id: string } }>("POST", "/api/games", refereeCookie, {
    name: "空军版杀·第一届",
    ...(options.rulesText !== undefined ? { rulesText: options.rulesText } : { preset: "airforce-40" }),
    refereeAlias: "总哨",
  });
  await server.api("POST", `/api/games/${game.id}/signup/open`, refereeCookie, {});
  const joined = options.joined ?? 40;
  const seats: Seat[] = [];
  for (let i = 0; i < joined; i++) {
    const username = `${prefix}-player${i}`;
    const cookie = await server.account(username);
    const alias = options.aliasFor?.(i) ?? aliasOf(i);
    await server.api("POST", `/api/games/${game.id}/join`, cookie, { alias, report: reportText(i) });
    seats.push({ username, cookie, alias, seat: -1, role: "", roleName: "", code: null, camp: "" });
  }
  const out: SetUpGame = { id: game.id, refereeCookie, refereeUsername, seats };
  if (options.start !== false && joined === 40) await startGame(server, out);
  return out;
}

/**
 * A started sevenkill-16 game of 16 signed-up players: day 1 runs 12-01 (Tuesday) 20:00 → 12-02 22:00, night 1 →
 * 12-03 12:50. Every seat is learnt from the referee's view.
 */
export async function sevenKillGame(
  server: Server,
  options: { prefix: string; name: string; refereeAlias: string; seed: string },
): Promise<SetUpGame> {
  const refereeUsername = `${options.prefix}-referee`;
  const refereeCookie = await server.account(refereeUsername);
  const { game } = await server.api<{ game: { id: string } }>("POST", "/api/games", refereeCookie, {
    name: options.name,
    preset: "sevenkill-16",
    refereeAlias: options.refereeAlias,
  });
  await server.api("POST", `/api/games/${game.id}/signup/open`, refereeCookie, {});
  const seats: Seat[] = [];
  for (let i = 0; i < 16; i++) {
    const username = `${options.prefix}-player${i}`;
    const cookie = await server.account(username);
    const alias = aliasOf(i);
    await server.api("POST", `/api/games/${game.id}/join`, cookie, { alias, report: reportText(i) });
    seats.push({ username, cookie, alias, seat: -1, role: "", roleName: "", code: null, camp: "" });
  }
  const out: SetUpGame = { id: game.id, refereeCookie, refereeUsername, seats };
  await server.api("POST", `/api/games/${game.id}/signup/close`, refereeCookie, {});
  await server.api("POST", `/api/games/${game.id}/start`, refereeCookie, {
    seed: options.seed,
    round1At: beijing("12-01 20:00:00"),
  });
  await learnSeats(server, out);
  return out;
}

/** Closes sign-up, starts round 1 at 12-01 21:00 Beijing time and learns every seat from the referee's view. */
export async function startGame(server: Server, game: SetUpGame): Promise<void> {
  await server.api("POST", `/api/games/${game.id}/signup/close`, game.refereeCookie, {});
  await server.api("POST", `/api/games/${game.id}/start`, game.refereeCookie, {
    seed: "e2e",
    round1At: beijing("12-01 21:00:00"),
  });
  await learnSeats(server, game);
}

export async function learnSeats(server: Server, game: SetUpGame): Promise<void> {
  const roster = await server.api<RosterResponse>(
    "GET",
    `/api/games/${game.id}/referee/roster`,
    game.refereeCookie,
  );
  const view = await server.api<GameViewResponse>("GET", `/api/games/${game.id}`, game.refereeCookie);
  for (const s of game.seats) {
    const entry = roster.members.find((x) => x.alias === s.alias);
    if (!entry || entry.seat === null) throw new Error(`no seat for ${s.alias}`);
    const v = view.view?.seats.find((x) => x.seat === entry.seat);
    s.seat = entry.seat;
    s.role = v?.role ?? "";
    s.roleName = v?.roleName ?? "";
    s.code = v?.code ?? null;
    s.camp = v?.camp ?? "";
  }
}
