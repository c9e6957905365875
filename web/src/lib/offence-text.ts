// One 7kill offence as a line: its day, whose it is (on the board), the kind and reasons, and whether it was a warning.
import type { Offence } from "../../../src/engine/night/types.ts";
import { m } from "../i18n/index.ts";

/** `round`: the day's label (第N天); `who`: the seat's label, or null on the player's own page. */
export function offenceText(
  o: Pick<Offence, "offence" | "reasons" | "warning">,
  round: string,
  who: string | null,
) {
  const kind = m.referee.offenceKinds[o.offence] ?? o.offence;
  const head = who === null ? `${round} · ${kind}` : m.referee.offenceLine(round, who, kind);
  const reasons =
    o.reasons.length > 0 ? m.referee.reasonList(o.reasons.map((r) => m.referee.lurkingReasons[r] ?? r)) : "";
  return `${head}${reasons}${o.warning ? ` · ${m.me.warned}` : ""}`;
}
