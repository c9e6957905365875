// What a player is told of their own 报道 once it is in: accepted, or accepted but flagged as copied (RULINGS 17/24).
import type { ReportInfo } from "../../../src/server/api-types.ts";
import { m } from "../i18n/index.ts";

/**
 * A flagged 报道 is still accepted (a flag alone never rejects it), but the referee has yet to rule: the player must
 * know that, or a later 不合规 ruling and its 600-字 redo come as a surprise. A referee's 裁定合规 clears the flag.
 */
export function reportNotice(report: Pick<ReportInfo, "flagged" | "copiedPercent" | "approved"> | null): {
  kind: "ok" | "info";
  text: string;
} {
  if (report?.flagged && report.approved === null)
    return { kind: "info", text: m.join.doneFlagged(report.copiedPercent ?? null) };
  return { kind: "ok", text: m.join.done };
}
