// One 7kill offence as a line: its day, whose it is (on the board), the kind and reasons, the warning and what followed.
import type { Offence } from "../../../src/engine/night/types.ts";
import { m } from "../i18n/index.ts";

/**
 * `round`: the day's label (第N天); `who`: the seat's label, or null on the player's own page. What followed the
 * warning is said with it (seed 001 4.3: 「判罚出局」, 「封玩家ID」), and a withdrawn one says so with the ruling's reason:
 * left out, the public could not tell a withdrawn warning from one never given.
 */
export function offenceText(
  o: Pick<Offence, "offence" | "reasons" | "warning" | "banned" | "out" | "withdrawn" | "withdrawnReason">,
  round: string,
  who: string | null,
) {
  const kind = m.referee.offenceKinds[o.offence] ?? o.offence;
  const head = who === null ? `${round} · ${kind}` : m.referee.offenceLine(round, who, kind);
  const reasons =
    o.reasons.length > 0 ? m.referee.reasonList(o.reasons.map((r) => m.referee.lurkingReasons[r] ?? r)) : "";
  const after = [
    o.warning ? m.me.warned : "",
    o.out ? m.me.penaltyOut : "",
    o.banned ? m.me.idBanned : "",
    o.withdrawn ? m.me.warningWithdrawn(o.withdrawnReason ?? null) : "",
  ].filter((x) => x !== "");
  return `${head}${reasons}${after.map((x) => ` · ${x}`).join("")}`;
}
