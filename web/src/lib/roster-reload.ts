// When the referee's 座位与真身 list must be asked for again: the server's roster is fetched, not streamed.
import type { GameStatus, SeatNo } from "../../../src/server/api-types.ts";

/**
 * A key that changes whenever the roster may have: someone signs up or leaves (the member count), the game starts
 * (status: seats and roles are dealt then), or a seat changes hands (替补: the seat's alias changes). The member count
 * alone left the list on 「未入座」 after 开始游戏 until a reload.
 */
export function rosterReloadKey(
  members: number,
  status: GameStatus | null,
  seats: readonly { seat: SeatNo; alias: string }[],
): string {
  return [members, status ?? "", seats.map((s) => `${s.seat}:${s.alias}`).join(",")].join("|");
}
