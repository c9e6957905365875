// What a member is told of their own 报道 on the join page and above every page of the game: accepted, accepted but
// flagged as copied (RULINGS 17/24), a redo due, the redo window closed; and a referee, who has no 报道 at all.
import type { GameStatus, MemberKind, ReportInfo } from "../../../src/server/api-types.ts";
import { m } from "../i18n/index.ts";

/**
 * A flagged 报道 is still accepted (a flag alone never rejects it), but the referee has yet to rule: the player must
 * know that, or a later 不合规 ruling and its 600-字 redo come as a surprise. A referee's 裁定合规 clears the flag.
 * Once the game has started there is no 开版 left to wait for.
 */
export function reportNotice(
  report: Pick<ReportInfo, "flagged" | "copiedPercent" | "approved"> | null,
  status: GameStatus | null = "signup",
): {
  kind: "ok" | "info";
  text: string;
} {
  if (report?.flagged && report.approved === null)
    return { kind: "info", text: m.join.doneFlagged(report.copiedPercent ?? null) };
  if (status === "running") return { kind: "ok", text: m.join.doneStarted };
  if (status === "ended") return { kind: "ok", text: m.join.doneEnded };
  // Sign-up closed already: only the start is left to wait for.
  if (status === "closed") return { kind: "ok", text: m.join.doneClosed };
  return { kind: "ok", text: m.join.done };
}

/**
 * Where a player's redo stands (RULINGS 24): `due` until the referee's deadline (the form and the reminder), then
 * `closed` (the server refuses a late redo: no link to a form, only the consequence); `out` once the player is out
 * of the game or the game is over (nothing left to nag about); `none` without a pending 不合规 ruling.
 */
export type RedoState = "none" | "due" | "closed" | "out";

export function redoState(
  report: Pick<ReportInfo, "status" | "rejection"> | null,
  now: number,
  out: boolean,
): RedoState {
  if (report?.status !== "rejected" || !report.rejection) return "none";
  if (out) return "out";
  return now > report.rejection.redoDeadline ? "closed" : "due";
}

/** A referee or 副哨 opening the join page: they referee the game and post no 报道. */
export function refereeJoinText(kind: MemberKind, alias: string | null): string | null {
  if (kind === "player") return null;
  return m.join.youReferee(kind === "co-referee", alias ?? "");
}

/** Whether every seat is taken: no 报道 can be accepted any more (the server refuses it as game-full). */
export function signupFull(players: number, signedUp: number): boolean {
  return signedUp >= players;
}

/**
 * Whether the referee's 报道审核 still has work once the game has started: a redo not yet due (RULINGS 24: the
 * deadline may fall after the start, "whichever is later"), or a 疑似抄袭 flag not yet ruled on either way.
 */
export function reviewPending(
  reports: readonly Pick<ReportInfo, "status" | "rejection" | "flagged" | "approved">[],
  now: number,
): boolean {
  return reports.some(
    (r) =>
      (r.status === "rejected" && !!r.rejection && now <= r.rejection.redoDeadline) ||
      (r.flagged && r.status !== "rejected" && !r.approved),
  );
}
